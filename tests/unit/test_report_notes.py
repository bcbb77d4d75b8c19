"""benchmarks/make_report.py keeps the hand-written notes: every benchmarks/notes/*.md is on the page it writes."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTES = ROOT / "benchmarks" / "notes"


@pytest.fixture(scope="module")
def make_report() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import make_report as module
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return module


def _headings(path: Path) -> list[str]:
    return [line[3:].strip() for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("## ")]


def test_the_contents_lists_every_heading_of_every_note(make_report: ModuleType) -> None:
    contents = "\n".join(make_report._head_lines())
    headings = [h for path in sorted(NOTES.glob("*.md")) for h in _headings(path)]
    assert "Conversations" in headings  # the notes hold the page's hand-written sections
    missing = [h for h in headings if f"- [{h}](#" not in contents]
    assert not missing, f"headings of benchmarks/notes/*.md not in the Contents: {missing}"


def test_the_page_holds_every_note_and_a_new_one_without_a_code_change(
    make_report: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes = tmp_path / "notes"
    shutil.copytree(NOTES, notes)
    added = "## An added section: it's new\n\nWritten after the rest.\n"
    (notes / "95_added.md").write_text(added, encoding="utf-8")
    monkeypatch.setattr(make_report.report_notes, "NOTES", notes)
    doc = tmp_path / "benchmarks.md"
    make_report.write_doc(ROOT / "benchmarks" / "results", doc, tmp_path / "img")
    page = doc.read_text(encoding="utf-8")
    contents = page.split("\n## ", 2)[1]
    assert "- [An added section: it's new](#an-added-section-its-new)" in contents
    assert page.endswith(added)
    for path in sorted(notes.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        if path.name in make_report.report_notes.INLINE:  # inside a generated section, blank lines dropped
            assert all(line in page for line in text.splitlines()), path.name
        else:
            assert text in page, f"{path.name} is not on the page byte for byte"
