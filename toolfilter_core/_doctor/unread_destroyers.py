"""Tools whose descriptions say a destroying act the destructive reading misses.

"Move-out: end the lease ... Marks the unit empty, deletes the gate code and stops billing.": the act
is said past the opening ("deletes the gate code", ``destroying_said``), where the selection does not
read it (``says_destructive``), so the tool rides along on requests that do not ask for it. The
doctor names the words; the hint, either way, settles it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .._hints import destroying_said, is_read_only, says_destructive
from .._types import ToolSpec
from .values import Finding

__all__ = ["unread_destroyers"]


def unread_destroyers(tools: Sequence[ToolSpec]) -> list[Finding]:
    """One finding naming each tool whose description says a destroying act the reading misses, with its words.

    Only a tool without a ``destructiveHint``, not read-only and not read as destructive (``says_destructive``);
    the words are its evidence (``said``).
    """
    said = {
        t.name: words
        for t in tools
        if "destructiveHint" not in t.annotations and not is_read_only(t) and not says_destructive(t)
        for words in [destroying_said(t)]
        if words
    }
    if not said:
        return []
    quoted = "; ".join(f"{name}: " + ", ".join(f'"{w}"' for w in words) for name, words in said.items())
    return [
        Finding(
            "unread_destroyer",
            tuple(said),
            f"{len(said)} tool(s) whose descriptions say a destroying act past their opening ({quoted}), not read "
            "as destructive and without a destructiveHint: the selection does not hold them back from requests "
            "that do not ask for their act",
            'if it destroys, annotate it {"destructiveHint": true}; if it does not, {"destructiveHint": false} '
            "(in the tool's own format: the annotations of a data-format row, an MCP or an OpenAI tool, a LangChain "
            "tool's metadata); either way the hint decides and this line is no longer said",
            score=0.8,
            evidence={"said": {name: list(words) for name, words in said.items()}},
        )
    ]
