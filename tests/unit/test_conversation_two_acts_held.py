"""A reply to a proposal of two acts gets the acts it takes where the guard held both; "X not needed" takes the rest.

On the shop registry the guard holds both destroyers of "Shall I cancel order ORD-5521 and refund the payment?": "ok
but not yet the refund" and "yes, leave out the refund" got no destroyer (the reply could only take from what the
selection held); "refund not needed" on its own was a request and got the refund it declined, "the cancel is not
needed, just refund" got both.
"""

from __future__ import annotations

import pytest

from tests.unit.shop_orders_kit import TOOLS, last_destroyers, turns
from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation_read import read_turn

FIRST = "look up order ORD-5521"
PROPOSAL = "Shall I cancel order ORD-5521 and refund the payment?"
PROPOSAL_ZH = "要取消订单 ORD-5521 并退款吗？"
REFUND_ONLY = "Shall I refund the payment of order ORD-5521?"


def _acts(reply: str, proposal: str = PROPOSAL) -> set[str]:
    return last_destroyers(ToolFilter(TOOLS, embedder=HashingEmbedder()), FIRST, proposal, reply)


@pytest.mark.parametrize(
    ("reply", "proposal", "acts"),
    [
        ("ok but not yet the refund", PROPOSAL, {"cancel_order"}),
        ("yes, leave out the refund", PROPOSAL, {"cancel_order"}),
        ("refund not needed", PROPOSAL, {"cancel_order"}),
        ("the cancel is not needed, just refund", PROPOSAL, {"refund_order"}),
        ("yes", PROPOSAL, {"cancel_order", "refund_order"}),
        ("取消就行，退款不用", PROPOSAL_ZH, {"cancel_order"}),
    ],
)
def test_a_reply_to_two_acts_the_guard_held_takes_those_it_keeps(reply: str, proposal: str, acts: set[str]) -> None:
    assert _acts(reply, proposal) == acts


@pytest.mark.parametrize(
    ("reply", "proposal"), [("no to both", PROPOSAL), ("都不用了", PROPOSAL_ZH), ("refund not needed", REFUND_ONLY)]
)
def test_a_reply_declining_every_act_offered_takes_none(reply: str, proposal: str) -> None:
    assert _acts(reply, proposal) == set()


@pytest.mark.parametrize(
    ("reply", "proposal"),
    [("refund not needed", PROPOSAL), ("the cancel is not needed, just refund", PROPOSAL), ("退款不用了", PROPOSAL_ZH)],
)
def test_declining_one_of_two_acts_confirms_the_other(reply: str, proposal: str) -> None:
    assert read_turn(turns(FIRST, proposal, reply)).kind == "confirmation"


@pytest.mark.parametrize("reply", ["refund not needed", "the refund is not needed, thanks"])
def test_declining_the_one_act_offered_confirms_nothing(reply: str) -> None:
    assert read_turn(turns(FIRST, REFUND_ONLY, reply)).kind == "closing"
