"""docs/langchain.md's "Testing your own setup" example runs as written and prints what it says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "langchain.md"


def test_the_create_agent_testing_example_runs_and_prints_what_the_doc_says(capsys: pytest.CaptureFixture[str]) -> None:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## Testing your own setup")
    match = re.search(r"```python\n(.*?)```\n\nIt prints `(.*?)`", text[start:], re.DOTALL)
    assert match is not None, "no python block followed by 'It prints' in the testing section"

    exec(compile(match.group(1), "docs/langchain.md", "exec"), {"__name__": "example"})

    assert capsys.readouterr().out.strip() == match.group(2)
