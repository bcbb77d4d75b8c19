"""MCP servers' tools as LangChain tools, registered in a core ``McpRegistry``.

``load_mcp_tools`` lists each open ``mcp.ClientSession`` (the ``mcp`` SDK), makes one
``StructuredTool`` per MCP tool, named as the registry names it (``server__tool``), that calls
the tool by its own name on its own session, and registers the lot in one re-index. Hand the
tools to ``create_agent`` and ``ToolFilterMiddleware(tool_filter=registry.tool_filter)``.

(``langchain-mcp-adapters`` 0.3 needs ``mcp<2``, while ``llama-index-tools-mcp`` 0.5+ needs
``mcp>=2``; this module uses the SDK directly, so it works with either major version.)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from langchain_core.tools import BaseTool, StructuredTool, ToolException

from toolfilter_core import IndexReport, McpRegistry, mcp_definition

__all__ = ["load_mcp_tools", "mcp_tool"]


def _text(result: Any) -> str:
    """The text an MCP ``CallToolResult`` carries (structured content as JSON when there is no text)."""
    parts = [getattr(block, "text", None) for block in getattr(result, "content", None) or []]
    texts = [p for p in parts if isinstance(p, str)]
    if texts:
        return "\n".join(texts)
    structured = getattr(result, "structured_content", None) or getattr(result, "structuredContent", None)
    return json.dumps(structured, ensure_ascii=False) if structured is not None else ""


def mcp_tool(session: Any, tool: Any, name: str | None = None) -> StructuredTool:
    """A LangChain tool that calls one MCP tool on its session.

    Args:
        session: An initialized ``mcp.ClientSession`` (kept open while the agent runs).
        tool: The tool as the session listed it (``mcp.types.Tool`` or its dict).
        name: The name the model calls it by; None: the server's own name.

    Returns:
        A ``StructuredTool`` whose schema is the tool's ``inputSchema``; a tool error, and
        a server that fails during the call (it died: ``Connection closed``), come back to
        the model as a ``ToolException`` message instead of ending the agent run.
    """
    definition = mcp_definition(tool)
    own_name = str(definition["name"])

    async def call(**arguments: Any) -> str:
        try:
            result = await session.call_tool(own_name, arguments)
        except Exception as error:  # the server died or broke the protocol: the model is told, the run goes on
            msg = f"MCP tool {own_name!r} could not be called: {type(error).__name__}: {error}"
            raise ToolException(msg) from error
        text = _text(result)
        if getattr(result, "is_error", None) or getattr(result, "isError", None):
            raise ToolException(text or f"MCP tool {own_name!r} failed")
        return text

    return StructuredTool(
        name=name or own_name,
        description=str(definition.get("description") or definition.get("title") or ""),
        args_schema=dict(definition["inputSchema"]),
        coroutine=call,
        handle_tool_error=True,
        metadata={"mcp_tool": own_name, "annotations": dict(definition.get("annotations") or {})},
    )


async def load_mcp_tools(
    registry: McpRegistry, sessions: Mapping[str, Any], *, only_changed: bool = False, timeout: float | None = 30.0
) -> tuple[list[BaseTool], IndexReport]:
    """List the servers, register their tools, and return every registered tool.

    A server that fails (or is given as None) is left out with a warning naming it, the others
    serve (see ``McpRegistry.refresh``); a registered
    server missing from ``sessions`` is removed (unless ``only_changed``, which re-lists
    only the servers that announced a change). Only changed tools are embedded.

    Args:
        registry: The registry to fill (its ``tool_filter`` serves the middleware).
        sessions: Server name to an initialized ``mcp.ClientSession``, or None.
        only_changed: Re-list only servers in ``registry.changed``.
        timeout: Seconds one server's ``tools/list`` may take before it is marked down.

    Returns:
        The LangChain tools of every registered server, and what the re-index did.
    """

    def make(server: str, name: str, tool: Any) -> StructuredTool:
        return mcp_tool(sessions[server], tool, name)

    report = await registry.refresh(sessions, only_changed=only_changed, make_object=make, timeout=timeout)
    return list(registry.all_objects()), report
