"""Loading tool definitions: our JSON Lines rows, OpenAI tool dicts, MCP ``tools/list`` results.

Every malformed definition is refused with a ``ToolSpecError`` that names the tool (or its
position), the field, the value and what is allowed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ._exceptions import ToolSpecError
from ._types import ToolSpec

__all__ = ["MAX_DESCRIPTION_CHARS", "load_tool", "load_tools", "read_tools_file"]

MAX_DESCRIPTION_CHARS = 100_000
"""Longer descriptions are refused: no registry needs them and they would bloat every prompt."""
MAX_NAME_CHARS = 256
MAX_NESTING = 128
"""Deepest nesting of mappings and lists in ``parameters`` and ``annotations`` (a JSON Schema
with 60 levels of nested properties is 121 deep): deeper is refused, not a RecursionError."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_JSON_SCALARS = (str, int, float, bool, type(None))

_FIELDS = {"name", "description", "parameters", "category", "tags", "triggers", "annotations"}
_OPENAI_FIELDS = {"name", "description", "parameters", "strict"}
_MCP_FIELDS = {"name", "title", "description", "inputSchema", "outputSchema", "annotations", "_meta"}


def _fail(where: str, field: str, value: Any, allowed: str) -> ToolSpecError:
    shown = repr(value)
    if len(shown) > 80:
        shown = shown[:77] + "..."
    return ToolSpecError(f"tool {where}: field {field!r} is {shown}; {allowed}")


def _check_text(where: str, field: str, value: str) -> str:
    """Refuse unpaired surrogates: not valid Unicode, so not UTF-8, not JSON for a model."""
    if _SURROGATE.search(value):
        raise _fail(where, field, value, "contains unpaired surrogates (not valid Unicode text); decode it properly")
    return value


def _check_json(where: str, field: str, value: Any) -> None:
    """Walk a JSON-like value without recursion: nesting depth, key and value types, valid text.

    Exact type checks first: this runs for every tool loaded from a store (50,000 at scale).
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        kind = type(node)
        if kind is str:
            if not node.isascii():
                _check_text(where, field, node)
            continue
        if kind is int or kind is bool or node is None or (kind is float and node == node):
            continue
        if depth > MAX_NESTING:
            raise _fail(where, field, f"<nested {depth}+ levels deep>", f"at most {MAX_NESTING} levels of nesting")
        if kind is dict or isinstance(node, Mapping):
            for key in node:
                if type(key) is not str:
                    raise _fail(where, field, key, "keys of a JSON object must be strings")
                if not key.isascii():
                    _check_text(where, field, key)
            stack.extend((child, depth + 1) for child in node.values())
        elif kind is list or kind is tuple:
            stack.extend((child, depth + 1) for child in node)
        elif isinstance(node, str):
            _check_text(where, field, node)
        elif not isinstance(node, _JSON_SCALARS) or (isinstance(node, float) and node != node):
            raise _fail(where, field, node, "expected JSON values (objects, arrays, strings, numbers, booleans, null)")


def _strings(where: str, field: str, value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise _fail(where, field, value, "expected a list of strings")
    items = tuple(value)
    if not all(isinstance(v, str) for v in items):
        raise _fail(where, field, value, "expected a list of strings")
    return tuple(_check_text(where, field, v) for v in items if v.strip())


def _check_schema(where: str, field: str, value: Any) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _fail(where, field, value, "expected a JSON Schema object (a mapping), or {}")
    kind = value.get("type")
    if value and kind not in (None, "object"):
        raise _fail(where, f"{field}.type", kind, "a tool's parameters must be an 'object' schema")
    properties = value.get("properties")
    if properties is not None and not isinstance(properties, Mapping):
        raise _fail(where, f"{field}.properties", properties, "expected a mapping of parameters")
    return value


def load_tool(definition: ToolSpec | Mapping[str, Any], *, position: int | None = None) -> ToolSpec:
    """Turn one definition into a validated ``ToolSpec``.

    Accepts a ``ToolSpec``, a row of our data format, an OpenAI tool
    (``{"type": "function", "function": {...}}`` or the bare function dict), or an MCP
    tool (``{"name", "description", "inputSchema", "annotations"}``).

    Raises:
        ToolSpecError: an empty or over-long name, a non-object schema, an unknown
            field, or a field of the wrong type.
    """
    if isinstance(definition, ToolSpec):
        try:
            data: Mapping[str, Any] = definition.to_dict()
        except RecursionError:
            where = repr(definition.name)
            raise _fail(where, "parameters", "<nested too deep>", f"at most {MAX_NESTING} levels of nesting") from None
    elif isinstance(definition, Mapping):
        data = definition
    else:
        where = f"#{position}" if position is not None else "definition"
        raise _fail(where, "definition", definition, "expected a mapping or a ToolSpec")

    raw_name = data.get("name") if "function" not in data else data["function"].get("name")
    where = repr(raw_name) if isinstance(raw_name, str) and raw_name else f"#{position or 0}"

    if data.get("type") == "function" and isinstance(data.get("function"), Mapping):
        extra = set(data) - {"type", "function"}
        if extra:
            raise _fail(where, sorted(extra)[0], data[sorted(extra)[0]], "unknown field of an OpenAI tool")
        function = data["function"]
        unknown = set(function) - _OPENAI_FIELDS
        if unknown:
            field = sorted(unknown)[0]
            raise _fail(where, field, function[field], f"allowed fields: {sorted(_OPENAI_FIELDS)}")
        data = {k: v for k, v in function.items() if k != "strict"}
    elif "inputSchema" in data:
        unknown = set(data) - _MCP_FIELDS
        if unknown:
            field = sorted(unknown)[0]
            raise _fail(where, field, data[field], f"allowed fields of an MCP tool: {sorted(_MCP_FIELDS)}")
        annotations = data.get("annotations") or {}
        data = {
            "name": data.get("name"),
            "description": data.get("description") or data.get("title") or "",
            "parameters": data.get("inputSchema"),
            "annotations": annotations,
            "category": None,
            "tags": [],
        }
    else:
        unknown = set(data) - _FIELDS
        if unknown:
            field = sorted(unknown)[0]
            raise _fail(where, field, data[field], f"unknown field; allowed: {sorted(_FIELDS)}")

    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail(where, "name", name, "a tool needs a non-empty string name")
    if len(name) > MAX_NAME_CHARS or name != name.strip():
        raise _fail(where, "name", name, f"names are 1-{MAX_NAME_CHARS} characters without surrounding spaces")
    _check_text(where, "name", name)
    description = data.get("description") or ""
    if not isinstance(description, str):
        raise _fail(where, "description", description, "expected a string")
    _check_text(where, "description", description)
    if len(description) > MAX_DESCRIPTION_CHARS:
        raise _fail(
            where, "description", f"<{len(description)} characters>", f"at most {MAX_DESCRIPTION_CHARS:,} characters"
        )
    category = data.get("category")
    if category is not None and (not isinstance(category, str) or not category.strip()):
        raise _fail(where, "category", category, "expected a non-empty string or null")
    if category is not None:
        _check_text(where, "category", category)
    annotations = data.get("annotations") or {}
    if not isinstance(annotations, Mapping):
        raise _fail(where, "annotations", annotations, "expected a mapping")
    _check_json(where, "annotations", annotations)
    parameters = _check_schema(where, "parameters", data.get("parameters"))
    _check_json(where, "parameters", parameters)
    return ToolSpec(
        name=name,
        description=description,
        parameters=parameters,
        category=category,
        tags=_strings(where, "tags", data.get("tags")),
        triggers=_strings(where, "triggers", data.get("triggers")),
        annotations=annotations,
    )


def load_tools(definitions: Iterable[ToolSpec | Mapping[str, Any]]) -> list[ToolSpec]:
    """Validate many definitions; duplicate names are refused.

    Raises:
        ToolSpecError: the first malformed definition, or a name given twice.
    """
    if isinstance(definitions, Mapping | str):
        msg = "tools: expected a list of tool definitions, got a single " + type(definitions).__name__
        raise ToolSpecError(msg)
    tools: list[ToolSpec] = []
    seen: dict[str, int] = {}
    for position, definition in enumerate(definitions):
        tool = load_tool(definition, position=position)
        if tool.name in seen:
            msg = (
                f"tool {tool.name!r}: field 'name' is used by definitions #{seen[tool.name]} and "
                f"#{position}; names must be unique"
            )
            raise ToolSpecError(msg)
        seen[tool.name] = position
        tools.append(tool)
    return tools


def read_tools_file(path: str | Path) -> list[ToolSpec]:
    """Read tools from JSON Lines (one definition a line) or a JSON array / MCP result.

    A JSON file may hold a list of definitions, or an MCP ``tools/list`` result
    (``{"tools": [...]}``, optionally inside ``{"result": ...}``).

    Raises:
        ToolSpecError: unreadable file, bad JSON (with the line number), or a bad tool.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        msg = f"tools file {str(path)!r}: cannot read it ({error.strerror or error})"
        raise ToolSpecError(msg) from None
    stripped = text.lstrip()
    if stripped.startswith("[") or (stripped.startswith("{") and path.suffix == ".json"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            msg = f"tools file {str(path)!r}: not valid JSON at line {error.lineno}: {error.msg}"
            raise ToolSpecError(msg) from None
        if isinstance(data, Mapping):
            data = (data.get("result") or data).get("tools", data)
        if not isinstance(data, list):
            msg = f"tools file {str(path)!r}: expected a list of tools or an MCP tools/list result"
            raise ToolSpecError(msg)
        return load_tools(data)
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as error:
            msg = f"tools file {str(path)!r}: line {number} is not valid JSON: {error.msg}"
            raise ToolSpecError(msg) from None
    return load_tools(rows)
