"""Two reads of one thing by one key, named by two teams in other words.

On 3e5037a the doctor told neither of two users' duplicates, with or without profiles: a language school's
``student_search(q)`` ("by name, phone, email or student ID") beside ``crm_find_learner(keyword, limit)`` ("by name,
phone number or WeChat ID"), and a car rental's ``fleet_vehicle_get(plate, vin)`` beside ``carStatusLookup(plate_no)``
(definitions copied from the two registries). Here the embedder is a fake that knows the two synonyms (learner is
student, car is vehicle); tests/integration/test_doctor_same_key.py runs the default one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose, load_tools

DATA = Path(__file__).parents[1] / "integration" / "data" / "same_key"
TOOLS = load_tools([json.loads(line) for line in (DATA / "tools.jsonl").read_text("utf-8").splitlines()])
APART = load_tools([json.loads(line) for line in (DATA / "apart.jsonl").read_text("utf-8").splitlines()])
SCHOOL = {"student_search", "crm_find_learner"}
RENTAL = {"fleet_vehicle_get", "carStatusLookup"}
SAME = {"learner": "student", "car": "vehicle", "Car": "Vehicle"}


class SynonymEmbedder(HashingEmbedder):
    """Hashed words, two synonyms said as one word first (what a real embedder knows of them)."""

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:  # type: ignore[override]
        return super().embed_documents([_same(t) for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:  # type: ignore[override]
        return super().embed_queries([_same(t) for t in texts])


def _same(text: str) -> str:
    for word, same in SAME.items():
        text = text.replace(word, same)
    return text


def _duplicates(tools: Sequence[ToolSpec], profiles: Path | None = None) -> dict[frozenset[str], str]:
    report = diagnose(tools, profiles=profiles, embedder=SynonymEmbedder())
    return {frozenset(f.tools): str(f.evidence.get("by")) for f in report.of_kind("near_duplicate")}


@pytest.mark.parametrize("profiles", [None, DATA / "profiles.jsonl"], ids=["bare", "profiled"])
def test_two_reads_of_one_thing_by_one_key_in_other_words_are_a_near_duplicate(profiles: Path | None) -> None:
    found = _duplicates(TOOLS, profiles)
    assert {frozenset(SCHOOL), frozenset(RENTAL)} <= set(found)  # with profiles, by the key or by the requests
    assert profiles or set(found.values()) == {"key"}


def test_the_finding_names_the_key_and_each_ones_parameters() -> None:
    report = diagnose(TOOLS, embedder=SynonymEmbedder())
    (finding,) = [f for f in report.of_kind("near_duplicate") if set(f.tools) == RENTAL]
    assert "both read by plate" in finding.detail
    assert "fleet_vehicle_get: plate, vin; carStatusLookup: plate_no" in finding.detail
    assert finding.action.startswith("merge them into one tool")


def test_different_things_read_by_one_key_stay_apart() -> None:
    assert not _duplicates(APART)  # vehicle_get(plate) beside parking_fine_search(plate)


def test_same_key_reads_wants_reads_a_shared_key_and_near_things() -> None:
    from toolfilter_core._doctor.samekey import head, same_key, same_key_reads

    def embed(words: Sequence[str]) -> np.ndarray:
        return np.asarray(SynonymEmbedder().embed_documents(words))

    assert same_key_reads(TOOLS, embed) == {(0, 1): "id, name, phone", (2, 3): "plate"}
    assert [head(t.name) for t in TOOLS] == ["student", "learner", "vehicle", "car"]
    assert same_key(TOOLS[2], TOOLS[3]) == "plate"  # plate and plate_no
    assert not same_key(TOOLS[2], TOOLS[3], frozenset({"plate"}))  # a key of a thing a tool is named for
    fleet, car = TOOLS[2], TOOLS[3]
    void = ToolSpec("carStatusVoid", car.description, car.parameters)
    assert not same_key_reads([fleet, void], embed)  # not a read
    by_id = ToolSpec("carStatusLookup", car.description, {"type": "object", "properties": {"car_id": {}}})
    assert not same_key_reads([fleet, by_id], embed)  # no key in common
    # the school registry's pair: nothing required, free text taken (tests/integration/data/school)
    find = ToolSpec("student_find", "Find a student by name, phone or e-mail.", _free("query", required=True))
    crm = ToolSpec(
        "crm_find_learner", "Look up a learner record in the CRM by phone number, e-mail or name.", _free("q")
    )
    assert same_key(find, crm) == "mail, name, phone"
    assert not same_key(find, ToolSpec("crm_find_learner", crm.description, _free("limit")))  # no free text


def _free(name: str, *, required: bool = False) -> dict[str, object]:
    return {"type": "object", "properties": {name: {"type": "string"}}, "required": [name] if required else []}


def test_a_pair_sharing_only_common_words_does_not_say_them_as_its_likeness() -> None:
    from toolfilter_core._doctor.values import CrowdedPair

    # a car rental's users saw "shared words: branch" on fleet_transfer_vehicle ~ branch_info ("branch" in a quarter
    # of the registry's definitions) and "show" on lesson_list ~ teacher_schedule_get, as if the word made the pair
    common = CrowdedPair(
        "fleet_transfer_vehicle", "branch_info", 0.59, shared_words=("branch",), parts={"generic": 0.3}
    )
    assert common.sentence(profiled=True).endswith("; only common words shared (branch)")
    assert "shared words" not in common.lost_sentence(5)
    own = CrowdedPair("vehicle_get", "vehicle_find", 0.9, shared_words=("vehicle",), parts={"generic": 1.0})
    assert own.sentence(profiled=False).endswith("; shared words: vehicle")


def _reads(*rows: tuple[str, str, str]) -> list[ToolSpec]:
    return [ToolSpec(name, said, _free(key, required=True)) for name, said, key in rows]


def test_two_reads_that_both_say_when_to_use_each_are_no_near_duplicate() -> None:
    """On ce2da86 both were told "maybe one tool written twice" and to add the line they both hold."""
    school = _reads(
        (
            "student_search",
            "Search students by name, phone, email or student ID. Use this for enrolled students in the school "
            "office; for sales leads use crm_find_learner instead.",
            "q",
        ),
        (
            "crm_find_learner",
            "Look up a learner record in the CRM by name, phone number or WeChat ID. Use this only for sales leads "
            "not yet enrolled; for enrolled students use student_search instead.",
            "keyword",
        ),
    )
    assert frozenset(SCHOOL) not in _duplicates(school)
    assert frozenset(SCHOOL) in _duplicates(TOOLS)  # without the lines, still told


def _near(words: Sequence[str]) -> np.ndarray:
    """Every thing one thing: only the key and the names decide."""
    return np.ones((len(words), 2), dtype=np.float32)


def test_a_foreign_key_is_no_same_key_read() -> None:
    """On ce2da86 ``invoice_get(order_no)`` ~ ``receipt_lookup(order_number)`` were two reads of one thing by a key."""
    from toolfilter_core._doctor.samekey import same_key_reads

    order = [
        ToolSpec("invoice_get", "Get an invoice by order number.", _free("order_no", required=True)),
        ToolSpec("receipt_lookup", "Look up a receipt by order number.", _free("order_number", required=True)),
    ]
    assert not same_key_reads(order, _near)  # the order's key: an invoice and a receipt of one order
    assert same_key_reads(TOOLS[2:], _near) == {(0, 1): "plate"}  # a plate: the key of the car that bears it


def test_names_sharing_a_word_are_no_same_key_read() -> None:
    """On ce2da86 ``student_search`` ~ ``teacher_search`` (both "search": the docs say no word shared) were told."""
    from toolfilter_core._doctor.samekey import same_key_reads

    people = _reads(
        ("student_search", "Search students by name, phone or email.", "q"),
        ("teacher_search", "Search teachers by name, phone or email.", "q"),
    )
    assert not same_key_reads(people, _near)
    tutor = ToolSpec("staff_find_tutor", people[1].description, people[1].parameters)
    assert same_key_reads([people[0], tutor], _near)  # no word shared
