"""Two teams' tools for one job, claimed by the profile writer: told by the doctor from a real Chroma directory.

The default embedder and a store on disk: the claims go in with the profiles, come back when the store is
opened again, and the doctor tells each claimed pair (and only those) as ``near_duplicate``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.same_job_kit import POLICY, SAME
from tests.unit.same_job_kit import TOOLS as KIT_TOOLS
from toolfilter_core import Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._embedders import get_embedder
from toolfilter_core._resolve import resolve_config
from toolfilter_core._tool_profiles.sidecar import stored_profiles
from toolfilter_core.index._tool_index import ToolIndex
from toolfilter_core.index.chroma import ChromaRecords, connect

pytestmark = pytest.mark.integration

TOOLS = [*KIT_TOOLS, ToolSpec("claim_status", "Where a filed claim stands: assessor, decision, payout date.", POLICY)]
REQUESTS = {
    "billing_get_balance": ("how much do i owe on policy P-1", "balance on my car policy", "amount due on P-7"),
    "premium_due_lookup": ("when is my next premium due", "is anything overdue on P-22", "premium due on P-3"),
    "policy_cancel": ("cancel my policy at renewal", "stop policy P-9 at term end"),
    "loyalty_points_balance": ("how many points have i got", "my points balance"),
    "member_points_query": ("reward points on account M-3", "check member M-8's rewards"),
    "claim_file": ("i crashed my car, file a claim", "new claim for P-1"),
    "claim_status": ("what's happening with my claim", "when will claim C-4 pay out"),
}


def test_claims_kept_by_a_chroma_directory_are_told_by_the_doctor(tmp_path: Path) -> None:
    embedder = get_embedder(resolve_config(None).embedder)
    profiles = Profiles({t.name: ToolProfile(REQUESTS[t.name], same_job_as=SAME.get(t.name, ())) for t in TOOLS})
    tools = [ToolSpec(t.name, t.description, t.parameters, profile=profiles.tools[t.name]) for t in TOOLS]
    ToolIndex(ChromaRecords(connect(path=tmp_path / "store"), "samejob"), embedder).sync(tools)
    stored = stored_profiles(ToolIndex(ChromaRecords(connect(path=tmp_path / "store"), "samejob"), embedder))
    assert {n: p.same_job_as for n, p in stored.tools.items() if p.same_job_as} == SAME
    report = diagnose(TOOLS, profiles=stored, embedder=embedder)
    claimed = [f for f in report.of_kind("near_duplicate") if f.evidence.get("by") == "profile writer"]
    assert sorted(f.tools for f in claimed) == [
        ("billing_get_balance", "premium_due_lookup"),
        ("loyalty_points_balance", "member_points_query"),
    ]
    assert all("the profile writer says" in f.detail and f.action.startswith("merge") for f in claimed)
    for a, b in (("billing_get_balance", "premium_due_lookup"), ("loyalty_points_balance", "member_points_query")):
        assert [f.kind for f in report.findings if set(f.tools) == {a, b}] == ["near_duplicate"]
