"""The no-tool verdict's exception: a request that names a tool by its own action is served.

The built-in phrases are generic ("translate this sentence into Spanish"); a registry that
has ``translate_text`` wants translation requests served. A tool's own action is the word
that leads both its name and its description (``translate_text``: "Translate text ..."),
unless it is a generic verb; a request that says it (or a form of it: "translation") is
served as usual even when the evidence says no tool fits (``decide.no_tool``).
"""

from __future__ import annotations

import weakref

import numpy as np
from numpy.typing import NDArray

from .._snapshot import Snapshot
from .._tokenize import tokenize

__all__ = ["GENERIC_ACTIONS", "action_named"]

GENERIC_ACTIONS = frozenset(
    "get set read write create update delete remove list search find send run make show open fetch check "
    "tell give query call start stop post load save view edit help explain describe summarize answer".split()
)
"""Name-leading verbs many tools share and no-tool requests use ("write a poem", "explain
TCP"): they name no one tool's action, so they never override a "no tool fits"."""

_ACTIONS: weakref.WeakKeyDictionary[Snapshot, dict[str, list[int]]] = weakref.WeakKeyDictionary()


def _actions(snapshot: Snapshot) -> dict[str, list[int]]:
    """Per action word, the tools it is the own action of.

    The action word is the first word of both the name and the description
    (``translate_text``: "Translate text ..."), and not a generic one.
    """
    known = _ACTIONS.get(snapshot)
    if known is None:
        known = {}
        for position, tool in enumerate(snapshot.tools):
            name = tokenize(tool.name, cjk_unigrams=False)[:1]
            said = tokenize(tool.description, cjk_unigrams=False)[:1]
            if name and name == said and len(name[0]) >= 4 and name[0].isascii() and name[0] not in GENERIC_ACTIONS:
                known.setdefault(name[0], []).append(position)
        _ACTIONS[snapshot] = known
    return known


def _says(word: str, action: str) -> bool:
    """``word`` is ``action`` or a form of it: convert, converted; translate, translation.

    Only the action itself may start the word, less a final ``e``: ``record`` is not said by
    "recommend".
    """
    if word.startswith(action):
        return True
    return action.endswith("e") and len(action) >= 5 and word.startswith(action[:-1])


def action_named(snapshot: Snapshot, query: str, usable: NDArray[np.float32]) -> str | None:
    """A usable tool whose own action word the request says (``translate`` for ``translate_text``), or None.

    Built-in no-tool phrases are generic ("translate this sentence into Spanish"); a registry
    that has a tool for exactly that wants it served: the guard overrides "no tool fits".
    ``usable``: per tool, finite when the caller may use it. The first action the request
    says wins, whatever the interpreter's string hashing.
    """
    actions = _actions(snapshot)
    if not actions:
        return None
    for word in dict.fromkeys(tokenize(query, cjk_unigrams=False)):  # in the request's order, not a set's
        for action, positions in actions.items():
            if _says(word, action):
                allowed = [p for p in positions if np.isfinite(usable[p])]
                if allowed:
                    return snapshot.tools[allowed[0]].name
    return None
