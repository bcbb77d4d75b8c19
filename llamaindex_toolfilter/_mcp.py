"""MCP servers' tools as LlamaIndex tools, registered in a core ``McpRegistry``.

``load_mcp_tools`` lists each server's client (``llama-index-tools-mcp``'s ``BasicMCPClient``
or any ``mcp.ClientSession``), makes one ``FunctionTool`` per MCP tool the way ``McpToolSpec``
does (its JSON-Schema model, a call by the tool's own name on its own client), named as the
registry names it (``server__tool``), and registers the lot in one re-index. Pass the tools
and ``registry.tool_filter`` to ``ToolFilterRetriever``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from llama_index.core.tools import FunctionTool, ToolMetadata

from toolfilter_core import IndexReport, McpRegistry, mcp_definition

__all__ = ["load_mcp_tools", "mcp_function_tool"]


def mcp_function_tool(client: Any, tool: Any, name: str | None = None) -> FunctionTool:
    """A ``FunctionTool`` that calls one MCP tool on its client, as ``McpToolSpec`` builds it.

    Args:
        client: A ``BasicMCPClient`` or an initialized ``mcp.ClientSession``.
        tool: The tool as the client listed it (``mcp.types.Tool`` or its dict).
        name: The name the model calls it by; None: the server's own name.
    """
    from llama_index.tools.mcp import McpToolSpec

    definition = mcp_definition(tool)
    own_name = str(definition["name"])
    schema = McpToolSpec(client).create_model_from_json_schema(
        dict(definition["inputSchema"]), model_name=f"{name or own_name}_Schema"
    )

    async def call(**arguments: Any) -> Any:
        return await client.call_tool(own_name, arguments)

    metadata = ToolMetadata(
        name=name or own_name, description=str(definition.get("description") or ""), fn_schema=schema
    )
    return FunctionTool.from_defaults(async_fn=call, tool_metadata=metadata)


async def load_mcp_tools(
    registry: McpRegistry, clients: Mapping[str, Any], *, only_changed: bool = False, timeout: float | None = 30.0
) -> tuple[list[FunctionTool], IndexReport]:
    """List the servers, register their tools, and return every registered tool.

    A server that fails (or is given as None) is left out with a warning naming it, the others
    serve (see ``McpRegistry.refresh``); a registered
    server missing from ``clients`` is removed (unless ``only_changed``). Only changed
    tools are embedded.

    Args:
        registry: The registry to fill (``ToolFilterRetriever(registry.tool_filter, tools)``).
        clients: Server name to its client, or None.
        only_changed: Re-list only servers in ``registry.changed``.
        timeout: Seconds one server's ``tools/list`` may take before it is marked down.

    Returns:
        The LlamaIndex tools of every registered server, and what the re-index did.
    """

    def make(server: str, name: str, tool: Any) -> FunctionTool:
        return mcp_function_tool(clients[server], tool, name)

    report = await registry.refresh(clients, only_changed=only_changed, make_object=make, timeout=timeout)
    return list(registry.all_objects()), report
