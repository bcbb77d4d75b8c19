"""The doctor on a user's garage, real default embedder: the duplicate added after the profiles.

``crm_client_lookup`` restates ``customer_find`` and has no profile requests: no reading of
one side's requests or of the definitions told such a duplicate from a sibling on the dev
registries (benchmarks/doctor_one_sided.py), so the doctor names it as unchecked, with the
tool it is closest to, and says what to write; without any profile it says so once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolfilter_core import diagnose

DATA = Path(__file__).parent / "data" / "garage_doctor"


@pytest.fixture(scope="module")
def profiled():
    return diagnose(DATA / "tools.jsonl", profiles=DATA / "profiles.jsonl")


def test_the_tool_added_later_is_named_unchecked_beside_the_tool_it_restates(profiled):
    (finding,) = profiled.of_kind("unchecked_duplicates")
    assert finding.tools == ("crm_client_lookup",)
    assert finding.evidence["closest"]["crm_client_lookup"][0] == "customer_find"
    assert "crm_client_lookup ~ customer_find" in finding.detail and "profiles export" in finding.action


def test_no_sibling_is_named_a_duplicate_and_no_role_id_is_unfed(profiled):
    # the duplicate itself is one by its key: two free-text reads "by phone, e-mail or name"
    # (tests/integration/test_doctor_same_key.py); no sibling is
    told = {frozenset(f.tools): f.evidence.get("by") for f in profiled.of_kind("near_duplicate")}
    assert told == {frozenset({"customer_find", "crm_client_lookup"}): "key"}
    assert "invoice_create" not in {n for f in profiled.of_kind("unfed_id") for n in f.tools}  # reference_id: a role


def test_without_profiles_the_report_says_to_write_them():
    report = diagnose(DATA / "tools.jsonl")
    (finding,) = report.of_kind("unchecked_duplicates")
    assert finding.tools == () and "write profile requests" in finding.action
    assert all(f.action for f in report.findings)
