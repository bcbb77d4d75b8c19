"""A file given in another's place, and a tool's field under another key, say so."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from toolfilter_core import ToolSpecError, read_queries, read_tools_file

TOOL = {"name": "pet_lookup", "description": "Look up a pet", "parameters": {"type": "object", "properties": {}}}
QUERY = {"id": "q1", "query": "find Luna", "gold": ["pet_lookup"]}


def _file(tmp_path: Path, *rows: dict[str, object]) -> Path:
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "row",
    [TOOL, {"type": "function", "function": TOOL}, {"name": "x", "inputSchema": {}}],
    ids=["own", "openai", "mcp"],
)
def test_a_tools_file_given_as_queries_says_it_looks_like_a_tools_file(tmp_path: Path, row) -> None:
    with pytest.raises(ToolSpecError, match=r"missing field 'query'; this looks like a tools file") as error:
        read_queries(_file(tmp_path, row))
    assert "give it as --tools" in str(error.value)


def test_a_profiles_file_given_as_queries_says_so(tmp_path: Path) -> None:
    row = {"tool": "pet_lookup", "requests": ["find Luna"]}
    with pytest.raises(ToolSpecError, match=r"this looks like a profiles file"):
        read_queries(_file(tmp_path, row))


def test_a_conversations_file_given_as_queries_says_so(tmp_path: Path) -> None:
    """It said "missing field 'query'; the line has 'id', 'messages'" and nothing of --conversations."""
    row = {"id": "c1", "messages": [{"role": "user", "content": "find Luna", "gold": ["pet_lookup"]}]}
    with pytest.raises(ToolSpecError, match=r"missing field 'query'; this looks like a conversations file") as error:
        read_queries(_file(tmp_path, row))
    assert "give it as --conversations" in str(error.value)


def test_a_queries_file_given_as_tools_says_it_looks_like_a_queries_file(tmp_path: Path) -> None:
    with pytest.raises(ToolSpecError, match=r"this looks like a queries file"):
        read_tools_file(_file(tmp_path, QUERY))


@pytest.mark.parametrize(
    ("row", "said"),
    [
        (
            {"id": "p1", "kind": "profile", "prompt_version": 3, "targets": ["x"], "messages": []},
            "a prompts file of `toolfilter profiles export`",
        ),
        ({"id": "p1", "answer": "{}"}, "a model's answers to the prompts"),
        ({"id": "c1", "messages": [{"role": "user", "content": "hi"}]}, "a conversations file"),
    ],
    ids=["prompts", "answers", "conversations"],
)
def test_another_file_of_the_library_given_as_tools_says_which_it_is(tmp_path: Path, row, said) -> None:
    """A prompts file given as tools said "field 'counts' is {...}; unknown field" and nothing of export."""
    with pytest.raises(ToolSpecError, match=f"this looks like {re.escape(said)}"):
        read_tools_file(_file(tmp_path, row))


def test_eval_with_the_two_files_swapped_names_the_swap(tmp_path: Path, capsys) -> None:
    from toolfilter_core.cli import main

    tools, queries = tmp_path / "tools.jsonl", tmp_path / "queries.jsonl"
    tools.write_text(json.dumps(TOOL) + "\n", encoding="utf-8")
    queries.write_text(json.dumps(QUERY) + "\n", encoding="utf-8")
    code = main(["eval", "--tools", str(queries), "--queries", str(tools), "--embedder", "hashing"])
    assert code != 0
    assert "this looks like a tools file" in capsys.readouterr().err


def test_a_query_row_missing_a_field_still_gets_its_own_hint(tmp_path: Path) -> None:
    with pytest.raises(ToolSpecError, match=r"missing field 'gold' \(the line has 'expected': name it 'gold';"):
        read_queries(_file(tmp_path, {"query": "find Luna", "expected": ["pet_lookup"]}))


@pytest.mark.parametrize(
    ("key", "meant"),
    [("desc", "description"), ("Desc", "description"), ("summary", "description"), ("args", "parameters")],
)
def test_an_unknown_field_names_the_missing_field_it_stands_for(tmp_path: Path, key: str, meant: str) -> None:
    row = {"name": "pet_lookup", key: "Look up a pet"}
    with pytest.raises(ToolSpecError, match=rf"field '{key}' is .*unknown field \(did you mean '{meant}'\?\)"):
        read_tools_file(_file(tmp_path, row))


def test_no_field_is_suggested_that_the_tool_already_has(tmp_path: Path) -> None:
    row = {"name": "pet_lookup", "description": "Look up a pet", "desc": "same"}
    with pytest.raises(ToolSpecError, match=r"field 'desc'") as error:
        read_tools_file(_file(tmp_path, row))
    assert "did you mean" not in str(error.value)


def test_a_single_gold_name_is_told_how_to_write_the_list(tmp_path: Path) -> None:
    path = tmp_path / "queries.jsonl"
    path.write_text(json.dumps({"query": "发票作废了吗", "gold": "invoice_get"}) + "\n", encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r'write \["invoice_get"\]'):
        read_queries(path)
