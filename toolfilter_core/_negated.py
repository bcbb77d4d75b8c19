"""The destructive acts a request refuses: its verb under a negation (issue #32 item 12).

"don't refund T-55102, just void it" asks to void; its "refund" was read as an ask too, and
``ticket_refund`` was sent beside ``void_ticket``. "先别取消 EV-5521，改到下个月" (don't cancel
EV-5521 yet, move it to next month) sent ``event_cancel``. A negation right before a destroy word
(``_hints.is_destroy_word``) refuses that act: "don't", "do not", "no", "not", "never", "without";
不, 别, 先别, 不要, 不用, 无需, 没必要. Its refusal runs to the clause's end or to a word that
turns to the act asked ("but", "just", "instead"; 只, 就, 而是, 直接, 改).

The act readings (``decide.says_acts``, ``decide.asked_to_destroy``) read the request less its
refusals (``refused_apart``), and a destructive tool whose act only a refusal says is held
(``refused_acts``, ``REFUSALS_HOLD``), wherever it ranks and whatever unlocks it (its profile
neighbours, the act phrases, its users' words, an id it takes). Not a refusal: a negation before
another verb ("don't forget to cancel X", "can't you just cancel it?"), a question why not ("why not
cancel it?", "为什么不取消"), a question whether (能不能取消, 删不删), "不得不取消" (has to be
cancelled), nor 别 of a word (分别删除: delete each).
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from ._hints import is_destroy_word, request_says_its_act, request_says_its_act_across, request_says_its_own_act
from ._types import ToolSpec

__all__ = ["REFUSALS_HOLD", "refused_acts", "refused_apart"]

REFUSALS_HOLD = True
"""A destructive tool whose act the request says only under a negation is held, and the act readings read the
request less its refusals (off: as before, a refused act read as asked). ``benchmarks/destructive_ridealong.py
--refusals off`` measures it on the dev registries."""

_NOT_EN = re.compile(
    r"(?<!\bwhy\s)(?<!\bor\s)(?<!\bcan\s)(?<!\bcould\s)"
    r"\b(?:do(?:es)?\s+not|do(?:es)?n['’]?t|not|no|never|without)\b"
    r"(?:\s+(?:just|yet|actually|really|ever|need\s+to|want\s+to|have\s+to|to))*\s+",
    re.I,
)
"""An English negation and the words that may part it from its verb ("don't just ...", "no need to ...",
"not to ..."); not "why not", "or not", "can not"."""
_NOT_ZH = re.compile(
    r"(?<![么啥何要得分特个区识告类级性])(?:先别|别|不要|不用|无需|没必要|不)"
    r"(?:先|再|急着|着急|马上|给我|帮我|替我|给他|给她|给他们|擅自|随便)*"
)
"""A Chinese negation and the words that may part it from its verb ("先别给我取消"; not 为什么不, 怎么不, 何不,
要不 "how about", 不得不, nor 别 of 分别, 特别, 个别...)."""
_TURN = re.compile(r"[，,。；;.!！?？\n]|\b(?:but|just|instead|rather)\b|只|就|而是|直接|改", re.I)
"""Where a refusal ends: its clause's end, or a word that turns to the act asked."""
_WORD = re.compile(r"[A-Za-z][\w'-]*")


def _verb_en(text: str, at: int) -> int | None:
    """Where a destroy word (one to three words: "cancel", "get rid of") that starts at ``at`` ends, if one does."""
    words = list(_WORD.finditer(text, at))[:3]
    if not words or words[0].start() != at:
        return None
    for n in range(len(words), 0, -1):
        if is_destroy_word(" ".join(w.group() for w in words[:n])):
            return words[n - 1].end()
    return None


def _verb_zh(text: str, at: int) -> int | None:
    """Where a Chinese destroy word that starts at ``at`` (after a 把 / 将 object) ends, if one does."""
    starts = [at]
    if text[at : at + 1] in ("把", "将"):
        clause = _TURN.search(text, at)
        starts = list(range(at + 2, min(at + 18, clause.start() if clause else len(text))))
    for start in starts:
        for end in range(start + 1, min(start + 5, len(text) + 1)):
            if is_destroy_word(text[start:end]) and not is_destroy_word(text[start + 1 : end]):
                return end
    return None


def _refusals(text: str) -> list[tuple[int, int]]:
    """Where the request refuses a destructive act: from the negation to its clause's end or a turn."""
    spans = []
    found = [(m, _verb_en(text, m.end())) for m in _NOT_EN.finditer(text)]
    for m in _NOT_ZH.finditer(text):
        a_or_not = m.group() == "不" and m.start() > 0 and text[m.start() - 1] == text[m.end() : m.end() + 1]
        if not a_or_not:  # 能不能, 删不删: a question whether
            found.append((m, _verb_zh(text, m.end())))
    for m, verb in found:
        if verb is not None:
            turn = _TURN.search(text, verb)
            spans.append((m.start(), turn.start() if turn else len(text)))
    return sorted(spans)


def refused_apart(text: str) -> tuple[str, str]:
    """``text`` less the acts it refuses, and those refusals (joined by newlines); with ``REFUSALS_HOLD`` off, all ask.

    "don't refund T-55102, just void it" asks "just void it" and refuses "don't refund T-55102";
    "这张票是假的，作废 T-66001，不退款" refuses "不退款".
    """
    spans = _refusals(text) if REFUSALS_HOLD else []
    if not spans:
        return text, ""
    ask, refused, at = [], [], 0
    for start, end in spans:
        if start < at:
            continue
        ask.append(text[at:start])
        refused.append(text[start:end])
        at = end
    ask.append(text[at:])
    return " ".join(ask), "\n".join(refused)


def refused_acts(
    refused: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], said: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) whose act ``refused`` says, the ask not (``said``).

    Its own verb in either language, or its act that is not destroying ("不退款" for ``ticket_refund``).
    """
    out = np.zeros_like(destructive)
    if not refused:
        return out
    for j, tool in enumerate(tools):
        says = (
            request_says_its_act(refused, tool)
            or request_says_its_act_across(refused, tool)
            or request_says_its_own_act(refused, tool)
        )
        out[0, j] = bool(destructive[0, j]) and says and not bool(said[0, j])
    return out
