"""Acts a request tells but does not ask: its own word withdrawn, an act nearly done or heard of, a decision put off.

So too an act done before, a policy's case and a question of how a policy works.

Who acts, on what, asked or told: a clause that reports, withdraws, defers or asks about a policy asks no act.
"Correction: I said cancel, I meant change the headcount" withdraws the cancel; "why BD-4471 was nearly cancelled"
and "为什么差点取消" tell an act that did not happen; "I'll decide after lunch whether it needs voiding" and
"删不删以后再说" put the decision off; "we'd have to void it" is a consequence supposed; "客人提前取消预订时" is the
case a policy covers; "how our late cancellation fee works" asks how a policy works. Such a span is read apart
from the ask, as a report of an act done is (``reports``): its act's tool is held unless the ask says it. Each
reading is in English and in Chinese.
"""

from __future__ import annotations

import re

from .._hints import destroy_verbs_said, request_is_destructive
from .id_shapes import ID_OR_NUMBER, ID_TOKEN
from .unasked import goes_ahead
from .zh_speakers import SAYS_ZH

__all__ = ["nouns_as_verbs", "split_told_acts"]

_MOST = 200
"""The most characters a span reads to one side of its words: a longer clause is read no further, so a long request
is read in steps that grow with its length, not with its square."""
_UPTO = f"{{0,{_MOST}}}"
_END = r"[^,.;!?\n—–]" + _UPTO
_CLAUSE_ZH = r"[^，,。；;!！？?\n（）()]"
"""A character of a Chinese clause: a bracket parts one too ("删除 C-1（备份的事稍后再说）")."""
_END_ZH = _CLAUSE_ZH + _UPTO

_OWN_WORD_EN = re.compile(
    r"\bI\s+(?:said|wrote|typed|asked\s+(?:you\s+)?to|told\s+you\s+to)\b[^.;!?\n]" + _UPTO + "?"
    r"(?=[\s,;:—–-]*(?:but\s+)?(?:what\s+)?I\s+(?:really\s+|actually\s+)?meant\b)",
    re.I,
)
"""The speaker's own earlier word, withdrawn by "I meant" after it: "I said discard U-1, I meant quarantine it",
"I said cancel, but what I meant is …"."""
_OWN_WORD_ZH = re.compile(
    r"(?:刚才|刚刚|之前|前面|上一?条)(?:我)?(?:说|写)(?:的|了)?[^，,。；;!！？?\n]{1,30}?"
    r"(?=\s*[，,]?\s*(?:是我?(?:说|写|搞|弄|打)错|其实是|我的意思是|我想说的是|应该是))"
)
"""Its Chinese counterpart: "刚才说取消 BD-4520 是我说错了", "刚才写的删除其实是归档"."""
_MEANT_ID = re.compile(
    r"[\s,;:—–-]*(?:but\s+)?(?:what\s+)?I\s+(?:really\s+|actually\s+)?meant(?:\s+to\s+(?:say|write|type))?"
    r"|\s*[，,]?\s*(?:其实是|我的意思是|我想说的是|应该是)"
)
_ONLY_ID = re.compile(
    rf"\s*(?:the\s+)?{ID_OR_NUMBER}"
    r"(?:[\s,，]*(?:thanks|thank\s+you|thx|please|pls|cheers|谢谢|谢了|麻烦了))*\s*(?:[.。!！;；]|$)",
    re.I,
)
"""A correction that names only another record ("I said cancel BP-1, I meant BP-2"): the act stands, on that record;
so it does with courtesy words after the record ("…, I meant BP-2, thanks"), which ask nothing."""
_NOT_MEANT_ZH = re.compile(
    r"(?<![要想])(?:不是|并不是|并非)(?:要|想)(?:(?!而是|只是|是要|就是)[^，,。；;!！？?\n])" + _UPTO
)
"""An act said not meant, to its clause's end or the 而是 that starts the one meant: "不是要作废那张券"."""
_NOTHING_EN = re.compile(
    r"\b(?:nothing|nobody|no\s+one|none\s+of\s+(?:it|them|these|those))\s+(?:is|are|was|were|will\s+be|gets|"
    r"should\s+be|needs\s+to\s+be|has\s+to\s+be)\s+(?:being\s+|getting\s+)?[a-z]+(?:ed|en)\b" + _END,
    re.I,
)
"""An act said of nothing: "Nothing is being cancelled", "none of it should be deleted"."""

_NEAR_EN = re.compile(r"\b(?:nearly|almost|narrowly)\s+(?:got\s+|been\s+|being\s+)?[a-z]+(?:ed|en)\b" + _END, re.I)
_NEAR_ZH = re.compile(r"(?:差点|差一点|险些|几乎)儿?(?:就|被|给)?(?!忘)" + f"(?:(?!的){_CLAUSE_ZH}){_UPTO}")
"""An act nearly done, so not done: "was nearly cancelled last year", "为什么差点取消" (not "差点忘了取消": a
forgotten act, still to do; not "几乎没人用的登记": a thing described, to its 的)."""
_PAST_EN = re.compile(
    r"\b(?:got|had|was|were)\b[^,.;!?\n—–]"
    + _UPTO
    + r"?\b(?:last\s+(?:year|summer|winter|spring|autumn|fall|month|week|time)|"
    r"(?:a|one|two|three|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|yesterday)\b" + _END,
    re.I,
)
"""An act done at a past time: "her friend got money back from us last summer", "the one that was cancelled
last week"."""
_WHAT_DONE_EN = re.compile(
    r"\bwhat\s+(?:was|were|has\s+been|had\s+been|got)\s+(?:actually\s+|already\s+|really\s+|ever\s+)?" + _END,
    re.I,
)
"""A question of what was done: "see what was actually paid back on that one"."""
_HEARD_EN = re.compile(
    r"(?<![^,.;!?\n—–])[^,.;!?\n—–]"
    + _UPTO
    + r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:heard|was\s+told|were\s+told)\b"
    + _END,
    re.I,
)
"""Hearsay, its whole clause: "The cancellation I heard about was the library one"."""
_ANOTHER_EN = (
    r"(?:(?:the|this|that|our|my|your|his|her|their|a|an|one)\s+(?:[\w'-]+\s+)?[\w'-]+|he|she|they|someone|somebody"
    r"|(?-i:(?!(?:We|You|Please|Let)\b)[A-Z][a-z]+))"
)
"""A third party as a subject: "the buyer", "our new tenant", "she", "Maria"; not the speaker ("I", "we") nor the
hearer, whose own words an act later in the request may point back to."""
_MENTIONED_EN = re.compile(
    rf"\b{_ANOTHER_EN}\s+(?:(?:has|had|have|just|already|also|earlier)\s+)*"
    r"(?:mentioned|mentions|brought\s+up|brings\s+up|talked\s+about|talks\s+about|said\s+something\s+about|raised)\b"
    r"(?:(?!\s+(?:but|so|then)\b)[^,.;!?\n—–])" + _UPTO,
    re.I,
)
"""Another's word mentioned, from its subject to its clause's end or "but": "The buyer mentioned something about
voiding it", "the buyer mentioned cancelling ORD-5521". The act is what is mentioned, after the verb: a relative
clause after an act asked tells nothing ("refund the order I brought up earlier", "delete the customer we talked
about", "cancel the order the buyer mentioned": the span says no act)."""
_MENTIONED_ZH = re.compile(
    rf"(?<!{_CLAUSE_ZH}){_CLAUSE_ZH}{{0,{_MOST}}}?(?:提到|提起|说起|聊到|谈到)(?:过|了)?{_CLAUSE_ZH}{{0,{_MOST}}}?"
    r"(?:的事|什么的|之类的)"
)
"""Its Chinese counterpart: "买家提到过作废的事"."""
_IF_OTHER_ZH = re.compile(
    r"(?:如果|要是|假如|假设|万一|若是)"
    + _END_ZH
    + r"[，,]\s*(?!(?:那|你|您|我|咱|请|麻烦|帮|直接))(?P<who>(?:(?!就)"
    + _CLAUSE_ZH
    + r"){1,12}?)就(?!(?:行|好|可以|得了|成))"
    + _END_ZH
)
"""A condition and what another does then: "如果保修过期了，客户就不修了", "要是还有香菜，M-2118 就说不要了" (not
"如果过期了，就取消掉", "…，那就取消", "…，直接取消就行": the speaker's, asked)."""
_IF_OTHER_EN = re.compile(
    r"\b(?:if|unless)\b[^,.;!?\n]" + _UPTO + rf"?,\s*(?P<who>he|she|they|the\s+[\w-]+|{ID_TOKEN})"
    r"(?:'ll|'d|\s+(?:will|would|won't|wouldn't|says?|said|doesn't|does\s+not|don't|wants?))\b" + _END,
    re.I,
)
"""Its English counterpart: "If the warranty has expired, the customer won't repair it", "if it has coriander, M-2118
says no" (not "if it has expired, cancel it", "…, we'll cancel it": the speaker's, asked)."""
_ONLY_DONE_ZH = re.compile(
    r"(?<![要想])(?<![要想][\u4e00-\u9fff])(?![要想])[\u4e00-\u9fff]{1,2}(?:掉|了)?的(?:只是|只有|仅仅是|仅是|就是)"
    + _END_ZH
)
"""What an act was done to, told: "撤掉的只是租的帐篷" (not "要删的就是 BR-220": the act wanted, asked)."""

_DECIDE_EN = re.compile(
    r"\b(?:(?:I|we)(?:'ll|\s+will|'d|\s+would|\s+can|\s+need\s+to|\s+have\s+to|\s+want\s+to)?|let\s+(?:me|us))\s+"
    r"(?:decide|make\s+up\s+(?:my|our)\s+minds?|think\s+about)\b\s+(?:[\w'-]+\s+){0,3}?(?:whether|if)\b"
    r"(?:(?!\s+and\b)[^,.;!?\n—–])" + _UPTO,
    re.I,
)
"""The speaker's decision put off, to the clause's end or its "and": "I'll decide after lunch whether it needs
voiding" (not "you decide whether to void it": the hearer's, an ask)."""
_PUT_OFF_ZH = re.compile(
    rf"(?<!{_CLAUSE_ZH})"
    + _END_ZH
    + r"(?:再(?:说|定|决定|考虑|议)|先放一放|先放放)"
    + _END_ZH
    + r"|(?:再(?:决定|考虑))"
    + _END_ZH
)
"""Its Chinese counterpart, the clause: "删不删以后再说", "先看看再决定删不删"."""
_FIRST_ZH = re.compile(r"先(" + _END_ZH + r")再说")
"""An act done first, the rest left for later: "先取消 BP-5531 再说" asks it."""
_SUPPOSED_EN = re.compile(
    r"\b(?:we|you|they)(?:'d|\s+would)\s+(?:have|need|be\s+forced)\s+to\b(?!\s+ask\b)"
    + _END
    + r"|\b(?:if|unless)\b[^,.;!?\n]"
    + _UPTO
    + r"?,?\s*\bI(?:'d|\s+would)\s+(?:have|need|be\s+forced)\s+to\b"
    + _END
    + r"|\bI(?:'d|\s+would)\s+(?:have|need|be\s+forced)\s+to\b[^,.;!?\n]"
    + _UPTO
    + r"?\b(?:if|unless)\b"
    + _END,
    re.I,
)
"""A consequence supposed: "If it's from a mislabelled tube we'd have to void it", "If it rains I'd have to cancel
BP-5531", "I'd be forced to cancel it if he doesn't pay" (not "I'd have to cancel it": the speaker's own need,
asked)."""

_CASE_ZH = re.compile(
    r"(?:客人|客户|顾客|用户|会员|乘客|学员|家长|对方|有人|人家|他们|她们|他|她)[^，,。；;!！？?\n：:]"
    + _UPTO
    + r"(?<![小同及按准临当])(?:时|的时候)(?=\s*[，,])"
)
"""The case a policy covers, another's act in a clause of when: "客人提前取消预订时，押金和取消费是怎么算的" (not
"取消 EV-1 时，请通知客户": the speaker's own, asked)."""
_CASE_EN = re.compile(r"\b(?:when|whenever)\s+(?:a|an|the|our|any)\s+[\w'-]+(?:\s+[\w'-]+)?\s+[a-z]+s\b" + _END, re.I)
"""Its English counterpart: "when a guest cancels early, how is the deposit worked out"."""
_HOW_WORKS_EN = re.compile(
    r"\bhow\s+(?!(?:do|can|could|would|should)\s+(?:i|we|you)\b)[^,.;!?\n—–]"
    + _UPTO
    + r"?\b(?:works?|is\s+(?:worked\s+out|"
    r"calculated|charged)|applies|are\s+(?:worked\s+out|calculated|charged))\b" + _END,
    re.I,
)
"""A question of how a policy works: "how our late cancellation fee works"."""
_RECEIVED = re.compile(
    r"(?:\bfrom\s+(?:a|an|the|our|my|this)\s+[\w'-]+(?:\s+[\w'-]+)?|\b(?:got|received|forwarded)\s+this\b)"
    r"[^:：\n\"“]{0,30}[：:]\s*(?:“[^”\n]*”|\"[^\"\n]*\"|「[^」\n]*」)",
    re.I,
)
"""A message received, quoted after a colon: 'Got this from a guest: "… can we cancel for free …"'."""

_WHO_DID_ZH = re.compile(
    r"(?<![让叫请找])(?:是)?谁(?!能|可以|会|来|去|帮|有|要|想|负责|在)"
    + f"{_CLAUSE_ZH}{{0,{_MOST}}}?"
    + r"(?:了|的|过)(?:呢|啊|呀)?\s*[?？]"
)
"""A question of who did an act, to its question mark: "RMA-7800 是谁取消的？", "是谁把门禁卡停掉的？" (not "谁能帮我
取消一下？", "谁负责取消？": who is to act)."""
_MISTAKE_ZH = re.compile(r"(?:一?不小心|(?<!错)误(?=把|将|操作|删|取消|点)|错(?:把|将)|手滑)" + _END_ZH)
"""An act done by mistake, to its clause's end: "昨天不小心把泊位预订取消了", "刚才误把 GO-7770 取消了" (what the
request asks is the re-do after it: "帮他重新订回 A-12")."""
_MISTAKE_EN = re.compile(
    r"\b(?:accidentally|mistakenly|inadvertently|wrongly|by\s+(?:mistake|accident))\s+[a-z]+ed\b" + _END, re.I
)
"""Its English counterpart: "I accidentally cancelled her booking", "we mistakenly deleted it"."""
_SELF_ZH = re.compile(r"(?<![你您不])(?<!你们)(?:能不能|可不可以|能否|可否|可以|能)(?:自己|自行|自助)" + _END_ZH)
"""Whether someone can do the act themselves, to its clause's end: "我能不能自己在网上取消泊位预订？", "客户能不能
自己在门户里删掉他的账号？": a question of how, not an ask (not "你能不能自己取消一下": the hearer asked; nor "能不能帮
我取消", which says no 自己)."""

_CHECKED_ZH = re.compile(
    rf"(?<!{_CLAUSE_ZH}){_CLAUSE_ZH}{{0,{_MOST}}}?(?:{SAYS_ZH}|通知我?)"
    + _END_ZH
    + r"(?=\s*[，,。；;]\s*(?:这|那|这个|那个|此事)?(?:是不是真的|是真的吗|是真的么|真的吗|真的假的|对吗|对不对|是吗|"
    r"是这样吗|属实吗|准确吗|没错吧|确定吗))"
)
"""Another's words relayed, then asked whether they hold: "医生说预约 AP-2231 不要了，是真的吗" asks whether the
booking is off, not to cancel it, as "the doctor says AP-2231 is cancelled, is that true?" reports one."""

_ASKS = re.compile(r"帮我|(?<![申邀])请|麻烦|\b(?:please|go\s+ahead)\b", re.I)
"""A span that asks someone to act stays in the ask."""
_ACT_NOUN = re.compile(r"\b(?:cancell?ations?|refunds?|deletions?|removals?|(?:money|paid)\s+back)\b", re.I)
"""An act said as a noun ("the cancellation fee", "got money back"), which no destroy verb reading finds."""

_PATTERNS = (
    _OWN_WORD_EN,
    _OWN_WORD_ZH,
    _NOT_MEANT_ZH,
    _NOTHING_EN,
    _NEAR_EN,
    _NEAR_ZH,
    _PAST_EN,
    _WHAT_DONE_EN,
    _HEARD_EN,
    _MENTIONED_EN,
    _MENTIONED_ZH,
    _IF_OTHER_ZH,
    _IF_OTHER_EN,
    _ONLY_DONE_ZH,
    _DECIDE_EN,
    _PUT_OFF_ZH,
    _SUPPOSED_EN,
    _CASE_ZH,
    _CASE_EN,
    _HOW_WORKS_EN,
    _RECEIVED,
    _WHO_DID_ZH,
    _MISTAKE_ZH,
    _MISTAKE_EN,
    _SELF_ZH,
    _CHECKED_ZH,
)


_NOUN_VERBS = {
    "cancellation": "cancel",
    "cancelation": "cancel",
    "deletion": "delete",
    "removal": "remove",
    "revocation": "revoke",
    "termination": "terminate",
    "withdrawal": "withdraw",
}
_NOUNS = re.compile(rf"\b({'|'.join(_NOUN_VERBS)})s?\b", re.I)


def nouns_as_verbs(text: str) -> str:
    """``text`` with each act said as a noun said as its verb ("the cancellation I heard about": "the cancel …")."""
    return _NOUNS.sub(lambda m: _NOUN_VERBS[m.group(1).lower()], text)


_GERUND_E = re.compile(r"\b([a-z]{2,}[^aeiouy\W])ing\b", re.I)
"""A gerund of a verb that ends in "e" ("deleting", "removing"): read with its "e" back as well."""


def _says_an_act(span: str) -> bool:
    """``span`` says a destroy word (a gerund's too: ``_GERUND_E``), or an act as a noun (``_ACT_NOUN``)."""
    said = span + " " + _GERUND_E.sub(r"\1e", span)
    return request_is_destructive(said) or bool(destroy_verbs_said(said)) or _ACT_NOUN.search(span) is not None


def _asked_after_all(match: re.Match[str]) -> bool:
    """A span read as told that asks after all: a correction naming only another record, an act done first."""
    if match.re in (_OWN_WORD_EN, _OWN_WORD_ZH):
        meant = _MEANT_ID.match(match.string, match.end())
        return meant is not None and _ONLY_ID.match(match.string, meant.end()) is not None
    if match.re in (_IF_OTHER_ZH, _IF_OTHER_EN):  # "…，取消就": who acts then is the act itself, asked
        return _says_an_act(match.group("who"))
    first = _FIRST_ZH.search(match.group()) if match.re is _PUT_OFF_ZH else None
    return first is not None and _says_an_act(first.group(1))


def split_told_acts(text: str) -> tuple[str, str]:
    """``text`` less the spans that tell an act rather than ask it (``_PATTERNS``), and those spans.

    Only a span that says an act (``_says_an_act``) is read apart, and not one that asks someone to act (``_ASKS``)
    or that the words after it go ahead with ("…, we'd have to void it. Do it.": ``goes_ahead``).
    """
    spans: list[str] = []

    def keep(match: re.Match[str]) -> str:
        said = match.group()
        if not _says_an_act(said) or _ASKS.search(said) or goes_ahead(match.string[match.end() :].lstrip(" ,.")):
            return said
        if _asked_after_all(match):
            return said
        spans.append(said.strip(" ,"))
        return " "

    for pattern in _PATTERNS:
        text = pattern.sub(keep, text)
    return text, "\n".join(spans)
