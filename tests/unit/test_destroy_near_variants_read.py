"""Near variants of the later-act, have-it-done and not-wanted readings that ask no destroy act, and their asks.

A question whether a thing can be got back after a destroy ("账户 AC-77 删除后数据还能恢复吗") asks no act; a question
whether an act is still possible, with a rest that acts on its answer ("could I still get a refund for O-1? please
process it if so"), asks the act under that condition; "have" before a noun subject and a verb with its own object or
"yet" is a question ("have the staff refunded O-1 yet"), not the have-it-done form; 不要了 asked whether or passed on
("预约 AP-1 不要了吗？", "我妈说预约 AP-1 不要了") is no cancel.
"""

from __future__ import annotations

import pytest

from toolfilter_core._pipeline.ask_form import about_state
from toolfilter_core._pipeline.later_acts import split_later_acts
from toolfilter_core._pipeline.plain_verbs import in_plain_verbs


@pytest.mark.parametrize(
    "text",
    [
        "账户 AC-77 删除后数据还能恢复吗",  # a time clause, and a restore
        "注销后还能恢复吗？账号 AC-77",
        "还能恢复吗？先查一下账户 AC-77",  # a restore, no destroy act
        "订单 O-1 取消以后还能退款吗？先查一下",  # a time clause before the question
        "订单 O-1 取消之后还能退款吗？先查一下",
        "could I still get a refund for O-1? please process it if so",  # the rest acts on the answer
        "can we still cancel O-1? if yes, cancel it",
        "还能退款吗？可以的话就把 O-1 退了",
    ],
)
def test_a_possibility_after_an_act_or_acted_on_is_read_whole(text: str) -> None:
    assert split_later_acts(text) == (text, "")


@pytest.mark.parametrize(
    "text",
    [
        "have the staff refunded O-1 yet",
        "have the doctors cancelled O-1",
        "have the staff refunded the deposit",
        "have the orders refunded yet",
    ],
)
def test_a_perfect_with_a_noun_subject_is_a_question(text: str) -> None:
    assert about_state(text)


@pytest.mark.parametrize(
    "text",
    [
        "预约 AP-1 不要了吗？帮我查一下",
        "订单 O-1 不要了没",
        "我妈说预约 AP-1 不要了，你先别动，帮我看一下",
    ],
)
def test_not_wanted_asked_or_passed_on_is_no_cancel(text: str) -> None:
    assert in_plain_verbs(text) == text


@pytest.mark.parametrize("text", ["预约 AP-1 不要了，谢谢", "我说了，订单 O-1 不要了"])
def test_not_wanted_said_is_a_cancel(text: str) -> None:
    assert "取消" in in_plain_verbs(text)


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        ("之后还能退款吗？先查一下预约 AP-1", "之后还能退款吗？"),
        ("如果我冻结会籍的话，之后还能退款吗？先查一下 MS-1", "之后还能退款吗？"),
        ("could I still get a refund after the trip? show me O-1 first", "could I still get a refund after the trip?"),
    ],
)
def test_a_later_time_alone_is_no_time_clause(text: str, apart: str) -> None:
    assert split_later_acts(text)[1] == apart
