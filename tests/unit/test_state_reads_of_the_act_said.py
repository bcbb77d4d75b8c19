"""A question about a held act gets the reads of the record it asks about, not those of another held tool.

"was lesson L-5521 cancelled or did the student just not show up?" (no profiles) held ``lesson_cancel`` and
``class_student_remove`` (the word "student" names its object too) and moved ``student_search`` up to the latter's
place, ``lesson_get`` seventh of eight. The held tool whose act the request says ("cancelled") on the object it names
(a lesson) is the one the question is about: the other gives way to nothing. With an id in the request, the read
that takes the held tool's key (``lesson_get``, ``lesson_id``) comes before the list (``lesson_list``, a student's).
"""

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.state_reads import ObjectReads


def _tool(name: str, description: str, *keys: str, required: tuple[str, ...] = ()) -> ToolSpec:
    properties = {k: {"type": "string"} for k in keys}
    return ToolSpec(name, description, parameters={"type": "object", "properties": properties, "required": [*required]})


TOOLS = [
    _tool("student_search", "Search students by name, phone, email or student ID.", "q", required=("q",)),
    _tool("lesson_get", "Lesson details", "lesson_id", required=("lesson_id",)),
    _tool("lesson_list", "List a student's lessons, with status.", "student_id", "range", required=("student_id",)),
    _tool("lesson_cancel", "Cancel a scheduled lesson.", "lesson_id", "reason", required=("lesson_id",)),
    _tool(
        "class_student_remove",
        "Remove a student from a group class roster.",
        "class_id",
        "student_id",
        required=("class_id",),
    ),
]
SEARCH, GET, LIST, CANCEL, REMOVE = range(5)
SCORES = {SEARCH: 0.22, GET: 0.25, LIST: 0.43, CANCEL: 0.45, REMOVE: 0.35}


def test_the_held_tool_whose_act_is_said_on_its_named_object_alone_gives_way():
    reads = ObjectReads(TOOLS)
    sent = {SEARCH, GET, LIST}
    found = reads.first([CANCEL, REMOVE], lambda i: True, SCORES, sent, {CANCEL, REMOVE}, False, {CANCEL})
    assert [h for _, h in found] == [CANCEL]


def test_with_an_id_the_read_of_the_held_tools_key_comes_first():
    reads = ObjectReads(TOOLS)
    sent = {SEARCH, GET, LIST}
    found = reads.first([CANCEL], lambda i: True, SCORES, sent, {CANCEL}, False, {CANCEL}, ided=True)
    assert found == [(GET, CANCEL)]
    assert reads.first([CANCEL], lambda i: True, SCORES, sent, {CANCEL}, False, {CANCEL}) == [(LIST, CANCEL)]


def test_two_held_tools_named_and_none_said_both_give_way():
    reads = ObjectReads(TOOLS)
    found = reads.first([CANCEL, REMOVE], lambda i: True, SCORES, {SEARCH, LIST}, {CANCEL, REMOVE}, False, set())
    assert [h for _, h in found] == [CANCEL, REMOVE]
