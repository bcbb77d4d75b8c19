"""Embed each distinct text once: the cache every repeated build or evaluation shares."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Literal, cast

import numpy as np
from numpy.typing import NDArray

from ._embedders import EMBED_BATCH, Embedder

__all__ = ["CachingEmbedder"]

_Kind = Literal["query", "document"]


class CachingEmbedder:
    """An ``Embedder`` that embeds each distinct text once, in batches of ``EMBED_BATCH``.

    Queries and documents are cached apart (a model may embed them differently). Vectors
    are the wrapped embedder's, so a selection made through the cache is the same.

    Attributes:
        inner: The wrapped embedder.
        texts_embedded: How many texts the wrapped embedder was given in all.
        charged_s: The recorded embedding time of every text served from the cache, so
            a build that takes its vectors from the cache can still be charged for them.
    """

    def __init__(self, inner: Embedder, *, batch_size: int = EMBED_BATCH) -> None:
        """Wrap ``inner``; the cache starts empty.

        Args:
            inner: The embedder to ask for vectors not seen before.
            batch_size: Texts per call to ``inner``.
        """
        self.inner = inner
        self.batch_size = batch_size
        self._vectors: dict[tuple[_Kind, str], NDArray[np.float32]] = {}
        self._cost: dict[tuple[_Kind, str], float] = {}
        self.texts_embedded = 0
        self.charged_s = 0.0

    @property
    def id(self) -> str:
        """The wrapped embedder's id."""
        return self.inner.id

    def _get(
        self, kind: _Kind, texts: Sequence[str], embed: Callable[[Sequence[str]], NDArray[np.float32]]
    ) -> NDArray[np.float32]:
        if not texts:
            return np.asarray(embed([]), dtype=np.float32)
        keys = [(kind, text) for text in texts]
        hits = [key for key in keys if key in self._vectors]
        missing = list(dict.fromkeys(key for key in keys if key not in self._vectors))
        for start in range(0, len(missing), self.batch_size):
            chunk = missing[start : start + self.batch_size]
            started = time.perf_counter()
            rows = embed([text for _, text in chunk])
            each = (time.perf_counter() - started) / len(chunk)
            self.texts_embedded += len(chunk)
            for key, row in zip(chunk, rows, strict=True):
                self._vectors[key] = np.asarray(row, dtype=np.float32)
                self._cost[key] = each
        self.charged_s += sum(self._cost[key] for key in hits)
        return np.vstack([self._vectors[key] for key in keys]).astype(np.float32, copy=False)

    def embed_queries(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """Embed requests (from the cache when seen before)."""
        return self._get("query", texts, self.inner.embed_queries)

    def embed_documents(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """Embed tool texts (from the cache when seen before)."""
        return self._get("document", texts, self.inner.embed_documents)

    def vectors(self) -> dict[tuple[str, str], NDArray[np.float32]]:
        """Every cached vector by (``"query"`` or ``"document"``, text): to save and preload."""
        return {(kind, text): row for (kind, text), row in self._vectors.items()}

    def preload(self, vectors: Mapping[tuple[str, str], NDArray[np.float32]]) -> None:
        """Put saved vectors (``vectors()`` of a cache over the same embedder) into the cache."""
        for (kind, text), row in vectors.items():
            if kind in ("query", "document"):
                self._vectors[(cast(_Kind, kind), text)] = np.asarray(row, dtype=np.float32)
                self._cost.setdefault((cast(_Kind, kind), text), 0.0)

    def __repr__(self) -> str:
        """``CachingEmbedder(inner=..., cached=N)``."""
        return f"CachingEmbedder(inner={self.inner!r}, cached={len(self._vectors)})"
