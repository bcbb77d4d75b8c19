"""The core against real Chroma (a directory and a `chroma run` server) and the real default model."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from toolfilter_core import (
    EmbedderMismatchError,
    HashingEmbedder,
    StoreError,
    ToolFilter,
    ToolSpec,
    load_bundled_tools,
)
from toolfilter_core._evaluate import evaluate, read_queries

pytestmark = pytest.mark.integration


class CountingEmbedder:
    """Wraps an embedder and counts the texts it embeds."""

    def __init__(self, inner):
        self.inner = inner
        self.documents = 0
        self.queries = 0

    @property
    def id(self):
        return self.inner.id

    def embed_documents(self, texts):
        self.documents += len(texts)
        return self.inner.embed_documents(texts)

    def embed_queries(self, texts):
        self.queries += len(texts)
        return self.inner.embed_queries(texts)


def test_persist_and_reopen_in_a_new_process_embeds_nothing(tmp_path, default_embedder):
    store = tmp_path / "store"
    counting = CountingEmbedder(default_embedder)
    tf = ToolFilter(load_bundled_tools(), store=store, embedder=counting)
    # 48 main texts plus every trigger phrase
    triggers = sum(len(t.triggers) for t in load_bundled_tools())
    assert counting.documents == 48 + triggers
    before = tf.select("帮我约个会，明天下午三点").names

    script = textwrap.dedent(
        f"""
        import json
        from toolfilter_core import ToolFilter, get_embedder, load_bundled_tools
        inner = get_embedder("default")
        count = {{"documents": 0}}
        class Counting:
            id = inner.id
            def embed_documents(self, texts):
                count["documents"] += len(texts)
                return inner.embed_documents(texts)
            def embed_queries(self, texts):
                return inner.embed_queries(texts)
        tf = ToolFilter(load_bundled_tools(), store={str(store)!r}, embedder=Counting())
        opened = ToolFilter.open(store={str(store)!r}, embedder=Counting())
        print(json.dumps({{
            "documents": count["documents"],
            "report": tf.last_report.texts_embedded,
            "names": tf.select("帮我约个会，明天下午三点").names,
            "opened_tools": len(opened.tools),
        }}))
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result == {"documents": 0, "report": 0, "names": before, "opened_tools": 48}


def test_content_change_re_embeds_one_tool(tmp_path):
    store = tmp_path / "store"
    tools = load_bundled_tools()
    ToolFilter(tools, store=store, embedder=HashingEmbedder())
    changed = list(tools)
    changed[5] = ToolSpec(
        changed[5].name, changed[5].description + " Also empties the trash.", category=changed[5].category
    )
    counting = CountingEmbedder(HashingEmbedder())
    tf = ToolFilter(changed, store=store, embedder=counting)
    assert (tf.last_report.updated, tf.last_report.unchanged) == (1, 47)
    assert counting.documents == 1  # the changed tool's text; its triggers were dropped


def test_embedder_change_is_detected(tmp_path):
    store = tmp_path / "store"
    tools = load_bundled_tools()
    ToolFilter(tools, store=store, embedder=HashingEmbedder(64))
    with pytest.raises(EmbedderMismatchError, match="hashing-64"):
        ToolFilter(tools, store=store, embedder=HashingEmbedder(32), config={"store": {"on_embedder_change": "error"}})
    with pytest.raises(EmbedderMismatchError):
        ToolFilter.open(store=store, embedder=HashingEmbedder(32))
    rebuilt = ToolFilter(tools, store=store, embedder=HashingEmbedder(32))
    assert rebuilt.last_report.rebuilt


def test_open_an_empty_store_is_a_clear_error(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(StoreError, match="holds no tools"):
        ToolFilter.open(store=tmp_path / "empty", embedder=HashingEmbedder())
    with pytest.raises(StoreError, match="does not exist"):
        ToolFilter.open(store=tmp_path / "missing", embedder=HashingEmbedder())
    assert not (tmp_path / "missing").exists()


def test_store_path_that_is_a_file_is_a_clear_error(tmp_path):
    file = tmp_path / "not-a-dir"
    file.write_text("x")
    with pytest.raises(StoreError, match="not a directory"):
        ToolFilter(load_bundled_tools(), store=file, embedder=HashingEmbedder())


def test_chroma_server_store_round_trip(chroma_server):
    client = chroma_server.client()
    tools = load_bundled_tools()
    first = ToolFilter(tools, client=client, embedder=HashingEmbedder(), config={"enabled": True})
    assert first.last_report.added == 48
    # another "process" (a second client) opens the shared registry without embedding anything
    counting = CountingEmbedder(HashingEmbedder())
    second = ToolFilter(tools, client=chroma_server.client(), embedder=counting, config={"enabled": True})
    assert counting.documents == 0
    assert second.select("run the tests").names == first.select("run the tests").names


def test_reader_notices_a_re_index_by_another_writer(chroma_server):
    tools = load_bundled_tools()
    reader = ToolFilter(tools, client=chroma_server.client(), embedder=HashingEmbedder(), refresh_interval=0.0)
    writer = ToolFilter(tools, client=chroma_server.client(), embedder=HashingEmbedder())
    writer.set_tools([*tools, ToolSpec("launch_rocket", "Launch the rocket to orbit")])
    assert "launch_rocket" in [t.name for t in reader.tools]
    assert reader.select("launch_rocket").names == ["launch_rocket"]


def test_eval_on_the_bundled_kit_with_the_default_model(default_embedder):
    tf = ToolFilter(load_bundled_tools(), embedder=default_embedder)
    queries = read_queries(Path(__file__).resolve().parents[2] / "benchmarks/data/toolkit48/queries.jsonl")
    result = evaluate(tf.select, queries)
    # sane figures, not the targets: those are reported by benchmarks, not asserted
    assert result.tool_queries == 56 and result.no_tool_queries == 4
    assert result.recall is not None and result.recall > 0.8
    assert result.cost_ratio < 0.2
