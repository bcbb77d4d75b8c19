"""``toolfilter select`` says why a selection is larger than top_k: widened, and why."""

from __future__ import annotations

import json

from toolfilter_core._tool_defs import bundled_tools_path
from toolfilter_core.cli import main

BASE = ["select", "run the unit tests", "--tools", str(bundled_tools_path()), "--embedder", "hashing", "--top-k", "2"]
WIDEN = ["--set", "min_score=1"]  # no best score reaches 1: every selection is widened
CONFIDENT = ["--set", "min_score=0", "--set", "min_gap=0"]


def run(capsys, *flags: str) -> tuple[str, str]:
    assert main([*BASE, *flags]) == 0
    out, err = capsys.readouterr()
    return str(out), str(err)


def test_a_widened_selection_says_so_and_why_beside_the_names(capsys) -> None:
    out, err = run(capsys, *WIDEN)
    names = out.splitlines()
    assert len(names) > 2  # larger than top_k 2: the case a user took for top_k doing nothing
    line = [w for w in err.splitlines() if w.startswith("widened:")]
    assert len(line) == 1, err
    assert line[0] == f"widened: {len(names)} tools (low confidence; --explain says why)"


def test_the_widened_line_is_short_whatever_the_size() -> None:
    """A user read the two-clause line said on most selects as a warning: the status, the size, where to read why."""
    from toolfilter_core._config import recommended_config
    from toolfilter_core._types import Status
    from toolfilter_core.cli._size_line import size_line

    detail = "low confidence (top 0.370, gap 0.021): widened to the best 8 tools (no categories)"
    for count in (3, 8):
        said = size_line(_selection(count, status=Status.WIDENED, detail=detail), recommended_config(top_k=5))
        assert said == f"widened: {count} tools (low confidence; --explain says why)"


def test_a_widened_selection_within_top_k_says_no_cap_it_does_not_explain(capsys) -> None:
    """A "not top_k" on every widened select read as a warning printed on every call."""
    argv = [*BASE[:-1], "10", *WIDEN]  # --top-k 10: the widened selection (up to fallback_top_k 8) is within it
    assert main(argv) == 0
    out, err = capsys.readouterr()
    names = out.splitlines()
    [line] = [w for w in err.splitlines() if w.startswith("widened:")]
    assert line == f"widened: {len(names)} tools (low confidence; --explain says why)", line
    assert main([*argv, "--explain"]) == 0  # --explain keeps the whole rule
    explained = capsys.readouterr().out
    assert "under min_score 1 or leads the next by under min_gap 0.03" in explained
    assert "a widened selection holds up to fallback_top_k 8, not top_k" in explained


def test_explain_says_when_confidence_is_low(capsys) -> None:
    out, _ = run(capsys, *WIDEN, "--explain")
    assert "under min_score 1 or leads the next by under min_gap 0.03" in out
    assert "a widened selection holds up to fallback_top_k 8, not top_k" in out


def test_standard_output_stays_the_names_alone(capsys) -> None:
    out, _ = run(capsys, *WIDEN)
    assert all(" " not in name and name for name in out.splitlines())


def test_explain_adds_the_top_k_line_without_repeating_the_detail(capsys) -> None:
    out, _ = run(capsys, *WIDEN, "--explain")
    assert out.count("low confidence (top ") == 1
    assert "  widened: 8 tools, more than top_k 2. Confidence is low when" in out


def test_a_confident_selection_within_top_k_adds_no_line(capsys) -> None:
    out, err = run(capsys, *CONFIDENT)
    assert 1 <= len(out.splitlines()) <= 2 and "widened" not in err and "top_k" not in err


def test_a_selection_of_no_tools_says_its_verdict_and_why(capsys) -> None:
    """An empty standard output alone told a user nothing ("R-5512 不要了" was not sure, "hello" needs none)."""
    assert main(["select", "hello there", "--tools", str(bundled_tools_path()), "--embedder", "hashing"]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    [line] = err.splitlines()
    status, _, why = line.partition(": no tools: ")
    assert status in {"no_tool_needed", "no_tool_fits", "not_sure"} and len(why) > 20


def test_json_is_left_as_it_was(capsys) -> None:
    out, err = run(capsys, *WIDEN, "--json")
    assert json.loads(out)["status"] == "widened" and "top_k" not in err


def _selection(count: int, *notes, status=None, detail=""):
    from toolfilter_core._types import ScoreBreakdown, ScoredTool, Selection, Status, ToolSpec

    chosen = tuple(
        ScoredTool(ToolSpec(name=f"t{i}", description="d"), ScoreBreakdown({}, {}, 0.5)) for i in range(count)
    )
    return Selection("q", chosen, notes=notes, status=status or Status.SELECTED, detail=detail)


def test_a_confident_selection_past_top_k_names_what_added_to_it() -> None:
    from toolfilter_core._config import recommended_config
    from toolfilter_core._types import Note, NoteKind
    from toolfilter_core.cli._size_line import size_line

    config = recommended_config(top_k=2)
    kept = Note(NoteKind.ASKS_KEPT, "kept each ask's best tool: t2", tools=("t2",))
    said = size_line(_selection(3, kept), config)
    assert said == "selected: 3 tools, more than top_k 2: kept each ask's best tool: t2"
    assert size_line(_selection(2, kept), config) is None
    plain = size_line(_selection(3), config)
    assert plain == "selected: 3 tools, more than top_k 2: always_include and sticky tools add to it"


def test_the_line_offers_tool_profiles_only_when_the_registry_has_none(tmp_path, capsys) -> None:
    profiles = tmp_path / "profiles.jsonl"
    profiles.write_text('{"tool": "run_tests", "requests": ["run the unit tests", "run pytest"]}\n', encoding="utf-8")
    plain, _ = run(capsys, *WIDEN, "--explain")
    profiled, _ = run(capsys, *WIDEN, "--explain", "--profiles", str(profiles))
    assert "tool profiles make widening rarer" in plain
    line = [w for w in profiled.splitlines() if w.startswith("  widened:") and "Confidence is low" in w]
    assert len(line) == 1 and "profiles" not in line[0], profiled
    assert line[0].endswith("not top_k (--max-tools N caps every selection)")


def test_a_widened_selection_counts_the_tools_added_beyond_the_widened_ones() -> None:
    from toolfilter_core._config import recommended_config
    from toolfilter_core._types import Note, NoteKind, Status
    from toolfilter_core.cli._size_line import size_line

    config = recommended_config(top_k=2)
    read = Note(NoteKind.STATE_READS, "its object's reads sent: t2 (for t_cancel)", tools=("t2",), held=("t_cancel",))
    detail = "low confidence (top 0.3, gap 0.01): widened to the best 2 tools (no categories)"
    selection = _selection(3, read, status=Status.WIDENED, detail=detail)
    shown = size_line(selection, config, detail_shown=True)  # --explain: the detail said "the best 2" already
    assert shown is not None
    assert shown.startswith(
        "widened: 3 tools, more than top_k 2, 1 of them added beyond the widened ones: "
        "its object's reads sent: t2 (for t_cancel). Confidence"
    )
    said = size_line(selection, config)
    assert said == "widened: 3 tools, 1 added beyond the widened ones (low confidence; --explain says why)"
    assert "added" not in str(size_line(_selection(3, status=Status.WIDENED, detail=detail), config))


def test_a_read_moved_up_to_its_held_tools_place_is_not_counted_as_added() -> None:
    from toolfilter_core._config import recommended_config
    from toolfilter_core._types import Note, NoteKind, Status
    from toolfilter_core.cli._size_line import size_line

    text = "its object's reads moved up to the held tool's place: t2 (for t_cancel)"
    moved = Note(NoteKind.STATE_READS, text, tools=("t2",), held=("t_cancel",), moved=True)
    detail = "low confidence (top 0.3, gap 0.01): widened to the best 3 tools (no categories)"
    selection = _selection(3, moved, status=Status.WIDENED, detail=detail)
    shown = size_line(selection, recommended_config(top_k=2), detail_shown=True)
    assert shown is not None and shown.startswith(f"widened: 3 tools, more than top_k 2: {text}. Confidence"), shown


def test_json_carries_the_verdict_and_why_of_a_selection_of_no_tools(capsys) -> None:
    argv = ["select", "hello there", "--tools", str(bundled_tools_path()), "--embedder", "hashing"]
    assert main(argv) == 0
    status, _, why = capsys.readouterr().err.strip().partition(": no tools: ")
    assert main([*argv, "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert (data["status"], data["detail"], data["selected"]) == (status, why, []) and err == ""
