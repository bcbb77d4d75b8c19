"""Another's wish, or an undecided one, told as news asks no act (``_pipeline.wishes``).

A car rental desk's "RB-20611 这个订单现在什么状态？客户说想取消但还没决定" (status; the customer says they would
like to cancel but has not decided) was sent ``booking_cancel``. The clause that tells the wish is read apart
from the ask, like a report of an act done, and the cancel it says is held. Cosines are fixed by hand
(``TableEmbedder``).
"""

import pytest

from toolfilter_core import Reason, ToolFilter, ToolSpec
from toolfilter_core._pipeline.reports import ask_and_reports
from toolfilter_core._pipeline.wishes import split_wishes

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

BOOKING_CANCEL = ToolSpec("booking_cancel", "Cancel a booking. This cannot be undone.", takes("booking_id"))
BOOKING_GET = ToolSpec("booking_get", "Get one booking by its number, with its status.", takes("booking_id"))
SEND_SMS = ToolSpec("send_sms", "Send the customer a text message.", takes("phone"))
TOOLS = [BOOKING_CANCEL, BOOKING_GET, SEND_SMS]
CANCEL_FIRST = padded(0, 0.8, 0.7, 0.5)
WISHES = [
    "RB-20611 这个订单现在什么状态？客户说想取消但还没决定",
    "RB-20611 什么状态？客户在考虑取消",
    "What's the status of RB-20611? The customer is thinking of cancelling",
    "Status of RB-20611? The customer says she wants to cancel but hasn't decided",
    "What's the status of RB-20611? She might cancel",
]
ASKS = [
    "客户说要取消，帮他取消 RB-20611",
    "客户说想取消，请帮他取消 RB-20611",
    "The customer might cancel; please cancel RB-20611",
]
TABLE = tool_axes(TOOLS, padded) | act_phrases(5, 6, padded) | dict.fromkeys([*WISHES, *ASKS], CANCEL_FIRST)


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize(
    ("text", "wish"),
    [
        ("RB-20611 这个订单现在什么状态？客户说想取消但还没决定", "客户说想取消\n还没决定"),
        ("RB-20611 什么状态？客户在考虑取消", "客户在考虑取消"),
        (
            "What's the status of RB-20611? The customer is thinking of cancelling",
            "The customer is thinking of cancelling",
        ),
        (
            "Status? the customer says she wants to cancel but hasn't decided",
            "the customer says she wants to cancel\nhasn't decided",
        ),
        ("Status? She might cancel", "She might cancel"),
    ],
)
def test_another_s_wish_is_read_apart_from_the_ask(text: str, wish: str) -> None:
    ask, said = split_wishes(text)
    assert said == wish
    assert "cancel" not in ask and "取消" not in ask


@pytest.mark.parametrize(
    "text",
    [
        "客户说要取消，帮他取消",
        "客户说想取消，帮他取消",
        "我想取消订单",
        "cancel RB-1",
        "I might need to cancel, please do it",
    ],
)
def test_an_ask_is_no_wish(text: str) -> None:
    assert split_wishes(text) == (text, "")


def test_a_said_wish_beside_a_status_question_is_told() -> None:
    """说要 is hearsay too: beside a question, told; beside an ask (above), asked."""
    assert split_wishes("RB-20611 什么状态？客户说要取消")[1] == "客户说要取消"


def test_the_wish_joins_the_reports() -> None:
    ask, reports = ask_and_reports("订单已经取消了？客户说想取消但还没决定")
    assert "已经取消" in reports and "客户说想取消" in reports


@pytest.mark.parametrize("text", WISHES)
def test_a_status_question_with_a_wish_to_cancel_sends_no_cancel_tool(text: str) -> None:
    s = _filter().select(text)
    assert "booking_cancel" not in s.names, s.explain()
    held = {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}
    assert "booking_cancel" in held, s.explain()


@pytest.mark.parametrize("text", ASKS)
def test_a_told_ask_keeps_the_cancel(text: str) -> None:
    s = _filter().select(text)
    assert "booking_cancel" in s.names, s.explain()


@pytest.mark.parametrize(
    ("text", "act"), [("the customer is worried: cancel job PJ-30417", "cancel"), ("客户很担心：取消 PJ-30417", "取消")]
)
def test_an_ask_after_a_colon_stays_the_ask(text: str, act: str) -> None:
    ask, wish = split_wishes(text)
    assert act in ask and act not in wish
