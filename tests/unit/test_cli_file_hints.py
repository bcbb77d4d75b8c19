"""A file's mistake is said as well as ``--set``'s: the field, the value, what is allowed, the near one.

And a warning is said once, where it arises (``fit``, ``doctor``, plain mode chosen).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import load_bundled_tools
from toolfilter_core.cli import main

FLAGS = ("--embedder", "hashing")


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _tools(tmp_path: Path, rows: list[dict[str, Any]] | None = None) -> Path:
    path = tmp_path / "tools.jsonl"
    given = rows if rows is not None else [t.to_dict() for t in load_bundled_tools()[:6]]
    path.write_text("".join(json.dumps(r) + "\n" for r in given), encoding="utf-8")
    return path


def _errors(err: str) -> list[str]:
    return [line for line in err.splitlines() if ": error: " in line or line.startswith("  ")]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        # a misspelt option, in a file as after --set: the option, not the nearest field (allow_tools)
        ("max_tool: 3\n", "max_tool: unknown field (did you mean 'max_tools'?): max_tools is no config setting"),
        ("max_tools: 3\n", "max_tools: unknown field: max_tools is no config setting but a cap given per request"),
        ("read_only: true\n", "--read-only on the command line"),
        ("top_kk: 3\n", "top_kk: unknown field (did you mean 'top_k'?)"),  # a field misspelt: as before
    ],
)
def test_a_config_file_names_the_option_its_key_is_spelt_close_to(tmp_path, capsys, text, needle):
    config = tmp_path / "c.yaml"
    config.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "config", "--config", str(config))
    assert code == 2 and needle in err and "allow_tools'?" not in err, err
    assert f"from file {config}" in err  # the layer the value came from


def test_a_set_key_and_a_file_key_close_to_an_option_both_name_it(tmp_path, capsys):
    config = tmp_path / "c.yaml"
    config.write_text("max_tool: 3\n", encoding="utf-8")
    _, _, by_file = run(capsys, "select", "x", "--tools", str(_tools(tmp_path)), "--config", str(config), *FLAGS)
    _, _, by_set = run(capsys, "select", "x", "--tools", str(_tools(tmp_path)), "--set", "max_tool=3", *FLAGS)
    assert "--max-tools" in by_file and "--max-tools" in by_set


@pytest.mark.parametrize(
    ("name", "text", "needle"),
    [
        ("c.toml", "top_k = 3\n", "got str 'top_k = 3'"),  # TOML's line is a YAML string
        ("c.toml", "[weights]\nbm25 = 0.3\n", "not valid YAML"),
        ("c.ini", "top_k=3\n", "not .ini"),
    ],
)
def test_a_config_file_of_another_format_says_it_was_read_as_yaml_and_what_is_allowed(
    tmp_path, capsys, name, text, needle
):
    config = tmp_path / name
    config.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "config", "--config", str(config))
    assert code == 2 and needle in err, err
    assert f"{name!r} was read as YAML: a config file is YAML (.yaml, .yml) or JSON (.json)" in err, err


@pytest.mark.parametrize(
    ("row", "needle"),
    [
        ({"reqests": ["mail Bob"]}, "field 'reqests' is ['mail Bob']; unknown field (did you mean 'requests'?)"),
        ({"requests": ["mail Bob"], "destrcutive": True}, "field 'destrcutive' is True; unknown field (did you mean"),
    ],
)
def test_a_profiles_row_with_a_misspelt_field_is_refused_naming_it(tmp_path, capsys, row, needle):
    tools = _tools(tmp_path)
    name = load_bundled_tools()[0].name
    profiles = tmp_path / "profiles.jsonl"
    profiles.write_text(json.dumps({"tool": name, **row}) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "select", "x", "--tools", str(tools), "--profiles", str(profiles), *FLAGS)
    assert code == 2 and needle in err and "line 1" in err and f"tool {name!r}" in err, err


def test_a_profiles_row_keeps_a_reviewer_s_note_and_names_a_misspelt_no_tool(tmp_path, capsys):
    tools = _tools(tmp_path)
    name = load_bundled_tools()[0].name
    profiles = tmp_path / "profiles.jsonl"
    rows = [{"tool": name, "requests": ["please do it"], "note": "checked by Ann"}, {"no_tols": ["hello"]}]
    profiles.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    code, _, err = run(capsys, "select", "x", "--tools", str(tools), "--profiles", str(profiles), *FLAGS)
    assert code == 2 and "line 2" in err and "field 'no_tols' is ['hello']" in err, err
    assert "(did you mean 'no_tool'?)" in err
    profiles.write_text(json.dumps(rows[0]) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "select", "x", "--tools", str(tools), "--profiles", str(profiles), *FLAGS)
    assert code == 0, err  # "note" is spelt close to no field: a note


def test_a_profile_of_a_misspelt_tool_name_says_the_tool_it_is_close_to(tmp_path, capsys):
    tools = load_bundled_tools()[:6]
    profiles = tmp_path / "profiles.jsonl"
    rows = [{"tool": tools[0].name, "requests": ["do the first"]}, {"tool": tools[1].name[:-1], "requests": ["x y"]}]
    profiles.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    argv = ("select", "x", "--tools", str(_tools(tmp_path)), "--profiles", str(profiles), "--verbose", *FLAGS)
    code, _, err = run(capsys, *argv)
    assert code == 0 and f"({tools[1].name[:-1]} (did you mean {tools[1].name}?))" in err, err


@pytest.mark.parametrize(
    ("row", "needle"),
    [
        ({"query": "x", "gold": [], "knd": "a"}, "field 'knd' is 'a'; unknown field (did you mean 'kind'?)"),
        ({"query": "x", "gold": [], "lnag": "en", "note": "n"}, "field 'lnag' is 'en'; unknown field (did you mean"),
    ],
)
def test_a_queries_row_with_a_misspelt_field_is_refused_naming_it(tmp_path, capsys, row, needle):
    queries = tmp_path / "queries.jsonl"
    queries.write_text(json.dumps(row) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "eval", "--tools", str(_tools(tmp_path)), "--queries", str(queries), *FLAGS)
    assert code == 2 and needle in err and "line 1" in err, err


def test_a_queries_row_keeps_its_notes(tmp_path, capsys):
    queries = tmp_path / "queries.jsonl"
    queries.write_text(json.dumps({"query": "x", "gold": [], "note": "from the logs"}) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "eval", "--tools", str(_tools(tmp_path)), "--queries", str(queries), *FLAGS)
    assert code == 0, err


@pytest.mark.parametrize(
    ("row", "needle"),
    [
        ({"mesages": [{"role": "user", "content": "hi", "gold": []}]}, "field 'mesages' (did you mean 'messages'?)"),
        ({"messages": [{"rol": "user", "content": "hi", "gold": []}]}, "field 'rol' (did you mean 'role'?)"),
        ({"messages": [{"role": "usr", "content": "hi", "gold": []}]}, "field 'role' is 'usr' (did you mean 'user'?)"),
        ({"messages": [{"role": "user", "content": "hi", "gold": []}], "langg": "en"}, "(did you mean 'lang'?)"),
    ],
)
def test_a_conversations_row_names_the_field_the_value_and_the_near_one(tmp_path, capsys, row, needle):
    conversations = tmp_path / "conversations.jsonl"
    conversations.write_text(json.dumps(row) + "\n", encoding="utf-8")
    argv = ("eval", "--tools", str(_tools(tmp_path)), "--conversations", str(conversations), *FLAGS)
    code, _, err = run(capsys, *argv)
    assert code == 2 and needle in err and "line 1 is not a conversation" in err, err


@pytest.mark.parametrize(
    ("row", "needle"),
    [
        (
            {"type": "function", "function": {"name": "a", "descripton": "Send a mail"}},
            "field 'descripton' is 'Send a mail'; unknown field (did you mean 'description'?)",
        ),
        (
            {"name": "a", "description": "Delete a file", "annotations": {"destructivehint": True}},
            "field 'annotations.destructivehint' is True; unknown annotation (did you mean 'destructiveHint'?)",
        ),
        (
            {"name": "a", "description": "Delete a file", "annotations": {"destructive": True}},
            "(did you mean 'destructiveHint'?)",
        ),
    ],
)
def test_a_tools_file_names_the_field_a_misspelt_one_stands_for(tmp_path, capsys, row, needle):
    code, _, err = run(capsys, "select", "x", "--tools", str(_tools(tmp_path, [row])), *FLAGS)
    assert code == 2 and needle in err and "line 1" in err, err


def test_other_annotations_are_kept(tmp_path, capsys):
    row = {"name": "a", "description": "Delete a file", "annotations": {"destructiveHint": True, "owner": "ops"}}
    code, _, err = run(capsys, "select", "x", "--tools", str(_tools(tmp_path, [row])), *FLAGS)
    assert code == 0, err


def _undescribed(tmp_path: Path) -> tuple[Path, Path]:
    rows = [t.to_dict() for t in load_bundled_tools()[:6]]
    rows[2]["description"] = ""
    queries = tmp_path / "queries.jsonl"
    lines = [
        {"id": f"q{i}", "query": f"please {r['name'].replace('_', ' ')}", "gold": [r["name"]]}
        for i, r in enumerate(rows)
    ]
    queries.write_text("".join(json.dumps(q) + "\n" for q in lines * 2), encoding="utf-8")
    return _tools(tmp_path, rows), queries


def test_fit_says_a_tool_without_a_description_once(tmp_path, capsys):
    tools, queries = _undescribed(tmp_path)
    argv = ("fit", "--tools", str(tools), "--queries", str(queries), "-o", str(tmp_path / "fit.yaml"), *FLAGS)
    code, _, err = run(capsys, *argv, "--force")
    warned = [line for line in err.splitlines() if "without a description" in line]
    assert code == 0 and len(warned) == 1, err  # not again in another form ('#3' for 'line 3')


def test_doctor_reports_a_missing_description_as_a_finding_not_as_a_warning_too(tmp_path, capsys):
    tools, _ = _undescribed(tmp_path)
    code, out, err = run(capsys, "doctor", str(tools), *FLAGS)
    assert code == 0 and "no description at all" in out, out
    assert "without a description" not in err, err


@pytest.mark.parametrize(
    ("given", "where"),
    [
        (("--set", "enabled=false"), "enabled: false, from --set"),
        (("--set", "base=plain"), "base: plain, from --set"),
    ],
)
def test_plain_mode_says_it_has_no_destructive_guard_when_chosen(tmp_path, capsys, given, where):
    code, _, err = run(capsys, "select", "delete it", "--tools", str(_tools(tmp_path)), *given, *FLAGS)
    said = [line for line in err.splitlines() if "no destructive guard" in line]
    assert code == 0 and len(said) == 1 and f"plain mode ({where})" in said[0], err
    code, _, err = run(capsys, "select", "delete it", "--tools", str(_tools(tmp_path)), *given, *FLAGS)
    assert code == 0 and "no destructive guard" not in err, err  # once for the same config
    code, _, err = run(capsys, "select", "delete it", "--tools", str(_tools(tmp_path)), *FLAGS)
    assert "no destructive guard" not in err  # the preset keeps the guard: nothing to say


def test_a_sub_command_s_warning_is_named_as_its_errors_are(tmp_path, capsys):
    tools, _ = _undescribed(tmp_path)
    code, _, err = run(capsys, "profiles", "export", str(tools), "--out", str(tmp_path / "prompts.jsonl"))
    assert code == 0 and "toolfilter profiles export: warning: tools file" in err, err  # was "toolfilter profiles:"
