"""What a registry's first selection would otherwise work out on first use, done when it is served.

``warm_runs`` reads every tool's destructive reading (the guard's mask); ``_pipeline.warm_up``
then runs a few fixed requests (``WARM_REQUESTS``: English and Chinese, an id, a destroy, a
question about an act's state) through the five steps with a turn cache of their own and, for vectors, the
registry's own rows (the model, loaded at construction, is not called): the per-registry
readings (the objects reads read, the nouns and shapes of ids, the acts tools open with),
the patterns those steps compile on first use and the BLAS thread pool are ready before the
first request. Nothing is kept of the runs but what those caches hold: no selection, no
log line, no learning, nothing in the caller's turn caches.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._embedders import Embedder
from .._snapshot import Snapshot
from .destroy_ask import destructive_mask
from .request import Request, check_request

__all__ = ["WARM_REQUESTS", "warm_runs"]

WARM_REQUESTS = (
    "how many are left in my order 4471, and is it cancelled yet?",
    "cancel booking B-12 and delete the customer record",
    "帮我查一下订单 4471 的状态，然后取消它",
)
"""Requests that walk the paths a first request takes: a question about an act's state, ids,
a destroy ask, Chinese. Written by hand to cover those paths, not chosen on any data."""


class _Rows:
    """An embedder that answers with the registry's own rows, one a text in turn: the warm-up's, no model call."""

    def __init__(self, id_: str, rows: NDArray[np.float32]) -> None:
        self._id = id_
        self._rows = np.asarray(rows, dtype=np.float32)
        self._next = 0

    @property
    def id(self) -> str:
        """The filter's embedder's."""
        return self._id

    def embed_queries(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """One row a text, the next rows of the registry (a tool's own vector matches it as a request would)."""
        picks = [(self._next + i * 7) % len(self._rows) for i in range(len(texts))]
        self._next += 1
        vectors = self._rows[picks]
        return np.asarray(vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12), dtype=np.float32)

    def embed_documents(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """As ``embed_queries``."""
        return self.embed_queries(texts)


def warm_runs(snapshot: Snapshot, config: ToolFilterConfig, embedder: Embedder) -> tuple[Embedder, list[Request]]:
    """Work out ``snapshot``'s per-tool readings; the embedder and checked requests a warm-up runs (maybe none).

    ``embedder``: the filter's (its id, for what is shipped per embedder); the one returned
    answers with the registry's rows.
    """
    rows = snapshot.index.rows.matrix
    if not snapshot.tools:
        return embedder, []
    destructive_mask(snapshot)  # every tool's destructive reading, once per snapshot
    if not config.enabled or not len(rows):  # plain top-k reads none of the rest
        return embedder, []
    checked = [
        check_request(config, text, top_k=None, category=None, confidence=None, context=(), sticky=(), policy=None)
        for text in WARM_REQUESTS
    ]
    return _Rows(embedder.id, rows), checked
