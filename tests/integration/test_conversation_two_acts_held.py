"""Whole conversations, the real default embedder: a reply to two acts the guard held gets those it keeps.

On the shop registry, after "Shall I cancel order ORD-5521 and refund the payment?" / "要取消订单 ORD-5521 并退款
吗？", "取消就行，退款不用", "yes, leave out the refund" and "ok but not yet the refund" got no destroyer, "refund not
needed" got the refund it declined and "the cancel is not needed, just refund" got both.
"""

from __future__ import annotations

import pytest

from tests.unit.shop_orders_kit import TOOLS, last_destroyers
from toolfilter_core import Embedder, ToolFilter

pytestmark = pytest.mark.integration

FIRST = "look up order ORD-5521"
PROPOSAL = "Shall I cancel order ORD-5521 and refund the payment?"
PROPOSAL_ZH = "要取消订单 ORD-5521 并退款吗？"
BOTH = {"cancel_order", "refund_order"}


@pytest.mark.parametrize(
    ("proposal", "reply", "acts"),
    [
        (PROPOSAL_ZH, "取消就行，退款不用", {"cancel_order"}),
        (PROPOSAL_ZH, "退款不用了", {"cancel_order"}),
        (PROPOSAL_ZH, "好的", BOTH),
        (PROPOSAL, "yes, leave out the refund", {"cancel_order"}),
        (PROPOSAL, "ok but not yet the refund", {"cancel_order"}),
        (PROPOSAL, "refund not needed", {"cancel_order"}),
        (PROPOSAL, "the cancel is not needed, just refund", {"refund_order"}),
        (PROPOSAL, "yes", BOTH),
        (PROPOSAL, "no to both", set()),
        ("Shall I refund the payment of order ORD-5521?", "refund not needed", set()),
    ],
)
def test_a_reply_to_two_acts_held_gets_the_acts_it_keeps(
    default_embedder: Embedder, proposal: str, reply: str, acts: set[str]
) -> None:
    assert last_destroyers(ToolFilter(TOOLS, embedder=default_embedder), FIRST, proposal, reply) == acts
