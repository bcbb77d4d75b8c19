"""The request readings of a supply cut, a removal, a pause, a refund's state and an account close, when refused,
asked after or reported.

"明天别切断3号楼的电", "明天切断3号楼的电，对吗", "Note: cut off the power ..." read as a cut asked; "别让 S-3333 退出
C-12 班" and "S-3333 已经退出 C-12 班了" as a removal asked; "cancel the freeze starting next week" as a membership
cancelled; "could you get my refund status" as the refund told; "关闭账号１２３４５" as no close; "I didn't ask you to
close my account" as no refusal. The whole selections: tests/integration/test_readings_refused_reported.py.
"""

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import _CLOSE_ACCOUNT, _cut_supply_asked, request_is_destructive, split_reports
from toolfilter_core._negated import refused_acts, refused_apart
from toolfilter_core._pipeline.ask_form import lifts_a_pause, refund_state, turns_off_a_setting
from toolfilter_core._pipeline.reports import reported_acts

CUT = ToolSpec("utility_disconnect", "Disconnect electricity or water supply at a property (tenant moved out, unpaid).")
REMOVE = ToolSpec("class_student_remove", "Remove a student from a group class roster. Their seat is released.")
CLOSE = ToolSpec("close_account", "Close a customer account permanently and delete its data.")


@pytest.mark.parametrize(
    "text",
    [
        "明天别切断3号楼的电",
        "今晚不用切断3号楼的电了",
        "Note: cut off the power at 5 Lake View happened yesterday",
        "do we have to cut off the power at 5 Lake View?",
        "明天切断3号楼的电，对吗",
        "下周切断电源的事情取消了",
        "3号楼的电已经切断了",
    ],
)
def test_a_cut_refused_asked_after_or_reported_asks_none(text: str) -> None:
    assert not _cut_supply_asked(text), text


@pytest.mark.parametrize(
    "text", ["明天切断3号楼的电", "Tenant moved out - cut off the power at 5 Lake View", "we have to cut off the power"]
)
def test_a_cut_told_still_asks(text: str) -> None:
    assert _cut_supply_asked(text), text


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("明天别切断3号楼的电", CUT),
        ("don't cut off the power at 5 Lake View", CUT),
        ("别让 S-3333 退出 C-12 班", REMOVE),
        ("I didn't ask you to close my account", CLOSE),
    ],
)
def test_the_refusal_holds_its_act(text: str, tool: ToolSpec) -> None:
    _, refused = refused_apart(text)
    assert refused, text
    assert refused_acts(refused, [tool], np.array([[True]]), np.array([[False]])).tolist() == [[True]]


def test_a_report_of_not_cancelling_is_no_refusal() -> None:
    assert refused_apart("I didn't cancel it") == ("I didn't cancel it", "")


def test_a_removal_or_a_cut_reported_is_held() -> None:
    ask, reports = split_reports("S-3333 已经退出 C-12 班了")
    assert not request_is_destructive(ask), ask
    _, cut = split_reports("下周切断电源的事情取消了")
    assert reported_acts(cut, [CUT], np.array([[True]]), np.array([[False]])).tolist() == [[True]]


def test_leaving_a_courses_stream_is_no_removal() -> None:
    assert not request_is_destructive("老师退出了课程直播，怎么办")
    assert request_is_destructive("让 S-3333 退出 C-12 班")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cancel the freeze starting next week", True),
        ("cancel the hold placed on my account", True),
        ("cancel the hold on my card", True),
        ("cancel my hold reservation", False),
    ],
)
def test_a_pause_with_a_time_or_a_participle_after_it_is_the_object(text: str, expected: bool) -> None:
    assert lifts_a_pause(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("could you get my refund status", True),
        ("退款请尽快处理一下进度查询", True),
        ("please get my refund processed today", False),
        ("退款请尽快到账", False),
    ],
)
def test_a_refunds_status_is_a_state(text: str, expected: bool) -> None:
    assert refund_state(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("关闭账号１２３４５", True), ("关闭账号１２３４５的自动续费", False), ("关闭账号12345", True)],
)
def test_a_full_width_id_closes_the_account(text: str, expected: bool) -> None:
    assert (_CLOSE_ACCOUNT.search(text) is not None) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("请关闭账号abc_99的短信提醒", True), ("帮我关闭账号A1的登录提醒", True), ("请关闭账号abc_99", False)],
)
def test_turning_off_an_accounts_alerts_is_no_close(text: str, expected: bool) -> None:
    assert turns_off_a_setting(text) is expected
