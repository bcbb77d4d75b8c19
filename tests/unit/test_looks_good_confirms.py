"""A "looks good" after a proposal takes it, as "sounds good" does: the proposal's act is offered."""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_read import read_turn
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

from .test_conversation_guard import CONFIG, TOOLS


def _messages(reply: str) -> list[dict[str, str]]:
    return [
        {"role": "user", "content": "look up order 55120"},
        {"role": "assistant", "content": "Order 55120 has not shipped. Shall I cancel the order 55120?"},
        {"role": "user", "content": reply},
    ]


@pytest.mark.parametrize("reply", ["looks good", "looks good!", "looks fine", "look good to me", "looks great"])
def test_looks_good_confirms_a_proposal(reply: str) -> None:
    reading = read_turn(openai_turns(_messages(reply)))
    assert reading.kind == "confirmation" and reading.query.startswith("Shall I cancel the order 55120?")


def test_looks_good_after_a_proposal_offers_its_act() -> None:
    tool_filter = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())
    window = conversation_window(openai_turns(_messages("looks good")), history_turns=tool_filter.config.history_turns)
    assert "cancel_order" in select_window(tool_filter, window, conversation=ConversationPolicy()).names


def test_looks_good_with_no_proposal_stays_a_closing() -> None:
    messages = [{"role": "user", "content": "look up order 55120"}, {"role": "assistant", "content": "It shipped."}]
    reading = read_turn(openai_turns([*messages, {"role": "user", "content": "looks good"}]))
    assert reading.kind != "confirmation"
