"""What was offered runs, nothing else: the refusal a model reads, and how a conversation shows one.

An adapter records which tools each model call was offered and answers a call of any other
tool with ``refusal_text`` instead of running it. A refused call must not make its tool
sticky (kept in later selections), or the model's retry would be offered the tool and run
it; ``refused_tools`` finds a refusal in a tool result's text, this library's and
LlamaIndex's own ("Tool X not found"), so the conversation window can leave it out.
"""

from __future__ import annotations

import re

__all__ = ["OFFER_KEY", "REFUSED_KEY", "refusal_text", "refused_tools"]

OFFER_KEY = "toolfilter_offered"
"""Where an adapter records, on the model's message, the tool names that model call was offered."""

REFUSED_KEY = "toolfilter_refused"
"""Where an adapter marks a tool result as a refusal (the tool did not run)."""

_REFUSAL = re.compile(
    r"^(?:Observation: ?)?(?:Error: the tool (?P<q>['\"])(?P<ours>[^\n]{1,256}?)(?P=q) may not be called here \("
    r"|Tool (?P<theirs>\S{1,256}) not found\. Please select a tool that is available\.)",
    re.MULTILINE,
)
_READ = 20_000
"""How much of a message is searched for refusals (they open a result or a ReAct observation)."""


def refusal_text(name: str, why: str) -> str:
    """The error a model reads instead of a refused tool's result."""
    return (
        f"Error: the tool {name!r} may not be called here ({why}); call only the tools you "
        "were given, or answer without a tool."
    )


def refused_tools(text: str) -> tuple[str, ...]:
    """The tools a message's text refused: ``refusal_text``, or LlamaIndex's "Tool X not found".

    A line opening with one (or a ReAct ``Observation:`` line with one) counts; the first
    20,000 characters are read.
    """
    return tuple(m.group("ours") or m.group("theirs") for m in _REFUSAL.finditer(text[:_READ]))
