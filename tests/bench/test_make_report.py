"""The benchmarks page that ``benchmarks/make_report.py`` writes: both plots are on it."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_generated_benchmarks_page_shows_both_plots(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    sys.modules.pop("make_report", None)
    import make_report

    doc = tmp_path / "benchmarks.md"
    make_report.write_doc(ROOT / "benchmarks" / "results", doc, tmp_path / "img")
    text = doc.read_text(encoding="utf-8")
    for image in ("recall_vs_cost.png", "latency_vs_pool.png"):
        assert f"](img/{image})" in text
        assert (tmp_path / "img" / image).stat().st_size > 0
