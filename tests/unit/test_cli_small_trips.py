"""A config error in one line; ``profiles export`` says the file it replaced; ``write``'s hint spares a user's file."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core.cli import main

TOOLS = [
    ToolSpec("payment_refund", "Refund a payment to the member's card", annotations={"destructiveHint": True}),
    ToolSpec("booking_get", "Look up a room booking by its id"),
]


def _tools(tmp_path: Path) -> str:
    path = tmp_path / "tools.jsonl"
    path.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in TOOLS), encoding="utf-8")
    return str(path)


def _err(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(list(argv))
    return code, capsys.readouterr().err.splitlines()


@pytest.mark.parametrize(
    ("config", "fields"),
    [
        pytest.param("block_tools: payment_refund\n", ["block_tools: expected a list"], id="one-field"),
        pytest.param("block_tools: payment_refund\ntop_k: -3\n", ["block_tools: ", "top_k: "], id="two-fields"),
    ],
)
def test_a_config_error_is_one_line(tmp_path, capsys, config: str, fields: list[str]) -> None:
    """It printed ``invalid toolfilter configuration:`` and then each field on a line of its own."""
    path = tmp_path / "config.yaml"
    path.write_text(config, encoding="utf-8")
    code, err = _err(capsys, "select", "refund it", "--tools", _tools(tmp_path), "--config", str(path))
    assert code == 2
    [line] = err
    assert line.startswith("toolfilter select: error: invalid toolfilter configuration: block_tools: "), line
    assert all(field in line for field in fields) and "from file" in line


def test_export_says_the_prompts_file_it_replaced_and_only_that(tmp_path, capsys) -> None:
    """An existing ``--out`` was written over without a word."""
    tools, out = _tools(tmp_path), tmp_path / "prompts.jsonl"
    flags = ("--out", str(out), "--embedder", "hashing", "--per-tool", "1")
    code, err = _err(capsys, "profiles", "export", tools, *flags)
    assert (code, err) == (0, [])  # a new file: nothing to say
    code, err = _err(capsys, "profiles", "export", tools, *flags)
    assert code == 0
    assert err == [f"toolfilter profiles export: warning: {out} existed and was replaced"]


def test_the_offline_hint_of_write_names_a_prompts_file_the_user_does_not_have(tmp_path, capsys, monkeypatch) -> None:
    """``profiles write`` without a key told a user who had a prompts.jsonl to export to prompts.jsonl."""
    pytest.importorskip("openai")
    tools = _tools(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prompts.jsonl").write_text("{}\n", encoding="utf-8")
    code, err = _err(capsys, "profiles", "write", tools, "--out", "profiles.jsonl", "--model", "m")
    assert code == 2
    commands = [shlex.split(c) for c in re.findall(r"`([^`]+)`", " ".join(err))]
    export = commands[0]
    assert export[:3] == ["toolfilter", "profiles", "export"]
    named = export[export.index("--out") + 1]
    assert not (tmp_path / named).exists(), named
