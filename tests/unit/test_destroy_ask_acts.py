"""Which act a destroy request asks, and whose it is.

* "close my library account" asks ``delete_patron_account``'s act ("Permanently delete a patron account ...")
  though it says no verb of destroying: closing an account is the act of the tool that ends one
  (``_hints.closes_accounts``). It was held, ranked below the opening hours ("close" is also a library's).
* "账号被锁了，登不上去" (my account is locked, I can't sign in) asks to destroy by the act phrases, and its ask
  "登不上去" ranks ``password_reset`` first; but its description sends the act elsewhere ("Does NOT unlock an
  account locked by too many failed logins — use account_unlock for that") and ``account_unlock`` ranks above
  it (``ask_acts.sent_elsewhere``). It was sent beside ``account_unlock``.
* "take the JetBrains licence back from tom@corp.com, he moved to sales": the first ask asks for the licence's
  revoke; "he moved to sales", a reason, ranks ``group_remove_member`` first ("take lisa out of sales-all"). It
  asks no destroy on its own, and the act asked has its destructive tool (``ask_acts.quiet_asks``). It was sent.
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolSpec
from toolfilter_core._hints import closes_accounts, pointed_to, request_is_destructive, request_says_its_act
from toolfilter_core._pipeline.ask_acts import quiet_asks, sent_elsewhere

from .fakes import act_phrases, hand_filter, unit

ask_acts = importlib.import_module("toolfilter_core._pipeline.ask_acts")

DELETE_PATRON = ToolSpec(
    "delete_patron_account", "Permanently delete a patron account and its history. Cannot be undone."
)
TICKET_CLOSE = ToolSpec("ticket_close", "Close a ticket with a resolution note.", annotations={"destructiveHint": True})
OPENING_HOURS = ToolSpec("get_opening_hours", "Opening hours for a library branch, including holiday closures.")
PATRON_ACCOUNT = ToolSpec("get_patron_account", "Patron account details: name, card number, status.")

UNLOCK = ToolSpec("account_unlock", "Unlock a user account locked after too many failed sign-in attempts.")
RESET = ToolSpec(
    "password_reset",
    "Reset a user's password and send a temporary one to their phone. Does NOT unlock an account locked by too "
    "many failed logins — use account_unlock for that.",
    annotations={"destructiveHint": True},  # a credential's reset reads no destroy from its words: hinted here
)
LOOKUP = ToolSpec("user_lookup", "Get a user's account info: name, department, account state.")

REVOKE = ToolSpec("license_revoke", "Revoke a user's software licence seat and return it to the pool.")
REMOVE_MEMBER = ToolSpec("group_remove_member", "Remove a user from a group.")
ASSIGN = ToolSpec("license_assign", "Assign a software licence seat to a user.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("close my library account", True),
        ("I'm graduating, please close my account", True),
        ("closing her account today", True),
        ("我要销户", True),
        ("把账户关闭", True),
        ("the accounts were closed last year", False),
        ("close the ticket on my account", False),
        ("when does the library close tonight", False),
    ],
)
def test_closing_an_account_says_the_act_of_the_tool_that_ends_one(text, expected):
    assert request_says_its_act(text, DELETE_PATRON) is expected
    assert request_is_destructive(text) is expected


@pytest.mark.parametrize(
    "text",
    [
        "帮我关闭账号的登录提醒",
        "关掉账号的短信通知",
        "close the account settings page",
        "close the accounts payable period",
    ],
)
def test_closing_something_of_an_account_says_no_act_of_the_tool_that_ends_one(text):
    """Was the act of ``delete_patron_account``: a noun after the account is what is closed."""
    assert not request_says_its_act(text, DELETE_PATRON)


@pytest.mark.parametrize("text", ["帮我关闭账号吧", "close my account permanently", "close account ACC-1234 please"])
def test_an_account_that_ends_its_clause_is_still_closed(text):
    assert request_says_its_act(text, DELETE_PATRON)


def test_only_a_tool_that_ends_an_account_closes_one():
    assert closes_accounts(DELETE_PATRON)
    assert closes_accounts(ToolSpec("account_disable", "Disable a user account (offboarding)."))
    assert closes_accounts(ToolSpec("user_remove", "注销用户账号，删除其数据。"))
    assert closes_accounts(ToolSpec("membership_end", "End a member's account and its card on a date."))
    assert not closes_accounts(TICKET_CLOSE)
    assert not closes_accounts(PATRON_ACCOUNT)


def test_close_my_account_gets_the_tool_that_deletes_it():
    tools = [OPENING_HOURS, DELETE_PATRON, PATRON_ACCOUNT]
    table = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(tools)} | act_phrases(5, 6)
    table["close my library account"] = unit(0, 0.8, 0.5, 0.3, 0, 0, 0.2)  # the opening hours first
    s = hand_filter(tools, table, min_score=0.5).select("close my library account")
    assert "delete_patron_account" in s.names, s.explain()


@pytest.mark.parametrize(
    "text", ["how do I close my library account?", "can I close my account online or do I need to come in?"]
)
def test_a_how_to_question_about_closing_an_account_does_not_unlock_the_tool_that_deletes_it(text):
    """A how-to asks about the act: it sent delete_patron_account ("close my account" said its act)."""
    tools = [OPENING_HOURS, DELETE_PATRON, PATRON_ACCOUNT]
    table = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(tools)} | act_phrases(5, 6)
    table[text] = unit(0, 0.8, 0.5, 0.3, 0, 0, 0.2)
    s = hand_filter(tools, table, min_score=0.5).select(text)
    assert "delete_patron_account" not in s.names, s.explain()


def test_a_pointer_sentence_names_the_tool_the_act_is_sent_to():
    names = {"account_unlock", "password_reset", "user_lookup"}
    assert pointed_to(RESET.description, "password_reset", names) == {"account_unlock"}
    assert pointed_to(UNLOCK.description, "account_unlock", names) == set()


def test_a_tool_that_sends_the_act_to_a_better_ranked_one_is_not_meant():
    harmful = np.array([[False, True, False]])
    names = frozenset({"account_unlock", "password_reset", "user_lookup"})
    assert sent_elsewhere([UNLOCK, RESET, LOOKUP], harmful, names).tolist() == [[False, True, False]]
    assert sent_elsewhere([RESET, UNLOCK, LOOKUP], np.array([[True, False, False]]), names).tolist() == [
        [False, False, False]
    ]


LOCKED = "账号被锁了，登不上去"


def _locked_filter():
    tools = [UNLOCK, RESET, LOOKUP]
    table = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(tools)} | act_phrases(5, 6)
    table[LOCKED] = unit(0, 0.8, 0.45, 0.1, 0, 0.4)  # leans to the destroy-asking phrases
    table["账号被锁了"] = unit(0, 0.9, 0.2, 0.1, 0, 0.3)
    table["登不上去"] = unit(0, 0.3, 0.8, 0.1, 0, 0.4)  # the reset first
    return hand_filter(tools, table, min_score=0.5)


def test_a_locked_account_is_not_sent_the_reset_that_points_to_the_unlock():
    s = _locked_filter().select(LOCKED)
    assert "account_unlock" in s.names, s.explain()
    assert "password_reset" not in s.names, s.explain()


def test_without_the_reading_the_reset_rides_along(monkeypatch):
    monkeypatch.setattr(ask_acts, "SENT_ELSEWHERE", False)
    assert "password_reset" in _locked_filter().select(LOCKED).names


def test_a_reset_said_is_still_sent():
    tools = [UNLOCK, RESET, LOOKUP]
    table = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(tools)} | act_phrases(5, 6)
    table["my account is locked, reset my password"] = unit(0, 0.8, 0.6, 0.1, 0, 0.2)
    s = hand_filter(tools, table, min_score=0.5).select("my account is locked, reset my password")
    assert "password_reset" in s.names, s.explain()


TAKE_BACK = "take the JetBrains licence back from tom@corp.com, he moved to sales"


def _licence_filter():
    tools = [REVOKE, ASSIGN, REMOVE_MEMBER]
    table = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(tools)} | act_phrases(5, 6)
    table[TAKE_BACK] = unit(0, 0.8, 0.5, 0.4, 0, 0.35)
    table["take the JetBrains licence back from tom@corp.com"] = unit(0, 0.9, 0.3, 0.1, 0, 0.35)
    table["he moved to sales"] = unit(0, 0.1, 0.2, 0.8, 0, 0, 0.3)  # the group's removal first; no destroy leaning
    return hand_filter(tools, table, min_score=0.5)


def test_a_reason_given_beside_a_revoke_does_not_send_the_group_removal():
    s = _licence_filter().select(TAKE_BACK)
    assert "license_revoke" in s.names, s.explain()
    assert "group_remove_member" not in s.names, s.explain()


def test_without_the_reading_the_reasons_best_rides_along(monkeypatch):
    monkeypatch.setattr(ask_acts, "QUIET_ASKS", False)
    assert "group_remove_member" in _licence_filter().select(TAKE_BACK).names


def test_a_quiet_asks_best_stays_meant_where_the_act_asked_has_no_destructive_best():
    harmful = np.array([[False, True, False]])
    tools = [ToolSpec("get_ups_status", "UPS status."), ToolSpec("set_ups_shutdown_policy", "Set ..."), LOOKUP]
    asks = (("get_ups_status", "shut down the NAS"), ("set_ups_shutdown_policy", "when on battery for 10 minutes"))
    assert not quiet_asks(asks, None, HashingEmbedder(8), tools, harmful).any()
    asks = (("license_revoke", "revoke tom's licence"), ("group_remove_member", "he moved to sales"))
    tools = [REVOKE, REMOVE_MEMBER, LOOKUP]
    found = quiet_asks(asks, None, HashingEmbedder(8), tools, np.array([[True, True, False]]))
    assert found.tolist() == [[False, True, False]]


def test_a_how_to_question_then_the_act_told_unlocks_the_tool_that_deletes_it():
    """The question came first and the whole was read as a question only: "close it" after it asks the act."""
    text = "can I close my account online or do I need to come in? Either way, close it."
    tools = [OPENING_HOURS, DELETE_PATRON, PATRON_ACCOUNT]
    table = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(tools)} | act_phrases(5, 6)
    table[text] = unit(0, 0.8, 0.5, 0.3, 0, 0, 0.2)
    s = hand_filter(tools, table, min_score=0.5).select(text)
    assert "delete_patron_account" in s.names, s.explain()


def test_where_no_ask_asks_to_destroy_on_its_own_every_destructive_asks_best_is_quiet():
    """What the docstring now says (it said none): each ask a reason, each best destructive."""
    tools = [ToolSpec("licence_revoke", "Revoke a software licence."), REMOVE_MEMBER, LOOKUP]
    asks = (("licence_revoke", "the JetBrains licence of tom@corp.com"), ("group_remove_member", "he moved to sales"))
    assert not any(ask_acts.asks_on_its_own(text, HashingEmbedder(8), None) for _, text in asks)
    found = quiet_asks(asks, None, HashingEmbedder(8), tools, np.array([[True, True, False]]))
    assert found.tolist() == [[True, True, False]]
