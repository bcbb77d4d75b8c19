"""The words a destructive tool's users ask for its act in, read from the registry's own profiles.

A destructive tool's profile requests (``requests`` and ``destroy``) all ask for its act, in
its users' words: "unfollow", "取关", "移出去", "kick ... out". Of those words, the ones that no
tool that is not destructive says (in what the lexical search reads of it: its name,
description, parameters and profile requests, ``Snapshot.bm25``) are the act: the object's
words are shared with the tools that read or create it ("code", "playlist", "优惠码"), and
common words ("the", "这个") are said everywhere; nor is a word of the tool's own name,
description or parameter names ("meeting" for ``meeting_cancel``: its object), nor the
letters of an id ("SH" of "SH-61450"). A word must come back in ``SAID_IN`` of
the tool's requests: one said once is as often a chance word ("even", "anymore") as the
act. A request that says one of them asks for that tool's act, in words the verb lists of
``_hints`` do not hold. Without profiles no tool has any. A tool's words are read the first
time it is a candidate, once per snapshot.
"""

from __future__ import annotations

import re
import weakref
from collections import Counter
from collections.abc import Sequence

from .._snapshot import Snapshot
from .._tokenize import unique_tokens
from .._types import ToolSpec

__all__ = ["ActWords", "act_words", "is_its_profile_request"]

SAID_IN = 0
"""A word is a destructive tool's users' word when at least this many of its profile requests
say it (0: no tool has any). Off: the words a destructive tool's requests share are its
object's as often as its act's ("friday's meeting" for ``meeting_cancel``, which no other tool
of its registry says), and reading them unlocked it for "reschedule friday's meeting"; the act
phrases (``destroy_ask.by_phrases``) read what they were for. Chosen by
``benchmarks/choose_destroy_reading.py`` (``benchmarks/choose_guard_words.py`` chose 2 before
the phrases were read)."""


_ID = re.compile(r"[A-Za-z]*[-_#]?\d[\w-]*")
"""An id, amount or time with its letters ("SH-61450", "INV-2291", "3pm"): no word of the act."""


def _words(text: str) -> frozenset[str]:
    """Lowercase words and Chinese character pairs, less ids, amounts and times and their letters."""
    return frozenset(w for w in unique_tokens(_ID.sub(" ", text)) if not any(c.isdigit() for c in w))


def _own(tool: ToolSpec) -> frozenset[str]:
    """The words of the tool's own name, description and parameter names: its object and its verb."""
    properties = tool.parameters.get("properties")
    names = " ".join(str(n) for n in properties) if isinstance(properties, dict) else ""
    return _words(" ".join((tool.name.replace("_", " "), tool.description, names.replace("_", " "))))


_NOT_WORDS = re.compile(r"[\W_]+")


def _written(text: str) -> str:
    """``text`` as a profile request is compared: its ids, amounts and times one mark, case, spaces and marks gone."""
    return _NOT_WORDS.sub("", _ID.sub("0", text).casefold())


def is_its_profile_request(text: str, tool: ToolSpec) -> bool:
    """``text`` is, its ids, amounts and times aside, one of ``tool``'s profile requests.

    Its users wrote that request for the tool's act ("这张 T-118 是点错了，整单不算了" for ``taproom_tab_void``), so
    it asks that act whatever its words, though the words of the tool's other requests do not (``SAID_IN``).
    """
    profile = tool.profile
    if profile is None or not text.strip():
        return False
    written = _written(text)
    return bool(written) and any(_written(request) == written for request in profile.texts)


class ActWords:
    """Per destructive tool with a profile: its users' words for its act, read when first asked."""

    def __init__(self, snapshot: Snapshot, said_in: int = SAID_IN) -> None:
        self.snapshot = snapshot
        self.said_in = said_in
        self._words: dict[int, frozenset[str]] = {}

    def words(self, position: int) -> frozenset[str]:
        """The users' words of the snapshot's tool at ``position`` (none unless destructive with a profile)."""
        found = self._words.get(position)
        if found is None:
            found = self._words[position] = self._read(position)
        return found

    def _read(self, position: int) -> frozenset[str]:
        snapshot = self.snapshot
        profile = snapshot.tools[position].profile
        if not self.said_in or profile is None or not profile.texts or not snapshot.destructive(position):
            return frozenset()
        counts = Counter(w for text in profile.texts for w in _words(text))
        own = _own(snapshot.tools[position])
        often = [w for w, n in counts.items() if n >= self.said_in and w not in own]
        return frozenset(w for w in often if all(snapshot.destructive(int(j)) for j in snapshot.bm25.holders(w)))

    def says(self, text: str, tools: Sequence[ToolSpec]) -> list[bool]:
        """Per tool: the request says one of its users' words for its act."""
        if not self.said_in:
            return [False] * len(tools)
        said = _words(text)
        position = self.snapshot.position
        return [t.name in position and bool(said & self.words(position[t.name])) for t in tools]


_CACHE: weakref.WeakKeyDictionary[Snapshot, ActWords] = weakref.WeakKeyDictionary()


def act_words(snapshot: Snapshot) -> ActWords:
    """The snapshot's ``ActWords`` (at ``SAID_IN``)."""
    found = _CACHE.get(snapshot)
    if found is None or found.said_in != SAID_IN:
        found = _CACHE[snapshot] = ActWords(snapshot, SAID_IN)
    return found
