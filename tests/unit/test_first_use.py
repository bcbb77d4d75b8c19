"""What a user meets first.

The adapters give the core's load warnings; the first select after opening a store does not
embed the no-tool phrases (the store holds their vectors: tests/unit/test_stored_phrases.py);
``toolfilter eval`` breaks its figures down by language and kind
and names the wrong tools it sent most, and each domain's (MCP server's) share.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from langchain_core.tools import StructuredTool
from llama_index.core.tools import FunctionTool

from langchain_toolfilter import ToolFilterSelector
from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec, ToolSpecWarning
from toolfilter_core._tool_defs import bundled_tools_path
from toolfilter_core.cli import main


def test_the_langchain_adapter_gives_the_cores_load_warnings() -> None:
    bad = StructuredTool.from_function(lambda x: x, name="look.up", description="")
    with pytest.warns(ToolSpecWarning) as caught:
        ToolFilterSelector.from_tools([bad], embedder=HashingEmbedder())
    messages = " ".join(str(w.message) for w in caught)
    assert "that model providers reject" in messages and "without a description" in messages


def test_the_llamaindex_adapter_gives_the_cores_load_warnings() -> None:
    bad = FunctionTool.from_defaults(fn=lambda x: x, name="look.up", description=" ")
    with pytest.warns(ToolSpecWarning) as caught:
        ToolFilterRetriever.from_tools([bad], embedder=HashingEmbedder())
    messages = " ".join(str(w.message) for w in caught)
    assert "that model providers reject" in messages and "without a description" in messages


class Counting(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.queries: list[int] = []

    def embed_queries(self, texts: list[str]) -> np.ndarray:  # type: ignore[override]
        self.queries.append(len(texts))
        time.sleep(0.001 * len(texts))  # a model's cost grows with the texts
        return super().embed_queries(texts)


def test_the_first_select_after_opening_a_store_embeds_only_the_request(tmp_path: Path) -> None:
    specs = [ToolSpec("read_file", "Read the contents of a text file."), ToolSpec("get_weather", "Weather.")]
    ToolFilter(specs, embedder=HashingEmbedder(), store=tmp_path / "store")
    embedder = Counting()
    tf = ToolFilter.open(store=tmp_path / "store", embedder=embedder)
    assert tf.config.abstain_phrases and not embedder.queries  # the phrases' vectors were read with the registry
    embedder.queries.clear()
    tf.select("read the file notes.txt")
    assert embedder.queries == [1]  # only the request: nothing of the registry is embedded again


def test_eval_breaks_its_figures_down_and_names_the_wrong_tools_sent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tools = str(bundled_tools_path())
    rows: list[dict[str, Any]] = [
        {"id": "1", "query": "list the files in the folder", "gold": ["list_dir"], "lang": "en", "kind": "single"},
        {"id": "2", "query": "跑一下测试", "gold": ["run_tests"], "lang": "zh", "kind": "single"},
        {"id": "3", "query": "tell me a joke", "gold": [], "lang": "en", "kind": "no_tool"},
    ]
    queries = tmp_path / "q.jsonl"
    queries.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8")
    argv = ["eval", "--tools", tools, "--queries", str(queries), "--embedder", "hashing"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["by_lang"]) == {"en", "zh"} and data["by_lang"]["en"]["queries"] == 2
    assert set(data["by_kind"]) == {"single", "no_tool"}
    assert all({"tool", "queries"} == set(w) for w in data["wrong_sent_most"]) and data["wrong_sent_most"]
    assert abs(sum(data["domain_share"].values()) - 1) < 0.01
    assert main(argv) == 0
    table = capsys.readouterr().out
    assert "lang zh" in table and "kind no_tool" in table and "wrong tools sent most" in table


def test_a_store_directory_opens_given_first_as_by_name(tmp_path: Path) -> None:
    """``ToolFilter.open("dir")`` was a bare TypeError (one positional argument): the directory comes first."""
    specs = [ToolSpec("read_file", "Read the contents of a text file."), ToolSpec("get_weather", "Weather.")]
    ToolFilter(specs, embedder=HashingEmbedder(), store=tmp_path / "store")
    tf = ToolFilter.open(str(tmp_path / "store"), embedder=HashingEmbedder())
    assert sorted(t.name for t in tf.tools) == ["get_weather", "read_file"]
