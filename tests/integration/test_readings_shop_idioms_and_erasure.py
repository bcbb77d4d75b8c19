"""A shop's registry, the real default embedder, no profiles: idioms, erasure asks and mentions read as meant.

"退掉订单 ORD-5521" and "订单 ORD-5521 不要了" (cancel the order) got no ``cancel_order``: no reading took them as
取消. "customer C-12 asked us to wipe everything" and "客户 C-12 要求删除所有东西" (erase everything of hers) held
``delete_customer``: the customer was read as the one who asks about another thing. "the buyer mentioned cancelling
ORD-5521, what is its status?" sent ``cancel_order``: a mention was read only before "about" or "that". "scrap metal
order ORD-5521 status?" and "check bin B-12 stock for order ORD-5521" sent ``cancel_order``: a noun was read as the
verb "scrap" or "bin".
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration
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
def shop(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(SHOP, embedder=default_embedder)


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("退掉订单 ORD-5521", "cancel_order"),
        ("订单 ORD-5521 不要了", "cancel_order"),
        ("ditch order ORD-5521", "cancel_order"),
        ("customer C-12 asked us to wipe everything", "delete_customer"),
        ("the customer asked us to delete everything we have on her, she is C-12", "delete_customer"),
        ("客户 C-12 要求删除所有东西", "delete_customer"),
        ("refund the order I brought up earlier, ORD-5521", "refund_order"),
    ],
)
def test_the_destroyer_asked_is_sent(shop: ToolFilter, text: str, tool: str) -> None:
    names = list(shop.select(text).names)
    assert tool in names, names


@pytest.mark.parametrize(
    "text",
    [
        "the buyer mentioned cancelling ORD-5521, what is its status?",
        "scrap metal order ORD-5521 status?",
        "check bin B-12 stock for order ORD-5521",
        "香菜不要了，订单 ORD-5521 现在是什么状态",
    ],
)
def test_no_destroyer_is_sent(shop: ToolFilter, text: str) -> None:
    names = set(shop.select(text).names)
    assert not names & DESTROYERS, names
