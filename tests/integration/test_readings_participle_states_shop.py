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

from tests.unit.shop_orders_kit import DESTROYERS, WIDE
from toolfilter_core import Embedder, ToolFilter, recommended_config

pytestmark = pytest.mark.integration

SHOP = WIDE


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
