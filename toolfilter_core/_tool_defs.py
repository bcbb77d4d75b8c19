"""Loading tool definitions: our JSON Lines rows, OpenAI tool dicts, MCP ``tools/list`` results.

Every malformed definition is refused with a ``ToolSpecError`` that names the tool (and its
1-based line in a tools file, or its 1-based position ``#N`` in a list), the field, the value
and what is allowed. Definitions that load but that model providers reject (a name outside
``^[A-Za-z0-9_-]{1,64}$``) or that select poorly (no description) give one
``ToolSpecWarning`` per load naming each tool and the rule; ``strict_names=True`` refuses
such names instead. ``write_tools_file`` writes tools back as a file ``read_tools_file`` reads.

Also here: what a tool name may be (``name_problem``: what providers accept;
``lenient_name``: a name without a benchmark's ``__vN`` rename suffix), and the bundled
48-tool kit (9 domains, with triggers), for the demo and for trying things out.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from ._caller import warn_at_caller
from ._exceptions import ToolSpecError, ToolSpecWarning
from ._files import (
    FileProblem,
    csv_problem,
    excerpt,
    json_lines,
    parse_json,
    parse_yaml,
    read_file_text,
    scan_json,
    shorten,
)
from ._near_keys import misspelt
from ._tool_profiles.values import read_profile
from ._types import ToolSpec

__all__ = [
    "MAX_TRIGGERS",
    "MAX_TRIGGER_CHARS",
    "bundled_tools_path",
    "lenient_name",
    "load_bundled_tools",
    "load_tool",
    "load_tools",
    "load_tools_once",
    "name_problem",
    "read_tools_file",
]

PROVIDER_NAME_RULE = r"^[A-Za-z0-9_-]{1,64}$"
"""Tool names OpenAI accepts (Anthropic and Gemini enforce the same or stricter): letters,
digits, ``_`` and ``-``, at most 64 characters."""
_PROVIDER_NAME = re.compile(PROVIDER_NAME_RULE)
_MAX_SHOWN = 10

MAX_DESCRIPTION_CHARS = 100_000
"""Longer descriptions are refused: no registry needs them and they would bloat every prompt."""
MAX_NAME_CHARS = 256
MAX_TRIGGERS = 32
"""Most trigger phrases a tool may have: each is embedded and matched on its own, so a tool
stuffed with hundreds of other tools' descriptions would win most requests."""
MAX_TRIGGER_CHARS = 200
"""Longest trigger phrase: triggers are short phrasings of a request, not documents."""
MAX_JSON_VALUES = 100_000
"""Most values (objects, arrays, strings, numbers) in ``parameters`` or ``annotations``."""
MAX_NESTING = 128
"""Deepest nesting of mappings and lists in ``parameters`` and ``annotations`` (a JSON Schema
with 60 levels of nested properties is 121 deep): deeper is refused, not a RecursionError."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_JSON_SCALARS = (str, int, float, bool, type(None))

_FIELDS = {"name", "description", "parameters", "category", "tags", "triggers", "annotations", "profile"}

_OPENAI_FIELDS = {"name", "description", "parameters", "strict", "annotations"}
_OPENAI_OUTER = {"type", "function", "annotations"}
_MCP_FIELDS = {"name", "title", "description", "inputSchema", "outputSchema", "annotations", "_meta"}
_ANTHROPIC_FIELDS = {"name", "description", "input_schema", "type", "cache_control"}


def _fail(where: str, field: str, value: Any, allowed: str) -> ToolSpecError:
    return ToolSpecError(f"tool {where}: field {shorten(field, 80)!r} is {excerpt(value)}; {allowed}")


def _check_text(where: str, field: str, value: str) -> str:
    """Refuse unpaired surrogates: not valid Unicode, so not UTF-8, not JSON for a model."""
    if _SURROGATE.search(value):
        raise _fail(where, field, value, "contains unpaired surrogates (not valid Unicode text); decode it properly")
    return value


_HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")


def _check_hints(where: str, annotations: Mapping[str, Any]) -> None:
    """Refuse an MCP hint that is no boolean (``"destructiveHint": "false"`` would be read as set), or misspelt.

    ``destructivehint`` or ``destructiveHnt`` would be kept as an annotation of its own, and the tool
    read as not destructive: refused, naming the hint it stands for (other annotations are kept).
    """
    near = misspelt(annotations, (*_HINTS, "title"))
    if near is not None:
        key, hint = near
        value = annotations[key]
        raise _fail(
            where,
            f"annotations.{key}",
            value,
            f"unknown annotation (did you mean {hint!r}?); MCP's hints: {list(_HINTS)}",
        )
    for hint in _HINTS:
        value = annotations.get(hint)
        if value is not None and not isinstance(value, bool):
            raise _fail(where, f"annotations.{hint}", value, "expected true, false or null (a JSON boolean)")


def _check_json(where: str, field: str, value: Any) -> None:
    """Walk a JSON-like value without recursion: nesting depth, key and value types, valid text.

    Exact type checks first: this runs for every tool loaded from a store (50,000 at scale).
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    seen = 0
    while stack:
        node, depth = stack.pop()
        seen += 1
        if seen > MAX_JSON_VALUES:
            raise _fail(where, field, f"<more than {MAX_JSON_VALUES:,} values>", f"at most {MAX_JSON_VALUES:,} values")
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


def _mean(key: Any, data: Mapping[Any, Any], allowed: set[str]) -> str:
    """``unknown field (did you mean 'description'?); `` for a key spelt close to an allowed field ``data`` lacks."""
    near = misspelt({key: None}, [k for k in allowed if k not in data])
    return f"unknown field (did you mean {near[1]!r}?); " if near is not None else "unknown field; "


def _unknown(data: Mapping[Any, Any], allowed: set[str]) -> Any:
    """The first key (in string order) that is not an allowed field, or None."""
    unknown = [key for key in data if key not in allowed]
    return min(unknown, key=str) if unknown else None


def _triggers(where: str, value: Any) -> tuple[str, ...]:
    """Trigger phrases, within the caps: each is embedded and can win a request on its own."""
    triggers = _strings(where, "triggers", value)
    if len(triggers) > MAX_TRIGGERS:
        msg = (
            f"{len(triggers)} phrases; at most {MAX_TRIGGERS} a tool (each trigger can win a request on its "
            "own, so a tool with hundreds of them is selected for requests it does not fit): keep the "
            "phrasings users really write"
        )
        raise _fail(where, "triggers", f"<{len(triggers)} phrases>", msg)
    for number, trigger in enumerate(triggers):
        if len(trigger) > MAX_TRIGGER_CHARS:
            msg = (
                f"{len(trigger):,} characters; a trigger is a short phrase of at most {MAX_TRIGGER_CHARS} "
                "characters (put longer text in the description)"
            )
            raise _fail(where, f"triggers.{number}", trigger, msg)
    return triggers


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


def name_problem(name: str) -> str | None:
    """Why model providers would reject ``name`` as a tool name, or None when they accept it."""
    if _PROVIDER_NAME.match(name):
        return None
    if len(name) > 64:
        return f"{len(name)} characters, over 64"
    if " " in name:
        return "has a space"
    odd = sorted({c for c in name if not (c.isascii() and (c.isalnum() or c in "_-"))})
    return "has " + ", ".join(repr(c) for c in odd[:5]) + " (outside A-Z a-z 0-9 _ -)"


_VERSION_SUFFIX = re.compile(r"__v\d+$")


def lenient_name(name: str) -> str:
    """``name`` without a ``__vN`` rename suffix (bfcl, acebench): ``f__v2`` -> ``f``.

    Only a final ``__v`` followed by digits is a rename: ``a__vx`` stays as it is.
    """
    return _VERSION_SUFFIX.sub("", name)


def _label(position: int | None, line: int | None) -> str:
    if line is not None:
        return f"line {line}"
    return f"#{position + 1}" if position is not None else "definition"


def load_tool(
    definition: ToolSpec | Mapping[str, Any], *, position: int | None = None, line: int | None = None
) -> ToolSpec:
    """Turn one definition into a validated ``ToolSpec``.

    Accepts a ``ToolSpec``, a row of our data format, an OpenAI tool
    (``{"type": "function", "function": {...}}`` or the bare function dict), an Anthropic
    tool (``{"name", "description", "input_schema"}``), or an MCP tool
    (``{"name", "description", "inputSchema", "annotations"}``).

    Args:
        definition: The definition.
        position: Its 0-based index in a list; errors show it 1-based (``#1`` first).
        line: Its 1-based line in a tools file; errors name it (``line 3``).

    Raises:
        ToolSpecError: an empty or over-long name, a non-object schema, an unknown
            field, or a field of the wrong type.
    """
    data, where = _definition(definition, position, line)
    fields = _FORMATS[definition_format(data)](where, data)
    return _tool_spec(where, fields)


def _definition(
    definition: ToolSpec | Mapping[str, Any], position: int | None, line: int | None
) -> tuple[Mapping[str, Any], str]:
    """The definition as a mapping, and how errors name it (its name, else its place)."""
    if isinstance(definition, ToolSpec):
        try:
            data: Mapping[str, Any] = definition.to_dict()
        except RecursionError:
            where = repr(definition.name)
            raise _fail(where, "parameters", "<nested too deep>", f"at most {MAX_NESTING} levels of nesting") from None
    elif isinstance(definition, Mapping):
        data = definition
    else:
        raise _fail(_label(position, line), "definition", definition, "expected a mapping or a ToolSpec")

    function = data.get("function")
    raw_name = function.get("name") if isinstance(function, Mapping) else data.get("name")
    where = repr(shorten(raw_name, 80)) if isinstance(raw_name, str) and raw_name else f"#{(position or 0) + 1}"
    if "function" in data and not isinstance(function, Mapping):
        raise _fail(where, "function", function, "an OpenAI tool's 'function' must be an object with a 'name'")
    return data, where


def definition_format(data: Mapping[str, Any]) -> str:
    """The format a definition is written in (a key of ``_FORMATS``), by the keys that mark it."""
    if data.get("type") == "function" and isinstance(data.get("function"), Mapping):
        return "openai"
    if "input_schema" in data:
        return "anthropic"
    return "mcp" if "inputSchema" in data else "toolfilter"


def _openai_fields(where: str, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``{"type": "function", "function": {...}}``: the function's fields (``strict`` dropped).

    MCP ``annotations`` may sit beside ``type`` and ``function`` or inside ``function``, not both.
    """
    extra = _unknown(data, _OPENAI_OUTER)
    if extra is not None:
        raise _fail(
            where,
            str(extra),
            data[extra],
            f"{_mean(extra, data, _OPENAI_OUTER)}allowed fields of an OpenAI tool: {sorted(_OPENAI_OUTER)}",
        )
    function = data["function"]
    field = _unknown(function, _OPENAI_FIELDS)
    if field is not None:
        raise _fail(
            where,
            str(field),
            function[field],
            f"{_mean(field, function, _OPENAI_FIELDS)}allowed fields: {sorted(_OPENAI_FIELDS)}",
        )
    fields = {k: v for k, v in function.items() if k != "strict"}
    if "annotations" in data:
        if "annotations" in function:
            msg = "give annotations once: beside 'type' and 'function', or inside 'function'"
            raise _fail(where, "annotations", data["annotations"], msg)
        fields["annotations"] = data["annotations"]
    return fields


def _mcp_fields(where: str, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """An MCP tool (``name``, ``description`` or ``title``, ``inputSchema``, ``annotations``) as our fields."""
    field = _unknown(data, _MCP_FIELDS)
    if field is not None:
        raise _fail(
            where,
            str(field),
            data[field],
            f"{_mean(field, data, _MCP_FIELDS)}allowed fields of an MCP tool: {sorted(_MCP_FIELDS)}",
        )
    return {
        "name": data.get("name"),
        "description": data.get("description") or data.get("title") or "",
        "parameters": data.get("inputSchema"),
        "annotations": data.get("annotations") or {},
        "category": None,
        "tags": [],
    }


def _anthropic_fields(where: str, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """An Anthropic tool (``name``, ``description``, ``input_schema``) as our fields."""
    field = _unknown(data, _ANTHROPIC_FIELDS)
    if field is not None:
        raise _fail(
            where,
            str(field),
            data[field],
            f"{_mean(field, data, _ANTHROPIC_FIELDS)}allowed fields of an Anthropic tool: {sorted(_ANTHROPIC_FIELDS)}",
        )
    if data.get("type", "custom") != "custom":
        raise _fail(where, "type", data["type"], "an Anthropic tool with an input_schema is of type 'custom'")
    return {"name": data.get("name"), "description": data.get("description") or "", "parameters": data["input_schema"]}


def _own_fields(where: str, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A row of our data format (also an OpenAI tool's bare function dict), checked for unknown fields."""
    field = _unknown(data, _FIELDS | {"strict"})  # a bare OpenAI function may say "strict"
    other = _other_file(data) if field is not None else None
    if other is not None:
        raise ToolSpecError(f"tool {where}: this looks like {other}")
    if field is not None:
        close = _nearest_field(str(field), data)
        hint = f" (did you mean {close!r}?)" if close else _form_hint(str(field), data)
        raise _fail(where, str(field), data[field], f"unknown field{hint}; allowed: {sorted(_FIELDS)}")
    return {k: v for k, v in data.items() if k != "strict"} if "strict" in data else data


_PROFILES_FILE = (
    "a profiles file (rows of 'tool' and 'requests', and a 'no_tool' list), not tool definitions: give it as the "
    "profiles (--profiles; profiles= in Python)"
)
_OTHER_FILES: tuple[tuple[frozenset[str], str], ...] = (
    (
        frozenset({"query", "gold"}),
        "a queries file (rows of 'query' and 'gold': labelled requests), not tool definitions: give it as "
        "--queries (read_queries), and the tools as --tools",
    ),
    (frozenset({"no_tool"}), _PROFILES_FILE),
    (frozenset({"tool", "requests"}), _PROFILES_FILE),
    (
        frozenset({"prompt_version", "messages"}),
        "a prompts file of `toolfilter profiles export` (rows of 'prompt_version' and 'messages'), not tool "
        "definitions: give each row's messages to a model, then `toolfilter profiles import`; the tools file is "
        "the one given to export",
    ),
    (
        frozenset({"id", "messages"}),
        "a conversations file (rows of 'id' and 'messages'), not tool definitions: give it as --conversations",
    ),
    (
        frozenset({"id", "answer"}),
        "a model's answers to the prompts of `toolfilter profiles export` (rows of 'id' and 'answer'), not tool "
        "definitions: give them to `toolfilter profiles import`",
    ),
)
"""Files a user gives as tools by mistake: the fields that tell each, and what to say (the first that fits)."""


def _other_file(data: Mapping[str, Any]) -> str | None:
    """What another of the library's files a row with unknown fields is, and where it goes; None if none."""
    return next((said for fields, said in _OTHER_FILES if fields <= data.keys()), None)


def _form_hint(field: str, data: Mapping[str, Any]) -> str:
    """What to write where a row is a tool of another format less its marker: an OpenAI ``function`` without ``type``.

    ``{"function": {...}}`` reads as our format, whose fields it lacks; the OpenAI form is
    ``{"type": "function", "function": {...}}``.
    """
    if field == "function" and isinstance(data.get("function"), Mapping) and "type" not in data:
        return ' (an OpenAI tool says its type: {"type": "function", "function": {...}})'
    return ""


_STAND_INS = {
    "description": ("desc", "descr", "summary", "doc", "docs", "docstring", "help", "about"),
    "parameters": ("params", "args", "arguments", "schema", "inputschema", "input_schema", "input", "inputs"),
    "category": ("domain", "group", "namespace", "cat"),
    "triggers": ("trigger", "examples", "phrases", "utterances"),
}
"""Keys people put in place of a field of a tool, lower-cased."""


def _nearest_field(field: str, data: Mapping[str, Any]) -> str | None:
    """The known field an unknown ``field`` most likely stands for, among those ``data`` lacks; or None.

    A usual stand-in (``desc``), a prefix of one (``param``) or a close spelling (``descriptoin``).
    """
    missing = sorted(_FIELDS - set(data))
    key = field.lower()
    stand_in = [k for k in missing if key in _STAND_INS.get(k, ())]
    prefix = [k for k in missing if len(key) >= 3 and (k.startswith(key) or key.startswith(k))]
    close = stand_in or prefix or difflib.get_close_matches(key, missing, n=1)
    return close[0] if close else None


_FORMATS: dict[str, Callable[[str, Mapping[str, Any]], Mapping[str, Any]]] = {
    "openai": _openai_fields,
    "mcp": _mcp_fields,
    "anthropic": _anthropic_fields,
    "toolfilter": _own_fields,
}
"""Each definition format's reader: its fields as our data format's, unknown ones refused."""


def _tool_spec(where: str, data: Mapping[str, Any]) -> ToolSpec:
    """Check our data format's fields and build the ``ToolSpec``."""
    name = data.get("name")
    if name is None:
        raise ToolSpecError(f"tool {where}: field 'name' is missing (or null); a tool needs a non-empty string name")
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
    _check_hints(where, annotations)
    parameters = _check_schema(where, "parameters", data.get("parameters"))
    _check_json(where, "parameters", parameters)
    return ToolSpec(
        name=name,
        description=description,
        parameters=parameters,
        category=category,
        tags=_strings(where, "tags", data.get("tags")),
        triggers=_triggers(where, data.get("triggers")),
        annotations=annotations,
        profile=read_profile(where, data.get("profile")),
    )


def load_tools(
    definitions: Iterable[ToolSpec | Mapping[str, Any]],
    *,
    strict_names: bool = False,
    lines: Sequence[int] | None = None,
    source: str = "",
) -> list[ToolSpec]:
    """Validate many definitions; duplicate names are refused.

    Names that model providers reject (``PROVIDER_NAME_RULE``) and empty descriptions give
    one ``ToolSpecWarning`` for the whole list, naming each tool.

    Args:
        definitions: The definitions, in registry order.
        strict_names: Refuse names providers reject (``ToolSpecError``) instead of warning.
        lines: Each definition's 1-based line in a file, for the messages.
        source: What the definitions were read from (``tools file 'x.jsonl'``), for the messages.

    Raises:
        ToolSpecError: the first malformed definition, a name given twice, or with
            ``strict_names`` a name providers reject.
    """
    if isinstance(definitions, Mapping | str | bytes | os.PathLike):
        msg = f"tools: expected a list of tool definitions, got a single {type(definitions).__name__}"
        if isinstance(definitions, str | os.PathLike):
            msg += (
                f" ({excerpt(str(definitions))}); for a tools file, pass read_tools_file({excerpt(str(definitions))})"
            )
        raise ToolSpecError(msg)
    tools: list[ToolSpec] = []
    seen: dict[str, str] = {}
    bad_names: list[str] = []
    undescribed: list[str] = []
    prefix = f"{source}: " if source else ""
    for position, definition in enumerate(definitions):
        try:
            tool = load_tool(definition, position=position)
        except ToolSpecError as error:
            error.position = position  # type: ignore[attr-defined]  # read_tools_file names the line
            raise
        label = f"line {lines[position]}" if lines is not None else f"#{position + 1}"
        if tool.name in seen:
            msg = (
                f"tool {tool.name!r}: field 'name' is used by definitions {seen[tool.name]} and "
                f"{label}; names must be unique"
            )
            duplicate = ToolSpecError(msg)
            duplicate.position = position  # type: ignore[attr-defined]
            raise duplicate
        seen[tool.name] = label
        problem = name_problem(tool.name)
        if problem is not None:
            bad_names.append(f"{tool.name!r} ({label}: {problem})")
        if not tool.description.strip():
            undescribed.append(f"{tool.name!r} ({label})")
        tools.append(tool)
    _report(bad_names, undescribed, prefix, strict_names)
    return tools


def _shown(items: list[str]) -> str:
    more = f", and {len(items) - _MAX_SHOWN} more" if len(items) > _MAX_SHOWN else ""
    return ", ".join(items[:_MAX_SHOWN]) + more


def _report(bad_names: list[str], undescribed: list[str], prefix: str, strict: bool) -> None:
    if bad_names:
        msg = (
            f"{prefix}{len(bad_names)} tool name(s) that model providers reject (OpenAI, Anthropic and Gemini "
            f"accept only {PROVIDER_NAME_RULE}: letters, digits, _ and -, at most 64 characters): "
            f"{_shown(bad_names)}; rename them"
        )
        if strict:
            raise ToolSpecError(msg)
        warn_at_caller(msg + " (strict_names=True refuses them)", ToolSpecWarning)
    if undescribed:
        msg = (
            f"{prefix}{len(undescribed)} tool(s) without a description: {_shown(undescribed)}; only the name "
            "and parameters are embedded, so requests phrased otherwise will not find them; add a description"
        )
        warn_at_caller(msg, ToolSpecWarning)


def load_tools_once(tools: Iterable[ToolSpec | Mapping[str, Any]]) -> list[ToolSpec]:
    """``load_tools``, without warning again about definitions that are already ``ToolSpec``s.

    Those were warned about where they were read (``read_tools_file``, ``load_tools``, the
    adapters); warning again at every ``ToolFilter``, ``set_tools`` and ``fit_config`` repeated the message.
    """
    if isinstance(tools, Mapping | str | bytes | os.PathLike):  # one definition or a path: load_tools says so
        return load_tools(tools)
    items = list(tools)
    if items and all(isinstance(t, ToolSpec) for t in items):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ToolSpecWarning)
            return load_tools(items)
    return load_tools(items)


TOOLS_FILE_FORMATS = (
    "a tools file is JSON Lines (one definition a line), a JSON array or MCP tools/list result "
    "(.json), or YAML (.yaml/.yml) holding the same; a definition is toolfilter's, OpenAI's, Anthropic's or MCP's"
)
"""The formats ``read_tools_file`` reads, as its errors name them."""


def read_tools_file(path: str | Path, *, strict_names: bool = False) -> list[ToolSpec]:
    """Read tools from JSON Lines (one definition a line), a JSON array / MCP result, or YAML.

    A JSON file may hold a list of definitions, or an MCP ``tools/list`` result
    (``{"tools": [...]}``, optionally inside ``{"result": ...}``). JSON Lines rows end at
    a line feed only: U+2028, U+2029 and U+0085 inside a description are ordinary characters.

    Args:
        path: The file.
        strict_names: Refuse names model providers reject instead of warning (see ``load_tools``).

    Raises:
        ToolSpecError: unreadable file, not UTF-8, bad JSON, nesting deeper than 128 levels,
            a number too long to read, or a bad tool; the message names the file, the
            1-based line and the field.
    """
    path = Path(path)
    shown = repr(str(path))
    text = read_file_text(path, "tools file", ToolSpecError)
    stripped = text.lstrip()
    yaml_file = path.suffix.lower() in (".yaml", ".yml")
    if yaml_file or stripped.startswith("[") or (stripped.startswith("{") and path.suffix == ".json"):
        try:
            data = parse_yaml(text) if yaml_file else parse_json(text)
        except FileProblem as problem:
            raise ToolSpecError(f"tools file {shown}: {problem.where()}{problem.message}") from None
        found = _tools_list(data)
        if found is None:
            msg = (
                f"tools file {shown}: expected a list of tools or an MCP tools/list result "
                f'({{"tools": [...]}} or {{"result": {{"tools": [...]}}}}), got {excerpt(data)}'
            )
            raise ToolSpecError(msg)
        key, definitions = found
        try:
            return load_tools(definitions, strict_names=strict_names, source=f"tools file {shown}")
        except ToolSpecError as error:
            line = _element_line(text, key, error)
            raise ToolSpecError(f"tools file {shown}: {line}{error}") from None
    rows: list[Any] = []
    numbers: list[int] = []
    try:
        for number, row in json_lines(text):
            rows.append(row)
            numbers.append(number)
    except FileProblem as problem:
        said = csv_problem(path, text) or f"{problem.where()}{problem.message}"
        raise ToolSpecError(f"tools file {shown}: {said}; {TOOLS_FILE_FORMATS}") from None
    try:
        return load_tools(rows, strict_names=strict_names, lines=numbers, source=f"tools file {shown}")
    except ToolSpecError as error:
        position = getattr(error, "position", None)
        line = f"line {numbers[position]}: " if isinstance(position, int) and position < len(numbers) else ""
        raise ToolSpecError(f"tools file {shown}: {line}{error}") from None


def write_tools_file(tools: Iterable[ToolSpec], path: str | Path) -> Path:
    """Write tools to a JSON Lines file that ``read_tools_file`` reads back as the same ``ToolSpec``s.

    Public as ``ToolFilter.write_tools``. One definition a line, UTF-8: OpenAI's function fields
    (``name``, ``description``, ``parameters``) and toolfilter's beside them (``category``,
    ``tags``, ``triggers``, ``annotations``, ``profile``), as ``ToolSpec.to_dict`` writes them. An
    existing file is overwritten.

    Raises:
        ToolSpecError: the file cannot be written (no such folder, a folder, no permission); the
            message names the file.
    """
    text = "".join(json.dumps(spec.to_dict(), ensure_ascii=False) + "\n" for spec in tools)
    path = Path(path)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as problem:
        msg = f"tools file {str(path)!r}: cannot write it ({problem.strerror or problem})"
        raise ToolSpecError(msg) from None
    return path


def _tools_list(data: Any) -> tuple[tuple[str, ...], list[Any]] | None:
    """Where the list of tools is in a JSON file: the file itself, ``tools`` or ``result.tools``."""
    if isinstance(data, list):
        return (), data
    if not isinstance(data, Mapping):
        return None
    result = data.get("result")
    if isinstance(result, Mapping) and isinstance(result.get("tools"), list):
        return ("result", "tools"), result["tools"]
    if isinstance(data.get("tools"), list):
        return ("tools",), data["tools"]
    return None


def _element_line(text: str, key: tuple[str, ...], error: ToolSpecError) -> str:
    """``line N: `` of the definition an error is about (a JSON file's list element)."""
    position = getattr(error, "position", None)
    if not isinstance(position, int):
        return ""
    try:
        lines = scan_json(text).get(key, [])
    except FileProblem:
        return ""
    return f"line {lines[position]}: " if position < len(lines) else ""


def bundled_tools_path() -> Path:
    """Path of the bundled ``toolkit48/tools.jsonl``."""
    return Path(str(resources.files("toolfilter_core").joinpath("data/toolkit48/tools.jsonl")))


def load_bundled_tools() -> list[ToolSpec]:
    """The 48 tools of the bundled kit, validated."""
    return read_tools_file(bundled_tools_path())
