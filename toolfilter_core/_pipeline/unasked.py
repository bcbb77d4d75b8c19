"""Acts a request says but does not ask: a wish in a relative clause, a possibility (issue #32 item 12).

"look up customer C-9 who asked to delete their account" asks the read; the deletion is what the customer
wished, said of the object ("who asked to", "要求注销账号的客户"). "Check whether EV-3300 sold enough tickets,
we may have to cancel it" asks the check; the cancel is a possibility ("may have to", "might need to",
"可能要取消", "说不定得取消"). Such a span is read apart from the ask, as a report of an act done is
(``reports``): its act's tool is held unless the ask says it. The words are written from these cases and their
counterparts in the other language, not chosen on data.
"""

from __future__ import annotations

import re

__all__ = ["split_unasked"]

_RELATIVE_EN = re.compile(
    r"[,\s]\s*(?:who|that)\s+(?:has\s+|had\s+|have\s+)?(?:asked|requested|wants?|wanted|would\s+like|is\s+asking|"
    r"are\s+asking|was\s+asking|applied)\s+(?:us\s+|me\s+)?to\s+(?:(?!\s*[:—–]|\s+(?:and|then)\b)[^,.;!?\n])*",
    re.I,
)
"""A relative clause of a wish, to the clause's end, a colon, a dash or an "and (then)": "customer C-9 who asked to
delete their account" ("… who asked to delete their account and then delete it" asks the delete after it)."""

_RELATIVE_ZH = re.compile(
    r"(?:要求|申请|想要|想|希望|打算)[^，,。；;!！？?\n的]{1,12}的(?=\s*(?:客户|顾客|客人|用户|会员|买家|观众|乘客|人|那位|那个))"
)
"""A wish said of the person it describes: "要求注销账号的客户", "申请退票的那位"."""

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
cancel", "we may wipe it later", "I'm not thinking about cancelling" (issue #32 item 12's salon and helpdesk cases;
"you may" is leave, an ask; "I might as well delete it" is a decision)."""

_DOUBT_ZH = re.compile(r"我们?(?:没|没有|不是)?(?:正在|还在|在)?(?:考虑|犹豫)(?:要不要|是否|着)?[^，,。；;!！？?\n]+")
"""The speaker's own indecision, to the clause's end: "我在考虑要不要注销", "我还在犹豫退不退", "我没在考虑取消"."""

_WITHDRAWN = re.compile(
    r"^[^\n]*?(?:\.{2,}|…+|[,，;；—–]|\s-\s)\s*"
    r"(?=(?:actually|no\s+wait|wait,?\s+no|scratch\s+that|never\s+mind|forget\s+that)\b,?\s*\S"
    r"|(?:算了|不对|我是说)[，,]?\s*\S)",
    re.I,
)
"""What a request says before it corrects itself, up to the correction: "Show me the refund policy wording...
actually just pull up sale S-4455", "先看退款政策…算了，直接查销售单 S-4455" (written from the salon case)."""

_ASKS = re.compile(r"帮我|请|麻烦|\b(?:please|go\s+ahead)\b", re.I)
"""A clause that asks someone to act keeps its possibility ("可能要取消，请直接取消")."""

_GO_ON = re.compile(
    r"^\W*(?:(?:so|and|then|now)\s+)*(?:please\s+)?(?:just\s+)?(?:do\s+(?:it|so|that)|go\s+ahead|please\s+do|proceed)\b"
    r"|^\W*(?:那|那就|就|你)?(?:直接|请|麻烦)?(?:办|做|弄)(?:吧|了吧)|^\W*(?:就)?(?:这么|这样)办|^\W*照办",
    re.I,
)
"""A next clause that goes on with the act said before it: "I might cancel A-3310, please do it now", "…; go
ahead", "…，那就办吧" (written from issue #32 item 12's salon cases and their Chinese counterparts)."""

_CLAUSE = re.compile(r"[，,。；;!！？?\n]")


def _goes_on(text: str, end: int) -> bool:
    """The clause after the one that ends at ``end`` goes on with its act (``_GO_ON``)."""
    after = text[end : end + 1 + next((m.start() for m in _CLAUSE.finditer(text[end + 1 :])), len(text))]
    return bool(_GO_ON.search(after))


def _apart(text: str, pattern: re.Pattern[str], spans: list[str]) -> str:
    """``text`` less the matches of ``pattern`` in clauses that ask nothing, each match kept in ``spans``."""

    def keep(match: re.Match[str]) -> str:
        start = max((m.end() for m in _CLAUSE.finditer(text, 0, match.start())), default=0)
        end = next((m.start() for m in _CLAUSE.finditer(text, match.end())), len(text))
        if _ASKS.search(text[start:end]) or _goes_on(text, end):
            return match.group()
        spans.append(match.group().strip(" ,"))
        return " "

    return pattern.sub(keep, text)


def _withdrawn(text: str, spans: list[str]) -> str:
    """``text`` less what it says before correcting itself (``_WITHDRAWN``), that kept in ``spans``."""
    match = _WITHDRAWN.search(text)
    if match is None or not match.group().strip(" .…,，;；—–-"):
        return text
    spans.append(match.group().strip(" .…,，;；—–-"))
    return " " + text[match.end() :]


def split_unasked(text: str) -> tuple[str, str]:
    """``text`` less its withdrawn start, relative-clause wishes, possibilities and own indecision, and those spans."""
    spans: list[str] = []
    text = _withdrawn(text, spans)
    for pattern in (_RELATIVE_EN, _RELATIVE_ZH, _POSSIBLE_EN, _POSSIBLE_ZH, _DOUBT_EN, _DOUBT_ZH):
        text = _apart(text, pattern, spans)
    return text, "\n".join(spans)
