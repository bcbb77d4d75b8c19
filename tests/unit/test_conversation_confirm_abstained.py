"""A yes to an offered act whose own words read as needing no tool.

"Want me to offboard her now?" / "yes, go ahead": with profiles, the assent's words sat near the requests no tool
serves and the abstain rule emptied the turn, so ``staff_offboard`` was not offered; the confirmation takes the
offer's act. The abstain is stood in for by a filter that reads the assent as needing no tool.
"""

from __future__ import annotations

from typing import Any

from toolfilter_core import HashingEmbedder, Selection, ToolFilter, ToolSpec
from toolfilter_core._conversation import Turn
from toolfilter_core._conversation_policy import ConversationPolicy, _built
from toolfilter_core._types import Status


def _tool(name: str, description: str, key: str, destroys: bool = False) -> ToolSpec:
    schema = {"type": "object", "properties": {key: {"type": "string"}}, "required": [key]}
    return ToolSpec(name, description, schema, annotations={"destructiveHint": True} if destroys else None)


TOOLS = [
    _tool("cleaner_list", "List cleaners with their availability and upcoming bookings.", "date"),
    _tool("booking_get", "Get a booking: date, address, assigned cleaner and status.", "booking_id"),
    _tool("staff_offboard", "Offboard a cleaner who leaves: deactivate the staff account.", "cleaner_id", True),
    _tool("sms_send", "Send an SMS to a customer or a cleaner.", "phone"),
]
TALK = [
    Turn("user", "Ana CL-19 handed in her notice, last day Friday. Which bookings is she on next week?"),
    Turn("assistant", "I can check availability. Want me to offboard her now?"),
    Turn("user", "yes, go ahead"),
]


class _AssentNeedsNoTool(ToolFilter):
    """A filter whose no-tool rule reads the user's assent as needing no tool."""

    def select(self, query: str, **options: Any) -> Selection:
        if "go ahead" in query:
            return _built(self, query, (), status=Status.NO_TOOL_NEEDED)
        return super().select(query, **options)


def test_a_yes_to_an_offered_act_takes_its_tool_where_its_words_read_as_none() -> None:
    tool_filter, policy = _AssentNeedsNoTool(TOOLS, embedder=HashingEmbedder()), ConversationPolicy()
    policy.select(tool_filter, TALK[:1])
    assert "staff_offboard" in policy.select(tool_filter, TALK).names


def test_a_closing_after_an_answer_still_takes_none() -> None:
    tool_filter, policy = _AssentNeedsNoTool(TOOLS, embedder=HashingEmbedder()), ConversationPolicy()
    talk = [*TALK[:1], Turn("assistant", "She is on BK-1 and BK-2."), Turn("user", "thanks, that's all")]
    policy.select(tool_filter, talk[:1])
    assert not policy.select(tool_filter, talk).names
