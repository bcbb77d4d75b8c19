"""What an adapter may add to a framework's tool: ``metadata={tool_name: {...}}``.

Framework tools carry a name, a description and a schema, rarely a category, tags,
triggers or MCP annotations. Both adapters take those per tool name, checked here with
one key set and one error type (``ToolSpecError``, a ``ValueError``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from ._exceptions import ToolSpecError
from ._policy import close_names

__all__ = ["EXTRAS_KEYS", "ToolExtras", "annotations_in", "check_extras", "check_tool_extras", "extras_fields"]

EXTRAS_KEYS = ("annotations", "category", "tags", "triggers")
"""The keys a tool's extras may have: the ``ToolSpec`` fields a framework tool lacks."""

ToolExtras = Mapping[str, Mapping[str, Any]]
"""``{tool_name: {"category": str, "tags": [str], "triggers": [str], "annotations": {...}}}``."""


def check_tool_extras(name: str, extras: object) -> Mapping[str, Any]:
    """Check one tool's extras: a mapping with no key outside ``EXTRAS_KEYS``.

    Args:
        name: The tool's name, for the message.
        extras: What the caller gave for it.

    Returns:
        ``extras``, now known to be a mapping.

    Raises:
        ToolSpecError: ``extras`` is not a mapping, or has an unknown key.
    """
    if not isinstance(extras, Mapping):
        msg = f"metadata[{name!r}]: expected a mapping with keys {list(EXTRAS_KEYS)}, got {type(extras).__name__}"
        raise ToolSpecError(msg)
    unknown = sorted(str(key) for key in extras if key not in EXTRAS_KEYS)
    if unknown:
        msg = f"metadata[{name!r}]: unknown keys {unknown}; allowed keys: {list(EXTRAS_KEYS)}"
        raise ToolSpecError(msg)
    return extras


def check_extras(metadata: object, names: Collection[str]) -> ToolExtras:
    """Check ``metadata={tool_name: extras}`` against the tools it is for.

    Args:
        metadata: What the caller gave (None: nothing).
        names: The names of the tools.

    Returns:
        ``metadata`` (empty for None), every entry checked by ``check_tool_extras``.

    Raises:
        ToolSpecError: ``metadata`` is not a mapping, names a tool that is not there, or
            an entry is not a mapping or has an unknown key.
    """
    if metadata is None:
        return {}
    if not isinstance(metadata, Mapping):
        msg = f"metadata: expected {{tool_name: {{...}}}}, got {type(metadata).__name__}"
        raise ToolSpecError(msg)
    known = set(names)
    unknown = sorted(str(name) for name in metadata if name not in known)
    if unknown:
        close = close_names(unknown[0], sorted(known))
        hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
        msg = (
            f"metadata: no tool is named {unknown}{hint}; the tools are {sorted(known)[:50]} "
            "(metadata is keyed by tool name)"
        )
        raise ToolSpecError(msg)
    for name, extras in metadata.items():
        check_tool_extras(str(name), extras)
    return metadata


ANNOTATION_KEYS = ("title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
"""MCP's ``ToolAnnotations`` fields."""

_SNAKE = {
    "read_only_hint": "readOnlyHint",
    "destructive_hint": "destructiveHint",
    "idempotent_hint": "idempotentHint",
    "open_world_hint": "openWorldHint",
}


def _as_mapping(value: Any) -> Mapping[str, Any] | None:
    """A mapping, or a pydantic model's dump (the MCP SDK's ``ToolAnnotations``), or None."""
    if isinstance(value, Mapping):
        return value
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        dumped = dump(by_alias=True, exclude_none=True)
        return dumped if isinstance(dumped, Mapping) else None
    return None


def annotations_in(metadata: Any) -> dict[str, Any]:
    """MCP annotations wherever a framework's tool metadata carries them.

    Nested (``{"annotations": {...}}``: a mapping or an ``mcp.types.ToolAnnotations``) or
    flat (``{"readOnlyHint": true, ...}``, as ``langchain-mcp-adapters`` writes them, or
    snake_case); the nested ones win. ``None`` values (a dumped model's unset fields) are
    left out, so MCP's defaults apply to them.
    """
    meta = _as_mapping(metadata)
    if meta is None:
        return {}
    found: dict[str, Any] = {}
    for key, value in meta.items():
        name = _SNAKE.get(str(key), str(key))
        if name in ANNOTATION_KEYS and value is not None:
            found[name] = value
    for key, value in (_as_mapping(meta.get("annotations")) or {}).items():
        name = _SNAKE.get(str(key), str(key))
        if value is not None:
            found[name] = value
    return found


def _strings(where: str, key: str, value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    items = list(value) if isinstance(value, Iterable) else [value]
    bad = [item for item in items if not isinstance(item, str)]
    if bad:
        msg = f"{where}: {key} must be a string or a list of strings, got {bad[0]!r:.80} ({type(bad[0]).__name__})"
        raise ToolSpecError(msg)
    return items


def extras_fields(where: str, extras: Mapping[str, Any]) -> dict[str, Any]:
    """The ``load_tool`` fields of a tool's extras: category, tags, triggers, annotations.

    Args:
        where: How to name the tool in a message (e.g. ``metadata['get_weather']``).
        extras: The extras (keys as ``check_tool_extras`` allows; missing ones are empty).

    Returns:
        ``{"category": str | None, "tags": [...], "triggers": [...]}``, plus
        ``"annotations"`` when given; an empty category is None; a single string is a
        list of one.

    Raises:
        ToolSpecError: The category is not a string, or a tag or trigger is not one.
    """
    category = extras.get("category")
    if category is not None and not isinstance(category, str):
        msg = f"{where}: category must be a string, got {category!r:.80} ({type(category).__name__})"
        raise ToolSpecError(msg)
    fields: dict[str, Any] = {
        "category": category or None,
        "tags": _strings(where, "tags", extras.get("tags")),
        "triggers": _strings(where, "triggers", extras.get("triggers")),
    }
    if extras.get("annotations"):
        fields["annotations"] = extras["annotations"]
    return fields
