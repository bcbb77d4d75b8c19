"""The pairs the profile writer says do the same job (``ToolProfile.same_job_as``): ``near_duplicate`` findings.

The profile writer sees each target beside its closest neighbours; where one of them is the same tool
written twice (two teams, other words), it names it rather than forcing their requests apart. The
doctor then tells the pair as one tool written twice whatever its scores: requests written apart on
purpose keep such a pair apart, and no word or vector rule tells a team's words from a tool's.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._types import ToolSpec
from .values import Finding

__all__ = ["claimed_findings", "claimed_pairs"]

CLAIM_ACTION = "merge them into one tool or remove one; if both stay, say in each when to use it rather than the other"
"""What to do with two tools the profile writer says do the same job."""


def claimed_pairs(tools: Sequence[ToolSpec]) -> dict[tuple[str, str], list[str]]:
    """Each pair a profile's ``same_job_as`` names (either side's), in registry order, and the tools that claim it.

    A name the registry lacks, or the tool itself, is no pair.
    """
    order = {t.name: i for i, t in enumerate(tools)}
    out: dict[tuple[str, str], list[str]] = {}
    for tool in tools:
        for other in tool.profile.same_job_as if tool.profile is not None else ():
            if other in order and other != tool.name:
                a, b = sorted((tool.name, other), key=order.__getitem__)
                out.setdefault((a, b), []).append(tool.name)
    return out


def claimed_findings(pairs: dict[tuple[str, str], list[str]]) -> list[Finding]:
    """One ``near_duplicate`` a pair: the profile writer says the two do the same job."""
    out = []
    for (a, b), claimed in pairs.items():
        where = "both profiles say so" if len(claimed) > 1 else f"{claimed[0]}'s profile says so"
        detail = f"the profile writer says {a} and {b} do the same job ({where}): maybe one tool written twice"
        evidence = {"by": "profile writer", "claimed_by": list(claimed)}
        out.append(Finding("near_duplicate", (a, b), detail, CLAIM_ACTION, score=1.0, evidence=evidence))
    return out
