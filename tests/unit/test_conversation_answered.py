"""A question the tool results answer needs no tool, when the read tool names its act last (``repair_order_get``)."""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_read import answered
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

from .fakes import TableEmbedder, unit


def _tool(name: str, description: str) -> dict[str, Any]:
    params = {"type": "object", "properties": {"repair_id": {"type": "string"}}, "required": ["repair_id"]}
    return {"name": name, "description": description, "parameters": params}


TOOLS = [
    _tool("repair_order_get", "Get a repair order: status, the parts used, the expected date."),
    _tool("repair_order_close", "Close a finished repair order."),
    _tool("stock_search", "Search the stock by name."),
    _tool("vehicle_get", "Get a vehicle's details."),
]
CONFIG: dict[str, Any] = {"base": "plain", "enabled": True, "top_k": 2, "weights": {"embed": 0.7, "bm25": 0.3}}


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


def test_a_question_the_last_result_answers_gets_no_tool(tool_filter: ToolFilter) -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "repair_order_get", "arguments": "{}"}}
    messages = [
        {"role": "user", "content": "what's the status of repair W-1093?"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"status": "in progress", "parts": ["brake pads"]}'},
        {"role": "assistant", "content": "W-1093 is in progress: brake pads."},
        {"role": "user", "content": "which parts did they use?"},
    ]
    policy = ConversationPolicy()
    names: list[str] = []
    for end in (1, 3, 5):
        window = conversation_window(openai_turns(messages[:end]), history_turns=tool_filter.config.history_turns)
        names = select_window(tool_filter, window, conversation=policy).names
    assert names == []


# A grocery registry with cosines fixed by hand: the question after the van's result ranks the held
# order_cancel first (widened: every score under min_score), delivery_track next, order_get under it.
GROCERY = [
    ToolSpec("substitution_list", "Show the substitutions proposed for an order's items."),
    ToolSpec("order_cancel", "Cancel an order before it is picked."),
    ToolSpec(
        "delivery_track", "Track a delivery: where the van is and when it arrives.", annotations={"readOnlyHint": True}
    ),
    ToolSpec("order_get", "Get one order by its id: items, total, delivery slot, status."),
]
WHERE = "where is the van with order B2231?"
ETA = "what's the van's eta?"


def _grocery() -> ToolFilter:
    table = {t.document(): unit(*[float(i == j) for i in range(8)]) for j, t in enumerate(GROCERY)}
    table[WHERE] = table[ETA] = unit(0.0, 0.5, 0.45, 0.33, 0.0, 0.0, 0.0, 0.6)  # blended, still widened
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, fallback_top_k=8, min_score=0.6, abstain_phrases=(), weights={"embed": 1.0}
    )
    return ToolFilter(GROCERY, config=cfg, embedder=TableEmbedder(table, id="grocery-answered"))


def test_a_question_its_results_answer_gets_no_tool_when_a_held_destroyers_read_is_moved_up() -> None:
    """The question's best tool is its best-scored one, not a read moved up to a held destroyer's place.

    A question about a held destructive tool's act has the read of that tool's object moved up to the
    held tool's rank (``state_reads``, so a ``max_tools`` cut keeps it): here ``order_get`` for the
    held ``order_cancel``, ahead of ``delivery_track``, which answered. Taken as the best tool, the
    uncalled ``order_get`` made the question look unanswered, and it was sent tools ("sdb 温度多少"
    after ``get_disk_health`` in a dev conversation).
    """
    tool_filter = _grocery()
    call = {"id": "c1", "type": "function", "function": {"name": "delivery_track", "arguments": "{}"}}
    messages = [
        {"role": "user", "content": WHERE},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"van": "V-7", "eta": "14:20", "stops_before": 3}'},
        {"role": "assistant", "content": "The van is three stops away."},
        {"role": "user", "content": ETA},
    ]
    alone = tool_filter.select(ETA, context=(WHERE,))
    assert alone.names[0] == "order_get" and "order_cancel" not in alone.names, (alone.names, alone.detail)
    policy = ConversationPolicy()
    names: list[str] = []
    for end in (1, 3, 5):
        window = conversation_window(openai_turns(messages[:end]), history_turns=tool_filter.config.history_turns)
        names = select_window(tool_filter, window, conversation=policy).names
    assert names == [], names


def _ran(text: str) -> list[Any]:
    """A conversation whose ``appointment_status`` call answered ``text``."""
    call = {"id": "c1", "type": "function", "function": {"name": "appointment_status", "arguments": "{}"}}
    return openai_turns(
        [
            {"role": "user", "content": "status of APT-5521?"},
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": text},
            {"role": "assistant", "content": "Done."},
        ]
    )


def test_a_question_word_is_found_without_its_ending() -> None:
    status = ToolSpec("appointment_status", "Get an appointment's status.")
    turns = _ran("APT-5521 cancelled; cancellation fee 100 CNY applies (within 24h)")
    assert answered(status, "will I be charged for cancelling?", turns)  # cancell(ing) in "cancelled"
    assert not answered(status, "will I be charged for moving it?", turns)


def test_a_chinese_pair_is_found_in_a_clause_holding_its_characters_in_order() -> None:
    status = ToolSpec("appointment_status", "Get an appointment's status.")
    turns = _ran("APT-5521 已取消；24小时内取消收取100元取消费")
    assert answered(status, "取消要收费吗？", turns)  # 取消, and 收…费 in one clause
    assert not answered(status, "能改到周一吗？", turns)
