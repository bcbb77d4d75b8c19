"""A destroy act said in an idiom or a plain synonym is asked exactly where its plain verb would be.

A hearing clinic's "can we scrap repair order RP-20990" and "Just bin Mr Kowalski's appointment tomorrow", a farm
box scheme's "Time to pull the plug on the Hendersons' subscription", "she wants to end her veg box for good" and
"take the eggs out of M-1890's box this week" held their destroyer as not asked for: no verb list read them. The
guard reads each written as its plain verbs (``plain_verbs.in_plain_verbs``), so a negation ("don’t", "no need
to"), hearsay, a question or a condition reads it as it reads "cancel", and a noun ("the bin") is no act.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, Profiles, Reason, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.plain_verbs import in_plain_verbs

GONE = {"destructiveHint": True}
CLINIC = [
    ToolSpec("get_appointment", "Look up an appointment by id or a patient's upcoming appointments."),
    ToolSpec("reschedule_appointment", "Move an existing appointment to another slot."),
    ToolSpec("cancel_appointment", "Cancel an appointment and free the slot.", annotations=GONE),
    ToolSpec("get_repair_order", "Look up a repair order by id (RP-xxxxx): status, device, fault."),
    ToolSpec("cancel_repair_order", "Cancel a repair order before it is sent to the manufacturer.", annotations=GONE),
    ToolSpec("delete_patient_record", "Permanently delete a patient's record.", annotations=GONE),
]
BOXES = [
    ToolSpec("get_subscription", "Get a member's veg box subscription: size, day, status."),
    ToolSpec("pause_subscription", "Pause a member's veg box subscription for some weeks."),
    ToolSpec("cancel_subscription", "Cancel a member's veg box subscription.", annotations=GONE),
    ToolSpec("get_box_contents", "What's in this week's box for a box size."),
    ToolSpec("remove_item_from_box", "Remove an item from a member's upcoming box.", annotations=GONE),
]
PROFILED = {
    "get_appointment": ToolProfile(("when is Mr Jones's next appointment",)),
    "cancel_appointment": ToolProfile(("cancel her appointment on Friday", "bin her appointment, she's not coming")),
    "get_repair_order": ToolProfile(("status of repair order RP-1200",)),
    "cancel_repair_order": ToolProfile(("cancel repair order RP-1201",)),
    "get_subscription": ToolProfile(("what box is S-1000 on",)),
    "cancel_subscription": ToolProfile(("cancel subscription S-1001",)),
    "get_box_contents": ToolProfile(("what's in the small box this week",)),
    "remove_item_from_box": ToolProfile(("remove the leeks from M-1002's box",)),
}
ASKS = [
    (
        CLINIC,
        "can we scrap repair order RP-20990, the patient found the aid was just out of battery",
        "cancel_repair_order",
    ),
    (CLINIC, "Just bin Mr Kowalski's appointment tomorrow, he's not coming.", "cancel_appointment"),
    (BOXES, "Time to pull the plug on the Hendersons' subscription S-4471.", "cancel_subscription"),
    (BOXES, "Gemma rang, she wants to end her veg box for good, her sub is S-4419.", "cancel_subscription"),
    (BOXES, "take the eggs out of M-1890's box this week, she's off eggs now.", "remove_item_from_box"),
]


def _select(tools: list[ToolSpec], text: str, profiled: bool) -> tuple[list[str], set[str]]:
    profiles = Profiles({t.name: PROFILED[t.name] for t in tools if t.name in PROFILED}) if profiled else None
    tf = ToolFilter(tools, embedder=HashingEmbedder(), profiles=profiles)
    s = tf.select(text)
    return list(s.names), {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize(("tools", "text", "tool"), ASKS)
def test_an_idiom_asks_the_destroyer_its_plain_verb_would(tools, text, tool, profiled) -> None:
    names, _ = _select(tools, text, profiled)
    assert tool in names, names
    assert "delete_patient_record" not in names, names


NOT_ASKED = [
    "don’t pull the plug on the Hendersons' subscription S-4471",
    "don't pull the plug on the Hendersons' subscription S-4471",
    "no need to pull the plug on the Hendersons' subscription S-4471",
    "We pulled the plug on the Hendersons' subscription S-4471 last spring; what box is S-4471 on now?",
    "He said they'd pull the plug on subscription S-4471 if prices rise. What box is S-4471 on?",
    "Hold off on pulling the plug on subscription S-4471, what box is it on?",
]


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize("text", NOT_ASKED)
def test_an_idiom_refused_or_reported_asks_nothing(text: str, profiled: bool) -> None:
    names, _ = _select(BOXES, text, profiled)
    assert "cancel_subscription" not in names, names


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize(
    "text",
    [
        "Mr Kowalski's hearing aid case: put it in the bin it came from, then check appointment AP-221",
        "don’t scrap repair order RP-20990, the part is on its way",
        "no need to scrap repair order RP-20990",
    ],
)
def test_a_bin_noun_or_a_refused_scrap_sends_no_canceller(text: str, profiled: bool) -> None:
    names, _ = _select(CLINIC, text, profiled)
    assert "cancel_appointment" not in names and "cancel_repair_order" not in names, names


@pytest.mark.parametrize(
    ("idiom", "plain"),
    [
        (
            "don’t pull the plug on the Hendersons' subscription S-4471",
            "don’t cancel the Hendersons' subscription S-4471",
        ),
        ("should we pull the plug on subscription S-4471?", "should we cancel subscription S-4471?"),
        ("if she doesn't pay by Friday, pull the plug on S-4471", "if she doesn't pay by Friday, cancel S-4471"),
        ("they said they'd pull the plug on S-4471", "they said they'd cancel S-4471"),
        ("no need to bin subscription S-4471", "no need to cancel subscription S-4471"),
        ("we ditched subscription S-4471 last spring", "we cancelled subscription S-4471 last spring"),
    ],
)
@pytest.mark.parametrize("profiled", [False, True])
def test_an_idiom_is_asked_exactly_where_its_plain_verb_is(idiom: str, plain: str, profiled: bool) -> None:
    assert ("cancel_subscription" in _select(BOXES, idiom, profiled)[0]) is (
        "cancel_subscription" in _select(BOXES, plain, profiled)[0]
    )


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("pull the plug on S-1", "cancel S-1"),
        ("we pulled the plug on it", "we cancelled it"),
        ("can we scrap repair order RP-1", "can we cancel repair order RP-1"),
        ("just bin Mr Kowalski's slot", "just cancel Mr Kowalski's slot"),
        ("end her veg box for good", "cancel/end her veg box for good"),
        ("take the kale out of this week's box", "remove the kale from this week's box"),
        ("took the eggs out of M-1890's box", "removed the eggs from M-1890's box"),
        ("bag U-2026-118611 split, bin it", "bag U-2026-118611 split, remove it"),
        ("bin off voucher GV-9QP1-63", "remove voucher GV-9QP1-63"),
        ("put it in the bin it came from", "put it in the bin it came from"),
        ("scrap metal prices", "scrap metal prices"),
        ("BK-44150 scrap it", "BK-44150 scrap it"),
        ("scrap in_1PmW3a2eZvKYlo2C", "scrap in_1PmW3a2eZvKYlo2C"),
        ("scrap tomorrow's visit JB-74955", "cancel tomorrow's visit JB-74955"),
        ("a scrap of paper for RP-1", "a scrap of paper for RP-1"),
        ("take £20 out of her account", "take £20 out of her account"),
        ("take the money out of her account", "take the money out of her account"),
        ("at the end of the week for good", "at the end of the week for good"),
        # a throw-away verb in verb position, before the thing it names: cancel a thing booked, remove another
        ("ditch order ORD-1", "cancel order ORD-1"),
        ("please axe the booking for Maria", "please cancel the booking for Maria"),
        ("we trashed her appointment", "we cancelled her appointment"),
        ("can you get rid of customer C-12", "can you remove customer C-12"),
        ("just junk the note on ORD-1", "just remove the note on ORD-1"),
        ("drop order ORD-1", "cancel order ORD-1"),
        ("ditch the order status report", "remove the order status report"),  # "order" modifies, not booked
        ("kill the booking BK-2", "cancel the booking BK-2"),
        # not in verb position, or naming no thing after it: a noun, a noun's modifier, a place
        ("scrap metal order ORD-1", "scrap metal order ORD-1"),
        ("scrap metal order ORD-5521 status?", "scrap metal order ORD-5521 status?"),
        ("bin bags order ORD-5521 where is it", "bin bags order ORD-5521 where is it"),
        ("check bin B-12", "check bin B-12"),
        ("count bin B-12 for order ORD-5521", "count bin B-12 for order ORD-5521"),
        ("record scrap for work order WO-1", "record scrap for work order WO-1"),
        ("log scrap against order ORD-5521", "log scrap against order ORD-5521"),
        # drop and kill name tools' own acts: read as cancel only of a thing booked
        ("drop the users table", "drop the users table"),
        ("kill process 4411", "kill process 4411"),
        ("drop the price of order ORD-1 by 10%", "drop the price of order ORD-1 by 10%"),
        # a thing booked not wanted or given back, in Chinese; not a thing bought nor money
        ("订单 ORD-1 不要了", "订单 ORD-1 取消"),
        ("把预约 A-1 退掉", "把预约 A-1 取消"),
        ("退掉订单 ORD-1", "取消订单 ORD-1"),
        ("香菜不要了", "香菜不要了"),
        ("那笔钱退掉", "那笔钱退掉"),
    ],
)
def test_idioms_are_read_as_their_plain_verbs(text: str, read: str) -> None:
    assert in_plain_verbs(text) == read
