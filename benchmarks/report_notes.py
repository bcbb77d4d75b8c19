"""The hand-written parts of docs/benchmarks.md, kept in benchmarks/notes/ so the generator keeps them.

Some notes sit inside or between generated sections (``INLINE``, each placed by make_report.py);
every other ``benchmarks/notes/*.md`` is a whole section of its own, appended to the page in the order
of its file name, its ``## `` headings listed in the Contents. A new section is a new file: no code
change.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

NOTES = Path(__file__).resolve().parent / "notes"
INLINE = ("embedder_decision.md", "no_tool_verdicts.md", "profile_rules.md", "surprises.md")


def section_files(notes: Path | None = None) -> list[Path]:
    """The notes appended as sections of their own, in the order of their file names."""
    return sorted(p for p in (notes or NOTES).glob("*.md") if p.name not in INLINE)


def inline_lines(name: str) -> list[str]:
    """The lines of one inline note and a blank line after them (none if the note is missing)."""
    path = NOTES / name
    return [*path.read_text(encoding="utf-8").splitlines(), ""] if path.is_file() else []


def headings(text: str) -> list[str]:
    """The ``## `` headings of a note."""
    return [line[3:].strip() for line in text.splitlines() if line.startswith("## ")]


def anchor(heading: str) -> str:
    """The anchor the docs build gives a heading (Python-Markdown's default slug)."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def contents_lines(notes: Path | None = None) -> list[str]:
    """One Contents line for each heading of the appended notes."""
    return [
        f"- [{heading}](#{anchor(heading)})"
        for path in section_files(notes)
        for heading in headings(path.read_text(encoding="utf-8"))
    ]


def append_sections(page: str, notes: Path | None = None) -> str:
    """The generated page with the appended notes after it, each note byte for byte."""
    texts = [path.read_text(encoding="utf-8") for path in section_files(notes)]
    if not texts:
        return page
    return page + "\n\n" + "\n".join(texts)
