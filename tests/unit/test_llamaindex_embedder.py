"""LlamaIndexEmbedder: a user's LlamaIndex embed model as the core's Embedder."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.bridge.pydantic import PrivateAttr
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.tools import BaseTool, FunctionTool

from llamaindex_toolfilter import LlamaIndexEmbedder, ToolFilterRetriever
from toolfilter_core import ConfigWarning, Embedder


class LetterBag(BaseEmbedding):
    """A deterministic toy model: counts of characters hashed into 64 buckets."""

    _queries: list[str] = PrivateAttr(default_factory=list)
    _batches: list[list[str]] = PrivateAttr(default_factory=list)

    @classmethod
    def class_name(cls) -> str:
        return "LetterBag"

    @staticmethod
    def _vector(text: str) -> list[float]:
        out = [0.0] * 64
        for word in text.lower().split():
            out[sum(map(ord, word)) % 64] += 1.0
        return out

    def _get_query_embedding(self, query: str) -> list[float]:
        self._queries.append(query)
        return self._vector(query)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._vector(text)

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        self._batches.append(list(texts))
        return [self._vector(t) for t in texts]


def get_weather(city: str) -> str:
    """Get the weather forecast for a city."""
    return city


def send_email(to: str, body: str) -> str:
    """Send an email message to a recipient."""
    return to


@pytest.fixture
def tools() -> list[BaseTool]:
    return [FunctionTool.from_defaults(get_weather), FunctionTool.from_defaults(send_email)]


def test_id_names_class_and_model() -> None:
    assert LlamaIndexEmbedder(MockEmbedding(embed_dim=8)).id == "llamaindex:MockEmbedding:unknown"
    assert LlamaIndexEmbedder(LetterBag(model_name="bag-v1")).id == "llamaindex:LetterBag:bag-v1"
    assert LlamaIndexEmbedder(MockEmbedding(embed_dim=8), embedder_id="mock-8").id == "mock-8"


def test_it_is_a_core_embedder() -> None:
    embedder = LlamaIndexEmbedder(MockEmbedding(embed_dim=8))
    assert isinstance(embedder, Embedder)
    assert "MockEmbedding" in repr(embedder)


def test_queries_use_query_embeddings_and_documents_batches() -> None:
    model = LetterBag(model_name="bag-v1", embed_batch_size=2)
    embedder = LlamaIndexEmbedder(model)
    queries = embedder.embed_queries(["weather in Paris", "mail my boss"])
    documents = embedder.embed_documents(["one", "two words", "three more words"])
    assert model._queries == ["weather in Paris", "mail my boss"]
    assert model._batches == [["one", "two words"], ["three more words"]]  # the model's own batch size
    for rows, count in ((queries, 2), (documents, 3)):
        assert rows.dtype == np.float32 and rows.shape == (count, 64)
        assert np.allclose(np.linalg.norm(rows, axis=1), 1.0)
    assert (embedder.calls, embedder.texts_embedded) == (2, 5)
    assert embedder.embed_documents([]).shape[0] == 0


class _Bad(MockEmbedding):
    vector: Any = None

    def _get_query_embedding(self, query: str) -> Any:
        return self.vector


@pytest.mark.parametrize(
    ("vector", "match"),
    [
        pytest.param([], r"shape \(1, 0\)", id="empty"),
        pytest.param([float("nan"), 1.0], "non-finite", id="nan"),
    ],
)
def test_bad_vectors_are_refused(vector: list[float], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        LlamaIndexEmbedder(_Bad(embed_dim=2, vector=vector)).embed_queries(["x"])


def test_a_zero_vector_stays_zero() -> None:
    rows = LlamaIndexEmbedder(_Bad(embed_dim=2, vector=[0.0, 0.0])).embed_queries(["x"])
    assert rows.tolist() == [[0.0, 0.0]]


def test_only_base_embeddings_are_wrapped() -> None:
    with pytest.raises(ValueError, match="expected a LlamaIndex BaseEmbedding, got str"):
        LlamaIndexEmbedder("text-embedding-3-small")  # type: ignore[arg-type]


def test_from_tools_wraps_a_base_embedding(tools: list[BaseTool]) -> None:
    model = LetterBag(model_name="bag-v1")
    with pytest.warns(ConfigWarning, match="toolfilter fit"):  # the profile's thresholds are use-m3's
        retriever = ToolFilterRetriever.from_tools(tools, embedder=model)
    embedder = retriever.tool_filter.embedder
    assert isinstance(embedder, LlamaIndexEmbedder) and embedder.embed_model is model
    assert model._batches  # the tools were embedded by the user's model
    assert retriever.retrieve("weather forecast for Paris")[0] is tools[0]
    assert "weather forecast for Paris" in model._queries


def test_from_objects_mirrors_object_index(tools: list[BaseTool]) -> None:
    # ObjectIndex.from_objects(tools, embed_model=m).as_retriever(similarity_top_k=1)
    model = LetterBag(model_name="bag-v1")
    with pytest.warns(ConfigWarning, match="toolfilter fit"):
        retriever = ToolFilterRetriever.from_objects(tools, embed_model=model, similarity_top_k=1)
    assert retriever.config.top_k == 1
    assert retriever.retrieve("send an email message") == [tools[1]]


@pytest.mark.parametrize(
    ("options", "match"),
    [
        pytest.param({"storage_context": object()}, r"storage_context: pass store=DIR", id="storage-context"),
        pytest.param({"index_cls": object}, "toolfilter keeps its own Chroma index", id="index-cls"),
        pytest.param(
            {"embed_model": MockEmbedding(embed_dim=4), "embedder": MockEmbedding(embed_dim=4)},
            "embed_model or embedder, not both",
            id="two-embedders",
        ),
    ],
)
def test_from_objects_refuses_what_has_no_equivalent(
    tools: list[BaseTool], options: dict[str, Any], match: str
) -> None:
    with pytest.raises(TypeError, match=match):
        ToolFilterRetriever.from_objects(tools, **options)


def test_the_store_remembers_the_model(tools: list[BaseTool], tmp_path: Path) -> None:
    # abstain_phrases=(): the recommended preset's no-tool examples are embedded at every
    # build (not stored), which would blur the counts here
    options: dict[str, Any] = {"store": tmp_path, "abstain_phrases": ()}
    first = LlamaIndexEmbedder(LetterBag(model_name="bag-v1"))
    with pytest.warns(ConfigWarning):
        ToolFilterRetriever.from_tools(tools, embedder=first, **options)
    same = LlamaIndexEmbedder(LetterBag(model_name="bag-v1"))
    with pytest.warns(ConfigWarning):
        ToolFilterRetriever.from_tools(tools, embedder=same, **options)
    assert same.calls == 0
    other = LlamaIndexEmbedder(LetterBag(model_name="bag-v2"))
    with pytest.warns(ConfigWarning):
        ToolFilterRetriever.from_tools(tools, embedder=other, **options)
    assert other.texts_embedded == first.texts_embedded > 0  # another model: everything re-embedded
