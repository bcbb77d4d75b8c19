"""Per-caller policy: which tools a caller may see at all, applied before any ranking.

Semantic search never shows a tool the caller may not call: the policy removes tools from
the eligible set before the candidate pool is formed. Block always wins over allow.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    """False: tools annotated ``destructiveHint: true`` (MCP) are not eligible."""

    def verdict(self, tool: ToolSpec) -> Reason | None:
        """None if the caller may use the tool, else BLOCKED or NOT_ALLOWED."""
        tags = set(tool.tags)
        hints = tool.annotations
        if tool.name in self.block_tools or tags & self.block_tags:
            return Reason.BLOCKED
        if self.read_only and hints.get("readOnlyHint") is not True:
            return Reason.BLOCKED
        if not self.allow_destructive and hints.get("destructiveHint") is True:
            return Reason.BLOCKED
        if self.allow_tools is not None and tool.name not in self.allow_tools:
            return Reason.NOT_ALLOWED
        if self.allow_tags is not None and not tags & self.allow_tags:
            return Reason.NOT_ALLOWED
        return None
