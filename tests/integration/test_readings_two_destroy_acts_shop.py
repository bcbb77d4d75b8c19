"""Two destroy acts asked on one record get both destroyers, the real default embedder, no profiles.

A small shop registry (orders, customers) and a billing and booking one. "cancel order ORD-5521 and refund it",
"please cancel and refund ORD-5521", "need ORD-5521 cancelled and refunded today", "取消订单 ORD-5521 并退款" and
"把 ORD-5521 取消然后退款" got neither ``cancel_order`` nor ``refund_order``: both take the order's id, and where the
acts of several destroyers an id fits were said, none was sent. A request that asks one act and mentions another
("cancel ORD-5521, no refund needed", "refund status of the cancelled order") still gets the asked one only.
"""

from __future__ import annotations

from functools import cache

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec, recommended_config

pytestmark = pytest.mark.integration

GONE = {"destructiveHint": True}


def _takes(name: str) -> dict[str, object]:
    return {"type": "object", "properties": {name: {"type": "string"}}, "required": [name]}


SHOP = [
    ToolSpec("get_order", "Look up an order's status, items and total by order id.", _takes("order_id")),
    ToolSpec("update_order", "Change an order's shipping address or items before it ships.", _takes("order_id")),
    ToolSpec("cancel_order", "Cancel an order that has not shipped yet.", _takes("order_id"), annotations=GONE),
    ToolSpec("refund_order", "Refund an order's payment to the customer.", _takes("order_id"), annotations=GONE),
    ToolSpec("delete_order_note", "Delete a note from an order.", _takes("order_id"), annotations=GONE),
    ToolSpec("get_customer", "Look up a customer's profile and contact details.", _takes("customer_id")),
    ToolSpec("delete_customer", "Delete a customer account and all its data.", _takes("customer_id"), annotations=GONE),
    ToolSpec("send_email", "Send an email to a customer.", _takes("to")),
    ToolSpec("get_weather", "Current weather forecast for a city.", _takes("city")),
    ToolSpec("list_products", "List products in the catalog with prices and stock.", _takes("category")),
    ToolSpec("create_coupon", "Create a discount coupon code.", _takes("percent")),
]
DESK = [
    ToolSpec("get_invoice", "Look up an invoice's lines, total and status.", _takes("invoice_id")),
    ToolSpec("void_invoice", "Void an invoice so it is no longer payable.", _takes("invoice_id"), annotations=GONE),
    ToolSpec("refund_payment", "Refund a customer's payment.", _takes("payment_id"), annotations=GONE),
    ToolSpec("get_booking", "Look up a booking's dates, guest and status.", _takes("booking_id")),
    ToolSpec("cancel_booking", "Cancel a booking.", _takes("booking_id"), annotations=GONE),
    ToolSpec("delete_booking_note", "Delete a note from a booking.", _takes("booking_id"), annotations=GONE),
    ToolSpec("send_email", "Send an email to a customer.", _takes("to")),
]
DESTROYERS = {tool.name for tool in SHOP + DESK if tool.annotations}


@cache
def _filter(embedder: Embedder, registry: str) -> ToolFilter:
    return ToolFilter(SHOP if registry == "shop" else DESK, config=recommended_config(), embedder=embedder)


@pytest.mark.parametrize(
    ("registry", "text", "sent"),
    [
        ("shop", "cancel order ORD-5521 and refund it", {"cancel_order", "refund_order"}),
        ("shop", "please cancel and refund ORD-5521", {"cancel_order", "refund_order"}),
        ("shop", "need ORD-5521 cancelled and refunded today", {"cancel_order", "refund_order"}),
        ("shop", "取消订单 ORD-5521 并退款", {"cancel_order", "refund_order"}),
        ("shop", "把 ORD-5521 取消然后退款", {"cancel_order", "refund_order"}),
        ("shop", "cancel order ORD-5521 and delete the note on it", {"cancel_order", "delete_order_note"}),
        ("desk", "void the invoice and refund the payment", {"void_invoice", "refund_payment"}),
        ("desk", "cancel booking BK-2 and delete the note on it", {"cancel_booking", "delete_booking_note"}),
    ],
)
def test_each_act_asked_gets_its_destroyer(
    default_embedder: Embedder, registry: str, text: str, sent: set[str]
) -> None:
    selection = _filter(default_embedder, registry).select(text)
    assert DESTROYERS & set(selection.names) == sent, selection.explain()


@pytest.mark.parametrize(
    ("text", "sent"),
    [
        ("cancel ORD-5521, no refund needed", {"cancel_order"}),
        ("cancel it but don't refund", {"cancel_order"}),
        ("cancel ORD-5521 but don't refund it", {"cancel_order"}),
        ("refund status of the cancelled order", set()),
    ],
)
def test_an_act_mentioned_gets_no_destroyer(default_embedder: Embedder, text: str, sent: set[str]) -> None:
    selection = _filter(default_embedder, "shop").select(text)
    assert DESTROYERS & set(selection.names) == sent, selection.explain()
