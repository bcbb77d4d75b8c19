"""The interface every selector ``toolfilter bench`` compares implements, and the k they are scored at."""

from __future__ import annotations

from collections.abc import Sequence

from toolfilter_core import Selection, ToolSpec

__all__ = ["K", "BenchSystem"]

K = 5
"""Top-k systems select this many tools; rankings are scored at 1, 3 and 5."""


class BenchSystem:
    """One selector under test: build an index from tool definitions, then select."""

    name = ""
    uses_embedder = True
    pads_ranking = False
    """Rank past its selection by plain embedding order when it scored fewer than 5 tools."""

    def build(self, tools: Sequence[ToolSpec]) -> None:
        """Index the tools (a fresh in-memory index)."""
        raise NotImplementedError

    def select(self, query: str) -> Selection:
        """Select for one request; ``selected`` then ``rejected`` (best first) is its ranking."""
        raise NotImplementedError
