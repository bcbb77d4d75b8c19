"""``max_tools``: the most tools a retriever hands out, and the conversation policy within it.

The conversation policy keeps, grows or resets the set the model saw (docs/conversations.md);
a grown set holds up to the policy's ``budget`` (12), more than ``top_k``. ``max_tools``
bounds every set: the policy's budget is cut to it (a set cut after the policy decided would
lose the tool a confirmation took), each selection is made with ``select(max_tools=...)``, and
a set still larger (a correction adds the tools the last task called) is cut to it, as
LangChain's ``ToolFilterMiddleware(max_tools=...)`` cuts.
"""

from __future__ import annotations

from collections.abc import Collection

from toolfilter_core import ConfigError, Selection
from toolfilter_core.integration import MAX_TOOLS, ConversationPolicy, Window

__all__ = ["capped", "check_max_tools", "policy_for"]


def check_max_tools(max_tools: object) -> int | None:
    """``max_tools`` as given, when it is None or an integer from 1 to ``MAX_TOOLS``.

    Raises:
        ConfigError: Anything else (naming the field, the value and what is allowed).
    """
    if max_tools is None:
        return None
    if isinstance(max_tools, bool) or not isinstance(max_tools, int) or not 1 <= max_tools <= MAX_TOOLS:
        msg = f"max_tools: got {max_tools!r}; allowed: an integer from 1 to {MAX_TOOLS} (the hard cap), or None"
        raise ConfigError(msg)
    return max_tools


def policy_for(max_tools: int | None) -> ConversationPolicy:
    """The default conversation policy, its sets within ``max_tools``."""
    default = ConversationPolicy()
    return default if max_tools is None or max_tools >= default.budget else ConversationPolicy(budget=max_tools)


def capped(selection: Selection, window: Window, max_tools: int | None, always: Collection[str]) -> set[str]:
    """The names of ``selection`` kept within ``max_tools`` (``always`` tools kept, not counted).

    Kept first to last: the best-scored tool (the one the turn needs, also when the policy
    keeps an older set), the tools the conversation called, then the rest in order.
    """
    names = selection.names
    if max_tools is None or len([n for n in names if n not in always]) <= max_tools:
        return set(names)
    scores = {s.name: s.score for s in selection.selected}
    ranked = [n for n in names if n not in always]
    best = max(ranked, key=lambda n: scores.get(n, 0.0))  # the first of equals
    called = [n for n in window.called if n in ranked]
    order = dict.fromkeys([best, *called, *ranked])
    return {*(n for n in names if n in always), *list(order)[:max_tools]}
