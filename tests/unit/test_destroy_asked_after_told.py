"""An act the request asks after telling it: each told-not-asked reading keeps an own ask.

A relayed wish that stops at "and (then)" or a colon (``unasked._RELATIVE_EN``), a doubt the next clause goes on
with ("I might cancel A-3310, please do it now", ``unasked._goes_on``), a decision ("I might as well"), a field
deleted beside the record deleted (``parts.asked_besides``), a wipe said in its own synonyms and a lock told as a
state (``rides``), two orders one before the other (``befores.orders_in_turn``), a relayed wish refused ("she no
longer wants to cancel", ``_negated``) and a forced end a description opens with (``_sentence_acts``).
"""

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._negated import refused_apart
from toolfilter_core._pipeline.befores import split_befores
from toolfilter_core._pipeline.parts import fields_deleted
from toolfilter_core._pipeline.rides import riders, says_its_act
from toolfilter_core._pipeline.unasked import split_unasked
from toolfilter_core._sentence_acts import first_sentence_acts, request_says_a_first_sentence_act

WIPE = ToolSpec("device_wipe", "Remotely wipe a managed device (factory reset, all data erased).")
LOCK = ToolSpec("device_lock", "Remote lock a lost device and show a contact message on screen.")
INFO = ToolSpec("device_info", "Show a managed device's details by asset tag.")
CUSTOMER_DELETE = ToolSpec("customer_delete", "Permanently delete a customer and all their data.")
CUSTOMER_UPDATE = ToolSpec("customer_update", "Update a customer's phone, email, address or notes.")
ORDER_DELETE = ToolSpec("order_delete", "Delete an order.")
FORCE_END = ToolSpec(
    "ride_force_end", "Force-end a ride remotely: lock the bike wherever it is and close the ride; the rider pays."
)


@pytest.mark.parametrize(
    ("text", "wish", "asked"),
    [
        (
            "look up user U-12 who asked us to delete their account and then delete it",
            "who asked us to delete their account",
            "and then delete it",
        ),
        ("find the user who wants to delete their account and delete it", "who wants to delete their account", "and"),
        ("the user who asked to delete their account: delete it", "who asked to delete their account", ": delete it"),
        ("look up client C-4410 who asked to be deleted and delete her profile", "who asked to be deleted", "delete"),
    ],
)
def test_a_relative_wish_stops_before_the_own_ask(text: str, wish: str, asked: str) -> None:
    ask, said = split_unasked(text)
    assert said == wish
    assert asked in ask


@pytest.mark.parametrize(
    "text",
    [
        "I might cancel A-3310, please do it now",
        "I may cancel appointment A-3310 today; please do it",
        "我可能要取消预约 A-3310，直接办吧",
        "我在考虑取消预约 A-3310，那就办吧",
        "I might as well delete my account",
        "we might as well delete old-club",
    ],
)
def test_a_doubt_gone_on_with_or_a_decision_is_kept(text: str) -> None:
    assert split_unasked(text) == (text, "")


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        ("I might cancel A-3310, please show it first", "I might cancel A-3310"),
        ("I'm not thinking about cancelling, just tell me when my appointment is", "I'm not thinking about cancelling"),
        ("我没在考虑取消，告诉我预约是几点", "我没在考虑取消"),
    ],
)
def test_a_doubt_or_its_denial_beside_another_ask_is_read_apart(text: str, apart: str) -> None:
    ask, said = split_unasked(text)
    assert said == apart and apart not in ask


@pytest.mark.parametrize(
    "text",
    [
        "delete the phone number on CU-5120, then delete the customer entirely",
        "remove the notes from CU-5120 and delete the customer",
        "把 CU-5120 的旧电话号码删掉，然后把客户 CU-7000 删除",
    ],
)
def test_a_field_deleted_beside_the_record_deleted_holds_only_the_others(text: str) -> None:
    tools, destructive = [CUSTOMER_DELETE, CUSTOMER_UPDATE, ORDER_DELETE], np.array([[True, False, True]])
    assert fields_deleted(text, tools, destructive).tolist() == [[False, False, True]]


def test_a_field_deleted_alone_still_holds_the_record_destroyer() -> None:
    tools, destructive = [CUSTOMER_DELETE, CUSTOMER_UPDATE, ORDER_DELETE], np.array([[True, False, True]])
    held = fields_deleted("delete the old phone number on CU-5120", tools, destructive)
    assert held.tolist() == [[True, False, True]]


@pytest.mark.parametrize(
    "text",
    ["笔记本 UNI-5521 被偷了，先锁定再远程擦除", "lock UNI-5521 and scrub it clean", "lock UNI-5521, then erase it"],
)
def test_a_wipe_said_in_its_synonyms_rides_along_with_no_lock(text: str) -> None:
    assert says_its_act(text, WIPE)
    assert not riders(text, [WIPE, LOCK, INFO], np.array([[True, False, False]]), np.zeros((1, 3), dtype=bool)).any()


@pytest.mark.parametrize("text", ["lock UNI-5521 first", "先锁定 UNI-5521"])
def test_a_lock_alone_says_no_wipe(text: str) -> None:
    assert not says_its_act(text, WIPE)


@pytest.mark.parametrize(
    "text",
    [
        "refund sale S-4455 before cancelling her appointment",
        "cancel appointment A-3310 before refunding sale S-4455",
        "取消预约 A-3310 前先帮我退款 S-4455",
    ],
)
def test_two_orders_one_before_the_other_are_both_asked(text: str) -> None:
    assert split_befores(text) == (text, "")


@pytest.mark.parametrize(
    ("text", "before"),
    [("Before we void TO-3391, show me the order", "Before we void TO-3391"), ("删除账号前，先查余额", "删除账号前")],
)
def test_a_before_of_a_read_is_still_read_apart(text: str, before: str) -> None:
    assert split_befores(text)[1] == before


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("客户说她不想取消预约了，帮我看看预约", "不想取消预约了"),
        (
            "the customer says she no longer wants to cancel appointment A-3310, show it to me",
            "no longer wants to cancel appointment A-3310",
        ),
    ],
)
def test_a_relayed_wish_no_longer_held_is_refused(text: str, refused: str) -> None:
    assert refused_apart(text)[1] == refused


@pytest.mark.parametrize("text", ["我不想要了，取消吧", "I no longer want it, cancel it"])
def test_a_thing_no_longer_wanted_refuses_no_act(text: str) -> None:
    assert refused_apart(text) == (text, "")


def test_a_forced_end_the_description_opens_with_is_its_act() -> None:
    assert first_sentence_acts(FORCE_END) == [("end", "ride")]


@pytest.mark.parametrize(
    "text",
    ["Don't wait, force-end ride R-77", "No need to look it up, just force-end ride R-77", "force-end ride R-77"],
)
def test_a_forced_end_asked_after_a_refusal_of_something_else_is_asked(text: str) -> None:
    assert request_says_a_first_sentence_act(text, FORCE_END)


def test_a_forced_end_refused_is_not_asked() -> None:
    assert not request_says_a_first_sentence_act("don't force-end ride R-77", FORCE_END)
