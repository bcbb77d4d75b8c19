"""A question about acts already done is read as an act told done (``past_wishes.split_done``), not an ask.

"Which inspections did we cancel last month?" asks which were cancelled: the act is past ("did"), as in
"上个月我们取消了哪些检查？" (了 after the verb) and "哪些许可证被吊销过" (被 before it, 过 after).
"""

from __future__ import annotations

import pytest

from toolfilter_core._pipeline.past_wishes import split_done
from toolfilter_core._pipeline.reports import ask_and_reports


@pytest.mark.parametrize(
    "question",
    [
        "Which inspections did we cancel last month?",
        "how many refunds did we issue in May?",
        "did we cancel inspection INS-5531?",
        "上个月我们取消了哪些检查？",
        "哪些许可证被吊销过？",
        "上个月被取消的检查有几次是因为天气？",
        "Why was my certificate revoked?",  # the passive: was, were, been
        "why were both bookings cancelled?",
    ],
)
def test_a_question_about_a_past_act_is_told_done(question: str) -> None:
    ask, done = split_done(f"{question} I need the count for the report.")
    assert done == question and "I need the count" in ask


@pytest.mark.parametrize(
    "request_",
    [
        "cancel inspection INS-5531",
        "can you cancel booking B-1?",
        "能把预约取消了吗",  # asks the act (能, 把)
        "请帮我取消了哪个预约？",  # asks someone to act (请, 帮)
        "did we receive payment PAY-1?",  # no destroying act
        "Why would we cancel it",  # no past
    ],
)
def test_an_ask_or_a_question_of_no_past_act_stays(request_: str) -> None:
    assert split_done(request_) == (request_, "")


def test_a_request_that_is_only_such_a_question_is_left_whole() -> None:
    """Read whole, it is a question of state (``ask_form.about_state``); its ask left empty, it would not be."""
    assert split_done("did the DELETE on stale sessions actually remove any rows?")[1] == ""


def test_the_ask_after_a_question_about_the_act_done_stays() -> None:
    ask, reports = ask_and_reports("Did we cancel INS-5531? If not, cancel it now.")
    assert "cancel it now" in ask and "Did we cancel INS-5531?" in reports


@pytest.mark.parametrize("text", ["did you cancel R-21030 yet? please do it now", "did we cancel INS-5531? go ahead"])
def test_a_question_about_the_act_then_go_ahead_asks_the_act(text: str) -> None:
    """The words after the question go ahead with its act: the question is the ask, not an act told done."""
    ask, done = split_done(text)
    assert ask == text and done == ""


@pytest.mark.parametrize(
    "request_",
    [
        "Could you cancel the booking that was made twice? It's B-9",
        "Can you delete the drafts that were saved by mistake? thanks",
        "Can you revoke the certificate that was leaked? It's C-77",
        "Would you refund the order that was charged twice?",
        "Cancel the booking that was made twice?",  # was governs "made", not the cancel
    ],
)
def test_a_passive_that_governs_no_destroying_verb_is_no_past_act(request_: str) -> None:
    """was / were / been tells a past act only before the destroying verb's participle, never in a can-you ask."""
    assert split_done(request_) == (request_, "")
