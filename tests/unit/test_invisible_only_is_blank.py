"""A request of invisible characters alone is empty, whatever they are and however many: NO_TEXT."""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, Status, ToolFilter
from toolfilter_core._blank import blank
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_read import read_turn

TOOLS = [
    {"name": "get_order", "description": "Get an order: its items and status."},
    {"name": "search_orders", "description": "Search orders by customer or date."},
]


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, embedder=HashingEmbedder())


@pytest.mark.parametrize("text", ["\ufe0f", "\u2800", "\u034f", " \u200b\ufe0f ", "\u200b" * 999_999])
def test_invisible_characters_alone_are_no_text(tool_filter: ToolFilter, text: str) -> None:
    assert blank(text)
    assert tool_filter.select(text).status is Status.NO_TEXT


@pytest.mark.parametrize("text", ["\u2764\ufe0f", "hi\u200b", "ok\u2800"])
def test_a_visible_character_is_not_blank(text: str) -> None:
    assert not blank(text)


def test_a_last_turn_of_invisible_characters_reads_as_an_empty_one() -> None:
    def kind(last: str) -> str:
        messages = [
            {"role": "user", "content": "show order 55120"},
            {"role": "assistant", "content": "It shipped."},
            {"role": "user", "content": last},
        ]
        return read_turn(openai_turns(messages)).kind

    assert kind("\u200b") == kind("")


@pytest.mark.parametrize("text", ["\u17b4", "\u17b5", "\u17b4\u17b5 "])
def test_khmer_inherent_vowels_are_blank(tool_filter: ToolFilter, text: str) -> None:
    assert blank(text)
    assert tool_filter.select(text).status is Status.NO_TEXT
