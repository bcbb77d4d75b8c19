"""Tool calls a model makes of tools it was not offered: remembered, then refused.

A model may call any of the agent's tools by name (a hallucination, or an injection from a
tool result), and the agent would run it. The middleware remembers, per tool call id, which
of the agent's tools the model call that made it did not offer, and answers a call of one
of them (or of a tool the gates refuse) with an error ``ToolMessage`` instead of running it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from langchain.agents.middleware.types import ExtendedModelResponse, ModelResponse
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.tools import BaseTool

from ._tools import provider_tool_names

__all__ = ["WithheldCalls", "refusal_message"]

_REMEMBERED_CALLS = 4096
"""Tool calls remembered; older ones are checked against the gates alone."""


class WithheldCalls:
    """Per tool call id, the agent's tools the model call that made it did not offer."""

    def __init__(self) -> None:
        """Remember nothing yet."""
        self._withheld: OrderedDict[str, frozenset[str]] = OrderedDict()
        self._lock = threading.Lock()

    def remember(self, tools: Sequence[Any], offered: Sequence[Any], response: Any) -> None:
        """Note the tools of ``tools`` not in ``offered`` for every tool call ``response`` makes."""
        withheld = frozenset(tool_names(tools) - tool_names(offered))
        if not withheld:
            return
        with self._lock:
            for message in _response_messages(response):
                for call in message.tool_calls if isinstance(message, AIMessage) else ():
                    if call.get("id"):
                        self._withheld[str(call["id"])] = withheld
            while len(self._withheld) > _REMEMBERED_CALLS:
                self._withheld.popitem(last=False)

    def withheld(self, call_id: str, name: str) -> bool:
        """The call ``call_id`` names a tool its model call did not offer."""
        with self._lock:
            return name in self._withheld.get(call_id, frozenset())


def refusal_message(name: str, call_id: str, why: str) -> ToolMessage:
    """The error answer the model gets instead of the tool's result."""
    content = (
        f"Error: the tool {name!r} may not be called here ({why}); call only the tools you "
        "were given, or answer without a tool."
    )
    return ToolMessage(content, tool_call_id=call_id, name=name, status="error")


def tool_names(tools: Sequence[Any]) -> set[str]:
    """The names of an agent's tools: ``BaseTool``s and provider-format dicts."""
    names: set[str] = set()
    for tool in tools:
        names.update([tool.name] if isinstance(tool, BaseTool) else provider_tool_names(tool))
    return names


def _response_messages(response: Any) -> list[BaseMessage]:
    """The messages of what a model handler returned (a response, an extended one, a message)."""
    if isinstance(response, ExtendedModelResponse):
        response = response.model_response
    if isinstance(response, ModelResponse):
        return list(response.result)
    return [response] if isinstance(response, BaseMessage) else []
