"""A failed act told, a coach's account, a pronoun thrown away that points to a lesson named by its id.

"上次退款失败了，能查一下退款 RF-1009 的状态吗" asks the refund's status: "the refund failed" tells an act's
outcome, not an act asked (``later_acts._FAILED_ZH``). "把他的教练账号停掉" names the instructor's account (教练,
``zh_records``), not a student's. "I can't make Thursday's lesson L-3311, scrap it" cancels the lesson: the pronoun
points back to the booked thing named with its id as the clause's object (``plain_verbs._points_to_booked``).
"""

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.objects import said_words
from toolfilter_core._pipeline.plain_verbs import in_plain_verbs
from toolfilter_core._pipeline.reports import ask_and_reports

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

_GONE = {"destructiveHint": True}


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("上次退款失败了，能查一下退款 RF-1009 的状态吗", "退款失败了"),
        ("取消又没成功，帮我看看预约 B-2 现在什么情况", "取消又没成功"),
        ("the refund failed last time, can you check refund RF-1009?", "refund failed last time"),
        ("the refund didn't go through, show me refund RF-2", "refund didn't go through"),
    ],
)
def test_a_failed_act_is_told_not_asked(text: str, told: str) -> None:
    ask, reports = ask_and_reports(text)
    assert told in reports
    assert told not in ask


@pytest.mark.parametrize("text", ["帮我把退款失败的那笔重新退款 RF-1", "退款 RF-1009 给学员", "refund RF-1009"])
def test_an_act_asked_stays_asked(text: str) -> None:
    assert ask_and_reports(text)[1] == ""


def _refunds() -> list[ToolSpec]:
    return [
        ToolSpec(
            "refund_issue",
            "Refund a payment to a customer, in full or in part.",
            takes("payment_id"),
            annotations=_GONE,
        ),
        ToolSpec("refund_status", "Look up a refund: amount, whether it was approved and paid.", takes("refund_id")),
        ToolSpec("class_get", "Show one booked class: time, teacher, room.", takes("class_id")),
    ]


def test_a_refund_status_after_a_failed_refund_sends_no_refund() -> None:
    tf = ToolFilter(_refunds(), embedder=HashingEmbedder())
    assert "refund_issue" not in tf.select("上次退款失败了，能查一下退款 RF-1009 的状态吗").names
    assert "refund_issue" in tf.select("退款 RF-1009 给客户").names


def test_a_coach_names_the_instructor() -> None:
    assert "instructor" in said_words("把他的教练账号停掉")
    assert "coach" in said_words("教练 C-3 下周休假")


_COACH = "王教练下个月离职，把他的教练账号停掉"


@pytest.mark.parametrize("destroy", [0.3, 0.0])
def test_a_coachs_account_stopped_is_the_instructors_deactivate(destroy: float) -> None:
    tools = [
        ToolSpec(
            "member_account_delete",
            "Delete a member's account and all their data.",
            takes("member_id"),
            annotations=_GONE,
        ),
        ToolSpec(
            "instructor_deactivate",
            "Deactivate an instructor account so they take no bookings.",
            takes("instructor_id"),
            annotations=_GONE,
        ),
        ToolSpec("class_book", "Book a class for a member with an instructor.", takes("member_id")),
        ToolSpec("class_get", "Show one booked class: time, instructor, room.", takes("class_id")),
    ]
    table = tool_axes(tools) | act_phrases(6, 7) | {_COACH: unit(0, 0.5, 0.6, 0.4, 0.3, 0, destroy, 0)}
    names = hand_filter(tools, table).select(_COACH).names
    assert "member_account_delete" not in names
    assert "instructor_deactivate" in names


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("I can't make Thursday's lesson L-3311, scrap it", "I can't make Thursday's lesson L-3311, cancel it"),
        ("we missed the appointment AP-7; bin it", "we missed the appointment AP-7; cancel it"),
        ("the note on order ORD-1 is wrong, bin it", "the note on order ORD-1 is wrong, remove it"),
        ("I sold car V-12, scrap it", "I sold car V-12, remove it"),
    ],
)
def test_a_pronoun_thrown_away_points_to_the_booked_thing_named(text: str, plain: str) -> None:
    assert in_plain_verbs(text) == plain


def test_a_lesson_scrapped_by_pronoun_is_sent_its_cancel_not_the_cars_retire() -> None:
    tools = [
        ToolSpec("lesson_cancel", "Cancel a booked driving lesson.", takes("lesson_id"), annotations=_GONE),
        ToolSpec(
            "vehicle_retire", "Permanently remove a vehicle from the fleet.", takes("vehicle_id"), annotations=_GONE
        ),
        ToolSpec("lesson_reschedule", "Move a booked lesson to a new time.", takes("lesson_id")),
        ToolSpec("lesson_get", "Show one booked lesson: time, instructor, car.", takes("lesson_id")),
    ]
    names = (
        ToolFilter(tools, embedder=HashingEmbedder()).select("I can't make Thursday's lesson L-3311, scrap it").names
    )
    assert "lesson_cancel" in names
    assert "vehicle_retire" not in names
