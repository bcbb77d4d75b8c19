"""Explanations say what happened.

A widened selection's note counts the tools sent; a tool cut by ``relative_cut`` or by the
destructive guard says so (not ``below_top_k``); a long request shows as an excerpt in
``explain()``, ``to_dict()``, trace events and ``--explain`` lines.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import HumanMessage

from langchain_toolfilter import SELECTION_EVENT, ToolFilterSelector
from toolfilter_core import HashingEmbedder, Reason, ToolFilter, ToolSpec
from toolfilter_core.cli import main

from .langchain_kit import EventRecorder, get_weather, read_file

UNSURE = {"base": "plain", "enabled": True, "min_score": 0.99}  # every request is unsure


def test_a_widened_note_counts_the_tools_sent() -> None:
    tools = [ToolSpec(f"files_tool_{i}", f"work with the files in a folder, way {i}") for i in range(12)]
    tf = ToolFilter(tools, config={**UNSURE, "fallback_top_k": 4}, embedder=HashingEmbedder())
    selection = tf.select("files in the folder")
    assert selection.fallback and len(selection.names) == 4
    assert selection.detail.endswith("widened to the best 4 tools (no categories)"), selection.detail


def test_a_widened_note_to_one_tool_says_it_in_plain_words() -> None:
    tools = [ToolSpec("files_tool", "work with the files in a folder"), ToolSpec("ping", "ping a host")]
    selection = ToolFilter(tools, config=UNSURE, embedder=HashingEmbedder()).select("files in the folder")
    assert selection.fallback and selection.names == ["files_tool"]
    assert selection.detail.endswith("widened to the best tool (no categories)"), selection.detail


def test_a_tool_cut_by_relative_cut_says_so() -> None:
    tools = [
        ToolSpec("list_files", "list the files in a folder"),
        ToolSpec("copy_files", "copy the files in a folder"),  # scores 0.714 against list_files' 1.0
    ]
    config = {"base": "plain", "enabled": True, "min_score": 0.0, "min_gap": 0.0, "relative_cut": 0.99}
    selection = ToolFilter(tools, config=config, embedder=HashingEmbedder()).select("list the files in a folder")
    assert selection.names == ["list_files"]
    assert {s.name: s.reason for s in selection.rejected} == {"copy_files": Reason.BELOW_RELATIVE_CUT}


def test_a_tool_the_destructive_guard_left_out_says_so() -> None:
    tools = [
        ToolSpec("list_files", "list the files in a folder", category="files"),
        ToolSpec("delete_files", "delete files in a folder", category="files"),
        ToolSpec("copy_files", "copy files to a folder", category="files"),
    ]
    config = {**UNSURE, "fallback_domains": 1}
    selection = ToolFilter(tools, config=config, embedder=HashingEmbedder()).select("files in the folder")
    reasons = {s.name: s.reason for s in selection.rejected}
    assert reasons["delete_files"] is Reason.DESTRUCTIVE_GUARD


PASTE = "please look at this log and tell me what failed " + "x" * 20_000


def test_a_pasted_request_shows_as_an_excerpt_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    tf = ToolFilter([ToolSpec("read_file", "read a file")], embedder=HashingEmbedder())
    selection = tf.select(PASTE)
    assert selection.query == PASTE  # the value itself is whole
    assert len(selection.explain()) < 1_000 and "(20,048 characters)" in selection.explain()
    assert len(selection.to_dict()["query"]) < 300
    assert selection.to_dict(query_chars=None)["query"] == PASTE  # configurable
    assert len(selection.explain(query_chars=50).splitlines()[0]) < 100


def test_trace_events_and_explain_lines_carry_an_excerpt(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    selector = ToolFilterSelector.from_tools([get_weather, read_file], embedder=HashingEmbedder())
    recorder = EventRecorder()
    selector.invoke([HumanMessage(PASTE), HumanMessage(PASTE)], config={"callbacks": [recorder]})
    [(_, payload)] = [e for e in recorder.events if e[0] == SELECTION_EVENT]
    assert len(payload["query"]) < 300 and all(len(turn) < 300 for turn in payload["context"])
    tools = tmp_path / "tools.jsonl"
    tools.write_text('{"name": "read_file", "description": "read a file"}\n')
    assert main(["select", PASTE, "--tools", str(tools), "--embedder", "hashing", "--explain"]) == 0
    assert max(len(line) for line in capsys.readouterr().out.splitlines()) < 500
