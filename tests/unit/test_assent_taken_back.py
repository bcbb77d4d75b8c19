"""An assent taken back after it ("looks good, but don't cancel it yet") confirms nothing; an invisible character
before an assent does not hide it."""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_read import read_turn
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

from .test_conversation_guard import CONFIG, TOOLS

_TAKEN_BACK = [
    "looks good, but don't cancel it yet",
    "looks good for now, leave it",
    "looks fine, but actually no, keep it",
    "好的，先别取消",
    "ok, 算了",
    "好的，不要",
    "ok, keep it",
]


def _messages(reply: str) -> list[dict[str, str]]:
    return [
        {"role": "user", "content": "look up order 55120"},
        {"role": "assistant", "content": "Order 55120 has not shipped. Shall I cancel the order 55120?"},
        {"role": "user", "content": reply},
    ]


def _names(reply: str) -> tuple[str, ...]:
    tool_filter = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())
    window = conversation_window(openai_turns(_messages(reply)), history_turns=tool_filter.config.history_turns)
    return select_window(tool_filter, window, conversation=ConversationPolicy()).names


@pytest.mark.parametrize("reply", _TAKEN_BACK)
def test_an_assent_taken_back_is_no_confirmation(reply: str) -> None:
    assert read_turn(openai_turns(_messages(reply))).kind != "confirmation"


@pytest.mark.parametrize("reply", _TAKEN_BACK[:3])
def test_an_assent_taken_back_offers_no_cancel(reply: str) -> None:
    assert "cancel_order" not in _names(reply)


@pytest.mark.parametrize("reply", ["yes, no problem", "ok, keep going", "\u200blooks good", "looks good\ufeff"])
def test_an_assent_still_confirms(reply: str) -> None:
    assert read_turn(openai_turns(_messages(reply))).kind == "confirmation"


def test_an_invisible_character_before_looks_good_offers_the_cancel() -> None:
    assert "cancel_order" in _names("\u200blooks good")


@pytest.mark.parametrize("reply", ["好的，不要了", "yes, keep me posted"])
def test_an_assent_with_words_that_keep_it_offers_the_cancel(reply: str) -> None:
    """After the assent, "不要了" says the order is not wanted, "keep me posted" asks to hear back: a confirmation."""
    assert read_turn(openai_turns(_messages(reply))).kind == "confirmation"
    assert "cancel_order" in _names(reply)


@pytest.mark.parametrize("reply", ["ok, keep them", "ok, keep it for him", "好，还是不要了", "好的，还是别了"])
def test_an_assent_that_keeps_the_things_or_changes_its_mind_offers_no_cancel(reply: str) -> None:
    """ "keep them" keeps the orders (only "keep me/us …" asks to hear back); 还是不要了 says "rather not, after all".

    On 84bca39 "ok, keep them" and "好，还是不要了" confirmed the cancel."""
    assert read_turn(openai_turns(_messages(reply))).kind != "confirmation"
    assert "cancel_order" not in _names(reply)
