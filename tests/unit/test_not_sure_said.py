"""A not-sure selection says what it sends: the search alone to an agent that has it, else the tools it ranks.

A miss in ``eval --misses`` read ``status not_sure`` beside seven tools sent, and ``toolfilter select`` said
"not_sure: 7 tools, more than top_k 5: always_include and sticky tools add to it": not sure is not "no tools"
(docs/scoring.md, the verdicts).
"""

from __future__ import annotations

from types import SimpleNamespace

from toolfilter_core._miss_why import status_said, why_missed
from toolfilter_core._types import ScoreBreakdown, ScoredTool, Selection, Status, ToolSpec
from toolfilter_core.cli._size_line import size_line

DETAIL = "not sure which record's tool: the request asks to destroy, and its id's prefix names another record"


def _not_sure(count: int) -> Selection:
    tools = tuple(
        ScoredTool(ToolSpec(name=f"t{i}", description="d"), ScoreBreakdown({}, {}, 0.5 - i / 100)) for i in range(count)
    )
    return Selection("q", tools, status=Status.NOT_SURE, detail=DETAIL)


def test_a_misses_why_says_the_tools_are_for_an_agent_without_the_search() -> None:
    said = status_said(_not_sure(7))
    assert said == (
        "status not_sure (an agent with the find_tools search is sent it alone; one without, these 7 ranked tools)"
    )
    assert why_missed(_not_sure(7), ["gold_tool"]).endswith(said)


def test_a_not_sure_selection_of_no_tools_says_none_ranked() -> None:
    assert status_said(_not_sure(0)).endswith("one without, no tool: none ranked)")


def test_select_says_a_not_sure_selection_within_top_k_too() -> None:
    line = size_line(_not_sure(3), SimpleNamespace(top_k=5, fallback_top_k=8))
    assert line == (
        "not_sure: 3 tools: an agent with the find_tools search is sent it alone; one without, these 3 ranked tools; "
        + DETAIL
    )
    assert size_line(_not_sure(7), SimpleNamespace(top_k=5, fallback_top_k=8), detail_shown=True) == (
        "not_sure: 7 tools, more than top_k 5: an agent with the find_tools search is sent it alone; one without, "
        "these 7 ranked tools"
    )


def test_a_not_sure_selection_of_one_tool_says_it_in_the_singular() -> None:
    """It said "these 1 ranked tool"."""
    assert status_said(_not_sure(1)).endswith("one without, this one ranked tool)")
    line = size_line(_not_sure(1), SimpleNamespace(top_k=5, fallback_top_k=8))
    assert "these 1" not in line and "1 tools" not in line, line
