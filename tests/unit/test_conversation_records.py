"""A later turn's destroyers act on the conversation's records: the tool that made or read them, a short id."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation import Turn
from toolfilter_core._conversation_acts import refunds, says_bare_refund
from toolfilter_core._conversation_eval import Conversation, chooser, destroyers, openai_turns, replay_conversations
from toolfilter_core._conversation_objects import (
    acts_on_record,
    maker_keys,
    named_ids,
    on_records,
    record_nouns,
    record_tools,
)
from toolfilter_core._conversation_policy import _offering, _undo_on_object
from toolfilter_core._conversation_read import read_turn
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

DESTROY = {"destructiveHint": True}
READ = {"readOnlyHint": True}


def _tool(name: str, description: str, param: str, annotations: dict[str, bool] | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "name": name,
        "description": description,
        "parameters": {"type": "object", "properties": {param: {"type": "string"}}, "required": [param]},
    }
    if annotations:
        spec["annotations"] = annotations
    return spec


TOOLS = [
    _tool("parts_search", "Search the parts stock: quantity left of a part.", "query", READ),
    _tool("parts_order", "Order parts from the supplier; returns the purchase order.", "part_no"),
    _tool("parts_order_cancel", "Cancel a parts purchase order.", "purchase_order_id", DESTROY),
    _tool("reservation_get", "Get a rental reservation.", "reservation_id", READ),
    _tool(
        "reservation_cancel", "Cancel a customer's reservation and refund half of it to him.", "reservation_id", DESTROY
    ),
    _tool("calendar_cancel_slot", "Cancel a booked workshop calendar slot.", "appointment_id", DESTROY),
    _tool("payment_list", "List a customer's payments.", "customer_id", READ),
    _tool("payment_refund", "Refund a payment, all of it or part.", "payment_id"),
    _tool("email_send", "Send an email to a customer.", "to"),
]
CONFIG: dict[str, Any] = {"base": "plain", "enabled": True, "top_k": 4, "weights": {"embed": 0.7, "bm25": 0.3}}


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


def _call(name: str, result: str, n: int) -> list[dict[str, Any]]:
    call = {"id": f"c{n}", "type": "function", "function": {"name": name, "arguments": "{}"}}
    return [
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": f"c{n}", "content": result},
    ]


def _ordered(then: str) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "order 10 more brake pads", "gold": ["parts_order"], "kind": "first"},
        *_call("parts_order", '{"po": "PO-1"}', 1),
        {"role": "assistant", "content": "Ordered, PO-1."},
        {"role": "user", "content": then, "gold": ["parts_order_cancel"], "kind": "follow_up"},
    ]


def _paid(then: str) -> list[dict[str, Any]]:
    return [
        {
            "role": "user",
            "content": "which payments did customer C-8812 make?",
            "gold": ["payment_list"],
            "kind": "first",
        },
        *_call("payment_list", '[{"id": "P-9931", "amount": 300}]', 1),
        {"role": "assistant", "content": "One payment, P-9931, 300."},
        {"role": "user", "content": then, "gold": ["payment_refund"], "kind": "follow_up"},
    ]


def _offered(tool_filter: ToolFilter, messages: list[dict[str, Any]]) -> list[str]:
    """The policy's set at the last message's call, the calls before it replayed as a middleware does."""
    policy = ConversationPolicy(growth=10**9)  # the set, not every tool: what these tests are about
    names: list[str] = []
    for end in [i for i, m in enumerate(messages) if m["role"] == "assistant"] + [len(messages)]:
        window = conversation_window(openai_turns(messages[:end]), history_turns=tool_filter.config.history_turns)
        names = select_window(tool_filter, window, conversation=policy).names
    return names


def test_a_short_id_is_an_id_of_the_conversation() -> None:
    assert named_ids("and cancel PO-1") == ["PO-1"]
    assert named_ids("close #12 too") == ["12"]
    assert named_ids("客户C-8812最近付过哪些款？") == ["C-8812"]
    assert named_ids("make it 20") == []


def test_the_record_an_id_names_is_the_one_the_tool_made() -> None:
    turns = [
        Turn("user", "x"),
        Turn("tool", '{"repair": "W-1093", "parts": ["brake pads"]}', called=("repair_order_get",)),
        Turn("tool", '{"po": "PO-1"}', called=("parts_order",)),
        Turn("tool", '{"ok": true}', called=("email_send",)),
    ]
    assert record_tools(turns, 4, ["PO-1"]) == ["parts_order"]
    assert record_tools(turns, 4) == ["parts_order", "repair_order_get"]  # {"ok": true} holds no record
    cancel = frozenset({"cancel"})
    assert acts_on_record("parts_order_cancel", cancel, ["parts_order"])
    assert not acts_on_record("reservation_cancel", cancel, ["parts_order"])


def test_a_cancel_by_short_id_gets_only_the_destroyer_of_what_the_earlier_call_made(tool_filter: ToolFilter) -> None:
    names = _offered(tool_filter, _ordered("and cancel PO-1"))
    assert "parts_order_cancel" in names
    assert "reservation_cancel" not in names and "calendar_cancel_slot" not in names


@pytest.mark.parametrize(
    "then",
    [
        "don't cancel PO-1, just tell me when it arrives",
        "was PO-1 cancelled?",
        "先别取消PO-1",
        "send an email about PO-1, don't cancel it",
    ],
)
def test_a_refused_or_asked_about_cancel_brings_no_destroyer_of_the_record(tool_filter: ToolFilter, then: str) -> None:
    assert "parts_order_cancel" not in _offered(tool_filter, _ordered(then))


def _ordered_then(then: str, result: str) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "order 10 more brake pads", "gold": ["parts_order"], "kind": "first"},
        *_call("parts_order", result, 1),
        {"role": "assistant", "content": "Ordered."},
        {"role": "user", "content": then, "gold": ["parts_order_cancel"], "kind": "follow_up"},
    ]


@pytest.mark.parametrize("result", ['{"po": "PO-1"}', '{"status": "ordered", "qty": 10}'])
@pytest.mark.parametrize(
    "then",
    [
        "and cancel it",
        "cancel that order",
        "can you cancel that order?",
        "could you cancel it please?",  # a question in form that asks for the act
        "能帮我取消吗",
        "please cancel the order",
    ],
)
def test_a_cancel_of_the_earlier_record_gets_its_destroyer(tool_filter: ToolFilter, then: str, result: str) -> None:
    names = _offered(tool_filter, _ordered_then(then, result))
    assert "parts_order_cancel" in names and "reservation_cancel" not in names, names


def test_a_refund_after_a_payment_was_read_brings_no_other_objects_cancel(tool_filter: ToolFilter) -> None:
    names = _offered(tool_filter, _paid("then refund half of it to him"))
    assert "payment_refund" in names
    assert "reservation_cancel" not in names


def test_an_id_no_earlier_message_holds_is_a_new_object_left_as_selected(tool_filter: ToolFilter) -> None:
    names = _offered(tool_filter, _ordered("and cancel reservation R-77"))
    assert "reservation_cancel" in names


def test_the_replay_counts_no_unasked_destroyer(tool_filter: ToolFilter) -> None:
    conversations = [
        Conversation("ordered", (*_ordered("and cancel PO-1"), *_call("parts_order_cancel", "{}", 2)), "en"),
        Conversation("paid", (*_paid("then refund half of it to him"), *_call("payment_refund", "{}", 2)), "en"),
    ]
    schemas = {t.name: t.to_openai() for t in tool_filter.tools}
    result = replay_conversations(
        conversations,
        lambda: chooser(tool_filter, policy=ConversationPolicy(growth=10**9)),
        schemas,
        PROVIDERS["anthropic"],
        destructive=destroyers(tool_filter),
    ).to_dict()
    assert result["later_unasked_destroyer"] == 0
    assert result["later_served"] == 1


def _paid_zh(then: str) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "客户C-8812最近付过哪些款？", "gold": ["payment_list"], "kind": "first"},
        *_call("payment_list", '[{"id":"P-9931","amount":300}]', 1),
        {"role": "assistant", "content": "有一笔 P-9931，300 元。"},
        {"role": "user", "content": "这笔退了吗", "gold": [], "kind": "answered"},
        {"role": "assistant", "content": "没有退款记录。"},
        {"role": "user", "content": then, "gold": ["payment_refund"], "kind": "follow_up"},
    ]


def test_a_record_read_by_a_bare_id_is_the_one_its_noun_id_names() -> None:
    turns = [Turn("user", "x"), Turn("tool", '[{"id": "P-9931", "amount": 300}]', called=("payment_list",))]
    assert record_nouns(turns, 2) == {"payment", "list"}
    specs = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder()).tools
    assert [t.name for t in on_records(specs, record_nouns(turns, 2))] == ["payment_refund"]
    assert record_nouns([Turn("tool", '{"payment_id": "P-1"}', called=("payment_list",))], 1) == frozenset()


def test_a_bare_refund_is_read_apart_from_unsubscribe_and_check_out() -> None:
    assert says_bare_refund("那退一半给他") and says_bare_refund("退了吧")
    assert not says_bare_refund("退订这个频道") and not says_bare_refund("明天退房")
    specs = {t.name: t for t in ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder()).tools}
    assert refunds(specs["payment_refund"]) and not refunds(specs["calendar_cancel_slot"])


def test_a_bare_refund_after_a_payment_was_read_gets_the_payments_refund(tool_filter: ToolFilter) -> None:
    names = _offered(tool_filter, _paid_zh("那退一半给他"))
    assert "payment_refund" in names
    assert "reservation_cancel" not in names


def test_a_question_whether_it_was_refunded_gets_no_refund(tool_filter: ToolFilter) -> None:
    messages = _paid_zh("那退一半给他")[:4]
    assert "payment_refund" not in _offered(tool_filter, messages)


def test_the_refund_replaces_another_records_destroyer_the_selection_ranked_first(tool_filter: ToolFilter) -> None:
    """The selection holds ``reservation_cancel`` and not ``payment_refund`` (as a profile's 退订 ranks it)."""
    turns = openai_turns(_paid_zh("那退一半给他"))
    reading = read_turn(turns, history_turns=tool_filter.config.history_turns)
    ranked = tool_filter.select("cancel the reservation and refund half of it to him")
    fresh = _offering(ranked, (*(s for s in ranked.selected if s.name != "payment_refund"),))
    fresh = replace(fresh, rejected=(*fresh.rejected, *(s for s in ranked.selected if s.name == "payment_refund")))
    assert "reservation_cancel" in fresh.names and "payment_refund" not in fresh.names
    names = _undo_on_object(tool_filter, fresh, reading, turns).names
    assert "payment_refund" in names
    assert "reservation_cancel" not in names


def test_a_later_cancel_of_another_record_keeps_its_own_destroyer(tool_filter: ToolFilter) -> None:
    """After the refund, "cancel tomorrow's workshop slot too" is not turned into another refund."""
    messages = [
        *_paid_zh("那退一半给他"),
        *_call("payment_refund", '{"refunded": 150}', 2),
        {"role": "assistant", "content": "已退 150 元。"},
        {"role": "user", "content": "also cancel tomorrow's workshop calendar slot", "kind": "switch"},
    ]
    names = _offered(tool_filter, messages)
    assert "calendar_cancel_slot" in names
    assert "payment_refund" not in names


def test_the_replay_serves_the_bare_refund(tool_filter: ToolFilter) -> None:
    conversation = Conversation("paid", (*_paid_zh("那退一半给他"), *_call("payment_refund", "{}", 2)), "zh")
    result = replay_conversations(
        [conversation],
        lambda: chooser(tool_filter, policy=ConversationPolicy(growth=10**9)),
        {t.name: t.to_openai() for t in tool_filter.tools},
        PROVIDERS["anthropic"],
        destructive=destroyers(tool_filter),
    ).to_dict()
    assert result["later_served"] == 1
    assert result["later_unasked_destroyer"] == 0


VET = [
    _tool("boarding_status", "查看寄养订单的详情和状态：哪只宠物在住、入住离店日期。", "stay_id", READ),
    _tool("boarding_cancel", "Cancel a boarding reservation before check-in.", "stay_id", DESTROY),
    _tool("appointment_list", "List a pet's vet appointments.", "pet_id", READ),
    _tool("appointment_cancel", "Cancel a vet appointment.", "appointment_id", DESTROY),
    _tool("kennel_clean_delete", "Delete a kennel cleaning task.", "stay_id", DESTROY),
]


def _boarded(then: str) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "旺财的寄养 BS-7001 现在什么情况", "gold": ["boarding_status"], "kind": "first"},
        *_call("boarding_status", '{"stay": "BS-7001", "pet": "旺财", "status": "booked"}', 1),
        {"role": "assistant", "content": "BS-7001 旺财 12 月 20 日入住，状态已预订。"},
        {"role": "user", "content": then, "gold": ["boarding_cancel"], "kind": "follow_up"},
    ]


def test_the_id_key_a_reading_call_required_names_its_record() -> None:
    specs = ToolFilter(VET, config=CONFIG, embedder=HashingEmbedder()).tools
    assert maker_keys(specs, ["boarding_status"]) == {"stay_id"}
    assert maker_keys(specs, ["appointment_list"]) == {"pet_id"}
    assert maker_keys(specs, []) == frozenset()


def test_a_cancel_after_a_record_was_read_by_its_id_key_gets_that_records_destroyer() -> None:
    """The result says ``stay``, not ``stay_id``: the key is the one ``boarding_status`` required."""
    tool_filter = ToolFilter(VET, config=CONFIG, embedder=HashingEmbedder())
    turns = openai_turns(_boarded("主人说不出门了，那就不要了"))
    reading = read_turn(turns, history_turns=tool_filter.config.history_turns)
    ranked = tool_filter.select("cancel the vet appointment")
    fresh = _offering(ranked, tuple(s for s in ranked.selected if s.name == "appointment_cancel"))
    assert fresh.names == ["appointment_cancel"]
    names = _undo_on_object(tool_filter, fresh, reading, turns).names
    assert names == ["boarding_cancel"]  # not appointment_cancel, nor kennel_clean_delete (another record's name)
