"""Id formats a profile writer invented give way to the registry's own words (``id_shapes.OWN_WORDS_FIRST``).

A language school's profile requests, written from the tool definitions alone, gave students "S-…" ids
("revoke 5 credits from S-20931"); its own words give "S-…" to class sessions ("class session id, e.g.
S-1182"). "取消 S-1182 这节课" is about a class session, not a student's credits.
"""

import importlib

import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.id_shapes import id_shapes

id_shapes_module = importlib.import_module("toolfilter_core._pipeline.id_shapes")

SESSION = {"type": "object", "properties": {"session_id": {"type": "string", "description": "e.g. S-1182"}}}
STUDENT = {"type": "object", "properties": {"student_id": {"type": "string"}}}
TOOLS = [
    ToolSpec("class_session_cancel", "Cancel a class session.", SESSION),
    ToolSpec("class_session_get", "Status of one class session.", SESSION),
    ToolSpec("credits_revoke", "Revoke course credits from a student's balance.", STUDENT),
    ToolSpec("student_lookup", "Look up a student record.", STUDENT),
]
PROFILES = Profiles(
    {
        "credits_revoke": ToolProfile(
            ("take back the 10 hours we wrongly gave S-30045",), ("revoke S-11820's credits",)
        ),
        "student_lookup": ToolProfile(("pull up student record S-20931", "student ST-4420's record")),
        "class_session_get": ToolProfile(("is CS-3310 still on?",)),
    }
)


def _takes(text: str) -> list[str]:
    tf = ToolFilter(TOOLS, embedder=HashingEmbedder(), profiles=PROFILES)
    shapes = id_shapes(tf.snapshot)
    return [t.name for t, yes in zip(TOOLS, shapes.takes(text, TOOLS), strict=True) if yes]


def test_a_prefix_the_registry_gives_is_not_taken_for_profile_requests_alone():
    assert _takes("取消 S-1182 这节课") == ["class_session_cancel", "class_session_get"]


def test_a_prefix_only_profile_requests_give_is_still_taken():
    assert _takes("pull up ST-4420") == ["student_lookup"]
    assert _takes("is CS-3310 on") == ["class_session_get"]


def test_off_every_prefix_of_a_tools_profile_requests_is_its(monkeypatch):
    monkeypatch.setattr(id_shapes_module, "OWN_WORDS_FIRST", False)
    assert _takes("取消 S-1182 这节课") == [t.name for t in TOOLS]


@pytest.mark.parametrize("text", ["revoke 5 credits from S-20931", "S-20931 多给了 5 个课时，扣回来"])
def test_the_registrys_prefix_is_the_sessions_whatever_the_request(text):
    assert "credits_revoke" not in _takes(text)
