"""Test doubles: an embedder whose vectors the test chooses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from toolfilter_core import HashingEmbedder


class TableEmbedder:
    """Vectors looked up by exact text; unknown texts get a hashing vector scaled to near zero.

    Lets a test fix every cosine by hand.
    """

    def __init__(self, table: Mapping[str, Sequence[float]], id: str = "table-1") -> None:
        self.table = {k: np.asarray(v, dtype=np.float32) for k, v in table.items()}
        self.dim = len(next(iter(self.table.values())))
        self._id = id
        self.calls = 0
        self._other = HashingEmbedder(self.dim)

    @property
    def id(self) -> str:
        return self._id

    def _embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        rows = []
        for text in texts:
            if text in self.table:
                v = self.table[text]
            else:
                v = self._other.embed_documents([text])[0] * 1e-3
                v[0] = -1.0  # orthogonal-ish and slightly negative to the hand-made axes
            rows.append(v / np.linalg.norm(v))
        return np.asarray(rows, dtype=np.float32)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(texts)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(texts)


def unit(*components: float) -> list[float]:
    """A vector with the given leading components, padded to 8 dimensions."""
    out = [0.0] * 8
    out[: len(components)] = components
    return out
