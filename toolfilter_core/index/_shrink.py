"""The shrink rule: a registry that would empty a store or remove most of its tools is refused."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .._exceptions import StoreError

__all__ = ["ShrinkRefusedError", "shrink_problem"]


class ShrinkRefusedError(StoreError):
    """A registry that would empty a store or remove most of its tools, refused before any write."""


def shrink_problem(stored: Sequence[str], wanted: Mapping[str, object]) -> str | None:
    """Why writing ``wanted`` over a store holding ``stored`` tools looks like a mistake, or None.

    The rule (docs/reliability.md): an empty registry into a store that holds tools, or one
    that removes more than half of the stored tools (and more than one). A wrong file, a
    truncated export or an agent pointed at another team's collection look like this; a
    registry that grows, changes or loses a few tools does not.
    """
    if not stored:
        return None
    removed = [name for name in stored if name not in wanted]
    if not wanted:
        return f"it is empty, and would remove all {len(stored)} tools the store holds"
    if len(removed) > max(len(stored) // 2, 1):
        shown = ", ".join(repr(name) for name in removed[:5]) + (", ..." if len(removed) > 5 else "")
        return f"it would remove {len(removed)} of the {len(stored)} tools the store holds ({shown}), more than half"
    return None
