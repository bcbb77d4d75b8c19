"""Fuzzing the files and rows users give: only the library's errors escape, and the CLI never crashes.

For tool rows (our JSON Lines rows, OpenAI tools, MCP tools), tools files in every accepted
format (JSON Lines, a JSON list, an MCP ``tools/list`` result, bare or inside ``result``) and
config files (YAML and JSON), built from random values and then damaged (cut short, bytes
spliced in, re-encoded as Latin-1 or UTF-16, nested deep, numbers of thousands of digits,
YAML aliases, random keys):

- the library raises nothing but ``ToolFilterError`` subclasses;
- ``toolfilter select`` (``main(argv)`` in this process) returns 0 or 2 and raises nothing,
  so it never prints a traceback.

CI-sized: ``derandomize=True`` (the same examples every run), a few seconds a property.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolfilter_core import ToolFilterError, load_config, load_tools, read_tools_file
from toolfilter_core.cli import main

# Hostile names and empty descriptions are the point here; their warnings have tests of their own.
pytestmark = pytest.mark.filterwarnings("ignore::toolfilter_core.ToolSpecWarning")

FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


class Huge(int):
    """An integer of thousands of digits that hypothesis can still print (``repr(int)`` refuses past 4,300)."""

    def __repr__(self) -> str:
        return f"Huge(<{self.bit_length()} bits>)"


TEXT = st.text(st.characters(codec=None, categories=None), max_size=20)
KEYS = st.sampled_from(["name", "type", "properties", "description", "x", "", "$ref", "destructiveHint", "\u2028"])
NUMBERS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([4500, 5000, -5000]).map(lambda e: Huge(10 ** abs(e) * (1 if e > 0 else -1))),
    st.sampled_from([2**63, 0]),
)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, TEXT)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.one_of(KEYS, TEXT), inner, max_size=4)),
    max_leaves=20,
)
NAMES = st.one_of(st.sampled_from(["read_file", "git_log", "send_mail"]), TEXT, st.none(), st.integers())


@st.composite
def tool_rows(draw: st.DrawFn) -> Any:
    """A row of any accepted shape, with random (often wrong) values and extra keys."""
    name = draw(NAMES)
    description = draw(st.one_of(TEXT, JSON_VALUES))
    schema = draw(st.one_of(st.just({"type": "object", "properties": {}}), JSON_VALUES))
    shape = draw(st.sampled_from(["ours", "openai", "bare-openai", "mcp", "junk"]))
    if shape == "ours":
        row: Any = {"name": name, "description": description, "parameters": schema}
        for key in draw(st.lists(st.sampled_from(["category", "tags", "triggers", "annotations"]), max_size=4)):
            row[key] = draw(st.one_of(JSON_VALUES, st.lists(TEXT, max_size=40)))
    elif shape == "openai":
        row = {"type": "function", "function": draw(st.one_of(st.just({"name": name, "parameters": schema}), SCALARS))}
    elif shape == "bare-openai":
        row = {"name": name, "description": description, "parameters": schema, "strict": draw(SCALARS)}
    elif shape == "mcp":
        row = {"name": name, "inputSchema": schema, "annotations": draw(JSON_VALUES), "title": draw(SCALARS)}
    else:
        return draw(JSON_VALUES)
    if draw(st.booleans()):
        row[draw(st.one_of(KEYS, TEXT))] = draw(JSON_VALUES)
    return row


def _dumps(value: Any, **options: Any) -> str:
    try:
        return json.dumps(value, **options)
    except (ValueError, TypeError):  # integers json cannot write (over 4,300 digits): write them raw
        return json.dumps(_tame(value), **options).replace('"<huge>"', "9" * 5000)


def _tame(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**4000:
        return "<huge>"
    if isinstance(value, list):
        return [_tame(v) for v in value]
    if isinstance(value, dict):
        return {k: _tame(v) for k, v in value.items()}
    return value


@st.composite
def damaged(draw: st.DrawFn, text: str) -> bytes:
    """The file's bytes, sometimes damaged the ways users and attackers damage files."""
    data = text.encode("utf-8", "surrogatepass")
    how = draw(st.sampled_from(["as-is", "cut", "splice", "latin-1", "utf-16", "deep", "bom", "crlf"]))
    if how == "cut" and data:
        return data[: draw(st.integers(0, len(data) - 1))]
    if how == "splice":
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    if how == "latin-1":
        return text.encode("latin-1", "replace") + "\u00e9".encode("latin-1")
    if how == "utf-16":
        return text.encode("utf-16", "surrogatepass")
    if how == "deep":
        depth = draw(st.sampled_from([129, 5000, 100_000]))
        return b"[" * depth + data + b"]" * depth
    if how == "bom":
        return b"\xef\xbb\xbf" + data
    if how == "crlf":
        return data.replace(b"\n", b"\r\n")
    return data


@st.composite
def tools_files(draw: st.DrawFn) -> tuple[str, bytes]:
    rows = draw(st.lists(tool_rows(), max_size=4))
    kind = draw(st.sampled_from(["jsonl", "jsonl-ascii", "json-list", "mcp", "mcp-result", "json-scalar"]))
    if kind.startswith("jsonl"):
        text = "".join(_dumps(row, ensure_ascii=kind == "jsonl-ascii") + "\n" for row in rows)
        return "tools.jsonl", draw(damaged(text))
    body: Any = {
        "json-list": rows,
        "mcp": {"tools": rows},
        "mcp-result": {"result": {"tools": rows}},
        "json-scalar": {"result": draw(JSON_VALUES)},
    }[kind]
    return "tools.json", draw(damaged(_dumps(body, indent=draw(st.sampled_from([None, 1])), ensure_ascii=False)))


CONFIG_FIELDS = ["top_k", "enabled", "weights", "store", "allow_tools", "block_tools", "always_include", "min_gap"]


@st.composite
def config_files(draw: st.DrawFn) -> tuple[str, bytes]:
    keys = st.one_of(st.sampled_from(CONFIG_FIELDS), TEXT)
    fields = draw(st.dictionaries(keys, JSON_VALUES, max_size=5))
    if draw(st.booleans()):
        fields["store"] = draw(st.dictionaries(st.sampled_from(["path", "host", "port", "token", "x"]), SCALARS))
    kind = draw(st.sampled_from(["yaml", "json", "yaml-aliases", "yaml-number"]))
    if kind == "json":
        return "config.json", draw(damaged(_dumps(fields, ensure_ascii=False)))
    if kind == "yaml-aliases":
        levels = draw(st.integers(1, 9))
        lines = ["a0: &a0 [" + ", ".join(["x"] * 9) + "]"]
        lines += [f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]" for n in range(1, levels)]
        lines.append(f"{draw(st.sampled_from(CONFIG_FIELDS))}: *a{levels - 1}")
        return "config.yaml", draw(damaged("\n".join(lines) + "\n"))
    if kind == "yaml-number":
        digits = draw(st.sampled_from([10, 4301, 5000, 20_000]))
        return "config.yaml", draw(damaged(f"{draw(st.sampled_from(CONFIG_FIELDS))}: {'7' * digits}\n"))
    try:
        text = yaml.safe_dump(_tame(fields), allow_unicode=draw(st.booleans()))
    except yaml.YAMLError:
        text = "top_k: 3\n"
    return "config.yaml", draw(damaged(text))


def cli(argv: list[str]) -> tuple[int, str]:
    """``main(argv)`` in this process; any exception escaping it is what would print a traceback."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, err.getvalue()


def assert_clean_cli(argv: list[str]) -> None:
    code, err = cli(argv)
    assert code in (0, 2), (code, err)
    assert "Traceback" not in err
    assert len(err) < 5000  # values in messages are excerpts


@FUZZ
@given(st.lists(tool_rows(), max_size=5))
def test_tool_rows_raise_only_library_errors(rows):
    try:
        load_tools(rows)
    except ToolFilterError:
        pass


@FUZZ
@given(tools_files())
def test_tools_files_raise_only_library_errors_and_the_cli_exits_0_or_2(file):
    name, data = file
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / name
        path.write_bytes(data)
        try:
            read_tools_file(path)
        except ToolFilterError:
            pass
        assert_clean_cli(["select", "read the file", "--tools", str(path), "--embedder", "hashing"])


@FUZZ
@given(config_files())
def test_config_files_raise_only_library_errors_and_the_cli_exits_0_or_2(file):
    name, data = file
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / name
        path.write_bytes(data)
        try:
            load_config(path)
        except ToolFilterError:
            pass
        tools = Path(directory) / "tools.jsonl"
        tools.write_text('{"name": "read_file", "description": "Read a file"}\n', encoding="utf-8")
        assert_clean_cli(
            ["select", "read the file", "--tools", str(tools), "--config", str(path), "--embedder", "hashing"]
        )
