"""The little LangChain tool kit and helpers shared by the LangChain adapter tests."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from typing import Any
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import StructuredTool, tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field

from .fakes import MALFORMED_ANSWER, profile_answer


@tool
def get_weather(city: str) -> str:
    """Get the current weather forecast for a city."""
    return f"sunny in {city}"


def _send(to: str, body: str) -> str:
    return f"sent to {to}"


def _inbox(limit: int = 10) -> str:
    return "no new mail"


SEND_MAIL = StructuredTool.from_function(
    _send,
    name="send_mail",
    description="Send an email message to a recipient.",
    metadata={"category": "mail", "triggers": ["发封邮件", "给老板写信"]},
    tags=["email"],
)
READ_INBOX = StructuredTool.from_function(
    _inbox,
    name="read_inbox",
    description="Read the newest email messages in the inbox.",
    metadata={"category": "mail", "triggers": ["有没有新邮件"]},
    tags=["email"],
)


@tool
def read_file(path: str) -> str:
    """Read the contents of a text file."""
    return "file text"


@tool
def write_file(path: str, content: str) -> str:
    """Write text content to a file."""
    return "ok"


# Fixed here so the tests do not move when the shipped preset is re-tuned.
CONFIG: dict[str, Any] = {
    "base": "plain",  # the seed's defaults under these fields, not the recommended preset
    "enabled": True,
    "top_k": 3,
    "weights": {"embed": 0.7, "bm25": 0.3},
    "min_combined_score": 0.25,  # bm25 damped as the profile damps it (FULL_COVERAGE 0.2)
}


def names(tools: Sequence[Any]) -> list[str]:
    return [convert_to_openai_tool(t)["function"]["name"] for t in tools]


def call(name: str, call_id: str, **args: Any) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": name, "args": args, "id": call_id}])


class EventRecorder(BaseCallbackHandler):
    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []

    def on_custom_event(self, name: str, data: Any, *, run_id: UUID, **kwargs: Any) -> None:
        self.events.append((name, data))


class RecordingChatModel(GenericFakeChatModel):
    """LangChain's fake chat model, recording the tools bound and the tools each model call received."""

    bound: list[list[str]] = Field(default_factory=list)
    seen: list[list[str]] = Field(default_factory=list)

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: Any = None, **kwargs: Any) -> Runnable[Any, Any]:
        converted = [convert_to_openai_tool(t) for t in tools]
        self.bound.append(_tool_names(converted))
        return self.bind(tools=converted, **kwargs)

    def _generate(
        self, messages: list[BaseMessage], stop: list[str] | None = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        self.seen.append(_tool_names(kwargs.get("tools", [])))
        return super()._generate(messages, stop=stop, run_manager=run_manager, **kwargs)


def _tool_names(openai_tools: Sequence[dict[str, Any]]) -> list[str]:
    """Function names; a provider's built-in tool (no "function") by its type."""
    return [t["function"]["name"] if "function" in t else t["type"] for t in openai_tools]


_PROFILE_LOCK = threading.Lock()


class ProfileChatModel(GenericFakeChatModel):
    """LangChain's fake chat model answering the profile writer's prompts.

    Each prompt gets ``malformed`` chatty non-JSON answers first, then a valid JSON answer read
    off the prompt (``profile_answer``), with usage metadata. The core asks from worker
    threads, so each answer is fed through ``GenericFakeChatModel`` under a lock.
    """

    messages: Iterator[AIMessage | str] = Field(default_factory=lambda: iter(()))
    malformed: int = 0
    requests: dict[str, list[str]] = Field(default_factory=dict)
    attempts: dict[str, int] = Field(default_factory=dict)
    """Calls per prompt (by the user message's last 80 characters)."""

    def _generate(
        self, messages: list[BaseMessage], stop: list[str] | None = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        prompt = messages[-1].text
        with _PROFILE_LOCK:
            key = prompt[-80:]
            attempt = self.attempts.get(key, 0)
            self.attempts[key] = attempt + 1
            text = MALFORMED_ANSWER if attempt < self.malformed else profile_answer(prompt, self.requests)
            usage = {"input_tokens": 100, "output_tokens": 20, "total_tokens": 120}
            self.messages = iter([AIMessage(text, usage_metadata=usage)])
            return super()._generate(messages, stop=stop, run_manager=run_manager, **kwargs)
