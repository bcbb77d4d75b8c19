"""``toolfilter doctor --html FILE``: the doctor's report as one page, with the crowding map."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .._doctor.values import KINDS, DoctorReport
from .page import html_page, html_table, image

__all__ = ["doctor_html"]

PAIRS_SHOWN = 60
"""Most crowded pairs the page lists (all are in --json)."""


def doctor_html(path: str | Path, report: DoctorReport, *, effect: Mapping[str, Any] | None = None) -> Path:
    """Write the doctor's report as one self-contained HTML page (the map a base64 PNG).

    Raises:
        ImportError: without matplotlib (the message names the ``report`` extra).
    """
    from .plots import crowding_map

    whole = report.to_dict()
    counts = whole["counts"]
    sections = [
        ("Summary", html_table(["finding", "count", "meaning"], [[k, counts.get(k, 0), KINDS[k]] for k in KINDS]))
    ]
    picture = crowding_map(report)
    if picture:
        sections.append(("Crowding map", image(picture, "crowding map")))
    told = ("crowded_pair", "crowded_cluster", "close_pairs")  # a pair, a cluster's, the close ones kept apart
    pair_rows = [
        [p["a"], p["b"], p["score"], p["told_by"], _lost(p["lost_counts"]), p["first_ab"], p["first_ba"]]
        + [p["similarity"], ", ".join(p["shared_words"])]
        for p in whole["pairs"]
        if p["told_by"] in told
    ][:PAIRS_SHOWN]
    if pair_rows:
        headers = ["a", "b", "score", "told by", "requests that lose their tool (a's, b's)"]
        headers += ["b ranked first for a", "a ranked first for b", "similarity", "shared words"]
        sections.append(("Crowded pairs", html_table(headers, pair_rows)))
    for kind in KINDS:
        found = report.of_kind(kind)
        if kind == "crowded_pair" or not found:
            continue
        rows = [[", ".join(f.tools) or "the registry", f.detail, f.action] for f in found]
        sections.append((f"{kind} ({len(found)})", html_table(["tools", "what was seen", "what to do"], rows)))
    if effect and effect.get("requests"):
        rows = [[k, v] for k, v in effect.items()]
        sections.append(("Effect of the rewrites", html_table(["figure", "value"], rows)))
    intro = (
        f"{report.tools} tools ({report.profiled} with profile requests), top_k {report.top_k}, "
        f"embedder {report.embedder}, {report.seconds:.1f} s"
    )
    path = Path(path)
    path.write_text(html_page("toolfilter doctor", sections, intro=intro), encoding="utf-8")
    return path


def _lost(counts: list[int]) -> str:
    """``n_ab of m_a, n_ba of m_b``, or empty without profile requests."""
    n_ab, m_a, n_ba, m_b = counts
    return f"{n_ab} of {m_a}, {n_ba} of {m_b}" if m_a or m_b else ""
