"""A destroyer riding along with the act a request asks, its own act never said.

"我的笔记本丢了，资产号 UNI-5521，先远程锁定" asks ``device_lock``'s act; ``device_wipe`` ranks first (its profile
request "笔记本被偷了…远程清除所有数据" tells the same loss) and the act phrases read the loss as a destroy ask. A
request that says a tool's own act that is not destroying (``_ACTS``: lock, 锁定), with no destroy word and no
destructive candidate's act, asks that act: the destroyers are held, as here
and in its English counterpart ("lost my laptop UNI-5521, lock it first").
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from .._hints import own_acts, request_is_destructive, request_says_its_act
from .._negated import told_not_apart
from .._tokenize import tokenize
from .._types import ToolSpec

__all__ = ["riders", "says_its_act"]

_ACTS: dict[str, re.Pattern[str]] = {
    "lock": re.compile(r"\block(?:s|ed|ing)?\b(?!\s+out)|锁定|锁上|锁起来|锁住|锁屏|上锁", re.I),
    "freeze": re.compile(r"\bfr(?:eeze|eezes|eezing|oze|ozen)\b|冻结", re.I),
}
"""Acts that destroy nothing, each with its words in either language."""


_SAME_ACT: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"\b(?:wipe|erase|scrub|nuke|factory[- ]reset)|擦除|擦掉|抹掉|清除|清空|恢复出厂|格式化|"
        r"\b(?:restore|reset)\s+(?:it\s+)?(?:to\s+)?factory|\bclear\s+everything",
        re.I,
    ),
)
"""Words of one act, a destructive tool's own verb among them: a wipe is an erase, a scrub, a factory reset, 擦除 or
清除 ("先锁定再远程擦除", "lock UNI-5521 and scrub it clean")."""

_STATE = re.compile(
    r"\b(?:is|are|was|were|been|being|isn't|aren't|wasn't|weren't)\s+(?:not\s+|already\s+|still\s+|now\s+)*"
    r"(?:un)?locked\b|\b(?:un)?locked\s*\?|(?:已经|已)(?:锁|锁定|锁上)了?|(?:锁|锁定|锁上)了(?:吗|没|么)"
    r"|(?:没|没有)(?:锁|锁定|锁上)",
    re.I,
)
"""A lock told as a state, not asked: "is UNI-5521 locked?", "UNI-5521 is not locked", "锁了吗", "还没锁"."""


def says_its_act(ask: str, tool: ToolSpec) -> bool:
    """``ask`` says ``tool``'s own destroying verb, or a word of the same act (``_SAME_ACT``: "scrub" for a wipe).

    Not where it says the word only to tell not to act ("先锁定，不要擦除": ``told_not_apart``).
    """
    ask = told_not_apart(ask)
    if request_says_its_act(ask, tool):
        return True
    own = " ".join(own_acts(tool))
    return any(words.search(own) and words.search(ask) for words in _SAME_ACT)


def _own_act(tool: ToolSpec) -> str:
    """The act of ``_ACTS`` both the tool's name and description say ("device_lock": "Remote lock ..."), or ""."""
    named, described = set(tokenize(tool.name)), set(tokenize(tool.description))
    return next((act for act in _ACTS if act in named and act in described), "")


def riders(
    ask: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], said: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destructive candidates held because ``ask`` asks another candidate's act that destroys nothing.

    None where ``ask`` says a destroy word (``request_is_destructive``) or a destructive candidate's act (``said``,
    ``says_its_act``); a lock told as a state (``_STATE``: "is UNI-5521 locked?") asks none.
    """
    out = np.zeros_like(destructive)
    if not ask or request_is_destructive(ask) or bool(np.any(said & destructive)):
        return out
    if any(destructive[0, j] and says_its_act(ask, tool) for j, tool in enumerate(tools)):
        return out
    acts = {_own_act(tool) for j, tool in enumerate(tools) if not destructive[0, j]} - {""}
    asked = _STATE.sub(" ", ask)
    if any(_ACTS[act].search(asked) for act in acts):
        out[0, : len(tools)] = destructive[0, : len(tools)]
    return out
