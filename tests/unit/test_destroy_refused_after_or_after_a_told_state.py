"""An act refused after its word, in Chinese; an act asked after a state told.

"取消 ORD-5521，退款先不要" (cancel it, no refund yet) was sent ``refund_order`` and not ``cancel_order``: a refusal
said after its act ("退款先不要", "退款就不用了") was no refusal. "The refund was approved, cancel order ORD-5521 too"
was sent no destroyer: once the told state was read apart, its "The" stood before "cancel order" across the comma,
and the cancel read as a noun ("the cancel order").
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._negated import refused_apart
from toolfilter_core._pipeline.noun_acts import acts_as_nouns_apart

from .fakes import takes

GONE = {"destructiveHint": True}
SHOP = [
    ToolSpec("get_order", "Show an order's items, status and delivery date.", takes("order_id")),
    ToolSpec("cancel_order", "Cancel an order before it ships.", takes("order_id"), annotations=GONE),
    ToolSpec("refund_order", "Refund an order's payment to the customer.", takes("order_id"), annotations=GONE),
    ToolSpec("delete_customer", "Delete a customer account and all its data.", takes("customer_id"), annotations=GONE),
    ToolSpec("list_products", "List products and prices.", takes("category")),
]
SHOP_ZH = [
    ToolSpec("get_order", "查看订单的商品、状态和配送日期。", takes("order_id")),
    ToolSpec("cancel_order", "取消一个还没发货的订单。", takes("order_id"), annotations=GONE),
    ToolSpec("refund_order", "给订单退款，把钱退给客户。", takes("order_id"), annotations=GONE),
    ToolSpec("delete_customer", "删除客户账号和它的全部数据。", takes("customer_id"), annotations=GONE),
    ToolSpec("list_products", "列出商品和价格。", takes("category")),
]


def _sent(tools: list[ToolSpec], text: str) -> set[str]:
    return set(ToolFilter(tools, embedder=HashingEmbedder()).select(text).names)


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("取消 ORD-5521，退款先不要", "退款先不要"),
        ("取消订单 ORD-5521，退款就不用了", "退款就不用了"),
        ("退款免了，取消 ORD-5521", "退款免了"),
        ("订单 ORD-5521 不要了", ""),  # a record given up: no act refused
        ("香菜不要了", ""),
    ],
)
def test_a_refusal_after_its_act_refuses_it(text: str, refused: str) -> None:
    assert refused_apart(text)[1] == refused


@pytest.mark.parametrize("text", ["取消 ORD-5521，退款先不要", "取消订单 ORD-5521，退款就不用了"])
def test_the_act_asked_beside_a_refusal_after_its_word_is_sent_alone(text: str) -> None:
    names = _sent(SHOP_ZH, text)
    assert "cancel_order" in names and "refund_order" not in names, names


def test_a_destroy_word_after_another_clause_s_determiner_is_asked() -> None:
    assert "cancel" in acts_as_nouns_apart("The  , cancel order ORD-5521 too")
    assert "cancel" not in acts_as_nouns_apart("where is the cancel button")  # a noun's modifier still


def test_an_act_asked_after_a_state_told_is_sent() -> None:
    names = _sent(SHOP, "The refund was approved, cancel order ORD-5521 too")
    assert "cancel_order" in names and "refund_order" not in names, names
