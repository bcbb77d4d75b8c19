"""The profile requests (and triggers) indexing would ignore, and the near misses it would leave out, found early.

``profiles import`` runs the checks indexing runs (``_matrix.ignored_rows``) on the answers it
read, so that a request that sits closer to another tool, or a near miss that reads like a
tool's request, is said where it can be fixed, in the index's own words (``coverage.ignored_line``,
``guard.NEAR_MISS``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._embedders import Embedder
from .._tool_profiles.guard import Finding
from .._types import ToolSpec
from ._matrix import ignored_rows
from ._records import NO_TOOL_KIND
from ._tool_index import embed_records, embed_set

__all__ = ["ignored_requests"]


def ignored_requests(
    tools: Sequence[ToolSpec], embedder: Embedder, no_tool: Sequence[str] = ()
) -> tuple[list[tuple[str, int, str]], list[Finding]]:
    """What indexing would ignore of ``tools`` and leave out of the near misses ``no_tool`` (``ignored_rows``).

    Per tool whose triggers or profile requests it would ignore: its name, how many, the first few
    named; and each near miss it would leave out (``guard.NEAR_MISS``'s arguments).

    ``tools`` carry their profiles; they are embedded as indexing embeds them (``embed_records``, ``embed_set``).
    """
    records = embed_records(embedder, tools, progress=False)
    position = {tool.name: i for i, tool in enumerate(tools)}
    rows = sorted(records, key=lambda r: position[str(r.metadata["tool"])])  # grouped by tool, as the index reads
    near = embed_set(embedder, NO_TOOL_KIND, tuple(no_tool)) if no_tool else []
    return ignored_rows(tools, rows, [position[str(r.metadata["tool"])] for r in rows], near)
