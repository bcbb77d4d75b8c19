"""The docs name the extra that brings what ``eval --report`` and ``doctor --html`` need: pyproject's."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("docs/cli.md", "docs/doctor.md", "docs/architecture.md")


def _extras() -> dict[str, list[str]]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data["project"]["optional-dependencies"]


def test_matplotlib_is_the_report_extras() -> None:
    assert any(d.startswith("matplotlib") for d in _extras()["report"])


def test_the_docs_name_the_report_extra_wherever_matplotlib_or_an_html_page_is_meant() -> None:
    found = []
    for page in PAGES:
        text = " ".join((ROOT / page).read_text(encoding="utf-8").split())
        for match in re.finditer(r"(?:needs the|the) `?(\w+)`? extra|(?:toolfilter|')\.?\[(\w+)\]", text):
            extra = match.group(1) or match.group(2)
            context = text[max(0, match.start() - 200) : match.end()]
            if re.search(r"matplotlib|--html|plots", context) and extra in _extras():
                found.append((page, extra))
    assert found and all(extra == "report" for _, extra in found), found
