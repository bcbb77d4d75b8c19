"""The no-tool prompt shows each tool's first sentence, past a label it opens with ("DESTRUCTIVE.", "WARNING:").

An event-ticketing registry's ``event_cancel`` is described "DESTRUCTIVE. Cancel an event permanently. ...": the
prompt showed the profile-writing model "event_cancel: DESTRUCTIVE." and nothing of its act.
"""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._embedders import HashingEmbedder
from toolfilter_core._tool_profiles.prompt import PromptSettings, build_prompts, summary


@pytest.mark.parametrize(
    ("description", "shown"),
    [
        ("DESTRUCTIVE. Cancel an event permanently. All orders are refunded.", "Cancel an event permanently."),
        ("WARNING: Deletes the file. It cannot be restored.", "Deletes the file."),
        ("[Admin only] Delete a user.", "Delete a user."),
        ("危险操作。永久删除客户账户。不可恢复。", "永久删除客户账户。"),
        ("警告：删除后无法恢复。删除一个文件。", "删除后无法恢复。"),
    ],
)
def test_a_label_the_description_opens_with_is_not_its_summary(description: str, shown: str) -> None:
    assert summary(description) == shown


@pytest.mark.parametrize(
    "description",
    ["Note the time of a call.", "Important dates of an event.", "Warning lights of a car.", "DESTRUCTIVE."],
)
def test_a_word_that_is_no_label_stays(description: str) -> None:
    assert summary(description) == description


def test_the_no_tool_prompt_shows_the_act_past_the_label() -> None:
    tools = [
        ToolSpec("event_cancel", "DESTRUCTIVE. Cancel an event permanently. All ticket orders are refunded."),
        ToolSpec("event_get", "Get an event by id."),
    ]
    prompts = build_prompts(tools, HashingEmbedder(), PromptSettings())
    user = next(p for p in prompts if p.kind == "no_tool").messages[1]["content"]
    assert "- event_cancel: Cancel an event permanently." in user
