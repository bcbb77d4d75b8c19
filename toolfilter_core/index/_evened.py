"""A registry profiled in part: each unprofiled tool's cosines on the profiled tools' scale.

A profiled tool is found by its profile requests, written in its users' voice, and a
request sits much closer to them (0.4-0.7 on the development registries) than to any
tool's description (0.1-0.3). In a registry where some tools have profiles and others do
not, every unprofiled tool would rank below most profiled ones, and a request for it
would read as closer to a no-tool request than to any tool.

So, per request, an unprofiled tool's cosine is read on the profiled tools' scale: its
own words' cosine (description and triggers) is placed among the profiled tools' own
words' cosines, and it takes the cosine the profiled tools have at that place (a
quantile map: ``numpy.interp`` between the two sorted lists, tied places at their mean;
past either end, the end plus the difference). An unprofiled tool whose description is the request's closest
description ranks where the profiled tool with the closest description would; one whose
description is the median's, at the profiled tools' median. It is lifted, never lowered.

The scale leaves out the profiled tool the request singles out: the one its profile lifts
most above its own words (a request that repeats a profile request would otherwise lift
every unprofiled tool as far as that one match: with one tool profiled, all the others to
cosine 1). With one tool profiled there is no scale left, and nothing is evened.

Nothing here is a number to choose. A registry with every tool profiled, or none, is
searched exactly as before.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

__all__ = ["evened", "own_words"]


def own_words(products: NDArray[np.float32], own: NDArray[np.bool_], starts: NDArray[np.int64]) -> NDArray[np.float32]:
    """Per group of rows (``starts``; every group holds an ``own`` row), the best of ``products`` over ``own`` rows.

    ``products``: per row (last axis); a 2-D array gives one row of results per vector.
    """
    masked = np.where(own, products, -np.inf)
    return np.maximum.reduceat(masked, starts, axis=-1).astype(np.float32)


def evened(own: NDArray[np.float32], values: NDArray[np.float32], profiled: NDArray[np.bool_]) -> NDArray[np.float32]:
    """``values`` with each unprofiled tool's raised to where its ``own`` cosine stands among the profiled tools'.

    ``own``: per tool, the best cosine over its own words (description, triggers);
    ``values``: per tool, the cosine to even (best, second-best, authored);
    ``profiled``: per tool, it has profile requests in force (some, not all).
    """
    measured = profiled.copy()  # the scale: the profiled tools the request does not single out
    measured[int(np.argmax(np.where(profiled, values - own, -np.inf)))] = False
    if not measured.any():
        return values
    ranks, where = np.unique(np.sort(own[measured]), return_inverse=True)
    scale = np.bincount(where, np.sort(values[measured])) / np.bincount(where)  # tied places: their mean
    bare = ~profiled
    x = own[bare]
    beyond = np.maximum(x - ranks[-1], 0.0) + np.minimum(x - ranks[0], 0.0)
    placed = np.interp(x, ranks, scale) + beyond
    out = values.copy()
    out[bare] = np.maximum(values[bare], placed.astype(np.float32))
    return out
