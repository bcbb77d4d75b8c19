"""Two reads of one thing by one key in other words, real default embedder.

On 3e5037a neither pair below was told, with or without profiles (the school's in none of its registry's pairs, the
rental's 0.311 with profiles, 0.156 without): definitions and profiles copied from the two users' registries.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolfilter_core import diagnose

DATA = Path(__file__).parent / "data" / "same_key"
PAIRS = [{"student_search", "crm_find_learner"}, {"fleet_vehicle_get", "carStatusLookup"}]


@pytest.mark.parametrize("profiles", [None, DATA / "profiles.jsonl"], ids=["bare", "profiled"])
def test_each_pair_is_a_near_duplicate_by_its_key(profiles: Path | None) -> None:
    report = diagnose(DATA / "tools.jsonl", profiles=profiles)
    found = {frozenset(f.tools): f.evidence.get("by") for f in report.of_kind("near_duplicate")}
    assert [found.get(frozenset(pair)) for pair in PAIRS] == ["key", "key"]


def test_a_vehicle_and_its_parking_fines_by_one_plate_stay_apart() -> None:
    report = diagnose(DATA / "apart.jsonl")
    assert not report.of_kind("near_duplicate")
