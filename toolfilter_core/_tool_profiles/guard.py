"""Near misses checked like tool requests: one that reads like a tool's own requests is left out.

A ``no_tool`` list is a lever: each of its requests pulls the requests near it towards "no
tool". A list that holds ordinary tool requests (a weak or obedient writer, an edited file)
silently stopped serving them (served requests fell from .89 to .35). The poaching guard
of the index ignores a tool's profile request that sits closer to another tool than to its
own; this is its mirror: a near miss as close to a tool's description or profile as that
tool's own requests are (the median of theirs) is left out, with a warning naming both.
Tools without profile requests have no measure of "their own" and are not compared.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._said_once import first_time

__all__ = ["NEAR_MISS", "NearMissRows", "near_miss_findings", "near_misses_apart"]

logger = logging.getLogger("toolfilter")

_CELLS = 2**22
"""Cosines computed at once (16 MB)."""
NEAR_MISS = (
    "near miss %r reads like a request for tool %r (%.2f to it; its own requests %.2f): left out of the near misses"
)
"""What is said of a near miss left out (its text, the tool, its cosine to it, the tool's own requests' median):
by the index, and by ``profiles import`` of the answers it reads."""
Finding = tuple[str, str, float, float]
"""A near miss left out: ``NEAR_MISS``'s arguments."""


@dataclass(frozen=True, slots=True)
class NearMissRows:
    """Near misses and the registry's rows they are checked against.

    ``no_tool``: the near misses' vectors, ``texts`` their texts; ``matrix``: the registry's rows (unit vectors,
    grouped by tool, a tool's description first at ``starts``; ignored rows are zero), ``owner`` each row's tool;
    ``voice``: its profile-request rows; ``names``: the tools' names.
    """

    no_tool: NDArray[np.float32]
    texts: Sequence[str]
    matrix: NDArray[np.float32]
    owner: NDArray[np.int64]
    starts: NDArray[np.int64]
    voice: NDArray[np.bool_]
    names: Sequence[str]


def near_misses_apart(checked: NearMissRows, *, content: Callable[[], str] = str) -> NDArray[np.bool_]:
    """Which near misses to keep (``near_miss_findings``), each one left out said once a process for ``content``.

    ``content``: gives a hash of the registry and its near misses (``_said_once``), asked for only when
    one is left out: the same findings of the same tools and profiles are said by the first filter
    built over them, not by the next.
    """
    keep, found = near_miss_findings(checked)
    for said in found:
        if first_time(("near miss", NEAR_MISS % said, content())):
            logger.warning("toolfilter: " + NEAR_MISS, *said)
    return keep


def near_miss_findings(checked: NearMissRows) -> tuple[NDArray[np.bool_], list[Finding]]:
    """Which near misses to keep (a mask): those no profiled tool claims; and each one left out (``NEAR_MISS``)."""
    matrix, owner = checked.matrix, checked.owner
    keep = np.ones(len(checked.no_tool), dtype=bool)
    rows = np.flatnonzero(checked.voice & (np.abs(matrix).sum(axis=1) > 0)) if len(matrix) else np.zeros(0, np.int64)
    found: list[Finding] = []
    if not len(checked.no_tool) or not len(rows):
        return keep, found
    tools = np.unique(owner[rows])
    docs = matrix[checked.starts[tools]]
    centroids = np.zeros_like(docs)
    slot = np.searchsorted(tools, owner[rows])
    np.add.at(centroids, slot, matrix[rows])
    norms = np.linalg.norm(centroids, axis=1, keepdims=True)
    centroids = np.divide(centroids, norms, out=np.zeros_like(centroids), where=norms > 0)
    own = np.maximum(
        np.einsum("ij,ij->i", matrix[rows], docs[slot]), np.einsum("ij,ij->i", matrix[rows], centroids[slot])
    )
    threshold = np.array([np.median(own[slot == s]) for s in range(len(tools))], dtype=np.float32)
    step = max(1, _CELLS // (2 * len(tools)))
    for begin in range(0, len(checked.no_tool), step):
        chunk = checked.no_tool[begin : begin + step]
        close = np.maximum(chunk @ docs.T, chunk @ centroids.T)  # (near misses, profiled tools)
        over = close - threshold
        for i in np.flatnonzero(over.max(axis=1) >= 0):
            s = int(np.argmax(over[i]))
            keep[begin + int(i)] = False
            found.append(
                (
                    checked.texts[begin + int(i)][:80],
                    checked.names[int(tools[s])],
                    float(close[i, s]),
                    float(threshold[s]),
                )
            )
    return keep, found
