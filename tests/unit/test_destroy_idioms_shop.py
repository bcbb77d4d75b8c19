"""A shop's registry: a throw-away verb asks its destroyer in verb position, and is no act where it is a noun.

"ditch order ORD-5521", "axe the order ORD-5521", "drop order ORD-5521" held ``cancel_order`` as not asked for: no
reading took them as "cancel". "scrap metal order ORD-5521 status?", "check bin B-12 stock for order ORD-5521" and
"record scrap for work order ORD-5521" were read as "cancel …" and sent ``cancel_order``: "scrap" and "bin" were
rewritten wherever an id followed within three words, a noun's modifier or a place ("bin B-12") included.
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
    _tool("update_order", "Change an order's shipping address or items before it ships.", "order_id"),
    _tool("cancel_order", "Cancel an order that has not shipped yet.", "order_id", gone=True),
    _tool("refund_order", "Refund an order's payment to the customer.", "order_id", gone=True),
    _tool("delete_order_note", "Delete a note from an order.", "order_id", gone=True),
    _tool("get_customer", "Look up a customer's profile and contact details.", "customer_id"),
    _tool("delete_customer", "Delete a customer account and all its data.", "customer_id", gone=True),
    _tool("send_email", "Send an email to a customer.", "to"),
    _tool("list_products", "List products in the catalog with prices and stock.", "category"),
]
DESTROYERS = {t.name for t in SHOP if t.annotations}


@pytest.fixture(scope="module")
def shop() -> ToolFilter:
    return ToolFilter(SHOP, embedder=HashingEmbedder())


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("ditch order ORD-5521", "cancel_order"),
        ("axe the order ORD-5521", "cancel_order"),
        ("trash order ORD-5521", "cancel_order"),
        ("drop order ORD-5521", "cancel_order"),
        ("kill order ORD-5521", "cancel_order"),
        ("please ditch customer C-12", "delete_customer"),
    ],
)
def test_a_throw_away_verb_asks_its_destroyer(shop: ToolFilter, text: str, tool: str) -> None:
    names = list(shop.select(text).names)
    assert tool in names, names


@pytest.mark.parametrize(
    "text",
    [
        "record scrap for work order ORD-5521",
        "log scrap against order ORD-5521",
        "scrap metal order ORD-5521 status?",
        "check bin B-12 stock for order ORD-5521",
        "count bin B-12 for order ORD-5521",
        "bin bags order ORD-5521 where is it",
        "don't ditch order ORD-5521",
        "we ditched order ORD-5521 last week, what's its status?",
    ],
)
def test_a_noun_or_a_refused_or_told_idiom_sends_no_destroyer(shop: ToolFilter, text: str) -> None:
    names = set(shop.select(text).names)
    assert not names & DESTROYERS, names
