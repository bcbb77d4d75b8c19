"""The multi-turn agent examples of docs/langchain.md and docs/llamaindex.md run as written and print what they say.

A status turn, "cancel it", the model's "Shall I cancel order 4471?", "yes", "thanks": one conversation
carried across user turns (a checkpointer's thread; a LlamaIndex memory), each model call's set printed.
No page showed it before (a coworking operator's first hour asked for one). Offline: the deterministic
embedder stands in for the default one here; tests/integration/test_docs_quickstarts.py runs them with it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from toolfilter_core import HashingEmbedder, _embedders

DOCS = Path(__file__).resolve().parents[2] / "docs"
EXAMPLES = [
    ("langchain.md", "### A multi-turn agent: a checkpointer, a thread per conversation"),
    ("llamaindex.md", "### A multi-turn agent: one memory per conversation"),
]


def example(page: str, heading: str) -> tuple[str, list[str]]:
    """The section's python block and the lines of the text block after it (what it prints)."""
    text = (DOCS / page).read_text(encoding="utf-8")
    start = text.index(f"\n{heading}\n")
    match = re.search(r"```python\n(.*?)```\n.*?```text\n(.*?)```", text[start:], re.DOTALL)
    assert match is not None, f"{page}: no python block and text block after {heading!r}"
    return match.group(1), match.group(2).splitlines()


@pytest.mark.parametrize(("page", "heading"), EXAMPLES)
def test_the_multi_turn_example_prints_each_model_calls_set(
    page: str, heading: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(_embedders._FACTORIES, _embedders.DEFAULT_EMBEDDER, HashingEmbedder)
    code, printed = example(page, heading)
    assert "thread_id" in code or "memory=memory" in code  # one conversation across the turns

    exec(compile(code, f"docs/{page}", "exec"), {"__name__": "example"})

    assert capsys.readouterr().out.splitlines() == printed
    assert printed[-1] == "'thanks': [[]]" and "order_cancel" in printed[2]
