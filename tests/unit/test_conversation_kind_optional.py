"""A conversation turn's ``kind`` is optional: it only groups the figures, with the default the docs say."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpecError
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_eval import KINDS, chooser, read_conversations, replay_conversations

TOOLS = [
    {"name": "reservation_list", "description": "List a restaurant's reservations for a date."},
    {"name": "reservation_cancel", "description": "Cancel a reservation by its id."},
]
DOC = Path(__file__).resolve().parents[2] / "docs" / "conversations.md"


def _file(tmp_path: Path, *kinds: str | None) -> Path:
    """A conversation of two user turns, each with the kind given (None: without the key)."""
    messages = []
    for text, gold, kind in zip(("what bookings tonight?", "cancel R-9001"), TOOLS, kinds, strict=True):
        messages.append({"role": "user", "content": text, "gold": [gold["name"]], **({"kind": kind} if kind else {})})
        messages.append({"role": "assistant", "content": "Done."})
    path = tmp_path / "conversations.jsonl"
    path.write_text(json.dumps({"id": "book-1", "messages": messages}) + "\n", encoding="utf-8")
    return path


def test_turns_without_a_kind_count_as_the_docs_say(tmp_path):
    """bad/conv_nokind.jsonl was accepted with no word of a default: the page now says it, and the replay does it."""
    page = " ".join(DOC.read_text(encoding="utf-8").split())
    said = re.search(
        r"a conversation's first user message without one counts as `(\w+)`, a later one under no kind", page
    )
    assert said is not None and "optionally a `kind`" in page
    tf = ToolFilter(TOOLS, embedder=HashingEmbedder())
    conversations = read_conversations(_file(tmp_path, None, None), tools={t["name"] for t in TOOLS})
    schemas = {t.name: t.to_openai() for t in tf.tools}
    figures = replay_conversations(conversations, lambda: chooser(tf), schemas, PROVIDERS["anthropic"]).to_dict()
    assert list(figures["by_kind"]) == [said[1], ""]


def test_an_unknown_kind_is_refused_naming_the_value_and_the_kinds(tmp_path):
    with pytest.raises(ToolSpecError) as caught:
        read_conversations(_file(tmp_path, "first", "followup"))
    assert f"kind 'followup' is not one of {', '.join(KINDS)} (did you mean 'follow_up'?)" in str(caught.value)


def test_a_refusal_turn_has_a_kind_of_its_own(tmp_path):
    """A turn that declines an act ("no, leave the account for now") is labelled so, and the page says it."""
    conversations = read_conversations(_file(tmp_path, "first", "refusal"))
    assert [m.get("kind") for m in conversations[0].messages if m["role"] == "user"] == ["first", "refusal"]
    assert "`refusal`" in DOC.read_text(encoding="utf-8")
