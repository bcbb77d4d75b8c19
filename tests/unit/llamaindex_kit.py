"""The little LlamaIndex tool kit and helpers shared by the LlamaIndex adapter tests."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

from llama_index.core.agent.workflow import AgentOutput, ToolCallResult
from llama_index.core.bridge.pydantic import Field
from llama_index.core.instrumentation import get_dispatcher  # type: ignore[attr-defined]
from llama_index.core.instrumentation.event_handlers import BaseEventHandler
from llama_index.core.instrumentation.events import BaseEvent
from llama_index.core.llms import CompletionResponse, CompletionResponseGen, CustomLLM, LLMMetadata
from llama_index.core.tools import BaseTool, FunctionTool

from llamaindex_toolfilter import ToolSelectionEvent

from .fakes import MALFORMED_ANSWER, profile_answer


def get_weather(city: str, days: int = 1) -> str:
    """Get the weather forecast for a city."""
    return f"sunny in {city} for {days} day(s)"


def send_email(to: str, subject: str, body: str = "") -> str:
    """Send an email message to a recipient."""
    return f"sent {subject!r} to {to}"


def read_file(path: str) -> str:
    """Read the contents of a text file."""
    return f"contents of {path}"


def convert_currency(amount: float, source: str, target: str) -> str:
    """Convert an amount of money from one currency to another."""
    return f"{amount} {source} in {target}"


METADATA: dict[str, dict[str, Any]] = {
    "get_weather": {"category": "weather", "tags": ["forecast"], "triggers": ["明天会下雨吗", "is it going to rain"]},
    "send_email": {"category": "mail", "tags": ["email"], "triggers": ["给他发封邮件", "email my boss"]},
    "read_file": {"category": "file", "triggers": ["打开这个文件看看", "show me the file"]},
    "convert_currency": {"category": "finance", "triggers": ["一百美元是多少人民币"]},
}


def make_tools() -> list[BaseTool]:
    return [FunctionTool.from_defaults(fn) for fn in (get_weather, send_email, read_file, convert_currency)]


class _Collector(BaseEventHandler):
    events: list[ToolSelectionEvent] = Field(default_factory=list)

    @classmethod
    def class_name(cls) -> str:
        return "Collector"

    def handle(self, event: BaseEvent, **kwargs: Any) -> None:
        if isinstance(event, ToolSelectionEvent):
            self.events.append(event)


@contextmanager
def collect_selection_events() -> Iterator[list[ToolSelectionEvent]]:
    """Every ToolSelectionEvent dispatched inside the block, via a real root event handler."""
    handler = _Collector()
    root = get_dispatcher()
    root.add_event_handler(handler)
    try:
        yield handler.events
    finally:
        root.event_handlers = [h for h in root.event_handlers if h is not handler]


async def run(agent: Any, *args: Any, **kwargs: Any) -> AgentOutput:
    """Run an agent (or workflow) to its final output."""
    result = await agent.run(*args, **kwargs)
    assert isinstance(result, AgentOutput)
    return result


def tool_results(result: AgentOutput) -> list[ToolCallResult]:
    """What the run's tools returned (a finished run's ``tool_calls`` are ToolCallResults)."""
    return cast(list[ToolCallResult], result.tool_calls)


_PROFILE_LOCK = threading.Lock()


class ProfileLLM(CustomLLM):
    """A tiny LlamaIndex LLM answering the profile writer's prompts.

    Each prompt gets ``malformed`` chatty non-JSON answers first (every answer when
    ``malformed`` is negative), then a valid JSON answer read off the prompt
    (``profile_answer``); the raw response carries OpenAI-style usage. ``chat`` is
    ``CustomLLM``'s own, over ``complete``.
    """

    malformed: int = 0
    requests: dict[str, list[str]] = Field(default_factory=dict)
    attempts: dict[str, int] = Field(default_factory=dict)
    """Calls per prompt (by the prompt's last 80 characters)."""

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(model_name="profile-llm-1")

    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        with _PROFILE_LOCK:
            attempt = self.attempts.get(prompt[-80:], 0)
            self.attempts[prompt[-80:]] = attempt + 1
        bad = self.malformed < 0 or attempt < self.malformed
        text = MALFORMED_ANSWER if bad else profile_answer(prompt, self.requests)
        usage = {"prompt_tokens": 90, "completion_tokens": 10, "total_tokens": 100}
        return CompletionResponse(text=text, raw={"usage": usage})

    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        raise NotImplementedError
