"""Two destroyers whose things are a short word of its own and a longer word it opens (mail, mailbox) are other
things, as an ending -name makes another (user, username) and a compound's tail of its own (file, filesystem; key,
keyboard); a known abbreviation is one thing (doc, document; app, application).

On 3397520 ``app_delete`` beside ``application_delete`` was "other things" and ``file_delete`` beside
``filesystem_delete`` (key/keyboard, team/teammate, room/roommate, post/postcode) one thing."""

import pytest

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose, load_tools
from toolfilter_core._doctor.acts import acts_differ


def _pair(a: str, b: str) -> tuple[ToolSpec, ToolSpec]:
    return ToolSpec(a, "Delete it. Cannot be undone."), ToolSpec(b, "Delete it. Cannot be undone.")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("app_delete", "appointment_delete"),
        ("mail_delete", "mailbox_delete"),
        ("data_delete", "database_delete"),
        ("web_delete", "webhook_delete"),
        ("work_delete", "workspace_delete"),
        ("pass_delete", "passport_delete"),
        ("user_delete", "username_delete"),
        ("file_delete", "filesystem_delete"),
        ("key_delete", "keyboard_delete"),
        ("team_delete", "teammate_delete"),
        ("room_delete", "roommate_delete"),
        ("post_delete", "postcode_delete"),
    ],
)
def test_a_word_of_its_own_opening_another_is_another_thing(a: str, b: str) -> None:
    assert "other things" in acts_differ(*_pair(a, b))


@pytest.mark.parametrize(
    ("a", "b"),
    [("doc_delete", "document_delete"), ("delete_env", "delete_environment"), ("app_delete", "application_delete")],
)
def test_an_abbreviation_is_one_thing(a: str, b: str) -> None:
    assert not acts_differ(*_pair(a, b))


@pytest.mark.parametrize(("a", "b"), [("mail_delete", "mailbox_delete"), ("user_delete", "username_delete")])
def test_the_doctor_tells_no_duplicate_of_other_things(a: str, b: str) -> None:
    said = "Permanently delete it and everything under it. Cannot be undone."
    tools = load_tools([_tool(a, said), _tool(b, said), _tool("list_things", "List them.")])
    kinds = {(f.kind, tuple(sorted(f.tools))) for f in diagnose(tools, embedder=HashingEmbedder()).findings}
    assert ("near_duplicate", (a, b)) not in kinds


def _tool(name: str, description: str) -> dict[str, object]:
    properties = {"id": {"type": "string"}}
    return {"name": name, "description": description, "parameters": {"type": "object", "properties": properties}}
