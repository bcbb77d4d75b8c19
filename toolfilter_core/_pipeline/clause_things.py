"""A destroy clause's act goes to the destroyer whose thing it names, not to one that only takes its id.

"scrap the move MV-41000 and give the customer their deposit back": ``crew_unassign`` and ``inventory_item_remove``
say "remove" (the plain verb of "scrap") and take the move's id, but the move is ``booking_cancel``'s thing ("Cancel
a move booking"); "take the sofa off the inventory for MV-20417" names ``inventory_item_remove``'s inventory, not
``crew_unassign``'s crew. In each clause that says a destroyer's act, the act is the destroyer's whose thing the clause
names (``owners``): the one whose thing a destroy word acts on ("scrap the move": ``objects.destroyed_objects``), else
the best-ranked destroyer whose name's object the clause names, where it ranks first or is an ask's best. The other
destroyers whose act that clause says, on no thing of theirs it names, and no other clause says, are held
(``displaced``), but for money back asked of a tool that only gives it (``_paid_back``). A subordinate act is a clause
of its own: "Delete customer C-1188 once you cancel ORD-5521" asks both destroyers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._clauses import clause_parts
from .._hints import gives_money_back, request_says_its_act_across, request_says_its_own_act
from .._negated import told_not_apart
from .._types import ToolSpec, docstring_of
from .objects import destroyed_objects, english_words, object_words, said_words

__all__ = ["ClauseActs", "clause_acts", "described_thing", "said_across_by_clause", "thing_words"]

_SENTENCE = re.compile(r"[.;:!?\n(]")
_THING_ENDS = re.compile(
    r"\b(?:from|to|for|of|off|on|in|at|by|with|into|onto|out|and|or|so|that|which|when|where|if|as|per|after|before)\b"
    r"|[,\u2014]",
    re.I,
)
"""Where the thing a description's opening verb acts on ends: a preposition, a conjunction, a comma."""
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]+")
_SUBORDINATE = re.compile(
    r"\b(?:after|before|once|when|until|then)\s+(?=(?:you|we|i|they|he|she|you're|we're)\b)", re.I
)
"""Where a clause's second act begins: "Delete customer C-1188 once you cancel ORD-5521" asks two acts."""


def described_thing(tool: ToolSpec) -> set[str]:
    """The words of the thing a tool's description's opening verb acts on: "Cancel a move booking." -> move, booking.

    Not the place it is taken from ("Delete an item from a move's inventory list": item).
    """
    first = _SENTENCE.split(docstring_of(tool).strip(), maxsplit=1)[0].split(None, 1)
    if len(first) < 2:
        return set()
    return english_words(_WORD.findall(_THING_ENDS.split(first[1], maxsplit=1)[0]))


def thing_words(tool: ToolSpec) -> set[str]:
    """A destroyer's thing: its name's object words and its description's thing."""
    return object_words(tool, "name") | described_thing(tool)


def _owner(
    part: str, destroyed: set[str], tools: list[ToolSpec], named: list[int], first: list[bool], said: list[bool]
) -> int | None:
    """The destroyer of ``named`` (best first) whose act the clause ``part`` says on its thing (``clause_acts``).

    ``destroyed``: the things a destroy word of ``part`` acts on, not a refund's ("refund order 4471" pays for the
    order, cancels none).

    By rank, only one whose act the request says already (``said``: "take the sofa off the inventory for MV-1" is
    ``inventory_item_remove``'s by the thing it takes off a list): "Customer says "cancel R-21030"" names the
    customer, ranked first, but deletes none.
    """
    by_noun = [j for j in named if destroyed & thing_words(tools[j])]
    if len(by_noun) == 1:
        return by_noun[0]
    words = said_words(part)
    by_name = [j for j in named if object_words(tools[j], "name") & words]
    return by_name[0] if by_name and first[by_name[0]] and said[by_name[0]] else None


def _outside_owner(destroyed: set[str], tools: list[ToolSpec], rivals: list[ToolSpec]) -> bool:
    """One destroyer of the registry, not a candidate, has a thing of ``destroyed`` (what a clause destroys)."""
    found = [t for t in rivals if destroyed & thing_words(t)] if destroyed else []
    return len(found) == 1 and found[0].name not in {t.name for t in tools}


def _paid_back(part: str, tool: ToolSpec) -> bool:
    """The clause asks money back of a tool that only gives it: a refund takes no thing away.

    So no thing the clause names is its: "取消预约 A-3310 前先帮我退款 S-4455" asks ``product_sale_refund``
    beside the cancel.
    """
    return gives_money_back(tool) and request_says_its_own_act(part, tool)


@dataclass(frozen=True, slots=True)
class ClauseActs:
    """Per candidate (rows of one, padded): the destroyers a clause's thing gives its act, those it holds."""

    owners: NDArray[np.bool_]
    displaced: NDArray[np.bool_]


def clause_acts(
    text: str,
    tools: list[ToolSpec],
    destructive: NDArray[np.bool_],
    first: list[bool],
    says: Callable[[str], NDArray[np.bool_]],
    said: NDArray[np.bool_],
    rivals: Callable[[], list[ToolSpec]] = list,
) -> ClauseActs:
    """The destroyers each clause of ``text`` that says a destroyer's act gives it to, and those it holds.

    ``tools``: best first; ``first``: per tool, it ranks first or is an ask's best; ``says``: one row, the destroyers
    whose act a text says (``decide.says_acts``), of those the whole request says (``said``: "想注销账户，需要什么
    手续？" asks none); ``rivals``: the registry's destroyers, of which one not among the
    candidates may be the one whose thing a destroy word acts on (``_outside_owner``).
    """
    owners, displaced = np.zeros_like(destructive), np.zeros_like(destructive)
    parts = [sub for part in clause_parts(text) for sub in _SUBORDINATE.split(part) if sub.strip()]
    row = said[0, : len(tools)] & destructive[0, : len(tools)]
    saying = [says(part)[0, : len(tools)] & row for part in parts]
    for k, part in enumerate(parts):
        if not saying[k].any():
            continue
        words, destroyed = said_words(part), destroyed_objects(part, refund=False)
        named = [j for j, t in enumerate(tools) if destructive[0, j] and thing_words(t) & words]
        j = _owner(part, destroyed, tools, named, first, [bool(x) for x in row])
        if j is None and (named or not _outside_owner(destroyed, tools, rivals())):
            continue
        if j is not None:
            owners[0, j] = True
        others = [s for i, s in enumerate(saying) if i != k]
        elsewhere = np.any(others, axis=0) if others else np.zeros_like(saying[k])
        for i in (int(i) for i in np.flatnonzero(saying[k])):
            displaced[0, i] |= i != j and i not in named and not elsewhere[i] and not _paid_back(part, tools[i])
    return ClauseActs(owners, displaced)


def said_across_by_clause(
    text: str,
    tools: list[ToolSpec],
    destructive: NDArray[np.bool_],
    against: list[bool] | None,
    said: NDArray[np.bool_],
) -> NDArray[np.bool_]:
    """``said`` (one row) and, where it holds one, each destroyer a clause alone says in the other language.

    The clause says the act on the destroyer's thing, and is not one told not to (``told_not_apart``).

    The whole request's act across the languages goes to one destroyer (``decide.says_acts``); a clause may ask
    another's: "取消订单 ORD-5521 并注销他的账号，客户号 C-1188" says ``cancel_order``'s act (取消订单) and, in its
    second clause, ``delete_customer``'s (注销, on its account, 账号). Not one whose record the id's prefix contradicts
    (``against``).
    """
    out = said.copy()
    if not said.any():
        return out
    for part in clause_parts(told_not_apart(text)):
        words = said_words(part)
        across = [
            j
            for j, tool in enumerate(tools)
            if destructive[0, j] and not (against and against[j]) and request_says_its_act_across(part, tool)
        ]
        if len(across) == 1 and thing_words(tools[across[0]]) & words:
            out[0, across[0]] = True
    return out
