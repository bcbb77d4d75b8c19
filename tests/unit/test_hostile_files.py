"""Hostile files: each is refused with the library's error naming the file, the line and the field.

Each case crashed the CLI with a traceback before (issue 14, defects 2, 3, 4 and the load-time
part of 8): RecursionError, UnicodeDecodeError, ValueError, AttributeError, or minutes and
gigabytes of error message.
"""

from __future__ import annotations

import json
import time

import pytest

from toolfilter_core import ConfigError, ToolSpecError, load_config, load_tool, read_tools_file
from toolfilter_core.cli import main

# Hostile names and empty descriptions are the point here; their warnings have tests of their own.
pytestmark = pytest.mark.filterwarnings("ignore::toolfilter_core.ToolSpecWarning")

MAX_TRIGGERS, MAX_TRIGGER_CHARS = 32, 200  # toolfilter_core._tool_defs's caps (docs/reliability.md)

DEEP = 200_000


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, name, content):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


GOOD_TOOLS = json.dumps({"name": "read_file", "description": "Read a file from disk"}) + "\n"


# ----- defect 2: files that crashed the CLI -----


@pytest.mark.parametrize(
    ("name", "content", "needle"),
    [
        pytest.param(
            "deep.jsonl",
            '{"name": "x", "parameters": ' + "[" * DEEP + "]" * DEEP + "}\n",
            r"line 1, field 'parameters\.0\.0.*nested more than 128 levels",
            id="jsonl-nested-200000",
        ),
        pytest.param("deep.json", "[" * DEEP + "]" * DEEP, r"line 1.*nested more than 128 levels", id="json-nested"),
        pytest.param(
            "latin.jsonl",
            ('{"name": "ok", "description": "d"}\n{"name": "caf\u00e9"}\n').encode("latin-1"),
            r"line 2: is not UTF-8 text \(byte 0xe9",
            id="latin-1",
        ),
        pytest.param(
            "bigint.jsonl",
            '{"name": "x"}\n{"name": "y", "parameters": {"type": "object", "maxLength": ' + "9" * 5000 + "}}\n",
            r"line 2, field 'parameters\.maxLength': a number of 5,000 digits",
            id="integer-of-5000-digits",
        ),
        pytest.param(
            "null-function.jsonl",
            '{"name": "x", "function": null}\n',
            r"line 1: tool 'x': field 'function' is None",
            id="function-null",
        ),
        pytest.param(
            "result.json", '{"result": 5}', r"expected a list of tools or an MCP tools/list result", id="result-5"
        ),
        pytest.param(
            "tools.json",
            '[\n  {"name": "a"},\n  {"name": "b", "tags": 7}\n]',
            r"line 3: tool 'b': field 'tags' is 7",
            id="json-array-names-the-line",
        ),
        pytest.param("utf16.jsonl", GOOD_TOOLS.encode("utf-16"), r"UTF-16", id="utf-16"),
        pytest.param("non-string-key.json", '[{"name": "a", "1": 2, "description": "x"}]', r"field '1'", id="odd-key"),
    ],
)
def test_a_hostile_tools_file_is_a_tool_spec_error_naming_file_line_and_field(tmp_path, capsys, name, content, needle):
    path = write(tmp_path, name, content)
    with pytest.raises(ToolSpecError, match=needle) as caught:
        read_tools_file(path)
    assert name in str(caught.value)
    code, out, err = run(capsys, "select", "read a file", "--tools", path, "--embedder", "hashing")
    assert code == 2 and out == ""
    assert "Traceback" not in err and len(err.splitlines()) == 1 and name in err


@pytest.mark.parametrize(
    ("name", "content", "needle"),
    [
        pytest.param("deep.yaml", "top_k: " + "[" * DEEP + "]" * DEEP + "\n", r"line 1: .*nest", id="yaml-nested"),
        pytest.param(
            "deep.json", '{"top_k": ' + "[" * DEEP + "]" * DEEP + "}", r"line 1, field 'top_k\.0", id="json-nested"
        ),
        pytest.param("latin.yaml", "top_k: 5\n# caf\u00e9\n".encode("latin-1"), r"line 2: is not UTF-8", id="latin-1"),
        pytest.param(
            "big.yaml",
            "store:\n  port: " + "7" * 5000 + "\n",
            r"line 2, field 'store\.port': a number of 5,000",
            id="int",
        ),
        pytest.param("big.json", '{"top_k": ' + "9" * 5000 + "}", r"field 'top_k': a number of 5,000", id="json-int"),
        pytest.param("list.yaml", "- 1\n- 2\n", r"expected a mapping of fields, got list", id="not-a-mapping"),
        pytest.param("key.yaml", "? [1, 2]\n: 3\n", r"line 1: not valid YAML", id="unhashable-key"),
    ],
)
def test_a_hostile_config_file_is_a_config_error_naming_file_line_and_field(tmp_path, capsys, name, content, needle):
    path = write(tmp_path, name, content)
    with pytest.raises(ConfigError, match=needle):
        load_config(path)
    tools = write(tmp_path, "tools.jsonl", GOOD_TOOLS)
    code, out, err = run(capsys, "select", "read", "--tools", tools, "--config", path, "--embedder", "hashing")
    assert code == 2 and "Traceback" not in err and "config" in err


# ----- defect 3: a YAML alias bomb -----


def alias_bomb() -> str:
    """394 bytes that stand for 9**9 strings: ``&a0 [x * 9]``, then eight levels of ``[*a(n-1) * 9]``."""
    lines = ["a0: &a0 [" + ", ".join(["x"] * 9) + "]"]
    lines += [f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]" for n in range(1, 9)]
    return "\n".join(lines) + "\n"


def test_a_yaml_alias_bomb_is_refused_fast_with_a_short_message(tmp_path, capsys):
    path = write(tmp_path, "bomb.yaml", alias_bomb())
    started = time.perf_counter()
    with pytest.raises(ConfigError, match=r"aliases \(\*name\) stand for more than 100,000 values") as caught:
        load_config(path)
    assert time.perf_counter() - started < 1.0
    assert len(str(caught.value)) < 400
    tools = write(tmp_path, "tools.jsonl", GOOD_TOOLS)
    code, _, err = run(capsys, "select", "read", "--tools", tools, "--config", path, "--embedder", "hashing")
    assert code == 2 and len(err) < 400


def test_yaml_anchors_of_a_normal_size_still_load(tmp_path):
    path = write(tmp_path, "c.yaml", "block_tools: &risky [rm_rf, drop_db]\nallow_tools: []\nalways_include: []\n")
    assert load_config(path).block_tools == ("rm_rf", "drop_db")


def test_error_messages_cut_huge_values_to_an_excerpt():
    bomb: list = ["x"] * 9
    for _ in range(8):
        bomb = [bomb] * 9
    started = time.perf_counter()
    with pytest.raises(ConfigError) as caught:
        load_config({"unknown_key": bomb, "top_k": 10**5000, "allow_tools": "x" * 1_000_000})
    assert time.perf_counter() - started < 1.0
    assert len(str(caught.value)) < 2500
    with pytest.raises(ToolSpecError) as caught:
        load_tool({"name": "x", "description": bomb})
    assert len(str(caught.value)) < 300
    from toolfilter_core._files import excerpt

    assert len(excerpt(10**5000)) < 80 and len(excerpt("y" * 10**6)) <= 80


# ----- defect 4: JSON Lines are split on \n only -----


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\x0c", "\x1e"])
def test_json_lines_keep_unicode_line_separators_inside_strings(tmp_path, separator):
    rows = [{"name": "a", "description": f"first{separator}second"}, {"name": "b", "description": "plain"}]
    path = write(tmp_path, "t.jsonl", "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    assert [t.description for t in read_tools_file(path)] == [f"first{separator}second", "plain"]


def test_json_lines_with_crlf_endings_load(tmp_path):
    path = write(tmp_path, "t.jsonl", '{"name": "a"}\r\n\r\n{"name": "b"}\r\n')
    assert [t.name for t in read_tools_file(path)] == ["a", "b"]


# ----- defect 8 (load): caps on triggers -----


def test_the_caps_are_the_documented_ones():
    from toolfilter_core import _tool_defs

    assert (_tool_defs.MAX_TRIGGERS, _tool_defs.MAX_TRIGGER_CHARS) == (MAX_TRIGGERS, MAX_TRIGGER_CHARS)


def test_too_many_triggers_are_refused_at_load_naming_the_cap():
    triggers = [f"phrase number {i}" for i in range(MAX_TRIGGERS + 1)]
    with pytest.raises(ToolSpecError, match=rf"tool 'x': field 'triggers' .*at most {MAX_TRIGGERS} a tool"):
        load_tool({"name": "x", "triggers": triggers})
    assert len(load_tool({"name": "x", "triggers": triggers[:MAX_TRIGGERS]}).triggers) == MAX_TRIGGERS


def test_an_over_long_trigger_is_refused_at_load_naming_it():
    with pytest.raises(ToolSpecError, match=rf"field 'triggers.1' .*at most {MAX_TRIGGER_CHARS} characters"):
        load_tool({"name": "x", "triggers": ["short", "w" * (MAX_TRIGGER_CHARS + 1)]})
    assert load_tool({"name": "x", "triggers": ["w" * MAX_TRIGGER_CHARS]}).triggers


def test_a_stuffed_tools_file_is_refused_through_the_cli(tmp_path, capsys):
    stuffed = {"name": "grab_all", "description": "x", "triggers": [f"description of tool {i}" for i in range(400)]}
    path = write(tmp_path, "t.jsonl", json.dumps(stuffed) + "\n")
    code, _, err = run(capsys, "index", path, "--store", tmp_path / "store", "--embedder", "hashing", "--no-progress")
    assert code == 2 and "400 phrases; at most 32" in err and "line 1" in err
    assert not (tmp_path / "store").exists()
