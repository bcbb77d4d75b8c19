"""The negations a request says, read once: the acts it refuses and the acts it tells not to do.

"don't refund T-55102, just void it" asks to void; its "refund" was read as an ask too, and
``ticket_refund`` was sent beside ``void_ticket``. "先别取消 EV-5521，改到下个月" (don't cancel
EV-5521 yet, move it to next month) sent ``event_cancel``. "以后缺货了不要给我换别的" (when it is out of
stock, don't swap it for another) is a preference, no call-off, though its 不要 sits near the act
phrases' 不要了. One reader (``negations``) finds each negation and its scope, in its own clause:

* the negation: "don't", "do not", "doesn't", "no", "not", "never", "without" (a phone keyboard's
  curly apostrophe too), "hold off (on)", "put on hold", "wait with" (the act put off: "hold off on voiding
  INV-88190"), "won't", "will not", "skip"; 先别, 别, 不要, 请勿, 勿, 不用, 无需, 没必要, 不许, 不准, 暂缓, 不
  ("不要撤单了": no longer wanted; a bare 退 too: "那就不退了"), or 不要, 不用, 免了 after a destroy word closing
  its clause ("退款先不要", ``_AFTER_ZH``); a few words may part it
  from its verb ("don't just ...", "no need to ...", "not to ...", "I don't want you to ...", "I never asked you
  to ..."; 先别给我取消,
  别再, 不要擅自, 别把 EV-5521 取消), on its line (a "No" that ends a line refuses nothing on the next);
  "don't want" + a destroy word's past participle after its object, or a destroy word after a, an, the, any,
  no, my, of the four words after it, refuses too ("I don't want my order cancelled", "I don't want a refund,
  just store credit"; not "I don't want this order cancel it now");
* a **refusal** (``refused_apart``): the verb is a destroy word (``_hints.is_destroy_word``), or it closes an
  account ("don't close my account", "别关闭账号12345", "先别把账户关闭": ``_hints.account_closed_at``); it
  refuses that act to its clause's end (not the dot of "v2.0") or to a word that turns to the act
  asked ("but", "just", "instead", "rather"; 只, 就, 而是, 直接, 改);
* a **telling not to act** (``tells_not_to_act``), with its object: "don't", "do not", "never", "no need
  to" + any verb but want, need, like, forget, hesitate, be afraid, fail, wait ("never swap my items";
  "don't hesitate to cancel" asks the cancel); 别, 先别, 勿 + an act, 不要, 不用, 不许,
  不准, 无需, 没必要 + a parting word and an act ("不要给我换别的"); not where its clause calls the act
  off ("别再寄了", "以后不要再扣我的钱了", "don't send me any more boxes": 了, 啦, 吧, "anymore", "no
  longer", "again" in the negation's clause), and only where the request, less its negations (a telling
  to its clause's end, a turn or a joined act: "and", "then", 并, 然后; not "and", "also", "plus" before a
  determiner or a participle, which join another object), says no destroy word ("don't email him and cancel
  my 3pm" asks to cancel; "do not touch the cancelled orders and the deleted files" asks none).

The act readings (``decide.says_acts``, ``decide.asked_to_destroy``) read the request less its
refusals, and a destructive tool whose act only a refusal says is held (``refused_acts``,
``REFUSALS_HOLD``), wherever it ranks and whatever unlocks it (its profile neighbours, the act
phrases, its users' words, an id it takes). A request that tells not to act is no destroy ask by
the act phrases, nor leans to destroy (``destroy_ask.negates_an_act``). No negation: a question
why not ("why not cancel it?", "why don't you cancel it", 为什么不取消, 怎么不, 何不), "or not", "can
not", "don't forget to cancel X" (asks to cancel), a question whether (能不能取消, 删不删), 要不 (how
about), "不得不取消" (has to be cancelled), 别忘了, 不要忘记 (don't forget to), 别 of a word (分别删除:
delete each; 别的, 别人, 特别, 区别, 别名, 别墅, 别克). Each clause end, turn and call-off word is found
once, and each start of a Chinese destroy word read once, so a long text of many negations ("别把别把…")
reads in linear time.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from itertools import islice

import numpy as np
from numpy.typing import NDArray

from ._hints import (
    account_closed_at,
    is_destroy_word,
    names_cut_or_removal,
    refuses_account_close,
    removal_at,
    request_is_destructive,
    says_its_act_any_way,
    scrapped_at,
    supply_cut_at,
    taken_off_at,
)
from ._types import ToolSpec

__all__ = [
    "REFUSALS_HOLD",
    "negated_apart",
    "negation_ends_at",
    "only_refuses",
    "refused_acts",
    "refused_apart",
    "says_a_negation",
    "says_bare_refund",
    "tells_not_to_act",
    "told_not_apart",
]

REFUSALS_HOLD = True
"""A destructive tool whose act the request says only under a negation is held, and the act readings read the
request less its refusals (off: as before, a refused act read as asked). ``benchmarks/destructive_ridealong.py
--refusals off`` measures it on the dev registries."""

_NOT_EN = re.compile(
    r"(?<!\bwhy\s)(?<!\bor\s)(?<!\bif\s)(?<!\bcan\s)(?<!\bcould\s)"
    r"\b(?P<not>do(?:es)?[^\S\n]+not|do(?:es)?n['’]?t|not|no|never|without"
    r"|did(?:[^\S\n]+not|n['’]?t)(?=[^\S\n]+(?:ask|want|tell)[^\S\n]+(?:(?:you|them)[^\S\n]+)?to\b)"
    r"|won['’]?t|will[^\S\n]+not|skip(?:ping)?"
    r"|hold(?:ing)?[^\S\n]+off(?:[^\S\n]+on)?|put[^\S\n]+on[^\S\n]+hold|wait(?:ing)?[^\S\n]+with)\b"
    r"(?P<part>(?:[^\S\n]+(?:just|yet|actually|really|ever|need[^\S\n]+to|longer[^\S\n]+wants?[^\S\n]+to"
    r"|(?:want|ask(?:ed)?|tell)[^\S\n]+(?:you[^\S\n]+|them[^\S\n]+)?to|have[^\S\n]+to|to))*)[^\S\n]+",
    re.I,
)
"""An English negation and the words that may part it from its verb ("don't just ...", "no need to ...",
"not to ...", "I don't want you to ...", "she no longer wants to ...", "I never asked you to ...", "I didn't ask you
to ...": "didn't" only
before ask, want or tell (to), since "I didn't cancel it" reports), on its line; not
"why not", "why don't", "or not", "if not" (otherwise: "..., if not refund it"), "can not". "hold off (on)", "put on
hold", "wait with" put the act off ("hold off on voiding INV-88190"); not "hold on", "can't wait to".
"won't", "will not" and "skip (the)" refuse the act too ("ok we won't refund", "skip the refund")."""
_TELLS_EN = re.compile(r"do\s+not|don['’]?t|never", re.I)
"""The English negations that tell not to do any act (with "no need to"), not only a destroy one."""
_NOT_A_TELLING_EN = re.compile(r"(?:want|need|like|forget|hesitate|be\s+afraid|fail|wait)\b", re.I)
"""The verbs after "don't" that tell nothing not to be done: "I don't want it", "don't forget to cancel",
"don't hesitate to cancel", "don't be afraid to delete", "never fail to", "don't wait to"."""
_WANT_EN = re.compile(r"want[^\S\n]+", re.I)
"""A "don't want" whose object may come before the act: "I don't want my order cancelled"."""
_WANTED_AFTER = frozenset({"a", "an", "the", "any", "no", "my"})
"""The words before a destroy word that make it the thing not wanted: "I don't want a refund"."""
_NOT_ZH = re.compile(
    r"(?<![么啥何要得分特个区识告类级性])"
    r"(?P<not>先别(?!忘)|别(?![的人处家样名墅克针致称扭忘]|再见)|不要(?!忘)|请勿|勿|不用|无需|没必要|不许|不准|而非|不是|暂缓|不)"
    r"(?P<part>(?:先|再|急着|着急|马上|给我|帮我|替我|给他们|给他|给她|擅自|随便|自动|想要|想|打算)*)"
)
"""A Chinese negation and the words that may part it from its verb ("先别给我取消", "她不想取消了"; not 为什么不,
怎么不, 何不, 要不 "how about", 不得不, 别忘了 "don't forget to", nor 别 of 分别, 特别, 别的, 别人, 别名, 别墅,
别克...)."""
_AFTER_ZH = re.compile(
    r"(?:先|就|也|暂时|暂且|还是)?(?:不要|不用|不需要|不必|免了)了?(?=[^\S\n]*(?:[，,。；;！!？?\n]|$))"
)
"""A Chinese refusal said after its act, closing its clause: "退款先不要", "退款就不用了", "退款免了". Only right after
a destroy word (``_after_zh``): "订单 ORD-5521 不要了" gives a record up, it refuses no act."""
_TURN = re.compile(r"[，,。；;!！?？\n]|\.(?=\s|$)|\b(?:but|just|instead|rather)\b|只|就|而是|直接|改", re.I)
"""Where a refusal ends: its clause's end (not the dot of "v2.0"), or a word that turns to the act asked."""
_CLAUSE_END = re.compile(r"[，,。；;！!？?\n]|\.(?=\s|$)")
"""Where a negation's clause ends (not the dot of "v2.0")."""
_JOIN = re.compile(
    r"\bthen\b|\b(?:and|also|plus)\b(?![^\S\n]+(?:(?:the|an?|my|our|your|his|her|their|its|this|that|these|those"
    r"|all|any|some|every|each|no)\b|(?!(?:when|then)\b)[a-z]+(?:ed|en)\b))|并且|(?<!合)并|然后|同时",
    re.I,
)
"""A word that joins another act to a telling not to act: "don't email him and cancel my 3pm" (not "and", "also",
"plus" before a determiner or a participle, which join another object: "do not touch the cancelled orders and
the deleted files")."""
_ACT_JOIN = re.compile(
    r"\bthen\b|\b(?:and|also|plus)\s+(?:(?:return|list|get|find|give|output|respond|search)(?:s|es)?\b"
    r"|[a-z]+\s+(?:the|an?|its|their|each|every|all|one|your|his|her|this|that|these|those)\b)|并且|(?<!合)并|然后|同时",
    re.I,
)
"""A word that joins another act to a description's negation, a verb after it: "without approval and return its id"
(a result verb of ``_chains._RETURNS``, or a word before a determiner), not "and" between nouns ("Does not return
deliveries and parcels")."""
_SHIFT = re.compile(r"\b(?:but|instead|rather)\b|(?:(?<=,)|(?<=,\s))just\b|而是|直接", re.I)
"""A word that turns a description from what it does not do to what it does: "Does not charge a fee but returns the
booking id", "Does not delete it, just archives it" ("just" after a comma, or after "but"); not the "just" of what is
negated: "Do not call this tool just to cancel an order"."""
_CALLS_OFF_END = "了啦吧~～"
"""A clause that calls an act off closes with one of these ("别再寄了")..."""
_CALLS_OFF = re.compile(r"\b(?:any ?more|no longer|again)\b", re.I)
"""... or says "anymore", "no longer", "again"."""
_WORD = re.compile(r"[A-Za-z][\w'-]*")
_HAN = re.compile(r"[\u4e00-\u9fff]")


class _Marks:
    """Where the text's clauses end, its turns and its call-off words are, each found once (linear in the text)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.ends = [m.start() for m in _CLAUSE_END.finditer(text)]
        self.turns = [m.start() for m in _TURN.finditer(text)]
        self.calls_off = [m.start() for m in _CALLS_OFF.finditer(text)]
        self.joins = [m.start() for m in _JOIN.finditer(text)]
        self.stripped: dict[int, int] = {}
        self.verbs: dict[int, int | None] = {}

    def clause_end(self, at: int) -> int:
        """Where the clause ``at`` is in ends."""
        i = bisect_left(self.ends, at)
        return self.ends[i] if i < len(self.ends) else len(self.text)

    def turn(self, at: int) -> int:
        """Where the first turn at or after ``at`` starts (the text's end if none)."""
        i = bisect_left(self.turns, at)
        return self.turns[i] if i < len(self.turns) else len(self.text)

    def reach(self, at: int) -> int:
        """Where what a telling at ``at`` tells not to do ends: a turn (its clause's end too) or a joined act."""
        i = bisect_left(self.joins, at)
        return min(self.turn(at), self.joins[i] if i < len(self.joins) else len(self.text))

    def clause_last(self, at: int) -> int:
        """Where the clause ``at`` is in ends, less its trailing white space (walked once per clause)."""
        end = self.clause_end(at)
        if end not in self.stripped:
            last = end
            while last > 0 and self.text[last - 1].isspace():
                last -= 1
            self.stripped[end] = last
        return self.stripped[end]

    def zh_verb_end(self, start: int) -> int | None:
        """Where a Chinese destroy word (one to four characters) that starts at ``start`` ends, if one does.

        Read once per start: the 把 / 将 objects of a run of negations ("别把别把…") overlap.
        """
        if start not in self.verbs:
            text, found = self.text, None
            for end in range(start + 1, min(start + 5, len(text) + 1)):
                if is_destroy_word(text[start:end]) and not is_destroy_word(text[start + 1 : end]):
                    found = end
                    break
            for other in (account_closed_at, removal_at, supply_cut_at, scrapped_at, _bare_refund_at):
                found = other(text, start) if found is None else found
            self.verbs[start] = found
        return self.verbs[start]

    def calls_off_from(self, start: int, at: int) -> bool:
        """The clause ``at`` is in, from ``start``, calls an act off: it closes with 了, or says "anymore"..."""
        last, end = self.clause_last(at), self.clause_end(at)
        if last > start and self.text[last - 1] in _CALLS_OFF_END:
            return True
        i = bisect_left(self.calls_off, start)
        return i < len(self.calls_off) and self.calls_off[i] < end


_BARE_REFUND_ZH = re.compile(r"退(?![订房出役休化步烧货])")
"""A bare 退 refused: money not given back ("那就不退了", "不用退了"); not 退订, 退房, 退出, 退役, 退休, 退货..."""


def says_bare_refund(text: str) -> bool:
    """``text`` says a bare 退 (``_BARE_REFUND_ZH``), refused or not: "再帮我退一次"; not 退货, 退订, 退房..."""
    return _BARE_REFUND_ZH.search(text) is not None


def _bare_refund_at(text: str, start: int) -> int | None:
    """Where a bare 退 that starts at ``start`` ends (``_BARE_REFUND_ZH``), if one does."""
    found = _BARE_REFUND_ZH.match(text, start)
    return None if found is None else found.end()


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
    reach: int
    """Where what it tells not to do ends, its object with it: a turn, its clause's end, or a joined act ("and")."""


def _verb_en(text: str, at: int) -> int | None:
    """Where a destroy word (one to three words: "cancel", "get rid of") that starts at ``at`` ends, if one does."""
    first = _WORD.match(text, at)
    if first is None:
        return None
    words = [first, *islice(_WORD.finditer(text, first.end()), 2)]
    for n in range(len(words), 0, -1):
        if is_destroy_word(" ".join(w.group() for w in words[:n])):
            return words[n - 1].end()
    closed = account_closed_at(text, at)  # "don't close my account"
    closed = taken_off_at(text, at) if closed is None else closed  # "don't take bag XA447201 off run CD-4450"
    return closed if closed is not None else supply_cut_at(text, at)  # "don't cut off the power"


_PUT_OFF_THING = re.compile(r"(?:the|that|this|any|my|our|its|his|her|their)\s+", re.I)


def _put_off_thing(text: str, found: re.Match[str]) -> int | None:
    """An act put off named as a thing after a determiner: "hold off on the refund", "wait with the cancellation"."""
    if not found.group("not").lower().startswith(("hold", "put", "wait", "skip")):
        return None
    thing = _PUT_OFF_THING.match(text, found.end())
    return None if thing is None else _verb_en(text, thing.end())


def _wanted_gone_en(text: str, found: re.Match[str], marks: _Marks) -> int | None:
    """A destroy word of the four words after "don't want", in its clause, as a participle or a thing wanted.

    A past participle after its object, or the thing wanted after a, an, the, any, no, my.
    "I don't want my order cancelled", "I don't want a refund, just store credit"; not "I don't want this order
    cancel it now" nor "i dont want it anymore delete it" (an imperative, or a word after the object that starts
    another clause: "it", "so").
    """
    if not found.group("not").lower().startswith("do") or found.group("part"):
        return None
    want = _WANT_EN.match(text, found.end())
    if want is None:
        return None
    end = marks.clause_end(want.end())
    before = ""
    for i, word in enumerate(islice(_WORD.finditer(text, want.end(), end), 4)):
        said = word.group().lower()
        if said == "so" or (said == "it" and i > 0):
            return None
        if is_destroy_word(said):
            return word.end() if i > 0 and (said.endswith(("ed", "en")) or before in _WANTED_AFTER) else None
        before = said
    return None


def _verb_zh(text: str, at: int, marks: _Marks) -> int | None:
    """Where a Chinese destroy word that starts at ``at`` (after a 把 / 将 object) ends, if one does."""
    starts = range(at, at + 1)
    if text[at : at + 1] in ("把", "将", "让"):  # 别让 S-3333 退出 C-12 班: 让 names who is to act
        if (closed := account_closed_at(text, at + 1)) is not None:  # 别把账户关闭
            return closed
        starts = range(at + 2, min(at + 18, marks.turn(at)))
    for start in starts:
        end = marks.zh_verb_end(start)
        if end is not None:
            return end
    return None


def _tells_en(text: str, found: re.Match[str]) -> bool:
    """An English negation that tells not to act: "don't", "do not", "never", "no need to" + a verb.

    Not "don't" + want, need, like, forget, hesitate, be afraid, fail, wait ("I don't want it", "I don't want
    to sound rude", "don't forget to cancel", "don't hesitate to cancel").
    """
    word, part = found.group("not"), found.group("part")
    if word.lower() == "no":
        return re.match(r"\s+need\s", part, re.I) is not None and _WORD.match(text, found.end()) is not None
    if not _TELLS_EN.fullmatch(word) or _NOT_A_TELLING_EN.search(part):  # "I don't want to sound rude"
        return False
    return _WORD.match(text, found.end()) is not None and not _NOT_A_TELLING_EN.match(text, found.end())


def _tells_zh(text: str, found: re.Match[str], marks: _Marks) -> bool:
    """A Chinese negation that tells not to act: 别 + an act; 不要, 不用, 无需... + a parting word and an act.

    After 别, 先别 and 勿, a Han character and one more ("别给我换"); after the others, a parting word first
    ("不要给我换别的"; "这单不要" is what is not wanted).
    """
    word, part = found.group("not"), found.group("part")
    start = found.start("part")
    after = marks.clause_last(found.end()) - start  # the clause's length from the parting words, less its end's space
    if word in ("别", "先别", "勿", "请勿"):
        return after >= 2 and _HAN.match(text, start) is not None
    return word != "不" and bool(part) and after > len(part)


def _after_zh(found: re.Match[str], marks: _Marks) -> Negation | None:
    """A refusal said after its act (``_AFTER_ZH``): the destroy word right before it, to its clause's end."""
    for start in range(max(found.start() - 4, 0), found.start()):
        if marks.zh_verb_end(start) == found.start():
            return Negation(start, found.end(), True, False, found.end())
    return None


def _negation(found: re.Match[str], verb: int | None, tells: bool, marks: _Marks) -> Negation:
    """A negation found: a refusal's scope runs past its destroy word to a turn; a telling's ends at its verb."""
    if verb is None:  # its verb: the word after it, or two Han characters, in its clause
        word = _WORD.match(marks.text, found.end())
        end = word.end() if word else min(found.end() + 2, marks.clause_end(found.end()))
    else:
        end = marks.turn(verb)
    calls_off = marks.calls_off_from(found.start(), found.end())
    reach = max(end, marks.reach(found.end()))
    return Negation(found.start(), end, verb is not None, tells and not calls_off, reach)


def negations(text: str) -> list[Negation]:
    """The request's negations that refuse a destroy act or tell not to act, by where they start."""
    marks = _Marks(text)
    found = []
    for m in _NOT_EN.finditer(text):
        verb = _verb_en(text, m.end())
        verb = _wanted_gone_en(text, m, marks) if verb is None else verb
        verb = _put_off_thing(text, m) if verb is None else verb
        found.append(_negation(m, verb, _tells_en(text, m), marks))
    for m in _NOT_ZH.finditer(text):
        at = m.start()
        if m.group("not")[0] == "不" and at > 0 and text[at - 1] == text[at + 1 : at + 2]:
            continue  # 能不能, 删不删, 是不是: a question whether
        found.append(_negation(m, _verb_zh(text, m.end(), marks), _tells_zh(text, m, marks), marks))
    found.extend(n for m in _AFTER_ZH.finditer(text) if (n := _after_zh(m, marks)) is not None)
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


def negated_apart(text: str) -> str:
    """``text`` less every negated clause, from its negation to its clause's end, whatever it negates.

    What a tool's description says it does not do ("Does NOT track deliveries — use delivery_track") is none of
    its acts or results (``_chains``: what a tool produces). Every negation ``_NOT_EN`` and ``_NOT_ZH`` find,
    not only those that refuse or tell (``negations``).
    """
    marks = _Marks(text)
    found = [m for pattern in (_NOT_EN, _NOT_ZH) for m in pattern.finditer(text)]
    joins = sorted(m.start() for pattern in (_ACT_JOIN, _SHIFT) for m in pattern.finditer(text)) if found else []
    spans = [(m.start(), _negated_end(text, marks, joins, m)) for m in found]
    return _apart(text, sorted(spans))[0] if spans else text


def _negated_end(text: str, marks: _Marks, joins: list[int], found: re.Match[str]) -> int:
    """Where a description's negation ends: its clause's end, a turn, a joined act, or the bracket it sits in.

    The first of the clause's end, a turn (``_SHIFT``) and a joined act (``_ACT_JOIN``; ``joins`` holds both):
    "without approval and return its id", "(no login needed) and return the case_id", "without payment but
    returns an order_id"; not at the "and" of "Does not return deliveries and parcels".
    """
    i = bisect_left(joins, found.end())
    end = min(marks.clause_end(found.end()), joins[i] if i < len(joins) else len(text))
    if text.rfind("(", 0, found.start()) > text.rfind(")", 0, found.start()):
        close = text.find(")", found.end())
        end = min(end, close) if close != -1 else end
    return end


def says_a_negation(text: str) -> bool:
    """``text`` says a negation (``_NOT_EN``, ``_NOT_ZH``), whatever follows it: "don't", "wait, don't", "先别"."""
    return _NOT_EN.search(re.sub(r"[^\w'’]+", " ", text) + " ") is not None or _NOT_ZH.search(text) is not None


def negation_ends_at(text: str, at: int) -> bool:
    """A negation with the words that part it from its verb (``_NOT_EN``) ends right at ``at``.

    "no need to keep", "we don't have to keep", "never keep": the verb at ``at`` is negated.
    """
    return any(m.end() == at for m in _NOT_EN.finditer(text, 0, at))


def refused_apart(text: str) -> tuple[str, str]:
    """``text`` less the acts it refuses, and those refusals (joined by newlines); with ``REFUSALS_HOLD`` off, all ask.

    "don't refund T-55102, just void it" asks "just void it" and refuses "don't refund T-55102";
    "这张票是假的，作废 T-66001，不退款" refuses "不退款".
    """
    spans = [(n.start, n.end) for n in negations(text) if n.refuses] if REFUSALS_HOLD else []
    return _apart(text, spans) if spans else (text, "")


_NO_NEED_ZH = re.compile(r"(?:不要|不用|无需|不必|没必要)(?=[\u4e00-\u9fff]{2})(?![\u4e00-\u9fff]{0,3}的|[只光单])")
"""不要, 不用... right before an act ("不要结束骑行"), not before what is unused or unwanted ("删除不用的账号"), nor
before 只, 光, 单 ("不要只取消，退款也办" asks the cancel and more)."""


def told_not_apart(text: str) -> str:
    """``text`` less what it refuses or tells not to do, each from its negation to its reach.

    "don't end ride R-40021", "no need to end ride R-40021" and "不要结束骑行 R-40021" ask no act; "don't email him
    and end ride R-1" keeps "and end ride R-1".
    """
    marks = _Marks(text)
    spans = [(n.start, n.reach) for n in negations(text) if n.tells or n.refuses]
    spans += [(m.start(), marks.clause_end(m.end())) for m in _NO_NEED_ZH.finditer(text)]
    return _apart(text, sorted(spans))[0] if spans else text


def tells_not_to_act(text: str) -> bool:
    """The request tells not to do an act ("不要给我换别的", "never swap my items"), in a clause not calling it off.

    A refusal tells not to do its act ("no, don't delete it yet", "不要删，先留着"). Only where the request less its
    negations says no destroy word: "don't email him; cancel my 3pm" asks to cancel.
    """
    found = negations(text)
    if not any(n.tells or n.refuses for n in found):  # a refusal tells too: "先别删", "no, don't delete it yet"
        return False
    rest, _ = _apart(text, [(n.start, n.reach) for n in found])  # "don't touch the cancelled orders": no ask
    return not request_is_destructive(rest)


_NOTHING_ELSE = re.compile(
    r"[\W_]*(?:(?:no|nope|nah|not|yet|now|ok|okay|hmm|please|thanks|keep\s+it|好|嗯|哦|先|留着|保留|暂时|了)[\W_]*)*",
    re.I,
)
"""What a turn that only refuses may say beside its negations: "no", "yet", "hmm", 先留着 (e.g.
"no, don't delete it yet", "先别删", "不要删，先留着")."""


def only_refuses(text: str) -> bool:
    """The request refuses or tells not to do an act, and says nothing else: "no, don't delete it yet", "先别删".

    Not "那先不恢复了。UPS 现在什么状态" (it asks the UPS's status), nor "don't cancel, just move it".
    """
    found = [n for n in negations(text) if n.tells or n.refuses]
    if not found:
        return False
    rest, _ = _apart(text, [(n.start, n.reach) for n in found])
    return _NOTHING_ELSE.fullmatch(rest) is not None


def refused_acts(
    refused: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], said: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) whose act ``refused`` says, the ask not (``said``).

    Its own verb in either language, its act that is not destroying ("不退款" for ``ticket_refund``), or an account
    closed ("don't close my account", "别关闭账号12345" for "Close a customer account ...": ``refuses_account_close``).
    """
    out = np.zeros_like(destructive)
    if not refused:
        return out
    for j, tool in enumerate(tools):
        says = (
            says_its_act_any_way(refused, tool)
            or refuses_account_close(refused, tool)
            or names_cut_or_removal(refused, tool)
        )
        out[0, j] = bool(destructive[0, j]) and says and not bool(said[0, j])
    return out
