"""Rough edges two users met: a command said once, close names only,
a broken line's column, what an empty gold means, the report's title."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from toolfilter_core import Profiles, ToolProfile, ToolSpec, ToolSpecError, ToolSpecWarning
from toolfilter_core._evaluate import read_queries
from toolfilter_core._policy import did_you_mean
from toolfilter_core._tool_defs import bundled_tools_path, read_tools_file
from toolfilter_core._tool_profiles.sidecar import attach_profiles
from toolfilter_core.cli import main

PARAMS = {"type": "object", "properties": {"host": {"type": "string"}}}
PING = ToolSpec("ping", "Check that a host answers", PARAMS)
TRACE = ToolSpec("trace", "Trace the route to a host", PARAMS)


def _written(tool: ToolSpec) -> ToolProfile:
    return ToolProfile(
        ("is db1 up",), tool_hash=tool.definition_hash(), params_hash=tool.params_hash(), parameters=("host",)
    )


def test_two_kinds_of_stale_profiles_print_the_reexport_command_once() -> None:
    profiles = Profiles({"ping": _written(PING), "trace": _written(TRACE)})
    edited = ToolSpec("ping", "Check that a host answers ICMP echo", PARAMS)  # description changed: kept
    grown = ToolSpec("trace", TRACE.description, {"type": "object", "properties": {"host": {}, "hops": {}}})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        attach_profiles([edited, grown], profiles)
    said = [str(w.message) for w in caught if w.category is ToolSpecWarning]
    assert len(said) == 2, said
    assert sum(s.count("`toolfilter profiles export") for s in said) == 1, said
    assert "description changed" in said[0] and "re-export: below" in said[0]
    assert "parameters added" in said[1] and "re-export (these tools and the ones above): `toolfilter" in said[1]


def test_did_you_mean_names_only_the_close_tools() -> None:
    names = ["get_membership_status", "change_membership_plan", "renew_membership", "delete_member_record"]
    assert did_you_mean("get_membership_staus", names) == " (did you mean 'get_membership_status'?)"
    assert did_you_mean("delete_member_recrd", names) == " (did you mean 'delete_member_record'?)"
    assert did_you_mean("status_membership_get", names) == " (did you mean 'get_membership_status'?)"  # swapped


def test_a_broken_json_line_says_its_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "tools.jsonl"
    path.write_text('{"name": "a", "description": "b"}\n{"name": "x", "description": "abc\n', encoding="utf-8")
    with pytest.raises(ToolSpecError) as raised:
        read_tools_file(path)
    assert "line 2: not valid JSON: Unterminated string starting at column 30;" in str(raised.value)


def test_a_query_line_without_gold_says_an_empty_gold_means_no_tool(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps({"id": "x4", "query": "hello there"}) + "\n", encoding="utf-8")
    with pytest.raises(ToolSpecError) as raised:
        read_queries(path)
    assert "missing field 'gold'; the line has 'id', 'query'; \"gold\": [] says no tool is needed" in str(raised.value)


def test_the_eval_report_title_names_the_queries_file_by_its_name(tmp_path: Path) -> None:
    (tmp_path / "work").mkdir()
    queries = tmp_path / "work" / "queries.jsonl"
    queries.write_text('{"id": "1", "query": "send an email to bob", "gold": ["send_mail"]}\n', "utf-8")
    report = tmp_path / "r.md"
    args = ["eval", "--tools", str(bundled_tools_path()), "--queries", str(queries), "--embedder", "hashing"]
    assert main([*args, "--report", str(report)]) == 0
    assert report.read_text("utf-8").startswith("# toolfilter eval: queries.jsonl\n")
