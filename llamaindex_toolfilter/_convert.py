"""Turning LlamaIndex tools into the core's ``ToolSpec`` and nodes with stable ids."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from llama_index.core.objects import SimpleToolNodeMapping
from llama_index.core.schema import TextNode
from llama_index.core.tools import BaseTool

from toolfilter_core import ToolSpec, load_tool

__all__ = [
    "METADATA_KEYS",
    "NodeIdCache",
    "ToolMetadataExtras",
    "ToolNodeMapping",
    "node_id",
    "spec_node",
    "tool_name",
    "tool_to_spec",
    "tools_to_specs",
]

METADATA_KEYS = ("annotations", "category", "tags", "triggers")
"""What ``metadata={tool_name: {...}}`` may give for a tool: what ``ToolMetadata`` lacks."""

ToolMetadataExtras = Mapping[str, Mapping[str, Any]]
"""``{tool_name: {"category": str, "tags": [...], "triggers": [...], "annotations": {...}}}``."""


def tool_name(tool: BaseTool) -> str:
    """The name a model calls ``tool`` by.

    Raises:
        ValueError: ``tool`` is not a LlamaIndex ``BaseTool`` or has no name.
    """
    if not isinstance(tool, BaseTool):
        msg = (
            f"tools: expected LlamaIndex tools (BaseTool, e.g. FunctionTool or "
            f"QueryEngineTool), got {type(tool).__name__}: {tool!r:.80}"
        )
        raise ValueError(msg)
    name = tool.metadata.name
    if not isinstance(name, str) or not name.strip():
        msg = (
            f"tools: a {type(tool).__name__} has no name (metadata.name={name!r}); "
            "give it one, e.g. FunctionTool.from_defaults(fn, name='...')"
        )
        raise ValueError(msg)
    return name


def _strings(name: str, key: str, value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, Iterable) and all(isinstance(v, str) for v in value):
        return tuple(value)
    msg = f"metadata[{name!r}][{key!r}]: expected a string or a list of strings, got {value!r:.80}"
    raise ValueError(msg)


def tool_to_spec(tool: BaseTool, extras: Mapping[str, Any] | None = None) -> ToolSpec:
    """Describe a LlamaIndex tool as a core ``ToolSpec``.

    Name and description come from ``tool.metadata``; the parameters are the JSON Schema
    of ``tool.metadata.get_parameters_dict()`` (built from ``fn_schema``). ``ToolMetadata``
    has no category, tags or triggers, so ``extras`` supplies them.

    Args:
        tool: Any LlamaIndex ``BaseTool`` (``FunctionTool``, ``QueryEngineTool``, ...).
        extras: Optional ``{"category": str, "tags": [...], "triggers": [...],
            "annotations": {...}}`` for this tool.

    Returns:
        The validated tool definition.

    Raises:
        ValueError: The tool has no name, ``extras`` has an unknown key or a value of the
            wrong type, or the core refuses the definition (``ToolSpecError``).
    """
    name = tool_name(tool)
    extras = extras or {}
    unknown = sorted(set(extras) - set(METADATA_KEYS))
    if unknown:
        msg = f"metadata[{name!r}]: unknown keys {unknown}; allowed keys: {list(METADATA_KEYS)}"
        raise ValueError(msg)
    try:
        parameters = tool.metadata.get_parameters_dict()
    except Exception as error:  # a schema pydantic cannot render
        msg = f"tool {name!r}: cannot build the JSON Schema of its fn_schema: {error}"
        raise ValueError(msg) from error
    category = extras.get("category")
    if category is not None and not isinstance(category, str):
        msg = f"metadata[{name!r}]['category']: expected a string, got {category!r:.80}"
        raise ValueError(msg)
    row: dict[str, Any] = {
        "name": name,
        "description": tool.metadata.description or "",
        "parameters": parameters,
        "category": category,
        "tags": list(_strings(name, "tags", extras.get("tags"))),
        "triggers": list(_strings(name, "triggers", extras.get("triggers"))),
    }
    if extras.get("annotations"):
        row["annotations"] = extras["annotations"]
    return load_tool(row)


def tools_to_specs(tools: Sequence[BaseTool], metadata: ToolMetadataExtras | None = None) -> list[ToolSpec]:
    """Convert every tool, checking that names are unique and ``metadata`` names real tools.

    Raises:
        ValueError: A duplicate tool name, a ``metadata`` entry for no tool, or a bad tool.
    """
    metadata = metadata or {}
    if not isinstance(metadata, Mapping):
        msg = f"metadata: expected {{tool_name: {{...}}}}, got {type(metadata).__name__}"
        raise ValueError(msg)
    seen: set[str] = set()
    for tool in tools:
        name = tool_name(tool)
        if name in seen:
            msg = f"tools: two tools are named {name!r}; the model calls tools by name, so names must be unique"
            raise ValueError(msg)
        seen.add(name)
    stray = sorted(set(metadata) - seen)
    if stray:
        msg = f"metadata: no tool is named {stray}; tools: {sorted(seen)}"
        raise ValueError(msg)
    specs = []
    for tool in tools:
        extras = metadata.get(tool_name(tool))
        if extras is not None and not isinstance(extras, Mapping):
            msg = f"metadata[{tool_name(tool)!r}]: expected a mapping, got {extras!r:.80}"
            raise ValueError(msg)
        specs.append(tool_to_spec(tool, extras))
    return specs


def node_id(spec: ToolSpec) -> str:
    """A node id derived from the tool's indexed content: same tool, same id, any process."""
    return f"toolfilter-{spec.content_hash()}"


class NodeIdCache:
    """``node_id(spec)`` and ``spec.document()`` per tool name, computed once per spec object.

    The id hashes the tool's whole definition (a JSON dump and SHA-256), too slow to redo
    for every selected tool on every call. An entry is reused only for the very spec object
    it was computed from (checked with ``is``; ``ToolSpec`` is frozen), so a changed tool
    under the same name gets its new id. The ids are exactly ``node_id``'s.
    """

    def __init__(self) -> None:
        """An empty cache; it holds at most one entry per tool name."""
        self._entries: dict[str, tuple[ToolSpec, str, str]] = {}

    def id_and_text(self, spec: ToolSpec) -> tuple[str, str]:
        """``(node_id(spec), spec.document())``, from the cache when ``spec`` is the cached object."""
        entry = self._entries.get(spec.name)
        if entry is None or entry[0] is not spec:
            entry = (spec, node_id(spec), spec.document())
            self._entries[spec.name] = entry
        return entry[1], entry[2]


class ToolNodeMapping(SimpleToolNodeMapping):
    """The stock name-keyed tool mapping, with content-derived node ids instead of ``hash()``.

    ``from_node`` is the stock one: ``node.metadata["name"]`` to your tool object.
    """

    def __init__(self, objs: Sequence[BaseTool] | None = None, specs: Mapping[str, ToolSpec] | None = None) -> None:
        """Map ``objs`` by name; ``specs`` are their indexed definitions, by name."""
        super().__init__(objs)
        self._specs = dict(specs or {})

    def to_node(self, tool: BaseTool) -> TextNode:
        """A node for ``tool`` whose id is the same in every process."""
        spec = self._specs.get(tool_name(tool)) or tool_to_spec(tool)
        return spec_node(spec)


def spec_node(spec: ToolSpec, extra: Mapping[str, Any] | None = None, *, cache: NodeIdCache | None = None) -> TextNode:
    """The node standing for ``spec``: text is its indexed document, ``metadata["name"]`` its name.

    Args:
        spec: The tool's indexed definition.
        extra: More node metadata.
        cache: Where to reuse the id and text from; None: compute them.
    """
    metadata: dict[str, Any] = {"name": spec.name, "category": spec.category}
    metadata.update(extra or {})
    id_, text = cache.id_and_text(spec) if cache is not None else (node_id(spec), spec.document())
    return TextNode(
        id_=id_,
        text=text,
        metadata=metadata,
        excluded_embed_metadata_keys=list(metadata),
        excluded_llm_metadata_keys=list(metadata),
    )
