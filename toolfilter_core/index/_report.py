"""The report of one ``sync``: what indexing a registry added, changed, removed and embedded."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["IndexReport", "write_report"]


@dataclass(frozen=True, slots=True)
class IndexReport:
    """What one ``sync`` (indexing a registry) did; ``ToolFilter.last_report`` holds the latest.

    Logged at INFO on the ``toolfilter`` logger by every sync, and printed by
    ``toolfilter index`` (``summary()``).
    """

    added: int = 0
    """Tools new to the store."""
    updated: int = 0
    """Tools whose definition changed (their texts were embedded again)."""
    removed: int = 0
    """Tools the store held that the registry no longer has."""
    unchanged: int = 0
    """Tools whose vectors were reused as they were."""
    texts_embedded: int = 0
    """Texts embedded: each changed tool's description and trigger phrases, and learned
    examples when the store was rebuilt. 0 when nothing changed."""
    rebuilt: bool = False
    """True when the store held another embedder's vectors (or an older layout) and was rebuilt."""
    seconds: float = 0.0
    """Wall time of the sync, reading the store and embedding included."""

    @property
    def tools(self) -> int:
        """Tools in the registry after the sync."""
        return self.added + self.updated + self.unchanged

    def summary(self, where: str | None = None) -> str:
        """One line: ``48 tools: 3 added, 1 updated, 0 removed, 44 unchanged; 9 texts embedded in 0.4 s``."""
        rebuilt = " (rebuilt: another embedder or an older layout)" if self.rebuilt else ""
        into = f" into {where}" if where else ""
        return (
            f"{self.tools} tools{into}: {self.added} added, {self.updated} updated, {self.removed} removed, "
            f"{self.unchanged} unchanged; {self.texts_embedded} texts embedded in {self.seconds:.1f} s{rebuilt}"
        )


def write_report(
    committed: Mapping[str, str], wanted: Mapping[str, str], tools: int, texts_embedded: int
) -> IndexReport:
    """The report of writing ``wanted`` (name to hash) over the ``committed`` registry."""
    added = len([n for n in wanted if n not in committed])
    updated = len([n for n, h in wanted.items() if n in committed and committed[n] != h])
    return IndexReport(
        added=added,
        updated=updated,
        removed=len([n for n in committed if n not in wanted]),
        unchanged=tools - added - updated,
        texts_embedded=texts_embedded,
    )
