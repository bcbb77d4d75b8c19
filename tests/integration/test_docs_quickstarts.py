"""The quickstarts of docs/langchain.md and docs/llamaindex.md stay true: they run offline, real model."""

from __future__ import annotations

import re
from pathlib import Path

import mcp.client.stdio  # noqa: F401  (imported before any test captures output: it keeps sys.stderr as its errlog)
import pytest

pytestmark = pytest.mark.integration

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _block(doc: Path, after: str) -> str:
    text = doc.read_text(encoding="utf-8")
    start = text.index(after)
    match = re.search(r"```python\n(.*?)```", text[start:], re.DOTALL)
    assert match is not None, f"no python block after {after!r}"
    return match.group(1)


def test_langchain_quickstart_runs_and_prints_what_it_says(capsys: pytest.CaptureFixture[str]) -> None:
    code = _block(DOCS / "langchain.md", "## Quickstart (offline)")
    assert len([line for line in code.splitlines() if line.strip()]) <= 15

    exec(compile(code, "docs/langchain.md", "exec"), {"__name__": "quickstart"})  # one real-model selector

    lines = capsys.readouterr().out.splitlines()
    assert "name='get_weather'" in lines[0] and "send_mail" not in lines[0]
    assert "name='send_mail'" in lines[1] and "get_weather" not in lines[1]
    assert lines[2] == "query: 'tell me a joke'"
    assert lines[3] == "selected: nothing (the request needs no tool)"


def test_llamaindex_quickstart_runs_and_prints_what_its_comments_say(capsys: pytest.CaptureFixture[str]) -> None:
    code = _block(DOCS / "llamaindex.md", "## Quickstart (offline)")

    exec(compile(code, "docs/llamaindex.md", "exec"), {"__name__": "quickstart"})  # a real FunctionAgent, mock LLM

    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "['get_weather']"
    assert lines[1].startswith("['send_mail'")
    assert lines[2] == "query: 'tell me a joke'" and "selected: nothing (the request needs no tool)" in lines[3]
    assert lines[-1] == "['get_weather']"  # the agent ran the tool the retriever picked


@pytest.mark.parametrize("after", ["## Quickstart: LangChain", "## Quickstart: LlamaIndex"])
def test_mcp_quickstarts_run_against_live_servers(
    after: str, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code = _block(DOCS / "mcp.md", after)
    monkeypatch.chdir(Path(__file__).parent)  # where mcp_servers.py is

    exec(compile(code, "docs/mcp.md", "exec"), {"__name__": "quickstart"})  # real servers, real model

    lines = capfd.readouterr().out.splitlines()
    if "LangChain" in after:
        assert lines[0] == "8 ['weather__get_forecast', 'weather__search']"
        assert lines[1] == "weather__get_forecast weather"
        assert lines[2] == "weather server: rain tomorrow in Paris"
    else:
        assert lines[0] == "['files__read_file']"
        assert "files server: contents of notes.txt" in lines[1]


@pytest.mark.parametrize("heading", ["## Quickstart: LangChain", "## Quickstart: LlamaIndex"])
def test_readme_quickstarts_print_what_their_comments_say_with_the_real_model(
    heading: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = _block(DOCS.parent / "README.md", f"\n{heading}\n")
    promised = re.findall(r"^\s*print\(.*\)\s+# (\[.*\])", code, re.MULTILINE)

    exec(compile(code, "README.md", "exec"), {"__name__": "quickstart"})  # the default embedder, offline

    assert capsys.readouterr().out.splitlines() == promised


@pytest.mark.parametrize(
    ("page", "heading"),
    [
        ("langchain.md", "### A multi-turn agent: a checkpointer, a thread per conversation"),
        ("llamaindex.md", "### A multi-turn agent: one memory per conversation"),
    ],
)
def test_the_multi_turn_examples_print_what_they_say_with_the_real_model(
    page: str, heading: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    match = re.search(r"```python\n(.*?)```\n.*?```text\n(.*?)```", text[text.index(f"\n{heading}\n") :], re.DOTALL)
    assert match is not None

    exec(compile(match.group(1), f"docs/{page}", "exec"), {"__name__": "example"})  # the default embedder

    assert capsys.readouterr().out.splitlines() == match.group(2).splitlines()
