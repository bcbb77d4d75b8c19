"""A thing no longer needed, a thing moved, a time to come: read as the speaker means them.

"I no longer need the discount on ORD-5521" gave up the discount, not the order, and "I no longer need AP-2231 at
3pm, can we do 4pm" asks a move; both were read as a cancel. "take ORD-5521 out of the queue and put it back
tomorrow" moves it, read as "move": "remove" still asked to destroy, and "… we'll add it back next week" was sent
``refund_order``; "Pull ORD-5521 off the schedule instead of delaying it" is a cancel ("instead of" points away). "I
don't need ORD-5521 anymore, refund it" asks the refund alone. "我说订单 ORD-5521 不要了" is
the speaker's own saying, not a relay, and "我不需要订单 ORD-5521 了" is its "no longer need". "We'll refund ORD-5521
after all" is a decision made now, and "I'll cancel ORD-5521 tomorrow, for now show me its status" puts the cancel
off as "next week" does.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.later_acts import split_later_acts
from toolfilter_core._pipeline.plain_verbs import in_plain_verbs

from . import clinic_subscriptions_kit as clinic
from . import shop_kit as shop

SHOP = shop.registry("get_order", "cancel_order", "refund_order", "send_email")
CLINIC = clinic.registry("get_appointment", "reschedule_appointment", "cancel_appointment")


@pytest.mark.parametrize(
    "text",
    [
        "I no longer need the discount on ORD-5521, charge full price",  # a thing of the record
        "I no longer need the receipt for ORD-5521, just tell me the status",
        "I no longer need help with ORD-5521, thanks",
        "I no longer need the interpreter for AP-2231",
        "I no longer need AP-2231 at 3pm, can we do 4pm",  # the record at a time: a move
        "I don't need ORD-5521 anymore, refund it",  # the reason for another destroy act
        "我妈说订单 ORD-5521 不要了",  # another's words, relayed
        "他不需要订单 ORD-5521 了",  # another's want
    ],
)
def test_no_cancel_is_read_in(text: str) -> None:
    assert in_plain_verbs(text) == text


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("I no longer need AP-2231", "cancel/remove AP-2231"),
        ("I no longer need the Smiths' appointment", "cancel the Smiths' appointment"),
        ("我说订单 ORD-5521 不要了", "我说订单 ORD-5521 取消"),  # the speaker's own saying
        ("说实话订单 ORD-5521 不要了", "说实话订单 ORD-5521 取消"),  # "honestly": no saying of another
        ("我不需要订单 ORD-5521 了", "取消订单 ORD-5521"),
        ("我不需要预约 AP-2231 了", "取消预约 AP-2231"),
        ("AP-2231 我不需要了", "AP-2231 不要了"),  # an id alone: any destroy act of its record
        ("订单 ORD-5521 不要了", "订单 ORD-5521 取消"),
        (
            "take ORD-5521 out of the queue for now and put it back tomorrow",  # put back: a move
            "move ORD-5521 from the queue for now and put it back tomorrow",
        ),
        (
            "Take ORD-5521 out of the queue, we'll add it back next week",
            "move ORD-5521 from the queue, we'll add it back next week",
        ),
        ("pull AP-2231 off the schedule and put it on Friday", "move AP-2231 from the schedule and put it on Friday"),
        (
            "Pull ORD-5521 off the schedule instead of delaying it",  # "instead of": the other way, not a move
            "cancel/remove ORD-5521 from the schedule instead of delaying it",
        ),
        ("pull AP-2231 off the schedule", "cancel/remove AP-2231 from the schedule"),
    ],
)
def test_a_want_or_a_move_is_read_as_its_plain_verbs(text: str, read: str) -> None:
    assert in_plain_verbs(text) == read


@pytest.mark.parametrize(
    ("tools", "text", "sent", "held"),
    [
        (SHOP, "I no longer need the discount on ORD-5521, charge full price", "", "cancel_order"),
        (CLINIC, "I no longer need the interpreter for AP-2231", "", "cancel_appointment"),
        (CLINIC, "I no longer need AP-2231 at 3pm, can we do 4pm", "", "cancel_appointment"),
        (SHOP, "I don't need ORD-5521 anymore, refund it", "refund_order", "cancel_order"),
        (SHOP, "take ORD-5521 out of the queue for now and put it back tomorrow", "", "cancel_order"),
        (CLINIC, "pull AP-2231 off the schedule and put it on Friday", "reschedule_appointment", "cancel_appointment"),
        (SHOP, "Take ORD-5521 out of the queue, we'll add it back next week", "", "refund_order"),
        (SHOP, "Pull ORD-5521 off the schedule instead of delaying it", "cancel_order", "refund_order"),
        (SHOP, "ok we will refund ORD-5521 after all, send the customer a note", "refund_order", "cancel_order"),
        (SHOP, "I'll cancel ORD-5521 tomorrow, for now show me its status", "get_order", "cancel_order"),
    ],
)
def test_the_asked_tool_is_sent_and_not_the_cancel(tools: list[ToolSpec], text: str, sent: str, held: str) -> None:
    """The cancel is held; the tool asked is sent where the hashing embedder ranks it ("": read checked above)."""
    names = list(ToolFilter(tools, embedder=HashingEmbedder()).select(text).names)
    assert not sent or sent in names, names
    assert held not in names, names


@pytest.mark.parametrize(
    "text",
    [
        "We'll cancel ORD-5521 after all, email the customer",  # "after all": decided now
        "ok we will refund ORD-5521 after all, send the customer a note",
        "I'll cancel ORD-5521 at once, email the customer",
        "Something came up, I'd have to cancel my bulky pickup BP-5531 on Friday",  # an obligation: asked
    ],
)
def test_a_decision_made_now_is_not_told_for_later(text: str) -> None:
    assert split_later_acts(text) == (text, "")


@pytest.mark.parametrize(
    "text",
    [
        "I'll cancel ORD-5521 tomorrow, for now show me its status",
        "I'll cancel ORD-5521 tonight, for now show me its status",
        "I'll cancel ORD-5521 on Friday, for now show me its status",
        "we'll refund ORD-5521 after the audit, for now show me its status",
        "I'll cancel ORD-5521 next week, for now show me its status",
    ],
)
def test_an_act_at_a_time_to_come_is_told(text: str) -> None:
    rest, told = split_later_acts(text)
    assert "ORD-5521" in told
    assert "show me its status" in rest
