"""The README's LangChain and LlamaIndex quickstarts run as written, offline (a fake embedder stands in).

The profiles test failed on 933b8b4: neither README nor docs/llamaindex.md showed exporting
the prompts from the retriever's own definitions (a ``FunctionTool``'s description is its
signature and docstring, so profiles from another ``tools.jsonl`` warned "description changed").
"""

from __future__ import annotations

import ast
import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import ConfigError, HashingEmbedder, _embedders
from toolfilter_core.cli import main

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


def _export_block(doc: Path) -> str:
    """The block that writes the retriever's own definitions to ``agent_tools.jsonl``."""
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.DOTALL)
    found = [b for b in blocks if "retriever.tool_filter.write_tools(" in b and "agent_tools.jsonl" in b]
    assert len(found) == 1, f"{doc.name}: no block exports the retriever's own definitions"
    return found[0]


def _answer(prompt: dict[str, Any]) -> str:
    if prompt["kind"] == "no_tool":
        return json.dumps({"no_tool": ["how do meteorologists make a forecast"]})
    if prompt["kind"] == "mentions":
        return json.dumps({"mentions": [{"tool": n, "mentions": [f"was {n} run?"]} for n in prompt["targets"]]})
    return json.dumps({"tools": [{"tool": n, "requests": [f"please use {n} for me"]} for n in prompt["targets"]]})


@pytest.mark.usefixtures("offline")
@pytest.mark.parametrize(
    ("doc", "heading"),
    [(README, "## Quickstart: LlamaIndex"), (README.parent / "docs" / "llamaindex.md", "## Quickstart (offline)")],
)
def test_profiles_exported_from_the_llamaindex_retriever_fit_its_function_tools(
    doc: Path, heading: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = doc.read_text(encoding="utf-8")
    quickstart = re.search(r"```python\n(.*?)```", text[text.index(f"\n{heading}\n") :], re.DOTALL)
    assert quickstart is not None
    monkeypatch.chdir(tmp_path)
    space: dict[str, Any] = {"__name__": "quickstart"}
    exec(compile(quickstart.group(1) + "\n" + _export_block(doc), doc.name, "exec"), space)
    assert main(["profiles", "export", "agent_tools.jsonl", "--out", "prompts.jsonl", "--embedder", "hashing"]) == 0
    prompts = [json.loads(line) for line in Path("prompts.jsonl").read_text(encoding="utf-8").splitlines()]
    answers = "".join(json.dumps({"id": p["id"], "answer": _answer(p)}) + "\n" for p in prompts)
    Path("answers.jsonl").write_text(answers, encoding="utf-8")
    argv = ["profiles", "import", "--prompts", "prompts.jsonl", "--answers", "answers.jsonl", "--out", "profiles.jsonl"]
    assert main(argv) == 0
    capsys.readouterr()

    from llamaindex_toolfilter import ToolFilterRetriever

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "description changed since its profile was written" would raise
        retriever = ToolFilterRetriever.from_tools(space["tools"], profiles="profiles.jsonl")
    names = [t.metadata.name for t in space["tools"]]
    assert sorted(retriever.tool_filter.profiles.tools) == sorted(names)
    assert {t.name for t in retriever.tool_filter.tools if t.profile is not None} == set(names)
