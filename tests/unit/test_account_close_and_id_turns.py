"""Closing an account and revoking access destroy; another's Chinese wish beside a read, and a turn that only gives
an id, ask no destroy act.

A dental practice's ``portal_account_close`` ("Close a patient's online portal account and revoke their login
access.") was not read as destructive: the owner's possessive and two words stood between "Close" and "account",
and "revoke" joined the act by "and", not opening it. So it rode beside "cancel appointment A-3310" and its
profile's ``"destructive": false`` went unsaid by the doctor. "陈太太想注销网上账户，但她先要看看自己的病历资料"
(another's wish, then what she would first see) was read as an ask of the close, and "发票是 INV-3302" (only the
id of the invoice asked about before) as an ask of ``invoice_void`` by its profile neighbours. Cosines are fixed by
hand (``TableEmbedder``).
"""

from dataclasses import replace

import pytest

from toolfilter_core import HashingEmbedder, Profiles, Reason, ToolProfile, ToolSpec, diagnose
from toolfilter_core._hints import says_destructive
from toolfilter_core._pipeline.ask_form import says_no_act
from toolfilter_core._pipeline.wishes import split_wishes

from .fakes import act_phrases, hand_filter, tool_axes, unit

CLOSE = ToolSpec("portal_account_close", "Close a patient's online portal account and revoke their login access.")
CANCEL = ToolSpec("appointment_cancel", "Cancel a booked appointment.")
GET = ToolSpec("patient_get", "Look up a patient's record by patient id.")


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("portal_account_close", "Close a patient's online portal account and revoke their login access."),
        ("portal_close", "Close a patient's online portal account."),
        ("member_checkout", "Move a member out and delete the member's locker code."),
        ("portal_account_close", "Portal account."),
        ("close_customer_account", "Customer account."),
    ],
)
def test_closing_an_account_or_revoking_access_destroys(name: str, description: str):
    assert says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("ticket_close", "Close a customer's support ticket."),
        ("account_close_date", "The date an account closes."),
        ("get_closed_accounts", "List closed accounts."),
        ("user_get", "Get a user and revoke nothing."),
        ("user_lookup", "Look up a user and delete the cached copy of their profile."),
        ("settings_update", "Update a user's settings and reset their preferences."),
        ("account_settings", "Close the account settings page."),
    ],
)
def test_a_close_or_a_joined_verb_that_ends_nothing_does_not(name: str, description: str):
    assert not says_destructive(ToolSpec(name, description))


def test_a_closed_account_is_held_beside_another_destroy_ask():
    tools = [CANCEL, CLOSE, GET]
    table = tool_axes(tools) | act_phrases(7, 6) | {"cancel appointment A-3310": unit(0, 0.9, 0.8, 0.2)}
    s = hand_filter(tools, table, min_score=0.5).select("cancel appointment A-3310")
    assert s.names[0] == "appointment_cancel"
    assert "portal_account_close" not in s.names, s.explain()
    assert "portal_account_close" in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]


WISH = "陈太太想注销网上账户，但她先要看看自己的病历资料，病人号 6015"


def test_another_wish_beside_what_she_would_first_see_is_told():
    kept, told = split_wishes(WISH)
    assert told == "陈太太想注销网上账户"
    assert "先要看看自己的病历资料" in kept
    assert split_wishes("陈太太想注销网上账户 6015，帮她办一下")[1] == ""  # handed on: asked


@pytest.mark.parametrize("hinted", [True, False])
def test_another_wish_to_close_gets_no_closer(hinted: bool):
    close = replace(CLOSE, annotations={"destructiveHint": True}) if hinted else CLOSE
    tools = [close, GET]
    table = tool_axes(tools) | act_phrases(7, 6) | {WISH: unit(0, 0.8, 0.6)}
    s = hand_filter(tools, table, min_score=0.5).select(WISH)
    assert "portal_account_close" not in s.names, s.explain()
    assert "patient_get" in s.names


VOID = ToolSpec("invoice_void", "Void an invoice issued by mistake.")
INVOICE = ToolSpec("invoice_get", "Look up an invoice: items, amount paid and refunds.")
VOID_ASK = "作废发票 INV-1001"
READ_ASK = "发票 INV-2002 付了多少"
ID_TURN = "发票是 INV-3302"


@pytest.mark.parametrize("text", [ID_TURN, "the invoice is INV-3302", "invoice number: INV-3302", "it's INV-3302"])
def test_a_turn_that_says_what_its_id_is_says_no_act(text: str):
    from toolfilter_core._pipeline.ask_form import gives_an_id

    assert gives_an_id(text)
    assert says_no_act(text, [VOID])


@pytest.mark.parametrize(
    "text", ["要作废的是 INV-3302", "void: INV-3302", "作废 INV-3302", "the one to cancel is A-1", "发票是红色的"]
)
def test_an_act_or_no_id_is_not_only_an_id(text: str):
    from toolfilter_core._pipeline.ask_form import gives_an_id

    assert not gives_an_id(text)


def test_an_id_turn_gets_no_destroyer_by_its_neighbours():
    tools = [VOID, INVOICE]
    profiles = Profiles(
        {"invoice_void": ToolProfile(("开错的发票作废掉",), (VOID_ASK,)), "invoice_get": ToolProfile((READ_ASK,))}
    )
    table = tool_axes(tools) | act_phrases(7, 6)
    table |= {
        "开错的发票作废掉": unit(0, 0.8, 0, 0.6),
        VOID_ASK: unit(0, 0.6, 0, 0.8),
        READ_ASK: unit(0, 0, 0.6, 0.8),
        ID_TURN: unit(0, 0.5, 0.4, 0.8),  # closest to the void's destroy request by the id's shape
    }
    s = hand_filter(tools, table, min_score=0.5, profiles=profiles).select(ID_TURN)
    assert "invoice_void" not in s.names, s.explain()
    assert "invoice_get" in s.names


def test_the_doctor_names_a_profile_that_says_not_destructive():
    profiles = Profiles({"portal_account_close": ToolProfile(("31877 的网上账号关掉吧",), destructive=False)})
    report = diagnose([CLOSE, GET], profiles=profiles, embedder=HashingEmbedder(), top_k=1)
    [unhinted] = report.of_kind("destructive_without_hint")
    assert "portal_account_close" in unhinted.tools
    assert unhinted.evidence["profile_says_not_destructive"] == ["portal_account_close"]
    assert "says not destructive" in unhinted.detail
