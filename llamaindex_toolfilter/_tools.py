"""Describe LlamaIndex tools as the core's ``ToolSpec``.

Name, description and JSON Schema come from ``tool.metadata``; category, tags, triggers and
annotations, which ``ToolMetadata`` lacks, come from ``metadata={tool_name: {...}}``,
checked by the core (one key set with the LangChain adapter, ``ToolSpecError``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from llama_index.core.tools import BaseTool

from toolfilter_core import ToolSpec, ToolSpecError, load_tool, load_tools
from toolfilter_core.integration import ToolExtras, check_extras, check_tool_extras, extras_fields

__all__ = ["ToolMetadataExtras", "tool_name", "tool_to_spec", "tools_to_specs"]

ToolMetadataExtras = ToolExtras
"""``{tool_name: {"category": str, "tags": [...], "triggers": [...], "annotations": {...}}}``."""


def tool_name(tool: BaseTool) -> str:
    """The name a model calls ``tool`` by.

    Raises:
        ToolSpecError: ``tool`` is not a LlamaIndex ``BaseTool`` or has no name (a ``ValueError``).
    """
    if not isinstance(tool, BaseTool):
        msg = (
            f"tools: expected LlamaIndex tools (BaseTool, e.g. FunctionTool or "
            f"QueryEngineTool), got {type(tool).__name__}: {tool!r:.80}"
        )
        raise ToolSpecError(msg)
    name = tool.metadata.name
    if not isinstance(name, str) or not name.strip():
        msg = (
            f"tools: a {type(tool).__name__} has no name (metadata.name={name!r}); "
            "give it one, e.g. FunctionTool.from_defaults(fn, name='...')"
        )
        raise ToolSpecError(msg)
    return name


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
        ValueError: The tool has no name.
        ToolSpecError: ``extras`` is not a mapping, has an unknown key or a value of the
            wrong type, or the core refuses the definition (a ``ValueError`` too).
    """
    name = tool_name(tool)
    extras = check_tool_extras(name, extras if extras is not None else {})
    try:
        parameters = tool.metadata.get_parameters_dict()
    except Exception as error:  # a schema pydantic cannot render
        msg = f"tool {name!r}: cannot build the JSON Schema of its fn_schema: {error}"
        raise ToolSpecError(msg) from error
    row: dict[str, Any] = {
        "name": name,
        "description": tool.metadata.description or "",
        "parameters": parameters,
        **extras_fields(f"metadata[{name!r}]", extras),
    }
    return load_tool(row)


def tools_to_specs(tools: Sequence[BaseTool], metadata: ToolMetadataExtras | None = None) -> list[ToolSpec]:
    """Convert every tool, checking that names are unique and ``metadata`` names real tools.

    Raises:
        ToolSpecError: A duplicate tool name, a bad tool, a ``metadata`` entry for no tool,
            or bad extras (a ``ValueError`` too).
    """
    seen: set[str] = set()
    for tool in tools:
        name = tool_name(tool)
        if name in seen:
            msg = f"tools: two tools are named {name!r}; the model calls tools by name, so names must be unique"
            raise ToolSpecError(msg)
        seen.add(name)
    checked = check_extras(metadata, seen)
    # the core's load warnings: names providers reject, no description
    return load_tools([tool_to_spec(tool, checked.get(tool_name(tool))) for tool in tools])
