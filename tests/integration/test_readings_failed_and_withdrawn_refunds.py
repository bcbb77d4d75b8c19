"""Whole selections on a shop's registry, the real default embedder: a refund failed then asked again, one withdrawn.

"上次退款失败了，再帮我退一次 ORD-5521" and "退款失败了，ORD-5521 重新退一下" sent no refund: the failed refund was read
apart and the bare 退 asked again was not read. "…要退款，先别退，看看退货政策" sent the refund: 退 of 退货 (returns)
counted as the refund asked again.
"""

from __future__ import annotations

import pytest

from tests.unit import shop_kit as shop
from toolfilter_core import Embedder, ToolFilter

pytestmark = pytest.mark.integration
SHOP = shop.registry(
    "get_order", "update_order", "cancel_order", "refund_order", "delete_customer", "list_products", "send_email"
)
DESTROYERS = {t.name for t in SHOP if t.annotations}


@pytest.fixture(scope="module")
def chooser(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(SHOP, embedder=default_embedder)


@pytest.mark.parametrize("request_", ["上次退款失败了，再帮我退一次 ORD-5521", "退款失败了，ORD-5521 重新退一下"])
def test_a_failed_refund_asked_again_is_sent(chooser: ToolFilter, request_: str) -> None:
    sent = set(chooser.select(request_).names)
    assert sent & DESTROYERS == {"refund_order"}, sent


@pytest.mark.parametrize(
    "request_", ["他说订单 ORD-5521 要退款，先别退，看看退货政策", "他说订单 ORD-5521 要退款，先别退，看看明细"]
)
def test_a_refund_withdrawn_is_not_sent(chooser: ToolFilter, request_: str) -> None:
    assert not set(chooser.select(request_).names) & DESTROYERS
