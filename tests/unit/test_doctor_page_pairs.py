"""The doctor's page lists the pairs that lose requests first, the close ones apart.

On 933b8b4 a library's 30 tools put a close pair that lost no request ("0 of 8, 0 of 8",
score 2.010) first in "Crowded pairs", above the pairs that did; and the crowding map's
legend said "category (none)" when no tool had a category.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib")

from toolfilter_core._doctor.values import CrowdedPair, DoctorReport, Finding  # noqa: E402
from toolfilter_core._report import plots  # noqa: E402
from toolfilter_core._report.doctor_page import doctor_html  # noqa: E402

CLOSE = CrowdedPair("ebook_search", "ebook_borrow", 2.010, lost_counts=(0, 8, 0, 8), group="apart")
LOSING = CrowdedPair("ebook_borrow", "ebook_return_early", 1.498, lost_counts=(0, 8, 1, 8), group="lost")


def _report(categories: dict[str, str] | None = None) -> DoctorReport:
    findings = (
        Finding("crowded_pair", (LOSING.a, LOSING.b), "lands on each other", "say when to use each"),
        Finding("close_pairs", (CLOSE.a, CLOSE.b), "close", "nothing to fix", evidence={"pairs": [[CLOSE.a, CLOSE.b]]}),
    )
    return DoctorReport(
        tools=30,
        profiled=30,
        top_k=5,
        embedder="hashing",
        findings=findings,
        pairs=(CLOSE, LOSING),
        categories=categories or {},
    )


def test_the_pairs_that_lose_requests_come_first_and_the_close_ones_apart_labelled(tmp_path: Path) -> None:
    page = doctor_html(tmp_path / "d.html", _report()).read_text("utf-8")
    crowded = page.split("Crowded pairs", 1)[1].split("</table>", 1)[0]
    close = page.split("Close pairs", 1)[1].split("</table>", 1)[0]
    assert "ebook_return_early" in crowded and "ebook_search" not in crowded
    assert "ebook_search" in close and "0 of 8, 0 of 8" in close
    assert "no request lost its tool" in page.split("Close pairs", 1)[1].split("</h2>", 1)[0]
    assert page.index("Crowded pairs") < page.index("Close pairs")


def _texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    from matplotlib.text import Text

    found: list[str] = []
    saved = plots._png

    def keep(fig: Any) -> str:
        fig.canvas.draw()
        found.extend(t.get_text() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip())
        return saved(fig)

    monkeypatch.setattr(plots, "_png", keep)
    return found


def test_the_crowding_map_has_no_category_legend_when_no_tool_has_a_category(monkeypatch) -> None:
    texts = _texts(monkeypatch)
    assert plots.crowding_map(_report())
    assert "(none)" not in texts and "category" not in texts


def test_the_crowding_map_keeps_its_legend_when_tools_have_categories(monkeypatch) -> None:
    texts = _texts(monkeypatch)
    assert plots.crowding_map(_report({"ebook_search": "ebooks", "ebook_borrow": "ebooks"}))
    assert "category" in texts and "ebooks" in texts and "(none)" in texts


def test_the_crowded_heading_counts_its_pairs_by_the_findings_the_text_counts(tmp_path: Path) -> None:
    """On d9ce474 the text said "1 crowded_cluster, 1 crowded_pair" and the page "Crowded pairs (3; ...)"."""
    one = CrowdedPair("guest_add", "guest_list_get", 1.2, lost_counts=(0, 8, 1, 8), group="lost")
    two = CrowdedPair("guest_list_get", "guest_remove", 1.1, lost_counts=(1, 8, 0, 8), group="lost")
    cluster = Finding(
        "crowded_cluster",
        ("guest_add", "guest_list_get", "guest_remove"),
        "joined",
        "say when",
        evidence={"pairs": [[one.a, one.b], [two.a, two.b]]},
    )
    base = _report()
    report = DoctorReport(
        tools=30,
        profiled=30,
        top_k=5,
        embedder="hashing",
        findings=(*base.findings, cluster),
        pairs=(*base.pairs, one, two),
    )
    page = doctor_html(tmp_path / "d.html", report).read_text("utf-8")
    heading = page.split("Crowded pairs", 1)[1].split("</h2>", 1)[0]
    assert "3 pairs: 1 crowded_pair, 2 in 1 crowded_cluster" in heading
