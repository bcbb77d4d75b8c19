"""The loop's advice words: the ones chosen on the development requests, and a later advice turn gets no tool."""

from __future__ import annotations

import sys
from pathlib import Path

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_read import CHOSEN_ADVICE, read_turn
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

from .test_conversation_guard import CONFIG, TOOLS

ROOT = Path(__file__).resolve().parents[2]


def test_the_chosen_advice_words_are_the_ones_the_script_chooses() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from choose_turn_markers import choose
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    chosen = choose(ROOT / "benchmarks" / "data")["chosen"]
    assert chosen["advice"] == list(CHOSEN_ADVICE)
    assert chosen["answered"] == []  # "来着", "again" also open requests for a tool


def _advice_after_results(advice: str) -> list[dict[str, object]]:
    call = {"id": "c1", "type": "function", "function": {"name": "get_order", "arguments": "{}"}}
    return [
        {"role": "user", "content": "show the items and payment status of order 55120"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "55120: paid 20 EUR, two items, not shipped"},
        {"role": "assistant", "content": "55120 is paid and not shipped."},
        {"role": "user", "content": advice},
    ]


def test_a_later_turn_asking_how_to_explain_gets_no_tool() -> None:
    tool_filter = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())
    for advice in ("客户怎么跟他解释比较好？", "order 55120 的状态解释一下"):
        messages = _advice_after_results(advice)
        assert read_turn(openai_turns(messages)).advice, advice
        policy = ConversationPolicy()
        for end in (1, 3):
            window = conversation_window(openai_turns(messages[:end]), history_turns=2)
            assert select_window(tool_filter, window, conversation=policy).names
        window = conversation_window(openai_turns(messages), history_turns=2)
        assert select_window(tool_filter, window, conversation=policy).names == [], advice
        assert policy.last is not None and policy.last.action == "none"
