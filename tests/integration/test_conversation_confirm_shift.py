"""Whole conversations, the real default embedder: a yes after a staff rota's delete ask and the assistant's reply.

"yes, that one" after "S-302 is Sunday 9-5, right?" confirms the delete asked; "yes please" after "I can't delete
past shifts … Want me to list this week's shifts?" takes the listing, not the delete; "好的，删吧，顺便给他发个短信"
confirms the delete and asks the message too; "说一下删班的事，然后把 S-302 删掉" names the shift (删班).
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

pytestmark = pytest.mark.integration

TOOLS = [
    ToolSpec("shift_list", "List staff shifts for a week."),
    ToolSpec("shift_create", "Create a new shift for a staff member."),
    ToolSpec("shift_delete", "Delete a shift.", annotations={"destructiveHint": True}),
    ToolSpec("staff_lookup", "Look up a staff member by name."),
    ToolSpec("staff_delete", "Delete a staff member's record.", annotations={"destructiveHint": True}),
    ToolSpec("send_message", "Send an SMS or e-mail to a staff member."),
]
ASK_EN = [("user", "delete shift S-302, Tom is sick"), ("assistant", "S-302 is Sunday 9-5, right?")]
ASK_ZH = [("user", "把汤姆的班次 S-302 删掉"), ("assistant", "S-302 是周日 9-17 点的班，对吗？")]
OFFER = [
    ("user", "delete shift S-302"),
    ("assistant", "I can't delete past shifts; S-302 was yesterday. Want me to list this week's shifts?"),
]


def _last_set(embedder: Embedder, conversation: list[tuple[str, str]]) -> list[str]:
    tool_filter = ToolFilter(TOOLS, embedder=embedder)
    turns = openai_turns([{"role": role, "content": text} for role, text in conversation])
    policy, names = ConversationPolicy(), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        names = list(select_window(tool_filter, window, conversation=policy).names)
    return names


@pytest.mark.parametrize(
    ("before", "last"),
    [(ASK_EN, "yes, that one"), (ASK_EN, "yep that's it"), (ASK_ZH, "对，就是这个")],
)
def test_a_yes_pointing_to_the_object_confirms_the_delete(
    default_embedder: Embedder, before: list[tuple[str, str]], last: str
) -> None:
    assert "shift_delete" in _last_set(default_embedder, [*before, ("user", last)])


def test_a_yes_to_another_offer_gets_that_offer_not_the_delete(default_embedder: Embedder) -> None:
    names = _last_set(default_embedder, [*OFFER, ("user", "yes please")])
    assert "shift_list" in names and "shift_delete" not in names, names


def test_a_confirmation_with_another_ask_gets_both(default_embedder: Embedder) -> None:
    names = _last_set(default_embedder, [*ASK_ZH, ("user", "好的，删吧，顺便给他发个短信")])
    assert {"shift_delete", "send_message"} <= set(names), names


def test_a_topic_told_then_the_delete_asked_gets_the_delete(default_embedder: Embedder) -> None:
    names = ToolFilter(TOOLS, embedder=default_embedder).select("给汤姆发短信说一下删班的事，然后把 S-302 删掉").names
    assert {"shift_delete", "send_message"} <= set(names), names
