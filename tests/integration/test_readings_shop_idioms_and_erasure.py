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

from tests.unit.shop_orders_kit import DESTROYERS, WIDE
from toolfilter_core import Embedder, ToolFilter

pytestmark = pytest.mark.integration
SHOP = WIDE


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
