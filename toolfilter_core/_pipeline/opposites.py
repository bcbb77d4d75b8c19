"""An act's opposite never stands in for it: "deny claim CL-40021" is not sent ``claim_approve``.

Two tools on one thing doing opposite acts (``claim_approve`` and ``claim_reject``; enable and disable, lock and
unlock): a request that says one side's verb (``ACTS``) and not the other's is not sent the tool of the other side,
whether the tool it asks is held ("deny" with ``claim_reject`` held by the guard left ``claim_approve`` the best
of the ask) or sent beside it ("reject claim CL-40021" sent both). Only where a candidate of the side said acts on the
same thing (``objects.object_words``). A state is no ask: the verbs are read in their plain form only, not after a
determiner ("the lock"), not as a past participle ("my account is locked" may ask the unlock).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._hints import first_clause, name_words, request_says_its_own_act
from .._negated import told_not_apart
from .._types import ToolSpec, bare_name
from .objects import object_words

__all__ = ["opposite_of_said", "opposite_said", "own_act_said", "says_its_side", "side_of", "sides_said"]

ACTS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("approve", "accept", "批准", "核准"),
        ("reject", "deny", "decline", "refuse", "disapprove", "拒绝", "拒赔", "驳回"),
    ),
    (("enable", "activate", "启用"), ("disable", "deactivate", "停用", "禁用")),
    (("lock", "锁定"), ("unlock", "解锁")),
    (("freeze", "冻结"), ("unfreeze", "解冻")),
    (("block", "屏蔽"), ("unblock", "解除屏蔽")),
    (("suspend",), ("unsuspend", "reinstate")),
    (("publish", "上架"), ("unpublish", "下架")),
    (("subscribe", "订阅"), ("unsubscribe", "退订")),
    (("grant",), ("revoke",)),
    (("ban", "封禁"), ("unban", "解封")),
    (("mute",), ("unmute",)),
    (("archive",), ("unarchive",)),
)
"""Pairs of opposite acts, each side's verbs in English and Chinese (approve/reject, 批准/拒绝, enable/disable,
lock/unlock). E.g. "deny claim CL-40021", "理赔 CL-40021 拒赔"; with the
common pairs of such registries (the doctor's ``UNDO_VERBS``, ``UNDO_ZH``)."""

_DETERMINER = r"(?<!\bthe )(?<!\ba )(?<!\ban )(?<!\bthis )(?<!\bthat )(?<!\bits )(?<!\bmy )(?<!\byour )(?<!\bour )"


def _said(text: str, word: str) -> list[tuple[int, int]]:
    """Where ``text`` says ``word`` as an ask: an English verb in its plain form, not after a determiner.

    A Chinese word neither modifying a noun (before 的) nor passive (after 被).
    """
    if not word.isascii():  # not a thing ("拒赔的原因") nor a passive ("被拒赔")
        return [m.span() for m in re.finditer(rf"(?<!被){re.escape(word)}(?!的)", text)]
    return [m.span() for m in re.finditer(rf"{_DETERMINER}\b{word}\b", text, re.I)]


_UNDONE_ZH = re.compile(r"(?:取消|解除|撤销|撤回)\s*$")
"""A Chinese act undone by the word before it: 取消订阅 (unsubscribe), 解除锁定 (unlock), 取消拒赔."""


def _sides_at(text: str, start: int, side: int) -> set[int]:
    """The sides a word of ``side`` at ``start`` says: both when an undo word comes before it (``_UNDONE_ZH``).

    "取消订阅" names subscribing and asks its undoing: read as both sides, it leaves neither out.
    """
    return {0, 1} if _UNDONE_ZH.search(text[max(0, start - 4) : start]) else {side}


def sides_said(text: str) -> set[tuple[int, int]]:
    """The sides ``text`` says, each as (pair, side): the longer word first ("解除屏蔽" says no 屏蔽)."""
    out: set[tuple[int, int]] = set()
    for pair, sides in enumerate(ACTS):
        words = sorted(((w, side) for side, ws in enumerate(sides) for w in ws), key=lambda ws: -len(ws[0]))
        taken: list[tuple[int, int]] = []
        for word, side in words:
            for start, end in _said(text, word):
                if not any(s < end and start < e for s, e in taken):
                    out.update((pair, s) for s in _sides_at(text, start, side))
                    taken.append((start, end))
    return out


_LEAD = re.compile(r"([a-z]+)(?:\s*(?:/|,|\bor\b|\band\b)\s*([a-z]+))?")
"""A description's lead verb, and one joined to it ("Approve or reject a claim": both)."""


def _forms(verb: str) -> set[str]:
    """A name's forms of an English ``verb``: approve, approves, approved, approval."""
    stem = verb[:-1] if verb.endswith("e") else verb
    return {verb, f"{verb}s", f"{stem}ed", f"{stem}al"}


def side_of(tool: ToolSpec) -> set[tuple[int, int]]:
    """The sides ``tool`` does, each as (pair, side): by its name's words, its description's lead verbs, its Chinese.

    None of a pair whose both sides it says (``claim_decide``: "Approve or reject a claim" is both).
    """
    description = tool.description.strip()
    lead = _LEAD.match(description.lower())
    words = {*name_words(bare_name(tool)), *(w for w in (lead.groups() if lead else ()) if w)}
    out = set()
    for pair, sides in enumerate(ACTS):
        for side, verbs in enumerate(sides):
            english = any(_forms(v) & words for v in verbs if v.isascii())
            if english or any(v in first_clause(description) for v in verbs if not v.isascii()):
                out.add((pair, side))
    return {(pair, side) for pair, side in out if (pair, 1 - side) not in out}


def opposite_of_said(text: str, selected: Sequence[ToolSpec], candidates: Sequence[ToolSpec]) -> list[bool]:
    """Per tool of ``selected``: it does the opposite of an act ``text`` asks, beside a candidate that does that act.

    The request less what it refuses or tells not to do (``told_not_apart``: "don't approve it, deny it" asks a
    denial).
    """
    ask = told_not_apart(text)
    said = sides_said(ask)
    if not said:
        return [False] * len(selected)
    doing = [(c.name, side_of(c), object_words(c)) for c in candidates]
    out = []
    for tool in selected:
        against = {
            (pair, 1 - side) for pair, side in side_of(tool) if (pair, 1 - side) in said and (pair, side) not in said
        }
        objects = object_words(tool)
        out.append(any(against & sides and objects & words for name, sides, words in doing if name != tool.name))
    return out


def says_its_side(text: str, tool: ToolSpec) -> bool:
    """``text`` says the act of ``tool``'s side and not its opposite's: "deny claim CL-40021" for ``claim_reject``."""
    said = sides_said(text)
    return any((pair, 1 - side) not in said for pair, side in side_of(tool) & said)


def own_act_said(text: str, tool: ToolSpec) -> bool:
    """``text`` says ``tool``'s own act (``request_says_its_own_act``) or its side of a pair of opposites."""
    return request_says_its_own_act(text, tool) or says_its_side(text, tool)


def _word_said(text: str, pair: int, side: int) -> str:
    """The first of ``ACTS[pair][side]``'s words ``text`` says, as written."""
    spans = [span for word in ACTS[pair][side] for span in _said(text, word)]
    return text[slice(*min(spans))] if spans else ACTS[pair][side][0]


def opposite_said(text: str, tool: ToolSpec, candidates: Sequence[ToolSpec]) -> str:
    """Why ``tool`` was left out as the opposite: the act ``text`` asks and the candidate doing it.

    "claim_approve (asked: "deny", claim_reject's act)"; without a doer among ``candidates``, the act alone.
    """
    ask = told_not_apart(text)
    said = sides_said(ask)
    against = [(p, 1 - s) for p, s in sorted(side_of(tool)) if (p, 1 - s) in said and (p, s) not in said]
    if not against:
        return tool.name
    pair, side = against[0]
    doers = [c.name for c in candidates if c.name != tool.name and (pair, side) in side_of(c)]
    act = f'asked: "{_word_said(ask, pair, side)}"'
    return f"{tool.name} ({act}, {doers[0]}'s act)" if doers else f"{tool.name} ({act})"
