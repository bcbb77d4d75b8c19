"""The readings of an insurance desk's requests: past wishes relayed, leans reported, acts an id does not ask."""

from __future__ import annotations

import numpy as np

from toolfilter_core import ToolSpec
from toolfilter_core._hints import destroy_verbs_said
from toolfilter_core._pipeline.id_acts import by_id_and_act, other_act_said
from toolfilter_core._pipeline.past_wishes import split_past_wishes
from toolfilter_core._pipeline.read_leans import a_read_in_no_destroy_word
from toolfilter_core._pipeline.reports import ask_and_reports, lean_is_reported

CANCEL = ToolSpec("policy_cancel", "Cancel a policy. DESTRUCTIVE: ends coverage and triggers a pro-rata refund.")
VOID = ToolSpec("premium_payment_void", "Void a premium payment. DESTRUCTIVE: reverses the recorded payment.")
HISTORY = ToolSpec("premium_payment_history", "Payment history of a policy.")


def test_a_past_wish_relayed_is_read_apart() -> None:
    ask, past = split_past_wishes("查一下客户C-3309的资料，他说之前申请过删除但还在收到短信")
    assert past == "他说之前申请过删除"
    assert "删除" not in ask and "但还在收到短信" in ask
    ask, past = split_past_wishes("look up customer C-3309, he says he asked to be deleted before but still gets texts")
    assert past == "he says he asked to be deleted before"
    assert "but still gets texts" in ask


def test_a_past_wish_beside_an_ask_of_its_act_keeps_the_ask() -> None:
    ask, _ = ask_and_reports("他说之前申请过删除，请帮他删掉")
    assert "删掉" in ask
    assert split_past_wishes("他说想删除账号") == ("他说想删除账号", "")
    assert split_past_wishes("delete customer C-1, he asked for it") == ("delete customer C-1, he asked for it", "")


def test_a_lean_only_the_reports_say_is_theirs() -> None:
    ask, reports = ask_and_reports("Show me the payments on policy P-2022-0091, I think one was voided")
    assert lean_is_reported(ask, reports)
    ask, reports = ask_and_reports("the surgery was cancelled, refund Mr Zhang 300")
    assert not lean_is_reported(ask, reports)
    assert not lean_is_reported("show me the payments", "")


def test_destroy_verbs_said() -> None:
    assert destroy_verbs_said("Please refund the second payment") == ("refund",)
    assert destroy_verbs_said("one was voided") == ("voided",)
    assert destroy_verbs_said("把第二笔退款，再删除记录") == ("删除", "退款")
    assert destroy_verbs_said("show me the payments") == ()


def test_an_id_takes_no_act_the_request_says_another_of() -> None:
    tools = [VOID, CANCEL, HISTORY]
    destructive = np.array([[True, True, False]])
    text = "Hi, I paid twice on P-2021-777. Please refund the second payment"
    assert other_act_said(text, tools, destructive).tolist() == [[True, True, False]]
    assert other_act_said("cancel P-2021-777", tools, destructive).tolist() == [[True, False, False]]
    assert not other_act_said("P-2021-777 不要了", tools, destructive).any()
    takes = [False, True, False]
    assert not np.any(by_id_and_act(takes, (text, text), tools, destructive))
    assert np.array_equal(by_id_and_act(takes, ("cancel P-2021-777",) * 2, tools, destructive), [[False, True, False]])
    against = [False, False, False]
    # a prefix read as a noun weighs the verbs against the record, but a refund is still no cancel's
    assert not np.any(by_id_and_act(takes, (text, text), tools, destructive, against))
    deleted = ("delete P-2021-777",) * 2
    assert np.array_equal(by_id_and_act(takes, deleted, tools, destructive, against), [[False, True, False]])
    assert by_id_and_act(None, (text, text), tools, destructive) is None


def test_a_read_in_no_destroy_word_does_not_lean() -> None:
    assert a_read_in_no_destroy_word("理赔CL-40021被拒了，我想看看拒赔的原因")
    assert a_read_in_no_destroy_word("show me the payments on policy P-1")
    assert not a_read_in_no_destroy_word("查一下这笔保费，然后撤销掉")
    assert not a_read_in_no_destroy_word("show me claim CL-1 and delete it")
    assert not a_read_in_no_destroy_word("拒赔CL-1")  # no read said
