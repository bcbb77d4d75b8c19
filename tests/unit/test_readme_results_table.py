"""README's "What it gets" table is small and is what benchmarks/profiles_doc.py writes from the results.

Before, it was 8 rows by 7 columns typed in by hand, a registry a row.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def profiles_doc() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import profiles_doc as module
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return module


def test_the_readme_holds_the_table_the_script_writes_and_it_is_small(profiles_doc: ModuleType) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- profiles:readme -->\n(.*?)\n<!-- /profiles:readme -->", readme, re.S)
    assert block is not None, "README.md has no <!-- profiles:readme --> block"

    assert block.group(1) == profiles_doc.readme()  # re-run `python benchmarks/profiles_doc.py`
    rows = [line for line in block.group(1).splitlines() if line.startswith("| ")]
    assert len(rows) - 1 <= 3 and all(row.count(" | ") + 1 <= 5 for row in rows)


def test_pooled_rows_weigh_each_registry_by_its_requests(profiles_doc: ModuleType) -> None:
    def row(recall: float, plain: float, sent: float, rejected: float | None, tool_q: int, no_tool_q: int) -> dict:
        counts = {"queries": tool_q + no_tool_q, "tool_queries": tool_q, "no_tool_queries": no_tool_q}
        figures = {"recall_mean": recall, "mean_selected": sent, "no_tool_rejection": rejected}
        return {"with": {**counts, **figures}, "plain_top5_with": plain}

    rows = {
        "a": row(1.0, 0.5, 4.0, 0.25, tool_q=30, no_tool_q=4),
        "b": row(0.8, 1.0, 6.0, None, tool_q=10, no_tool_q=0),
    }

    got = profiles_doc.pooled(rows, ["a", "b"])

    # recall (1.0*30 + 0.8*10) / 40 = 0.95, not the rows' mean 0.9; plain (0.5*30 + 1.0*10) / 40 = 0.625
    assert got["recall"] == pytest.approx(0.95) and got["plain_top5"] == pytest.approx(0.625)
    # tools sent (4*34 + 6*10) / 44 = 196/44; no-tool rejection only where there are such requests: 0.25
    assert got["tools_sent"] == pytest.approx(196 / 44) and got["no_tool_rejected"] == pytest.approx(0.25)
    assert (got["requests"], got["no_tool_requests"]) == (44, 4)
