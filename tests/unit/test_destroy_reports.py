"""A clause that reports an act done is not an ask for it.

A vet clinic's "给张先生退 300 块，手术取消了" (refund Mr Zhang 300, the surgery was cancelled) asks for
the refund; "手术取消了" is its reason. Its 取消 was read as an ask: the best-ranked cancel tool,
``boarding_cancel`` (another record's), was sent. The act readings now read the request less its
reports (``_hints.split_reports``), and a destructive tool whose act only a report says is held
(``reports``). Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import Reason, ToolFilter, ToolSpec
from toolfilter_core._hints import split_reports

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

reports = importlib.import_module("toolfilter_core._pipeline.reports")


REFUND_ISSUE = ToolSpec("refund_issue", "Refund all or part of a payment to the client's card.", takes("payment_id"))
BOARDING_CANCEL = ToolSpec("boarding_cancel", "Cancel a boarding reservation before check-in.", takes("stay_id"))
APPOINTMENT_CANCEL = ToolSpec("appointment_cancel", "Cancel an appointment, free the slot.", takes("appointment_id"))
APPOINTMENT_LIST = ToolSpec("appointment_list", "List appointments for a day, with their status.", takes("date"))
TOOLS = [BOARDING_CANCEL, REFUND_ISSUE, APPOINTMENT_CANCEL, APPOINTMENT_LIST]
PHRASES = act_phrases(5, 6, padded)
TABLE = tool_axes(TOOLS, padded) | PHRASES
REFUND_FOR_A_CANCEL = padded(0, 0.8, 0.7, 0.6, 0.5)  # boarding_cancel first, refund_issue second
TABLE |= {
    "给张先生退 300 块，手术取消了": REFUND_FOR_A_CANCEL,
    "Refund Mr Zhang $300, the surgery was cancelled": REFUND_FOR_A_CANCEL,
    "Refund Mr Zhang $300, the surgery was called off": REFUND_FOR_A_CANCEL,
    "call off appointment AP-1": padded(0, 0.6, 0.5, 0.8, 0.7),
    "手术取消了，把寄养也取消了": REFUND_FOR_A_CANCEL,
    "把预约取消了": padded(0, 0.6, 0.5, 0.8, 0.7),
    "明早九点的预约作废了，直接拿掉": padded(0, 0.5, 0.4, 0.8, 0.7),  # appointment_cancel first
}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize(
    ("text", "reported"),
    [
        ("给张先生退 300 块，手术取消了", "手术取消了"),
        ("他的预约我已经取消了，把寄养也取消了", "他的预约我已经取消了"),
        ("已经取消了，帮我退款", "已经取消了"),
        ("订单取消了，退款到账了吗？", "订单取消了"),
        ("the surgery was cancelled, refund $300", "was cancelled"),
        ("I've deleted the old one, now delete the new one", "I've deleted the old one"),  # told with its object
        ("the user was banned, unban him", "was banned"),
        ("refund INV-77, the surgery was called off", "was called off"),
        ("快递取消了，给他退款", "快递取消了"),  # 快 of 快递, a noun: no "quickly"
        ("他的订单也取消了，帮我退300块", "他的订单也取消了"),  # 也: too, not an ask
    ],
)
def test_a_report_of_an_act_done_is_read_apart_from_the_ask(text, reported):
    ask, said = split_reports(text)
    assert said == reported
    assert reported not in ask


@pytest.mark.parametrize(
    "text",
    [
        "取消了吧",  # 了 then 吧: asks
        "帮我取消了",  # a request marker
        "把预约取消了",  # 把 names what to act on: asks, in everyday Chinese
        "这个要取消了",  # a modal
        "预约取消了吗",  # a question: ask_form's
        "客户说R-40917那单他不要了",  # 不要了 is no report verb
        "it needs to be cancelled",
        "cancel it",
        "I want it deleted",  # a wish: its object, not a subject
        "Please get it cancelled today",
        "Make sure it's deleted before Friday",
        "I'd like it removed from the list",
    ],
)
def test_an_ask_is_no_report(text):
    assert split_reports(text) == (text, "")


@pytest.mark.parametrize(
    "text",
    [
        "给张先生退 300 块，手术取消了",
        "Refund Mr Zhang $300, the surgery was cancelled",
        "Refund Mr Zhang $300, the surgery was called off",  # called off says cancel
    ],
)
def test_a_cancel_reported_as_the_refunds_reason_sends_no_cancel_tool(text):
    s = _filter().select(text)
    assert "refund_issue" in s.names, s.explain()
    assert not {"boarding_cancel", "appointment_cancel"} & set(s.names), s.explain()
    held = {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}
    assert "boarding_cancel" in held, s.explain()


def test_an_act_asked_beside_its_report_keeps_its_tool():
    s = _filter().select("手术取消了，把寄养也取消了")
    assert "boarding_cancel" in s.names, s.explain()


def test_calling_off_asks_the_cancel():
    s = _filter().select("call off appointment AP-1")
    assert "appointment_cancel" in s.names, s.explain()


def test_a_cancel_asked_with_ba_and_le_keeps_its_tool():
    s = _filter().select("把预约取消了")
    assert "appointment_cancel" in s.names, s.explain()


def test_a_report_then_an_ask_to_remove_it_asks_for_the_reported_act():
    """ "The 9 o'clock is void, just take it off": the ask (拿掉) names no tool's act; it means the one reported."""
    s = _filter().select("明早九点的预约作废了，直接拿掉")
    assert "appointment_cancel" in s.names, s.explain()


def test_without_the_reading_the_report_unlocks_the_best_ranked_cancel(monkeypatch):
    monkeypatch.setattr(reports, "REPORTS_HOLD", False)
    s = _filter().select("给张先生退 300 块，手术取消了")
    assert "boarding_cancel" in s.names, s.explain()
