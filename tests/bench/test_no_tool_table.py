"""benchmarks/no_tool_table.py: each selection read as an adapter with the find_tools search acts on it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

from toolfilter_core import Selection, Status, ToolSpec
from toolfilter_core._evaluate import LabelledQuery
from toolfilter_core._types import ScoreBreakdown, ScoredTool

_DIR = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(_DIR))  # the script imports profile_rows beside it
_SPEC = importlib.util.spec_from_file_location("no_tool_table", _DIR / "no_tool_table.py")
assert _SPEC is not None and _SPEC.loader is not None
table = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(table)


def _selection(status: Status, *names: str) -> Selection:
    scored = tuple(ScoredTool(ToolSpec(n, n), ScoreBreakdown({"embed": 0.5}, {"embed": 1.0}, 0.5)) for n in names)
    return Selection(query="q", selected=scored, status=status)


def test_a_widened_selection_that_misses_the_tool_is_reachable_in_one_search() -> None:
    # LangChain's find_tools=True sends the search beside a widened selection's tools
    answers = {
        "served": _selection(Status.SELECTED, "a", "b"),
        "confident miss": _selection(Status.SELECTED, "b"),
        "widened miss": _selection(Status.WIDENED, "b", "c"),
        "not sure": _selection(Status.NOT_SURE, "b"),
    }
    queries = [LabelledQuery(text, text, ("a",), "en") for text in answers]
    row = SimpleNamespace(queries=queries)
    tf = SimpleNamespace(select=answers.__getitem__)
    found = table.verdicts(row, tf)
    assert [v for _, v, _ in found] == ["served", "missed", "widened", "search"]
    figures = table.figures(found)
    assert figures["tool_served"] == 0.25 and figures["tool_missed_widened"] == 0.25
    assert figures["tool_served_or_reachable"] == 0.75  # served, widened, search; not the confident miss
