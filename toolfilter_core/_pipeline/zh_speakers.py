"""Who a Chinese request says is speaking, wanting or served: a person it names so is not the thing it acts on.

"客户说R-40917那单他不要了" relays the customer's wish (the customer says he no longer wants order R-40917): the
customer (客户) is who says it, and the order is the thing. So is the one who confirms or asks ("客户确认了，取消
ORD-5521", "客户要求取消"), who no longer wants a thing named before them ("ORD-5521 客户不要了"), and the one the act
is done for or waited on ("帮客户取消 ORD-5521", "等客户确认后再取消").
"""

from __future__ import annotations

import re

from .acted_on import acted_on
from .zh_records import ZH_RECORDS

__all__ = ["PERSONS_ZH", "SAYS_ZH", "relayed_by_another", "without_speakers"]

SAYS_ZH = (
    r"(?<![听小再怎])(?<!实话)(?:说(?!实话|真的|白了|明)|讲(?![师座课究价])|表示|反映|提到|反馈|转告"
    r"|(?<![名简昵职])称(?![重呼号])|告诉)"
)
"""A verb of saying, as a regex: 说, 讲, 表示, 反映, 提到, 反馈, 转告, 称, 告诉; not 听说, 小说, 再说, 说明, 说实话,
讲师, 讲价, 名称, 称重. Every reader of another's words relayed in Chinese reads this one."""
_SAYS = re.compile(SAYS_ZH)
_DOES = re.compile(
    r"\s*(?:确认|要求|同意|决定|希望|打算|申请|投诉|答应|联系|打电话|来电|改主意|反悔|不(?:想|再|需)?要了?|不[\u4e00-\u9fff]了)"
)
"""What a person does themselves: confirms, asks, decides, calls, no longer wants or does ("客户不搬了")."""
_SERVED = re.compile(r"(?:帮|给|替|为|等|让)$")
"""Before the one an act is done for or waited on: 帮客户, 等客户."""
_BETWEEN = re.compile(
    r"(?:\s+|[A-Za-z0-9_#./:-]+|那边|这边|之前|刚才|刚刚|今天|昨天|也|又|都|还|已经|打电话|来电话?|[跟对和]我们?)$"
)
"""What may stand between a speaker and the verb, read back one at a time: an id, a time, an adverb, who is told
("会员 M-88 反映", "客户刚才跟我说")."""
_BY_LENGTH = sorted(ZH_RECORDS, key=len, reverse=True)
_SPEAKERS = re.compile("(?:" + "|".join(map(re.escape, _BY_LENGTH)) + ")$")
_PEOPLE = frozenset({"customer", "client", "guest", "user", "member", "student", "employee", "instructor", "patient"})
"""The English words of the record nouns that name a person, who may do or be served (``_person_spans``)."""
PERSONS_ZH = "(?:" + "|".join(re.escape(zh) for zh in _BY_LENGTH if ZH_RECORDS[zh][0] in _PEOPLE) + ")"
"""The record nouns that name a person the business serves (客户, 会员, 用户, 学生), as a regex."""
_PERSON = re.compile(PERSONS_ZH + r"\s*(?:[A-Za-z0-9_#-]+)?")
_THING_BEFORE = re.compile(r"[A-Za-z0-9_#-]*\d|单|" + "|".join(map(re.escape, _BY_LENGTH)))
_CLAUSE = "，,。；;!！？?\n"


def without_speakers(text: str) -> str:
    """``text`` with the record noun that speaks, does or is served blanked (spaces, so its length holds).

    The noun right before a verb of saying (``SAYS_ZH``: "那单客户说不要了" keeps the order, 那单, and blanks the
    customer; "把客户说的那单取消" too); a person who does (``_DOES``) or is served (``_SERVED``); none whose own clause
    destroys the person's thing (``acted_on``).
    """
    out = list(text)
    for start, end in [*_speakers(text), *_person_spans(text)]:
        if acted_on(text, start, end):  # "帮客户 C-1188 把账号删了": the customer's account is the thing
            continue
        out[start:end] = " " * (end - start)
    return "".join(out)


def _speakers(text: str) -> list[tuple[int, int]]:
    """The spans of the record nouns said right before a verb of saying."""
    spans = []
    for says in _SAYS.finditer(text):
        speaker = _SPEAKERS.search(_before_speaker(text, says.start()))
        if speaker is not None:
            spans.append(speaker.span())
    return spans


def _before_speaker(text: str, at: int) -> str:
    """``text`` before a verb at ``at``, less what may stand between it and its speaker (``_BETWEEN``)."""
    before = text[:at]
    while (between := _BETWEEN.search(before)) is not None:
        before = before[: between.start()]
    return before


_OWN = re.compile(r"(?:我们?|老实|" + PERSONS_ZH + ")$")


def relayed_by_another(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` passes on the words of another than the speaker or a person the business serves.

    "我妈说订单 ORD-5521 不要了" relays the speaker's mother; "我说…" is the speaker's own, and "客户告诉我们 ORD-5521
    不要了" a customer's wish told to the business, which it acts on.
    """
    return any(_OWN.search(_before_speaker(text, says.start())) is None for says in _SAYS.finditer(text, start, end))


def _person_spans(text: str) -> list[tuple[int, int]]:
    """The spans of the person nouns (and their ids) served ("帮客户"), or that do an act of their own ("客户确认").

    One that no longer wants or does a thing does only after another thing is said in its clause ("ORD-5521 客户不要
    了"): "这个客户不要了" drops the customer.
    """
    spans = []
    for person in _PERSON.finditer(text):
        if _SERVED.search(text[: person.start()]):
            spans.append(person.span())
            continue
        does = _DOES.match(text, person.end())
        if does is None:
            continue
        if does.group().strip().startswith("不") and not _THING_BEFORE.search(_clause_before(text, person.start())):
            continue
        spans.append(person.span())
    return spans


def _clause_before(text: str, at: int) -> str:
    """``text`` before ``at``, back to its clause's start."""
    start = max(text.rfind(mark, 0, at) for mark in _CLAUSE) + 1
    return text[start:at]
