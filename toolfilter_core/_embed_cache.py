"""Embed each distinct text once: the caches of repeated builds and of one user turn.

``CachingEmbedder`` is the cache every repeated build or evaluation shares; ``TurnEmbedder``
and ``Recent`` keep what ``ToolFilter.select`` computed for the last few requests, so the
model calls of one user turn pay for the request once.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Literal, TypeVar, cast

import numpy as np
from numpy.typing import NDArray

from ._embedders import EMBED_BATCH, Embedder

__all__ = ["CachingEmbedder", "Recent", "TurnEmbedder"]

_Kind = Literal["query", "document"]
T = TypeVar("T")


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


class Recent:
    """The last few values computed from texts, by key: bounded in entries and in the characters they hold.

    Thread-safe. A key that cannot be hashed is never cached (``get`` computes it each time).
    """

    def __init__(self, *, entries: int = 32, chars: int = 2_000_000) -> None:
        """Keep at most ``entries`` values, whose keys hold at most ``chars`` characters in all."""
        self.entries = entries
        self.chars = chars
        self._values: OrderedDict[Hashable, tuple[int, object]] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()
        self.hits = 0

    def get(self, key: Hashable, size: int, compute: Callable[[], T]) -> T:
        """The value cached for ``key`` (``size``: the characters it holds), else ``compute()``, kept."""
        try:
            hash(key)
        except TypeError:
            return compute()
        with self._lock:
            found = self._values.get(key)
            if found is not None:
                self._values.move_to_end(key)
                self.hits += 1
                return cast(T, found[1])
        value = compute()
        if size > self.chars:
            return value
        with self._lock:
            if key not in self._values:
                self._values[key] = (size, value)
                self._held += size
            while len(self._values) > self.entries or self._held > self.chars:
                _, (dropped, _) = self._values.popitem(last=False)
                self._held -= dropped
        return value


class TurnEmbedder:
    """An ``Embedder`` that embeds a batch of requests seen lately once: the model calls of one user turn.

    An agent selects before every model call, with the same user message each time: its
    vector (and its asks') is embedded on the first call and reused after. The cache is
    keyed by the embedder's id and the exact batch, so a vector served from it is the one
    the embedder gave for that batch. Tool texts (``embed_documents``) are not cached.
    """

    def __init__(self, inner: Embedder, *, entries: int = 32, chars: int = 2_000_000) -> None:
        """Wrap ``inner``, keeping up to ``entries`` batches of ``chars`` characters in all."""
        self.inner = inner
        self.recent = Recent(entries=entries, chars=chars)

    @property
    def id(self) -> str:
        """The wrapped embedder's id."""
        return self.inner.id

    def embed_queries(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """Embed requests (a batch seen lately: from the cache, as a copy)."""
        batch = tuple(texts)
        size = sum(len(t) for t in batch)
        found = self.recent.get((self.inner.id, batch), size, lambda: self.inner.embed_queries(list(batch)))
        return np.array(found, dtype=np.float32, copy=True)

    def embed_documents(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """Embed tool texts (never cached here)."""
        return self.inner.embed_documents(texts)

    def __repr__(self) -> str:
        """``TurnEmbedder(inner=...)``."""
        return f"TurnEmbedder(inner={self.inner!r})"
