"""A record a destroy request names only as the owner of what it acts on (issue #32 item 12).

"Refund receipt 0045-99812 and delete the patient's loyalty coupon" deletes a coupon, the patient's: the patient
is not deleted. ``patient_delete`` entered for its verb ("delete") and its object ("patient"); its object is
only the coupon's owner here ("the patient's …", "… of the patient", "顾客的优惠券"), so its act is not asked
(``owners_only``); with no coupon tool, no destroyer is. What the owner holds is another record unless it is the
owner's own record ("the patient's profile", "顾客的资料": ``_SELF``). The words are written from the case above
and its Chinese counterpart, not chosen on data.
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from .._types import ToolSpec
from .objects import object_words
from .parts import field_deleted
from .zh_records import ZH_RECORDS

__all__ = ["owner_only", "owners_only"]

_SELF = frozenset("profile record account data detail details info information file entry history personal own".split())
"""Words of what is the owner's own record, not another one ("the patient's profile", "personal data")."""
_SELF_ZH = ("资料", "档案", "信息", "账户", "账号", "数据", "记录", "个人")
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


def _other(what: list[str], own: set[str]) -> bool:
    """``what`` (the words of what is owned) names another record than the owner's: none is its own or ``_SELF``."""
    stems = {_stem(w) for w in what}
    return bool(stems) and not stems & (own | _SELF)


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
            owned += _other(words, own)
            continue
        of = re.search(r"([A-Za-z][\w-]*)\s+of\s+(?:(?:the|this|that|a|our|my|his|her|their)\s+)?$", before, re.I)
        owned += bool(of) and of is not None and of.group(1).lower() not in _NOT_THINGS and _other([of.group(1)], own)
    return said, owned


def _mentions_zh(text: str, word: str) -> tuple[int, int]:
    """How often ``text`` says a Chinese record noun for ``word``, and how often only as another record's owner."""
    said = owned = 0
    for zh in (zh for zh, english in ZH_RECORDS.items() if word in english):
        for m in re.finditer(re.escape(zh), text):
            said += 1
            after = re.match(r"\s*(?:[\w-]*\d[\w-]*)?\s*的([\u4e00-\u9fff]{2,})", text[m.end() :])
            owned += bool(after) and not (after and after.group(1).startswith(_SELF_ZH))
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
