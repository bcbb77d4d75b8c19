"""Step 1, reading: the request, its asks and its conversation as vectors, and their cosines to every tool.

Nothing is embedded for a request with no text to select on, one that is pasted material
alone, or one that is exactly a tool's name (``request.EXACT_NAME_MATCH``): the gates decide those.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._arguments import request_kinds
from .._blank import blank
from .._config import ToolFilterConfig
from .._embedders import Embedder
from .._snapshot import Snapshot
from .._threads import blas_threads, one_blas_thread
from . import request as request_step
from .candidates import Similarities, similarities
from .request import Request
from .vectors import RequestVectors, TurnCache, request_vectors

__all__ = ["Reading", "read"]


@dataclass(frozen=True, slots=True)
class Reading:
    """One request as the later steps read it."""

    request: Request
    vectors: RequestVectors | None = None
    """The request blended with earlier turns, and its asks; None: nothing was embedded."""
    sims: Similarities | None = None
    """Cosines to every tool (registry order); None when nothing was embedded."""
    kinds: frozenset[str] = frozenset()
    """The kinds of argument values the request holds (a path, a URL)."""
    phrases: NDArray[np.float32] | None = None
    """The no-tool phrases' vectors, when a rule will compare the request with them."""
    named: bool = False
    """The request is exactly a tool's name."""

    @property
    def text(self) -> str:
        """The text the steps select on (``Request.matched_text``)."""
        return self.request.matched_text

    @property
    def empty(self) -> bool:
        """No text to select on: blank, or pasted material alone."""
        return blank(self.request.query) or self.request.no_ask


def read(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    embedder: Embedder,
    request: Request,
    turns: TurnCache,
    phrases: Callable[[], NDArray[np.float32] | None],
) -> Reading:
    """Embed the request (with its earlier turns and asks) and take its cosines to every tool.

    ``turns``: the cache of earlier turns' vectors. ``phrases``: the no-tool phrases'
    vectors, embedded on first use: asked for only when a rule reads them.
    """
    if blank(request.query) or request.no_ask:
        return Reading(request)
    if request_step.EXACT_NAME_MATCH and request.query.strip() in snapshot.position:
        return Reading(request, named=True)
    query = request.matched_text
    with one_blas_thread():
        vectors = request_vectors(config, embedder, query, request.context, len(snapshot.tools), turns)
    with blas_threads(config.search_threads):
        sims = similarities(snapshot, vectors)
    if not config.enabled:
        return Reading(request, vectors, sims)
    kinds = request_kinds(query)
    # the no-tool test reads them unless the request holds a value some tool takes; each ask's check always
    wanted = not (kinds & snapshot.argument_kinds) or len(vectors.clauses) > 0
    return Reading(request, vectors, sims, kinds, phrases() if wanted else None)
