"""Stage 5, abstaining: say "no tool fits" for a request that reads like one needing none.

Two rules (``abstain_rule``). ``margin`` (the seed-era rule): the closest abstain phrase's
cosine minus the best tool's, against ``abstain_margin``. It compares a user-voice phrase
with a description-voice tool, so where descriptions are terse, in the other language, or
the registry small, every tool cosine sits low and the phrases win for requests a tool
covers. ``relative``: the same comparison made relative to this registry::

    evidence = closeness - (best tool cosine - no-tool level)
    closeness = mean of the request's abstain_top_phrases highest phrase cosines
    no-tool level = median over the phrases of each phrase's own best tool cosine here

and "no tool fits" when ``evidence >= abstain_threshold``. Evidence within
``abstain_mixed_band`` below the threshold is mixed: served as usual, with a note. Under
either rule a request carrying a value of a kind some tool takes (a path, a URL, an
address: "banner.jpg 传不上去，帮我给它瘦个身") is never abstained.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._snapshot import Snapshot

__all__ = ["Abstain", "abstain_score", "decide", "no_tool_level"]


@dataclass(frozen=True, slots=True)
class Abstain:
    """The no-tool test's outcome for one request."""

    abstain: bool
    note: str = ""
    """Why no tool fits, or, for a mixed request, that it may need none ('' otherwise)."""


def no_tool_level(snapshot: Snapshot, texts: tuple[str, ...], phrases: NDArray[np.float32]) -> float:
    """The median of the phrases' best cosines to this registry's tools (cached per snapshot).

    ``texts``: the phrases (the cache key); ``phrases``: their vectors.
    """
    key = texts
    level = snapshot.abstain_levels.get(key)
    if level is None:
        best = [float(np.max(snapshot.index.similarities(p)[2], initial=-1.0)) for p in phrases]
        level = float(np.median(best)) if best else 0.0
        snapshot.abstain_levels[key] = level
    return level


def abstain_score(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    phrases: NDArray[np.float32] | None,
    kinds: frozenset[str],
    vector: NDArray[np.float32],
    authored: NDArray[np.float32],
) -> tuple[float, int] | None:
    """The value the rule compares with its threshold, and the closest phrase.

    ``authored``: per tool, the best cosine over the vectors its author wrote, -inf for tools
    the caller may not use (learned examples read like requests: they are left out). None
    when abstention is off, no tool is usable, or the request carries a value of a kind
    some tool takes.
    """
    if kinds & snapshot.argument_kinds:
        return None
    if phrases is None or not len(authored) or not np.isfinite(authored).any():
        return None
    closeness = phrases @ vector
    closest = int(np.argmax(closeness))
    best_tool = float(np.max(authored))
    if config.abstain_rule == "margin":
        return float(closeness[closest]) - best_tool, closest
    k = min(config.abstain_top_phrases, len(closeness))
    near = float(np.mean(np.partition(closeness, len(closeness) - k)[len(closeness) - k :]))
    return near - (best_tool - no_tool_level(snapshot, config.abstain_phrases, phrases)), closest


def decide(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    phrases: Callable[[], NDArray[np.float32] | None],
    kinds: frozenset[str],
    vector: NDArray[np.float32],
    authored: NDArray[np.float32],
) -> Abstain:
    """Whether the request gets no tools, by ``abstain_rule``."""
    if kinds & snapshot.argument_kinds:  # before embedding the phrases: nothing to decide
        return Abstain(False)
    scored = abstain_score(snapshot, config, phrases(), kinds, vector, authored)
    if scored is None:
        return Abstain(False)
    value, closest = scored
    example = config.abstain_phrases[closest]
    if config.abstain_rule == "margin":
        if value >= config.abstain_margin:
            return Abstain(
                True, f"no tool fits: the request reads like one that needs none (closest example: {example!r})"
            )
        return Abstain(False)
    threshold = config.abstain_threshold
    if value >= threshold:
        return Abstain(
            True,
            f"no tool fits: the request reads like one that needs none (closest example: {example!r}; "
            f"evidence {value:.3f} >= {threshold:.3f}, relative to this registry)",
        )
    if value >= threshold - config.abstain_mixed_band:
        return Abstain(
            False,
            f"may need no tool (closest example: {example!r}; evidence {value:.3f} < {threshold:.3f}): served as usual",
        )
    return Abstain(False)
