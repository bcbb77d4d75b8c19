"""Whole selections, the real default embedder: a brewery's refunds, tabs and tours (taproom, tours, web shop).

"Customer wants to know if the refund for order 55087 already went through" asks whether the refund happened (an
indirect question), not for it; "give the customer of order 60231 a full refund" and "给订单 60231 的客人全额退款"
ask the refund (the customer is the one paid, the order what is refunded), though they name the order only beside
its customer; "3号桌那个账单开错了，作废掉" voids the bill (账单), not a tour booking; a request that is one of the
tab void's own profile requests ("这张 T-118 是点错了，整单不算了") asks its act.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolProfile, ToolSpec

pytestmark = pytest.mark.integration

REFUND = "shop_order_refund"
VOID = "taproom_tab_void"
TOOLS = [
    ToolSpec(REFUND, "Refund a web shop order (full or partial) to the original payment method via Shopify."),
    ToolSpec(
        "get_order_details",
        "[E-commerce team] Returns the full record of a web shop order from Shopify: line items, customer contact, "
        "shipping address, carrier tracking, payment and refund history. Use this when a customer or staff member "
        "asks about anything on a web order. Note: read only, does not modify the order.",
    ),
    ToolSpec("shop_order_status", "Order status (web shop)."),
    ToolSpec("shop_order_search", "Search web orders by customer email, name or date range."),
    ToolSpec("send_customer_email", "Send an email to a customer from hello@ our brewery address."),
    ToolSpec(VOID, "Void tab."),
    ToolSpec("taproom_tab_open", "Open a taproom tab for a table or guest, or add items to an existing tab."),
    ToolSpec("taproom_tab_view", "Show an open taproom tab: items, total, table."),
    ToolSpec(
        "tour_booking_cancel",
        "Cancel a tour booking. Releases the seats and sends the guest a cancellation email. Cannot be undone.",
    ),
    ToolSpec("tour_booking_create", "Book a brewery tour for a guest. Checks capacity of the slot."),
    ToolSpec("keg_deposit_lookup", "查询批发客户（酒吧、餐厅）的押桶记录和押金余额。"),
    ToolSpec("keg_deposit_remove", "删除批发客户的押桶押金记录（退桶后使用）。"),
]
TAB_REQUESTS = ("这张单是测试开的，不要了", "9号桌的单重复开了，去掉一张", "这张 T-118 是点错了，整单不算了")


@pytest.fixture(scope="module")
def chooser(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(TOOLS, embedder=default_embedder)


@pytest.fixture(scope="module")
def profiled(default_embedder: Embedder) -> ToolFilter:
    tools = [t if t.name != VOID else replace(t, profile=ToolProfile(requests=TAB_REQUESTS)) for t in TOOLS]
    return ToolFilter(tools, embedder=default_embedder)


@pytest.mark.parametrize(
    "request_",
    [
        "Customer wants to know if the refund for order 55087 already went through",
        "Customer wants to know whether the refund for order 55087 went through",
        "Check whether the refund for order 55087 went through",
        "The customer is asking whether we already refunded order 55087",
        "has the refund for order 55087 gone through?",
        "订单 55087 退款到账了吗",
        "客户问一下订单 55087 的退款是不是已经退了",
    ],
)
def test_a_question_whether_the_refund_happened_asks_no_refund(chooser: ToolFilter, request_: str) -> None:
    assert REFUND not in chooser.select(request_).names


@pytest.mark.parametrize(
    "request_",
    [
        "check whether the refund for order 55087 went through, if not refund it",
        "Customer asks if you could refund order 55087",
        "The customer wants a refund for order 55087",
        "give the customer of order 60231 a full refund",
        "issue the customer of order 60231 a full refund",
        "refund the customer of order 60231",
        "给订单 60231 的客人全额退款",
        "为订单 60231 的客户办理全额退款",
        "给客人办理订单 60231 的全额退款",
        "refund order 60231",
        "订单 60231 退款",
    ],
)
def test_a_refund_asked_is_sent(chooser: ToolFilter, request_: str) -> None:
    assert REFUND in chooser.select(request_).names


@pytest.mark.parametrize(
    "request_",
    ["email the customer of order 60231 about the refund", "给订单 60231 的客人发邮件说明退款"],
)
def test_a_refund_only_talked_about_is_not_sent(chooser: ToolFilter, request_: str) -> None:
    assert REFUND not in chooser.select(request_).names


@pytest.mark.parametrize("request_", ["3号桌那个账单开错了，作废掉", "作废 3 号桌的账单", "3号桌的账单作废"])
def test_a_void_of_the_bill_sends_no_tour_cancel(chooser: ToolFilter, request_: str) -> None:
    assert "tour_booking_cancel" not in chooser.select(request_).names


def test_a_void_of_the_bill_sends_the_tab_void(chooser: ToolFilter) -> None:
    assert VOID in chooser.select("作废 3 号桌的账单").names


def test_a_tour_booking_voided_still_gets_its_cancel(chooser: ToolFilter) -> None:
    assert "tour_booking_cancel" in chooser.select("取消王先生的参观预约").names


@pytest.mark.parametrize("request_", ["这张 T-118 是点错了，整单不算了", "这张 T-120 是点错了，整单不算了"])
def test_a_request_of_the_tools_own_profile_asks_its_act(profiled: ToolFilter, request_: str) -> None:
    assert VOID in profiled.select(request_).names


def test_a_question_about_that_request_still_holds_the_act(profiled: ToolFilter) -> None:
    assert VOID not in profiled.select("这张 T-118 是点错了，整单不算了吗？").names
