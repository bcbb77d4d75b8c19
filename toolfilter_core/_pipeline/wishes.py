"""Someone else's wish, or one not yet decided, told as news: it asks no act.

"RB-20611 这个订单现在什么状态？客户说想取消但还没决定" asks the booking's status; the customer's wish to
cancel, not yet decided, is what the agent knows, not what they ask. Such a clause is read apart from
the ask, as the reports of acts done are (``reports``): its act's tool is held unless the ask says it
("客户说要取消，帮他取消" asks). The words hold the cases above and their English
counterparts ("the customer is thinking of cancelling", "she might cancel").
"""

from __future__ import annotations

import re

from .._hints import request_is_destructive
from .id_shapes import ID_OR_NUMBER, RECORD_NUMBER
from .zh_speakers import SAYS_ZH

__all__ = ["hands_on", "split_wishes"]

_STOP = r"(?<=[a-z0-9)])(?<!\b[Mm]r)(?<!\b[Mm]rs)(?<!\b[Mm]s)(?<!\b[Dd]r)(?<!\b[Ss]t)(?<!\bNo)\.(?=\s+[A-Z])"
"""A full stop that ends a sentence: before a space and a capital, not after an initial or a title ("Mr. Lee")."""
_PARTS = re.compile(rf"([，,。；;!！？?\n—–：]|{_STOP}|(?<!\d):(?!\d)|\s+-\s+|\s+but\s+|但是?|不过)")
"""Where a request's clauses part for this reading: punctuation (a dash and a colon too, not a time's "10:30"; a full
stop where a sentence ends, ``_STOP``), and "but" (but 还没决定 is one of its own): "the customer is worried: cancel
job PJ-30417" asks the cancel; "C-2210 asked whether closing would affect their invoices. Close it." asks the close. A
colon parts only after a worry (``_joined_colons``)."""
_COLON = frozenset({":", "："})
_WORRY = re.compile(r"(?:担心|害怕|怕|着急|不放心|\b(?:worried|afraid|concerned|scared|upset|anxious))\W*$", re.I)
"""A clause that ends in a worry, after which a colon starts the ask: "客户很担心：取消 PJ-30417". After "在考虑",
"说", "问" the colon starts what is weighed, said or asked ("客户在考虑：要不要取消")."""

_OTHER_ZH = (
    r"(?:客户|顾客|客人|用户|乘客|租客|租户|会员|对方|人家|他们|她们|他|她|家长|妈妈|爸爸|家属|车主|住户|业主|房东|学员|"
    r"同事|老板|老公|老婆|丈夫|妻子|太太|爱人|儿子|女儿|孩子|朋友|室友|(?:(?!或)[\u4e00-\u9fff]){1,2}者)"
)
"""Another person (one named by 者, "献血者"; not 或者, or)."""
_GAP_ZH = r"[^，,。；;!！？?\n]{0,14}?"
"""Between the person and their verb: an id, a time ("客户 C-1204 之前说", "会员 M-88120 说")."""
_HEARSAY_ZH = re.compile(
    rf"{_OTHER_ZH}{_GAP_ZH}(?:说|表示|提到|讲)(?:他|她|他们|她们)?(?:可能|也许|或许)?(?:想|打算|考虑|如果|要是)"
    rf"|{_OTHER_ZH}{_GAP_ZH}(?:在考虑|考虑要不要|犹豫|可能会|也许会|或许会)"
    rf"|{_OTHER_ZH}{_GAP_ZH}(?:问|担心|怕|不想|不愿意?|不打算|不希望)"
)
"""Another person says they would like to (客户说想…, 他表示打算…) or on a condition (家长说如果…就取消), weighs it
(客户在考虑取消, 她可能会取消), asks about it (他问能不能取消), fears it or does not want it (家长不想退伙食费)."""
_UNDECIDED_ZH = re.compile(r"^\s*(?:还|也|都)?(?:没|没有|未)(?:决定|想好|定)|^\s*还在(?:犹豫|考虑)|^\s*(?:还)?不确定")
"""A clause that only says it is not decided (还没决定, 还没想好, 还在犹豫)."""

_KIN_EN = (
    r"husband|wife|partner|spouse|son|daughter|kid|child|mother|father|mom|mum|dad|brother|sister|boss|friend|roommate"
    r"|neighbou?r|colleague|co-?worker|flatmate|housemate|landlord|landlady|cousin|aunt|uncle|grandma|grandpa"
)
"""People close to the speaker, who may want what the speaker does not ("my husband wants to cancel", "my neighbor
wants to delete his account … I just want to see my own profile")."""
_ROLE_EN = (
    r"(?:customer|client|guest|renter|driver|caller|passenger|user|member|tenant|patient|parent|resident|holder"
    rf"|{_KIN_EN})s?"
)
_OTHER_EN = rf"(?:(?:the|this|that|our|my|a|one)\s+(?:[\w'-]+\s+)?{_ROLE_EN}|he|she|they|someone)"
_READER_EN = (
    r"(?:you|u|we|(?:your|our|the|this)\s+(?:team|shop|store|office|desk|company|business|staff|front\s+desk))\b"
)
"""The party a relayed question asks, when it is the reader: "customer asks if you could refund…", "… if your team
can refund…", "… if the shop could refund…", "… if we can refund…"."""
_ASKER_ID_EN = rf"^\s*(?:(?:the|this|that|our)\s+)?(?:{_ROLE_EN}\s+)?{ID_OR_NUMBER}"
"""A person named by an id at the clause's start ("C-2210 asked whether…", "customer C-2210 asked if…"): only a
person asks, so an id that asks is a customer's or a member's, never a record's."""
_ASKED_IF_EN = (
    rf"(?:\b{_OTHER_EN}|^\s*{_ROLE_EN}|{_ASKER_ID_EN})\s+(?:(?:is|are|was|were)\s+asking|wants?\s+to\s+know|asks|asked)"
    rf"\s+(?:if|whether)\b(?!\s+{_READER_EN})"
)
"""Another person asks whether the act may be done or was ("customer asks if GV-3321 can still be refunded", "C-2210
asked whether closing their account would affect their invoices"), a person named by an id too (``_ASKER_ID_EN``)."""
_ASKED_IF = re.compile(rf"{_ASKED_IF_EN}|{_OTHER_ZH}{_GAP_ZH}问", re.I)
"""A question relayed (``_ASKED_IF_EN``, 客人问…): told, unless a clause hands it on (``hands_on``)."""
_HEARSAY_EN = re.compile(
    rf"\b{_OTHER_EN}\s+(?:(?:is|are|was|were)\s+(?:thinking\s+(?:of|about)|considering|weighing)"
    r"|(?:might|may|could)(?:\s+(?:want\s+to|be\s+going\s+to))?"
    r"|(?:says?|said|told\s+(?:me|us)|mentioned)\s+(?:(?:that\s+)?(?:he|she|they|it)\s+)?"
    r"(?:wants?\s+to|wanted\s+to|would\s+like\s+to|(?:might|may)|(?:is|are)\s+thinking\s+(?:of|about)))\b"
    rf"|\b{_OTHER_EN}['’](?:s|re)\s+(?:thinking\s+(?:of|about)|considering|weighing)\b"
    rf"|\b{_OTHER_EN}\s+(?:(?:is|are|was|were)\s+(?:worried|afraid|concerned|scared|wondering)"
    r"|(?:asked|asks|wondered|wonders)\s+(?:if|whether|about|how|when)"
    r"|(?:already\s+|just\s+|had\s+|has\s+)?(?:cancell?ed|deleted|removed|refunded|voided|revoked|withdrew|closed))\b"
    rf"|{_ASKED_IF_EN}",
    re.I,
)
"""Another person weighs it ("the customer is thinking of cancelling", "she's thinking of deleting", "she might
cancel"), says they would like to ("the customer says she wants to cancel"), fears it or asks about it ("the customer
is worried we'll cancel the job", "she asked whether…", "customer asks if GV-3321 can still be refunded", "the guest is
asking whether…": a question relayed, whether the act may be done or was, asks none; not "customer asks if you could
refund…", an ask relayed), or did it elsewhere ("the customer cancelled with the other printer")."""
_ANNOUNCES_EN = re.compile(
    rf"(?:\b{_OTHER_EN}|^\s*{_ROLE_EN}|\b(?:the|this|that|our|my|a)\s+[\w'-]+)\s+"
    r"(?:(?:says?|said|told\s+(?:me|us)|mentioned|warns?|warned)\s+(?:that\s+)?"
    r"(?:he|she|they|it)\s*(?:['’]ll|will|would|(?:is|are)\s+going\s+to|(?:is|are)\s+gonna)"
    r"|(?:threatens?|threatened)\s+to)\b",
    re.I,
)
"""Another person (or one any noun after an article names: "the homeowner said she will…") says what they will do
themselves ("Customer says they'll cancel if the install slips again", "she threatened to close her account"): their
own act, announced or threatened, not one asked of the reader, told apart unless a clause hands it on
(``hands_on``)."""
_UNDECIDED_EN = re.compile(
    r"^\s*(?:(?:he|she|they|it)\s+)?(?:has\s*n[o']t|have\s*n[o']t|is\s*n[o']t|not)\s+(?:yet\s+)?(?:decided|sure)\b",
    re.I,
)
"""A clause that only says it is not decided ("but hasn't decided yet", "not sure yet")."""

_NAMED_ZH = rf"(?:[\u4e00-\u9fff]{{1,2}}(?:女士|先生|太太|小姐|老师|阿姨|师傅|大爷|大妈|姐|哥|总)|{_OTHER_ZH})"
_RELAY_ZH = rf"(?:[\u4e00-\u9fff]{{1,4}}?(?:{SAYS_ZH}))?"
"""Whoever relays the wish, before the one who wants it ("销售说客户想撤回…"): the wish is still the other's."""
_WANTS_ZH = re.compile(
    rf"^\s*{_RELAY_ZH}(?:我们?的?)?{_NAMED_ZH}[^，,。；;!！？?\n]{{0,8}}?(?:想要|想|要|打算|希望|申请)"
)
"""A named person or another one wants the act (王女士想注销会员, 会员 5521 要注销, 我老公想取消): read apart only
beside an ask of another act (``_another_ask``) or the speaker keeping it (``_KEEP``)."""
_RELAY_EN = r"(?:[\w'-]+(?:\s+[\w'-]+)?\s+(?:says?|said|told\s+(?:me|us)|mentioned)\s+(?:that\s+)?)?"
"""Whoever relays the wish, before the one who wants it ("sales says the customer wants to…")."""
_WANTS_EN = re.compile(
    rf"^\s*{_RELAY_EN}(?:{_OTHER_EN}|(?:customer|client|guest|member|tenant|patient)\s+{ID_OR_NUMBER}"
    r"|(?:mr|mrs|ms|miss|dr)\.?\s+[a-z][\w'-]*)(?:(?:\s+(?:wants?|would\s+like)|\s*['’]d\s+like)\s+(?:to|an?)"
    r"|\s+(?:is\s+asking\s+to|asked\s+to|wants?\s+(?:her|his|their|the)\s+money\s+back))\b",
    re.I,
)
"""Another person wants the act ("member 5521 wants to close their loyalty account", "Mrs Lee would like to
cancel", "she'd like to cancel one of them") or a thing of it ("they want a refund on one"): read apart only beside
an ask of another act (``_another_ask``)."""
_FIRST = (
    r"^\s*(?:(?:(?:但是?|不过|可是)?(?:他们?|她们?)|你们?|您|我们?)?(?:在?[\u4e00-\u9fff]{1,4}(?:之前|以前))?先|首先"
    r"|first\b|before\s+that\b"
    r"|(?:i|we)(?:['’]ll|\s+will|\s+(?:want|need)\s+to)?\s+first\b)"
)
"""A clause that says its ask comes first: "先帮我看下…", "你先帮我查一下…", "在处理之前先看看…", "first show me…";
or the speaker's own act first ("我先给他发封邮件确认…", "I'll first email him to confirm"); or the wisher's, what
they would first see ("陈太太想注销网上账户，但她先要看看自己的病历资料": "but first she'd like to see her
record")."""
_BEFORE = re.compile(_FIRST, re.I)
_ANOTHER_ASK = re.compile(
    rf"{_FIRST}|^\s*(?:(?:帮我|请|麻烦)?(?:看看|看下|看一下|查一下|查下|查询|给我看)"
    r"|(?:please\s+)?(?:show|list|find|pull\s+up|look\s+up|check|run|book|raise|open|log|add|send|email|text|tell|"
    r"notify|quote|record|approve|change|update)\b"
    r"|(?:but\s+)?(?:i|we)(?:\s+(?:just|only|also))?(?:\s+(?:want|need|would\s+like)|['’]d\s+like)\s+to\s+(?!(?:do|process|"
    r"handle|help|action|go\s+ahead|proceed)\b)|(?:但是?|不过)?我们?(?:只是|只|就|也)?(?:想|要|需要)(?!帮|替|给|办|处理))",
    re.I,
)
"""A clause that asks first ("先帮我看下…", "在处理之前先看看…", "first show me…"), or asks a read or another act
("帮我看下这个单", "Book DPD for PJ-1", "Raise a ticket"), or
the speaker's own want ("I just want to update my phone number", "我只是想改手机号"): an act beside the wish, another
one."""
_IMPERATIVE_EN = re.compile(
    r"^\s*(?:(?:please|pls|just)\s+)*"
    r"(?!(?:i|we|you|u|he|she|they|it|there|here|this|that|what|who|how|why|is|are|was|were|do|does|did|can|could|"
    r"would|will|should|may|might|must|has|have|had|let|lets|let's|not|no|yes|ok|okay)\b)[a-z]+"
    r"\s+(?:a|an|the|her|his|their|my|our|your|this|that|these|those|him|them|me|us)\b",
    re.I,
)
"""A clause that opens with a verb before its object (an article, a pronoun), no subject before it: the speaker's own
ask ("file a damage claim for the mirror on MV-20988"); beside it, another's wish of a destroy act is news
(``_another_ask``, where the clause asks no destroy itself). Not one that follows the act ("then text her that it's
done": the wish is asked first)."""
_WH_ZH = r"(?:到)?哪(?:里|儿|个|天|些)?|什么(?:时候|状态|情况|原因)|为什么|为啥|怎么样|谁"
"""A Chinese question word, which asks without a question mark ("订单12现在到哪了", "是什么状态")."""
_QUESTION = re.compile(
    rf"吗\s*$|呢\s*$|多少|有没有|是否|几[个本笔天次]|{_WH_ZH}"
    r"|^\s*(?:does|do|did|is|are|was|were|has|have|can|could|how\s+(?:much|many|long)|what|when|which|who)\b",
    re.I,
)
"""A clause that asks a question ("读者 30088 的账户还有欠费吗", "他还欠多少钱", "订单12现在到哪了", "Does member 30088
still owe fines"): beside it, another's wish is news, not the ask (``_another_ask``:
"读者 30088 的账户还有欠费吗？他想注销")."""

_SAYS_WANTS_ZH = re.compile(
    rf"{_OTHER_ZH}{_GAP_ZH}(?:说|表示|提到|讲)(?:他|她|他们|她们)?(?:想要|想|要(?!不)|打算|希望)"
)
_SAYS_WANTS_EN = re.compile(
    rf"\b{_OTHER_EN}\s+(?:says?|said|told\s+(?:me|us)|mentioned)\s+(?:that\s+)?(?:(?:he|she|they)\s+)?"
    r"(?:wants?\s+to|wanted\s+to|would\s+like\s+to|'d\s+like\s+to)\b"
    rf"|\b{_OTHER_EN}\s+(?:says?|said|told\s+(?:me|us))\s+(?:to\s+)?(?!that\b|(?:he|she|they)\b)[a-z]+",
    re.I,
)
"""Another person said they want the act (客户说想取消…, 客户表示想…, 客户说要…, "the customer says she wants to
cancel…"): relayed, it asks the act (``_relayed``)."""
_WEIGHS = re.compile(r"可能|也许|或许|考虑|犹豫|\b(?:might|may|could|thinking|considering|weighing)\b", re.I)
"""A said wish that is only weighed ("客户说可能想取消", "she said she might want to"): no relayed ask."""
_QUESTION_END = re.compile(r"[吗呢么]\s*$")

_ASKS = re.compile(r"帮|(?<![申邀])请|麻烦|给我|替|\b(?:please|go\s+ahead|do\s+it)\b", re.I)
"""A clause that asks someone to act keeps its ask, whatever it tells."""


_KEEP = re.compile(
    r"\b(?:i|we)\s*(?:'d|would|do|really|still)?\s*(?:want|wanna|like|need|prefer|plan|intend|mean)\s+(?:to\s+)?keep\b"
    r"|\b(?:i|we)(?:'d|\s+would)\s+rather\s+keep\b|\b(?:i|we)(?:'m|\s+am|'re|\s+are)\s+keeping\b"
    r"|\b(?:i|we)\s+(?:don'?t|do\s+not)\s+agree\b"
    r"|我们?(?:还是|还|是|可|也)?(?:想|要|希望|打算|得|需要)?(?:继续)?(?:保留|留着|留下)|我们?(?:并)?不同意",
    re.I,
)
"""The speaker keeps what another wants gone, or disagrees ("but I want to keep it", "我想留着", "我不同意"): the
other's wish beside it is told, not asked (``_wished``). E.g. "My husband wants to cancel our
slip booking SR-30112 but I want to keep it. What dates do we have on it?"."""


_SPEAKER = r"(?:i|we|you|u|咱们?|我们?|你们?|您)"
_ANOTHER_WANTS_EN = re.compile(
    rf"^\s*(?!{_SPEAKER}\b)(?:[\w.-]+(?:['’]s)?\s+){{0,3}}?(?!{_SPEAKER}\b)[\w.-]+(?:['’]s)?"
    r"(?:\s+(?:wants?|would\s+like|wish(?:es)?|(?:is|was)\s+asking|asked)|\s*['’]d\s+like)\b",
    re.I,
)
"""Anyone but the speaker or the reader wants something, as the clause's subject: "my mother-in-law wants to cancel
AP-1", "Dr. Lee would like to cancel", "my husband wants AP-1 cancelled", "she'd like a refund"; not "I want…"."""
_ANOTHER_WANTS_ZH = re.compile(
    rf"^\s*(?!{_SPEAKER}(?:也|还|就|只是|只|都|其实|本来|真的)?(?:想要|想|要|打算|希望|申请))"
    r"[^，,。；;!！？?\n]{1,12}?(?:想要|想|要|打算|希望|申请)"
)
"""Its Chinese counterpart: someone named before the want who is not 我/我们/你 alone ("我妈想取消", "我婆婆想取消",
"我助理想取消", "王女士想注销")."""


def _another_wants(clause: str) -> bool:
    """Someone other than the speaker wants the act (``_ANOTHER_WANTS_EN``, ``_ANOTHER_WANTS_ZH``), whoever it is."""
    return bool(_ANOTHER_WANTS_EN.search(clause) or _ANOTHER_WANTS_ZH.search(clause))


def _a_wish(clause: str) -> bool:
    if _ASKS.search(clause):
        return False
    return any(p.search(clause) for p in (_HEARSAY_ZH, _UNDECIDED_ZH, _HEARSAY_EN, _ANNOUNCES_EN, _UNDECIDED_EN))


def _another_ask(clause: str, mark: str = "") -> bool:
    """A clause that asks another act first ("先帮我看下她的积分", "first show me their points"), or a question.

    Or one that opens with a verb before its object and says no destroy word (``_IMPERATIVE_EN``: "file a damage
    claim for the mirror").

    A question (``_QUESTION``, or ``mark``, the punctuation after the clause, a question mark) that says no destroy
    word itself: "他还欠多少钱？" asks a read; "可以注销吗？" asks the act.
    """
    if _ANOTHER_ASK.search(clause) or (_IMPERATIVE_EN.search(clause) and not request_is_destructive(clause)):
        return True
    asked = mark in ("?", "？") or _QUESTION.search(clause) is not None
    return asked and bool(clause.strip()) and not request_is_destructive(clause)


_HANDS_ON = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|yes|and|then|so|now|just|please|pls|plz|kindly)[\s,]+)*(?:ok(?:ay)?\s+to\s+)?"
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?)?"
    r"(?:(?:do|process|handle|sort|action)(?:\s+(?:it|that|this|them))?(?:\s+out)?|go\s+ahead|proceed|please|pls|plz)"
    r"(?:\s+(?:for\s+(?:her|him|them|me)|please|pls|now|today|asap|right\s+away|thanks|thank\s+you|thx))*\W*$"
    r"|^\s*(?:然后|再|就|那就|那)?(?:你|请|麻烦)?(?:再|就)?(?:帮|替|给)?(?:他|她|他们|她们|我|客户|客人)?"
    r"(?:办|处理|弄)(?:一下|了|掉)?[吧啊]?\W*$",
    re.I,
)
"""A clause that asks the act without naming it: "please do it", "go ahead", "can you do it?", "please action",
"pls", "please do it now thanks", "帮她办一下", "然后帮他办了"."""


def hands_on(clause: str) -> bool:
    """A clause that asks someone to act and names no act of its own (``_HANDS_ON``)."""
    return _HANDS_ON.search(clause) is not None


_RECORD = re.compile(RECORD_NUMBER)
"""An id in what a wish wants ("to cancel booking LB-2231", "想退通行证 P-88120"): its record is chosen."""


def _wants(clause: str) -> bool:
    """Another person wants the act (``_WANTS_ZH``, ``_WANTS_EN``)."""
    return bool(_WANTS_ZH.search(clause) or _WANTS_EN.search(clause))


def _unchosen(clause: str) -> bool:
    """Another's wish (``_WANTS_ZH``, ``_WANTS_EN``) whose object names no record yet.

    "they want a refund on one", "she'd like to cancel one of them", 他想退其中一个; not "she'd like to cancel
    booking LB-2231", which names it.
    """
    found = _WANTS_ZH.search(clause) or _WANTS_EN.search(clause)
    return found is not None and not _RECORD.search(clause, found.end())


def _wished(parts: list[str]) -> list[bool]:
    """Per clause (the even parts): another's wish, or another's wanted act beside another ask or a keep.

    A wanted act is told beside a clause that asks another act first, or beside the speaker keeping it, whoever
    else wants it ("my husband / my manager / Dr. Lee wants to cancel SR-1 but I want to keep it", "我婆婆想取消
    AP-1，但我想保留": ``_KEEP``, ``_another_wants``); even one that names its record, beside a clause that says
    its own ask comes first (``_FIRST``, not itself a destroy ask): "my client wants to cancel AP-1 but first tell me
    her deposit status", "客人想取消 AP-2，你先帮我查一下她的定金状态" (the wish is for later); the clause that comes
    first is the ask, whoever wants it ("但她先要看看自己的病历资料").

    "王女士想注销会员，先帮我看下她的积分" and "读者 30088 的账户还有欠费吗？他想注销" tell a wish;
    "王女士要注销会员，帮她办一下" asks, and so does a wish that names its record ("she'd like to cancel booking
    LB-2231"), and a wish or a question relayed where a clause hands it on (``hands_on``: "show me her visits, they
    want a refund on one, please do it", "customer asks if GV-3321 can be refunded, please go ahead").
    """
    clauses, marks = parts[::2], [*parts[1::2], ""]
    handed = any(hands_on(c) for c in clauses)
    first = not handed and any(_another_ask(c, m.strip()) for c, m in zip(clauses, marks, strict=True))
    before = not handed and any(_BEFORE.search(c) and not request_is_destructive(c) for c in clauses)
    kept = [any(_KEEP.search(c) for k, c in enumerate(clauses) if k != i) for i in range(len(clauses))]
    return [
        bool(c.strip())
        and (
            (_a_wish(c) and not (handed and (_ASKED_IF.search(c) or _ANNOUNCES_EN.search(c))))
            or (first and not _ASKS.search(c) and not _BEFORE.search(c) and _unchosen(c))
            or (keeps and not _ASKS.search(c) and _another_wants(c))
            or (before and not _ASKS.search(c) and not _BEFORE.search(c) and _wants(c))
        )
        for c, keeps in zip(clauses, kept, strict=True)
    ]


def _question(parts: list[str], i: int) -> bool:
    """Clause ``i`` (of the even parts) is a question that asks no act ("RB-1 什么状态？", "is it paid?").

    A Chinese question word asks without a mark where the clause says no destroy act ("订单12现在到哪了").
    """
    clause = parts[2 * i]
    after = parts[2 * i + 1] if 2 * i + 1 < len(parts) else ""
    asked = after in ("?", "？") or bool(_QUESTION_END.search(clause))
    if not asked and re.search(_WH_ZH, clause):  # "订单12现在到哪了": a question word, no mark
        asked = not request_is_destructive(clause)
    return bool(clause.strip()) and asked and not _ASKS.search(clause)


def _relayed(parts: list[str], wished: list[bool]) -> list[bool]:
    """``wished``, but a wish said by another and relayed asks its act, alone or beside an ask ("..., please do it").

    "客户说想取消订单5521" (from a support desk) and "客户说想取消订单5521，帮他办一下" ask the cancel. It stays told
    beside an undecided clause ("还没决定"), a clause that asks another act first ("先帮我看下…") or a question
    ("RB-1 什么状态？客户说想取消").
    """
    clauses = parts[::2]
    says = [any(p.search(c) for p in (_SAYS_WANTS_ZH, _SAYS_WANTS_EN)) and not _WEIGHS.search(c) for c in clauses]
    if not any(says):
        return wished
    undecided = any(_UNDECIDED_ZH.search(c) or _UNDECIDED_EN.search(c) for c in clauses)
    questions = any(_question(parts, i) for i, said in enumerate(says) if not said)
    told = undecided or questions or any(_another_ask(c) for c in clauses)
    return [(told and not _ASKS.search(c)) if said else w for c, said, w in zip(clauses, says, wished, strict=True)]


def _joined_colons(parts: list[str]) -> list[str]:
    """``parts`` with each colon that follows no worry (``_WORRY``) joined back into its clause."""
    out = parts[:1]
    for i in range(1, len(parts), 2):
        if parts[i].strip() in _COLON and not _WORRY.search(out[-1]):
            out[-1] += parts[i] + parts[i + 1]
        else:
            out += [parts[i], parts[i + 1]]
    return out


def split_wishes(text: str) -> tuple[str, str]:
    """``text`` less the clauses that tell another's wish or an undecided one, and those clauses (newline-joined)."""
    parts = _joined_colons(_PARTS.split(text))
    wished = _relayed(parts, _wished(parts))
    if not any(wished):
        return text, ""
    wishes = [part.strip() for part, w in zip(parts[::2], wished, strict=True) if w]
    kept = [" " if i % 2 == 0 and wished[i // 2] else part for i, part in enumerate(parts)]
    return "".join(kept), "\n".join(wishes)
