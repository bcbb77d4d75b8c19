"""``profiles write`` warns of destructive tools its writer answered with no destroy requests, as ``import`` does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core.cli import main

from .fakes import profile_answer

TOOLS = [
    {"name": "order_cancel", "description": "Cancel an order before it ships."},
    {"name": "order_get", "description": "Get one order by its id: items, status, delivery date."},
]


def test_write_warns_naming_a_destructive_tool_answered_without_destroy_requests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = tmp_path / "tools.jsonl"
    tools.write_text("".join(json.dumps(t) + "\n" for t in TOOLS), encoding="utf-8")
    out = tmp_path / "profiles.jsonl"

    def writer(messages: list[dict[str, Any]]) -> str:  # a model that skips the destroy requests
        return profile_answer(str(messages[-1]["content"]))

    monkeypatch.setattr("toolfilter_core.cli._profiles._openai_writer", lambda args: writer)
    assert main(["profiles", "write", str(tools), "--out", str(out), "--model", "m", "--embedder", "hashing"]) == 0
    err = capsys.readouterr().err
    said = [x for x in err.splitlines() if "answered with no destroy requests" in x]
    assert len(said) == 1 and said[0].startswith("toolfilter profiles write: warning: 1 destructive tool answered"), err
    assert "order_cancel" in said[0] and "order_get" not in said[0] and out.exists()
