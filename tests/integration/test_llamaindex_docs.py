"""docs/llamaindex.md stays true: its quickstart runs offline with the real default embedder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

DOC = Path(__file__).resolve().parents[2] / "docs" / "llamaindex.md"


def _block(after: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(after)
    match = re.search(r"```python\n(.*?)```", text[start:], re.DOTALL)
    assert match is not None, f"no python block after {after!r}"
    return match.group(1)


def test_quickstart_runs_and_prints_what_its_comments_say(capsys: pytest.CaptureFixture[str]) -> None:
    code = _block("## Quickstart (offline)")

    exec(compile(code, str(DOC), "exec"), {"__name__": "quickstart"})  # a real FunctionAgent, a mock LLM

    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "['get_weather']"
    assert lines[1].startswith("['send_mail'")
    assert lines[2] == "query: 'tell me a joke'" and "selected: nothing (no tool fits)" in lines[3]
    assert lines[-1] == "['get_weather']"  # the agent ran the tool the retriever picked
