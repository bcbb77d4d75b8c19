"""Describe LangChain tools as the core's ``ToolSpec``.

A tool's name, description and JSON Schema come from LangChain itself
(``convert_to_openai_tool``), so whatever ``bind_tools`` would send a model is exactly what
gets indexed. Category, tags and triggers come from the tool (``BaseTool.metadata``,
``BaseTool.tags``, or the top-level keys of a dict) and can be overridden per tool name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool

from toolfilter_core import ToolSpec, ToolSpecError, load_tool

__all__ = ["ToolMetadata", "describe_tools", "openai_function", "tool_label"]

ToolMetadata = Mapping[str, Mapping[str, Any]]
"""``{tool_name: {"category": str, "tags": [str], "triggers": [str]}}``."""

_META_FIELDS = ("category", "tags", "triggers")


def tool_label(tool: Any, index: int) -> str:
    """Name a tool in an error message: its position, its type and its name if it has one."""
    name = getattr(tool, "name", None) or getattr(tool, "__name__", None)
    if name is None and isinstance(tool, Mapping):
        function = tool.get("function")
        name = function.get("name") if isinstance(function, Mapping) else tool.get("name")
    shown = f" {name!r}" if isinstance(name, str) and name else ""
    return f"tool #{index} ({type(tool).__name__}{shown})"


def openai_function(tool: Any, index: int) -> dict[str, Any]:
    """The OpenAI ``function`` entry LangChain makes of a tool.

    Args:
        tool: A ``BaseTool``, an ``@tool`` function, a ``StructuredTool``, an OpenAI tool
            dict, or anything else ``convert_to_openai_tool`` accepts.
        index: The tool's position in the caller's list, for error messages.

    Returns:
        The ``{"name", "description", "parameters"}`` mapping.

    Raises:
        ToolSpecError: LangChain cannot describe the object, it is a provider built-in
            tool (not a function), or it has no name.
    """
    label = tool_label(tool, index)
    if isinstance(tool, str | bytes) or tool is None:
        msg = (
            f"{label}: LangChain cannot describe {tool!r:.60} as a tool; pass a BaseTool, an "
            "@tool function, a StructuredTool or an OpenAI tool dict"
        )
        raise ToolSpecError(msg)
    try:
        converted = convert_to_openai_tool(tool)
    except Exception as error:  # LangChain raises ValueError, TypeError, pydantic errors
        msg = (
            f"{label}: LangChain cannot describe it as a tool ({type(error).__name__}: "
            f"{error}); pass a BaseTool, an @tool function, a StructuredTool or an OpenAI "
            "tool dict"
        )
        raise ToolSpecError(msg) from error
    function = converted.get("function")
    if converted.get("type") != "function" or not isinstance(function, Mapping):
        msg = (
            f"{label}: it is a provider built-in tool (type {converted.get('type')!r}), not a "
            "function tool; toolfilter selects function tools only, so bind it to the model "
            "yourself"
        )
        raise ToolSpecError(msg)
    name = function.get("name")
    if not isinstance(name, str) or not name:
        msg = f"{label}: LangChain describes it without a name; give the tool a name"
        raise ToolSpecError(msg)
    return dict(function)


def _own_metadata(tool: Any) -> dict[str, Any]:
    """Category, tags and triggers the tool object itself carries."""
    found: dict[str, Any] = {}
    if isinstance(tool, BaseTool):
        meta = tool.metadata or {}
        tags = [*(tool.tags or []), *_as_list(meta.get("tags"))]
        if tags:
            found["tags"] = list(dict.fromkeys(tags))
        for key in ("category", "triggers"):
            if meta.get(key) is not None:
                found[key] = meta[key]
    elif isinstance(tool, Mapping):
        for key in _META_FIELDS:
            if tool.get(key) is not None:
                found[key] = tool[key]
    return found


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, Iterable):
        return list(value)
    return [value]


def _strings(value: Any, *, label: str, field: str) -> list[str]:
    items = _as_list(value)
    bad = [item for item in items if not isinstance(item, str)]
    if bad:
        msg = f"{label}: {field} must be strings, got {bad[0]!r} ({type(bad[0]).__name__})"
        raise ToolSpecError(msg)
    return items


def _check_metadata(metadata: ToolMetadata, names: Sequence[str]) -> None:
    known = set(names)
    unknown = sorted(str(name) for name in metadata if name not in known)
    if unknown:
        msg = f"metadata: no tool is named {unknown}; the tools are {sorted(known)} (metadata is keyed by tool name)"
        raise ToolSpecError(msg)
    for name, entry in metadata.items():
        if not isinstance(entry, Mapping):
            msg = f"metadata[{name!r}]: expected a mapping with keys {list(_META_FIELDS)}, got {type(entry).__name__}"
            raise ToolSpecError(msg)
        extra = sorted(str(key) for key in entry if key not in _META_FIELDS)
        if extra:
            msg = f"metadata[{name!r}]: unknown keys {extra}; allowed keys: {list(_META_FIELDS)}"
            raise ToolSpecError(msg)


def describe_tools(tools: Sequence[Any], metadata: ToolMetadata | None = None) -> list[ToolSpec]:
    """Turn LangChain tools into ``ToolSpec`` rows, in the order given.

    Args:
        tools: The tools, as they will be handed to ``bind_tools``.
        metadata: Per tool name, ``category``, ``tags`` and ``triggers`` that replace what
            the tool itself carries.

    Returns:
        One validated ``ToolSpec`` a tool.

    Raises:
        ToolSpecError: A tool cannot be described, two tools share a name, the metadata
            names an unknown tool or key, or a field has the wrong type.
    """
    functions = [openai_function(tool, index) for index, tool in enumerate(tools)]
    names = [function["name"] for function in functions]
    seen: dict[str, int] = {}
    for index, name in enumerate(names):
        if name in seen:
            msg = (
                f"{tool_label(tools[index], index)}: the name {name!r} is already used by tool "
                f"#{seen[name]}; tool names must be unique"
            )
            raise ToolSpecError(msg)
        seen[name] = index
    metadata = metadata or {}
    _check_metadata(metadata, names)
    specs = []
    for index, (tool, function) in enumerate(zip(tools, functions, strict=True)):
        label = tool_label(tool, index)
        fields = {**_own_metadata(tool), **dict(metadata.get(function["name"], {}))}
        category = fields.get("category")
        if category is not None and not isinstance(category, str):
            msg = f"{label}: category must be a string, got {type(category).__name__}"
            raise ToolSpecError(msg)
        row: dict[str, Any] = {
            "name": function["name"],
            "description": function.get("description") or "",
            "parameters": function.get("parameters") or {},
            "category": category or None,
            "tags": _strings(fields.get("tags"), label=label, field="tags"),
            "triggers": _strings(fields.get("triggers"), label=label, field="triggers"),
        }
        specs.append(load_tool(row))
    return specs
