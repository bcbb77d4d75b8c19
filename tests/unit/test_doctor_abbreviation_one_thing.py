"""A name's abbreviation (doc, env, sub) is the long word's thing: two destroyers of it can be one tool written twice.

On 2f8e813 ``doc_delete`` beside ``document_delete`` was "both destroy, but other things" (letters added read as
another thing built on the word, as membership on member), so never a ``near_duplicate``.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, diagnose, load_tools
from toolfilter_core._doctor.acts import acts_differ


def _tool(name: str, description: str) -> dict[str, object]:
    properties = {"id": {"type": "string"}}
    return {"name": name, "description": description, "parameters": {"type": "object", "properties": properties}}


@pytest.mark.parametrize(
    ("short", "long"),
    [("doc_delete", "document_delete"), ("delete_env", "delete_environment"), ("cancel_sub", "subscription_cancel")],
)
def test_an_abbreviation_names_the_same_thing(short: str, long: str) -> None:
    said = "Permanently delete it and everything under it. Cannot be undone."
    assert acts_differ(*load_tools([_tool(short, said), _tool(long, said)])) == ""


def test_a_thing_built_on_a_word_is_still_another_thing() -> None:
    tools = load_tools([_tool("member_delete", "Erase a member's data."), _tool("membership_cancel", "Cancel it.")])
    assert "other things" in acts_differ(*tools)


def test_the_doctor_tells_two_destroyers_of_an_abbreviated_thing_as_a_duplicate() -> None:
    said = "Delete an environment and all of its deployments permanently. Cannot be undone."
    tools = load_tools([_tool("delete_env", said), _tool("delete_environment", said), _tool("list_envs", "List them.")])
    kinds = {(f.kind, tuple(sorted(f.tools))) for f in diagnose(tools, embedder=HashingEmbedder()).findings}
    assert ("near_duplicate", ("delete_env", "delete_environment")) in kinds
