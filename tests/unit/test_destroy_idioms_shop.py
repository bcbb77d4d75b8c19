"""A shop's registry: a throw-away verb asks its destroyer in verb position, and is no act where it is a noun.

"ditch order ORD-5521", "axe the order ORD-5521", "drop order ORD-5521" held ``cancel_order`` as not asked for: no
reading took them as "cancel". "scrap metal order ORD-5521 status?", "check bin B-12 stock for order ORD-5521" and
"record scrap for work order ORD-5521" were read as "cancel …" and sent ``cancel_order``: "scrap" and "bin" were
rewritten wherever an id followed within three words, a noun's modifier or a place ("bin B-12") included.
"""

from __future__ import annotations

import pytest

from tests.unit.shop_orders_kit import DESTROYERS, TOOLS
from toolfilter_core import HashingEmbedder, ToolFilter

SHOP = TOOLS


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
