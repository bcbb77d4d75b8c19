"""A third adapter, for a plain OpenAI-style message list, written against the core's public seam alone.

It proves the seam: an adapter for another framework lands without touching the
core. ``MessageListFilter`` below imports the package root and ``toolfilter_core.integration``
and nothing else of the core; it maps messages onto ``Turn``s, selects with ``select_window``
(which owns the no-text and too-long rules) and warns on its own channel, a logger.
"""

from __future__ import annotations

import ast
import dataclasses
import logging
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import EmbedderError, HashingEmbedder, Selection, Status, ToolFilter, ToolFilterError
from toolfilter_core.integration import Turn, Window, conversation_window, failed_selection, select_window

# --------------------------------------------------------------------------- the adapter

_LOGGER = logging.getLogger("openai_messages_toolfilter")


def _text(content: Any) -> str:
    """A message's text: a string, or the ``text`` parts of a list of content parts."""
    if isinstance(content, str):
        return content
    parts = content if isinstance(content, list) else []
    return "\n".join(p["text"] for p in parts if isinstance(p, Mapping) and p.get("type") == "text")


def _turn(message: Mapping[str, Any]) -> Turn:
    calls = message.get("tool_calls") or ()
    called = tuple(c["function"]["name"] for c in calls)
    if message.get("role") == "tool" and isinstance(message.get("name"), str):
        called = (*called, message["name"])
    return Turn(str(message.get("role", "")), _text(message.get("content")), called)


class MessageListFilter:
    """Select OpenAI tool dicts for an OpenAI-style ``messages`` list."""

    def __init__(self, tool_filter: ToolFilter) -> None:
        self.tool_filter = tool_filter
        self.tools = {spec.name: spec.to_openai() for spec in tool_filter.tools}

    def read(self, messages: Sequence[Mapping[str, Any]]) -> Window:
        turns = [_turn(m) for m in messages]
        window = conversation_window(turns, history_turns=self.tool_filter.config.history_turns, tools=self.tools)
        if not window.query:
            why = "no user message with text" if not any(t.role == "user" for t in turns) else "only images"
            window = dataclasses.replace(window, missing=why)
        return window

    def _failed(self, window: Window, error: ToolFilterError) -> Selection:
        fallback = self.tool_filter.config.fallback_to_empty
        selection = failed_selection(window.query, error, fallback_to_empty=fallback, note=f"failed: {error}")
        _LOGGER.warning("selection failed, no tools: %s", error)  # this adapter's own channel
        return selection

    def select(self, messages: Sequence[Mapping[str, Any]]) -> tuple[Selection, list[dict[str, Any]]]:
        window = self.read(messages)
        selection = select_window(self.tool_filter, window, on_error=lambda e: self._failed(window, e))
        return selection, [self.tools[name] for name in selection.names]


# --------------------------------------------------------------------------- the tests

TOOLS = [
    {"name": "get_weather", "description": "Get the current weather forecast for a city.", "category": "weather"},
    {"name": "send_mail", "description": "Send an email message to a recipient.", "category": "mail"},
    {"name": "query_database", "description": "Run an SQL query against the database.", "category": "data"},
]
CONFIG: dict[str, Any] = {
    "base": "plain",
    "enabled": True,
    "top_k": 1,
    "weights": {"embed": 0.7, "bm25": 0.3},
    "min_combined_score": 0.2,
}


def make(**config: Any) -> MessageListFilter:
    return MessageListFilter(ToolFilter(TOOLS, config={**CONFIG, **config}, embedder=HashingEmbedder()))


def user(content: Any) -> dict[str, Any]:
    return {"role": "user", "content": content}


def test_the_adapter_imports_only_the_cores_public_seam() -> None:
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    core = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and "toolfilter" in (n.module or "")}
    assert core == {"toolfilter_core", "toolfilter_core.integration"}


def test_it_hands_out_the_tools_the_core_selects_as_openai_dicts() -> None:
    adapter = make()
    selection, tools = adapter.select([user("what is the weather forecast in Paris")])
    direct = adapter.tool_filter.select("what is the weather forecast in Paris")
    assert selection == direct and selection.names == ["get_weather"]
    assert tools == [adapter.tools["get_weather"]]


def test_a_follow_up_keeps_the_tool_the_assistant_called() -> None:
    messages = [
        user("what is the weather forecast in Paris"),
        {"role": "assistant", "content": None, "tool_calls": [{"id": "1", "function": {"name": "get_weather"}}]},
        {"role": "tool", "tool_call_id": "1", "content": "sunny"},
        user("send an email message to Bob with it"),
    ]
    selection, _ = make().select(messages)
    assert selection.names[0] == "send_mail"
    assert "get_weather" in selection.names  # sticky: the task window called it


@pytest.mark.parametrize(
    ("messages", "why"),
    [
        pytest.param([user([{"type": "image_url", "image_url": {"url": "x"}}])], "only images", id="only-an-image"),
        pytest.param([{"role": "system", "content": "be brief"}], "no user message with text", id="no-user-turn"),
    ],
)
def test_a_list_with_no_text_gets_no_tools_and_says_why(messages: list[dict[str, Any]], why: str) -> None:
    selection, tools = make().select(messages)
    assert (selection.names, tools) == ([], [])
    assert (selection.status, selection.detail) == (Status.NO_TEXT, why)
    assert selection.notes == ()


def test_a_message_over_max_query_chars_gets_no_tools_and_says_why(monkeypatch) -> None:
    from .fakes import constants

    constants(monkeypatch, max_query_chars=10)
    selection, tools = make().select([user("what is the weather forecast in Paris")])
    assert (selection.names, tools, selection.query) == ([], [], "what is the weather forecast in Paris")
    assert selection.status is Status.NO_TEXT and "over the limit of 10" in selection.detail


class _Failing(ToolFilter):
    def select(self, query: str, **kwargs: Any) -> Selection:
        raise EmbedderError("model crashed")


@pytest.mark.parametrize("fallback_to_empty", [True, False])
def test_a_failure_warns_on_the_adapters_own_channel_or_raises(
    fallback_to_empty: bool, caplog: pytest.LogCaptureFixture
) -> None:
    config = {**CONFIG, "fallback_to_empty": fallback_to_empty}
    adapter = MessageListFilter(_Failing(TOOLS, config=config, embedder=HashingEmbedder()))
    if not fallback_to_empty:
        with pytest.raises(EmbedderError):
            adapter.select([user("weather in Paris")])
        return
    with caplog.at_level(logging.WARNING, logger="openai_messages_toolfilter"):
        selection, tools = adapter.select([user("weather in Paris")])
    assert (tools, selection.status, selection.notes) == ([], Status.FAILED, ("failed: model crashed",))
    assert "selection failed, no tools: model crashed" in caplog.text
