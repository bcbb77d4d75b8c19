"""Two reads of other times: the state now beside a list of records over time.

``account_dues_lookup`` ("look up what a member currently owes") beside ``payment_list`` ("List a member's payments
and charges"): both read a member's money, and their users' requests mix by those words, but one says what is so now
and the other lists the records of the past. Two tools, each to say when to use it; not one to merge.
"""

from __future__ import annotations

import re

from .._types import ToolSpec
from .acts import act_kinds
from .definitions import language_of
from .onereading import reads_many

__all__ = ["now_beside_history"]

_NOW = re.compile(r"\b(?:current|currently|now|presently|at present|outstanding|as of today)\b", re.I)
"""A description's words for the state at the time of the request."""
_MANY = re.compile(r"^\s*(?:list|browse|search|query)(?:s|es)?\b|\b(?:history|histories|past|previous)\b", re.I)
"""A description that lists records, or says their history."""


def _now(tool: ToolSpec) -> bool:
    """A read of one record (no ``reads_many`` name, no listing description) that says the state now (``_NOW``)."""
    text = tool.description
    return not reads_many(tool.name) and not _MANY.search(text) and bool(_NOW.search(text))


def _history(tool: ToolSpec) -> bool:
    """A read of many records (``reads_many`` name or a listing description, ``_MANY``) that says no "now"."""
    return (reads_many(tool.name) or bool(_MANY.search(tool.description))) and not _NOW.search(tool.description)


def now_beside_history(a: ToolSpec, b: ToolSpec) -> str:
    """Why two reads are two tools when one says the state now and the other lists records over time, or ''.

    Both names only read (``acts.act_kinds``) and both descriptions are English.
    """
    if not all(act_kinds(t.name) == {"read"} and language_of(t.description) == "en" for t in (a, b)):
        return ""
    for now, many in ((a, b), (b, a)):
        if _now(now) and _history(many):
            return f"{now.name} says what is so now and {many.name} lists the records over time: different reads"
    return ""
