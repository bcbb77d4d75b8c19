"""The README's LangChain and LlamaIndex quickstarts run as written, offline (a fake embedder stands in)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from toolfilter_core import ConfigError, HashingEmbedder, _embedders

README = Path(__file__).resolve().parents[2] / "README.md"


def _block(heading: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n{heading}\n")
    match = re.search(r"```python\n(.*?)```", text[start:], re.DOTALL)
    assert match is not None, f"no python block after {heading!r}"
    return match.group(1)


def _promised(code: str) -> list[object]:
    """What each ``print(...)  # [...]`` line of a block says it prints."""
    return [ast.literal_eval(m.group(1)) for m in re.finditer(r"^\s*print\(.*\)\s+# (\[.*\])", code, re.MULTILINE)]


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default embedder is the deterministic HashingEmbedder: no model loads."""
    monkeypatch.setitem(_embedders._FACTORIES, _embedders.DEFAULT_EMBEDDER, HashingEmbedder)


@pytest.mark.usefixtures("offline")
@pytest.mark.parametrize("heading", ["## Quickstart: LangChain", "## Quickstart: LlamaIndex"])
def test_a_readme_quickstart_runs_and_prints_what_its_comments_say(
    heading: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = _block(heading)
    promised = _promised(code)
    assert promised, "the block says nothing it prints"

    exec(compile(code, "README.md", "exec"), {"__name__": "quickstart"})

    printed = [ast.literal_eval(line) for line in capsys.readouterr().out.splitlines()]
    assert printed == promised


@pytest.mark.usefixtures("offline")
def test_the_langchain_quickstart_fails_a_misspelt_gate_name_at_construction() -> None:
    code = _block("## Quickstart: LangChain")
    assert 'block_tools=["order_refund"]' in code and "tools=tools" in code
    before_agent = code[: code.index("agent = create_agent")].replace('"order_refund"]', '"order_refnd"]')

    with pytest.raises(ConfigError, match="did you mean 'order_refund'"):
        exec(compile(before_agent, "README.md", "exec"), {"__name__": "quickstart"})
