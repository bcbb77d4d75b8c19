"""The doctor's volume on a user's registry.

On a64b68a a 30-tool registry with profiles got 75 findings: 36 crowded pairs (every
tool's three most similar definitions counted with profiles as without), 5 clusters whose
pairs were each told again, and a thin description told twice (thin, and no when-to-use).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from toolfilter_core import ToolSpec
from toolfilter_core._doctor import crowding
from toolfilter_core._doctor.definitions import definition_findings
from toolfilter_core._doctor.run import _crowding_findings, _neighbours
from toolfilter_core._doctor.values import CrowdedPair


def _alike() -> tuple[list[ToolSpec], np.ndarray]:
    """Six tools: ``a`` and ``b`` described almost alike, the others apart."""
    tools = [ToolSpec(n, f"Tool {n} does its own distinct job for the team.") for n in "abcdef"]
    vectors = np.eye(6, dtype=np.float32)
    vectors[1] = np.asarray([0.95, 0.31, 0, 0, 0, 0], dtype=np.float32)
    return tools, vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def test_with_profiles_alike_descriptions_are_no_crowding_unless_the_users_requests_join_them() -> None:
    tools, vectors = _alike()
    plain = crowding.crowded_pairs(tools, vectors, [], profiled=False)
    assert ("a", "b") in {(p.a, p.b) for p in plain if p.score >= crowding.CROWDED_SCORE}  # the description pair
    profiled = crowding.crowded_pairs(tools, vectors, [], profiled=True)
    assert not [p for p in profiled if p.score >= crowding.CROWDED_SCORE]  # no request ranks or sits near the other


def _pair(a: str, b: str, score: float) -> CrowdedPair:
    parts = {"requests": 0.5, "foreign": 0.5}
    return CrowdedPair(a, b, score, first_ab=0.5, parts=parts, lost_counts=(2, 8, 0, 8), group="lost")


def test_a_pair_inside_a_cluster_is_told_once_by_its_cluster() -> None:
    t = crowding.CROWDED_SCORE
    pairs = [_pair("x", "y", 3 * t), _pair("y", "z", 3 * t), _pair("x", "z", 1.2 * t), _pair("x", "w", 1.1 * t)]
    found = _crowding_findings(pairs, t, profiled=True)
    assert [f.tools for f in found if f.kind == "crowded_pair"] == [("x", "w")]
    (cluster,) = [f for f in found if f.kind == "crowded_cluster"]
    assert cluster.tools == ("x", "y", "z") and "3 crowded pairs" in cluster.detail
    assert sorted(map(tuple, cluster.evidence["pairs"])) == [("x", "y"), ("x", "z"), ("y", "z")]
    assert set(_neighbours(found)["z"]) == {"x", "y"}  # the when-to-use check still sees every neighbour


def test_a_thin_description_without_a_when_to_use_line_is_one_finding() -> None:
    tools = [ToolSpec("email_inbox", "List the newest unread e-mails."), ToolSpec("email_search", "Search mail.")]
    found = definition_findings(tools, crowded={"email_inbox": ["email_search"], "email_search": ["email_inbox"]})
    kinds = sorted(f.kind for f in found if "email_inbox" in f.tools)
    assert kinds == ["thin_description"]  # both thin: one finding names the two
    (thin,) = [f for f in found if "email_inbox" in f.tools]
    assert "it crowds email_search and never says when to use it" in thin.evidence["per_tool"]["email_inbox"]
    assert thin.evidence["no_when_to_use"] == ["email_inbox", "email_search"]


def test_the_page_still_lists_the_pairs_a_cluster_tells(tmp_path: Path) -> None:
    from toolfilter_core._doctor.values import DoctorReport
    from toolfilter_core._report.doctor_page import doctor_html

    t = crowding.CROWDED_SCORE
    pairs = [_pair("x", "y", 3 * t), _pair("y", "z", 3 * t), _pair("x", "z", 1.2 * t), _pair("x", "w", 1.1 * t)]
    found = _crowding_findings(pairs, t, profiled=True)
    report = DoctorReport(tools=4, profiled=4, top_k=3, embedder="hashing", findings=tuple(found), pairs=tuple(pairs))
    page = doctor_html(tmp_path / "d.html", report).read_text("utf-8")
    table = page.split("Crowded pairs", 1)[1].split("</table>", 1)[0]
    assert table.count("<tr>") - 1 == 4  # the three a cluster tells, and the one told alone


def test_one_errand_by_names_alone_scoring_nothing_is_no_pair() -> None:
    """A pair told one errand whose pair score is 0 (no definition, request or word likeness) is below any bar."""
    tools = [ToolSpec(n, f"Tool {n} does its own distinct job for the team.") for n in "abcdef"]
    vectors = np.eye(6, dtype=np.float32)
    pairs = crowding.crowded_pairs(tools, vectors, [], profiled=False, errand={(0, 1)})
    assert ("a", "b") not in {(p.a, p.b) for p in pairs}
    assert all(p.score > 0 for p in pairs)
