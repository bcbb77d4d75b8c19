"""A destructive tool's act in its own words: the word its description opens with.

"unfollow Imagine Dragons" reads as asking to destroy by no verb list nor phrase, yet it says
the act ``delete_me_following`` opens its description with ("Unfollow artists or users").
A read that names only the tool's object ("is the code SPRING15 still valid?") says none.
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import opening_word, request_says_its_opening_word
from toolfilter_core._pipeline.decide import says_acts

decide = importlib.import_module("toolfilter_core._pipeline.decide")

UNFOLLOW = ToolSpec("delete_me_following", "Unfollow Artists or Users. Remove the current user as a follower.")
COUPON = ToolSpec("coupon_delete", "Delete a coupon code so it can no longer be redeemed.")
MERGE = ToolSpec("customer_records_dedupe", "Permanently merges two customer records into one.")
LIST = ToolSpec("follow_list", "List the artists the user follows.")


@pytest.mark.parametrize(
    ("tool", "word"),
    [
        (UNFOLLOW, "unfollow"),
        (MERGE, "merges"),
        (COUPON, None),  # a word of its name: the verb lists read it
        (ToolSpec("remove_dhcp_reservation", "DHCP reservation removal"), None),  # its object
        (ToolSpec("ticket_close", "Close a ticket. Cannot be reopened."), "close"),  # its name's verb, on an object
        (ToolSpec("ticket_close", "Permanently close a ticket. It cannot be reopened."), "close"),  # an adverb first
        (ToolSpec("x_y", "A tool."), None),
        (ToolSpec("x_z", "删除静态绑定"), None),
        (ToolSpec("teacher_timetable_remove", "Take a teacher off the timetable for a session."), None),  # a light verb
        (ToolSpec("purge_queue", "This tool empties a queue."), None),  # a determiner
    ],
)
def test_the_opening_word_is_the_descriptions_first_not_its_names(tool, word):
    assert opening_word(tool) == word


@pytest.mark.parametrize(
    ("text", "tool", "expected"),
    [
        ("unfollow Imagine Dragons. I'm done with them", UNFOLLOW, True),
        ("go on unfollowing these two", UNFOLLOW, True),
        ("who do I follow?", UNFOLLOW, False),
        ("merge Ann Lee's two records", MERGE, True),
        ("is the code SPRING15 still valid?", COUPON, False),
        ("can you close REQ-3381, it's fixed", ToolSpec("ticket_close", "Close a ticket. Cannot be reopened."), True),
        ("has REQ-3381 been closed yet?", ToolSpec("ticket_close", "Close a ticket. Cannot be reopened."), True),
        ("can you close ticket REQ-3381", ToolSpec("ticket_close", "Permanently close a ticket."), True),
    ],
)
def test_a_request_says_the_opening_word_in_any_form(text, tool, expected):
    assert request_says_its_opening_word(text, tool) is expected


def test_the_opening_word_asks_for_a_destructive_tool_only():
    tools = [UNFOLLOW, LIST]
    destructive = np.array([[True, False]])
    assert says_acts("unfollow Imagine Dragons", tools, destructive).tolist() == [[True, False]]
    assert says_acts("list who I follow", [LIST, UNFOLLOW], np.array([[False, True]])).tolist() == [[False, False]]


def test_without_the_reading_the_unfollow_asks_for_nothing(monkeypatch):
    monkeypatch.setattr(decide, "ASKED_BY_ITS_OPENING_WORD", False)
    assert says_acts("unfollow Imagine Dragons", [UNFOLLOW], np.array([[True]])).tolist() == [[False]]


def test_a_word_inside_a_name_or_path_is_not_said():
    reboot = ToolSpec("aws__reboot_instances", "Requests a reboot of the specified instances.")
    assert not request_says_its_opening_word('upload this log: "GET /healthz" "python-requests/2.32.3"', reboot)
    assert request_says_its_opening_word("send the requests for a reboot", reboot)


def test_a_light_verb_said_is_not_the_act_of_a_tool_that_opens_with_it():
    remove = ToolSpec("teacher_timetable_remove", "Take a teacher off the timetable for a session or a period.")
    revoke = ToolSpec("credits_revoke", "Revoke course credits from a student's balance.")
    text = "the 10 bonus hours we gave ST-8870 were a mistake, take them back"
    assert says_acts(text, [revoke, remove], np.array([[True, True]])).tolist() == [[False, False]]


def test_taking_someone_off_a_shift_says_the_remove():
    from toolfilter_core._hints import request_says_its_act

    remove = ToolSpec("mechanic_shift_remove", "Remove a mechanic from a shift.")
    assert request_says_its_act("Marco is sick tomorrow, take him off the morning shift", remove)
    assert not request_says_its_act("Can I take next Monday off the early shift?", remove)
    assert not request_says_its_act("I need to take a day off the night shift", remove)
