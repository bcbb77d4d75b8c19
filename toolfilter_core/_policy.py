"""Per-caller policy: which tools a caller may see at all, applied before any ranking.

Semantic search never shows a tool the caller may not call: the policy removes tools from
the eligible set before the candidate pool is formed. Block always wins over allow.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ._exceptions import ConfigError
from ._gate_names import blocked_name
from ._hints import is_destructive, is_read_only
from ._types import Reason, ToolSpec

__all__ = ["Policy"]


@dataclass(frozen=True, slots=True)
class Policy:
    """What one caller may use.

    Example: a viewer may only use read-only tools and never anything tagged ``admin``::

        Policy(read_only=True, block_tags=frozenset({"admin"}))
    """

    allow_tools: frozenset[str] | None = None
    """If set, only these tools are eligible."""
    block_tools: frozenset[str] = frozenset()
    """Never eligible."""
    allow_tags: frozenset[str] | None = None
    """If set, only tools carrying at least one of these tags are eligible."""
    block_tags: frozenset[str] = frozenset()
    """Tools carrying any of these tags are never eligible."""
    read_only: bool = False
    """Only tools annotated ``readOnlyHint: true`` (MCP) are eligible."""
    allow_destructive: bool = True
    """False: only tools that say they are not destructive are eligible: ``readOnlyHint:
    true`` or ``destructiveHint: false``. By MCP's defaults a tool without annotations may
    destroy, so it is not eligible either."""

    def __post_init__(self) -> None:
        for name in ("allow_tools", "allow_tags"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, _names(name, value))
        for name in ("block_tools", "block_tags"):
            object.__setattr__(self, name, _names(name, getattr(self, name)))
        for name in ("read_only", "allow_destructive"):
            if not isinstance(getattr(self, name), bool):
                msg = f"Policy.{name}: got {getattr(self, name)!r}; allowed: True or False"
                raise ConfigError(msg)

    def verdict(self, tool: ToolSpec) -> Reason | None:
        """None if the caller may use the tool, else BLOCKED or NOT_ALLOWED."""
        tags = set(tool.tags)
        if blocked_name(tool.name, self.block_tools) or tags & self.block_tags:
            return Reason.BLOCKED
        if self.read_only and not is_read_only(tool):
            return Reason.BLOCKED
        if not self.allow_destructive and is_destructive(tool):
            return Reason.BLOCKED
        if self.allow_tools is not None and tool.name not in self.allow_tools:
            return Reason.NOT_ALLOWED
        if self.allow_tags is not None and not tags & self.allow_tags:
            return Reason.NOT_ALLOWED
        return None


def _names(field: str, value: Any) -> frozenset[str]:
    """A set of names; a lone string is refused (it would be read as a set of characters)."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        msg = f"Policy.{field}: got {value!r}; allowed: a set or list of names, e.g. {{{value!r}}}"
        raise ConfigError(msg)
    names = frozenset(value)
    bad = sorted(repr(n) for n in names if not isinstance(n, str))
    if bad:
        msg = f"Policy.{field}: got {', '.join(bad[:3])} among the names; allowed: strings"
        raise ConfigError(msg)
    return names
