"""Readings a review found wrong: an act undone in Chinese, a name's read words past its act, a withdrawal negated,
the reject side's words as its tool's act, a record refused in Chinese. No embedder."""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import request_is_destructive, request_says_its_act, says_destructive
from toolfilter_core._pipeline.opposites import ACTS, opposite_of_said, own_act_said, says_its_side, sides_said
from toolfilter_core._pipeline.refused_records import ids_text, refusals

SUBSCRIBE = ToolSpec("newsletter_subscribe", "Subscribe a customer's email to the newsletter.")
UNSUBSCRIBE = ToolSpec("newsletter_unsubscribe", "Unsubscribe a customer's email from the newsletter.")
APPROVE = ToolSpec("claim_approve", "Approve a claim and set the payout amount.")
REJECT = ToolSpec("claim_reject", "Reject (deny) a claim.")
WITHDRAW = ToolSpec("tournament_withdraw_team", "Withdraw a team from a tournament.")


def _pair(word: str) -> int:
    return next(i for i, sides in enumerate(ACTS) if any(word in side for side in sides))


@pytest.mark.parametrize(
    "text", ["帮我取消订阅邮件通讯", "取消冻结银行卡 C-1234", "解除锁定账户 U-55", "取消屏蔽用户 U-9"]
)
def test_a_chinese_act_undone_says_both_sides(text: str) -> None:
    pair = _pair(next(w for sides in ACTS for side in sides for w in side if not w.isascii() and w in text))
    assert {(pair, 0), (pair, 1)} <= sides_said(text)


def test_an_act_undone_leaves_no_opposite_out() -> None:
    assert opposite_of_said("帮我取消订阅邮件通讯 a@b.com", [SUBSCRIBE, UNSUBSCRIBE], [SUBSCRIBE, UNSUBSCRIBE]) == [
        False,
        False,
    ]
    assert opposite_of_said("订阅邮件通讯 a@b.com", [UNSUBSCRIBE], [SUBSCRIBE, UNSUBSCRIBE]) == [True]


@pytest.mark.parametrize(
    "text", ["deny claim CL-40021", "decline claim CL-40021", "理赔 CL-40021 拒赔", "拒绝理赔 CL-40021"]
)
def test_the_reject_sides_words_say_the_reject_tools_act(text: str) -> None:
    assert says_its_side(text, REJECT) and own_act_said(text, REJECT)
    assert not says_its_side(text, APPROVE)


def test_both_sides_said_say_neither_tools_side() -> None:
    assert not says_its_side("approve claim CL-1 and reject claim CL-2", REJECT)


def test_a_read_word_past_a_means_leaves_a_refund_name_a_refund() -> None:
    assert says_destructive(ToolSpec("refund_by_check", "Issue a refund to a customer as a paper check."))
    assert not says_destructive(ToolSpec("refund_status_get", "Get the status of a refund."))
    assert not says_destructive(ToolSpec("refund_history_by_order", "Past refunds of an order."))


@pytest.mark.parametrize(
    "text",
    [
        "我们不退赛了，队伍 T-9，看下赛程",
        "we are not pulling out of the spring open, team T-9, list tournaments",
        "退出登录后看不到比赛赛程了，帮我查一下赛程",
    ],
)
def test_a_withdrawal_negated_or_of_another_clause_asks_nothing(text: str) -> None:
    assert not request_is_destructive(text)
    assert not request_says_its_act(text, WITHDRAW)


def test_a_withdrawal_asked_still_asks() -> None:
    for text in ("我们要退出春季联赛，队伍 T-9", "we're pulling out of the spring open, team T-9", "我们队退赛"):
        assert request_is_destructive(text), text


def test_a_chinese_refusal_split_off_is_a_refusal() -> None:
    assert refusals("", "不要删除客户 CU-5120") == "不要删除客户 CU-5120"
    assert refusals("don't delete customer CU-5120", "") == "don't delete customer CU-5120"
    assert refusals("", "I deleted customer CU-5120") == ""


def test_the_ids_asked_on_are_the_rests_where_it_has_one() -> None:
    text = "不要删除客户 CU-5120，删除订单 O-77"
    assert "CU-5120" not in ids_text(text, "", "不要删除客户 CU-5120")
    alone = "don't refund T-55102, just void it"
    assert ids_text(alone, "don't refund T-55102", "") == alone


def test_the_opposite_note_names_the_act_and_its_tool() -> None:
    from toolfilter_core._pipeline.opposites import opposite_said

    assert (
        opposite_said("deny claim CL-40021", APPROVE, [APPROVE, REJECT])
        == 'claim_approve (asked: "deny", claim_reject\'s act)'
    )
    assert opposite_said("deny claim CL-40021", APPROVE, [APPROVE]) == 'claim_approve (asked: "deny")'
