"""Reading the last user turn with what came before it: what the turn asks of the tools.

* a **closing** ("thanks, that's all", "谢谢", "不用了", a bare "不用" or "没必要", "都不用了": no to all offered,
  nothing asked) needs no tool, nor does a bare "ok" / "好的" after a reply that proposed nothing (an acknowledgement);
* a **confirmation** ("yes, go ahead", "好的") after the assistant proposed or asked takes
  the proposed action: its query is the assistant's proposal (its last sentence, or the one
  before a closing note such as "a fee may apply");
* a **correction** ("no, the staging one", "不对") redoes the last task: its query is the
  earlier request with the correction, and the tools the model had stay; one after a proposal
  that points to or names another object ("no, the other one", "不对，是另一个", "错了，是19号那个")
  keeps the proposed act: its query is the proposal with the user's words, as a confirmation's
  (a bare "no", or one that refuses an act, still refuses the proposal);
* any other turn is read as itself, earlier user turns as its context;
* a model call **within** a user turn (after tool results) belongs to that turn.

Patterns are matched on the whole (short) message, so "yes, and also book a taxi" is read
as a request, not a bare yes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ._blank import blank, trimmed
from ._conversation import Turn
from ._correction_words import BARE_NO, CORRECTING_EN, CORRECTING_ZH
from ._function_words import FUNCTION_EN
from ._hints import (
    destroy_verbs_said,
    is_destroy_word,
    is_read_only,
    request_is_destructive,
    request_says_its_act_across,
)
from ._negated import refused_apart
from ._types import ScoredTool, ToolSpec, bare_name

__all__ = [
    "ADVICE_WORDS",
    "CHOSEN_ADVICE",
    "CHOSEN_CALLED_READ",
    "CHOSEN_ENDINGS",
    "CHOSEN_POINTERS",
    "CHOSEN_SPLIT_PAIRS",
    "DECLINED",
    "KEEP_WORDS",
    "READ_CLAUSES",
    "Reading",
    "answered",
    "corrected_request",
    "correction_clauses",
    "correction_marked",
    "last_task",
    "offer_sentence",
    "question_tool",
    "read_turn",
]

_END = r"[\s,.!。！，~…]*"
_CLOSING = re.compile(
    r"^(?:(?:ok(?:ay)?|great|perfect|cool|awesome|nice|good|yep|got it|figured|好的?|行|嗯)[\s,!.。，]*)*"
    r"(?:thanks?(?: you)?(?: so much| a lot)?|thx|ty|cheers|bye|goodbye|that'?s all|that is all|all good|"
    r"nothing else|no more|we'?re done|that'?s it|谢谢(?:你|您|啦)?|谢了|谢啦|多谢|感谢|辛苦了?|没事了|没有了|就这些|"
    r"先这样|拜拜|再见|(?:(?:两个|两样)?都)?(?:不用了|不用|不需要|没必要|不必|不要(?!了)))"
    r"(?:[\s,.!。！，]+(?:that'?s all|that is all|for now|bye|goodbye|谢谢|that'?s it|have a (?:good|nice) (?:day|one)|"
    r"for (?:the|your) help|辛苦了?|再见|就这些|没事了)?)*" + _END + "$",
    re.IGNORECASE,
)
_CLOSING_TAIL = re.compile(r"(?:thanks?(?: you)?|thx|谢谢|谢了|谢啦)" + _END + "$", re.IGNORECASE)
"""A longer message that ends in thanks ("I'll swap the cable, thanks") and asks nothing."""
_ASSENT_WORDS = (
    r"(?:yes|yeah|yep|yup|ya|sure|ok(?:ay)?|alright|please|pls|plz|do it|go ahead|go for it|sounds (?:good|great)|"
    r"perfect|great|fine|works for me|that works|looks? (?:good|great|fine|perfect|nice|lovely|amazing)|"
    r"confirm(?:ed)?|correct|absolutely|definitely|of course|let'?s do it|proceed|ship it|"
    r"(?:do\s+)?both(?:\s+of\s+them)?|(?:两个|两样)?都要|"
    r"好的?|好啊|好吧|可以|行|嗯+|对|是的?|没问题|确认|确定|同意|去吧)"
)
_VERB = r"(?:(?![不别没甭])\w){1,3}"
_DONE = r"(?:吧|就(?:行|好|可以))"
_VERB_DONE = re.compile(rf"(?<!\w)({_VERB}){_DONE}")
"""A verb with 吧 or 就行 ("删吧", "取消就行", "留着就行"): a yes only where the verb says the act offered
(``_done_elsewhere``)."""
_ASSENT = rf"(?:{_ASSENT_WORDS}|{_VERB}{_DONE})(?![a-z])"
_CONFIRM = re.compile("^" + _ASSENT, re.IGNORECASE)
_TAKEN_BACK = re.compile(
    r"\b(?:no(?! problem| worries)|keep(?! going| (?:me|us)\b)|leave|hold off|wait)\b|别动|算了|等等"
    r"|\b(?:don'?t|do not|not)\s+(?:do\s+|touch\s+)?(?:it|that|this|yet|now|either|any\s+of\s+(?:it|them))\b"
    r"|\b(?:don'?t|do not|not)\W*$|\bneither\b"
    r"|(?:不要|别)(?:吧|动)?\W*$|别了\W*$|还是(?:不要|别)",
    re.IGNORECASE,
)
"""After an assent, words that take it back: a refusal of the offered act, said without its verb ("looks good for
now, leave it", "yes? no wait", "yes, don't do it", "好的，先别", "好的，先别动它"), the reply
is no confirmation (先别 before a verb is a refused verb: "好的，但先别退款" keeps the cancel of two acts).
"keep me posted" asks to hear back (keep's object is the speaker; "ok, keep them" keeps the things), and
"好的，不要了" after "Shall I cancel ORD-1?" says the order is not wanted: neither takes the assent back; 还是 before
不要 or 别 changes the mind ("好，还是不要了"). A refusal with a verb takes it back when the offer says that verb
(``_REFUSED_VERB``)."""
_REFUSED_VERB = re.compile(r"\b(?:don'?t|do not|not)\s+(?:just\s+)?([a-z]+)|(?:不要|别)([\u4e00-\u9fff]{2})", re.I)
"""A refused verb ("but don't cancel it yet", "不要取消"): it takes the assent back when the offer says it; "yes, but
don't refund it", "确认，不要退款" refuse another act ("Shall I cancel order O-5512?": the cancel is confirmed)."""
"""A reply that takes a proposal: a yes, a short approval ("perfect", "great", "fine",
"looks good"), or a verb
with 吧 or 就行 ("删吧", "取消就行") that says the act offered, not a negated one ("先不删吧" refuses) nor one keeping
the thing ("留着就行": ``_done_elsewhere``)."""
_BARE_YES = re.compile(
    r"^(?:(?:yes|yeah|yep|yup|sure|ok(?:ay)?|alright|fine|cool|got it|好的?|好啊|好吧|可以|行|嗯+|对|是的?|没问题|收到|"
    r"明白了?|知道了)" + _END + ")+$",
    re.IGNORECASE,
)
"""A message of assent words alone ("ok", "好的"): after a reply that proposed nothing, an acknowledgement."""
_POINTED = r"that(?:'s| is)?(?: (?:the )?one| it| right)|(?:就是|正是)(?:这个|这|它|那个)|没错"
"""Words that point back to the object asked ("yes, that one", "yep that's it", "对，就是这个")."""
_ALL_ASSENT = re.compile(rf"^(?:(?:{_ASSENT}|{_POINTED}|now|right now|现在){_END})+$", re.IGNORECASE)
"""A message of confirming words alone ("yes do it", "yes, go ahead", "好的，删吧", "确认", "yes please, do it now")."""
_ASSENT_THEN = re.compile(
    rf"^(?:(?:{_ASSENT}|{_POINTED}|now|right now|现在){_END})+(?:顺便|然后|再|同时|另外|(?:and\s+)?(?:also|then)\b)",
    re.IGNORECASE,
)
"""Confirming words, then another ask after 顺便/然后/再 or "also"/"then" ("好的，删吧，顺便给他发个短信")."""


_EVERY = re.compile(r"\b(?:both|all\s+of\s+them|all\s+(?:two|three)|each)\b|都|全部|两个|两样", re.I)
"""A reply's words for every act on the table ("yes both", "两个都要"): the user's earlier destroy ask comes with the
act the assistant proposed ("cancel ORD-1" / "Should I also refund the payment?" / "yes both": cancel and refund)."""


def assent_rest(text: str) -> str:
    """What ``text`` asks after its confirming words and 顺便/然后/"also" (``_ASSENT_THEN``), or ``""``."""
    found = _ASSENT_THEN.match(text)
    return text[found.end() :].strip(" ,，") if found else ""


_OFFERS_OTHER = re.compile(
    r"\b(?:want\s+me\s+to|shall\s+i|should\s+i|would\s+you\s+like\s+me\s+to|do\s+you\s+want\s+me\s+to|i\s+can)\s+"
    r"(?!go\s+ahead|proceed|continue|do\s+(?:it|that|so)|confirm|delete|remove|cancel)[a-z]"
    r"|(?:要不要我|需要我|要我|我可以|我来|我帮你)(?:帮你|给你)?"
    r"(?!(?:现在|马上|立即|立刻|这就|先)?(?:继续|执行|操作|确认|办|处理|删|取消))[\u4e00-\u9fff]",
    re.IGNORECASE,
)
"""A proposal of another act ("Want me to list this week's shifts?", "要不要我先列出本周的班次？"): a yes takes that
act, not an earlier ask's; "需要我现在操作吗？" offers the ask's own act."""
_CORRECTION = re.compile(
    r"^(?:\W*(?:argh|ugh|oh|oops|hmm|damn|wait|啊|哦|噢|呃)?[\s,.!，。]*)?"
    rf"(?:{BARE_NO}|{CORRECTING_EN}|{CORRECTING_ZH}|not (?:that|the)|wrong|sorry|(?:I )?meant|"
    r"不是|错了|发错|搞错|应该是|对[，, ]|还是)",
    re.IGNORECASE,
)
CHOSEN_POINTERS = (r"\bones?\b", r"\d", r"[这那另][一几]?[个位间张条笔单份台件]")
"""Words by which a correction points to or names its object ("the other one", "the 19th", "另一个",
"19号那个"), chosen on the development corrections by ``benchmarks/choose_correction_pointers.py``."""
_POINTS = re.compile("|".join(CHOSEN_POINTERS), re.IGNORECASE)


def correction_marked(text: str) -> bool:
    """``text`` opens as a correction does ("no, …", "actually …", "不对 …", "我是说 …")."""
    return _CORRECTION.match(text) is not None


KEEP_WORDS = re.compile(
    r"\b(?:keep(?:ing)?|leave|leaving|change|changing|move|moving|still need)\b|保留|留着|留下|改",
    re.IGNORECASE,
)
"""Words by which a "no" keeps the proposal's object or changes it rather than taking the act on another
("no, keep that one", "no, change it to the 13th", "不，这个先保留", "不是，改到13号"); a keep word counts only when
no clause points to another object (``_keeps``)."""
_OTHER = re.compile(
    r"\b(?:the other|another|a different|other)\b(?:\s+([a-z]+))?\W*$|"
    r"\b(?:the other|another|a different|other)\s+([a-z]+)",
    re.IGNORECASE,
)
"""An English other-word ending its clause ("cancel the other") or the word after it ("the other one", "another
booking", "the other hotel")."""
_OTHER_ZH = re.compile(
    r"另[一几]?[个位间张条笔单份台件]|(?:另外|别的|其[他它])的?\W*$|"
    r"(?:另外|别的|其[他它])的?([\u4e00-\u9fff]{2})"
)
"""A Chinese other-word: 另 with a classifier ("另一个"), 另外 / 别的 / 其他 ending its clause ("取消别的") or before
a noun ("其他的预订")."""
_NUMBER = re.compile(r"\d+")
_ID = re.compile(r"(?<![A-Za-z])([A-Z]{1,6}|[A-Za-z]+(?=[-_#]))[-_#]?\d")
"""An id ("HB-30102", "P3321", "hb-30102"): capitals, or letters and a hyphen, before a digit; not "13th", "Dec13",
"20号" nor "2 nights". Its letters say what kind of object it names."""
_ONE = re.compile("|".join(p for p in CHOSEN_POINTERS if p != r"\d"), re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"[,，;；.。!！?？:：、]|\s[-–—]+\s|[–—]+|\bbut\b", re.IGNORECASE)
"""Where a correction's clauses part: a comma, a stop, a spaced or long dash, "but" ("no, the other one - leave
HB-30101 alone"); not the hyphen of "HB-30101" or "Dec 12-14"."""
READ_CLAUSES = 40
"""How many clauses of a correction are read for a keep word and a pointer to another object: a long pasted turn
costs no more than this. The development corrections have at most 5 (``benchmarks/choose_correction_pointers.py``
prints it)."""


def correction_clauses(text: str) -> list[str]:
    """The first ``READ_CLAUSES`` clauses of ``text``, split where a correction's clauses part (``_CLAUSE_BREAK``)."""
    return _CLAUSE_BREAK.split(text, maxsplit=READ_CLAUSES)[:READ_CLAUSES]


class _Named(NamedTuple):
    """What the conversation before a correction names: its words, its ids' letters, its CJK pairs."""

    words: frozenset[str]
    letters: frozenset[str]
    pairs: frozenset[str]


def _named(before: str) -> _Named:
    """The kinds of object ``before`` (the conversation up to a correction) names: "bookings", "HB-", "预订"."""
    words = frozenset(w.lower().rstrip("s") for w in re.findall(r"[A-Za-z]+", before))
    letters = frozenset(m.group(1).lower() for m in _ID.finditer(before))
    pairs = frozenset(run[i : i + 2] for run in _CJK.findall(before) for i in range(len(run) - 1))
    return _Named(words, letters, pairs)


def _another(clause: str, named: _Named) -> bool:
    """The clause points to another object of the proposed act.

    "the other one", "another booking", "HB-30102", "另一个", "其他的预订", "the 19th one", "19号那个" (the proposal's
    own numbers already blanked): an other-word before "one" or a noun the conversation said, an id whose letters it
    said, a number with "one" / a classifier. Not "the other hotel" (the conversation said no hotel), "my flight
    UA1234" (no UA- id), "其他的我再看看", "we arrive on the 13th", "I still need it for 2 nights", "我13号还要住".
    """
    for m in _OTHER.finditer(clause):
        word = (m.group(1) or m.group(2) or "one").lower()
        if word in ("one", "ones") or word.rstrip("s") in named.words:
            return True
    if any(m.group(1) is None or m.group(1) in named.pairs for m in _OTHER_ZH.finditer(clause)):
        return True
    if any(m.group(1).lower() in named.letters for m in _ID.finditer(clause)):
        return True
    return _NUMBER.search(clause) is not None and _ONE.search(clause) is not None


def _keeps(elsewhere: str, named: _Named) -> bool:
    """A clause of ``elsewhere`` says a keep word and no other clause points to another object (``_another``).

    "no, keep that one, I still need it for 2 nights" and "no, keep that one, the other hotel fell through" keep;
    "no, the other one, keep this one" and "不对，是另一个订单，这个保留" keep this one and point to the other: the act
    goes on. Each clause is read once, the first ``READ_CLAUSES`` of them.
    """
    clauses = correction_clauses(elsewhere)
    keeping = [KEEP_WORDS.search(clause) is not None for clause in clauses]
    if not any(keeping):
        return False
    pointing = [_another(clause, named) for clause in clauses]
    others = sum(pointing)
    return any(keep and others == int(points) for keep, points in zip(keeping, pointing, strict=True))


def _points_elsewhere(text: str, proposal: str, before: str) -> bool:
    """A correction that points to or names another object ("no, the other one", "不对，是另一个"), refusing no act.

    "no" and "no, don't cancel that one" refuse the proposal; "no, the other one" keeps its act.
    A number points elsewhere only when the proposal does not hold it ("the 19th" after "Shall I
    cancel HB-30101 (Dec 12-14)?"); a "no" that keeps or changes the object ("no, keep that one",
    "no, change it to the 13th", "不对，这个我还要留着") points nowhere, unless another clause points to another object
    of the proposed act, by what ``before`` (the conversation up to the correction) names ("no, the other one, keep
    this one"; not "no, keep it, we arrive on the 13th", "no, keep it, my flight UA1234 got moved").
    """
    if refused_apart(text)[1]:
        return False
    said = set(_NUMBER.findall(proposal))
    elsewhere = _NUMBER.sub(lambda m: " " if m.group() in said else m.group(), text)
    return not _keeps(elsewhere, _named(before)) and _POINTS.search(elsewhere) is not None


_PROPOSES = re.compile(
    r"(?:shall i|should i|want me to|do you want|would you like|i can|i could|要我|要不要|需要我|我可以|我来|"
    r"[要吗？?]\s*$)",
    re.IGNORECASE,
)
_QUESTION = re.compile(
    r"(?:[?？]\s*$|[吗呢]\s*$|来着|多少|几[个间台条点]|哪[个些几里]|什么|谁|^(?:what|which|who|whose|where|when|why|how|"
    r"is|are|was|were|does|do(?!\s+both\b)|did|can|could|so)\b)",
    re.IGNORECASE,
)
ADVICE_WORDS = re.compile(
    r"(?:how (?:would|should|do) (?:you|i|we)|should i\b|what could|what'?s the difference|whats the difference|"
    r"help me (?:word|write|phrase)|draft me|write me|wording|any (?:tips|advice)|best practice|is it (?:safe|ok)|"
    r"too (?:aggressive|much|long|short)|what does .* mean|what'?s the .* thing|"
    r"怎么处理|怎么规划|怎么办|怎么写|怎么说|安全吗|会不会|要不要|建议|合适吗|好不好|有什么区别|什么意思|帮我(?:写|措辞|起草))",
    re.IGNORECASE,
)
"""Words of a turn that asks for advice, an explanation or wording."""
CHOSEN_ADVICE = (r"怎么(?:跟|和|向|对|给)?.{0,6}解释", r"解释一下")
"""More of them ("客户怎么跟他解释比较好？"), chosen on the development requests by
``benchmarks/choose_turn_markers.py``."""
_ADVICE = re.compile("|".join((ADVICE_WORDS.pattern, *CHOSEN_ADVICE)), re.IGNORECASE)
_SENDS = re.compile(
    r"(?:发|寄|回)[一个封条份下]{0,2}(?:邮件|短信|消息|信息|微信|通知|信)|"
    r"\b(?:send|e-?mail|text|message|reply to|write to)\b",
    re.IGNORECASE,
)
"""An ask to send a message: "给他发个邮件", "email her", "send him a note"."""
_ASKS_HOW = re.compile(
    r"怎么|如何|要不要|会不会|吗|好不好|合适|安全|区别|意思|建议|\b(?:how|should|what|whats|is it|tips|advice|too)\b",
    re.IGNORECASE,
)
"""Advice words that ask a question (how, should, is it safe) rather than say what to write."""
_SENTENCE_END = re.compile(r"[。！!？?；;\n]|\.(?:\s|$)")
_ASKED = re.compile(r"[?？吗呢]\s*$")


def _tells_in_a_message(text: str) -> bool:
    """Each of ``text``'s advice words says what a message the sentence asks to send is to say: no advice.

    "给他发个邮件解释一下" asks the e-mail sent (its 解释一下 is the e-mail's content); "用人话解释一下",
    "邮件怎么写？" and "帮我写一封邮件" (the wording before any send) still ask advice or wording.
    """
    found = list(_ADVICE.finditer(text))
    for advice in found:
        start = max((end.end() for end in _SENTENCE_END.finditer(text, 0, advice.start())), default=0)
        stop = _SENTENCE_END.search(text, advice.end())
        sentence = text[start : stop.start() + 1 if stop else len(text)]
        sent = _SENDS.search(text, start, advice.start())
        if _ASKS_HOW.search(advice.group()) or _ASKED.search(sentence) or not sent:
            return False
    return bool(found)


@dataclass(frozen=True, slots=True)
class Reading:
    """What the last user turn asks, read with what came before it."""

    kind: str
    """``first``, ``within`` (a call after tool results), ``closing``, ``confirmation``,
    ``correction`` or ``request``."""
    query: str
    """The text to select on."""
    user: int
    """Index of the last user turn."""
    decided_by: int
    """Index of the turn that decided the reading (the proposal a "yes" or a correction took, or the user turn)."""
    context: tuple[str, ...] = ()
    """Earlier user turns to blend in, oldest first."""
    question: bool = False
    """The turn asks a question (it may be one the last tool result answers)."""
    advice: bool = False
    """The turn asks for advice, an explanation or wording: no tool."""
    also: str = ""
    """What a confirmation asks besides ("好的，删吧，顺便给他发个短信": 给他发个短信), or ``""``."""
    kept: bool = False
    """The turn answers an offer or an ask to destroy by keeping the thing or doing another, and says no destroying
    word ("留着就行" after "要删除客户 C-12 吗？"): it asks no destroyer."""

    @property
    def proposed(self) -> bool:
        """The turn takes the act the assistant proposed: a confirmation, or a correction pointing to another object."""
        return self.decided_by != self.user


def _last_user(turns: Sequence[Turn]) -> int:
    for index in range(len(turns) - 1, -1, -1):
        if turns[index].role == "user" and not blank(turns[index].text):  # "\u200b" is skipped as "" is
            return index
    return -1


def _proposal(turns: Sequence[Turn], user: int) -> int:
    """The assistant message the user answers, when it proposes or asks (near its end), or -1."""
    for index in range(user - 1, -1, -1):
        turn = turns[index]
        if turn.role == "user":
            return -1
        if turn.role == "assistant" and turn.text.strip() and not turn.called:
            return index if _proposing(turn.text) else -1
    return -1


def offer_sentence(turns: Sequence[Turn], user: int) -> str:
    """The sentence that proposes or asks of the assistant message the user turn ``user`` answers, or ``""``."""
    at = _proposal(turns, user)
    return _proposing(turns[at].text) if at >= 0 else ""


_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])\s*|\n+")
"""Where a sentence ends: ``.!?`` before a space (not inside ``grafana.lab.home`` or ``.14``),
``。！？`` anywhere, a line break."""
_LAST_SENTENCES = 2
"""How far from its end an assistant's proposal is looked for: its last sentence, or the one
before a closing note ("Shall I cancel SH-1? A fee may apply.", "要我取消吗？可能产生取消费。")."""


_CONFIRM_ASKED = re.compile(
    r"^(?:(?:请|麻烦)(?:您|你)?(?:回复)?确认(?:一下)?|(?:please\s+)?(?:confirm|reply\s+to\s+confirm)(?:\s+to\s+proceed)?)"
    r"\W*$",
    re.IGNORECASE,
)
"""A sentence that only asks for a confirmation ("请确认。", "Please confirm."): it proposes nothing of its own, so the
proposal is read before it ("要取消 RN-5521 吗？按天气政策押金会全额退回。请确认。")."""


def _proposing(text: str) -> str:
    """The sentence of ``text`` that proposes or asks, among its last two (the later first), or ``""``.

    A closing ask for a confirmation (``_CONFIRM_ASKED``) is not counted among them.
    """
    parts = [p.strip() for p in _SENTENCE.split(text.strip()) if p and p.strip()]
    parts = [p for p in parts if not _CONFIRM_ASKED.match(p)]
    return next((p for p in reversed(parts[-_LAST_SENTENCES:]) if _PROPOSES.search(p)), "")


def _destroy_asked(turns: Sequence[Turn], user: int) -> int:
    """Index of the user turn before ``user`` when it asks to destroy and nothing was called since, or -1.

    A confirmation then carries that turn's act: "汤姆周日病了，把他的班次 S-302 删掉" / "好的，删吧" confirms the
    shift's delete, never another destroyer its 删 names.
    """
    before = max((i for i in range(user) if turns[i].role == "user" and turns[i].text.strip()), default=-1)
    if before < 0 or any(t.called for t in turns[before:user]):
        return -1
    return before if request_is_destructive(turns[before].text) else -1


def _earlier(turns: Sequence[Turn], user: int, limit: int) -> list[str]:
    out = [t.text.strip() for t in turns[:user] if t.role == "user" and t.text.strip()]
    return out[-limit:] if limit > 0 else []


def _taken_back(text: str, offer: str) -> bool:
    """``text`` (after an assent) refuses the act ``offer`` proposes (``_TAKEN_BACK``, ``_REFUSED_VERB``).

    Of an offer of two acts or more ("Shall I cancel ORD-1 and refund the payment?"), only a refusal of each takes
    it back: "yes, but don't refund it yet" and "ok but not yet the refund" (a take-back naming an act:
    ``_named_refused``) take the cancel.
    """
    acts = _offered_acts(offer)
    refused = {i for found in _REFUSED_VERB.finditer(text) for i in _offered_refused(found, offer.lower(), acts)}
    named = [_named_refused(found, acts) for found in _TAKEN_BACK.finditer(text)]
    if not all(named):
        return True
    refused = refused.union(*named)
    return bool(refused) and (len(acts) < 2 or len(refused) >= len(acts))


_REFUSAL_END = re.compile(r"[,.;!?，。；！？]|\bbut\b", re.I)
"""Where the clause of a refused verb ends: "don't cancel or refund it" refuses both acts, "don't refund it, cancel
it" the refund."""


_DETERMINERS = r"(?:(?:the|a|an|any|yet|now|my|her|his|their|our|your|this|that)[^\S\n]+){0,2}"
DECLINED = re.compile(
    rf"\b(?:not|no[^\S\n]+to|no[^\S\n]+need[^\S\n]+(?:for|to)|skip(?:ping)?|without|leave[^\S\n]+out)[^\S\n]+"
    rf"{_DETERMINERS}[\w-]+"
    r"|(?:先别|别|不要|不用)(?![忘只光单])[^,，。；;！!？?\n]{0,4}"
    rf"|{_DETERMINERS}(?:[\w-]+[^\S\n]+)?[\w-]+[^\S\n]+(?:is[^\S\n]+not|isn'?t|not)[^\S\n]+"
    r"(?:needed|necessary|required)\b"
    r"|[^,，。；;！!？?\s]{1,6}?(?:就|也|先)?(?:不用|不要|不必|免了)了?(?=[,，。；;！!？?\s]|$)",
    re.I,
)
"""A reply's refusal of a proposed act without its verb, the words right after it: "ok but not the refund", "yes but
skip the refund", "no to the refund", "no need for the refund", 好的，但先别退款 (a refusal with a destroy verb is
``refused_apart``'s), or the words right before a no that ends its clause: "the refund is not needed", 退款就不用了,
退款不用. A refusal before its act is the negation, its determiners and one word: "not just the cancel" declines "not
just", "without waiting for the refund to clear" declines "without waiting", which name no act; 别忘了退款, 不要只取消
refuse no act."""


def _offered_acts(offer: str) -> list[ToolSpec]:
    """The destroying verbs ``offer`` says, each as a tool of that one act ("cancel", "退款")."""
    return [ToolSpec("offer", verb) for verb in dict.fromkeys(destroy_verbs_said(offer))]


def _acts_named(clause: str, acts: Sequence[ToolSpec]) -> set[int]:
    """The ``acts`` (by index) ``clause`` names, in either language ("no to the refund", 退款, "取消" for cancel)."""
    hit = {i for i, act in enumerate(acts) if request_says_its_act_across(clause, act)}
    return hit | {i for i, act in enumerate(acts) if re.search(rf"\b{re.escape(act.description)}", clause, re.I)}


def _named_refused(found: re.Match[str], acts: Sequence[ToolSpec]) -> set[int]:
    """The offer's ``acts`` (by index) a take-back ``found`` names in its clause ("no to the refund"), else none.

    A take-back that names one act of two ("ok but not yet the refund", "yes, leave out the refund") refuses that act.
    """
    clause = _REFUSAL_END.split(found.string[found.start() :])[0]
    return _acts_named(clause, acts) if len(acts) > 1 else set()  # "no to the refund" / 退款


def _offered_refused(found: re.Match[str], offered: str, acts: Sequence[ToolSpec]) -> set[int]:
    """The offer's ``acts`` (by index; -1: a verb of the offer none of them says) a refused verb ``found`` refuses."""
    verb, clause = (found.group(1) or found.group(2)).lower(), _REFUSAL_END.split(found.string[found.start() :])[0]
    hit = _acts_named(clause, acts)  # "不要取消" / "cancel"
    if not hit and re.search(rf"\b{re.escape(verb)}" if verb.isascii() else re.escape(verb), offered):
        return {-1}
    return hit


def _destroy_words(text: str) -> set[str]:
    """The characters of the destroying words ``text`` says: its destroy verbs, and its pairs that are one ("退掉")."""
    pairs = (text[i : i + 2] for i in range(len(text) - 1))
    return set("".join((*destroy_verbs_said(text), *(p for p in pairs if is_destroy_word(p)))))


def _done_elsewhere(text: str, offer: str) -> bool:
    """A verb with 吧 or 就行 in ``text`` (``_VERB_DONE``) says no act of ``offer``, which asks to destroy: no yes.

    "留着就行", "保留就好", "先放着就行" after "我可以帮你删除客户 C-12，需要吗？" keep the customer, "那留着吧"
    after "把客户 C-12 删了" keeps it; "删吧", "那就删吧" say a destroying word, "退吧" after "要我给他退款吗？" a
    character of the offer's. An offer that destroys nothing is taken as before ("发吧").
    """
    verbs = [m.group(1) for m in _VERB_DONE.finditer(text) if not re.fullmatch(_ASSENT_WORDS, m.group(), re.I)]
    others = [verb for verb in verbs if not request_is_destructive(verb)]
    if not others or not request_is_destructive(offer):
        return False
    acts = _destroy_words(offer)
    return any(not acts & set(verb) for verb in others)


def _declines(text: str, offer: str) -> str:
    """What a reply that declines acts of ``offer`` by name, and asks nothing else, does.

    ``"confirmation"`` where it declines some and says only assent or the others ("refund not needed", "退款不用了",
    "the cancel is not needed, just refund" after "Shall I cancel ORD-1 and refund the payment?": a yes to the
    rest); ``"closing"`` where it declines each and says nothing else but thanks, no refused verb ("refund not
    needed" after "Shall I refund it?"); else ``""``.
    """
    acts = _offered_acts(offer)
    rest, refusal = refused_apart(text)
    declined = [*(m.group() for m in DECLINED.finditer(rest)), refusal]
    refused = set().union(*(_acts_named(d, acts) for d in declined if d))
    if not refused:
        return ""
    clauses = [c.strip() for c in _REFUSAL_END.split(DECLINED.sub(" ", rest)) if c.strip()]
    if len(refused) >= len(acts):  # "yes, but don't refund it" takes the assent back, as before
        return "" if refusal or any(not _CLOSING.match(c) for c in clauses) else "closing"
    if all(_ALL_ASSENT.match(c) or _CLOSING.match(c) or _acts_named(c, acts) - refused for c in clauses):
        return "confirmation"
    return ""


def _confirms(text: str, offer: str = "") -> bool:
    """``text`` takes a proposal: it starts with an assent, asks nothing and takes back nothing ``offer`` offers."""
    assent = _CONFIRM.match(text)
    if not assent or _QUESTION.search(text):
        return False
    return not _taken_back(text[assent.end() :], offer)


def _takes_back(text: str, offer: str) -> bool:
    """``text`` starts with an assent and takes it back ("yes? no wait, leave it"): it carries no earlier ask."""
    assent = _CONFIRM.match(text)
    return assent is not None and _taken_back(text[assent.end() :], offer)


def read_turn(turns: Sequence[Turn], *, history_turns: int = 2, answered_user: int | None = None) -> Reading:
    """Read the last user turn of ``turns`` (the conversation before a model call).

    Args:
        turns: The conversation, oldest first; assistant and tool turns with their text.
        history_turns: Earlier user turns to give as context.
        answered_user: The user turn the previous model call answered, when known; equal
            to the last user turn, this call is ``within`` it.
    """
    user = _last_user(turns)
    if user < 0:
        return Reading("request", "", user, user)
    text = trimmed(turns[user].text)
    earlier = _earlier(turns, user, history_turns)
    if answered_user is not None and answered_user == user:
        return Reading("within", text, user, user, tuple(earlier))
    if not earlier:
        return Reading("first", text, user, user)
    proposal = _proposal(turns, user)
    closing = _CLOSING.match(text) or (_CLOSING_TAIL.search(text) and not _QUESTION.search(text))
    if len(text) <= 60 and closing and not (proposal >= 0 and _ALL_ASSENT.match(text)):  # "yep that's it" confirms
        return Reading("closing", text, user, user)
    assent = _ALL_ASSENT.match(text) or assent_rest(text)
    asked = _destroy_asked(turns, user) if len(text) <= 60 and assent else -1
    said = _proposing(turns[proposal].text) if proposal >= 0 else ""
    carried = asked >= 0 and (
        bool(_EVERY.search(text)) or (not request_is_destructive(said) and not _OFFERS_OTHER.search(said))
    )
    before = f"{turns[asked].text.strip()} " if carried else ""
    elsewhere = len(text) <= 60 and _done_elsewhere(text, f"{before}{said}")  # "留着就行" after an offer to delete
    if proposal < 0 and asked >= 0 and not elsewhere and not _BARE_YES.match(text):
        # "确认" after "把他的班次 S-302 删掉": its act
        return Reading("confirmation", f"{before}{text}", user, asked, also=assent_rest(text))
    if proposal < 0 and len(text) <= 60 and _BARE_YES.match(text):  # "好的" after an answer: nothing to confirm
        return Reading("closing", text, user, user)
    if proposal >= 0 and len(text) <= 60 and not elsewhere and _confirms(text, said):
        # "Should I go ahead?": the ask's act; "Want me to list this week's shifts?": the listing alone
        return Reading("confirmation", f"{before}{said} {text}", user, proposal, also=assent_rest(text))
    declined = _declines(text, said) if proposal >= 0 and len(text) <= 60 else ""
    if declined:  # "refund not needed" after "Shall I cancel ORD-1 and refund the payment?": a yes to the cancel
        query, by = (text, user) if declined == "closing" else (f"{said} {text}", proposal)
        return Reading(declined, query, user, by)
    question, advice = bool(_QUESTION.search(text)), bool(_ADVICE.search(text)) and not _tells_in_a_message(text)
    if _CORRECTION.match(text):
        history = "\n".join(t.text for t in turns[:user])
        if said and _points_elsewhere(text, said, history):  # "no, the other one": the act stays
            query = f"{said} {text}"
            return Reading("correction", query, user, proposal, tuple(earlier[-1:]), question=question)
        return Reading("correction", text, user, user, tuple(earlier[-1:]), question=question, advice=advice)
    if elsewhere or (proposal >= 0 and _takes_back(text, said)):
        earlier = []  # the ask it took back is not its context
    kept = elsewhere and not request_is_destructive(text)
    return Reading("request", text, user, user, tuple(earlier), question=question, advice=advice, kept=kept)


_CORRECTED = 3
"""How many corrections in a row a correction's request reaches back through ("no, B" then "no, C")."""


def last_task(turns: Sequence[Turn], user: int) -> int:
    """Index of the user turn before ``user``: the last task, the one a correction redoes (0 when none)."""
    return max((i for i in range(user) if turns[i].role == "user"), default=0)


def corrected_request(turns: Sequence[Turn], reading: Reading) -> str:
    """What a correction asks: the request it corrects, as that turn was read, then the correction's words.

    "no, I meant INV-3302" after "void INV-3301" asks to void; after "has INV-3301 been paid?"
    it asks nothing destructive. A corrected "yes" is read with the proposal it took.
    """
    said = [reading.query]
    user = reading.user
    for _ in range(_CORRECTED):
        start = last_task(turns, user)
        if start >= user or turns[start].role != "user":
            break
        before = read_turn(turns[: start + 1], history_turns=1)
        said.insert(0, before.query)
        if before.kind != "correction":
            break
        user = start
    return " ".join(said)


_LOOKUP_VERBS = frozenset(
    "get list search show describe query find read fetch check view lookup status count stats report inspect".split()
)
_WORD = re.compile(r"[a-z0-9][a-z0-9_.\-]*", re.IGNORECASE)
_CJK = re.compile(r"[\u4e00-\u9fff]+")
_STOP = FUNCTION_EN | frozenset(
    "for are was were is does did can could how what which who whose where when why those these "
    "one ones any many much long would will with from about there their them they you your our it's so rn".split()
)
"""Function words, and the question words, auxiliaries and pronouns a question asks with: none is what it asks of."""


def _looks_up(tool: ToolSpec) -> bool:
    """A tool that reads: annotated read-only, or named for reading first or last.

    ``get_``, ``github__search_``; ``repair_order_get``, ``payment_list``.
    """
    if is_read_only(tool):
        return True
    words = re.split(r"[_\-.]+|(?<=[a-z])(?=[A-Z])", bare_name(tool))
    return bool(words) and (words[0].lower() in _LOOKUP_VERBS or words[-1].lower() in _LOOKUP_VERBS)


def _terms(text: str) -> tuple[set[str], set[str]]:
    """A text's words (3+ characters or with a digit, no stop words) and its CJK character pairs."""
    words = {w.lower().rstrip(".-") for w in _WORD.findall(text)}
    words = {w for w in words if (len(w) >= 3 or any(c.isdigit() for c in w)) and w not in _STOP}
    pairs = {run[i : i + 2] for run in _CJK.findall(text) for i in range(len(run) - 1)}
    return words, pairs


CHOSEN_ENDINGS: tuple[str, ...] = ("ing", "ed")
"""English endings a question's word is also matched without ("cancelling" in "cancelled"). No dev row tells
these apart (``benchmarks/choose_answered_words.py`` ties on every development cell, the tie going to the new
rule); kept for the observed case: "will I be charged for cancelling?" after "APT-5521 cancelled; ..."."""
CHOSEN_SPLIT_PAIRS = True
"""A question's CJK pair is also found with a result's clause holding its first character, then its
second. No dev row tells it apart (``benchmarks/choose_answered_words.py`` ties on every development cell,
the tie going to the new rule); kept for the observed case: 收费 in "24小时内取消收取100元取消费"."""
_CLAUSE = re.compile(r"[\n;；,，.。!！?？:：、()（）\[\]{}\"']+")


def _word_in(word: str, text: str, endings: Sequence[str]) -> bool:
    """``word`` in ``text``, also without its last letter (5+ letters) or one of ``endings`` (4+ letters left)."""
    if word in text or (len(word) > 4 and word[:-1] in text):
        return True
    return any(word.endswith(e) and len(word) - len(e) >= 4 and word[: -len(e)] in text for e in endings)


def _pair_in(pair: str, text: str, clauses: Sequence[str]) -> bool:
    """``pair`` in ``text``, or (with ``clauses``) a clause holding its first character, then its second."""
    if pair in text:
        return True
    return any(pair[0] in c and pair[1] in c[c.index(pair[0]) + 1 :] for c in clauses)


CHOSEN_CALLED_READ = False
"""Whether a question is about the best-scored tool of its selection that reads and was called (else its
best-scored tool). Not chosen by ``benchmarks/choose_answered_words.py``: on the development
conversations it takes the tools of turns that need them."""


def question_tool(
    selected: Sequence[ScoredTool], turns: Sequence[Turn], *, called_read: bool = CHOSEN_CALLED_READ
) -> ToolSpec:
    """The tool a question is about: its selection's best-scored tool.

    With ``called_read``, the best-scored read the conversation called, when one is selected. The
    best-scored is the first of equals; a read moved up to a held destroyer's place is not first
    (``state_reads``: "sdb 温度多少" after ``get_disk_health`` had ``get_ups_status`` moved first).
    """
    called = {name for t in turns for name in t.called}
    reads = [s for s in selected if s.name in called and _looks_up(s.tool)] if called_read else []
    return max(reads or selected, key=lambda s: s.score).tool


def answered(
    tool: ToolSpec | None,
    query: str,
    turns: Sequence[Turn],
    *,
    results: int = 6,
    endings: Sequence[str] = CHOSEN_ENDINGS,
    split_pairs: bool = CHOSEN_SPLIT_PAIRS,
) -> bool:
    """A question the conversation's tool results already answer.

    The question's best tool (``tool``; None: no tool ranked) reads (it does not act), it
    was called earlier in the conversation, and what the question names (a word, a number,
    an id; or two CJK pairs) is in one of the last ``results`` tool results. A word is also
    found without one of ``endings``; with ``split_pairs`` a CJK pair also in a clause of
    the results that holds its two characters in order.
    """
    if tool is not None and (not _looks_up(tool) or not any(tool.name in t.called for t in turns)):
        return False
    tool_turns = [t for t in turns if t.role == "tool"]
    text = "\n".join(t.text for t in tool_turns[-results:]).lower()
    if not text:
        return False
    words, pairs = _terms(query)
    hits = sum(1 for w in words if _word_in(w, text, endings))
    clauses = [c for c in _CLAUSE.split(text) if c] if split_pairs else []
    return hits >= 1 or sum(1 for p in pairs if _pair_in(p, text, clauses)) >= 2
