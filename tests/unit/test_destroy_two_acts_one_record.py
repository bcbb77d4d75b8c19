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

from tests.unit.shop_orders_kit import DESTROYERS, WIDE
from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._pipeline.zh_records import head_records

SHOP = WIDE


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
