"""Whole selections on an event-ticketing registry, the real default embedder: acts said but not asked, and asked.

A deletion a customer asked for, said of the object of a read ("look up customer C-9 who asked to delete their
account", "查一下要求注销账号的客户 C-9"), and a cancel that may be needed ("we may have to cancel it", "可能要取消")
sent the destroyer; "作废" on a promo code sent ``order_void`` beside ``promo_code_revoke``, and in a conversation about
the code "那把它作废吧" was offered the order's void and not the code's revoke; "release seats A14 and A15" held
``seat_release`` (described "Release held seats back to sale.") as not asked for.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

pytestmark = pytest.mark.integration

TOOLS = [
    ToolSpec("event_get", "Get an event by id: title, venue, dates, status, capacity."),
    ToolSpec("event_search", "Search events by keyword, city or date range."),
    ToolSpec("event_update", "Update event details (title, time, venue, description)."),
    ToolSpec(
        "event_cancel", "Cancel an event permanently. All orders are refunded and holders notified; cannot be undone."
    ),
    ToolSpec("order_get", "Look up a ticket order: buyer, tickets, seats, amount paid, payment status."),
    ToolSpec("order_search", "Find ticket orders by buyer email, phone, name or event."),
    ToolSpec(
        "order_void",
        "Void a ticket order: refunds the full amount to the original payment method and invalidates every ticket "
        "(barcodes stop scanning). Irreversible.",
    ),
    ToolSpec("seatmap_get", "Seat map for an event: sections, rows, which seats are free, held or sold."),
    ToolSpec("seat_hold", "Hold seats for an event."),
    ToolSpec("seat_release", "Release held seats back to sale."),
    ToolSpec("promo_code_create", "Create a promo code (discount, usage limit, validity window, events)."),
    ToolSpec("promo_code_get", "Promo code details and usage: times redeemed, remaining uses, expiry."),
    ToolSpec("promo_code_revoke", "Revoke a promo code immediately. Carts holding it lose the discount."),
    ToolSpec("customer_get", "Customer profile: name, email, phone, order history, marketing consent."),
    ToolSpec("customer_update", "Change customer contact details (email, phone, name)."),
    ToolSpec("customer_delete", "Delete a customer account and all personal data. Irreversible."),
    ToolSpec("sales_report", "Ticket sales report for an event: tickets sold per day, revenue, by ticket type."),
    ToolSpec("notify_customer", "Send an email or SMS to a customer."),
]
DESTROYERS = {"event_cancel", "order_void", "seat_release", "promo_code_revoke", "customer_delete"}


@pytest.fixture(scope="module")
def chooser(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(TOOLS, embedder=default_embedder)


@pytest.mark.parametrize(
    "request_",
    [
        "look up customer C-9 who asked to delete their account",
        "show me customer C-12 who has asked us to delete their account",
        "查一下要求注销账号的客户 C-9",
        "Check whether EV-3300 sold enough tickets, we may have to cancel it",
        "how many tickets has EV-3300 sold? we might need to cancel it",
        "看看 EV-3300 卖了多少票，可能要取消",
        "EV-3300 的票卖得怎么样，说不定得取消",
        "are seats A14 and A15 released?",
    ],
)
def test_an_act_said_but_not_asked_sends_no_destroyer(chooser: ToolFilter, request_: str) -> None:
    selection = chooser.select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("release seats A14 and A15 on EV-2031", "seat_release"),
        ("please release the held seats A14, A15 for EV-2031", "seat_release"),
        ("释放 EV-2031 的 A14 和 A15 座位", "seat_release"),
        ("delete customer C-9 who asked to delete their account", "customer_delete"),
        ("把优惠码 SPRING50 作废掉", "promo_code_revoke"),
    ],
)
def test_an_act_asked_sends_its_destroyer_alone(chooser: ToolFilter, request_: str, destroyer: str) -> None:
    selection = chooser.select(request_)
    assert destroyer in selection.names, selection.explain()
    assert not (DESTROYERS - {destroyer}) & set(selection.names), selection.explain()


def test_void_it_in_a_conversation_about_a_promo_code_offers_its_revoke(default_embedder: Embedder) -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "promo_code_get", "arguments": '{"code": "SPRING50"}'}}
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": "优惠码 SPRING50 用了多少次了？"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"redeemed": 930, "limit": 100}'},
        {"role": "assistant", "content": "已使用 930 次，上限是 100。"},
        {"role": "user", "content": "怎么超了这么多？"},
        {"role": "assistant", "content": "可能上限设置没有生效。"},
        {"role": "user", "content": "那把它作废吧"},
    ]
    tool_filter = ToolFilter(TOOLS, embedder=default_embedder)
    policy, turns, sets = ConversationPolicy(), openai_turns(messages), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:  # every model call
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        sets.append(select_window(tool_filter, window, conversation=policy).names)
    assert "promo_code_revoke" in sets[-1], sets
    assert "order_void" not in sets[-1], sets
