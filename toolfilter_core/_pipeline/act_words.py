"""The words a destructive tool's users ask for its act in, read from the registry's own profiles.

A destructive tool's profile requests (``requests`` and ``destroy``) all ask for its act, in
its users' words: "unfollow", "取关", "移出去", "kick ... out". Of those words, the ones that no
tool that is not destructive says (in its name, its description or its profile requests) are
the act: the object's words are shared with the tools that read or create it ("code",
"playlist", "优惠码"), and common words ("the", "这个") are said everywhere. A word must come
back in ``SAID_IN`` of the tool's requests: one said once is as often a chance word ("even",
"anymore") as the act. A request that says one of them asks for that tool's act, in words
the verb lists of ``_hints`` do not hold. Without profiles no tool has any.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Sequence

from .._hints import says_destructive
from .._snapshot import Snapshot
from .._tokenize import unique_tokens
from .._types import ToolSpec

__all__ = ["ActWords", "act_words"]

SAID_IN = 2
"""A word is a destructive tool's users' word when at least this many of its profile requests
say it (0: no tool has any). Chosen by ``benchmarks/choose_guard_words.py``."""


def _words(text: str) -> frozenset[str]:
    """Lowercase words and Chinese character pairs, less any that carry a digit (ids, amounts, times)."""
    return frozenset(w for w in unique_tokens(text) if not any(c.isdigit() for c in w))


def _own_words(tool: ToolSpec) -> frozenset[str]:
    """Every word of a tool's name, description and profile requests."""
    texts = [tool.name.replace("_", " "), tool.description]
    if tool.profile is not None:
        texts += tool.profile.texts
    return frozenset().union(*(_words(t) for t in texts))


class ActWords:
    """Per destructive tool with a profile (by name): its users' words for its act."""

    def __init__(self, tools: Sequence[ToolSpec], said_in: int = SAID_IN) -> None:
        self.said_in = said_in
        self.words: dict[str, frozenset[str]] = {}
        harmful = [t for t in tools if t.profile is not None and t.profile.texts and says_destructive(t)]
        if not said_in or not harmful:
            return
        elsewhere = frozenset().union(*(_own_words(t) for t in tools if not says_destructive(t)))
        for tool in harmful:
            texts = tool.profile.texts if tool.profile is not None else []
            counts = Counter(w for text in texts for w in _words(text))
            self.words[tool.name] = frozenset(w for w, n in counts.items() if n >= said_in) - elsewhere

    def says(self, text: str, tools: Sequence[ToolSpec]) -> list[bool]:
        """Per tool: the request says one of its users' words for its act."""
        if not self.words:
            return [False] * len(tools)
        said = _words(text)
        return [bool(said & self.words.get(t.name, frozenset())) for t in tools]


_CACHE: weakref.WeakKeyDictionary[Snapshot, ActWords] = weakref.WeakKeyDictionary()


def act_words(snapshot: Snapshot) -> ActWords:
    """The snapshot's ``ActWords``, read once per snapshot (and ``SAID_IN``)."""
    found = _CACHE.get(snapshot)
    if found is None or found.said_in != SAID_IN:
        found = _CACHE[snapshot] = ActWords(snapshot.tools, SAID_IN)
    return found
