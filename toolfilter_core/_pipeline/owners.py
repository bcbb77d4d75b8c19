"""A record a destroy request names only as the owner of what it acts on.

"Refund receipt 0045-99812 and delete the patient's loyalty coupon" deletes a coupon, the patient's: the patient
is not deleted. ``patient_delete`` entered for its verb ("delete") and its object ("patient"); its object is
only the coupon's owner here ("the patient's …", "… of the patient", "顾客的优惠券"), so its act is not asked
(``owners_only``); with no coupon tool, no destroyer is. What the owner holds is another record unless it is the
owner's own record ("the patient's profile", "顾客的资料": ``_SELF``), the act itself named as a noun ("order
60231's full refund", "订单 60231 的全额退款"), or the person a refund goes to ("give the customer of order 60231 a
full refund", "给订单 60231 的客人全额退款": the order is what is refunded, ``_PAYEES``). A record named as the one who
asks for an act on another thing is no more its object ("the client asked us to remove all their wedding photos",
"客户想撤回精修单 RT-88": ``_ASKS_EN``, ``_ASKS_ZH``), unless the thing is the asker's own ("the client asked us to
delete her data", "客户要求删除他的所有个人信息") or names no thing ("the customer asked us to delete everything we have
on her", "客户要求删除所有东西": ``_NO_THING``). Nor is the one a thing destroyed is for ("drop the 5pm delivery for
customer C-12": ``_other_for``). A destroyer whose object is a thing of the owner's record
(``bill_item_remove``: an item of a bill) takes what the record holds, unless that is a record of its own
(``_its_part``): "把账单B-702里点错的那杯奶茶删掉" removes a line of the bill, no bill.
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from .._hints import is_destroy_word
from .._types import ToolSpec, docstring_of
from .id_shapes import ID_AND_WORDS_ZH, ID_OR_NUMBER
from .objects import object_words
from .parts import field_deleted
from .zh_records import ZH_RECORDS, english_records

__all__ = ["owner_only", "owners_only"]

_SELF = frozenset(
    "profile record account data detail details info information file entry history personal own rest remainder "
    "remaining remains".split()
)
"""Words of what is the owner's own record, not another one ("the patient's profile", "personal data"), or what is
left of it ("the rest of package PK-77", "the remaining sessions of PK-77")."""
_SELF_ZH = ("资料", "档案", "信息", "账户", "账号", "数据", "记录", "个人", "剩下", "剩余", "余下")
_ALL_ZH = re.compile(r"^(?:全部|所有|一切|整个|全)的?")
"""All of what is owned: "学生 STU-0877 的全部资料" (all the student's data) is the owner's own record, as 资料 is."""
_PAYEES = frozenset("customer client guest buyer shopper member patient user patron passenger".split())
_PAYEES_ZH = ("客人", "客户", "顾客", "买家", "会员", "用户", "乘客")
"""The people a refund goes to: the customer of a refunded order is its payee, not a record the refund destroys."""
_PAYS_BACK = re.compile(r"\b(?:refund|reimburs|repay)\w*|\bmoney\s+back\b|退款|退钱|退费|退还|退给", re.I)
"""Words of money given back: where the request says one, a person it names is the one paid."""
_ACT_NOUN_ZH = re.compile(r"^(?:全额|部分|全部)?(?P<act>[\u4e00-\u9fff]{2})")
_NOT_THINGS = frozenset("rid out all any each some none most both instead ahead because".split())
"""Words before "of" that name no thing owned: "get rid of order #4471" deletes the order (a phrase, not a record)."""
_STOP = frozenset("and or to for from with in on at of please then now too also the a an".split())
_WORD = re.compile(r"[A-Za-z][\w-]*")
_CONTRACTED = re.compile(
    r"(?:been|being|not|already|still|just|now|gone|done|over|going|got|never|also|back|here|there)\b(?!-)"
    r"|[a-z]+(?:ed|en)\b(?!-)(?!\s+[A-Za-z][\w-]*(?<!\bfor)(?<!\bto)(?<!\bby)(?<!\bin)(?<!\bon)(?<!\bat)"
    r"(?<!\band)(?<!\bbut)(?<!\bso)(?<!\bsince)\b)",
    re.I,
)
"""After "'s", a word that makes it "is" or "has", not an owner's: "the lane's closed for the gala", "Bag's been
delivered" (a participle, "been", "not", "already"...), no noun after it ("the patient's scheduled appointment" is
the patient's); not the start of a hyphen compound ("the customer's already-cancelled order" is the customer's)."""
_NUMBER = rf"(?:\s+{ID_OR_NUMBER})?"


def _stem(word: str) -> str:
    word = word.lower()
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 3 else word


def _other(what: list[str], own: set[str], pays: bool = False) -> bool:
    """``what`` (the words of what is owned) names another record than the owner's: none is its own or ``_SELF``.

    Nor the act itself ("order 60231's refund": a destroy word), nor, where the request gives money back (``pays``),
    the person paid ("the customer of order 60231": ``_PAYEES``).
    """
    stems = {_stem(w) for w in what}
    if any(is_destroy_word(w) for w in what) or (pays and bool(what) and _stem(what[0]) in _PAYEES):
        return False
    return bool(stems) and not stems & (own | _SELF)


_RECORD_WORDS = frozenset(word for english in ZH_RECORDS.values() for word in english)
"""The English record words the vocabulary knows: a thing owned that is one of them is a record of its own."""


_FROM = re.compile(r"\bfrom\s+(?:(?:a|an|the|its|their|your)\s+)?((?:[A-Za-z'-]+\s+){0,2}[A-Za-z'-]+)", re.I)


def _parts(tool: ToolSpec, owner: str) -> frozenset[str]:
    """The words of ``tool``'s object beside ``owner``'s, where its own words take it from that record; else none.

    ``bill_item_remove`` ("Remove a line item from a bill"): {"item"} for "bill"; ``student_delete``, whose object is
    the record itself, and ``cancel_lane_booking`` ("Cancel a lane booking": a booking of a lane, taken from
    none): none.
    """
    own = {_stem(w) for w in object_words(tool) if w.isascii()}
    taken_from = {_stem(w) for words in _FROM.findall(docstring_of(tool)) for w in _WORD.findall(words)}
    if owner not in own or owner not in taken_from:
        return frozenset()
    return frozenset(own - {owner} - _SELF)


def _its_part(what: str, parts: frozenset[str]) -> bool:
    """``what`` (a thing the owner holds) can be a part the tool takes (``parts``): no record of its own.

    "那杯奶茶" (that milk tea) is a line of a bill for ``bill_item_remove``; "优惠券" (a coupon) is a record of its
    own, no saved address of ``customer_address_delete``; its own part ("the bill's items") is its part.
    """
    if not parts:
        return False
    said = {_stem(w) for w in _WORD.findall(what)} | {_stem(w) for w in english_records(what)}
    known = {w for w in said if w in _RECORD_WORDS or w in parts}
    return not known or bool(known & parts)


def _other_zh(what: str, pays: bool) -> bool:
    """``what`` (the Chinese words after 的) names another record than the owner's.

    Not the owner's own (``_SELF_ZH``), not the act (``_ACT_NOUN_ZH``: 全额退款), nor, where the request gives money
    back (``pays``), the person paid (``_PAYEES_ZH``).
    """
    act = _ACT_NOUN_ZH.match(what)
    if _ALL_ZH.sub("", what).startswith(_SELF_ZH) or (act is not None and is_destroy_word(act["act"])):
        return False
    return not (pays and what.startswith(_PAYEES_ZH))


_TOPIC = re.compile(
    r"(?:\b(?:about|regarding|concerning|re|on)\s+(?:[\w'-]+\s+){0,2}|(?:关于|有关|说明|解释)[^，,。；;！!？?]{0,6})$",
    re.I,
)
"""Before money given back, words that make it a topic ("email the customer about the refund", "说明退款"), not an
act."""


def _pays(text: str) -> bool:
    """The request says money given back (``_PAYS_BACK``), not only as a topic (``_TOPIC``)."""
    return any(not _TOPIC.search(text[: m.start()]) for m in _PAYS_BACK.finditer(text))


_ASKS_EN = re.compile(
    rf"{_NUMBER}\s+(?:(?:has|have|had|is|was)\s+)?(?:asked|asks|asking|wants|wanted|requested|requests|"
    r"would\s+like|wishes|wished)\b",
    re.I,
)
_ASKS_ZH = re.compile(rf"\s*(?:{ID_AND_WORDS_ZH})?\s*(?:想要|要求|希望|请求|想|要|让)")
"""After a record noun, words that make it the one who asks for the act, not the thing acted on: "the client asked
us to remove all their wedding photos", "客户想撤回精修单 RT-88"."""
_CLAUSE = re.compile(r"[，,。；;！!？?\n]")
_DETERMINERS = frozenset("all every each any some the their his her its our my your this that these those".split())
_NO_THING = frozenset("everything anything whatever it them".split())
_NO_THING_ZH = ("东西", "一切", "它")
"""Objects that name no thing of their own ("delete everything we have on her", "删除所有东西"): what the one who asks
has, so the asker's own record."""
_DETERMINERS_ZH = re.compile(
    r"^(?:自己的|我们的|我的|你的|他们的|她们的|他的|她的|它的|所有的?|全部的?|这个|那个|这张|那张|这些|那些|的)+"
)


def _asked_for_en(after: str) -> list[str]:
    """The words of the thing a destroy word acts on in ``after`` (the rest of a clause), its determiners left out.

    "us to remove all their wedding photos from the cloud" → ["wedding", "photos"]; no destroy word, or an object
    that names no thing (``_NO_THING``: "to delete everything we have on her"): [].
    """
    words = _WORD.findall(_CLAUSE.split(after, maxsplit=1)[0])
    at = next((i for i, w in enumerate(words) if is_destroy_word(w)), None)
    out: list[str] = []
    if at is None or (at + 1 < len(words) and words[at + 1].lower() in _NO_THING):
        return out
    for w in words[at + 1 :]:
        if w.lower() in _STOP - {"the", "a", "an"}:
            break
        if w.lower() not in _DETERMINERS and w.lower() not in ("a", "an"):
            out.append(w)
    return out


def _asked_for_zh(after: str) -> str:
    """The Chinese words of the thing a destroy word acts on in ``after`` (the rest of a clause).

    "" where there is none, or it names no thing (``_NO_THING_ZH``: "删除所有东西").
    """
    clause = _CLAUSE.split(after, maxsplit=1)[0]
    for i in range(len(clause)):
        if is_destroy_word(clause[i + 1 : i + 2]) and not is_destroy_word(clause[i]):
            continue  # "我们删掉…": the destroy word starts at 删, not at 们
        for n in (2, 1):
            word = clause[i : i + n]
            if len(word) == n and re.fullmatch(r"[\u4e00-\u9fff]+", word) and is_destroy_word(word):
                what = _DETERMINERS_ZH.sub("", clause[i + n :].strip())
                return "" if what.startswith(_NO_THING_ZH) else what
    return ""


_OF = re.compile(r"((?:[A-Za-z][\w-]*\s+){1,3})of\s+(?:(?:the|this|that|a|our|my|his|her|their)\s+)?$", re.I)
"""Up to three words before "of" and a record noun ("the remaining sessions of order ...")."""


def _other_of(before: str, own: set[str], pays: bool, parts: frozenset[str] = frozenset()) -> bool:
    """``before`` (the text up to a record noun) ends in "X of": X names another record than the owner's.

    X is the noun phrase before "of", up to three words back to a determiner, a stop word or a destroy word: "the
    note of package PK-77" (another), "the remaining sessions of order ORD-1" (what is left of it: ``_SELF``); not a
    phrase ("get rid of": ``_NOT_THINGS``); nor a thing that can be one of the tool's ``parts`` (``_its_part``).
    """
    of = _OF.search(before)
    words = of.group(1).split() if of is not None else []
    if not words or words[-1].lower() in _NOT_THINGS:
        return False
    thing: list[str] = []
    for w in reversed(words):
        if w.lower() in _STOP | _DETERMINERS or is_destroy_word(w.lower()):
            break
        thing.insert(0, w)
    return _other(thing, own, pays) and not _its_part(" ".join(thing), parts)


def _other_for(before: str, own: set[str]) -> bool:
    """``before`` (the text up to a record noun) ends in "X for" after a destroy word: X names another record.

    "drop the 5pm delivery for customer C-12" drops a delivery, the customer's; not "close the account for customer
    C-12" (the owner's own: ``_SELF``), nor "cancel it for customer C-12" (a pronoun names no thing).
    """
    words = _WORD.findall(before)
    while words and words[-1].lower() in _DETERMINERS | {"a", "an"}:
        words.pop()
    at = next((i for i in range(len(words) - 1, -1, -1) if is_destroy_word(words[i].lower())), None)
    if at is None or words[-1].lower() != "for":
        return False
    thing = [w for w in words[at + 1 : -1] if w.lower() not in _STOP | _DETERMINERS and not _OWN_NOTHING.match(w)]
    return bool(thing) and _other(thing, own)


_OWN_NOTHING = re.compile(r"^(?:it|them|this|that|these|those|one|ones|everything|all)$|.*\d", re.I)
"""Words of a thing that name none: a pronoun ("cancel it for customer C-12"), an id or a time ("5pm")."""


def _mentions_en(
    text: str, word: str, own: set[str], askers: bool = False, parts: frozenset[str] = frozenset()
) -> tuple[int, int]:
    """How often ``text`` says ``word`` (an English object word), and how often only as another record's owner.

    With ``askers``, only as the one who asks for an act on another record. A thing owned that can be one of the
    tool's ``parts`` (``_its_part``) is no other record.
    """
    said = owned = 0
    for m in re.finditer(rf"\b{re.escape(word)}(?:s|es)?\b", text, re.I):
        said += 1
        after, before = text[m.end() :], text[: m.start()]
        asks = _ASKS_EN.match(after)
        if asks:  # "the client asked us to remove all their wedding photos": the one who asks
            owned += _other(_asked_for_en(after[asks.end() :]), own)
            continue
        if askers:
            continue
        possessive = re.match(rf"{_NUMBER}\s*(?:'s|’s|'|’)\s+", after)
        if possessive and _CONTRACTED.match(after[possessive.end() :]):  # "the lane's closed": is, has
            continue
        if possessive:
            words = []
            for w in _WORD.findall(after[possessive.end() :])[:3]:
                if w.lower() in _STOP:
                    break
                words.append(w)
            owned += _other(words, own, _pays(text)) and not _its_part(" ".join(words), parts)
            continue
        owned += _other_of(before, own, _pays(text), parts) or _other_for(before, own)
    return said, owned


def _mentions_zh(text: str, word: str, askers: bool = False, parts: frozenset[str] = frozenset()) -> tuple[int, int]:
    """How often ``text`` says a Chinese record noun for ``word``, and how often only as another record's owner.

    With ``askers``, only as the one who asks for an act on another record; a thing owned that can be one of the
    tool's ``parts`` (``_its_part``) is none.
    """
    said = owned = 0
    for zh in (zh for zh, english in ZH_RECORDS.items() if word in english):
        for m in re.finditer(re.escape(zh), text):
            said += 1
            asks = _ASKS_ZH.match(text, m.end())
            if asks:  # "客户想撤回精修单 RT-88": the one who asks
                what = _asked_for_zh(text[asks.end() :])
                owned += bool(re.match(r"[\u4e00-\u9fff]", what)) and _other_zh(what, False)
                continue
            if askers:
                continue
            after = re.match(rf"\s*(?:{ID_AND_WORDS_ZH})?\s*的([\u4e00-\u9fff]{{2,}})", text[m.end() :])
            thing = "" if after is None else after.group(1)
            owned += after is not None and _other_zh(thing, _pays(text)) and not _its_part(thing, parts)
    return said, owned


def owner_only(text: str, tool: ToolSpec, askers: bool = False) -> bool:
    """``text`` names ``tool``'s object, and each time only as another record's owner or the one who asks for an act.

    With ``askers``, only as the one who asks for an act on another record.
    """
    own = {_stem(w) for w in object_words(tool) if w.isascii()}
    said = owned = 0
    for word in own:
        parts = _parts(tool, word)
        for s, o in (_mentions_en(text, word, own, askers, parts), _mentions_zh(text, word, askers, parts)):
            said, owned = said + s, owned + o
    return bool(said) and said == owned


def owners_only(text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) whose object ``text`` names only as an owner.

    Where the request deletes a field of a record (``parts.field_deleted``: that reading holds the owners already),
    only those it names as the one who asks: "the client asked us to remove all their wedding photos".
    """
    out = np.zeros_like(destructive)
    askers = field_deleted(text) is not None
    for j, tool in enumerate(tools):
        out[0, j] = bool(destructive[0, j]) and owner_only(text, tool, askers)
    return out
