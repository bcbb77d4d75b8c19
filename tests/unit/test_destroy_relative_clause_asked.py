"""A shop's registry: an act asked of a thing a relative clause describes is asked; another's mention is told.

"refund the order I brought up earlier" and "delete the customer we talked about this morning" were read whole as
something mentioned, their main verb in it, and sent no destroyer. "the buyer mentioned cancelling ORD-5521" was not
read as a mention (only "mentioned something about"/"mentioned that" were). Fake embedder (``HashingEmbedder``).
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec

GONE = {"destructiveHint": True}


def _tool(name: str, description: str, key: str, gone: bool = False) -> ToolSpec:
    schema = {"type": "object", "properties": {key: {"type": "string"}}, "required": [key]}
    return ToolSpec(name, description, schema, annotations=GONE if gone else None)


SHOP = [
    _tool("get_order", "Look up an order's status, items and total by order id.", "order_id"),
    _tool("cancel_order", "Cancel an order that has not shipped yet.", "order_id", gone=True),
    _tool("refund_order", "Refund an order's payment to the customer.", "order_id", gone=True),
    _tool("get_customer", "Look up a customer's profile and contact details.", "customer_id"),
    _tool("delete_customer", "Delete a customer account and all its data.", "customer_id", gone=True),
    _tool("send_email", "Send an email to a customer.", "to"),
]


@pytest.fixture(scope="module")
def shop() -> ToolFilter:
    return ToolFilter(SHOP, embedder=HashingEmbedder())


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("refund the order I brought up earlier", "refund_order"),
        ("delete the customer we talked about this morning", "delete_customer"),
    ],
)
def test_an_act_on_a_thing_a_relative_clause_describes_is_asked(shop: ToolFilter, text: str, tool: str) -> None:
    names = list(shop.select(text).names)
    assert tool in names, names


def test_another_mentioning_an_act_asks_none(shop: ToolFilter) -> None:
    names = set(shop.select("the buyer mentioned cancelling ORD-5521, what is its status?").names)
    assert "cancel_order" not in names, names
