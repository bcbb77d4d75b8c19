"""The ``llamaindex`` system of ``toolfilter bench``: LlamaIndex's real ObjectIndex on the bundled kit."""

from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from llama_index.core import VectorStoreIndex
from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.objects import ObjectIndex

from benchmarks.harness import CachingEmbedder
from benchmarks.harness.llamaindex_system import LlamaIndexSystem, bench_embedding
from toolfilter_core import HashingEmbedder, load_bundled_tools
from toolfilter_core.cli import main

pytestmark = pytest.mark.integration


def test_llamaindex_system_uses_the_real_classes_and_our_embedder():
    embedder = CachingEmbedder(HashingEmbedder())
    system = LlamaIndexSystem(embedder, top_k=5)
    system.build(load_bundled_tools())
    assert isinstance(bench_embedding(embedder), BaseEmbedding)
    # LlamaIndex embedded its own node text ("Tool name: ...\nTool description: ...") with our embedder
    assert embedder.texts_embedded >= 48
    selection = system.select("run the unit tests")
    assert len(selection.names) == 5 and "run_tests" in selection.names
    assert selection.total_chars > selection.selected_chars > 0


def test_object_index_is_what_the_system_builds(monkeypatch):
    built = []
    original = ObjectIndex.from_objects.__func__  # type: ignore[attr-defined]

    def spy(cls, objects, *args, **kwargs):
        built.append((len(objects), kwargs.get("index_cls"), kwargs.get("embed_model")))
        return original(cls, objects, *args, **kwargs)

    monkeypatch.setattr(ObjectIndex, "from_objects", classmethod(spy))
    LlamaIndexSystem(HashingEmbedder()).build(load_bundled_tools())
    assert built and built[0][0] == 48 and built[0][1] is VectorStoreIndex
    # passed explicitly, not from Settings
    assert isinstance(built[0][2], type(bench_embedding(HashingEmbedder())))
    assert built[0][2].class_name() == "ToolfilterBenchEmbedding"


def test_bench_command_runs_llamaindex_on_toolkit48(capsys):
    code = main(
        ["bench", "--datasets", "toolkit48", "--systems", "llamaindex,embedding", "--embedder", "hashing", "--json"]
    )
    out, _ = capsys.readouterr()
    assert code == 0
    rows = {r["system"]: r for r in json.loads(out)["results"]}
    li = rows["llamaindex"]
    assert li["embedder"] == "hashing-256" and li["mean_selected"] == 5.0
    assert li["tool_queries"] == 56 and li["no_tool_rejection"] == 0.0  # a top-5 retriever never abstains
    # hashing vectors over LlamaIndex's node text find about as much as over ours (measured ~0.46 / 0.48)
    assert li["R@5"] > 0.3 and abs(li["R@5"] - rows["embedding"]["R@5"]) < 0.2
