"""Anthropic's tool search with toolfilter as the search, for direct Messages API users.

Anthropic's tool search lets the client run its own search: every tool is sent with
``"defer_loading": true`` (so its definition stays out of the model's context), beside one
tool that is not deferred, the search; when the model calls the search, the client answers
with a ``tool_result`` whose content is ``tool_reference`` blocks naming the tools found, and
the API loads those definitions for the model. The tools block then never changes, so the
prompt cache is never rewritten by a new tool set. Here the search is toolfilter's selection
(profiles, gates and all); a tool the gates refuse is never referenced.

Format: "Tool search tool", custom client-side implementation,
https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from ._exceptions import ConfigError
from ._types import Selection

if TYPE_CHECKING:
    from ._filter import ToolFilter
    from ._policy import Policy

__all__ = ["TOOL_SEARCH_NAME", "anthropic_search_result", "anthropic_tools"]

TOOL_SEARCH_NAME = "tool_search"
_SEARCH_DESCRIPTION = (
    "Search the available tools by what you need to do, in plain words (any language). "
    "Returns the tools that fit; their definitions are then loaded and you can call them."
)


def _search_tool(name: str) -> dict[str, Any]:
    schema = {
        "type": "object",
        "properties": {"query": {"type": "string", "description": "What you need a tool for, in plain words."}},
        "required": ["query"],
    }
    return {"name": name, "description": _SEARCH_DESCRIPTION, "input_schema": schema}


def anthropic_tools(
    tool_filter: ToolFilter, *, loaded: Collection[str] = (), search_name: str = TOOL_SEARCH_NAME
) -> list[dict[str, Any]]:
    """The ``tools`` of a Messages API request: every tool deferred, then the search tool.

    Args:
        tool_filter: The registry and its selection.
        loaded: Tools sent loaded (not deferred), e.g. the few the agent always uses.
        search_name: The search tool's name.

    Raises:
        ConfigError: ``search_name`` is also a tool's name.
    """
    names = {t.name for t in tool_filter.tools}
    if search_name in names:
        raise ConfigError(f"search_name: {search_name!r} is already a tool's name; allowed: a name no tool has")
    out: list[dict[str, Any]] = []
    for tool in tool_filter.tools:
        entry: dict[str, Any] = {
            "name": tool.name,
            "description": tool.description,
            "input_schema": tool.to_openai()["function"]["parameters"],
        }
        if tool.name not in loaded:
            entry["defer_loading"] = True
        out.append(entry)
    out.append(_search_tool(search_name))
    return out


def anthropic_search_result(
    tool_filter: ToolFilter,
    tool_use_id: str,
    query: str,
    *,
    policy: Policy | None = None,
    top_k: int | None = None,
) -> tuple[dict[str, Any], Selection]:
    """The ``tool_result`` block answering the model's call of the search tool, and the selection.

    Its content is one ``tool_reference`` block per tool toolfilter selects for ``query``
    (best first), or a text block saying nothing fit.

    Args:
        tool_filter: The registry and its selection.
        tool_use_id: The id of the model's ``tool_use`` block.
        query: The search tool's ``query`` input.
        policy: What this caller may use (the gates apply as for any selection).
        top_k: At most this many tools (default ``config.top_k``).
    """
    selection = tool_filter.select(query, policy=policy, top_k=top_k)
    content: list[dict[str, Any]] = [{"type": "tool_reference", "tool_name": name} for name in selection.names]
    if not content:
        content = [{"type": "text", "text": f"No tool fits {query[:200]!r}; search again in other words."}]
    return {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}, selection
