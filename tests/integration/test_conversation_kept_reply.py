"""Whole conversations, the real default embedder: a reply keeping the thing offered to be destroyed gets no destroyer.

After "我可以帮你删除客户 C-12，需要吗？", "留着就行" (just keep it), "保留就好" and "先放着就行" were sent
``delete_customer``, and "留着就行" after an offer to cancel ORD-5521 ``cancel_order``: a verb with 就行 or 吧 was read
as a yes whatever it said. "先放着吧" read as a request of its own was sent ``delete_order_note``, which its words came
near. A verb that says the act offered still takes it.
"""

from __future__ import annotations

import pytest

from tests.unit.shop_orders_kit import TOOLS, last_destroyers
from toolfilter_core import Embedder, ToolFilter

pytestmark = pytest.mark.integration

DELETE = "我可以帮你删除客户 C-12，需要吗？"
CANCEL = "我可以帮你取消订单 ORD-5521，需要吗？"
CUSTOMER, ORDER = "查一下客户 C-12", "查一下订单 ORD-5521"


@pytest.mark.parametrize(
    ("first", "offer", "reply"),
    [
        (CUSTOMER, "我可以帮你删除客户 C-12。", "留着就行"),
        (CUSTOMER, DELETE, "保留就好"),
        (CUSTOMER, DELETE, "先放着就行"),
        (ORDER, CANCEL, "留着就行"),
        (CUSTOMER, DELETE, "好的，留着就行"),
        (ORDER, "要我先取消订单 ORD-5521 吗？", "先放着吧"),
        ("把客户 C-12 删了", "客户 C-12 还有两个未完成的订单。", "那留着吧"),
    ],
)
def test_a_reply_keeping_the_thing_gets_no_destroyer(
    default_embedder: Embedder, first: str, offer: str, reply: str
) -> None:
    assert last_destroyers(ToolFilter(TOOLS, embedder=default_embedder), first, offer, reply) == set()


@pytest.mark.parametrize(
    ("first", "offer", "reply", "act"),
    [
        (CUSTOMER, DELETE, "删吧", "delete_customer"),
        (CUSTOMER, "Shall I delete customer C-12?", "那就删吧", "delete_customer"),
        (ORDER, CANCEL, "取消就行", "cancel_order"),
        (ORDER, "要我给订单 ORD-5521 退款吗？", "退吧", "refund_order"),
        ("把客户 C-12 删了", "客户 C-12 还有两个未完成的订单。", "好的，删吧", "delete_customer"),
    ],
)
def test_a_reply_saying_the_act_offered_gets_it(
    default_embedder: Embedder, first: str, offer: str, reply: str, act: str
) -> None:
    assert last_destroyers(ToolFilter(TOOLS, embedder=default_embedder), first, offer, reply) == {act}
