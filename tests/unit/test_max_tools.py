"""``top_k`` bounds a confident selection; ``max_tools`` bounds every selection.

On 7e670b2 ``select("...", top_k=1)`` of a widened request sent 8 tools, and neither the core
nor the CLI had a hard cap like the adapters' ``max_tools``.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, NoteKind, QueryError, Reason, ToolFilter, load_bundled_tools
from toolfilter_core._tool_defs import bundled_tools_path
from toolfilter_core.cli import main

WIDE = "please reply to Ana's email"


def _filter() -> ToolFilter:
    return ToolFilter(
        load_bundled_tools(), embedder=HashingEmbedder(), config={"top_k": 1, "always_include": ["git_log"]}
    )


def test_top_k_does_not_bound_a_widened_selection_but_max_tools_does() -> None:
    tf = _filter()
    wide = tf.select(WIDE, top_k=1)
    assert wide.fallback and len(wide.names) > 3  # widening reaches fallback_top_k, by design
    capped = tf.select(WIDE, top_k=1, max_tools=2)
    assert capped.names[:2] == wide.names[:2] and capped.names[2:] == ["git_log"]  # always_include not counted
    cut = {s.name for s in capped.rejected if s.reason is Reason.MAX_TOOLS}
    assert cut == set(wide.names[2:]) - {"git_log"}
    (note,) = [n for n in capped.reasons if n.kind is NoteKind.CAPPED]
    assert note.values["max_tools"] == 2 and set(note.values["tools"]) == cut


def test_a_cap_above_the_selection_changes_nothing() -> None:
    tf = _filter()
    assert tf.select(WIDE, max_tools=128).names == tf.select(WIDE).names


@pytest.mark.parametrize("bad", [0, 129, 2.5, True, "3"])
def test_a_bad_cap_is_refused_naming_the_field(bad: object) -> None:
    with pytest.raises(QueryError, match="max_tools: got"):
        _filter().select(WIDE, max_tools=bad)  # type: ignore[arg-type]


def test_the_cli_takes_max_tools_and_says_what_top_k_bounds(capsys) -> None:
    argv = ["select", WIDE, "--tools", str(bundled_tools_path()), "--embedder", "hashing", "--top-k", "1"]
    assert main(argv) == 0
    assert len(capsys.readouterr().out.split()) > 3
    assert main([*argv, "--max-tools", "2"]) == 0
    assert len(capsys.readouterr().out.split()) == 2
    assert main([*argv, "--max-tools", "0"]) != 0
    assert "--max-tools: got 0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["select", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "select at most N tools" not in help_text and "--max-tools is the hard cap" in help_text
