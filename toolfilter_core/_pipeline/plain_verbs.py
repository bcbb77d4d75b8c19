"""A destroy act said in an idiom or a plain synonym, read as the plain verbs it stands for.

"pull the plug on the Hendersons' subscription", "scrap repair order RP-20990", "just bin Mr Kowalski's
appointment", "ditch order ORD-5521", "end her veg box for good", "take the eggs out of M-1890's box", "pull
PO-30777 off Thursday's press run", "订单 ORD-5521 不要了": no verb list read them, and the destroyer they mean was
held as not asked for. The guard reads the request
with each one written as its plain verbs (``in_plain_verbs``: cancel, delete, end, remove, 取消, in the idiom's
tense), so every reading of a plain verb reads it too: a negation refuses it ("don't", "don’t", "no need to"), a
report, hearsay, a question or a condition tells it as it tells "cancel". An idiom is an ask exactly where its plain
verb would be. A verb that throws a thing away (``THROW_AWAY_EN``: scrap, bin, ditch, axe, trash, junk, nix, get rid
of; drop and kill only of a thing booked) is one only in verb position, before the thing it names: at a clause's
start, or after "please", "just", a subject, a modal or "to". Not a noun ("the bin", "check bin B-12", "record scrap
for work order RP-1"), nor a noun's modifier ("scrap metal order RP-1 status?", "bin bags"), nor money taken out
("take £20 out of the account"). A thing booked (an order, an appointment, a subscription, 订单, 预约) is cancelled;
another thing is removed. A thing taken off a schedule, a calendar or a queue by its id alone, or one the speaker no
longer needs ("I no longer need AP-2231", "AP-2231 我不需要了"), may be either: "cancel/remove" ("不要了"), and the
registry tells which; one put back or elsewhere is moved, not cancelled; a renewal not wanted ("SUB-1180
不要自动续费了") is cancelled.
"""

from __future__ import annotations

import re

from .._hints import request_is_destructive
from .id_shapes import ID_OR_NUMBER, ID_TOKEN
from .zh_speakers import PERSONS_ZH, relayed_by_another

__all__ = ["THROW_AWAY_EN", "in_plain_verbs"]

_TENSES = {"": 0, "s": 1, "es": 1, "ed": 2, "d": 2, "ped": 2, "ned": 2, "ing": 3, "ping": 3, "ning": 3}
"""An idiom verb's ending: its tense (the bare verb, the third person, the past, the -ing form)."""
_PLAIN = {
    "cancel": ("cancel", "cancels", "cancelled", "cancelling"),
    "delete": ("delete", "deletes", "deleted", "deleting"),
    "end": ("end", "ends", "ended", "ending"),
    "remove": ("remove", "removes", "removed", "removing"),
    "move": ("move", "moves", "moved", "moving"),
}
"""A plain destroy verb in each tense of ``_TENSES``, and "move" for a thing put back (``_plain_for``)."""

THROW_AWAY_EN = (
    r"(?:scrap(?:s|ped|ping)?|ditch(?:es|ed|ing)?|axe[sd]?|axing|trash(?:es|ed|ing)?|junk(?:s|ed|ing)?|nix(?:es|ed|ing)?"
    r"|bin(?:s|ned|ning)?(?:\s+off)?|(?:gets?|getting|got|gotten)\s+rid\s+of)"
)
"""Verbs that throw a thing away, in each tense ("scrap", "bin", "ditch", "axe", "get rid of"); shared with the
readers of a thing removed from a record (``said_objects``)."""
_DROP_EN = r"(?:drop(?:s|ped|ping)?|kill(?:s|ed|ing)?)"
"""Destroy verbs that tools are named with ("drop_table", "kill_process"): read as cancel only of a thing booked."""
_PLACE = re.compile(
    r"(?:^|[,;:.!?—–(]|\b(?:and|then|so|please|pls|just|now|to|we|you|they|he|she|i|also|can|could|would|will|"
    r"shall|should|must|might|may|let's|lets|let\s+us|we'll|i'll|you'll|they'll|we'd|i'd|you'd|they'd))\s*$",
    re.I,
)
"""Verb position, read before an idiom: a clause's start, or after "please", "just", a subject, a modal or "to";
not after a noun or another verb ("record scrap for …", "check bin B-12", "the bin")."""
_OPENER = re.compile(
    r"\b(?:please|pls|just|to|(?:can|could|would|will|shall|should|must|let's|lets|let)(?:\s+(?:we|you|i|us|they))?"
    r"|we'll|i'll|we'd|i'd)\s+$",
    re.I,
)
"""Words before an idiom that make it a verb, not a noun's modifier: then its object may be a longer record name
("can we scrap repair order RP-20990"), where a clause's start is not enough ("scrap metal order RP-1 status?")."""
_ID = ID_OR_NUMBER
_NAMED = (
    r"(?=\s+(?:(?:the|this|that|these|those|his|her|their|my|our|your|its|today's|tomorrow's)\s|it\b|them\b"
    rf"|(?-i:(?:Mr|Mrs|Ms|Miss|Dr)\b|[A-Z][a-z]+(?:['’]s)?\b)|[A-Za-z][\w'’-]*\s+{_ID}))"
)
"""The thing thrown away: a determiner, a pronoun, a name, or one record word and its id ("scrap order RP-20990");
not a noun the idiom modifies ("scrap metal order RP-1", "bin bags order RP-1"), nor an id right after it ("bin
B-12": a place, "scrap in_1PmW3a2eZvKYlo2C")."""
_NAMED_LONG = rf"(?=\s+(?:[A-Za-z][\w'’-]*\s+){{1,3}}?{_ID})"
"""After an ``_OPENER``, a record name of up to three words and its id ("can we scrap repair order RP-20990")."""
_THROWN = re.compile(rf"\b(?P<v>{THROW_AWAY_EN})\b(?:(?P<short>){_NAMED}|{_NAMED_LONG})", re.I)
"""A thing thrown away: cancel if it is booked (``_BOOKED``), else remove ("bin it", "ditch the note on RP-1")."""
_DROPPED = re.compile(rf"\b(?P<v>{_DROP_EN})\b(?:(?P<short>){_NAMED}|{_NAMED_LONG})", re.I)
_CALL_OFF = re.compile(r"\bpull(?P<t>s|ed|ing)?\s+the\s+plug\s+on(?=\s)", re.I)
"""Pulling the plug on something: cancel."""
_BOOKED_NOUN = (
    r"(?:appointments?|bookings?|reservations?|visits?|sessions?|subscriptions?|orders?|classes|class|lessons?"
    r"|meetings?|events?|slots?|stays?|pickups?|pick-ups?|deliver(?:y|ies)|collections?|rides?|trips?|tours?|flights?"
    r"|rentals?|fittings?|consultations?)"
)
_BOOKED = re.compile(
    r"(?:\s+(?!(?:of|for|with|from|on|in|at|to|by|and|or|but|off)\b)[\w'’.-]+){0,4}?\s+"
    rf"{_BOOKED_NOUN}\b(?=\s*(?:$|[^\w\s]|{ID_OR_NUMBER}|(?:for|from|on|in|at|by|with|to|of|and|or|but|then|so|as|since|"
    r"because|please|pls|now|today|tonight|tomorrow|asap|too|also|instead|it|he|she|they|we|i|you)\b))",
    re.I,
)
"""A thing booked named after the idiom (an appointment, a session, a pickup, a delivery, a ride, a fitting...), the
head of its phrase (an id, a stop or a function word after it), not
only what it belongs to or a noun it modifies ("bin Mr Kowalski's appointment tomorrow"; not "drop the price of
order RP-1", "ditch the order status report"): cancel."""
_BACK = re.compile(r"\s+(?:it|them)\b", re.I)
_BOOKED_BEFORE = re.compile(
    rf"(?:^|[,;:.!?]\s*)(?:(?:the|this|that|my|our|your|his|her|their)\s+)?(?:[\w'’-]+\s+)?{_BOOKED_NOUN}\s+"
    rf"{ID_OR_NUMBER}",
    re.I,
)
"""A pronoun thrown away (``_BACK``) that points back to a thing booked, named by its id at the head of a clause
before: "booking AP-51 is dead, bin it" cancels the booking; "the note on order ORD-1 is wrong, bin it" removes the
note."""
_BOOKED_IN_CLAUSE = re.compile(
    rf"(?:^|[,;:.!?]\s*)(?P<pre>[^,;:.!?]*?)\b{_BOOKED_NOUN}\s+{ID_OR_NUMBER}(?=\s*(?:$|[,;:.!?]))", re.I
)
_OWNER = r"(?:of|on|for|from|in|at|by|with|to|about|under|inside)"
_OWNER_WORD = re.compile(rf"\b{_OWNER}\b", re.I)
"""A preposition before a record: the record owns or places the clause's thing ("the note on order ORD-1")."""
_BOOKED_ZH = r"(?:订单|预约|预订|订阅|课程)"
_THIS_ZH = r"(?:这个|那个|这张|那张|这笔|那笔)"
_THING_ZH = rf"(?:{_THIS_ZH}?{_BOOKED_ZH}\s*(?:{ID_OR_NUMBER})?|{ID_TOKEN})"
"""A thing booked, by its noun and perhaps its id ("订单 ORD-5521", "这个预约"), or a record by its id alone."""
_SPEAKER_ZH = rf"(?:(?:我们?|咱们?|{PERSONS_ZH})\s*)?"
_NO_NEED_ZH = r"不再?(?:需要|要)"
_UNWANTED_ZH = re.compile(
    rf"(?P<what>{_THING_ZH}\s*){_SPEAKER_ZH}(?:{_NO_NEED_ZH}了|退掉)"
    rf"|(?<![你您他她]){_SPEAKER_ZH}{_NO_NEED_ZH}\s*(?P<after>{_THING_ZH})\s*了"
)
"""A thing not needed by the speaker or given back, in Chinese, the thing before or after the want:
"订单 ORD-5521 不要了", "AP-2231 我不需要了", "我不需要预约 AP-2231 了", "退掉" a thing; not a thing bought
nor money ("香菜不要了", "那笔钱退掉"), nor another's want ("他不需要订单了")."""
_RETURNED_ZH = re.compile(rf"退掉(?=\s*{_THIS_ZH}?{_BOOKED_ZH})")
"""A thing booked given back, the verb first: cancel ("退掉订单 ORD-5521")."""
_CLAUSE_ZH = "，,。；;！!？?\n"
_ASKED_AFTER_ZH = re.compile(r"\s*(?:吗|么|没|呢|[?？])")
_ASKED_ZH = re.compile(r"是不是|是否")
"""A clause that asks whether ("是不是不要了"): not a thing the speaker gives up; nor one that passes on the words of
another than a person the business serves (``zh_speakers.relayed_by_another``: "我妈说预约 AP-1 不要了"; not "我说订单
ORD-1 不要了", "说实话…", "说明", "讲价", nor "客户告诉我们 ORD-5521 不要了")."""


def _unwanted(found: re.Match[str]) -> str:
    """``_UNWANTED_ZH`` as its cancel, where its clause neither asks whether nor relays another's words (``_ASKED_ZH``).

    A thing booked is cancelled ("订单 ORD-5521 取消"); a record by its id alone, not wanted, is written as the plain
    "不要了" that every destroy act of its record reads ("AP-2231 我不需要了" as "AP-2231 不要了"), the registry
    telling which; an id alone given back is left as said ("ORD-1 退掉" may ask for the money back).
    """
    text = found.string
    start = max(text.rfind(c, 0, found.start()) for c in _CLAUSE_ZH) + 1
    if _ASKED_AFTER_ZH.match(text, found.end()) or _ASKED_ZH.search(text, start, found.start()):
        return found.group()
    if relayed_by_another(text, start, found.start()):
        return found.group()
    what = found.group("what") or found.group("after")
    if re.search(_BOOKED_ZH, what) is None:
        return found.group() if found.group().endswith("退掉") else f"{what.strip()} 不要了"
    return f"取消{what}" if found.group("after") else f"{what}取消"


_END = re.compile(
    r"(?<!\bthe\s)(?<!\ban\s)(?<!\bthat\s)(?<!\bwhich\s)(?<!\bwho\s)(?<!\bwhen\s)(?<!\bwill\s)"
    r"\bend(?P<t>s|ed|ing)?(?=\s+(?:my|her|his|their|our|your|its)\s+(?![\w-]*(?:day|week|month|year|term)s?\b)"
    r"(?:[\w'’-]+\s+){0,3}?[\w'’-]+\s+for\s+good\b)",
    re.I,
)
"""Ending something of someone's for good: cancel, as ending it is ("end her veg box for good")."""
_MONEY = (
    r"(?![\d$€£¥%])(?!(?:[\w'’.-]+\s+){0,2}?(?:money|cash|funds?|payments?|deposits?|savings|pay|wages?|"
    r"percent|dollars?|euros?|pounds?|bucks)\b)"
)
_IN_USE = r"(?:service|circulation|use|commission|operation|rotation)\b"
"""The state a thing in use is in, out of which it is put for good: "take it out of service", "out of circulation"."""
_TAKE_OUT = re.compile(
    rf"\b(?P<v>take|takes|took|taken|taking)\s+{_MONEY}(?P<what>(?:[\w'’.-]+\s+){{1,3}}?)out\s+of"
    rf"(?=\s+(?:(?:the|this|that|his|her|their|my|our|your|its)\s+|[\w'’-]+['’]s\s+|{ID_OR_NUMBER}|{_IN_USE}))",
    re.I,
)
"""Taking a thing out of someone's or a named record, or out of use (``_IN_USE``): remove ("take the eggs out of
M-1890's box", "take it out of circulation"); not money ("take £20 out of the account")."""
_TAKE_TENSE = {"take": 0, "takes": 1, "took": 2, "taken": 2, "taking": 3}
_DATA = (
    r"(?!(?:[\w'’.&-]+\s+){0,2}?(?:figures?|numbers?|data|details|info|information|stats|statistics|reports?|dates?"
    r"|times?|totals?|counts?)\b)"
)
"""Not data read off a list ("pull the figures from the schedule")."""
_PULL_OFF = re.compile(
    rf"(?<!\bthe\s)(?<!\ba\s)\bpull(?P<t>s|ed|ing)?\s+{_DATA}(?P<what>(?:[\w'’.&-]+\s+){{1,6}}?)(?:off|from)\s+"
    r"(?=(?:[\w'’.-]+\s+){0,3}?(?:schedules?|runs?|lists?|rotas?|rosters?|calendars?|queues?|line-?ups?|agendas?"
    r"|timetables?|programmes?|programs?|dockets?|shifts?)\b)",
    re.I,
)
"""Pulling a thing off or from a schedule, a run or a list: remove ("pull PO-30777 off Thursday's press run",
"pulled the Smiths from the waiting list"); not a thing pulled from elsewhere ("pull the figures from the report"),
nor data (``_DATA``)."""
_TIMED = re.compile(
    r"\s*(?:(?:[\w'’.-]+\s+){0,3}?(?:schedules?|calendars?|agendas?|timetables?|diary|diaries|queues?)\b)", re.I
)
"""A place things wait their time in (a schedule, a calendar, a queue): what sits there by its id alone may be
booked ("pull AP-2231 off the doctor's schedule", "take AP-2231 out of the queue")."""
_PUT_BACK = re.compile(
    r"[^.;!?\n]*?(?:\b(?:put|puts|putting|move[sd]?|moving|shift(?:s|ed|ing)?|bring(?:s|ing)?|brought|slot(?:s|ted|ting)?"
    r"|add(?:s|ed|ing)?|re-?add(?:s|ed|ing)?)\s+(?:it|them|him|her)\s+(?:back|on|onto|in|into|to|for|at)\b)",
    re.I,
)
"""The rest of the sentence puts the thing back or somewhere else ("… and put it back tomorrow", "… and move it to
Friday"): a move, not an end. Not a bare "instead" ("… instead of delaying it" points the other way)."""
_LONE_ID = re.compile(rf"\s*{ID_OR_NUMBER}\s*$")
_BOOKED_HEAD = re.compile(rf"\b{_BOOKED_NOUN}(?:\s+{ID_OR_NUMBER})?\s*$", re.I)
"""A thing booked at the head of what is said ("the Smiths' appointment", "appointment AP-1"; not "order notes")."""
_NO_LONGER = re.compile(
    r"\b(?:i|we)\s+(?:no\s+longer|(?P<not>don't|don’t|do\s+not|won't|won’t|will\s+not))\s+need\s+"
    rf"(?!to\b)(?P<what>(?:(?:the|this|that|my|our)\s+)?(?:(?!{_OWNER}\b)[\w'’-]+\s+){{0,2}}?(?:{ID_OR_NUMBER}|{_BOOKED_NOUN}\b))"
    r"(?P<more>\s+(?:any\s*more|any\s+longer))?(?=\s*(?:$|[,;:.!—–]|(?:then|so|please|thanks)\b))",
    re.I,
)
"""A thing the speaker no longer needs, its own want: "I no longer need AP-2231", "we won't need appointment AP-2231
anymore" (a "don't" or "won't" only with "any more"); not a need of an act ("no longer need to cancel AP-2231"),
nor of a thing done to it ("don't need AP-2231 moved"), nor a question ("?" after it). The id or the booked noun is
the head of what is needed, no preposition before it: not a thing of the record ("the discount on ORD-5521", "help
with ORD-5521"), nor the record at a time ("AP-2231 at 3pm")."""
_RENEWS_ZH = re.compile(
    r"不(?:要|用|想|需要)再?(?P<what>自动续费|自动续订|自动扣费|续费|续订)了?(?!了?\s*(?:吗|么|没|[?？]))"
)
"""A renewal not wanted, in Chinese: its cancel ("SUB-1180 不要自动续费了" as "stop SUB-1180 from renewing"); not a
question ("不要自动续费了吗？")."""


def _plain(verbs: tuple[str, ...], tense: int) -> str:
    """The plain ``verbs`` in ``tense``, joined by slashes ("cancel/delete")."""
    return "/".join(_PLAIN[v][tense] for v in verbs)


def _tense(found: re.Match[str]) -> int:
    """The tense of an idiom's verb, by its ending (the bare verb if none)."""
    return _TENSES.get((found.group("t") or "").lower(), 0)


def _plain_for(what: str, place: str) -> tuple[str, ...]:
    """The plain verbs of a thing taken off or out of ``place``: remove, but in a place things wait their time in.

    There (``_TIMED``) a thing booked (``_BOOKED_HEAD``) is cancelled ("pull the Smiths' appointment off the
    schedule"), and a lone id may be either, the registry telling which: cancel or remove ("pull AP-2231 off the
    schedule"). Elsewhere: "pull the Baker & Co order PO-1 off the rota" removes it. A thing put back or somewhere
    else after is moved, no destroy verb (``_PUT_BACK``: "take ORD-1 out of the queue and put it back tomorrow").
    """
    if _PUT_BACK.match(place):
        return ("move",)
    if not _TIMED.match(place):
        return ("remove",)
    if _BOOKED_HEAD.search(what):
        return ("cancel",)
    return ("cancel", "remove") if _LONE_ID.match(what) else ("remove",)


def _taken_out(found: re.Match[str]) -> str:
    """A taking out written as a removal: "remove the eggs from" (``_plain_for``)."""
    verbs = _plain_for(found.group("what"), found.string[found.end() :])
    return f"{_plain(verbs, _TAKE_TENSE[found.group('v').lower()])} {found.group('what')}from"


def _said_tense(verb: str) -> int:
    """The tense of an idiom's verb as said ("binned": the past, "gets rid of": the third person)."""
    word = verb.split()[0].lower()
    if word.endswith("ing"):
        return 3
    if word.endswith(("ed", "ot", "otten")):
        return 2
    return 1 if word.endswith("s") else 0


def _thrown(found: re.Match[str], booked_only: bool = False) -> str:
    """A thrown-away thing in verb position (``_PLACE``, or ``_OPENER`` for a longer name) as its plain verb."""
    place = _PLACE if found.group("short") is not None else _OPENER
    if not place.search(found.string[: found.start()]):
        return found.group()
    booked = _BOOKED.match(found.string, found.end()) is not None
    if _BACK.match(found.string, found.end()) and _points_to_booked(found.string[: found.start()]):
        booked = True
    if booked_only and not booked:
        return found.group()
    return _plain(("cancel",) if booked else ("remove",), _said_tense(found.group("v")))


def _points_to_booked(before: str) -> bool:
    """A pronoun after ``before`` points back to a thing booked named by its id (``_BOOKED_BEFORE``).

    At a clause's head, or ending a clause before as its object, no preposition before it in its clause
    (``_BOOKED_IN_CLAUSE``): "I can't make Thursday's lesson L-3311, scrap it" cancels the lesson; "the note on
    order ORD-1 is wrong, bin it" still removes the note.
    """
    if _BOOKED_BEFORE.search(before):
        return True
    return any(not _OWNER_WORD.search(m.group("pre")) for m in _BOOKED_IN_CLAUSE.finditer(before))


def _pulled_off(found: re.Match[str]) -> str:
    """A pulling off a schedule or list written as a removal: "remove PO-1 from " (``_plain_for``)."""
    verbs = _plain_for(found.group("what"), found.string[found.end() :])
    return f"{_plain(verbs, _tense(found))} {found.group('what')}from "


def _not_needed(found: re.Match[str]) -> str:
    """A thing no longer needed as its plain verbs: cancel a thing booked, else cancel or remove (either fits).

    Not where the rest of the request asks its own destroy act: "I don't need ORD-5521 anymore, refund it" says why
    the refund is asked, and asks no cancel beside it.
    """
    if found.group("not") and not found.group("more"):
        return found.group()
    if request_is_destructive(found.string[: found.start()] + " " + found.string[found.end() :]):
        return found.group()
    what = found.group("what")
    verbs = ("cancel",) if _BOOKED_HEAD.search(what) else ("cancel", "remove")
    return f"{_plain(verbs, 0)} {what}"


def in_plain_verbs(text: str) -> str:
    """``text`` with each destroy idiom or synonym written as the plain verbs it stands for (unchanged if none)."""
    text = _CALL_OFF.sub(lambda m: _plain(("cancel",), _tense(m)), text)
    text = _THROWN.sub(_thrown, text)
    text = _DROPPED.sub(lambda m: _thrown(m, booked_only=True), text)
    text = _END.sub(lambda m: _plain(("cancel", "end"), _tense(m)), text)
    text = _UNWANTED_ZH.sub(_unwanted, text)
    text = _RETURNED_ZH.sub("取消", text)
    text = _RENEWS_ZH.sub(lambda m: f"取消{m.group('what')}", text)
    text = _NO_LONGER.sub(_not_needed, text)
    text = _PULL_OFF.sub(_pulled_off, text)
    return _TAKE_OUT.sub(_taken_out, text)
