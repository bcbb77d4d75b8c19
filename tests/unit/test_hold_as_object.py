"""A hold that is the registry's own object: cancelling it is that destroyer's act, not a pause lifted.

A library's registry (written by a language model from a library's services alone) has ``hold_cancel`` ("Cancel a
hold."). "please cancel my hold" was read as lifting a pause (``ask_form.lifts_a_pause``) and ``hold_cancel`` was held
by the destructive guard; where a destroyer's name or description makes the hold its object, the lift reading does not
hold it (``ask_form.pause_is_an_object``). It still holds a destroyer of another object (a membership's cancel).
"条码 31200877 这本书破损严重，从馆藏里注销掉" names the book copy (``zh_records``), not the member account whose act
注销 says too.
Cosines fixed by hand (``TableEmbedder``).
"""

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.ask_form import lifts_a_pause, pause_is_an_object
from toolfilter_core._pipeline.decide import asked_to_destroy, names_objects, says_acts

from .fakes import act_phrases, hand_filter, tool_axes, unit

HOLD_CANCEL = ToolSpec("hold_cancel", "Cancel a hold. The member loses their place in the queue.")
ROOM_CANCEL = ToolSpec("room_booking_cancel", "Cancel a room booking and release the room.")
HOLD_STATUS = ToolSpec("hold_status", "Status of a member's holds: queue position, ready for pickup, expiry date.")
MEMBERSHIP_CANCEL = ToolSpec("cancel_membership", "Cancel a membership and stop billing.")
ASK = "please cancel my hold"
TOOLS = [HOLD_CANCEL, ROOM_CANCEL, HOLD_STATUS]
TABLE = tool_axes(TOOLS) | act_phrases(5, 6) | {ASK: unit(0, 0.62, 0.58, 0.42)}


@pytest.mark.parametrize("text", [ASK, "I want to cancel my hold on Dune", "cancel the hold on my card"])
def test_a_hold_a_destroyer_acts_on_is_its_object_not_a_pause(text):
    assert pause_is_an_object(text, [ROOM_CANCEL, HOLD_CANCEL])
    assert not lifts_a_pause(text, [HOLD_CANCEL])
    assert asked_to_destroy(text, None, None, destroyers=[HOLD_CANCEL])


@pytest.mark.parametrize("text", [ASK, "lift the freeze on my membership", "解除冻结", "cancel the hold on my card"])
def test_a_pause_no_destroyer_acts_on_is_still_lifted(text):
    """A membership's cancel does not make the hold or the freeze its object: the pause is lifted, no destroy asked."""
    assert not pause_is_an_object(text, [MEMBERSHIP_CANCEL, ROOM_CANCEL])
    assert lifts_a_pause(text, [MEMBERSHIP_CANCEL])
    assert not asked_to_destroy(text, None, None, destroyers=[MEMBERSHIP_CANCEL])


def test_cancelling_the_hold_says_the_hold_cancels_act():
    said = says_acts(ASK, TOOLS, np.array([[True, True, False]]))
    assert said[0, 0]


def test_please_cancel_my_hold_gets_the_hold_cancel_not_the_room_cancel():
    s = hand_filter(TOOLS, TABLE, min_score=0.4).select(ASK)
    assert "hold_cancel" in s.names, s.explain()
    assert "room_booking_cancel" not in s.names, s.explain()


WITHDRAW = ToolSpec("book_copy_withdraw", "Withdraw a copy from the catalogue permanently (damaged, lost, weeded).")
ACCOUNT_DELETE = ToolSpec("member_account_delete", "Delete a member account and all its personal data.")


def test_a_book_withdrawn_from_the_collection_names_the_copys_object_not_the_accounts():
    """注销 is both tools' verb; 这本书 and 馆藏 name the book copy, so the account's delete is not let in for it."""
    text = "条码 31200877 这本书破损严重，从馆藏里注销掉"
    named = names_objects(text, [WITHDRAW, ACCOUNT_DELETE], np.array([[True, True]]))
    assert named.tolist() == [[True, False]]
    assert not names_objects("注销读者 20034545 的账户", [WITHDRAW], np.array([[True]])).any()
