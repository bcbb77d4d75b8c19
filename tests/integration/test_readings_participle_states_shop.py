"""A destroy word's participle read as a state or as an act wished done, the real default embedder, no profiles.

A small shop registry (orders, customers). A participle after its object ("ORD-5521 cancelled asap", "have order
ORD-5521 cancelled immediately", "I want the order cancelled permanently", "have the customer C-12 record deleted
completely") asks the act, whatever adverb follows; participles joined before their noun
("cancelled or refunded orders") say one state and ask none; what remains of an order ("the remaining sessions of
order ORD-5521") is the order.
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
DESTROYERS = {tool.name for tool in SHOP if tool.annotations}


@cache
def _filter(embedder: Embedder) -> ToolFilter:
    return ToolFilter(SHOP, config=recommended_config(), embedder=embedder)


@pytest.mark.parametrize(
    ("text", "destroyer"),
    [
        ("I need ORD-5521 cancelled asap", "cancel_order"),
        ("need order ORD-5521 refunded before Friday", "refund_order"),
        ("get order ORD-5521 refunded quickly please", "refund_order"),
        ("Please get ORD-5521 refunded ASAP", "refund_order"),
        ("ORD-5521 cancelled straight away please", "cancel_order"),
        ("refund the remaining sessions of order ORD-5521", "refund_order"),
        ("refund the remaining balance of order ORD-5521", "refund_order"),
        ("I want the order cancelled permanently", "cancel_order"),
        ("have the customer C-12 record deleted completely", "delete_customer"),
    ],
)
def test_the_destroyer_asked_is_sent(default_embedder: Embedder, text: str, destroyer: str) -> None:
    selection = _filter(default_embedder).select(text)
    assert destroyer in selection.names, selection.explain()


@pytest.mark.parametrize(
    "text",
    [
        "show cancelled or refunded orders",
        "list cancelled, refunded orders this week",
        "show cancelled and refunded orders",
        "export all cancelled and refunded orders to CSV",
    ],
)
def test_states_joined_get_no_destroyer(default_embedder: Embedder, text: str) -> None:
    selection = _filter(default_embedder).select(text)
    assert not DESTROYERS & set(selection.names), selection.explain()
