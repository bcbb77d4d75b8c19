"""A record a destroy request names only as the owner of what it acts on (issue #32 item 12).

"Refund receipt 0045-99812 and delete the patient's loyalty coupon" deletes a coupon, the patient's: the patient
is not deleted. ``patient_delete`` entered for its verb ("delete") and its object ("patient"); its object is
only the coupon's owner here ("the patient's …", "… of the patient", "顾客的优惠券"), so its act is not asked
(``owners_only``); with no coupon tool, no destroyer is. What the owner holds is another record unless it is the
owner's own record ("the patient's profile", "顾客的资料": ``_SELF``), the act itself named as a noun ("order
60231's full refund", "订单 60231 的全额退款"), or the person a refund goes to ("give the customer of order 60231 a
full refund", "给订单 60231 的客人全额退款": the order is what is refunded, ``_PAYEES``). The words are written from
these cases, not chosen on data.
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from .._hints import is_destroy_word
from .._types import ToolSpec
from .objects import object_words
from .parts import field_deleted
from .zh_records import ZH_RECORDS

__all__ = ["owner_only", "owners_only"]

_SELF = frozenset("profile record account data detail details info information file entry history personal own".split())
"""Words of what is the owner's own record, not another one ("the patient's profile", "personal data")."""
_SELF_ZH = ("资料", "档案", "信息", "账户", "账号", "数据", "记录", "个人")
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
the patient's); not the start of a hyphen compound ("the customer's already-cancelled order" is the customer's).
Written from these cases."""
_NUMBER = r"(?:\s+#?[\w-]*\d[\w-]*)?"


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


def _mentions_en(text: str, word: str, own: set[str]) -> tuple[int, int]:
    """How often ``text`` says ``word`` (an English object word), and how often only as another record's owner."""
    said = owned = 0
    for m in re.finditer(rf"\b{re.escape(word)}(?:s|es)?\b", text, re.I):
        said += 1
        after, before = text[m.end() :], text[: m.start()]
        possessive = re.match(rf"{_NUMBER}\s*(?:'s|’s|'|’)\s+", after)
        if possessive and _CONTRACTED.match(after[possessive.end() :]):  # "the lane's closed": is, has
            continue
        if possessive:
            words = []
            for w in _WORD.findall(after[possessive.end() :])[:3]:
                if w.lower() in _STOP:
                    break
                words.append(w)
            owned += _other(words, own, _pays(text))
            continue
        of = re.search(r"([A-Za-z][\w-]*)\s+of\s+(?:(?:the|this|that|a|our|my|his|her|their)\s+)?$", before, re.I)
        thing = of.group(1) if of is not None else ""
        owned += bool(thing) and thing.lower() not in _NOT_THINGS and _other([thing], own, _pays(text))
    return said, owned


def _mentions_zh(text: str, word: str) -> tuple[int, int]:
    """How often ``text`` says a Chinese record noun for ``word``, and how often only as another record's owner."""
    said = owned = 0
    for zh in (zh for zh, english in ZH_RECORDS.items() if word in english):
        for m in re.finditer(re.escape(zh), text):
            said += 1
            after = re.match(r"\s*(?:[\w-]*\d[\w-]*)?\s*的([\u4e00-\u9fff]{2,})", text[m.end() :])
            owned += after is not None and _other_zh(after.group(1), _pays(text))
    return said, owned


def owner_only(text: str, tool: ToolSpec) -> bool:
    """``text`` names ``tool``'s object, and each time only as the owner of another record."""
    own = {_stem(w) for w in object_words(tool) if w.isascii()}
    said = owned = 0
    for word in own:
        for s, o in (_mentions_en(text, word, own), _mentions_zh(text, word)):
            said, owned = said + s, owned + o
    return bool(said) and said == owned


def owners_only(text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) whose object ``text`` names only as an owner.

    None where the request deletes a field of a record (``parts.field_deleted``): that reading holds them already.
    """
    out = np.zeros_like(destructive)
    if field_deleted(text) is not None:
        return out
    for j, tool in enumerate(tools):
        out[0, j] = bool(destructive[0, j]) and owner_only(text, tool)
    return out
