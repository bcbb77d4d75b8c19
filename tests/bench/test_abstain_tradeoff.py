"""benchmarks/abstain_tradeoff.py: the figures and the choice of the best threshold within 2 points."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from toolfilter_core import Selection, ToolSpec
from toolfilter_core._evaluate import LabelledQuery
from toolfilter_core._types import ScoreBreakdown, ScoredTool

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "abstain_tradeoff.py"
_SPEC = importlib.util.spec_from_file_location("abstain_tradeoff", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
tradeoff = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(tradeoff)


def _picked(*names: str) -> Selection:
    scored = [
        ScoredTool(ToolSpec(name=n, description=n), ScoreBreakdown({"embed": 0.5}, {"embed": 1.0}, 0.5)) for n in names
    ]
    return Selection(query="q", selected=tuple(scored))


def _queries(tool: int, none: int) -> list[LabelledQuery]:
    return [LabelledQuery(f"t{i}", f"tool {i}", ("a",), "en") for i in range(tool)] + [
        LabelledQuery(f"n{i}", f"none {i}", (), "en") for i in range(none)
    ]


def test_recall_and_rejection_count_each_kind_of_request() -> None:
    queries = [*_queries(2, 2), LabelledQuery("two", "two tools", ("a", "b"), "en")]
    selected = [_picked("a"), _picked("x"), _picked(), _picked("x"), _picked("b", "y")]
    figures = tradeoff.recall_and_rejection(selected, queries)
    assert figures == {"recall_mean": round((1 + 0 + 0.5) / 3, 4), "no_tool_rejection": 0.5}


def test_sweep_takes_the_most_rejection_within_two_points_on_the_tuning_part() -> None:
    queries = _queries(100, 10)
    parts = {"tuning": queries, "held_out": queries}

    def run(tool_hits: int, rejected: int) -> dict[str, list[Selection]]:
        rows = [_picked("a") if i < tool_hits else _picked() for i in range(100)]
        rows += [_picked() if i < rejected else _picked("a") for i in range(10)]
        return {"tuning": rows, "held_out": rows}

    runs = {
        "off": run(100, 0),
        "mild": run(99, 3),  # 1 point of recall lost
        "firm": run(98, 6),  # 2 points: still allowed
        "harsh": run(90, 10),  # 10 points: too many
    }
    result = tradeoff.sweep(parts, runs, "off")
    assert result["best_within_2_points"] == "firm"
    assert result["thresholds"]["harsh"]["tuning"] == {"recall_mean": 0.9, "no_tool_rejection": 1.0}


def test_split_keeps_the_first_requests_of_each_kind_for_tuning() -> None:
    queries = _queries(300, 260)
    parts = tradeoff.split(queries, max_tool=280)
    assert [q.id for q in parts["tuning"]][:2] == ["t0", "t1"]
    assert sum(1 for q in parts["tuning"] if q.gold) == 250 and sum(1 for q in parts["tuning"] if not q.gold) == 250
    assert sum(1 for q in parts["held_out"] if q.gold) == 30 and sum(1 for q in parts["held_out"] if not q.gold) == 10
