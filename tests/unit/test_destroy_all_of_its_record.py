"""All of a record's data ("的全部资料", "所有信息") is the record itself, not a thing its owner holds.

A music school's "删除学生 STU-0877 的全部资料，家长要求注销" (delete all of student STU-0877's data, the parent
asked to deregister) held ``student_delete``, with profiles or none: 全部资料 read as another record the student owns.
Cosines are fixed by hand (``TableEmbedder``).
"""

import numpy as np
import pytest

from toolfilter_core import Profiles, ToolProfile, ToolSpec
from toolfilter_core._pipeline.owners import owners_only

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

DESTROYS = {"destructiveHint": True}
DELETE = ToolSpec(
    "student_delete",
    "Permanently delete a student record and all personal data. Student ID, e.g. STU-1042.",
    takes("student_id"),
    annotations=DESTROYS,
)
NOTIFY = ToolSpec("notify_parent", "Email a parent about a student.", takes("student_id"))
LESSONS = ToolSpec("lesson_list", "List lessons for a student.", takes("student_id"))
TOOLS = [DELETE, NOTIFY, LESSONS]
ASKS = ["删除学生 STU-0877 的全部资料，家长要求注销", "把学生 STU-0877 的所有资料都删除"]
TABLE = tool_axes(TOOLS) | act_phrases(5, 6)
TABLE |= {text: unit(0, 0.8, 0.4, 0.3, 0, 0.3) for text in ASKS}
TABLE |= {"删除学生 STU-1042 的资料": unit(0, 1, 0, 0, 0, 0.3)}
PROFILES = Profiles({"student_delete": ToolProfile(("删除学生 STU-1042 的资料",))})
ONE = np.array([[True]])


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("删除学生 STU-0877 的全部资料", False),
        ("删除学生 STU-0877 的所有信息", False),
        ("删除学生 STU-0877 的资料", False),
        ("删除学生 STU-0877 的全部课程", True),  # lessons of the student: no student deleted
    ],
)
def test_all_of_a_records_data_is_its_own(text, held):
    assert bool(owners_only(text, [DELETE], ONE)[0, 0]) is held


@pytest.mark.parametrize("text", ASKS)
@pytest.mark.parametrize("profiles", [None, PROFILES])
def test_deleting_all_of_a_students_data_is_sent_the_student_delete(text, profiles):
    s = hand_filter(TOOLS, TABLE, min_score=0.5, profiles=profiles).select(text)
    assert "student_delete" in s.names, s.explain()
