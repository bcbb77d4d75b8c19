"""``find_tools``: a small tool that lets the model search the registry itself.

It is offered when a selection is empty or low-confidence (and while the model is still
searching). It answers with the matching tools' names and descriptions, and returns their
names as the ``ToolMessage.artifact``; the selector reads that artifact back from the
conversation and brings those tools into the next model call.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from toolfilter_core import Selection

__all__ = ["FIND_TOOLS_NAME", "found_message", "make_find_tools"]

FIND_TOOLS_NAME = "find_tools"
"""The search tool's name; no registry tool may use it while ``find_tools`` is on."""

_DESCRIPTION = (
    "Search the full tool registry when none of the tools you have fits the request. "
    "Describe the action you need in a few words, in any language (e.g. 'send an email', "
    "'查询数据库'). The tools found become available on your next step."
)

Search = Callable[[str], tuple[str, list[str]]]
ASearch = Callable[[str], Awaitable[tuple[str, list[str]]]]


class FindToolsInput(BaseModel):
    """Arguments of ``find_tools``."""

    query: str = Field(description="The action you need a tool for, in a few words.")


def found_message(query: str, selection: Selection) -> tuple[str, list[str]]:
    """The tool's answer for a selection: readable text, and the names as the artifact."""
    if not selection.selected:
        text = f"No tool in the registry matches {query!r}. Try other words, or answer without a tool."
        return text, []
    lines = [f"Found {len(selection.selected)} tool(s); you can call them on your next step:"]
    lines += [f"- {s.name}: {s.tool.description}" for s in selection.selected]
    return "\n".join(lines), selection.names


def make_find_tools(search: Search, asearch: ASearch) -> BaseTool:
    """Build the ``find_tools`` tool around a search function.

    Args:
        search: Query in, ``(text, names)`` out.
        asearch: The same, async.

    Returns:
        A ``StructuredTool`` with ``response_format="content_and_artifact"``.
    """

    def find_tools(query: str) -> tuple[str, list[str]]:
        return search(query)

    async def afind_tools(query: str) -> tuple[str, list[str]]:
        return await asearch(query)

    return StructuredTool.from_function(
        func=find_tools,
        coroutine=afind_tools,
        name=FIND_TOOLS_NAME,
        description=_DESCRIPTION,
        args_schema=FindToolsInput,
        response_format="content_and_artifact",
    )
