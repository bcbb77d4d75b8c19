"""The tools whose duplicates the doctor cannot check: those without profile requests.

Two tools that do the same thing in other words are told by their users' requests
(``mixing``), on both sides. From one side's requests and the other's definition, or from the
two definitions alone, no reading measured on the dev registries told a made duplicate from
a sibling (benchmarks/doctor_one_sided.py): the report says so, and what to write. Without any profiles it says
the duplicates found by names, keys and words may miss such a pair (a leasing firm's ``device_get`` by asset tag
beside its ops team's ``asset_lookup``: device ~ asset is no synonym to the embedder, and a read by another tool's
key is also the shape of a foreign key, an invoice read by its order's number).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from .._tool_profiles.coverage import reprofile
from .._types import ToolSpec
from .closeness import BLOCK
from .values import Finding

__all__ = ["unchecked_duplicates"]

SHOWN = 3
"""Unprofiled tools named with their closest profiled tool in the finding's line."""
EXPORT = reprofile("prompts_more.jsonl")
"""For the tools a profiles file leaves out: their prompts alone, to a new file (the first export's prompts file
stays), answered, imported into the profiles file (as the re-export hint of a changed tool)."""
EXPORT_ALL = "toolfilter profiles export TOOLS --out prompts.jsonl"
"""For a registry without profiles: no profiles file exists yet to give."""


def unchecked_duplicates(tools: Sequence[ToolSpec], documents: NDArray[np.float32]) -> list[Finding]:
    """One finding: the tools without profile requests (each with its closest profiled tool), or none.

    ``documents``: the tools' description vectors, in order. No finding when every tool is
    profiled or the registry has fewer than two tools.
    """
    if len(tools) < 2:
        return []
    asked = [t.profile is not None and bool(t.profile.requests) for t in tools]
    if all(asked):
        return []
    if not any(asked):
        return [
            Finding(
                "unchecked_duplicates",
                (),
                "no tool has profile requests: duplicates were looked for only in the definitions (names, keys, "
                "descriptions), so two tools that do the same thing in other words, their descriptions sharing few "
                "words (two teams' lookups of one record under other names), may be missed",
                f"write profile requests ({EXPORT_ALL}; docs/profiles.md), then run the doctor again with --profiles",
                score=0.3,
            )
        ]
    closest = _closest(documents, asked)
    missing = sorted((i for i, a in enumerate(asked) if not a), key=lambda i: (-closest[i][1], tools[i].name))
    shown = "; ".join(f"{tools[i].name} ~ {tools[closest[i][0]].name} ({closest[i][1]:.2f})" for i in missing[:SHOWN])
    return [
        Finding(
            "unchecked_duplicates",
            tuple(tools[i].name for i in missing),
            f"{_tools(len(missing))} without profile requests: whether {_verb(len(missing))} a profiled tool "
            f"cannot be checked; the closest (definition similarity): {shown}",
            f"write their profile requests ({EXPORT}: it asks only for them), then run the doctor again",
            score=0.3,
            evidence={
                "closest": {tools[i].name: [tools[closest[i][0]].name, round(closest[i][1], 4)] for i in missing}
            },
        )
    ]


def _tools(n: int) -> str:
    return "1 tool" if n == 1 else f"{n} tools"


def _verb(n: int) -> str:
    return "it duplicates" if n == 1 else "they duplicate"


def _closest(documents: NDArray[np.float32], asked: Sequence[bool]) -> dict[int, tuple[int, float]]:
    """Per unprofiled tool: the profiled tool whose description vector is nearest, and the cosine."""
    rows = np.asarray(documents, dtype=np.float64)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    rows = rows / np.where(norms > 1e-12, norms, 1.0)
    profiled = np.flatnonzero(np.asarray(asked))
    missing = np.flatnonzero(~np.asarray(asked))
    out = {}
    for begin in range(0, len(missing), BLOCK):  # a block at a time: never all pairs at once
        block = missing[begin : begin + BLOCK]
        sims = rows[block] @ rows[profiled].T
        best = sims.argmax(axis=1)
        for i, b, s in zip(block.tolist(), best.tolist(), sims[np.arange(len(block)), best].tolist(), strict=True):
            out[i] = (int(profiled[b]), float(s))
    return out
