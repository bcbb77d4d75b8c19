"""The no-tool evidence: how much closer a request sits to requests no tool serves than to any tool.

``abstain_score`` measures it; ``decide.no_tool`` compares it with the rule's threshold.
Two rules (``abstain_rule``). ``margin`` (the seed-era rule): the closest abstain phrase's
cosine minus the best tool's, against ``abstain_margin``. It compares a user-voice phrase
with a description-voice tool, so where descriptions are terse, in the other language, or
the registry small, every tool cosine sits low and the phrases win for requests a tool
covers. ``relative``: the same comparison made relative to this registry::

    evidence = closeness - (best tool cosine - no-tool level)
    closeness = mean of the request's ABSTAIN_TOP_PHRASES highest phrase cosines
    no-tool level = median over the phrases of each phrase's own best tool cosine here

and "no tool fits" when ``evidence >= abstain_threshold``. Evidence within
``abstain_mixed_band`` below the threshold is mixed: served as usual, with a note.

A registry with tool profiles compares like with like instead, whatever ``abstain_rule``
says: user-voice requests on both sides::

    evidence = closest no-tool request - closest vector of a usable tool

where the no-tool requests are the abstain phrases and the registry's near-miss requests,
and a tool's vectors its profile requests beside its own words (a request that repeats a
tool's description is never "no tool"), and "no tool fits" when
``evidence >= abstain_voice_margin``.

Under every rule a request carrying a value of a kind some tool takes (a path, a URL, an
address: "banner.jpg 传不上去，帮我给它瘦个身") is never abstained, nor one naming a record
(``record_named``: an id whose prefix some tool takes, a person by title).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._snapshot import Snapshot

__all__ = ["abstain_score", "no_tool_level"]

ABSTAIN_TOP_PHRASES = 2
"""``abstain_rule: relative``: how many of the closest phrases the closeness averages.
``abstain_threshold`` was chosen with 2 by benchmarks/choose_no_tool_bars.py, so this is part of
that choice, not a knob of its own (a setting until 0.10)."""


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
    voiced: bool = False,
    near_miss: NDArray[np.float32] | None = None,
) -> tuple[float, str] | None:
    """The value the rule compares with its threshold, and the closest no-tool example.

    ``authored``: per tool, the best cosine over the vectors its author wrote, -inf for tools
    the caller may not use (learned examples read like requests: they are left out).
    ``voiced``: the registry has tool profiles (the like-with-like rule); ``near_miss``:
    cosines to the registry's near-miss requests. None when abstention is off, no tool is
    usable, or the request carries a value of a kind some tool takes.
    """
    if kinds & snapshot.argument_kinds:
        return None
    if not len(authored) or not np.isfinite(authored).any():
        return None
    if phrases is None:  # no abstain phrases: abstention is off, near misses or not
        return None
    if voiced:
        return _voice_score(snapshot, config, phrases, vector, authored, near_miss)
    closeness = phrases @ vector
    closest = int(np.argmax(closeness))
    example = config.abstain_phrases[closest]
    best_tool = float(np.max(authored))
    if config.abstain_rule == "margin":
        return float(closeness[closest]) - best_tool, example
    k = min(ABSTAIN_TOP_PHRASES, len(closeness))
    near = float(np.mean(np.partition(closeness, len(closeness) - k)[len(closeness) - k :]))
    return near - (best_tool - no_tool_level(snapshot, config.abstain_phrases, phrases)), example


def _voice_score(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    phrases: NDArray[np.float32],
    vector: NDArray[np.float32],
    authored: NDArray[np.float32],
    near_miss: NDArray[np.float32] | None,
) -> tuple[float, str] | None:
    """The like-with-like rule: closest no-tool request minus closest vector of a usable tool.

    ``authored`` holds each tool's best over its profile requests and its own words alike.
    """
    examples: list[tuple[float, str]] = []
    if len(phrases):
        closeness = phrases @ vector
        i = int(np.argmax(closeness))
        examples.append((float(closeness[i]), config.abstain_phrases[i]))
    if near_miss is not None and len(near_miss):
        i = int(np.argmax(near_miss))
        examples.append((float(near_miss[i]), snapshot.index.no_tool_texts[i]))
    if not examples:
        return None
    tool_side = float(np.max(authored))
    closest, example = max(examples)
    return closest - tool_side, example
