"""Feeds by meaning: an id no tool produces by name, matched to a thing its own tool speaks of.

``email_delete(message_ids)``: no tool finds "messages", but ``email_delete`` deletes
"e-mails" and ``email_search`` finds them. For each need that no tool produces by its
words (``_chains.ChainMap``), the candidates are the things some other tool produces (a
search, a listing, a return shape: strength 2 or more) that the consumer's own name or
description uses; the one whose embedded word is nearest the need's thing, at a cosine of
``SYNONYM_COSINE`` or more, feeds it. No hand-written synonym list: the registry's embedder
decides, once per registry (a snapshot's first use).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from ._embedders import Embedder

__all__ = ["SYNONYM_COSINE", "Unfed", "synonyms"]

SYNONYM_COSINE = 0.5
"""The least cosine of the two embedded words (the need's thing, the produced thing); chosen on
the development registries by ``benchmarks/chain_synonyms.py`` (each left out too)."""
MAX_WORDS = 2000
"""Words embedded at most per registry (the needs' things and their candidates)."""

Unfed = tuple[str, str, str, frozenset[str]]
"""One need no tool produces by name: (consumer, parameter, its thing, what the consumer's words name)."""


def candidates(unfed: Iterable[Unfed], produced: Mapping[str, Sequence[str]]) -> dict[tuple[str, str], list[str]]:
    """Per (consumer, parameter), the produced things its own words name (not the thing itself).

    ``produced``: thing to the tools producing it (strength 2 or more), consumer excluded later.
    """
    out: dict[tuple[str, str], list[str]] = {}
    for consumer, parameter, thing, own in unfed:
        found = sorted(t for t in own if t != thing and any(p != consumer for p in produced.get(t, ())))
        if found:
            out[(consumer, parameter)] = found
    return out


def synonyms(
    unfed: Sequence[Unfed],
    produced: Mapping[str, Sequence[str]],
    embedder: Embedder,
    *,
    least: float = SYNONYM_COSINE,
) -> dict[tuple[str, str], tuple[str, float]]:
    """Per (consumer, parameter), the produced thing that stands for its need and the cosine.

    Only needs with a candidate at ``least`` or more are in the answer.
    """
    found = candidates(unfed, produced)
    if not found:
        return {}
    things = {(c, p): t for c, p, t, _ in unfed}
    vocabulary = sorted({w for key, words in found.items() for w in (things[key], *words)})[:MAX_WORDS]
    at = {w: i for i, w in enumerate(vocabulary)}
    vectors = np.asarray(embedder.embed_documents(vocabulary), dtype=np.float32)
    out: dict[tuple[str, str], tuple[str, float]] = {}
    for key, words in found.items():
        thing = things[key]
        if thing not in at:
            continue
        scored = [(float(vectors[at[thing]] @ vectors[at[w]]), w) for w in words if w in at]
        if scored:
            cosine, word = max(scored)
            if cosine >= least:
                out[key] = (word, cosine)
    return out
