"""A request that needed no tool and got some: its miss says the no-tool evidence, not "status widened"."""

from __future__ import annotations

import json
from pathlib import Path

from toolfilter_core._config import recommended_config
from toolfilter_core._evaluate import LabelledQuery, evaluate
from toolfilter_core._miss_why import REASON_CHARS, status_said
from toolfilter_core._tool_defs import bundled_tools_path, read_tools_file
from toolfilter_core._types import ScoreBreakdown, ScoredTool, Selection, Status, ToolSpec

FEVER = "What's the normal body temperature for a cat?"
"""Needs no tool; the hashing embedder sends the bundled kit's tools for it, widened."""


def _filter():
    from toolfilter_core import ToolFilter

    return ToolFilter(read_tools_file(bundled_tools_path()), config=recommended_config(embedder="hashing"))


def test_a_no_tool_miss_says_the_evidence_the_selection_weighed() -> None:
    tf = _filter()
    selection = tf.select(FEVER)
    assert selection.names and selection.status is Status.WIDENED  # the case: tools sent, widened
    (miss,) = evaluate(tf.select, [LabelledQuery("q04", FEVER, ())]).misses
    why = miss["why"]
    assert why.startswith("status widened: a tool is needed (no-tool evidence 0.")
    assert "closest no-tool example: " in why
    assert "low confidence" not in why  # the widening is not why tools were sent: the evidence is


def test_eval_misses_on_the_command_line_say_it(tmp_path: Path, capsys) -> None:
    from toolfilter_core.cli import main

    queries = tmp_path / "queries.jsonl"
    queries.write_text(json.dumps({"id": "q04", "query": FEVER, "gold": []}) + "\n", encoding="utf-8")
    args = ["eval", "--tools", str(bundled_tools_path()), "--queries", str(queries), "--embedder", "hashing"]
    main([*args, "--misses"])
    out = capsys.readouterr().out
    assert "why: status widened: a tool is needed (no-tool evidence" in out


def _selection(detail: str, *notes: str) -> Selection:
    tool = ScoredTool(ToolSpec(name="t", description="d"), ScoreBreakdown({}, {}, 0.5))
    return Selection("q", (tool,), status=Status.WIDENED, detail=detail, notes=notes)


def test_without_evidence_the_detail_is_said_short() -> None:
    detail = "low confidence (top 0.218, gap 0.002): widened to the best 8 tools (no categories) " + "x" * 400
    said = status_said(_selection(detail, "a note"), reason=True)
    assert said.startswith("status widened: low confidence (top 0.218, gap 0.002)")
    assert said.endswith("...; a note") and len(said) <= len("status widened: ; a note") + REASON_CHARS


def test_a_gold_miss_keeps_its_why_short() -> None:
    detail = "low confidence (top 0.2, gap 0.0): widened; a tool is needed (no-tool evidence 0.1 < 0.3; closest: 'x')"
    assert status_said(_selection(detail)) == "status widened"
