"""Near variants of the later-act, have-it-done and not-wanted readings, the real default embedder, no profiles.

A small shop registry (orders, customers). Whether data can be got back after a destroy, a perfect asked of a noun
subject without "?", 不要了 asked whether or passed on send no destroyer; a refund asked possible with "please process
it if so" after it, and 不要了 said, send theirs.
"""

from __future__ import annotations

from functools import cache

import pytest

from tests.unit.shop_orders_kit import DESTROYERS, WIDE
from toolfilter_core import Embedder, ToolFilter, recommended_config

pytestmark = pytest.mark.integration


@cache
def _filter(embedder: Embedder) -> ToolFilter:
    return ToolFilter(WIDE, config=recommended_config(), embedder=embedder)


@pytest.mark.parametrize(
    "text",
    [
        "客户 C-12 删除后数据还能恢复吗",
        "订单 ORD-5521 取消后还能恢复吗",
        "have the staff refunded ORD-5521 yet",
        "have the warehouse cancelled ORD-5521",
        "订单 ORD-5521 不要了吗？帮我查一下",
        "我妈说订单 ORD-5521 不要了，你先别动，帮我看一下",
    ],
)
def test_a_near_variant_gets_no_destroyer(default_embedder: Embedder, text: str) -> None:
    selection = _filter(default_embedder).select(text)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.mark.parametrize(
    ("text", "destroyer"),
    [
        ("could I still get a refund for ORD-5521? please process it if so", "refund_order"),
        ("can I still cancel ORD-5521? if yes, do it", "cancel_order"),
        ("订单 ORD-5521 不要了", "cancel_order"),
        ("have order ORD-5521 cancelled", "cancel_order"),
    ],
)
def test_the_destroyer_asked_is_sent(default_embedder: Embedder, text: str, destroyer: str) -> None:
    selection = _filter(default_embedder).select(text)
    assert destroyer in selection.names, selection.explain()
