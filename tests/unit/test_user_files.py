"""A user's small slips: a queries file as a JSON array, a file given for
another flag, and explain()'s "needs none" told apart from "none fits".

On 7e670b2 a JSON array of queries was refused, a queries file given as --tools said "field
'gold' ... unknown field", a prompts file given as --profiles said only what a profile row
is, and a request that needs no tool printed "selected: nothing (no tool fits)".
"""

from __future__ import annotations

import json

import pytest

from toolfilter_core import Selection, Status, ToolSpecError, read_profiles, read_queries, read_tools_file

ROWS = [
    {"id": "q1", "query": "Where is shipment SH-20931?", "gold": ["shipment_status"], "lang": "en"},
    {"id": "q2", "query": "hi", "gold": []},
]


def test_a_queries_file_may_be_a_json_array(tmp_path) -> None:
    path = tmp_path / "q.json"
    path.write_text(json.dumps(ROWS, indent=1), encoding="utf-8")  # over many lines, as editors write it
    assert [(q.id, q.gold) for q in read_queries(path)] == [("q1", ("shipment_status",)), ("q2", ())]
    path.write_text(json.dumps([ROWS[0], {"id": "q3"}]), encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"item 2 \(line 1\) is not a labelled query \(missing field 'query'"):
        read_queries(path)


def test_a_queries_file_given_as_tools_is_named(tmp_path) -> None:
    path = tmp_path / "queries.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in ROWS), encoding="utf-8")
    with pytest.raises(ToolSpecError, match="this looks like a queries file .*give it as --queries"):
        read_tools_file(path)


@pytest.mark.parametrize(
    ("row", "said"),
    [
        ({"id": "tools-00001", "kind": "tools", "targets": {}, "messages": []}, "this looks like a prompts file"),
        ({"id": "tools-00001", "answer": "{}"}, "this looks like an answers file"),
        (ROWS[0], "this looks like a queries file"),
        ({"name": "ping", "description": "Check a host"}, "this looks like a tools file"),
    ],
)
def test_another_file_given_as_profiles_is_named(tmp_path, row: dict[str, object], said: str) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps(row), encoding="utf-8")
    with pytest.raises(ToolSpecError, match=said):
        read_profiles(path)


@pytest.mark.parametrize(
    ("status", "line"),
    [
        (Status.NO_TOOL_NEEDED, "selected: nothing (the request needs no tool)"),
        (Status.NO_TOOL_FITS, "selected: nothing (no tool fits)"),
        (Status.NO_TEXT, "selected: nothing (no_text)"),
    ],
)
def test_explain_says_needs_none_apart_from_none_fits(status: Status, line: str) -> None:
    selection = Selection(query="hi", selected=(), rejected=(), status=status, detail="why")
    assert selection.explain().splitlines()[1] == line


def test_a_deeply_nested_queries_array_is_named_not_a_recursion_error(tmp_path) -> None:
    # Failed on 10d16e7: json.loads raised RecursionError out of read_queries.
    path = tmp_path / "q.json"
    path.write_text("[" * 200_000, encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"queries file .*line 1.*nested more than \d+ levels deep"):
        read_queries(path)


def test_a_bad_item_of_a_queries_array_is_named_by_its_line(tmp_path) -> None:
    # Failed on 10d16e7: "item 2 is not a labelled query", no line.
    path = tmp_path / "q.json"
    path.write_text(json.dumps([ROWS[0], {"id": "q3"}], indent=1), encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"item 2 \(line 10\) is not a labelled query \(missing field 'query'"):
        read_queries(path)
    path.write_text(json.dumps(ROWS, indent=1), encoding="utf-8")
    assert [q.source for q in read_queries(path)] == [f"{path} item 1 (line 2)", f"{path} item 2 (line 10)"]
