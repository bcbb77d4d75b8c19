"""A bare no to an offered destroy takes none; "both" after an offer of a second act takes both.

"订单 ORD-5521 到哪了" / "需要我帮你取消吗？" / "不用" sent the cancel it declined (the two characters, embedded alone,
sat near the destroy phrases); "cancel order ORD-5521" / "Should I also refund the payment?" / "yes both" sent only
the refund: the cancel asked first was left behind.
"""

from __future__ import annotations

import pytest

from tests.unit.shop_orders_kit import TOOLS, last_destroyers, turns
from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation_read import read_turn

WHERE = "订单 ORD-5521 到哪了"
OFFER_ZH = "昨天已经发货了。需要我帮你取消吗？"
CANCEL = "cancel order ORD-5521"
ALSO_REFUND = "Sure, I can cancel ORD-5521. Should I also refund the payment?"
ALSO_REFUND_ZH = "好的，可以取消 ORD-5521。要不要也给你退款？"


def _acts(first: str, offer: str, reply: str) -> set[str]:
    return last_destroyers(ToolFilter(TOOLS, embedder=HashingEmbedder()), first, offer, reply)


@pytest.mark.parametrize("reply", ["不用", "不要", "没必要", "不需要", "好的，不用"])
def test_a_bare_no_declines_the_offer(reply: str) -> None:
    assert read_turn(turns(WHERE, OFFER_ZH, reply)).kind == "closing"
    assert not _acts(WHERE, OFFER_ZH, reply)


@pytest.mark.parametrize(
    ("offer", "reply"), [(ALSO_REFUND, "yes both"), (ALSO_REFUND, "yes, do both"), (ALSO_REFUND_ZH, "两个都要")]
)
def test_both_takes_the_earlier_ask_with_the_offer(offer: str, reply: str) -> None:
    reading = read_turn(turns(CANCEL, offer, reply))
    assert reading.kind == "confirmation"
    assert CANCEL in reading.query
    assert _acts(CANCEL, offer, reply) == {"cancel_order", "refund_order"}


@pytest.mark.parametrize(("offer", "reply"), [(ALSO_REFUND, "yes"), (OFFER_ZH, "好的")])
def test_a_plain_yes_takes_the_offer_alone(offer: str, reply: str) -> None:
    assert CANCEL not in read_turn(turns(CANCEL, offer, reply)).query
