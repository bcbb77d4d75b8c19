"""Turns that ask a cancel in a conversation: a confirmation after "please confirm", and giving up going.

A confirmation takes the proposed act where the proposal ends by asking for one, and where its act was held.

A marina's agent wrote "要取消 RN-5521 吗？按天气政策押金会全额退回。请确认。" (cancel RN-5521? the deposit is refunded
in full. please confirm.) and the user answered "确认". The proposal was looked for in the last two sentences, a
note and "请确认", neither of which proposes: the turn was read as a request of its own and got no cancel. Read
before the ask for a confirmation, the proposal still ranked the cancel under the cut or the guard held it: the
best-ranked destroyer the selection left out whose act the proposal says is now offered.

Before that, "天气预报说有大风，算了不去了" (strong wind forecast, forget it, we're not going) after reading
the booking asked its cancel and got none: the speaker giving up going (算了…不去了) calls their own plan off.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_read import read_turn
from toolfilter_core._hints import request_is_destructive
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

from .test_conversation_guard import ASK, CONFIG, TOOLS, offered

CASES = [
    (ASK, "It is paid. Shall I cancel order 55120? The card is refunded in 3 days. Please confirm.", "confirm"),
    ("订单 55120 付款了吗？", "已付款。要取消订单 55120 吗？款项三天内退回。请确认。", "确认"),
    # the proposal read, its cancel is still held by the guard: the confirmation takes it
    ("订单 55120 付款了吗？", "已付款。要取消 55120 吗？请确认。", "确认"),
]


def _messages(first: str, proposal: str, reply: str) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": first},
        {"role": "assistant", "content": proposal},
        {"role": "user", "content": reply},
    ]


@pytest.mark.parametrize(("first", "proposal", "reply"), CASES)
def test_a_confirmation_after_please_confirm_takes_the_proposed_cancel(first: str, proposal: str, reply: str) -> None:
    tool_filter = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())
    messages = _messages(first, proposal, reply)
    reading = read_turn(openai_turns(messages))
    assert reading.kind == "confirmation"
    assert "cancel" in reading.query or "取消" in reading.query
    policy = ConversationPolicy()
    offered(policy, tool_filter, messages[:1])
    names = offered(policy, tool_filter, messages)
    assert "cancel_order" in names, names
    assert "delete_customer" not in names, names


@pytest.mark.parametrize(
    "proposal",
    [
        "It is paid. Your order ships tomorrow. Please confirm.",  # nothing proposed before the ask
        "已付款。明天发货。请确认。",
    ],
)
def test_an_ask_for_a_confirmation_alone_proposes_nothing(proposal: str) -> None:
    reading = read_turn(openai_turns(_messages(ASK, proposal, "ok")))
    assert reading.kind != "confirmation"


@pytest.mark.parametrize(
    ("text", "destroys"),
    [
        ("天气预报说有大风，算了不去了", True),
        ("算了，我们不来了", True),
        ("算了不去了吗", False),  # a question
        ("客户不来了", False),  # another's reason, no plan given up
    ],
)
def test_giving_up_going_calls_it_off(text: str, destroys: bool) -> None:
    assert request_is_destructive(text) is destroys


GONE = {"destructiveHint": True}
RENTALS: list[dict[str, Any]] = [
    {"name": "boat_rental_get", "description": "Get a boat rental booking: boat, start time, hours, deposit."},
    {
        "name": "boat_rental_cancel",
        "description": "Cancel a boat rental booking and release the boat.",
        "annotations": GONE,
    },
    {"name": "boat_rental_create", "description": "Book a rental boat for a customer."},
    {"name": "weather_get", "description": "Marine forecast: wind, waves and tides."},
    {"name": "slip_cancel", "description": "Cancel a slip reservation.", "annotations": GONE},
]
READ_BOOKING: list[dict[str, Any]] = [
    {"role": "user", "content": "RN-5521 明天几点开始？"},
    {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {"id": "k1", "type": "function", "function": {"name": "boat_rental_get", "arguments": '{"id": "RN-5521"}'}}
        ],
    },
    {"role": "tool", "tool_call_id": "k1", "content": '{"booking_id": "RN-5521", "start_time": "10:00"}'},
    {"role": "assistant", "content": "明天上午 10 点开始，4 小时。"},
]


@pytest.mark.parametrize(("reply", "cancels"), [("天气预报说有大风，算了不去了", True), ("客户说风太大了", False)])
def test_giving_up_going_after_reading_a_booking_gets_its_cancel(reply: str, cancels: bool) -> None:
    config = {"base": "plain", "enabled": True, "top_k": 3, "weights": {"embed": 0.7, "bm25": 0.3}}
    tool_filter = ToolFilter(RENTALS, config=config, embedder=HashingEmbedder())
    policy = ConversationPolicy()
    names: list[str] = []
    for messages in (READ_BOOKING[:1], [*READ_BOOKING, {"role": "user", "content": reply}]):
        turns = openai_turns(messages)
        window = conversation_window(turns, history_turns=tool_filter.config.history_turns)
        names = select_window(tool_filter, window, conversation=policy).names
    assert ("boat_rental_cancel" in names) is cancels, names
    assert "slip_cancel" not in names, names
