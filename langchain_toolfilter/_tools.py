"""Describe LangChain tools as the core's ``ToolSpec``.

A tool's name, description and JSON Schema come from LangChain itself
(``convert_to_openai_tool``), so whatever ``bind_tools`` would send a model is exactly what
gets indexed. Category, tags and triggers come from the tool (``BaseTool.metadata``,
``BaseTool.tags``, or the top-level keys of a dict) and can be overridden per tool name.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool

from toolfilter_core import StoreError, ToolSpec, ToolSpecError, load_tool, load_tools
from toolfilter_core.integration import ToolExtras, annotations_in, check_extras, extras_fields

__all__ = [
    "ToolMetadata",
    "check_same_specs",
    "check_unique_names",
    "describe_tools",
    "function_tools",
    "gate_provider_tool",
    "openai_function",
    "provider_tool_names",
    "tool_description",
    "tool_name",
    "warn_other_tools",
]

logger = logging.getLogger("toolfilter")

ToolMetadata = ToolExtras
"""``{tool_name: {"category": str, "tags": [str], "triggers": [str], "annotations": {...}}}``."""

_OWN_FIELDS = ("category", "tags", "triggers")
"""What a tool object may carry itself (``BaseTool.metadata``, a dict's top-level keys)."""


_DECLARATION_LISTS = ("function_declarations", "functionDeclarations")
"""Gemini's list of functions in one tool entry."""


def provider_tool_names(tool: Any) -> list[str]:
    """The function names a provider-format tool dict declares; [] for a built-in tool.

    Every format the providers take: OpenAI chat (``{"type": "function", "function":
    {"name"}}``), OpenAI Responses and Anthropic (``{"name"}``), Bedrock Converse
    (``{"toolSpec": {"name"}}``) and Gemini (``{"function_declarations": [{"name"}, ...]}``,
    camelCase too).
    """
    if not isinstance(tool, Mapping):
        return []
    for key in ("function", "toolSpec"):
        inner = tool.get(key)
        if isinstance(inner, Mapping) and isinstance(inner.get("name"), str):
            return [inner["name"]]
    for key in _DECLARATION_LISTS:
        declared = tool.get(key)
        if isinstance(declared, Sequence) and not isinstance(declared, str):
            return [d["name"] for d in declared if isinstance(d, Mapping) and isinstance(d.get("name"), str)]
    name = tool.get("name")
    return [name] if isinstance(name, str) else []


_FUNCTION_KINDS = (None, "function", "custom")
"""The ``type`` of a dict that describes a function (a provider built-in has its own type)."""

_NAMED_KINDS = ("function", "custom")
"""A ``type`` that makes a named dict a function without a JSON Schema (OpenAI Responses' custom tool)."""

_SCHEMA_KEYS = ("parameters", "input_schema", "inputSchema")
"""Where a single-function dict keeps its JSON Schema (OpenAI, Anthropic, MCP)."""


def _is_extra(key: str, value: Any) -> bool:
    """A dict's own field for toolfilter (category, tags, triggers, annotations), not the provider's."""
    return key in (*_OWN_FIELDS, "annotations") or bool(annotations_in({key: value}))


def _openai_tool(name: str, description: Any, parameters: Any, source: Mapping[str, Any]) -> dict[str, Any]:
    """An OpenAI chat tool dict for one function, with the extras the source dict carries."""
    if isinstance(parameters, Mapping) and isinstance(parameters.get("json"), Mapping):
        parameters = parameters["json"]  # Bedrock: inputSchema {"json": {...}}
    function = {
        "name": name,
        "description": description if isinstance(description, str) else "",
        "parameters": dict(parameters) if isinstance(parameters, Mapping) else {},
    }
    extras = {k: v for k, v in source.items() if _is_extra(k, v)}
    return {"type": "function", "function": function, **extras}


def function_tools(tool: Any) -> list[Any]:
    """The functions a provider-format tool dict describes, as OpenAI chat tool dicts; [] for a built-in.

    What toolfilter indexes and selects of a dict, like a ``BaseTool``: an OpenAI chat dict
    (``{"type": "function", "function": {...}}``) is returned itself; OpenAI Responses
    (``{"type": "function", "name"}``; a custom tool, ``{"type": "custom", "name"}``, with no
    schema), Anthropic (``{"name", "input_schema"}``), MCP-style (``{"name", "inputSchema"}``),
    Bedrock (``{"toolSpec"}``) and Gemini (``{"function_declarations": [...]}``, one dict per
    declaration) are rewritten, with the dict's own ``category``, ``tags``, ``triggers`` and
    annotations. A provider built-in
    (``{"type": "web_search_preview"}``, Anthropic's ``{"type": "web_search_20250305",
    "name": "web_search"}``) describes no function: [].
    """
    if not isinstance(tool, Mapping) or tool.get("type") not in _FUNCTION_KINDS:
        return []
    function, spec = tool.get("function"), tool.get("toolSpec")
    if isinstance(function, Mapping):
        return [tool] if isinstance(function.get("name"), str) and function["name"] else []
    if isinstance(spec, Mapping) and isinstance(spec.get("name"), str):
        return [_openai_tool(spec["name"], spec.get("description"), spec.get("inputSchema"), tool)]
    for key in _DECLARATION_LISTS:
        declared = tool.get(key)
        if isinstance(declared, Sequence) and not isinstance(declared, str):
            return [
                _openai_tool(d["name"], d.get("description"), d.get("parameters"), tool)
                for d in declared
                if isinstance(d, Mapping) and isinstance(d.get("name"), str) and d["name"]
            ]
    name = tool.get("name")
    schemas = [tool[key] for key in _SCHEMA_KEYS if key in tool]
    if not isinstance(name, str) or not name or not (schemas or tool.get("type") in _NAMED_KINDS):
        return []
    return [_openai_tool(name, tool.get("description"), schemas[0] if schemas else {}, tool)]


def tool_name(tool: Any) -> str:
    """The name of a ``BaseTool`` or of an OpenAI chat tool dict (what ``function_tools`` gives)."""
    if isinstance(tool, BaseTool):
        return tool.name
    return str(tool["function"]["name"])


def tool_description(tool: Any) -> str:
    """The description of a ``BaseTool`` or of an OpenAI chat tool dict."""
    if isinstance(tool, BaseTool):
        return tool.description
    return str(tool["function"].get("description") or "")


def gate_provider_tool(tool: Any, refused: Callable[[str], bool]) -> Any | None:
    """A provider-format tool dict without the functions ``refused`` names; None if nothing is left.

    A Gemini entry declaring several functions keeps the ones not refused; with none left,
    the entry's other tools (``{"function_declarations": [...], "google_search": {}}``)
    stay, without the list.
    """
    if not isinstance(tool, Mapping):
        return tool
    for key in _DECLARATION_LISTS:
        declared = tool.get(key)
        if isinstance(declared, Sequence) and not isinstance(declared, str):
            kept = [d for d in declared if not (isinstance(d, Mapping) and refused(str(d.get("name"))))]
            if len(kept) == len(declared):
                return tool
            if kept:
                return {**tool, key: kept}
            rest = {k: v for k, v in tool.items() if k != key}
            return rest if any(not _is_extra(k, v) for k, v in rest.items()) else None
    return None if any(refused(name) for name in provider_tool_names(tool)) else tool


def tool_label(tool: Any, index: int | None) -> str:
    """Name a tool in an error message: its position (unless None), its type and its name if it has one.

    Without a position, a tool with no name is shown by its start.
    """
    name = getattr(tool, "name", None) or getattr(tool, "__name__", None)
    if name is None and isinstance(tool, Mapping):
        function = tool.get("function")
        name = function.get("name") if isinstance(function, Mapping) else tool.get("name")
    named = isinstance(name, str) and bool(name)
    if index is None:
        start = repr(tool) if len(repr(tool)) <= 80 else f"{repr(tool)[:77]}..."
        return f"the {type(tool).__name__} {name!r}" if named else f"a {type(tool).__name__} {start}"
    shown = f" {name!r}" if named else ""
    return f"tool #{index} ({type(tool).__name__}{shown})"


def _unnamed_function(tool: Any) -> str | None:
    """The field a function dict leaves without a name (``function.name``, ``toolSpec.name``, ``name``), or None.

    A dict with a schema (``parameters``, ``input_schema``, ``inputSchema``) or of type
    ``function`` / ``custom`` describes a function: it needs its ``name``.
    """
    if not isinstance(tool, Mapping):
        return None
    for key in ("function", "toolSpec"):
        inner = tool.get(key)
        if isinstance(inner, Mapping):
            return None if isinstance(inner.get("name"), str) and inner["name"] else f"{key}.name"
    for key in _DECLARATION_LISTS:
        declared = tool.get(key)
        if isinstance(declared, Sequence) and not isinstance(declared, str):
            bad = [i for i, d in enumerate(declared) if not (isinstance(d, Mapping) and d.get("name"))]
            return f"{key}[{bad[0]}].name" if bad else None
    named = isinstance(tool.get("name"), str) and bool(tool["name"])
    kind = tool.get("type")
    function = kind in _NAMED_KINDS or (kind is None and any(key in tool for key in _SCHEMA_KEYS))
    return "name" if function and not named else None


def check_unique_names(functions: Sequence[tuple[Any, Sequence[Any]]], *, positions: bool = True) -> None:
    """Refuse a function dict without a name, and two functions of one name, among an agent's tools.

    ``functions``: each tool with the functions it describes (a ``BaseTool`` itself, a dict
    what ``function_tools`` reads of it). ``positions``: name a tool by its position in the
    list; off for a model request's tools, which LangChain orders its own way (the
    middleware's tools first, dicts last), so a tool is named by its type and name. Provider
    built-ins are not compared.

    Raises:
        ToolSpecError: A function dict has no name (it would pass through unselected, as a built-in
            does), or two tools (or a Gemini entry's two declarations) share a name.
    """

    def label(index: int) -> str:
        return tool_label(functions[index][0], index if positions else None)

    seen: dict[str, int] = {}
    for index, (tool, described) in enumerate(functions):
        missing = _unnamed_function(tool)
        if missing is not None:
            msg = f"tools: {label(index)}: field {missing!r} is missing or empty; allowed: a function's name"
            raise ToolSpecError(msg)
        for name in map(tool_name, described):
            if name in seen:
                first = "it" if seen[name] == index else label(seen[name])
                msg = (
                    f"tools: {label(index)} has the name {name!r}, which {first} already has; "
                    "allowed: one tool a name (drop one of them, or rename it)"
                )
                raise ToolSpecError(msg)
            seen[name] = index


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
    """Category, tags, triggers and MCP annotations the tool object itself carries.

    Annotations are read nested (``metadata["annotations"]``, a dict's ``annotations``) or
    flat (``metadata["readOnlyHint"]``, as ``langchain-mcp-adapters`` puts them).
    """
    found: dict[str, Any] = {}
    if isinstance(tool, BaseTool):
        meta = tool.metadata or {}
        tags = [*(tool.tags or []), *_as_list(meta.get("tags"))]
        if tags:
            found["tags"] = list(dict.fromkeys(tags))
        for key in ("category", "triggers"):
            if meta.get(key) is not None:
                found[key] = meta[key]
        annotations = annotations_in(meta)
    elif isinstance(tool, Mapping):
        for key in _OWN_FIELDS:
            if tool.get(key) is not None:
                found[key] = tool[key]
        annotations = annotations_in(tool)
    else:
        annotations = {}
    if annotations:
        found["annotations"] = annotations
    return found


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, Iterable):
        return list(value)
    return [value]


def describe_tools(tools: Sequence[Any], metadata: ToolMetadata | None = None) -> list[ToolSpec]:
    """Turn LangChain tools into ``ToolSpec`` rows, in the order given.

    Args:
        tools: The tools, as they will be handed to ``bind_tools``.
        metadata: Per tool name, ``category``, ``tags``, ``triggers`` and ``annotations``
            that replace what the tool itself carries (the core's extras keys).

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
    metadata = check_extras(metadata, names)
    specs = []
    for index, (tool, function) in enumerate(zip(tools, functions, strict=True)):
        label = tool_label(tool, index)
        fields = {**_own_metadata(tool), **dict(metadata.get(function["name"], {}))}
        row: dict[str, Any] = {
            "name": function["name"],
            "description": function.get("description") or "",
            "parameters": function.get("parameters") or {},
            **extras_fields(label, fields),
        }
        specs.append(load_tool(row))
    return load_tools(specs)  # the core's load warnings: names providers reject, no description


def _differences(names: Sequence[str], registry: Sequence[str]) -> list[str]:
    in_registry, passed = set(registry), set(names)
    missing = [n for n in names if n not in in_registry]
    extra = [n for n in registry if n not in passed]
    parts = []
    if missing:
        parts.append(f"tools not in it: {missing[:20]}")
    if extra:
        parts.append(f"tools in it that were not passed: {extra[:20]}")
    return parts


def warn_other_tools(names: Sequence[str], registry: Sequence[str]) -> None:
    """Log that the tools passed and a shared filter's registry differ (only the tools in both serve).

    A registry changes under a running agent: an MCP server adds a tool or goes away.
    """
    parts = _differences(names, registry)
    if parts:
        logger.warning(
            "toolfilter: the ToolFilter's registry and the agent's tools differ (%s); serving the %d tools in both",
            "; ".join(parts),
            len(set(names) & set(registry)),
        )


_REBUILD = "rebuild it with ToolFilterSelector.from_tools(tools, store=...), which re-embeds only what changed"


def check_same_specs(specs: Sequence[ToolSpec], stored: Sequence[ToolSpec], where: str) -> None:
    """Refuse tools other than a store's, or other versions of them (a ``StoreError``).

    Tools whose parameters differ from the store's only in their descriptions or defaults (the same schemas at
    every depth but descriptions, titles, examples and defaults: ``_signature``; a store indexed from a tools file,
    opened with ``@tool`` functions of the same tools) are
    the same tools: the store's vectors embed parameter names, not their descriptions. They open it, with
    one warning naming them and how to make the two one. Other versions are refused, each naming where its
    parameters differ and both values (``search_orders (parameters: limit.maximum: store 100, tool 50)``).
    """
    parts = _differences([s.name for s in specs], [s.name for s in stored])
    if parts:
        msg = f"{where} was built for other tools ({'; '.join(parts)}); {_REBUILD}"
        raise StoreError(msg)
    by_name = {s.name: s for s in stored}
    changed, described = [], []
    for spec in specs:
        # the definitions only: the store's tools may carry the profiles they were indexed with
        mine, theirs = spec.to_dict(), by_name[spec.name].to_dict()
        mine.pop("profile", None)
        theirs.pop("profile", None)
        fields = [k for k in sorted({*mine, *theirs}) if mine.get(k) != theirs.get(k)]
        ours, stores = _signature(mine.get("parameters")), _signature(theirs.get("parameters"))
        if fields == ["parameters"] and ours == stores:
            described.append(spec.name)
        elif mine != theirs:
            said = [f"parameters: {'; '.join(_where_differ(stores, ours))}" if f == "parameters" else f for f in fields]
            changed.append(f"{spec.name} ({', '.join(said) or 'content'})")
    if changed:
        msg = f"{where} holds other versions of tools: {changed}; {_REBUILD}"
        raise StoreError(msg)
    if described:
        more = f" +{len(described) - 8} more" if len(described) > 8 else ""
        logger.warning(
            "toolfilter: %d tools whose parameters differ from the store's only in their descriptions or defaults "
            "(the same schemas at every depth but descriptions, titles, examples and defaults; %s): %s; the "
            "selection reads the "
            "store's definitions and hands out "
            "the tools given. To make them one, index the @tools (ToolFilterSelector.from_tools(tools, "
            "store=...)), or build the store from the definitions the tools are made from",
            len(described),
            where,
            ", ".join(described[:8]) + more,
        )


_WORDS_ONLY = frozenset({"description", "title", "examples", "default"})
"""What a parameters schema says in words only, or a default (what a call sends when the model leaves the argument
out, not what it may send): left out when two versions are compared (``_signature``)."""
_NAMED = ("properties", "patternProperties", "$defs", "definitions")
"""The keys whose value maps names (any word, "title" too) to schemas."""


def _signature(parameters: Any) -> Any:
    """A parameters schema as compared with another version of it: all of it, at every depth, but its words.

    Descriptions, titles, examples and defaults are left out; an optional argument written ``anyOf [T, null]``
    (a Python ``T | None = None``) is ``T``, as a tools file writes it; the
    required names and allowed values in any order. Nested properties, bounds, formats and ``$ref``
    are compared as they are.
    """
    if isinstance(parameters, list):
        return [_signature(v) for v in parameters]
    if not isinstance(parameters, Mapping):
        return parameters
    out = {str(k): _signature(v) for k, v in parameters.items() if k not in _WORDS_ONLY and k not in _NAMED}
    for key in _NAMED:  # a parameter may be called "title": names stay, each one's schema compared
        if isinstance(parameters.get(key), Mapping):
            out[key] = {str(n): _signature(v) for n, v in parameters[key].items()}
    for key in ("required", "enum"):
        if isinstance(out.get(key), list):
            out[key] = sorted(out[key], key=repr)
    if isinstance(out.get("type"), list):
        out["type"] = sorted(str(t) for t in out["type"] if t != "null")
        if len(out["type"]) == 1:
            out["type"] = out["type"][0]
    options = out.get("anyOf")
    if isinstance(options, list):
        kept = [o for o in options if o != {"type": "null"}]
        del out["anyOf"]
        if len(kept) == 1 and isinstance(kept[0], Mapping):
            out.update(kept[0])  # T | None is T
        elif kept:
            out["anyOf"] = kept
    return out


_SHOWN_DIFFERENCES = 3
"""How many places where two versions' parameters differ a refusal names per tool."""


def _where_differ(store: Any, tool: Any) -> list[str]:
    """Where two ``_signature``s differ: each key path and both values (``limit.maximum: store 100, tool 50``).

    Parameter names stand for their ``properties`` (``limit``, ``address.zip``); at most ``_SHOWN_DIFFERENCES``,
    then "and N more".
    """
    out = _schema_differences(store, tool)
    more = len(out) - _SHOWN_DIFFERENCES
    return out if more <= 0 else [*out[:_SHOWN_DIFFERENCES], f"and {more} more"]


def _schema_differences(store: Any, tool: Any, path: str = "") -> list[str]:
    """Every place where two ``_signature``s differ (``_where_differ``)."""
    if isinstance(store, Mapping) and isinstance(tool, Mapping):
        out: list[str] = []
        for key in sorted({*store, *tool}, key=str):
            if store.get(key, _ABSENT) != tool.get(key, _ABSENT):
                sub = path if key == "properties" else f"{path}.{key}" if path else str(key)
                out += _schema_differences(store.get(key, _ABSENT), tool.get(key, _ABSENT), sub)
        return out
    return [f"{path or 'schema'}: store {_said(store)}, tool {_said(tool)}"]


_ABSENT = object()


def _said(value: Any) -> str:
    """A schema value as a refusal says it: JSON, at most 60 characters; "none" for a key one version lacks."""
    if value is _ABSENT:
        return "none"
    text = json.dumps(value, sort_keys=True, default=str)
    return text if len(text) <= 60 else text[:57] + "..."
