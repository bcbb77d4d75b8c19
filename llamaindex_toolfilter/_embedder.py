"""An adapter from a LlamaIndex ``BaseEmbedding`` to the core's ``Embedder`` protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding
from numpy.typing import NDArray

from toolfilter_core.integration import checked_keywords

__all__ = ["LlamaIndexEmbedder"]


@checked_keywords
class LlamaIndexEmbedder:
    """Use the embed model you configured in LlamaIndex to index and select tools.

    The store records the embedder's ``id`` next to the vectors, so vectors of two models
    are never mixed: changing the model (class or ``model_name``) re-embeds the tools once.

    Setup:
        Any ``BaseEmbedding`` works, e.g. ``HuggingFaceEmbedding`` or ``OpenAIEmbedding``.

    Instantiate:
        .. code-block:: python

            from llama_index.core.embeddings import MockEmbedding
            from llamaindex_toolfilter import LlamaIndexEmbedder, ToolFilterRetriever

            embedder = LlamaIndexEmbedder(MockEmbedding(embed_dim=8))
            retriever = ToolFilterRetriever.from_tools(tools, embedder=embedder)

        ``ToolFilterRetriever.from_tools(tools, embedder=embed_model)`` wraps a
        ``BaseEmbedding`` for you.

    Attributes:
        calls: How many times the model was asked for vectors (queries or documents).
        texts_embedded: How many texts it embedded in all.
    """

    def __init__(self, embed_model: BaseEmbedding, *, embedder_id: str | None = None) -> None:
        """Wrap ``embed_model``.

        Args:
            embed_model: The LlamaIndex embedding model.
            embedder_id: The id recorded in the store; by default
                ``llamaindex:<ModelClass>:<model_name>``. Set it when two configurations
                of one class and model name give different vectors (e.g. a dimension).

        Raises:
            ValueError: ``embed_model`` is not a LlamaIndex ``BaseEmbedding``.
        """
        if not isinstance(embed_model, BaseEmbedding):
            msg = f"embed_model: expected a LlamaIndex BaseEmbedding, got {type(embed_model).__name__}"
            raise ValueError(msg)
        self._model = embed_model
        self._id = embedder_id or f"llamaindex:{type(embed_model).__name__}:{embed_model.model_name}"
        self.calls = 0
        self.texts_embedded = 0

    @property
    def embed_model(self) -> BaseEmbedding:
        """The wrapped LlamaIndex model."""
        return self._model

    @property
    def id(self) -> str:
        """Stable name of the model: ``llamaindex:<ModelClass>:<model_name>`` by default."""
        return self._id

    def embed_queries(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """Embed requests with the model's query embedding (its query instruction, if any)."""
        texts = list(texts)
        self._count(texts)
        vectors = [self._model.get_query_embedding(text) for text in texts]
        return self._unit_rows(vectors, len(texts))

    def embed_documents(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """Embed tool descriptions and trigger phrases in the model's batches."""
        texts = list(texts)
        self._count(texts)
        vectors = self._model.get_text_embedding_batch(texts) if texts else []
        return self._unit_rows(vectors, len(texts))

    def _count(self, texts: list[str]) -> None:
        self.calls += 1
        self.texts_embedded += len(texts)

    def _unit_rows(self, vectors: Any, expected: int) -> NDArray[np.float32]:
        if expected == 0:
            return np.zeros((0, 0), dtype=np.float32)
        array = np.asarray(vectors, dtype=np.float32)
        if array.ndim != 2 or array.shape[0] != expected or array.shape[1] == 0:
            msg = f"embedder {self._id!r} returned vectors of shape {array.shape}, expected ({expected}, dim)"
            raise ValueError(msg)
        if not np.isfinite(array).all():
            msg = f"embedder {self._id!r} returned non-finite values (NaN or infinity)"
            raise ValueError(msg)
        norms = np.linalg.norm(array, axis=1, keepdims=True)
        norms[norms == 0.0] = 1.0  # a zero vector stays zero: cosine 0 with everything
        unit: NDArray[np.float32] = np.divide(array, norms, dtype=np.float32)
        return unit

    def __repr__(self) -> str:
        """``LlamaIndexEmbedder(id=...)``."""
        return f"LlamaIndexEmbedder(id={self._id!r})"
