"""Acts said but not asked: a wish in a relative clause, a possibility (``_pipeline.unasked``); an act asked.

An event-ticketing desk's "look up customer C-9 who asked to delete their account" sent ``customer_delete`` and
"Check whether EV-3300 sold enough tickets, we may have to cancel it" sent ``event_cancel``; "release seats A14 and
A15" held ``seat_release`` ("Release held seats back to sale."), whose opening word is a word of its name. Cosines are
fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import Reason, ToolFilter, ToolSpec
from toolfilter_core._hints import (
    opening_word,
    request_says_its_act,
    request_says_its_act_across,
    request_says_its_own_act,
)
from toolfilter_core._pipeline.reports import ask_and_reports
from toolfilter_core._pipeline.unasked import split_unasked

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

CUSTOMER_DELETE = ToolSpec("customer_delete", "Delete a customer account. Irreversible.", takes("customer_id"))
CUSTOMER_GET = ToolSpec("customer_get", "Customer profile: name, email, orders.", takes("customer_id"))
EVENT_CANCEL = ToolSpec("event_cancel", "Cancel an event permanently; cannot be undone.", takes("event_id"))
SALES = ToolSpec("sales_report", "Ticket sales report for an event.", takes("event_id"))
TOOLS = [CUSTOMER_DELETE, EVENT_CANCEL, CUSTOMER_GET, SALES]
UNASKED = [
    "look up customer C-9 who asked to delete their account",
    "show customer C-9, who wants to delete their account",
    "查一下要求注销账号的客户 C-9",
    "Check whether EV-3300 sold enough tickets, we may have to cancel it",
    "how are sales for EV-3300? we might need to cancel it",
    "看看 EV-3300 卖了多少票，可能要取消",
    "EV-3300 的票卖得怎么样，说不定得取消",
]
ASKED = ["delete customer C-9 who asked to delete their account", "we may have to cancel EV-3300, please cancel it"]
TABLE = (
    tool_axes(TOOLS, padded)
    | act_phrases(5, 6, padded)
    | dict.fromkeys([*UNASKED[:3], ASKED[0]], padded(0, 0.8, 0.3, 0.7))
    | dict.fromkeys([*UNASKED[3:], ASKED[1]], padded(1, 0.8, 0.3, 0.7))
)


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        ("look up customer C-9 who asked to delete their account", "who asked to delete their account"),
        ("show me customer C-12 who has asked us to delete it", "who has asked us to delete it"),
        ("查一下要求注销账号的客户 C-9", "要求注销账号的"),
        ("Check whether EV-3300 sold enough tickets, we may have to cancel it", "we may have to cancel it"),
        ("how many sold? we might need to cancel it", "we might need to cancel it"),
        ("看看 EV-3300 卖了多少票，可能要取消", "可能要取消"),
        ("EV-3300 的票卖得怎么样，说不定得取消", "说不定得取消"),
    ],
)
def test_a_relative_wish_or_a_possibility_is_read_apart(text: str, apart: str) -> None:
    ask, said = split_unasked(text)
    assert said == apart
    assert apart not in ask


@pytest.mark.parametrize(
    "text",
    [
        "cancel EV-3300",
        "可能要取消的话请直接取消",
        "the customer who paid twice",
        "我可能要的是 VIP 票",
        "approve the refund request for TK-1",
        "TK-1: refund request approved, please process",
    ],
)
def test_an_ask_or_no_act_is_kept(text: str) -> None:
    assert split_unasked(text) == (text, "")


def test_a_possibility_joins_the_reports() -> None:
    ask, reports = ask_and_reports("how many tickets did EV-3300 sell? we may have to cancel it")
    assert "we may have to cancel it" in reports and "cancel" not in ask


@pytest.mark.parametrize("text", UNASKED)
def test_an_act_said_but_not_asked_sends_no_destroyer(text: str) -> None:
    s = _filter().select(text)
    assert not {"customer_delete", "event_cancel"} & set(s.names), s.explain()
    held = {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}
    assert held & {"customer_delete", "event_cancel"}, s.explain()


@pytest.mark.parametrize(("text", "tool"), list(zip(ASKED, ["customer_delete", "event_cancel"], strict=True)))
def test_the_ask_that_says_the_act_sends_it(text: str, tool: str) -> None:
    assert tool in _filter().select(text).names


SEAT_RELEASE = ToolSpec("seat_release", "Release held seats back to sale.")


def test_a_verb_ending_the_name_on_its_object_is_the_opening_word() -> None:
    assert opening_word(SEAT_RELEASE) == "release"
    assert opening_word(ToolSpec("remove_dhcp_reservation", "DHCP reservations of a network.")) is None
    assert opening_word(ToolSpec("seat_map", "Map of the seats of an event.")) is None


def test_release_in_chinese_is_its_own_act() -> None:
    assert request_says_its_own_act("释放 EV-2031 的 A14 和 A15 座位", SEAT_RELEASE)


def test_zuofei_on_a_promo_code_is_its_revoke() -> None:
    revoke = ToolSpec("promo_code_revoke", "Revoke a promo code immediately.")
    assert request_says_its_act("把优惠码 SPRING50 作废掉", revoke) or request_says_its_act_across(
        "把优惠码 SPRING50 作废掉", revoke
    )


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Cancel all the bookings which we can cancel, phone 13911112222", "which we can cancel"),
        ("list my bookings, then cancel the ones which I can cancel", "which I can cancel"),
        ("无论是否付清都删除客户 C-3390 的账户，再给我看对账单", "都删除客户"),
        ("删除客户 C-3390 的账户（是否需要备份我稍后再说），再给我看对账单", "删除客户"),
        ("下周一说明会取消，发邮件通知所有人", "说明会取消"),
    ],
)
def test_an_act_asked_beside_which_whether_or_a_briefing_stays_asked(text: str, kept: str) -> None:
    assert kept in split_unasked(text)[0]


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("list my bookings and tell me which ones I can cancel", "which ones I can cancel"),
        ("发邮件道歉，说明会全额退款", "说明会全额退款"),
    ],
)
def test_a_which_question_or_a_message_told_stays_apart(text: str, span: str) -> None:
    assert span in split_unasked(text)[1]
