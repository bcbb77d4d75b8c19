"""All of a record's data after its record noun ("学生 STU-0877 的所有信息") names that record as the thing acted on.

A music school's "把学生 STU-0877 的所有信息删掉" (delete all of student STU-0877's information) held
``student_delete`` where ``ensemble_remove_member`` ranked above it: 删掉 says both tools' act in the other language,
and with 学生 read as a modifier (学生…的) no record was the thing acted on, so the best-ranked one took the act.
The reading of ``owners`` (all of a record's data is the record itself) now names the student. Cosines are fixed by
hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import Profiles, ToolProfile, ToolSpec
from toolfilter_core._pipeline.zh_records import head_records

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

DESTROYS = {"destructiveHint": True}
REMOVE = ToolSpec(
    "ensemble_remove_member", "Remove a pupil from an ensemble.", takes("student_id"), annotations=DESTROYS
)
DELETE = ToolSpec(
    "student_delete",
    "Permanently delete a student record and all personal data. Student ID, e.g. STU-1042.",
    takes("student_id"),
    annotations=DESTROYS,
)
LESSONS = ToolSpec("lesson_list", "List lessons for a student.", takes("student_id"))
TOOLS = [REMOVE, DELETE, LESSONS]
ASKS = ["把学生 STU-0877 的所有信息删掉", "把学生 STU-0877 的全部资料删掉"]
TABLE = tool_axes(TOOLS) | act_phrases(5, 6)
TABLE |= {text: unit(0, 0.6, 0.59, 0.3, 0, 0.4) for text in ASKS}
TABLE |= {"删除学生 STU-1042 的资料": unit(0, 0, 1, 0, 0, 0.3)}
PROFILES = Profiles({"student_delete": ToolProfile(("删除学生 STU-1042 的资料",))})


@pytest.mark.parametrize(
    ("text", "heads"),
    [
        ("把学生 STU-0877 的所有信息删掉", {"student"}),
        ("把学生 STU-0877 的全部资料删掉", {"student"}),
        ("删除学生 STU-0877 的全部档案", {"student"}),
        ("删掉学生 STU-0877 的全部课程", {"course"}),  # the courses, the student a modifier
        ("删掉仓库里的分支", {"branch"}),  # the branch, not the repository
    ],
)
def test_all_of_a_records_data_names_the_record(text, heads):
    assert head_records(text) == heads


@pytest.mark.parametrize("text", ASKS)
@pytest.mark.parametrize("profiles", [None, PROFILES])
def test_deleting_all_of_a_students_data_sends_the_student_delete(text, profiles):
    s = hand_filter(TOOLS, TABLE, min_score=0.5, profiles=profiles).select(text)
    assert "student_delete" in s.names, s.explain()
