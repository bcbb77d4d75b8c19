"""What a tool's claims about its arguments can win: the caps on the ``argument`` signal.

A tool says which values it takes (a parameter named ``url``, ``path``, ``email``, ``host``,
``body``), and a server can say so of every tool whatever the tools do. The claim is
believed only where the tool's own match to the request is reasonable, and for a few tools
of one server (a domain: the category, one per MCP server):

* one tool: its ``argument`` signal counts only when its ``embed`` is within ``CLAIM_GAP``
  of the best candidate's; else the signal is 0 (present, so the weight still counts);
* one server: each of its tools must pass the gap on its own; ``CLAIMS_PER_DOMAIN`` can
  bound further how many of one domain keep the claim (the closest by ``embed``, ties by
  name), and is off: a bound gained nothing where it was measured.

Both numbers were chosen by ``benchmarks/hostile_caps.py --choose`` on the development
registries, and again with each left out (docs/scoring.md, "Argument values").
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["CLAIMS_PER_DOMAIN", "CLAIM_GAP", "cap_arguments"]

CLAIM_GAP = 0.2
"""A tool at most this far below the best candidate's ``embed`` keeps its argument signal."""
CLAIMS_PER_DOMAIN: int | None = None
"""At most this many tools of one domain keep their argument signal, the closest first;
None: no bound (a bound of 1 or 2 gained nothing on the development data, and 2 cost recall)."""


def cap_arguments(rows: Sequence[dict[str, float]], domains: Sequence[str], names: Sequence[str]) -> list[str]:
    """Set to 0, in place, the ``argument`` signal the caps refuse; return those candidates' names.

    ``rows``: each candidate's signals; ``domains`` and ``names``: each candidate's domain
    and name. Rows without an ``argument`` signal (a request holding no value) are left alone.
    """
    if not rows or "argument" not in rows[0]:
        return []
    floor = max(row["embed"] for row in rows) - CLAIM_GAP
    bound = len(rows) if CLAIMS_PER_DOMAIN is None else CLAIMS_PER_DOMAIN
    kept: dict[str, int] = {}
    refused: list[str] = []
    for i in sorted(range(len(rows)), key=lambda i: (-rows[i]["embed"], names[i])):
        row = rows[i]
        if row["argument"] <= 0.0:
            continue
        if row["embed"] < floor or kept.get(domains[i], 0) >= bound:
            row["argument"] = 0.0
            refused.append(names[i])
        else:
            kept[domains[i]] = kept.get(domains[i], 0) + 1
    return refused
