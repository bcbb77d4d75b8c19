"""A destroy act said in an idiom, and the destroyer verbs it stands for.

Two acts: calling something off ("pull the plug on CP-327455", "throwing in the towel on their stay", "calling it a
day on his HomeCare cover", "scrap tomorrow's visit JB-74955", 这单黄了…撤了吧, 只能给他停了), the act of a tool whose
own verb cancels or ends; throwing something out ("bin it", "bin off voucher GV-1", 别留着了, 清出库存), the act of one
whose own verb removes, voids, deletes or discards. Not a report ("we pulled the plug on it last year", "the plug
was pulled"), nor a negated one ("don't scrap it", "never bin it"), nor a noun ("scrap metal", "the bin"). The
idioms were written from the destroy requests of four development registries written by a language model from a
domain name alone (catering, blood donation, campground, plumbing) that no verb list read, and their near variants.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["idiom_act_verbs", "idiom_says_act", "says_an_idiom_act"]

_NOT = r"(?<!\bnot\s)(?<!n't\s)(?<!\bnt\s)(?<!\bnever\s)(?<!\bno\s)(?<!\bwon't\s)"
_THE = r"(?:the|this|that|his|her|their|my|our|your|today's|tomorrow's)\s+\w"
"""What a scrap calls off: a thing named after a determiner ("scrap tomorrow's visit JB-7"); not a bare "scrap it" or
"scrap in_1PmW" (a terse dev request's, whose destroyer, a void or a cancel, the idiom does not tell)."""
_CALL_OFF_EN = re.compile(
    rf"{_NOT}\b(?:pull(?:s|ing)?\s+the\s+plug\s+on"
    r"|throw(?:s|ing)?\s+in\s+the\s+towel\s+on"
    r"|call(?:s|ing)?\s+it\s+a\s+day\s+on"
    rf"|scrap(?:s|ping)?\s+(?={_THE}))",
    re.I,
)
"""Calling off in an idiom, present or asked (not "pulled the plug", a report; not "scrap metal": no determiner)."""
_CALL_OFF_ZH = re.compile(r"黄了[^。！!？?\n]{0,16}?撤了吧|只能[^，,。；;！!？?\n]{0,6}?停了")
"""A deal fallen through and withdrawn (这单黄了…撤了吧), a plan that can only be stopped (只能给他停了)."""
_THROW_OUT_EN = re.compile(rf"{_NOT}\bbin(?:s|ning)?\s+(?:it|them|that|this|off)\b", re.I)
"""Binning something: "bin it", "bin off voucher GV-1" (not "the bin", "in the bin")."""
_THROW_OUT_ZH = re.compile(r"别留着了|不用留着了|清出库存")
"""Not keeping something any more (别留着了), clearing it out of stock (清出库存)."""

CALL_OFF_VERBS = frozenset({"cancel", "end", "terminate"})
"""A tool's own verbs whose act an idiom of calling off says."""
THROW_OUT_VERBS = frozenset({"remove", "discard", "destroy"})
"""A tool's own verbs whose act an idiom of throwing out says, whatever it names ("bin it": ``remove_blood_unit``)."""
THROW_OUT_NAMED = frozenset({"void", "delete", "erase"})
"""A tool's own verbs whose act an idiom of throwing out says where the request names its object too ("bin off
voucher GV-1" for ``void_voucher``; "bin it" voids no lab result, "bin off voucher" deletes no guest account)."""


def idiom_act_verbs(text: str) -> frozenset[str]:
    """The destroyer verbs whose act ``text`` says in an idiom (none if it says none)."""
    verbs: set[str] = set()
    if _CALL_OFF_EN.search(text) or _CALL_OFF_ZH.search(text):
        verbs |= CALL_OFF_VERBS
    if _THROW_OUT_EN.search(text) or _THROW_OUT_ZH.search(text):
        verbs |= THROW_OUT_VERBS | THROW_OUT_NAMED
    return frozenset(verbs)


def idiom_says_act(text: str, verbs: Iterable[str], name_words: Iterable[str]) -> bool:
    """``text`` says in an idiom the act of a tool of own ``verbs`` and ``name_words`` (its name's, verb and object).

    Calling off: a verb of ``CALL_OFF_VERBS``. Throwing out: one of ``THROW_OUT_VERBS``, or of ``THROW_OUT_NAMED``
    where ``text`` says a word of the tool's name other than its verbs (its object: "voucher").
    """
    said = idiom_act_verbs(text)
    own = set(verbs)
    if not said or not own:
        return False
    if said & own & (CALL_OFF_VERBS | THROW_OUT_VERBS):
        return True
    if not (said & own & THROW_OUT_NAMED):
        return False
    objects = [w for w in name_words if w not in own and len(w) > 2]
    return any(re.search(rf"\b{re.escape(w)}", text, re.I) for w in objects)


def says_an_idiom_act(text: str) -> bool:
    """``text`` asks to call something off or throw it out in an idiom."""
    return bool(idiom_act_verbs(text))
