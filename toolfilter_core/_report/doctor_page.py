"""``toolfilter doctor --html FILE``: the doctor's report as one page, with the crowding map."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any

from .._doctor.values import KINDS, DoctorReport, Finding
from .page import html_page, html_table, image

__all__ = ["doctor_html"]

TABLED = ("crowded_pair", "close_pairs", "act_siblings")
"""The kinds whose pairs the page's pair tables list: no section of findings of their own."""
FORCED = ", or told whatever their score by their names or inputs"
"""The crowded pairs' heading: two names of one search, a lookup by a key beside a search, two searches of people from
the same free text are crowded pairs under the threshold too (the text tells them alike)."""
PAIRS_SHOWN = 60
"""Most pairs each table of the page lists (all are in --json)."""


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
    sections += _pair_sections(whole["pairs"], report)
    for kind in KINDS:
        found = report.of_kind(kind)
        if kind in TABLED or not found:
            continue
        rows = [row for f in found for row in _rows(f)]
        sections.append((report.heading(kind), html_table(["tools", "what was seen", "what to do"], rows)))
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


def _rows(finding: Finding) -> list[list[Any]]:
    """A finding's rows: one, or one a tool when it holds each tool's own line (``evidence.per_tool``)."""
    own = finding.evidence.get("per_tool")
    if isinstance(own, Mapping) and own:
        return [[name, own.get(name, finding.detail), finding.action] for name in finding.tools]
    return [[", ".join(finding.tools) or "the registry", finding.detail, finding.action]]


_PAIR_HEADERS = ["a", "b", "score", "requests that lose their tool (a's, b's)", "b ranked first for a"]
_PAIR_HEADERS += ["a ranked first for b", "similarity", "shared words"]


def _pair_sections(pairs: list[dict[str, Any]], report: DoctorReport) -> list[tuple[str, str]]:
    """The crowded pairs (told as ``crowded_pair`` or in a ``crowded_cluster``) first, then apart the close ones.

    A close pair (``close_pairs``: near each other, and no request lost its tool) may score
    above every crowded one; listed among them, first, it read as the registry's worst pair. The close pairs' and
    the act siblings' tables carry their finding's "what to do" (``TABLED``: no section of their own, which named
    the pairs again).
    """
    out = []
    for heading, told in (
        ("Crowded pairs ({}): their descriptions or requests land on each other", ("crowded_pair", "crowded_cluster")),
        (
            "Close pairs ({}): close by their pair score (descriptions and requests), but no request lost its tool "
            "to the other",
            ("close_pairs",),
        ),
        ("Act siblings ({}): names that say different acts on one thing, told apart by the act", ("act_siblings",)),
    ):
        rows = [
            [p["a"], p["b"], p["score"], *([p["told_by"]] if len(told) > 1 else [])]
            + [_lost(p["lost_counts"]), p["first_ab"], p["first_ba"], p["similarity"], ", ".join(p["shared_words"])]
            for p in sorted(pairs, key=lambda p: -p["score"])
            if p["told_by"] in told
        ]
        if rows:
            headers = _PAIR_HEADERS[:3] + (["told by"] if len(told) > 1 else []) + _PAIR_HEADERS[3:]
            todo = "".join(f"<p>what to do: {escape(f.action)}</p>" for f in report.of_kind(told[0]) if len(told) == 1)
            bar = f"; threshold {report.crowded_score:g}" + (FORCED if len(told) > 1 else "")
            out.append(
                (
                    heading.format(f"{_counted(pairs, told, report)}{bar}"),
                    todo + html_table(headers, rows[:PAIRS_SHOWN]),
                )
            )
    return out


def _counted(pairs: list[dict[str, Any]], told: tuple[str, ...], report: DoctorReport) -> str:
    """The rows a pair table counts, and for the crowded ones which findings tell them, as the text's summary counts.

    "3 pairs: 1 crowded_pair, 2 in 1 crowded_cluster": the text says "1 crowded_cluster, 1 crowded_pair" (findings).
    """
    rows = [sum(p["told_by"] == kind for p in pairs) for kind in told]
    if len(told) == 1:
        return str(rows[0])
    clusters = len(report.of_kind("crowded_cluster"))
    parts = [f"{rows[0]} crowded_pair"] if rows[0] else []
    parts += [f"{rows[1]} in {clusters} crowded_cluster"] if rows[1] else []
    return f"{sum(rows)} pairs: {', '.join(parts)}"


def _lost(counts: list[int]) -> str:
    """``n_ab of m_a, n_ba of m_b``, or empty without profile requests."""
    n_ab, m_a, n_ba, m_b = counts
    return f"{n_ab} of {m_a}, {n_ba} of {m_b}" if m_a or m_b else ""
