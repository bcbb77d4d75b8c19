"""docs/langchain.md stays true: its quickstart runs offline with the real default embedder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

DOC = Path(__file__).resolve().parents[2] / "docs" / "langchain.md"


def _block(after: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(after)
    match = re.search(r"```python\n(.*?)```", text[start:], re.DOTALL)
    assert match is not None, f"no python block after {after!r}"
    return match.group(1)


def test_quickstart_runs_and_prints_what_it_says(capsys: pytest.CaptureFixture[str]) -> None:
    code = _block("## Quickstart (offline)")
    assert len([line for line in code.splitlines() if line.strip()]) <= 15

    exec(compile(code, str(DOC), "exec"), {"__name__": "quickstart"})  # one real-model selector

    lines = capsys.readouterr().out.splitlines()
    assert "name='get_weather'" in lines[0] and "send_mail" not in lines[0]
    assert "name='send_mail'" in lines[1] and "get_weather" not in lines[1]
    assert lines[2] == "query: 'tell me a joke'"
    assert lines[3] == "selected: nothing (no tool fits)"
