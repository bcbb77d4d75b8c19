"""The no-tool verdict's exception: a request that names a tool by its own action is served.

The built-in phrases are generic ("translate this sentence into Spanish"); a registry that
has ``translate_text`` wants translation requests served. A tool's own action is the word
that leads both its name and its description (``translate_text``: "Translate text ..."),
unless it is a generic verb; a request that says it (or a form of it: "translation"; in
Chinese, ``SAID_IN_CHINESE``: "翻译") is served as usual even when the evidence says no tool fits (``decide.no_tool``).
"""

from __future__ import annotations

import weakref
from typing import NamedTuple

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

_MIN_ACTION = 4
"""The shortest action word (and so the shortest start of a word that says one)."""

SAID_IN_CHINESE = {"翻译": "translate", "翻成": "translate", "译成": "translate", "推荐": "recommend"}
"""Chinese words that say an English own action: "把价目表翻译成英文" says ``translate_signage``'s own action as
"translate the price board" does. Translating and
recommending tools lead with these verbs."""


class _Actions(NamedTuple):
    """A registry's own actions, worked out once per snapshot."""

    tools: dict[str, list[int]]
    """Per action word, the tools it is the own action of (in the order of the registry)."""
    said_by: dict[str, list[tuple[int, str]]]
    """Per start a word says an action by (``_trims_e``): (the action's place in ``tools``, the action)."""


_ACTIONS: weakref.WeakKeyDictionary[Snapshot, _Actions] = weakref.WeakKeyDictionary()


def _actions(snapshot: Snapshot) -> _Actions:
    """Per action word, the tools it is the own action of, and the starts that say each.

    The action word is the first word of both the name and the description
    (``translate_text``: "Translate text ..."), and not a generic one.
    """
    known = _ACTIONS.get(snapshot)
    if known is None:
        tools: dict[str, list[int]] = {}
        for position, tool in enumerate(snapshot.tools):
            name = tokenize(tool.name, cjk_unigrams=False)[:1]
            said = tokenize(tool.description, cjk_unigrams=False)[:1]
            if (
                name
                and name == said
                and len(name[0]) >= _MIN_ACTION
                and name[0].isascii()
                and name[0] not in GENERIC_ACTIONS
            ):
                tools.setdefault(name[0], []).append(position)
        said_by: dict[str, list[tuple[int, str]]] = {}
        for order, action in enumerate(tools):
            for start in {action, action[:-1] if _trims_e(action) else action}:
                said_by.setdefault(start, []).append((order, action))
        known = _ACTIONS[snapshot] = _Actions(tools, said_by)
    return known


def _trims_e(action: str) -> bool:
    """A word may say ``action`` without its final ``e`` (translate: translation).

    A word says an action when it starts with it (convert: converted), or with it less a
    final ``e`` for an action of five letters or more; only the action itself may start the
    word: ``record`` is not said by "recommend".
    """
    return action.endswith("e") and len(action) >= 5


def action_named(snapshot: Snapshot, query: str, usable: NDArray[np.float32]) -> str | None:
    """A usable tool whose own action word the request says (``translate`` for ``translate_text``), or None.

    Built-in no-tool phrases are generic ("translate this sentence into Spanish"); a registry
    that has a tool for exactly that wants it served: the guard overrides "no tool fits".
    ``usable``: per tool, finite when the caller may use it. The first action the request
    says wins, whatever the interpreter's string hashing.
    """
    actions = _actions(snapshot)
    if not actions.tools:
        return None
    said_zh = [english for chinese, english in SAID_IN_CHINESE.items() if chinese in query]
    for word in dict.fromkeys([*tokenize(query, cjk_unigrams=False), *said_zh]):  # the request's order, Chinese last
        # the actions the word says: those its starts are (looked up, not every action tried), in their order
        said = sorted({a for n in range(_MIN_ACTION, len(word) + 1) for a in actions.said_by.get(word[:n], ())})
        for _, action in said:
            allowed = [p for p in actions.tools[action] if np.isfinite(usable[p])]
            if allowed:
                return snapshot.tools[allowed[0]].name
    return None
