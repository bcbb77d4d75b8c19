"""A thing removed from a record its owner's name names destroys no record.

A grooming salon's "delete the note about biting from Max's profile" was sent ``pet_profile_delete``: the note is taken
from Max's profile, as "remove the watermark from G-551 photos" takes one from a record an id names. "delete Max's
profile" still asks it. Fake embedder (``HashingEmbedder``).
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.said_objects import things_of_ids

GONE = {"destructiveHint": True}


def _takes(name: str) -> dict[str, object]:
    return {"type": "object", "properties": {name: {"type": "string"}}, "required": [name]}


DELETE = ToolSpec(
    "pet_profile_delete",
    "Permanently delete a pet profile and its grooming history and photos.",
    _takes("pet_id"),
    annotations=GONE,
)
SALON = [
    DELETE,
    ToolSpec("pet_profile_get", "Read a pet's profile: breed, weight, temperament notes, allergies.", _takes("pet_id")),
    ToolSpec("pet_profile_update", "Update fields of a pet profile (weight, coat, behaviour notes).", _takes("pet_id")),
]
PROFILES = Profiles(
    {
        "pet_profile_delete": ToolProfile((), ("delete the duplicate profile P-77", "把宠物P-41的档案永久删除")),
        "pet_profile_update": ToolProfile(("add a note to Bella's profile: nervous around dryers",)),
    }
)
NOTES = ["delete the note about biting from Max's profile", "remove the biting note from Max's profile"]


def _names(text: str, profiled: bool) -> list[str]:
    profiles = PROFILES if profiled else None
    return list(ToolFilter(SALON, embedder=HashingEmbedder(), profiles=profiles).select(text).names)


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize("text", NOTES)
def test_a_note_removed_from_a_named_profile_deletes_no_profile(text: str, profiled: bool) -> None:
    assert "pet_profile_delete" not in _names(text, profiled)


@pytest.mark.parametrize(("text", "profiled"), [("delete Max's profile", False), ("delete Max's profile", True)])
def test_a_named_profile_deleted_still_is(text: str, profiled: bool) -> None:
    assert "pet_profile_delete" in _names(text, profiled)


def test_a_named_profile_deleted_in_chinese_still_is() -> None:
    # the fake embedder reads no Chinese without profiles
    assert "pet_profile_delete" in _names("删除 Max 的档案", True)


@pytest.mark.parametrize("text", [*NOTES, "从 Max 的档案里删掉咬人的备注"])
def test_the_reading_holds_the_profile_deleter(text: str) -> None:
    held = things_of_ids(text, [DELETE], np.array([[True]]))
    assert held[0, 0]


@pytest.mark.parametrize(
    "text", ["delete Max's profile", "remove all notes from Max's profile", "从 max 的档案里删掉备注"]
)
def test_no_thing_taken_from_a_named_record_holds_nothing(text: str) -> None:
    assert not things_of_ids(text, [DELETE], np.array([[True]]))[0, 0]
