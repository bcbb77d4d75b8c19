"""A topic told ("说一下退赛的事", "text the captain about the refund") asks no act."""

from __future__ import annotations

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._conversation_acts import (
    only_reports_acts,
    says_bare_refund,
    tells_topic_only,
    unreported,
    untopiced,
)

REFUND = ToolSpec(name="payment_refund", description="Refund a payment (fully or partly) back to the original card.")


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("好吧，那给队长发个短信说一下退赛的事", "好吧，那给队长发个短信说一下 "),
        ("告诉他退款的事", "告诉 "),
        ("把退赛的事跟队长说一下", " 跟队长说一下"),
        ("text the captain about the withdrawal", "text the captain "),
        ("email her about the refund and cancel the order", "email her  and cancel the order"),
        ("let the team know about the cancellation", "let the team know "),
        ("处理一下退款的事", "处理一下退款的事"),
        ("cancel it and tell Bob", "cancel it and tell Bob"),
    ],
)
def test_a_topic_told_leaves_the_turn(text: str, left: str) -> None:
    assert untopiced(text) == left


def test_the_bare_refund_of_a_topic_told_is_not_read() -> None:
    assert says_bare_refund("那给队长发个短信说一下退赛的事")
    assert not says_bare_refund(unreported("那给队长发个短信说一下退赛的事"))


@pytest.mark.parametrize(
    ("text", "only"),
    [
        ("那给队长发个短信说一下退赛的事", True),
        ("ok, text the captain about the refund", True),
        ("text the captain about the refund and refund P-5501", False),
        ("把退赛的事告诉队长，再把报名费退了", False),
        ("refund P-5501", False),
        ("给队长发个短信", False),
    ],
)
def test_a_turn_that_only_tells_a_topic(text: str, only: bool) -> None:
    assert tells_topic_only(text, [REFUND]) is only


@pytest.mark.parametrize("text", ["那跟队长说一下退款的情况", "ask the treasurer about the refund"])
def test_a_topic_told_as_its_state_or_asked_about_is_untopiced(text: str) -> None:
    assert "refund" not in untopiced(text) and "退款" not in untopiced(text)


@pytest.mark.parametrize(
    "text", ["跟队长讲一下退款的事，顺便把报名费退给我们", "给队长发短信说一下退款的事，然后把报名费退了"]
)
def test_a_bare_refund_beside_a_topic_is_no_report_only(text: str) -> None:
    assert not only_reports_acts(text)
