"""What a request tells someone is a report, not an ask.

A coworking space's "再发邮件通知参会的人会议取消了" (e-mail the attendees that the meeting is cancelled)
asks for the e-mail; the cancel is what the e-mail says. Read as an ask, its 取消 sent
``room_booking_cancel`` and ``membership_cancel``; in a conversation, after the booking was cancelled,
the set kept ``room_booking_cancel`` and got no ``email_send``. "email the attendees that it's off" says no
destructive verb, yet reads as asking to destroy (here its closest profile request, "our meeting is off,
cancel room A", asks the cancel's act; in the coworking space's conversation its vector, blended with
"好的，取消吧", leaned to the destroy-asking phrases). Such contents are reports now
(``_hints.told_apart``): the act readings read the request without them, and a destructive tool only
they match is held (``reports``). Cosines are fixed by hand.
"""

import importlib

import pytest

from toolfilter_core import HashingEmbedder, Profiles, Reason, ToolFilter, ToolFilterConfig, ToolProfile, ToolSpec
from toolfilter_core._conversation_acts import only_reports_acts, unreported
from toolfilter_core._conversation_policy import _asked_acts
from toolfilter_core._conversation_read import Reading
from toolfilter_core._hints import TOLD, split_reports, told_apart
from toolfilter_core._pipeline.act_phrases import DESTROY, OTHER
from toolfilter_core.integration import Turn

from .fakes import TableEmbedder, unit
from .test_conversation_guard import CONFIG, DESTROYERS, TOOLS

reports = importlib.import_module("toolfilter_core._pipeline.reports")

ZH_TOLD = "再发邮件通知参会的人会议取消了"
EN_TOLD = "and email the attendees that it's off"


@pytest.mark.parametrize(
    ("text", "ask", "content"),
    [
        (ZH_TOLD, "再发邮件通知", "参会的人会议取消了"),
        ("跟客户说订单取消了", "跟客户说", "订单取消了"),
        ("通知大家一下会议取消了", "通知大家一下", "会议取消了"),  # 一下 softens the telling
        ("告诉他一声订单已经取消了", "告诉他一声", "订单已经取消了"),
        (EN_TOLD, "and email the attendees that ", "it's off"),
        ("email the attendees that it's cancelled", "email the attendees that ", "it's cancelled"),
        ("let Bob know the order was cancelled", "let Bob know ", "the order was cancelled"),
        ("say that it's off", "say that ", "it's off"),
        (
            "text her that the booking is cancelled, then delete the draft",
            "text her that , then delete the draft",
            "the booking is cancelled",
        ),
    ],
)
def test_what_a_request_tells_someone_is_read_apart_from_its_ask(text, ask, content):
    assert told_apart(text) == (ask, [content])
    left, said = split_reports(text)
    assert said == TOLD + content and content not in left


@pytest.mark.parametrize(
    "text",
    [
        "通知他取消会议",  # no 了: tell him to cancel it, or cancel it: an ask
        "提醒一下取消会议",
        "cancel it and tell Bob",  # an ask, then a telling with nothing told
        "tell Bob to cancel it",
        "email Bob the invoice",
        "delete the message that was flagged",  # a message: a noun, no telling
    ],
)
def test_an_ask_beside_a_telling_is_no_report(text):
    assert told_apart(text) == (text, [])
    assert split_reports(text) == (text, "")


ROOMS = [
    ToolSpec("room_booking_cancel", "Cancel a meeting room booking and free the slot."),
    ToolSpec("email_send", "Send an e-mail to one or more addresses."),
    ToolSpec("room_booking_list", "List the meeting room bookings of a day."),
]
PROFILES = Profiles(
    {
        "room_booking_cancel": ToolProfile(("drop my boardroom booking",), ("our meeting is off, cancel room A",)),
        "email_send": ToolProfile(("email the client the invoice",)),
        "room_booking_list": ToolProfile(("who booked room B tomorrow?",)),
    }
)
PHRASES = {p: unit(0, 0, 0, 0, 0, 0, 1.0) for p in DESTROY} | {p: unit(0, 0, 0, 0, 0, 0, 0, 1.0) for p in OTHER}
CLOSE_TO_THE_CANCEL = unit(0, 0.7, 0.5, 0.1, 0.5)  # its closest profile request is the cancel's; cancel first
TABLE = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(ROOMS)} | PHRASES
TABLE |= {
    "our meeting is off, cancel room A": unit(0, 0.8, 0, 0, 0.6),  # the closest profile request: destroy-asking
    "drop my boardroom booking": unit(0, 0.6, 0, 0, 0.0, 0.8),
    "email the client the invoice": unit(0, 0, 1.0),
    "who booked room B tomorrow?": unit(0, 0, 0, 1.0),
}
TABLE |= dict.fromkeys((ZH_TOLD, EN_TOLD, "通知他取消会议", "cancel it and tell Bob"), CLOSE_TO_THE_CANCEL)


def _rooms() -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, min_score=0.5, min_gap=0.1, abstain_phrases=(), weights={"embed": 1.0, "support": 1.0}
    )
    return ToolFilter(ROOMS, config=cfg, embedder=TableEmbedder(TABLE), profiles=PROFILES)


@pytest.mark.parametrize("text", [ZH_TOLD, EN_TOLD])
def test_a_cancel_told_to_the_attendees_sends_the_email_and_no_cancel_tool(text):
    s = _rooms().select(text)
    assert "email_send" in s.names, s.explain()
    assert "room_booking_cancel" not in s.names, s.explain()
    assert "room_booking_cancel" in {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}


@pytest.mark.parametrize("text", ["通知他取消会议", "cancel it and tell Bob"])
def test_a_cancel_asked_beside_a_telling_keeps_its_tool(text):
    assert _rooms().select(text).names[0] == "room_booking_cancel"


def test_without_the_reports_the_told_cancel_was_sent(monkeypatch):
    monkeypatch.setattr(reports, "REPORTS_HOLD", False)
    assert _rooms().select(ZH_TOLD).names[0] == "room_booking_cancel"


CANCEL = "cancel the order 55120 before it ships"


def test_a_later_turn_telling_the_cancel_drops_the_kept_cancel(monkeypatch):
    told = "再发邮件通知买家订单取消了"
    assert only_reports_acts(told) and "取消" not in unreported(told)
    tool_filter = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())
    kept = tool_filter.select(CANCEL, top_k=3).selected
    assert "cancel_order" in {s.name for s in kept}
    monkeypatch.setattr(reports, "REPORTS_HOLD", False)  # the turn's selection holds the cancel, as main's core sent it
    fresh = tool_filter.select(CANCEL + " " + told, top_k=4)
    assert "cancel_order" in fresh.names
    turns = [Turn("user", CANCEL), Turn("assistant", "Cancelled."), Turn("user", told)]
    chosen, left = _asked_acts(tool_filter, fresh, kept, Reading("request", told, 2, 2), turns, {})
    assert not DESTROYERS & {*chosen.names, *(s.name for s in left)}
