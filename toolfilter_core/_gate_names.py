"""The tool names the gates list: what each one matches, and names that match nothing.

``block_tools`` fails closed: a name blocks the tool of that name and every tool registered
as ``server__name`` (an MCP server's tool by its own name, ``McpRegistry(qualify=True)``),
so ``block_tools=["delete_file"]`` also blocks ``files__delete_file``. ``allow_tools`` and
``always_include`` match exact registered names only (a server's own name would widen what
is allowed). A name that matches no tool is a typo or a stale list: refused with the
closest names.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable
from typing import Any

from ._exceptions import ConfigError

__all__ = ["blocked_name", "gate_lists", "unknown_gate_names"]

SEPARATOR = "__"
"""Between an MCP server's name and its tool's (``_mcp.SEPARATOR``, kept equal by a test)."""

GATE_FIELDS = ("block_tools", "allow_tools", "always_include")
"""The config fields that list tool names."""


def gate_lists(config: Any) -> list[tuple[str, tuple[str, ...]]]:
    """A config's ``(field, names)`` for every gate field (``ToolFilterConfig``)."""
    return [(field, tuple(getattr(config, field))) for field in GATE_FIELDS]


def own_names(name: str) -> list[str]:
    """The names ``name`` may carry on its server: what follows each ``__`` in it."""
    out = []
    start = name.find(SEPARATOR)
    while start != -1:
        rest = name[start + len(SEPARATOR) :]
        if rest:
            out.append(rest)
        start = name.find(SEPARATOR, start + 1)
    return out


def blocked_name(name: str, blocked: Collection[str]) -> bool:
    """``block_tools`` names this tool: by its registered name or a server's own name of it."""
    if not blocked:
        return False
    return name in blocked or (SEPARATOR in name and any(own in blocked for own in own_names(name)))


def _matches(field: str, wanted: str, names: Collection[str], owns: Collection[str]) -> bool:
    return wanted in names or (field == "block_tools" and wanted in owns)


def _suggest(wanted: str, names: Collection[str]) -> str:
    qualified = sorted(n for n in names if n.endswith(SEPARATOR + wanted))
    close = qualified[:3] or difflib.get_close_matches(wanted, list(names), n=3)
    return f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""


def unknown_gate_names(
    lists: Iterable[tuple[str, Iterable[str]]], names: Collection[str], *, where: str = "the registry"
) -> None:
    """Refuse a name in a gate list that matches no tool.

    Args:
        lists: ``(field, names)`` pairs, e.g. ``("block_tools", config.block_tools)``.
        names: The registered tool names.
        where: What ``names`` are, for the message.

    Raises:
        ConfigError: A listed name matches no tool; the message names the field, the
            value and the closest tool names.
    """
    if not names:  # an empty registry (an MCP registry before its first server) has nothing to compare
        return
    owns = {own for name in names for own in own_names(name)}
    for field, listed in lists:
        for wanted in listed:
            if not _matches(field, wanted, names, owns):
                hint = _suggest(wanted, names)
                msg = (
                    f"{field}: {wanted!r} names no tool in {where}{hint}; a name that matches "
                    f"nothing does nothing: fix it or remove it ({len(names)} tools)"
                )
                raise ConfigError(msg)
