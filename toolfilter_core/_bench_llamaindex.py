r"""The ``llamaindex`` system of ``toolfilter bench``: LlamaIndex's own tool retriever.

What a LlamaIndex user writes to retrieve tools for an agent, with the real classes::

    obj_index = ObjectIndex.from_objects(tools, index_cls=VectorStoreIndex, embed_model=embed_model)
    obj_index.as_retriever(similarity_top_k=5).retrieve(query)

Each tool is a ``FunctionTool`` with ``ToolMetadata(name, description, fn_schema=None)``, so
LlamaIndex embeds its own node text ``"Tool name: ...\\nTool description: ...\\n"``. The
embedding model is the run's embedder behind a ``BaseEmbedding`` subclass, passed
explicitly (LlamaIndex's global ``Settings`` are not touched).

This module imports llama_index; only ``toolfilter bench`` imports it, and only when the
``llamaindex`` system runs. The core itself never does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from llama_index.core import VectorStoreIndex
from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.objects import ObjectIndex
from llama_index.core.tools import FunctionTool, ToolMetadata
from pydantic import PrivateAttr

from ._bench_systems import BenchSystem
from ._embedders import Embedder
from ._types import ScoreBreakdown, ScoredTool, Selection, ToolSpec, openai_tools_chars

__all__ = ["BenchEmbedding", "LlamaIndexSystem"]


class BenchEmbedding(BaseEmbedding):
    """A toolfilter ``Embedder`` as a LlamaIndex embedding model."""

    _embedder: Any = PrivateAttr()

    def __init__(self, embedder: Embedder, **kwargs: Any) -> None:
        """Wrap ``embedder``; other keyword arguments go to ``BaseEmbedding``."""
        super().__init__(model_name=embedder.id, **kwargs)
        self._embedder = embedder

    @classmethod
    def class_name(cls) -> str:
        """LlamaIndex's serialization name."""
        return "ToolfilterBenchEmbedding"

    def _get_query_embedding(self, query: str) -> list[float]:
        return [float(x) for x in self._embedder.embed_queries([query])[0]]

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return [float(x) for x in self._embedder.embed_documents([text])[0]]

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return [[float(x) for x in row] for row in self._embedder.embed_documents(texts)]


def _noop(**kwargs: Any) -> None:
    """Stands in for the tool's function: the benchmark never calls tools."""


class LlamaIndexSystem(BenchSystem):
    """``ObjectIndex`` over ``VectorStoreIndex`` (in-memory ``SimpleVectorStore``), top 5."""

    name = "llamaindex"

    def __init__(self, embedder: Embedder, *, top_k: int = 5) -> None:
        """Describe the system; nothing is built yet."""
        self.embedder = embedder
        self.top_k = top_k

    def build(self, tools: Sequence[ToolSpec]) -> None:
        """Build the object index: LlamaIndex embeds every tool's node text."""
        self._specs = {t.name: t for t in tools}
        self._total = openai_tools_chars(list(tools))
        objects = [
            FunctionTool(fn=_noop, metadata=ToolMetadata(name=t.name, description=t.description, fn_schema=None))
            for t in tools
        ]
        index = ObjectIndex.from_objects(objects, index_cls=VectorStoreIndex, embed_model=BenchEmbedding(self.embedder))
        self._retriever = index.as_retriever(similarity_top_k=self.top_k)

    def select(self, query: str) -> Selection:
        """The tools the retriever returns, in its order."""
        found = self._retriever.retrieve(query)
        specs = [self._specs[tool.metadata.get_name()] for tool in found]
        selected = tuple(ScoredTool(spec, ScoreBreakdown({}, {}, 0.0)) for spec in specs)
        return Selection(
            query=query, selected=selected, selected_chars=openai_tools_chars(specs), total_chars=self._total
        )
