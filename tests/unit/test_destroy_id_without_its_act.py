"""A destroyer whose act the request never says takes no id it carries (``id_acts.by_id_and_act``).

"会员M-30218说他想取消会籍，先帮我查一下他的会籍什么时候到期，别急着取消" reports a wish to cancel, refuses the
cancel and asks a read; ``member_delete`` (an erasure), which takes the member number, was sent because it takes the
id. The cancel said in the report and the refusal is not its act: a destroyer whose act neither the ask nor the
request says gets nothing from the id. Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import ToolFilter, ToolSpec

from .fakes import act_phrases, hand_filter, padded, tool_axes

MEMBER_ID = {
    "type": "object",
    "properties": {"member_id": {"type": "string", "description": "Member number, like M-1001"}},
    "required": ["member_id"],
}
PLAN_ID = {
    "type": "object",
    "properties": {"plan_id": {"type": "string", "description": "Plan id"}},
    "required": ["plan_id"],
}
PLAN_CANCEL = ToolSpec("plan_cancel", "Cancel a member's plan at the end of the paid period.", PLAN_ID)
ERASE = ToolSpec("member_delete", "Permanently delete a member record and all personal data. Irreversible.", MEMBER_ID)
PLAN_GET = ToolSpec("plan_get", "Show a member's plan, its end date and next charge.", MEMBER_ID)
MEMBER_GET = ToolSpec("member_get", "Look up a member's profile and contact details.", MEMBER_ID)
TOOLS = [PLAN_CANCEL, ERASE, PLAN_GET, MEMBER_GET]
CANCEL_FIRST = padded(0, 0.8, 0.6, 0.75, 0.6, 0.5)
TOLD = [
    "会员M-30218说他想取消会籍，先帮我查一下他的会籍什么时候到期，别急着取消",
    "member M-30218 says he wants to cancel his plan, first check when it ends, don't cancel it yet",
    "会员M-30218想取消会籍，先帮我看看他的会籍到期日，先不要取消",
    "the member M-30218 is thinking of cancelling, show me when his plan ends",
    "M-30218 的客户在考虑取消会籍，帮我查一下他的会籍什么时候到期",
]
ASKED = ["delete member M-30218 and all his data", "把会员M-30218的资料彻底删除"]
TABLE = tool_axes(TOOLS, padded) | act_phrases(5, 6, padded) | dict.fromkeys([*TOLD, *ASKED], CANCEL_FIRST)


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize("text", TOLD)
def test_a_destroyer_whose_act_is_never_said_takes_no_id(text: str) -> None:
    s = _filter().select(text)
    assert "member_delete" not in s.names, s.explain()


@pytest.mark.parametrize("text", ASKED)
def test_a_destroyer_whose_act_is_asked_still_takes_its_id(text: str) -> None:
    s = _filter().select(text)
    assert "member_delete" in s.names, s.explain()


SESSION_ID = {"type": "object", "properties": {"session_id": {"type": "string"}}, "required": ["session_id"]}
BOOKING_ID = {"type": "object", "properties": {"booking_id": {"type": "string"}}, "required": ["booking_id"]}
SEVERAL = [
    ToolSpec("course_list", "List the courses on the timetable for a day.", {"type": "object", "properties": {}}),
    ToolSpec("course_booking_cancel", "Cancel one person's course booking. Cannot be undone.", BOOKING_ID),
    ToolSpec("course_session_cancel", "Cancel a whole course session for everyone booked.", SESSION_ID),
    ToolSpec("plan_cancel", "Cancel a member's plan at the end of the paid period.", PLAN_ID),
]
HELD = ["教练病了，今晚的课整节取消，编号CO-3302", "the coach is ill, cancel tonight's one CO-3302 altogether"]
SESSION_FIRST = padded(0, 0.8, 0.7, 0.7, 0.5)
SEVERAL_TABLE = tool_axes(SEVERAL, padded) | act_phrases(5, 6, padded) | dict.fromkeys(HELD, SESSION_FIRST)


@pytest.mark.parametrize("text", HELD)
def test_an_id_of_several_records_is_said_so(text: str) -> None:
    """CO fits both course destroyers' records; no word of the registry gives it to other tools."""
    s = hand_filter(SEVERAL, SEVERAL_TABLE).select(text)
    notes = " ".join(s.notes)
    assert "course_session_cancel" not in s.names, s.explain()
    assert "fits the records of several destructive tools" in notes, s.explain()
    assert "give to other tools" not in notes.split("plan_cancel")[0], s.explain()
