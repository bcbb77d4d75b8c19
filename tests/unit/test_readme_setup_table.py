"""README's set-up table gives every extra a measured venv size, none left as a dash."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_every_extra_in_the_set_up_table_has_a_size() -> None:
    text = README.read_text(encoding="utf-8").split("## Set-up notes", 1)[1]
    rows = [line for line in text.splitlines() if line.startswith(("| `", "| (none)"))]
    assert len(rows) >= 8
    for row in rows:
        size = row.rstrip(" |").rsplit(" | ", 1)[1]
        assert re.match(r"[\d,]+ MB", size), row


def test_every_extra_of_pyproject_has_a_row() -> None:
    """Failed on 933b8b4: the table left out `mcp` and `openai`, which `all` includes."""
    project = tomllib.loads((README.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    text = README.read_text(encoding="utf-8").split("## Set-up notes", 1)[1]
    rows = {m.group(1) for m in re.finditer(r"^\| `([\w-]+)` \|", text, re.MULTILINE)}
    assert set(project["optional-dependencies"]) <= rows
