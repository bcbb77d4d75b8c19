"""The doctor on a user's language school, real default embedder: the duplicate they added is told as one."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolfilter_core import diagnose

DATA = Path(__file__).parent / "data" / "school"


@pytest.fixture(scope="module")
def report():
    return diagnose(DATA / "tools.jsonl", profiles=DATA / "profiles.jsonl")


def _kinds(report, a: str, b: str) -> set[str]:
    return {f.kind for f in report.findings if set(f.tools) == {a, b}}


def test_the_duplicate_in_other_words_is_a_near_duplicate(report):
    assert _kinds(report, "student_find", "crm_find_learner") == {"near_duplicate"}
    finding = next(f for f in report.of_kind("near_duplicate") if "crm_find_learner" in f.tools)
    assert "cannot be told apart" in finding.detail and "merge" in finding.action


@pytest.mark.parametrize(("a", "b"), [("invoice_void", "refund_issue"), ("student_find", "student_update")])
def test_siblings_are_not_duplicates(report, a, b):
    assert "near_duplicate" not in _kinds(report, a, b)
