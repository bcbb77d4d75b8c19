r"""The ``llamaindex`` system of ``toolfilter bench``: LlamaIndex's own tool retriever.

What a LlamaIndex user writes to retrieve tools for an agent, with the real classes::

    obj_index = ObjectIndex.from_objects(tools, index_cls=VectorStoreIndex, embed_model=embed_model)
    obj_index.as_retriever(similarity_top_k=5).retrieve(query)

Each tool is a ``FunctionTool`` with ``ToolMetadata(name, description, fn_schema=None)``, so
LlamaIndex embeds its own node text ``"Tool name: ...\\nTool description: ...\\n"``. The
embedding model is the run's embedder behind a ``BaseEmbedding`` subclass, passed
explicitly (LlamaIndex's global ``Settings`` are not touched).

llama_index is imported only when the system is built (``LlamaIndexSystem.build``, or
``bench_embedding``): importing this module, or the rest of the harness, does not need
llama-index-core.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from toolfilter_core import Embedder, ScoredTool, Selection, ToolSpec, openai_tools_chars
from toolfilter_core._types import ScoreBreakdown

from .base import BenchSystem

if TYPE_CHECKING:
    from llama_index.core.base.embeddings.base import BaseEmbedding

__all__ = ["LlamaIndexSystem", "bench_embedding"]


def bench_embedding(embedder: Embedder) -> BaseEmbedding:
    """``embedder`` as a LlamaIndex embedding model (``class_name()``: ``ToolfilterBenchEmbedding``)."""
    return _embedding_class()(embedder)


@functools.cache
def _embedding_class() -> Callable[[Embedder], BaseEmbedding]:
    """The ``BaseEmbedding`` subclass, defined on first use: it subclasses a llama_index class."""
    from llama_index.core.base.embeddings.base import BaseEmbedding
    from pydantic import PrivateAttr

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

    return BenchEmbedding


def _noop(**kwargs: Any) -> None:
    """Stands in for the tool's function: the benchmark never calls tools."""


class LlamaIndexSystem(BenchSystem):
    """``ObjectIndex`` over ``VectorStoreIndex`` (in-memory ``SimpleVectorStore``), top 5."""

    name = "llamaindex"

    def __init__(self, embedder: Embedder, *, top_k: int = 5) -> None:
        """Describe the system; nothing is built (or imported from llama_index) yet."""
        self.embedder = embedder
        self.top_k = top_k

    def build(self, tools: Sequence[ToolSpec]) -> None:
        """Build the object index: LlamaIndex embeds every tool's node text."""
        from llama_index.core import VectorStoreIndex
        from llama_index.core.objects import ObjectIndex
        from llama_index.core.tools import FunctionTool, ToolMetadata

        self._specs = {t.name: t for t in tools}
        self._total = openai_tools_chars(list(tools))
        objects = [
            FunctionTool(fn=_noop, metadata=ToolMetadata(name=t.name, description=t.description, fn_schema=None))
            for t in tools
        ]
        embed_model = bench_embedding(self.embedder)
        index = ObjectIndex.from_objects(objects, index_cls=VectorStoreIndex, embed_model=embed_model)
        self._retriever = index.as_retriever(similarity_top_k=self.top_k)

    def select(self, query: str) -> Selection:
        """The tools the retriever returns, in its order."""
        found = self._retriever.retrieve(query)
        specs = [self._specs[tool.metadata.get_name()] for tool in found]
        selected = tuple(ScoredTool(spec, ScoreBreakdown({}, {}, 0.0)) for spec in specs)
        return Selection(
            query=query, selected=selected, selected_chars=openai_tools_chars(specs), total_chars=self._total
        )
