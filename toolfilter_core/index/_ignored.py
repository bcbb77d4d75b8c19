"""The profile requests (and triggers) indexing would ignore, found before anything is stored.

``profiles import`` runs the check indexing runs (``_matrix.ignored_rows``) on the answers it
read, so that a request that sits closer to another tool is said where it can be fixed, in
the index's own words (``coverage.ignored_line``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._embedders import Embedder
from .._types import ToolSpec
from ._matrix import ignored_rows
from ._tool_index import embed_records

__all__ = ["ignored_requests"]


def ignored_requests(tools: Sequence[ToolSpec], embedder: Embedder) -> list[tuple[str, int, str]]:
    """Per tool whose triggers or profile requests indexing would ignore: its name, how many, the first few named.

    ``tools`` carry their profiles; they are embedded as indexing embeds them (``embed_records``).
    """
    records = embed_records(embedder, tools, progress=False)
    position = {tool.name: i for i, tool in enumerate(tools)}
    rows = sorted(records, key=lambda r: position[str(r.metadata["tool"])])  # grouped by tool, as the index reads
    return ignored_rows(tools, rows, [position[str(r.metadata["tool"])] for r in rows])
