"""A small BM25 index over tool texts, for lexical candidates and the ``bm25`` signal.

Scaling to [0, 1] takes two numbers per query: the best tool's score, and the query's
ceiling, the score a tool would get if it held every query token (``Σ idf·(k1+1)``).

    bm25(tool) = score(tool) / best · min(1, (best / ceiling) / full_coverage)

Dividing by the best score ranks tools as BM25 does; the damping factor keeps "best of a
bad lot" from reading as a strong match: when even the best tool covers little of the
query's information (a paraphrase that shares only a stray word with a tool), the signal
shrinks in proportion. Measured on the public sets and our paraphrase set (docs/scoring.md).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from ._id_words import id_words
from ._tokenize import tokenize

FULL_COVERAGE = 0.2
"""The share of the query's information (its BM25 ceiling) the best tool must cover for its
bm25 signal to count fully; below, every tool's bm25 is damped in proportion. 0.2 was chosen
on the kit's dev queries (docs/benchmarks.md); once the ``bm25_full_coverage`` setting."""

__all__ = ["BM25Index"]


class BM25Index:
    """Okapi BM25 (k1=1.2, b=0.75) with an inverted index of precomputed term weights."""

    def __init__(self, documents: Sequence[str], *, k1: float = 1.2, b: float = 0.75) -> None:
        """Index the documents (CJK as unigrams and bigrams, an id's digits only within the whole id)."""
        self.k1 = k1
        self.size = len(documents)
        tokenized = [tokenize(id_words(doc)) for doc in documents]
        lengths = np.array([len(t) for t in tokenized], dtype=np.float32)
        average = float(lengths.mean()) if self.size and lengths.sum() else 1.0
        postings: dict[str, tuple[list[int], list[float]]] = {}
        for doc_id, tokens in enumerate(tokenized):
            norm = k1 * (1.0 - b + b * lengths[doc_id] / average)
            for token, count in Counter(tokens).items():
                ids, weights = postings.setdefault(token, ([], []))
                ids.append(doc_id)
                weights.append(count * (k1 + 1.0) / (count + norm))
        self._postings: dict[str, tuple[NDArray[np.int64], NDArray[np.float32]]] = {}
        self._unseen = self.idf(0)
        """The idf of a token no tool has."""
        self._idf: dict[str, float] = {}
        for token, (ids, weights) in postings.items():
            idf = self.idf(len(ids))
            self._idf[token] = idf
            self._postings[token] = (np.array(ids), np.array(weights, dtype=np.float32) * idf)

    def holders(self, token: str) -> NDArray[np.int64]:
        """The documents that hold ``token`` (a token of ``tokenize``), in order; none: empty."""
        found = self._postings.get(token)
        return found[0] if found is not None else np.zeros(0, dtype=np.int64)

    def idf(self, document_frequency: int) -> float:
        """Lucene's non-negative idf; a token no tool has gets the highest value."""
        n = self.size
        return math.log(1.0 + (n - document_frequency + 0.5) / (document_frequency + 0.5))

    def scores(self, query: str, *, full_coverage: float = FULL_COVERAGE) -> NDArray[np.float32]:
        """Scaled BM25 score of every document for the query, each in [0, 1].

        Args:
            query: The request.
            full_coverage: Share of the query's ceiling the best tool must reach for the
                signal to be undamped (see the module docstring).
        """
        out = np.zeros(self.size, dtype=np.float32)
        tokens = set(tokenize(id_words(query, request=True)))
        if not tokens or not self.size:
            return out
        ceiling = 0.0
        for token in tokens:
            ceiling += self._idf.get(token, self._unseen) * (self.k1 + 1.0)
            posting = self._postings.get(token)
            if posting is not None:
                out[posting[0]] += posting[1]
        best = float(out.max())
        if best <= 0.0 or ceiling <= 0.0:
            return np.zeros(self.size, dtype=np.float32)
        damping = min(1.0, (best / ceiling) / full_coverage) if full_coverage > 0 else 1.0
        scaled: NDArray[np.float32] = np.clip(out / best * damping, 0.0, 1.0).astype(np.float32)
        return scaled
