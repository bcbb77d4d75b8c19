"""The negations a request says, read once: the acts it refuses and the acts it tells not to do (issue #32 item 12).

"don't refund T-55102, just void it" asks to void; its "refund" was read as an ask too, and
``ticket_refund`` was sent beside ``void_ticket``. "先别取消 EV-5521，改到下个月" (don't cancel
EV-5521 yet, move it to next month) sent ``event_cancel``. "以后缺货了不要给我换别的" (when it is out of
stock, don't swap it for another) is a preference, no call-off, though its 不要 sits near the act
phrases' 不要了. One reader (``negations``) finds each negation and its scope, in its own clause:

* the negation: "don't", "do not", "doesn't", "no", "not", "never", "without" (a phone keyboard's
  curly apostrophe too); 先别, 别, 不要, 不用, 无需, 没必要, 不许, 不准, 不; a few words may part it from
  its verb ("don't just ...", "no need to ...", "not to ..."; 先别给我取消, 别再, 不要擅自, 别把 EV-5521 取消);
* a **refusal** (``refused_apart``): the verb is a destroy word (``_hints.is_destroy_word``); it
  refuses that act to its clause's end or to a word that turns to the act asked ("but", "just",
  "instead", "rather"; 只, 就, 而是, 直接, 改);
* a **telling not to act** (``tells_not_to_act``): "don't", "do not", "never", "no need to" + any
  verb but want, need, like, forget ("never swap my items"); 别, 先别 + an act, 不要, 不用, 不许,
  不准, 无需, 没必要 + a parting word and an act ("不要给我换别的"); not where its clause calls the act
  off ("别再寄了", "以后不要再扣我的钱了", "don't send me any more boxes": 了, 啦, 吧, "anymore", "no
  longer", "again" in the negation's clause), and only where the request, less its negations, says
  no destroy word ("don't email him; cancel my 3pm" asks to cancel).

The act readings (``decide.says_acts``, ``decide.asked_to_destroy``) read the request less its
refusals, and a destructive tool whose act only a refusal says is held (``refused_acts``,
``REFUSALS_HOLD``), wherever it ranks and whatever unlocks it (its profile neighbours, the act
phrases, its users' words, an id it takes). A request that tells not to act is no destroy ask by
the act phrases, nor leans to destroy (``destroy_ask.negates_an_act``). No negation: a question
why not ("why not cancel it?", "why don't you cancel it", 为什么不取消, 怎么不, 何不), "or not", "can
not", "don't forget to cancel X" (asks to cancel), a question whether (能不能取消, 删不删), 要不 (how
about), "不得不取消" (has to be cancelled), 别 of a word (分别删除: delete each; 别的, 别人, 特别, 区别).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ._hints import (
    is_destroy_word,
    request_is_destructive,
    request_says_its_act,
    request_says_its_act_across,
    request_says_its_own_act,
)
from ._types import ToolSpec

__all__ = ["REFUSALS_HOLD", "refused_acts", "refused_apart", "tells_not_to_act"]

REFUSALS_HOLD = True
"""A destructive tool whose act the request says only under a negation is held, and the act readings read the
request less its refusals (off: as before, a refused act read as asked). ``benchmarks/destructive_ridealong.py
--refusals off`` measures it on the dev registries."""

_NOT_EN = re.compile(
    r"(?<!\bwhy\s)(?<!\bor\s)(?<!\bcan\s)(?<!\bcould\s)"
    r"\b(?P<not>do(?:es)?\s+not|do(?:es)?n['’]?t|not|no|never|without)\b"
    r"(?P<part>(?:\s+(?:just|yet|actually|really|ever|need\s+to|want\s+to|have\s+to|to))*)\s+",
    re.I,
)
"""An English negation and the words that may part it from its verb ("don't just ...", "no need to ...",
"not to ..."); not "why not", "why don't", "or not", "can not"."""
_TELLS_EN = re.compile(r"do\s+not|don['’]?t|never", re.I)
"""The English negations that tell not to do any act (with "no need to"), not only a destroy one."""
_NOT_A_TELLING_EN = re.compile(r"(?:want|need|like|forget)\b", re.I)
"""The verbs after "don't" that tell nothing not to be done: "I don't want it", "don't forget to cancel"."""
_NOT_ZH = re.compile(
    r"(?<![么啥何要得分特个区识告类级性])(?P<not>先别|别(?![的人处家样]|再见)|不要|不用|无需|没必要|不许|不准|不)"
    r"(?P<part>(?:先|再|急着|着急|马上|给我|帮我|替我|给他们|给他|给她|擅自|随便|自动)*)"
)
"""A Chinese negation and the words that may part it from its verb ("先别给我取消"; not 为什么不, 怎么不, 何不,
要不 "how about", 不得不, nor 别 of 分别, 特别, 别的, 别人...)."""
_TURN = re.compile(r"[，,。；;.!！?？\n]|\b(?:but|just|instead|rather)\b|只|就|而是|直接|改", re.I)
"""Where a refusal ends: its clause's end, or a word that turns to the act asked."""
_CLAUSE_END = re.compile(r"[，,。；;！!？?\n]|\.(?=\s|$)")
"""Where a negation's clause ends (not the dot of "v2.0")."""
_CALLS_OFF = re.compile(r"[了啦吧~～]\s*$|\b(?:any ?more|no longer|again)\b", re.I)
"""A clause that calls an act off: it closes with 了 ("别再寄了"), or says "anymore", "no longer", "again"."""
_WORD = re.compile(r"[A-Za-z][\w'-]*")
_HAN = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True, slots=True)
class Negation:
    """One negation of a request, in its clause."""

    start: int
    """Where the negation starts."""
    end: int
    """Where its scope ends: its clause's end, or a word that turns to the act asked (``_TURN``)."""
    refuses: bool
    """The word it negates is a destroy word: a refusal of that act."""
    tells: bool
    """It tells not to do an act, any act, in a clause that does not call the act off."""


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


def _clause(text: str, start: int, at: int) -> str:
    """``text`` from ``start`` to the end of the clause ``at`` is in."""
    end = _CLAUSE_END.search(text, at)
    return text[start : end.start() if end else len(text)]


def _tells_en(text: str, found: re.Match[str]) -> bool:
    """An English negation that tells not to act: "don't", "do not", "never", "no need to" + a verb.

    Not "don't" + want, need, like, forget ("I don't want it", "I don't want to sound rude", "don't forget
    to cancel").
    """
    word, part = found.group("not"), found.group("part")
    if word.lower() == "no":
        return re.match(r"\s+need\s", part, re.I) is not None and _WORD.match(text, found.end()) is not None
    if not _TELLS_EN.fullmatch(word) or _NOT_A_TELLING_EN.search(part):  # "I don't want to sound rude"
        return False
    return _WORD.match(text, found.end()) is not None and not _NOT_A_TELLING_EN.match(text, found.end())


def _tells_zh(text: str, found: re.Match[str]) -> bool:
    """A Chinese negation that tells not to act: 别 + an act; 不要, 不用, 无需... + a parting word and an act.

    After 别 and 先别, a Han character and one more ("别给我换"); after the others, a parting word first
    ("不要给我换别的"; "这单不要" is what is not wanted).
    """
    word, part = found.group("not"), found.group("part")
    after = _clause(text, found.start("part"), found.end()).rstrip()
    if word in ("别", "先别"):
        return len(after) >= 2 and _HAN.match(after) is not None
    return word != "不" and bool(part) and len(after) > len(part)


def _negation(text: str, found: re.Match[str], verb: int | None, tells: bool) -> Negation:
    """A negation found: its scope runs past its verb (a destroy word's end, else the act's first letter) to a turn."""
    turn = _TURN.search(text, found.end() + 1 if verb is None else verb)
    calls_off = _CALLS_OFF.search(_clause(text, found.start(), found.end())) is not None
    return Negation(found.start(), turn.start() if turn else len(text), verb is not None, tells and not calls_off)


def negations(text: str) -> list[Negation]:
    """The request's negations that refuse a destroy act or tell not to act, by where they start."""
    found = [_negation(text, m, _verb_en(text, m.end()), _tells_en(text, m)) for m in _NOT_EN.finditer(text)]
    for m in _NOT_ZH.finditer(text):
        at = m.start()
        if m.group() == "不" and at > 0 and text[at - 1] == text[m.end() : m.end() + 1]:
            continue  # 能不能, 删不删: a question whether
        found.append(_negation(text, m, _verb_zh(text, m.end()), _tells_zh(text, m)))
    return sorted((n for n in found if n.refuses or n.tells), key=lambda n: (n.start, n.end))


def _apart(text: str, spans: list[tuple[int, int]]) -> tuple[str, str]:
    """``text`` less ``spans`` (sorted; one that starts inside the one before is left), and the spans' text."""
    kept, cut, at = [], [], 0
    for start, end in spans:
        if start < at:
            continue
        kept.append(text[at:start])
        cut.append(text[start:end])
        at = end
    kept.append(text[at:])
    return " ".join(kept), "\n".join(cut)


def refused_apart(text: str) -> tuple[str, str]:
    """``text`` less the acts it refuses, and those refusals (joined by newlines); with ``REFUSALS_HOLD`` off, all ask.

    "don't refund T-55102, just void it" asks "just void it" and refuses "don't refund T-55102";
    "这张票是假的，作废 T-66001，不退款" refuses "不退款".
    """
    spans = [(n.start, n.end) for n in negations(text) if n.refuses] if REFUSALS_HOLD else []
    return _apart(text, spans) if spans else (text, "")


def tells_not_to_act(text: str) -> bool:
    """The request tells not to do an act ("不要给我换别的", "never swap my items"), in a clause not calling it off.

    Only where the request less its negations says no destroy word: "don't email him; cancel my 3pm" asks to cancel.
    """
    found = negations(text)
    if not any(n.tells for n in found):
        return False
    rest, _ = _apart(text, [(n.start, n.end) for n in found])
    return not request_is_destructive(rest)


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
