"""``profiles import`` says in one line the tools that got fewer requests than their prompt asked.

A vet clinic's import took ``pet_delete`` with 6 of the 8 requests its prompt asked for, without a word.
Requests are counted as the import keeps them: distinct, after the blank and too-long ones are dropped.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core.cli import main

TOOLS = [
    ToolSpec("pet_delete", "Delete a pet's record for good.", {"type": "object", "properties": {"pet_id": {}}}),
    ToolSpec("pet_create", "Register a new pet with its owner.", {"type": "object", "properties": {"name": {}}}),
    ToolSpec("weather_get", "Weather forecast for a city.", {"type": "object", "properties": {"city": {}}}),
]


def _requests(name: str, prompt: dict[str, object]) -> list[str]:
    asked = prompt["counts"]["requests"]  # type: ignore[index]
    texts = [f"{name} request {i}" for i in range(asked)]  # type: ignore[call-overload]
    # pet_delete: two short, one of them a repeat; weather_get: one too many
    return texts[:-2] + [texts[0]] if name == "pet_delete" else texts + ["one more"] * (name == "weather_get")


def _import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    tools, prompts = tmp_path / "tools.jsonl", tmp_path / "prompts.jsonl"
    tools.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in TOOLS), encoding="utf-8")
    assert (
        main(["profiles", "export", str(tools), "--out", str(prompts), "--embedder", "hashing", "--mentions", "0"]) == 0
    )
    rows = [json.loads(line) for line in prompts.read_text(encoding="utf-8").splitlines()]
    answers = []
    for p in rows:
        if p["kind"] == "no_tool":
            answer: dict[str, object] = {"no_tool": ["tell me a joke"]}
        else:
            answer = {"tools": [{"tool": n, "requests": _requests(n, p), "destroy": ["x"]} for n in p["targets"]]}
        answers.append(json.dumps({"id": p["id"], "answer": answer}) + "\n")
    (tmp_path / "answers.jsonl").write_text("".join(answers), encoding="utf-8")
    capsys.readouterr()
    argv = ["profiles", "import", "--prompts", str(prompts), "--answers", str(tmp_path / "answers.jsonl")]
    code = main([*argv, "--out", str(tmp_path / "profiles.jsonl"), "--embedder", "hashing"])
    out, err = capsys.readouterr()
    return code, out, err


def test_import_names_each_tool_with_fewer_requests_than_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    code, out, err = _import(tmp_path, capsys)
    assert code == 0, err
    short = [line for line in err.splitlines() if "fewer requests" in line]
    assert short == [
        "toolfilter profiles import: warning: 1 tool got fewer requests than its prompt asked: pet_delete 6/8 "
        "(got/asked); write more for it in the answers and import again, or accept it: fewer requests still "
        "profile a tool, with less to match"
    ]
    assert "3 tools profiled" in out
