"""A request asking two destroy acts on one record gets each act's destroyer (``decide._guarded``, ``acts_apart``).

"cancel order ORD-5521 and refund it" and "please cancel and refund ORD-5521" got neither ``cancel_order`` nor
``refund_order``: both take the order's id, and ``decide.SEVERAL`` ``said`` held every destroyer the id fits where the
acts of several were said. Acts told apart (each its own, none shared) each name their tool, as an id naming one alone
does. "取消订单 ORD-5521 并退款", "把 ORD-5521 取消然后退款": 退款 after a word joining it to another act is that
act, no refund record the cancel acts on (``zh_records.head_records``). A request asking one act and mentioning
another gets the asked one only.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.zh_records import head_records

GONE = {"destructiveHint": True}


def _tool(name: str, description: str, key: str, gone: bool = False) -> ToolSpec:
    schema = {"type": "object", "properties": {key: {"type": "string"}}, "required": [key]}
    return ToolSpec(name, description, schema, annotations=GONE if gone else None)


SHOP = [
    _tool("get_order", "Look up an order's status, items and total by order id.", "order_id"),
    _tool("update_order", "Change an order's shipping address or items before it ships.", "order_id"),
    _tool("cancel_order", "Cancel an order that has not shipped yet.", "order_id", gone=True),
    _tool("refund_order", "Refund an order's payment to the customer.", "order_id", gone=True),
    _tool("delete_order_note", "Delete a note from an order.", "order_id", gone=True),
    _tool("get_customer", "Look up a customer's profile and contact details.", "customer_id"),
    _tool("delete_customer", "Delete a customer account and all its data.", "customer_id", gone=True),
    _tool("send_email", "Send an email to a customer.", "to"),
    _tool("get_weather", "Current weather forecast for a city.", "city"),
    _tool("list_products", "List products in the catalog with prices and stock.", "category"),
    _tool("create_coupon", "Create a discount coupon code.", "percent"),
]
DESTROYERS = {t.name for t in SHOP if t.annotations}


@pytest.fixture(scope="module")
def shop() -> ToolFilter:
    return ToolFilter(SHOP, embedder=HashingEmbedder())


@pytest.mark.parametrize(
    ("text", "sent"),
    [
        ("cancel order ORD-5521 and refund it", {"cancel_order", "refund_order"}),
        ("please cancel and refund ORD-5521", {"cancel_order", "refund_order"}),
        ("refund order ORD-5521 and cancel it", {"cancel_order", "refund_order"}),
        ("cancel order ORD-5521 and delete the note on it", {"cancel_order", "delete_order_note"}),
    ],
)
def test_two_acts_asked_on_one_record_get_both(shop: ToolFilter, text: str, sent: set[str]) -> None:
    selection = shop.select(text)
    assert DESTROYERS & set(selection.names) == sent, selection.explain()


@pytest.mark.parametrize(
    ("text", "sent"),
    [
        ("cancel order ORD-5521", {"cancel_order"}),
        ("cancel ORD-5521, no refund needed", {"cancel_order"}),
        ("cancel it but don't refund", {"cancel_order"}),
        ("cancel ORD-5521 but don't refund it", {"cancel_order"}),
        ("refund status of the cancelled order", set()),
    ],
)
def test_one_act_asked_and_another_mentioned_gets_the_asked_one(shop: ToolFilter, text: str, sent: set[str]) -> None:
    selection = shop.select(text)
    assert DESTROYERS & set(selection.names) == sent, selection.explain()


@pytest.mark.parametrize(
    ("text", "records"),
    [
        ("把 ORD-5521 取消然后退款", set()),
        ("取消订单 ORD-5521 并退款", {"order"}),
        ("作废发票 F-1 再退款", {"invoice"}),
        ("把退款取消", {"refund"}),  # the refund is what is cancelled
        ("取消退款 R-1", {"refund"}),
    ],
)
def test_a_destroy_word_joined_to_another_act_is_no_record(text: str, records: set[str]) -> None:
    assert head_records(text) == records
