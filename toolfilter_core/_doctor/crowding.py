"""Crowding: which pairs of tools land on each other, the words they share, and clusters.

By the pipeline's rankings of their probes and the similarity of their embedded definitions.

A pair's score (constants chosen on the dev registries, never on held-out ones;
benchmarks/doctor_pairs.py, docs/doctor.md)::

    score = max(soft_ab, soft_ba) + OWN_WEIGHT * max(own_ab, own_ba) + Z_WEIGHT * max(0, z - Z_FLOOR)

``soft_ab``: over ``a``'s profile requests, ``b``'s mean share of a softmax of each ranking's
scores (``TEMPERATURE``), a graded "ranks ``b`` first"; ``own_ab``: the same over ``a``'s own
name and description; ``z`` (only for a tool's ``NEIGHBOURS`` closest): the pair's cosine in
standard deviations above each tool's mean cosine to the others. ``first_ab`` (``b`` ranked
first) and ``near_ab`` (``b`` the runner-up within ``NEAR_RATIO``) are kept as the evidence a person reads.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

from .._tokenize import tokenize
from .._types import ToolSpec
from .probes import Ranked, name_words
from .values import CrowdedPair

__all__ = ["CROWDED_SCORE", "NEAR_RATIO", "clusters", "crowded_pairs", "shared_words"]

NEAR_RATIO = 0.9
"""A runner-up within this share of the owner's score is "near" (a close call)."""
TEMPERATURE = 0.05
"""The softmax temperature over a probe's combined scores (the graded share of "ranked first")."""
OWN_WEIGHT = 1.0
Z_WEIGHT = 0.2
Z_FLOOR = 1.0
"""Similarity counts only above this many standard deviations over a tool's usual."""
NEIGHBOURS = 3
"""Similarity counts only between a tool and its this many most similar others (so a large
registry does not flag every pair a little above its mean)."""
CROWDED_SCORE = 0.15
"""A pair at or above this score is a finding (benchmarks/doctor_pairs.py chose it on dev registries)."""

_STOP = frozenset(
    "a an the and or of to in on for by with from at as is are be this that it its into per via "
    "id ids get set list all any one two use used using returns return given e g eg etc only not no".split()
)


def _z_scores(vectors: NDArray[np.float32]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The cosine matrix and, per pair, the mean of its two tools' z-scores."""
    sims = (vectors @ vectors.T).astype(np.float64)
    n = len(sims)
    if n < 3:
        return sims, np.zeros_like(sims)
    off = ~np.eye(n, dtype=bool)
    rows = np.where(off, sims, np.nan)
    mean = np.nanmean(rows, axis=1)
    std = np.nanstd(rows, axis=1) + 1e-9
    z_row = (sims - mean[:, None]) / std[:, None]
    return sims, (z_row + z_row.T) / 2.0


def _probe_shares(
    ranked: Sequence[Ranked], index: Mapping[str, int], sources: frozenset[str]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """``first``, ``near`` and ``soft``: shares of a's probes (of the given sources), row a, column b.

    ``soft[a, b]``: b's mean share of a softmax over each probe's scores (``TEMPERATURE``), a graded ``first``.
    """
    n = len(index)
    first = np.zeros((n, n))
    near = np.zeros((n, n))
    soft = np.zeros((n, n))
    counts = np.zeros(n)
    for row in ranked:
        if row.probe.source not in sources or row.probe.tool not in index:
            continue
        a = index[row.probe.tool]
        counts[a] += 1
        if row.scores:
            weights = np.exp((np.asarray(row.scores) - row.scores[0]) / TEMPERATURE)
            weights /= weights.sum()
            for name, weight in zip(row.names, weights.tolist(), strict=True):
                if name != row.probe.tool and name in index:
                    soft[a, index[name]] += weight
        other = row.best_other()
        if other is None or other[0] not in index:
            continue
        b = index[other[0]]
        if row.position(row.probe.tool) != 0:
            first[a, b] += 1
        elif other[2] > 0 and other[1] >= NEAR_RATIO * other[2]:
            near[a, b] += 1
    counts[counts == 0] = 1
    return first / counts[:, None], near / counts[:, None], soft / counts[:, None]


def _neighbours(sims: NDArray[np.float64]) -> NDArray[np.bool_]:
    """Pairs where one tool is among the other's ``NEIGHBOURS`` most similar (symmetric)."""
    n = len(sims)
    close = np.zeros((n, n), dtype=bool)
    if n < 2:
        return close
    masked = np.where(np.eye(n, dtype=bool), -np.inf, sims)
    top = np.argsort(-masked, axis=1, kind="stable")[:, : min(NEIGHBOURS, n - 1)]
    close[np.repeat(np.arange(n), top.shape[1]), top.ravel()] = True
    return close | close.T


def crowded_pairs(
    tools: Sequence[ToolSpec],
    vectors: NDArray[np.float32],
    ranked: Sequence[Ranked],
    *,
    profiled: bool,
    floor: float = 0.0,
) -> list[CrowdedPair]:
    """Every pair scoring at least ``floor`` (and above 0), strongest first.

    The score counts the profile requests (the users' voice) and the tools' own names and
    descriptions; the "first" evidence shown is the requests', or without profiles the own words'.
    """
    names = [t.name for t in tools]
    index = {name: i for i, name in enumerate(names)}
    sims, z = _z_scores(vectors)
    first, near, soft = _probe_shares(ranked, index, frozenset({"request"}))
    own_first, _, own = _probe_shares(ranked, index, frozenset({"name", "description"}))
    if not profiled:
        first = own_first
    close = _neighbours(sims)
    similar = np.where(close, np.clip(z - Z_FLOOR, 0.0, None), 0.0)
    score = np.maximum(soft, soft.T) + OWN_WEIGHT * np.maximum(own, own.T) + Z_WEIGHT * similar
    words = [_words(t) for t in tools]
    idf = _idf(words)
    out = []
    rows, cols = np.nonzero(np.triu(score, k=1) >= floor)
    for i, j in zip(rows.tolist(), cols.tolist(), strict=True):
        out.append(
            CrowdedPair(
                a=names[i],
                b=names[j],
                score=float(score[i, j]),
                first_ab=float(first[i, j]),
                first_ba=float(first[j, i]),
                near_ab=float(near[i, j]),
                near_ba=float(near[j, i]),
                similarity=float(sims[i, j]),
                z=float(z[i, j]),
                shared_words=shared_words(words[i], words[j], idf),
            )
        )
    out.sort(key=lambda p: (-p.score, p.a, p.b))
    return out


def _words(tool: ToolSpec) -> set[str]:
    text = f"{name_words(tool.name)} {tool.description}"
    return {w for w in tokenize(text, cjk_unigrams=False) if w not in _STOP and not w.isdigit() and len(w) > 1}


def _idf(words: Sequence[set[str]]) -> dict[str, float]:
    df: Counter[str] = Counter()
    for each in words:
        df.update(each)
    n = max(len(words), 1)
    return {w: math.log((n + 1) / (c + 0.5)) for w, c in df.items()}


def shared_words(a: set[str], b: set[str], idf: Mapping[str, float], *, limit: int = 5) -> tuple[str, ...]:
    """The words two definitions both use (``_words``), rarest in the registry first: what makes them alike."""
    common = a & b
    ranked = sorted(common, key=lambda w: (-idf.get(w, 0.0), w))
    return tuple(w for w in ranked if idf.get(w, 0.0) > 0)[:limit]


def clusters(pairs: Iterable[CrowdedPair]) -> list[tuple[str, ...]]:
    """Groups of three or more tools joined by the given pairs (connected components), largest first."""
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.setdefault(name, name) != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    for pair in pairs:
        parent[root(pair.a)] = root(pair.b)
    groups: dict[str, list[str]] = {}
    for name in parent:
        groups.setdefault(root(name), []).append(name)
    found = [tuple(sorted(g)) for g in groups.values() if len(g) >= 3]
    return sorted(found, key=lambda g: (-len(g), g))
