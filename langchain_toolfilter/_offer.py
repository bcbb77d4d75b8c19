"""Only what was offered runs: the tool-call side of ``ToolFilterMiddleware``.

Every model call the middleware wraps records, on the model's ``AIMessage`` (its
``response_metadata["toolfilter_offered"]``), the names of the tools that call was offered,
a text-only reply too (``[]``: offered none).
Before a tool runs, the middleware reads the offer of the agent state's last ``AIMessage``,
the one whose calls are running, and refuses a call of any tool it does not list. The offer
lives in the conversation, so call ids (empty, or reused by two runs) decide nothing, and it
holds per thread under any checkpointer. A call whose model message carries no offer (one
the middleware did not see: written into the state by hand, or rebuilt by another
middleware) is refused too: the gates fail closed.

A refusal is an error ``ToolMessage`` marked ``response_metadata["toolfilter_refused"]``, so
the conversation window never makes the refused tool sticky (the model's retry is not
offered it).

The gates also remember the definition (description and parameters) of every tool they
refuse, a ``BaseTool``'s or a function dict's: the same definition under another name (a
renamed tool, or a dict copy of it) is refused as well. A tool without a description has
nothing to know a copy by (its parameters alone are many tools'): it is no one's copy.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from langchain.agents.middleware.types import ExtendedModelResponse, ModelResponse
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool

from toolfilter_core.integration import OFFER_KEY, REFUSED_KEY, refusal_text

from ._tools import function_tools, provider_tool_names, tool_name

__all__ = ["RenamedGates", "offer_of", "record_offer", "refusal_message", "tool_names"]


def tool_names(tools: Sequence[Any]) -> set[str]:
    """The names of an agent's tools: ``BaseTool``s and provider-format dicts."""
    names: set[str] = set()
    for tool in tools:
        names.update([tool.name] if isinstance(tool, BaseTool) else provider_tool_names(tool))
    return names


def response_messages(response: Any) -> list[BaseMessage]:
    """The messages of what a model handler returned (a response, an extended one, a message)."""
    if isinstance(response, ExtendedModelResponse):
        response = response.model_response
    if isinstance(response, ModelResponse):
        return list(response.result)
    return [response] if isinstance(response, BaseMessage) else []


def record_offer(response: Any, offered: Sequence[Any]) -> None:
    """Write the names of the ``offered`` tools on every ``AIMessage`` of ``response``.

    A reply with no tool call carries it too (``[]`` when nothing was offered), so a trace shows
    what each model call saw. Written over whatever the key held (a provider cannot pre-empt it).
    """
    names = sorted(tool_names(offered))
    for message in response_messages(response):
        if isinstance(message, AIMessage):
            message.response_metadata[OFFER_KEY] = names


def _messages(state: Any) -> Sequence[Any]:
    messages = state.get("messages") if isinstance(state, Mapping) else getattr(state, "messages", None)
    return messages if isinstance(messages, Sequence) else ()


def offer_of(state: Any) -> frozenset[str] | None:
    """The tools offered to the model call whose tool calls are running: the state's last ``AIMessage``'s.

    None when that message carries no offer (or the state has no ``AIMessage``).
    """
    for message in reversed(_messages(state)):
        if isinstance(message, AIMessage):
            offered = message.response_metadata.get(OFFER_KEY)
            if isinstance(offered, list | tuple) and all(isinstance(n, str) for n in offered):
                return frozenset(offered)
            return None
    return None


def refusal_message(name: str, call_id: str, why: str) -> ToolMessage:
    """The error answer the model gets instead of the tool's result."""
    return ToolMessage(
        refusal_text(name, why),
        tool_call_id=call_id,
        name=name,
        status="error",
        response_metadata={REFUSED_KEY: True},
    )


_NAMED_SCHEMAS = ("properties", "patternProperties", "$defs", "definitions")
"""Schema keys whose mapping is ``{a name: a schema}``: a parameter may be called ``title``."""

_DATA = ("enum", "const", "default", "examples")
"""Schema keys whose value is data, not a schema: left as it is."""


def _untitled(schema: Any) -> Any:
    """A JSON Schema without its ``title`` keys (pydantic's, which ``convert_to_openai_tool`` drops)."""
    if isinstance(schema, list | tuple):
        return [_untitled(item) for item in schema]
    if not isinstance(schema, Mapping):
        return schema
    untitled: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _NAMED_SCHEMAS and isinstance(value, Mapping):
            untitled[key] = {name: _untitled(inner) for name, inner in value.items()}
        elif key != "title":
            untitled[key] = value if key in _DATA else _untitled(value)
    return untitled


def definition_hash(function: Mapping[str, Any]) -> str | None:
    """A function's definition without its name: description and argument schemas (their titles left out).

    ``function`` is the OpenAI form (``{"name", "description", "parameters"}``), so a
    ``BaseTool`` and a dict copy of it (made by hand with pydantic's titles too) hash alike.
    None for a function with no description: its parameters alone do not tell a copy of it from
    another tool that takes the same (``get_user`` and ``suspend_user``, each ``{user_id}``).
    """
    parameters = function.get("parameters")
    properties = parameters.get("properties") if isinstance(parameters, Mapping) else None
    description = function.get("description") or ""
    if not isinstance(description, str) or not description.strip():
        return None
    try:
        args = json.dumps(_untitled({"properties": properties or {}}), sort_keys=True, default=str)
    except Exception:  # noqa: BLE001 - a schema that cannot be rendered hashes by its description alone
        args = ""
    return hashlib.sha256(f"{description}\0{args}".encode()).hexdigest()


def definition_hashes(tools: Sequence[Any]) -> dict[str, str]:
    """``definition_hash`` of every function among ``tools`` that has one: ``BaseTool``s and function dicts."""
    hashes: dict[str, str | None] = {}
    for tool in tools:
        if isinstance(tool, BaseTool):
            try:
                function: Mapping[str, Any] = convert_to_openai_tool(tool)["function"]
            except Exception:  # noqa: BLE001 - a tool LangChain cannot describe hashes by its description
                function = {"description": tool.description}
            hashes[tool.name] = definition_hash(function)
        else:
            hashes.update((tool_name(f), definition_hash(f["function"])) for f in function_tools(tool))
    return {name: digest for name, digest in hashes.items() if digest is not None}


class RenamedGates:
    """Definitions of the tools the gates refused, so a renamed copy stays refused."""

    def __init__(self) -> None:
        """Nothing remembered yet."""
        self._refused: dict[str, str] = {}  # definition hash -> the refused name it was first seen under
        self.renamed: dict[str, str] = {}
        """The tools now present that are renamed copies of a refused one: ``{new name: old name}``."""
        self._lock = threading.Lock()

    def update(self, tools: Sequence[Any], refuses: Callable[[str], bool]) -> None:
        """Learn the refused tools among ``tools`` and find the renamed copies of refused ones."""
        hashes = definition_hashes(tools)
        with self._lock:
            for name, digest in hashes.items():
                if refuses(name):
                    self._refused.setdefault(digest, name)
            self.renamed = {
                name: self._refused[digest]
                for name, digest in hashes.items()
                if digest in self._refused and not refuses(name)
            }

    def refused_names(self) -> set[str]:
        """The old names of refused tools whose renamed copy is present (they still name a tool)."""
        return set(self.renamed.values())
