"""A reply that declines an offered destroy and asks another; a confirmation of an offer on one record.

"订单 ORD-5521 到哪了" / "需要我帮你取消吗？" / "不用取消，帮我退款" got no ``refund_order`` (the hashing embedder does
not rank it for the Chinese words); "确认要作废 INV-3300 吗？" / "对，确认" also offered ``inspection_cancel``, whose
act 作废 says too, on another record than the invoice the offer names. "不用取消了，帮我查一下退款政策" and "no, send me
the refund policy" got ``refund_order``: the refund's word there names a thing read, not the act asked. A reply
that asked two acts got one: "不要取消，退款就好，另外把 ORD-5522 也取消" lost the cancel of another order, and "no,
refund the customer and delete their account" lost the refund.
"""

from __future__ import annotations

import pytest

from tests.unit.shop_orders_kit import TOOLS, last_destroyers
from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._conversation import Turn
from toolfilter_core._conversation_policy import _asked_acts, _offering
from toolfilter_core._conversation_read import read_turn
from toolfilter_core._offered_object import on_offered_object
from toolfilter_core._types import ScoreBreakdown, ScoredTool

WHERE = "订单 ORD-5521 到哪了"
OFFER = "昨天已经发货了。需要我帮你取消吗？"
GONE = {"destructiveHint": True}


def _acts(reply: str) -> set[str]:
    return last_destroyers(ToolFilter(TOOLS, embedder=HashingEmbedder()), WHERE, OFFER, reply)


@pytest.mark.parametrize("reply", ["不要，帮我退款", "不用取消，帮我退款", "不取消。帮我退款", "不用了，退款吧"])
def test_declining_the_offer_and_asking_a_refund_gets_the_refund_alone(reply: str) -> None:
    assert _acts(reply) == {"refund_order"}


@pytest.mark.parametrize(
    "reply", ["不要，帮我查一下物流", "不用取消，先给我看看订单", "不要", "不用取消了，帮我查一下退款政策"]
)
def test_declining_the_offer_and_asking_no_destroy_gets_no_destroyer(reply: str) -> None:
    assert _acts(reply) == set()


@pytest.mark.parametrize("reply", ["no, send me the refund policy", "no thanks, what is the refund status?"])
def test_declining_in_english_and_asking_a_read_of_the_refund_gets_no_destroyer(reply: str) -> None:
    """The refund's word before a read noun names a thing to read, not the act asked."""
    tool_filter = ToolFilter(TOOLS, embedder=HashingEmbedder())
    assert not last_destroyers(tool_filter, "Where is order ORD-5521?", "It shipped yesterday. Cancel it?", reply)


def test_declining_in_english_and_asking_the_refund_gets_it() -> None:
    tool_filter = ToolFilter(TOOLS, embedder=HashingEmbedder())
    reply = "no, refund it instead"
    acts = last_destroyers(tool_filter, "Where is order ORD-5521?", "It shipped yesterday. Cancel it?", reply)
    assert acts == {"refund_order"}


def test_declining_and_asking_the_offered_act_on_another_order_gets_both() -> None:
    assert _acts("不要取消，退款就好，另外把 ORD-5522 也取消") == {"refund_order", "cancel_order"}


def test_declining_and_telling_another_act_gets_the_asked_one_alone() -> None:
    """A clause that tells an act another will see to asks none: no refund beside the asked delete."""
    tool_filter = ToolFilter(TOOLS, embedder=HashingEmbedder())
    reply = "no. delete the note on it, the customer will call about the refund"
    acts = last_destroyers(tool_filter, "Where is order ORD-5521?", "It shipped yesterday. Cancel it?", reply)
    assert acts == {"delete_order_note"}


def test_declining_in_english_and_asking_two_acts_gets_both() -> None:
    tool_filter = ToolFilter(TOOLS, embedder=HashingEmbedder())
    reply = "no, refund the customer and delete their account"
    acts = last_destroyers(tool_filter, "Where is order ORD-5521?", "It shipped yesterday. Cancel it?", reply)
    assert acts == {"refund_order", "delete_customer"}  # not the order note's delete, nor the cancel


def _tool(name: str, description: str, key: str, annotations: dict[str, bool] | None = None) -> ToolSpec:
    schema = {"type": "object", "properties": {key: {"type": "string"}}, "required": [key]}
    return ToolSpec(name, description, schema, annotations=annotations)


PEST = [
    _tool("invoice_get", "Get an invoice: amount, line items, due date and payment status.", "invoice_id"),
    _tool("invoice_void", "Void an issued invoice so it is no longer owed (e.g. billed in error).", "invoice_id", GONE),
    _tool("inspection_get", "Get a booked inspection: date, address and technician.", "inspection_id"),
    _tool("inspection_cancel", "Cancel a booked inspection and free the technician's slot.", "inspection_id", GONE),
    _tool("customer_notify", "Send the customer an SMS or email.", "customer_id"),
]
VOID_TALK = [
    Turn("user", "发票 INV-3300 是多少钱？"),
    Turn("assistant", "", called=("invoice_get",)),
    Turn("tool", '{"amount": 480, "status": "unpaid"}', called=("invoice_get",)),
    Turn("assistant", "INV-3300 金额 480 元，未付。"),
    Turn("user", "这张开错了，作废掉"),
    Turn("assistant", "确认要作废 INV-3300 吗？作废后无法恢复。"),
    Turn("user", "对，确认"),
]


def _scored(name: str) -> ScoredTool:
    return ScoredTool(next(t for t in PEST if t.name == name), ScoreBreakdown({}, {}, 0.0))


def test_a_confirmation_takes_the_offer_on_its_own_record() -> None:
    tool_filter = ToolFilter(PEST, embedder=HashingEmbedder())
    reading = read_turn(VOID_TALK)
    assert reading.kind == "confirmation"
    fresh = _offering(tool_filter.select(reading.query), (_scored("invoice_get"), _scored("inspection_cancel")))
    kept = (_scored("invoice_get"), _scored("invoice_void"))
    offered, _ = _asked_acts(tool_filter, fresh, kept, reading, VOID_TALK, {})
    assert "inspection_cancel" not in offered.names
    assert "invoice_void" in offered.names


def test_an_offer_s_id_names_its_record() -> None:
    tool_filter = ToolFilter(PEST, embedder=HashingEmbedder())
    both = [t for t in PEST if t.annotations]
    assert [t.name for t in on_offered_object(tool_filter, "确认要作废 INV-3300 吗？", both)] == ["invoice_void"]
    assert on_offered_object(tool_filter, "确认要作废吗？", both) == both
