"""A registry profiled in part: said once, with the command that profiles the rest."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from .._types import ToolSpec

__all__ = ["warn_partly_profiled"]

logger = logging.getLogger("toolfilter")

SHOWN = 5
"""Tool names the warning shows."""


def unprofiled(tools: Sequence[ToolSpec]) -> frozenset[str]:
    """The tools without profile requests, when some other tool has them (else nothing)."""
    without = frozenset(t.name for t in tools if t.profile is None or not t.profile.requests)
    return without if len(without) < len(tools) else frozenset()


def warn_partly_profiled(tools: Sequence[ToolSpec], said: frozenset[str]) -> frozenset[str]:
    """Log a warning when some tools have profiles and others none, unless ``said`` already.

    Returns what is said now (the tools without one), for the next call to compare.
    """
    without = unprofiled(tools)
    if without and without != said:
        names = sorted(without)
        shown = ", ".join(names[:SHOWN]) + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN else "")
        msg = (
            f"toolfilter: {len(names)} of {len(tools)} tools have no profile ({shown}), so they are found by "
            "their own words alone, less often than the profiled ones; profile them: toolfilter profiles export "
            "TOOLS --profiles PROFILES "
            "--out prompts.jsonl (asks only for those), answer, then toolfilter profiles import --into PROFILES "
            "(docs/profiles.md)"
        )
        logger.warning(msg)
    return without
