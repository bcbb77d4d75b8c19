"""Whole selections, the real default embedder: a relayed wish, a receipt's number, a record named as an owner.

A support agent's relay ("the customer says she wants to cancel order 5521", "客户说想取消订单5521，帮他办一下") asks
the cancel; a pharmacy's "…小票 0012-77801，她说想退款…" asks the refund, and its receipt number asks no void;
"Refund receipt 0045-99812 and delete the patient's loyalty coupon" asks the refund, and deletes no patient.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolProfile, ToolSpec

pytestmark = pytest.mark.integration


def _takes(*names: str) -> dict[str, object]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": list(names)}


BAKERY = [
    ToolSpec("order_cancel", "Cancel a bakery order. Cannot be undone.", _takes("order_id")),
    ToolSpec("order_status", "Show a bakery order's status and pickup time.", _takes("order_id")),
    ToolSpec(
        "loyalty_account_delete", "Delete a loyalty member's account and points. Cannot be undone.", _takes("member_id")
    ),
    ToolSpec("loyalty_points_balance", "Show a loyalty member's points balance.", _takes("member_id")),
    ToolSpec("room_booking_cancel", "Cancel a room booking and release the room.", _takes("booking_id")),
]
PHARMACY = [
    ToolSpec(
        "sale_void",
        "Void a completed sale at the register: reverses the transaction and payment. Destructive.",
        _takes("receipt_no"),
        profile=ToolProfile(
            requests=("作废小票 0012-77801", "void receipt 0045-30012"), destroy=("作废小票 0012-77801",)
        ),
    ),
    ToolSpec(
        "refund_issue",
        "Issue a refund (full or partial) for items on a receipt to the original payment method.",
        _takes("receipt_no"),
        profile=ToolProfile(requests=("refund the whole receipt 0045-30012", "给客人把这两样东西的钱退回去")),
    ),
    ToolSpec(
        "sale_lookup",
        "Look up a sale by receipt number: items, payment method.",
        _takes("receipt_no"),
        profile=ToolProfile(requests=("顾客说昨天多扣钱了，看看这单小票", "查下收据号 0045-30012 的付款方式")),
    ),
    ToolSpec(
        "patient_delete",
        "Permanently delete a patient profile and its personal data (erasure request). Irreversible.",
        _takes("patient_id"),
        profile=ToolProfile(requests=("delete patient profile 30011",), destroy=("delete patient profile 30011",)),
    ),
    ToolSpec(
        "customer_notify",
        "Send the customer a text message or email.",
        _takes("phone", "message"),
        profile=ToolProfile(requests=("发条短信告诉顾客调货到了", "给这位顾客发个通知说退款已处理")),
    ),
    ToolSpec("loyalty_account_get", "Loyalty account balance, tier and coupons.", _takes("member_id")),
]
DESTROYERS = {"order_cancel", "loyalty_account_delete", "room_booking_cancel", "sale_void", "patient_delete"}


@pytest.fixture(scope="module")
def bakery(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(BAKERY, embedder=default_embedder)


@pytest.fixture(scope="module")
def pharmacy(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(PHARMACY, embedder=default_embedder)


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("the customer says she wants to cancel order 5521, please do it", "order_cancel"),
        ("the customer says she wants to cancel order 5521, go ahead", "order_cancel"),
        ("客户说想取消订单5521，帮他办一下", "order_cancel"),
        ("客户说想取消订单5521，你处理一下吧", "order_cancel"),
        ("the customer says he wants to cancel order 5521", "order_cancel"),
        ("客户说想取消订单5521", "order_cancel"),
        ("客户表示想取消订单 5521", "order_cancel"),
        ("she said she wants to delete her loyalty account, member 5521", "loyalty_account_delete"),
    ],
)
def test_a_relayed_wish_sends_its_destroyer(bakery: ToolFilter, request_: str, destroyer: str) -> None:
    s = bakery.select(request_)
    assert destroyer in s.names, s.explain()


@pytest.mark.parametrize(
    "request_",
    [
        "订单5521现在什么状态？客户说想取消但还没决定",
        "客户说想取消订单5521，先帮我看下她的积分",
        "Has order 5521 been picked up? The customer says she wants to cancel",
    ],
)
def test_a_told_wish_still_sends_no_destroyer(bakery: ToolFilter, request_: str) -> None:
    s = bakery.select(request_)
    assert not DESTROYERS & set(s.names), s.explain()


@pytest.mark.parametrize(
    "request_",
    [
        "顾客来电：\n她上周买的血压计坏了，小票 0012-77801，想退款，然后发个短信告诉她退好了。",
        "顾客来电：她上周买的血压计坏了，小票 0012-77801，她说想退款，然后发个短信告诉她退好了。",
        "The customer called: the blood pressure monitor is broken, receipt 0012-77801, she wants a refund, "
        "then text her that it's done.",
    ],
)
def test_a_receipt_number_asks_no_void_and_the_refund_is_sent(pharmacy: ToolFilter, request_: str) -> None:
    s = pharmacy.select(request_)
    assert "refund_issue" in s.names, s.explain()
    assert "sale_void" not in s.names, s.explain()


@pytest.mark.parametrize(
    "request_",
    [
        "Refund receipt 0045-99812 and delete the patient's loyalty coupon",
        "Refund receipt 0045-99812 and remove the loyalty coupon of the patient",
    ],
)
def test_the_refund_is_sent_and_the_coupon_s_owner_is_not_deleted(pharmacy: ToolFilter, request_: str) -> None:
    s = pharmacy.select(request_)
    assert "refund_issue" in s.names, s.explain()
    assert "patient_delete" not in s.names, s.explain()


def test_deleting_the_patient_s_profile_still_sends_the_delete(pharmacy: ToolFilter) -> None:
    s = pharmacy.select("delete patient 30011's profile, they asked for erasure")
    assert "patient_delete" in s.names, s.explain()
