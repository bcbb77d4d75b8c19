"""Taking a student out of a class in Chinese asks the roster's removal: 移出, 撤出, 退出 before a class.

"再把她从周六的 HSK4 班 C-21 里移出去" says no verb of the destroy lists before; the guard held
``class_student_remove`` and sent the enrolment. 移出 and 撤出 say "remove" across languages (``_hints._ZH_EN``);
退出 asks only before a class, a course, a list or a group ("退出登录" logs out).
"""

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import (
    is_destroy_word,
    request_is_destructive,
    request_says_its_act,
    request_says_its_act_across,
)
from toolfilter_core._pipeline.decide import says_acts

REMOVE = ToolSpec(
    "class_student_remove", "Remove a student from a group class roster. Their seat is released; lessons already taken."
)
ENROLL = ToolSpec("class_enroll_student", "Enroll a student in a group class (checks seats left and level fit).")
SCHEDULE_DELETE = ToolSpec("teacher_schedule_delete", "Delete a teacher's schedule for a date range.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("再把她从周六的 HSK4 班 C-21 里移出去", True),
        ("把 S-3333 从 C-12 撤出", True),
        ("让 S-3333 退出商务英语 C-12 班", True),
        ("她想退出这个课程", True),
        ("怎么退出登录？", False),
        ("我退出了 App，再打开就好了", False),
        ("把 S-3 从 C-21 班踢掉", True),
        ("kick him out of class C-21", True),
        ("kick S-3 out of C-21", True),
        ("boot S-3 from class C-21", True),
        ("let's kick off the meeting", False),
        ("boot the VM from the ISO image", False),
    ],
)
def test_taking_out_of_a_class_asks_to_destroy(text, expected):
    assert request_is_destructive(text) is expected


def test_out_of_words_are_destroy_words():
    assert is_destroy_word("移出")
    assert is_destroy_word("撤出")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("再把她从周六的 HSK4 班 C-21 里移出去", True), ("把 S-3333 从 C-12 撤出", True), ("把 S-3333 加到 C-12", False)],
)
def test_out_of_says_remove_across_languages(text, expected):
    assert request_says_its_act_across(text, REMOVE) is expected
    assert request_says_its_act_across(text, SCHEDULE_DELETE) is False


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("把 S-3 从 C-21 班踢掉", True),
        ("kick him out of class C-21", True),
        ("boot S-3 from class C-21", True),
        ("let's kick off the spring term", False),
    ],
)
def test_kicking_out_says_remove(text, expected):
    """踢掉, "kick … out", "boot … from" a class say a removal (踢出 C-21 班)."""
    said = request_says_its_act_across(text, REMOVE) or request_says_its_act(text, REMOVE)
    assert said is expected
    assert not request_says_its_act_across(text, SCHEDULE_DELETE)


def test_the_removal_is_asked_not_another_destroyer():
    tools = [REMOVE, ENROLL, SCHEDULE_DELETE]
    destructive = np.array([[True, False, True]])
    said = says_acts("再把她从周六的 HSK4 班 C-21 里移出去", tools, destructive)
    assert said.tolist() == [[True, False, False]]


def test_a_question_about_the_removed_asks_nothing():
    tools = [REMOVE, ENROLL]
    destructive = np.array([[True, False]])
    assert not says_acts("移出名单的学生还能上课吗？", tools, destructive).any()
