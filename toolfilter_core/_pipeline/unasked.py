"""Acts a request says but does not ask: a wish in a relative clause, a possibility.

"look up customer C-9 who asked to delete their account" asks the read; the deletion is what the customer
wished, said of the object ("who asked to", "要求注销账号的客户"). "Check whether EV-3300 sold enough tickets,
we may have to cancel it" asks the check; the cancel is a possibility ("may have to", "might need to",
"可能要取消", "说不定得取消"). Such a span is read apart from the ask, as a report of an act done is
(``reports``): its act's tool is held unless the ask says it. The words hold these cases and their
counterparts in the other language.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import partial

from .._correction_words import BARE_NO, CORRECTING_EN, CORRECTING_ZH
from .._hints import request_is_destructive
from .id_shapes import ids_in
from .time_phrases import LATER_EN, LATER_ZH

__all__ = ["goes_ahead", "split_refused", "split_unasked"]

_RELATIVE_EN = re.compile(
    r"[,\s]\s*(?:who|that)\s+(?:has\s+|had\s+|have\s+)?(?:asked|requested|wants?|wanted|would\s+like|is\s+asking|"
    r"are\s+asking|was\s+asking|applied)\s+(?:us\s+|me\s+)?to\s+(?:(?!\s*[:—–]|\s+(?:and|then)\b)[^,.;!?\n])*",
    re.I,
)
"""A relative clause of a wish, to the clause's end, a colon, a dash or an "and (then)": "customer C-9 who asked to
delete their account" ("… who asked to delete their account and then delete it" asks the delete after it)."""

_RELATIVE_ZH = re.compile(
    r"(?:要求|申请|想要|想|希望|打算)[^，,。；;!！？?\n的]{1,12}的(?=\s*(?:客户|顾客|客人|用户|会员|买家|观众|乘客|人|那位|那个)"
    r"(?!资料|信息|数据|档案|账|订单|记录|名单))"
)
"""A wish said of the person it describes: "要求注销账号的客户", "申请退票的那位"; not of a person's thing
("要求删除他们的客户资料": the thing is what the wish deletes)."""

_POSSIBLE_EN = re.compile(
    r"\b(?:we|i|you|they|it|he|she)?\s*(?:may|might|could)\s+(?:well\s+)?(?:have\s+to|need\s+to|be\s+forced\s+to|"
    r"end\s+up\s+having\s+to|want\s+to)\s+[^,.;!?\n]*"
    r"|\b(?:possibly|perhaps|maybe)\s+(?:we|i)\s+(?:should|will|would|have\s+to|need\s+to)\s+[^,.;!?\n]*",
    re.I,
)
"""A possibility, to the clause's end: "we may have to cancel it", "might need to void it", "maybe we'll cancel"."""

_POSSIBLE_ZH = re.compile(r"(?:可能|也许|或许|说不定|没准|搞不好)(?:要|得|会|需要)(?!的)[^，,。；;!！？?\n]+")
"""A possibility, to the clause's end: "可能要取消", "说不定得取消"."""

_DOUBT_EN = re.compile(
    r"\b(?:i|we)(?:'m|'re|\s+am|\s+are)\s+(?:still\s+|not\s+)?(?:thinking\s+(?:about|of)|considering|weighing)\s+"
    r"(?:(?!\bbut\b)[^,.;!?\n])*"
    r"|\b(?:i|we)\s+(?:may|might)\s+(?!have\b|need\b|be\b|not\b|as\s+well\b)(?:(?!\bbut\b)[^,.;!?\n])+",
    re.I,
)
"""The speaker's own indecision, to the clause's end or its "but": "I'm thinking about cancelling", "I might
cancel", "we may wipe it later", "I'm not thinking about cancelling"
("you may" is leave, an ask; "I might as well delete it" is a decision)."""

_DOUBT_ZH = re.compile(r"我们?(?:没|没有|不是)?(?:正在|还在|在)?(?:考虑|犹豫)(?:要不要|是否|着)?[^，,。；;!！？?\n]+")
"""The speaker's own indecision, to the clause's end: "我在考虑要不要注销", "我还在犹豫退不退", "我没在考虑取消"."""

_FEAR_EN = re.compile(
    r"\b(?:i|we)(?:'m|'re|\s+am|\s+are)\s+(?:a\s+bit\s+|really\s+|so\s+)?(?:afraid|worried|concerned|nervous|scared)\b"
    r"(?!\s+(?:that\s+)?(?:we|i|you)(?:'ll|\s+will|\s+must|\s+(?:have|need)\s+to|'d\s+better|\s+should)\b)"
    r"(?![^,.;!?\n—–]*\b(?:(?:has|have|needs?)\s+to|must|should)\s+be\s+[a-z]+ed\b)"
    r"(?:(?!\b(?:so|but)\b)[^,.;!?\n—–])*"
    r"|\b(?:he|she|they|(?:the|our|this|that|my)\s+[\w-]+)(?:'s|'re|\s+(?:is|are|was|were|seems?|gets?|got))\s+"
    r"(?:a\s+bit\s+|really\s+|so\s+|quite\s+|very\s+)?(?:afraid|worried|concerned|nervous|scared)\b"
    r"(?:(?!\b(?:so|but)\b)[^,.;:!?\n—–])*",
    re.I,
)
"""The speaker's fear, to the clause's end, a dash, a "so" or a "but": "I'm afraid the courier will drop the wrong
bag off"; not a decision or an ask said politely ("I'm afraid we'll have to cancel it", "I'm afraid you need to
cancel it", "I'm afraid O-1 has to be cancelled"). Another's fear too, whatever it says we will do, to a colon as
well ("He's worried we'll delete his audiogram history"; "the customer is worried: cancel PJ-1" asks after its
colon)."""
_FEAR_ZH = re.compile(r"(?:我们?)?(?:担心|害怕|生怕|(?<![哪恐])怕)[^，,。；;!！？?\n]+")
"""The speaker's fear, to the clause's end: "我担心系统会把订道自动取消", "我怕把报告误取消了"."""
_PLAN_EN = re.compile(
    r"\b(?:we|i)(?:'re|\s+are|'m|\s+am)?\s+(?:plan(?:ning)?|going|intend(?:ing)?)\s+to\s+"
    r"(?!(?:need|want|ask|have|get)\s+(?:you|someone|somebody|one\s+of\s+you)\s+to\b)"
    rf"(?=[^,.;!?\n—–]*?\b{LATER_EN})[^,.;!?\n—–]*",
    re.I,
)
_PLAN_ZH = re.compile(
    rf"(?:我们?)?(?:打算|准备|计划)(?:在)?{LATER_ZH}"
    r"[^，,。；;!！？?\n]*"
)
"""A plan for later, to the clause's end: "我们打算下周停掉这个优惠码", "we're planning to drop it next month"; not an
ask ("I'm going to need you to cancel it before tomorrow": the time is its deadline)."""
_LATER_EN = re.compile(
    r"(?:^|(?<=[.;!?—–]))\s*(?:the\s+)?[\w' -]{1,40}?\b(?:can\s+wait|(?:is|are)\s+(?:a\s+)?"
    r"(?:separate|another|different)\s+(?:matter|issue|question|story)s?)\b[^,.;!?\n]*",
    re.I,
)
_LATER_ZH = re.compile(
    r"[^，,。；;!！？?\n]{1,12}(?:的事|的问题|那件事)(?:先|就|都|也)?(?:不用管|别管|不管|以后再说|回头再说|另说|再说|先放放|放一放)"
)
"""Another matter put off, to the clause's end: "The refund question can wait.", "The refund is a separate matter.",
"取消的事不用管"; "The refund can wait, cancel order O-5512" asks the cancel after the comma."""
_HEARD_ZH = re.compile(r"听说[^，,。；;!！？?\n]+")
"""Hearsay, to the clause's end: "听说 CU-3308 的账户被删了？"."""
_DECIDE_EN = re.compile(
    r"\bbefore\s+(?:we|i|you|anyone|they)\s+(?:decide|make\s+(?:a|any)\s+decision|think)\b[^,.;!?\n—–]*", re.I
)
"""A read before a decision, to the clause's end: "Pull up PX-30021 before we decide anything about erasing it"."""

_CORRECTING_EN = rf"{CORRECTING_EN}|scratch\s+that|never\s+mind|forget\s+that"
_CORRECTING_ZH = rf"算了|{CORRECTING_ZH}"
"""The words a request corrects itself with (``_WITHDRAWN`` finds them, ``_CORRECTION`` strips them): the shared
correction words, and those that drop what came before ("scratch that", 算了; in a reply they refuse a proposal)."""
_NO_MARKED = (
    rf"(?:{BARE_NO})\s*(?:[—–]|--?"
    r"|[,，.。]\s*(?=(?:just|only|instead|first|rather)\b|[^,.;!?\n—–]*\binstead\b|[\u4e00-\u9fff]))"
)
"""A bare no (``BARE_NO``) that corrects: before a dash, or before "just", "only", "instead", "first", "rather" or a
clause that ends in "instead" after its comma or stop ("No. Just show me …", "no, show me … instead", "不，只看一下
…")."""
_WITHDRAWN = re.compile(
    r"^[^\n]*?(?:\.{2,}|…+|[,，;；—–?？!！]|\s-\s)\s*"
    rf"(?=(?:{_CORRECTING_EN})\b,?\s*\S|(?:{_NO_MARKED})\s*\S|(?:{_CORRECTING_ZH})[，,]?\s*\S)",
    re.I,
)
"""What a request says before it corrects itself, up to the correction: "Show me the refund policy wording...
actually just pull up sale S-4455", "先看退款政策…算了，直接查销售单 S-4455", "remove the blue-light line? no wait,
first tell me what lines GO-60213 has", "cancel the live class? no — just show me the reviews for crs-7"."""

_ASKS = re.compile(r"帮我|(?<![申邀])请|麻烦|\b(?:please|go\s+ahead)\b", re.I)
"""A clause that asks someone to act keeps its possibility ("可能要取消，请直接取消")."""

_GO_ON = re.compile(
    r"^\W*(?:(?:so|and|then|now)\s+)*(?:please\s+)?(?:just\s+)?(?:do\s+(?:it|so|that)|go\s+ahead|please\s+do|proceed)\b"
    r"|^\W*(?:那|那就|就|你)?(?:直接|请|麻烦)?(?:办|做|弄)(?:吧|了吧)|^\W*(?:就)?(?:这么|这样)办|^\W*照(?:办|做)",
    re.I,
)
"""A next clause that goes on with the act said before it: "I might cancel A-3310, please do it now", "…; go
ahead", "…，那就办吧" and their Chinese counterparts."""

_CLAUSE = re.compile(r"[，,。；;!！？?\n]")


class _Clauses:
    """Where the clauses of a text end (``_CLAUSE``), found once: a match's clause in log time, not a scan."""

    def __init__(self, text: str) -> None:
        self.marks = [m.start() for m in _CLAUSE.finditer(text)]
        self.size = len(text)

    def start(self, at: int) -> int:
        """Where the clause holding ``at`` starts: after the last mark before ``at``."""
        i = bisect_left(self.marks, at)
        return self.marks[i - 1] + 1 if i else 0

    def end(self, at: int) -> int:
        """The first mark at or after ``at``, or the text's end."""
        i = bisect_left(self.marks, at)
        return self.marks[i] if i < len(self.marks) else self.size


_TOLD_CLAUSES = (_FEAR_EN, _FEAR_ZH, _PLAN_EN, _PLAN_ZH, _HEARD_ZH, _DECIDE_EN)
"""Fears, plans for later, hearsay and reads before a decision: told, not asked (in
either language)."""


def goes_ahead(text: str) -> bool:
    """``text`` opens with words that go on with the act said before it (``_GO_ON``: "Do it.", "go ahead", "照办")."""
    return _GO_ON.search(text) is not None


def _goes_on(text: str, end: int, clauses: _Clauses) -> bool:
    """The clause after the one that ends at ``end`` goes on with its act (``_GO_ON``)."""
    return bool(_GO_ON.search(text[end : clauses.end(end + 1)]))


def _apart(text: str, pattern: re.Pattern[str], spans: list[str]) -> str:
    """``text`` less the matches of ``pattern`` in clauses that ask nothing, each match kept in ``spans``."""
    clauses = _Clauses(text)

    def keep(match: re.Match[str]) -> str:
        start, end = clauses.start(match.start()), clauses.end(match.end())
        if _ASKS.search(text[start:end]) or _goes_on(text, end, clauses):
            return match.group()
        spans.append(match.group().strip(" ,"))
        return " "

    return pattern.sub(keep, text)


_CORRECTION = re.compile(rf"^(?:{_CORRECTING_EN}|{_CORRECTING_ZH})[,，]?\s*", re.I)
_BARE_NO_SAID = re.compile(rf"^(?:{BARE_NO})\s*(?:[—–]+|--?|[,，.。])?\s*", re.I)
_NO_OTHER_ACT = re.compile(
    r"^(?:(?:just|only|simply|rather)\s+)*(?:(?:the|a|an|this|that|these|those|my|our|your|his|her|their|its|one|ones"
    r"|all|both|half|each|every|some|none)\b|(?:if|unless|once|provided|as\s+long\s+as)\b|(?:it|that)(?:'s|\s+is)\b"
    r"|(?:i|we)\s+(?:don'?t|do\s+not)\s+need\b|[A-Za-z]*[-_#]?\d)"
    r"|^(?:只|就|仅|光)?(?:要|是|那|这|如果|要是|假如|除非|我?不(?:用|需要|必)|一半|全部|所有|[A-Za-z]*[-_#]?\d)",
    re.I,
)
"""What follows a bare no and names no other act: the act's objects narrowed ("just the one on Friday", "only
D-101", "only half of it", "只要周五那个"), a condition ("only if it hasn't shipped"), what is not needed ("I don't
need a refund"); with a go-ahead (``_GO_ON``: "just do it") it keeps the act before it. Any other word opens another
act ("just show me the reviews", "只看一下评价")."""
_ADDS_OR_STRESSES = re.compile(
    r"^(?:also|too|and|plus|in\s+addition|as\s+well)\b|\b(?:too|as\s+well)\W*$|^(?:也|还要|另外|顺便|并且)"
    r"|^(?:I\s+mean\s+it|seriously)\W*$|^(?:真的|认真的|当真的?)\W*$",
    re.I,
)
"""What follows a correction's word that adds to the act before it or stresses it: no correction ("No wait, also
refund it", "我是说真的")."""
_OBJECT_ONLY = re.compile(
    r"^(?:(?:I\s+meant?|it'?s|it\s+is|make\s+(?:it|that))\s+)?(?:the\s+)?[a-z]*\W*$"
    r"|^(?:the\s+)?[a-z]*\s+(?:is|was)\s+the\s+(?:right\s+)?one\W*$"
    r"|^(?:应该)?是\s*[^，,。；;!！？?\s]{0,6}\s*(?:[那这]个|[那这]单)?\W*$",
    re.I,
)
"""A correction that names a record and no act: it corrects the object, not the act ("不对，是订单 O-5513", "是订单
R-21031 那个", "order R-21031 is the one"; the record's id is taken out before the match)."""

_QUESTION_BEFORE = re.compile(r"([^,.;!?，。；！？—–\n]*)[?？]\s*$")
"""A question just before a bare no: the no answers it, and corrects the act only where the question asks the act
("cancel the live class? no — …"; not "Delete my account CU-1 — any data to export first? no — just close it out")."""


def _withdrawn(text: str, spans: list[str]) -> str:
    """``text`` less what it says before correcting itself (``_WITHDRAWN``), that kept in ``spans``.

    A correction that adds or stresses (``_ADDS_OR_STRESSES``) takes nothing back; one of the object alone
    (``_OBJECT_ONLY``) keeps the act before it on the new record; a bare no before words that name no other act
    (``_NO_OTHER_ACT``, ``_GO_ON``) or after a question of another thing (``_QUESTION_BEFORE``) keeps the act, one
    before another act takes it back.
    """
    match = _WITHDRAWN.search(text)
    before = match.group().strip(" .…,，;；—–-") if match else ""
    if match is None or not before:
        return text
    after = text[match.end() :]
    worded = _CORRECTION.match(after)  # "no wait" is a correction's word, not a bare no
    bare = None if worded else _BARE_NO_SAID.match(after)
    lead = worded or bare
    said = after[lead.end() if lead else 0 :].strip()
    if _ADDS_OR_STRESSES.search(said):
        return f"{before} {said}"
    new = ids_in(said)
    if len(new) == 1 and len(old := ids_in(before)) == 1 and _OBJECT_ONLY.match(said.replace(new[0], "")):
        spans.append(old[0])
        return " " + before.replace(old[0], new[0])
    asked = _QUESTION_BEFORE.search(match.group())
    if bare and (_NO_OTHER_ACT.search(said) or goes_ahead(said) or (asked and not request_is_destructive(asked[1]))):
        return text  # "cancel all my bookings, no, just the one on Friday": the act stays
    spans.append(before)
    return " " + after


_ACT_ZH = r"(?:取消|删除|删掉|退款|退费|注销|吊销|撤销|作废|退园|退订|关闭)"
_ACT_NOUN_ZH = re.compile(
    rf"{_ACT_ZH}(?=金额|费用?|政策|规则|规定|流程|进度|手续|明细|时限|期限|条件|记录|原因|到账)"
    rf"|{_ACT_ZH}(?:掉|了)?的(?![话是])(?=[\u4e00-\u9fff])"
    rf"|{_ACT_ZH}(?=[^，,。；;!！？?\s的]{{1,6}}的(?:请求|申请|要求|记录|原因|事|流程|通知|金额|费用))"
)
"""An act's word used as a thing, not asked: a noun it heads ("退款金额", "退费政策"), a done or planned act
describing a record ("取消的名片订单"), or a request for it ("删除会员数据的请求")."""
_ACT_NOUN_EN = re.compile(
    r"\b(?:refund|cancell?ation|deletion|removal|revocation|withdrawal)\s+(?:amounts?|fees?|polic(?:y|ies)|rules?|"
    r"terms|windows?|deadlines?|status|history|records?|reasons?|dates?)\b"
    r"|\b(?:all|the|any|those|these|every|no|many|recent|recently)\s+(?:recently\s+)?(?P<act>cancell?ed|deleted|"
    r"removed|revoked|voided|refunded|withdrawn|closed)(?=\s+(?!by\b|on\b|in\b|at\b|for\b|from\b|and\b|or\b|it\b|"
    r"yet\b|because\b|after\b|before\b|last\b|yesterday\b|today\b|this\b)[a-z])",
    re.I,
)
"""Its English counterpart: "refund amount", "the cancellation fee", "all cancelled orders", "the deleted files"; not
"refund request": "approve the refund request for TK-1" asks the refund (``noun_acts``)."""
_IF_ZH = re.compile(
    r"(?:如果|要是|假如|假设|万一|倘若)[^，,。；;!！？?\n就]*|(?:^|(?<=[，,。；;!！？?\n])|(?=就))[^，,。；;!！？?\n]*?的话"
)
_READER_ASKED_EN = (
    r"(?:(?<=\basks\s)|(?<=\basked\s))if\s+(?:we|(?:your|our|the|this)\s+(?:team|shop|store|office|desk|company|"
    r"business|staff))\s+(?:can|could|would|will)\b"
)
"""A question relayed to the reader ("customer asks if we can refund…", "… if the shop could refund…"): an ask, no
condition."""
_IF_EN = re.compile(
    rf"\b(?!{_READER_ASKED_EN})(?:if|in\s+case|unless)\s+(?!you\s+(?:could|can|would|don't\s+mind|please))"
    r"(?:we|i|you|they|he|she|it|"
    r"someone|(?:the|this|that|a|an|my|our|her|his|their|its)\s+[\w'-]+)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?=(?:cancel|delete|remove|refund|void|revoke|close|terminate|withdraw|drop|kill|wipe|purge|erase)\w*\b)"
    r"[^,;.!?\n]*",
    re.I,
)
"""A condition, to its consequent or the clause's end: "如果客户不要了", "退款的话", "if we cancel the museum trip" (in
English the act is the condition's own verb, after its subject); an act in the consequent is asked ("如果还没发货就
取消", "cancel it if it isn't shipped", "if power dies shut down the nas"). A "的话" span starts where its clause does
(or at the 就 a condition before it stopped at), so a clause is read once, not from each of its characters."""
_ABOUT = re.compile(
    r"(?<!哪怕|不管|无论|不论)(?<!(?:哪怕|不管|无论|不论)[\u4e00-\u9fff])(?<!(?:哪怕|不管|无论|不论)[\u4e00-\u9fff]{2})"
    r"(?:多久|多长时间|多少|怎么算|怎么计算|几天|哪天|什么时候|何时)"
    r"|\bhow\s+(?:long|much|many|soon)\b|\bwhen\s+(?:will|would|does|did|is|was)\b",
    re.I,
)
"""A question of an act's time or amount ("退款要多久到账", "how long does a refund take"): the act is its topic, not
asked. Not after a concession two characters back at most ("不管扣多少手续费都取消": no matter how much, cancel)."""
_WHICH = re.compile(
    r"哪些|哪几[个张笔单]|哪[个张笔单](?=[^，,。；;!！？?\n]{0,6}(?:可以|能|能够))"
    r"|\bwhich\s+(?:ones?\s+|of\s+(?:them|these|those)\s+|[a-z]+s?\s+)?"
    r"(?:(?:i|we|you|they|he|she)\s+(?:can|could|may)|(?:can|could|may)\s+(?:i|we|you|they|he|she))\b",
    re.I,
)
"""A question of which can be done ("which ones I can cancel", "哪些可以退"): a read of the records, the act its
topic ("list my bookings … which ones I can cancel")."""
_WHETHER = re.compile(
    r"(?<!无论)(?<!不论)(?<!不管)(?:要不要|该不该|需不需要|用不用|是否(?:需要|要|应该|应当)?)(?!我|帮|替)"
    r"|^\s*should\s+we\b|\bwhether\s+to\b",
    re.I,
)
"""A question whether to do the act ("账户要不要删？", "should we delete it?", "是否需要取消"): beside another clause
that asks something else, the other clause is the ask ("C-3390 的账户要不要删？先看看他
还有没有未付发票"), not an offer to act ("要不要我取消？", "Shall I cancel it?"), nor a concession
("无论是否付清都删除")."""
_TOLD_ZH = re.compile(
    r"(?<![把将的场个次])(?:(?:(?<=[，,、：:])|(?<=邮件|短信|消息|道歉|回复))说明(?=会)|(?<!会)说明(?!会)|告诉|告知|通知|转告|解释)"
    r"(?:一下)?(?:他们|她们|他|她|客户|顾客|大家|对方)?"
    r"(?:会(?![议员场])|将会?|已经?|可以)[^，,。；;!！？?\n]+"
)
_TOLD_EN = re.compile(
    r"\b(?:tell(?:ing)?|let(?:ting)?|inform(?:ing)?|notify(?:ing)?)\s+(?:them|him|her|the\s+[\w'-]+s?|everyone)\s+"
    r"(?:know\s+)?(?:that\s+)?(?:they|he|she|we|it|you)(?:['’]ll|['’]re|['’]ve|\s+will|\s+would|\s+are|\s+have|\s+can"
    r"|\s+get)\b[^,.;!?\n]*",
    re.I,
)
"""What a message to send says ("发邮件道歉，说明会全额退款", "通知他们将退款", "email them and tell them they'll be
refunded"): told, not asked; not "通知他取消会议" (tell him to cancel), nor "把说明会取消" or "下周一说明会取消" (the
briefing: 说明会 tells only after a comma or a message's word)."""
_AFTER_ZH = re.compile(rf"{_ACT_ZH}(?:了|掉)?(?:之后|以后)")
"""An act told as the time after which another comes ("吊销之后能不能重新申请"), as ``befores`` reads one before."""
_PART = re.compile(r"([，,。；;!！？?\n—–（）()]|\s+-\s+)")


def _told_roles(text: str, spans: list[str]) -> str:
    """``text`` less the spans that tell a destroyer's act rather than ask it, each kept in ``spans``.

    One reading of the role an act's word plays in its clause: a thing (``_ACT_NOUN_ZH``, ``_ACT_NOUN_EN``), a time
    (``_AFTER_ZH``), a condition (``_IF_ZH``, ``_IF_EN``), what a message to send says (``_TOLD_ZH``, ``_TOLD_EN``)
    or the topic of a question (``_topics_apart``). Only a span that says a destroy word is read apart, and not where
    its clause asks the act again.
    """
    for pattern in (_ACT_NOUN_ZH, _ACT_NOUN_EN, _AFTER_ZH, _IF_ZH, _IF_EN, _TOLD_ZH, _TOLD_EN):
        text = pattern.sub(partial(_role_kept, clauses=_Clauses(text), spans=spans), text)
    return _topics_apart(_PART.split(text), spans)


def _role_kept(match: re.Match[str], clauses: _Clauses, spans: list[str]) -> str:
    """What stays of ``match`` (a span in another role, ``_told_roles``): all where its clause asks the act again."""
    said, whole = match.group(), match.string
    if not request_is_destructive(said):
        return said
    start, end = clauses.start(match.start()), clauses.end(match.end())
    rest = whole[start : match.start()] + " " + whole[match.end() : end]
    if _ASKS.search(rest) and request_is_destructive(rest):
        return said  # its clause asks the act again ("可能要取消的话请直接取消")
    act = match.groupdict().get("act") or said  # an act word before its noun: the noun stays in the ask
    spans.append(act.strip(" ,"))
    return said.replace(act, " ")


_WHICH_ACT = re.compile(r"\s*(?:(?:可以|能够|能|要)?[\u4e00-\u9fff]{1,2}|[\w'-]+)")
"""The act word a which-question asks of ("which we can *cancel*", "哪些*能取消*")."""


def _which_only(clause: str) -> bool:
    """``clause`` asks which records an act can be done to (``_WHICH``), and asks the act nowhere else in it.

    "Cancel all the bookings which we can cancel" and "哪些能取消的都取消掉" ask the act outside the question.
    """
    which = _WHICH.search(clause)
    if which is None:
        return False
    act = _WHICH_ACT.match(clause, which.end())
    rest = clause[: which.start()] + " " + clause[act.end() if act else which.end() :]
    return not request_is_destructive(rest)


def _topics_apart(parts: list[str], spans: list[str]) -> str:
    """The clauses (``parts``' even items) less those whose destroy act is a question's topic, each kept in ``spans``.

    A question of its time or amount (``_ABOUT``) or of which records it can be done to (``_WHICH``), in a clause that
    asks no one to act; or a question whether to do it (``_WHETHER``) beside a clause that asks another act.
    """
    clauses = parts[::2]
    other = any(c.strip() and not request_is_destructive(c) and not _WHETHER.search(c) for c in clauses)
    for i in range(0, len(parts), 2):
        clause = parts[i]
        if not request_is_destructive(clause):
            continue
        topic = (_ABOUT.search(clause) or _which_only(clause)) and not _ASKS.search(clause)
        if topic or (other and _WHETHER.search(clause)):
            spans.append(clause.strip())
            parts[i] = " "
    return "".join(parts)


def split_unasked(text: str) -> tuple[str, str]:
    """``text`` less the acts it says but does not ask, and those spans.

    Its withdrawn start, relative-clause wishes, possibilities, own indecision, fears, plans for later, hearsay, reads
    before a decision (``_TOLD_CLAUSES``), matters put off (``_put_off``), and the acts it tells in another role
    (``_told_roles``).
    """
    spans: list[str] = []
    text = _withdrawn(text, spans)
    for pattern in (_RELATIVE_EN, _RELATIVE_ZH, _POSSIBLE_EN, _POSSIBLE_ZH, _DOUBT_EN, _DOUBT_ZH, *_TOLD_CLAUSES):
        text = _apart(text, pattern, spans)
    text = _put_off(text, spans)
    text = _told_roles(text, spans)
    return text, "\n".join(spans)


def _put_off(text: str, spans: list[str]) -> str:
    """``text`` less the matters it puts off (``_LATER_EN``, ``_LATER_ZH``), each a sentence, kept in ``spans``.

    "… please save it. The refund is a separate matter.": the sentence's own words, not its neighbour's "please", say
    whether it asks.
    """

    def keep(match: re.Match[str]) -> str:
        if _ASKS.search(match.group()):
            return match.group()
        spans.append(match.group().strip(" ,"))
        return " "

    for pattern in (_LATER_EN, _LATER_ZH):
        text = pattern.sub(keep, text)
    return text


_REFUSED_ACT_ZH = r"(?:取消|删除|注销|退款|退订|关闭|擦除)"
_REFUSED_END_ZH = (
    rf"(?:(?!直接|只|就|而是|是要|(?:也|又)?不{_REFUSED_ACT_ZH}|{_REFUSED_ACT_ZH})[^，,。；;!！？?\n]){{0,10}}"
)
"""The refused act's object: to the clause's end, or where the ask starts again after it (不退款直接取消订单: 直接, 只,
就, 而是, another act's word) or another refusal starts (不取消也不退款: 也不, 不)."""
_WEIGHED_ZH = r"与其(?:(?!(?:还|倒)?不如)[^，,。；;!！？?\n]){0,10}"
"""The act weighed after 与其, to the clause's end or to 不如, which starts the act asked (与其等待不如直接取消会员)."""
_REFUSED = re.compile(
    r"\b(?:instead\s+of|rather\s+than)\s+(?:just\s+)?[a-z]+ing\b[^,.;!?\n]*"
    r"|\brather\s+than\s+(?:just\s+)?(?:cancel|delete|remove|refund|void|revoke|close|terminate|wipe|erase)\b[^,.;!?\n]*"
    r"|(?:而不是|而非)(?:直接)?(?:要)?[^，,。；;!！？?\n]{0,10}"
    rf"|{_WEIGHED_ZH}"
    rf"|(?<![要想])(?<!不得)不(?:是)?(?:要|想)?{_REFUSED_ACT_ZH}{_REFUSED_END_ZH}"
    r"|(?<![要想])(?<!不得)不退[^，,。；;!！？?\n]{0,6}?[费款钱](?:的话)?",
    re.I,
)
"""An act named as the alternative refused: "pause it instead of cancelling", "freeze rather than cancel it",
"暂停而不是取消", "先暂停，不取消", "她不是要取消会员", "与其取消会员，不如先冻结", "先锁定，暂时不擦除",
"不退超重费的话"; not "不得不取消" (have to); their Chinese
counterparts too."""


def split_refused(text: str) -> tuple[str, str]:
    """``text`` less the spans that name an act refused as an alternative (``_REFUSED``), and those spans."""
    spans: list[str] = []

    def keep(match: re.Match[str]) -> str:
        spans.append(match.group().strip(" ,"))
        return " "

    return _REFUSED.sub(keep, text), "\n".join(spans)
