"""What a tool may do to the world, read off MCP annotations and, for widening, its own words.

MCP's defaults (``ToolAnnotations``): ``readOnlyHint`` false, ``destructiveHint`` true; the
destructive hint means something only when the tool is not read-only. So a tool without
annotations may modify and may destroy, unless it says otherwise. Hints are truthy only when
they are JSON ``true``: ``1``, ``"yes"`` or ``"true"`` are not the boolean an MCP server sends,
and a hint that is not a boolean falls back to the default.
"""

from __future__ import annotations

import re

from ._types import ToolSpec

__all__ = ["is_destructive", "is_read_only", "says_destructive"]

_DESTRUCTIVE_WORDS = re.compile(
    r"\b(delete|deletes|deleting|drop|drops|kill|kills|wipe|wipes|purge|purges|destroy|destroys|erase|erases"
    r"|truncate|truncates|remove|removes|revoke|revokes|terminate|terminates|void|voids|decommission|reset|format"
    r"|uninstall|overwrite|overwrites|force[- ]push|rm)\b"
    r"|删除|删掉|清空|销毁|移除|抹掉|擦除|格式化|强制推送|注销|作废|吊销|终止|清除|彻底",
    re.IGNORECASE,
)


def _hint(tool: ToolSpec, key: str, default: bool) -> bool:
    value = tool.annotations.get(key)
    return value if isinstance(value, bool) else default


def is_read_only(tool: ToolSpec) -> bool:
    """The tool says it does not modify its environment (``readOnlyHint: true``)."""
    return _hint(tool, "readOnlyHint", False)


def is_destructive(tool: ToolSpec) -> bool:
    """By MCP's defaults: not read-only, and not ``destructiveHint: false``."""
    return not is_read_only(tool) and _hint(tool, "destructiveHint", True)


def says_destructive(tool: ToolSpec) -> bool:
    """The tool declares itself destructive, or its name or description deletes, drops, kills, wipes...

    Stricter than ``is_destructive`` about evidence: a tool without annotations counts only
    when its own words say it destroys something. A ``readOnlyHint: true`` or
    ``destructiveHint: false`` tool never counts.
    """
    if is_read_only(tool) or tool.annotations.get("destructiveHint") is False:
        return False
    if tool.annotations.get("destructiveHint") is True:
        return True
    words = f"{tool.name.replace('_', ' ').replace('-', ' ')} {tool.description}"
    return bool(_DESTRUCTIVE_WORDS.search(words))
