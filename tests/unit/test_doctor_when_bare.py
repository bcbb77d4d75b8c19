"""Without profiles, the crowded pairs that make a tool need a when-to-use line, and the line of many.

On fb957fc every crowded pair gave its tools a neighbour, and the one ``no_when_to_use`` line named
every tool with its neighbours: 19 of a coworking operator's 30 tools, most of some dev registries'.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core._doctor.run import _when_once, words_tell_apart
from toolfilter_core._doctor.values import CrowdedPair, DoctorReport, Finding


def test_without_profiles_only_a_pair_well_above_the_threshold_gives_a_neighbour() -> None:
    weak = CrowdedPair("event_list", "event_register", 0.59)
    strong = CrowdedPair("event_list", "event_attendees", 0.61)
    named = CrowdedPair("member_search", "find_member", 0.45, parts={"names": 1.0})
    keyed = CrowdedPair("vehicle_lookup", "vehicle_search", 0.41, parts={"keyed": 1.0})
    apart = words_tell_apart([weak, strong, named, keyed], 0.4)
    assert apart == {frozenset(("event_list", "event_register"))}


def _many(n: int) -> list[Finding]:
    pairs = [Finding("crowded_pair", (f"tool_{i}", f"other_{i}"), "", "", score=0.5 + i / 100) for i in range(n)]
    silent = [Finding("no_when_to_use", (f"tool_{i}",), "", "") for i in range(n)]
    return pairs + silent


def test_a_long_line_names_the_strongest_five_and_how_many_more() -> None:
    pairs = [CrowdedPair(f"tool_{i}", f"other_{i}", 0.5 + i / 100) for i in range(8)]
    (when,) = [f for f in _when_once(_many(8), (), pairs) if f.kind == "no_when_to_use"]
    assert when.tools == tuple(f"tool_{i}" for i in (7, 6, 5, 4, 3, 2, 1, 0))  # the strongest first
    assert when.detail.startswith("8 tools crowd another and never say when to use them")
    assert "tool_7 (crowds other_7); tool_6 (crowds other_6)" in when.detail
    assert when.detail.endswith("tool_3 (crowds other_3) and 3 more: --json")
    assert "tool_2" not in when.detail  # on fb957fc: every tool in the line
    assert set(when.evidence["crowds"]) == set(when.evidence["per_tool"]) == set(when.tools)
    assert when.evidence["per_tool"]["tool_0"] == "crowds other_0 and never says when to use it"


def test_a_short_line_names_every_tool() -> None:
    (when,) = [f for f in _when_once(_many(3)) if f.kind == "no_when_to_use"]
    assert "more: --json" not in when.detail
    assert all(f"tool_{i} (crowds other_{i})" in when.detail for i in range(3))


def test_text_json_and_html_agree(tmp_path: Any) -> None:
    pytest.importorskip("matplotlib")
    from toolfilter_core._report.doctor_page import doctor_html

    findings = tuple(_when_once(_many(8), (), [CrowdedPair(f"tool_{i}", f"other_{i}", float(i)) for i in range(8)]))
    report = DoctorReport(tools=16, profiled=0, top_k=5, embedder="hashing", findings=findings, pairs=())
    (told,) = [f for f in report.to_dict()["findings"] if f["kind"] == "no_when_to_use"]
    assert told["tools"] == [f"tool_{i}" for i in range(7, -1, -1)] and len(told["evidence"]["crowds"]) == 8
    (line,) = [line for line in report.text().splitlines() if "tools crowd another" in line]
    assert line.startswith("  - 8 tools crowd another")  # its detail alone: on 554aec0 five tools, then again
    assert line.endswith("and 3 more: --json") and "tool_2" not in line  # on fb957fc: every tool, twice
    html = doctor_html(tmp_path / "doctor.html", report).read_text("utf-8")
    for i in range(8):
        assert f"<td>tool_{i}</td><td>crowds other_{i} and never says when to use it</td>" in html
