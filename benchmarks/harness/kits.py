"""The bundled kit's rows as the framework tools an application would hold (LangChain, LlamaIndex).

The adapter benchmark and the adapters' integration tests build the kit's tools the same way,
with these. Each function imports its framework when called.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from toolfilter_core import ToolSpec

if TYPE_CHECKING:
    from langchain_core.tools import StructuredTool
    from llama_index.core.tools import FunctionTool

__all__ = ["kit_function_tool", "kit_structured_tool"]


def kit_structured_tool(spec: ToolSpec) -> StructuredTool:
    """One row of the bundled 48-tool kit as the StructuredTool an application would have."""
    from langchain_core.tools import StructuredTool

    def run(**kwargs: Any) -> str:
        return f"{spec.name} done: {kwargs}"

    return StructuredTool.from_function(
        func=run,
        name=spec.name,
        description=spec.description,
        args_schema=dict(spec.parameters),
        metadata={"category": spec.category, "triggers": list(spec.triggers)},
        tags=list(spec.tags),
    )


_JSON_TYPES: dict[str, Any] = {
    "string": str,
    "integer": int,
    "number": float,
    "boolean": bool,
    "array": list,
    "object": dict,
}


def kit_function_tool(spec: ToolSpec) -> FunctionTool:
    """One row of the bundled 48-tool kit as a FunctionTool with its name, description and arguments."""
    from llama_index.core.bridge.pydantic import Field
    from llama_index.core.tools import FunctionTool
    from pydantic import BaseModel, create_model

    parameters = spec.parameters or {}
    required = set(parameters.get("required", []))
    fields: dict[str, Any] = {}
    for arg, prop in (parameters.get("properties") or {}).items():
        kind = _JSON_TYPES.get(prop.get("type"), str)
        # an argument called e.g. "schema" would shadow a BaseModel attribute: alias it
        field = f"{arg}_" if hasattr(BaseModel, arg) else arg
        if arg in required:
            fields[field] = (kind, Field(alias=arg, description=prop.get("description")))
        else:
            fields[field] = (kind | None, Field(default=None, alias=arg, description=prop.get("description")))
    schema = create_model(f"{spec.name}_args", **fields)

    def run(**kwargs: Any) -> str:
        return json.dumps({"tool": spec.name, "args": kwargs}, ensure_ascii=False)

    return FunctionTool.from_defaults(fn=run, name=spec.name, description=spec.description, fn_schema=schema)
