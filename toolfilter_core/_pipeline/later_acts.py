"""Acts a request tells but does not ask: the speaker's own act under a condition, an act's state.

"如果衣服明天还洗不好我就取消订单，先查查 GO-8812 什么时候能好" asks the check; the cancel is what the speaker will do
later if a condition holds ("if it isn't ready tomorrow I'll cancel, first check when GO-8812 is ready"). "退款被拒了，
我想提交一个索赔" asks the claim; the refund is the subject of a passive, a state told ("the refund was rejected").
A question whether an act is still possible asks none either: "如果我冻结会籍的话，之后还能退款吗？先查一下我的会籍
状态" asks the check. Such a span is read apart from the ask, as a report of an act done is (``reports``), in
English as in Chinese.
"""

from __future__ import annotations

import re

from .._function_words import FUNCTION_EN
from .._hints import request_is_destructive
from .._negated import says_bare_refund
from .id_shapes import ID_OR_NUMBER
from .time_phrases import LATER_EN
from .wishes import hands_on

__all__ = ["split_later_acts"]

_CLAUSE_END = r"[^，,。；;!！？?\n]"
_IF_OWN_ZH = re.compile(
    rf"(?:如果|要是|假如|假设|万一|倘若|若是){_CLAUSE_END}*?(?:我们?|咱们?)(?:就|会|再|只好|只能|肯定)"
    rf"(?!帮|替|给你){_CLAUSE_END}+"
)
"""A condition and the speaker's own act after it, to the clause's end: "如果明天还洗不好我就取消订单", "要是再拖我们
只好退款"; not an act asked of the reader ("如果还没发货就取消": no speaker; "如果没好我就帮你取消" offers it)."""
_OWN_EN = r"(?:i|we)(?:'ll|’ll|\s+will|\s+would|'d|(?:'m|\s+am|'re|\s+are)\s+going\s+to)\s+(?:just\s+|probably\s+)?"
_IF_OWN_EN = re.compile(
    rf"\b(?:if|unless|in\s+case)\b[^;.!?\n—–]*?,?\s*\b(?:then\s+)?{_OWN_EN}(?!need\b|want\b|like\b|ask\b|have\s+you\b)"
    r"[^,;.!?\n—–]*"
    rf"|\b{_OWN_EN}(?!need\b|want\b|like\b|ask\b|have\s+you\b)[^,;.!?\n—–]*?\b(?:if|unless)\b[^,;.!?\n—–]*",
    re.I,
)
"""Its English counterpart: "if it isn't ready tomorrow I'll cancel the order", "I'm going to cancel it if it's late
again"; not "I'd like you to cancel it if …" nor "I'll need you to cancel it" (asks of the reader). A dash ends it as a
comma does: "if she doesn't show up we'll cancel AP-44 — for now just text her" asks the text."""

_OTHER_EN = (
    r"(?:he|she|they|(?:the|this|that|our|my|his|her|their|one)\s+(?:[\w'-]+\s+)?[\w'-]+"
    r"|(?-i:(?!(?:I|We|You|Please|Let|If|Unless|What|Which|Who|Whom|Whose|When|Where|Why|How|Will|Would|Can|Could"
    r"|Should|Shall|Do|Does|Did|Is|Are|Was|Were|And|But|So|Then|Next|For|This|That|There|It)\b)[A-Z][\w&'-]+))"
)
"""A third party as the subject: "he", "the customer", "our landlord", "Acme"; not the speaker, the hearer, nor a
question's or a sentence's opening word."""
_WILL = r"(?:'ll|’ll|\s+will|\s+(?:is|are)\s+going\s+to|['’](?:s|re)\s+going\s+to)\s+"
_NOT_ASK_EN = r"(?!need\b|want\b|like\b|ask\b|have\s+(?:you|us)\b|let\b|be\b|get\s+(?:you|us)\b|expect\b)"
_OWN_NOT_ASK_EN = rf"{_NOT_ASK_EN}(?!have\s+to\b|got\s+to\b|must\b)"
"""The speaker's own act, not an obligation said, which asks it politely ("I'd have to cancel my pickup on Friday")."""
_CLAUSE_EN = r"(?:(?!\s-\s)[^,;.!?\n—–])*"
"""To the clause's end: a comma, a stop, a dash (" - " too, not an id's "LS-20510")."""
_TOLD_LATER_EN = re.compile(
    rf"\b{_OTHER_EN}{_WILL}(?:just\s+|probably\s+|likely\s+|definitely\s+)?{_NOT_ASK_EN}{_CLAUSE_EN}"
    rf"|\b{LATER_EN}[^,;.!?\n—–]{{0,40}}?,?\s*{_OWN_EN}{_OWN_NOT_ASK_EN}{_CLAUSE_EN}"
    rf"|\b{_OWN_EN}{_OWN_NOT_ASK_EN}[^,;.!?\n—–]*?\b{LATER_EN}{_CLAUSE_EN}",
    re.I,
)
"""Another's act to come, threatened or planned ("he'll cancel his contract if we don't fix it", "Acme will terminate
LS-1 at the end of Q1"), or the speaker's own at a time to come ("Next month we'll retire the old harnesses"); not an
act asked for a time ("terminate LS-1 at the end of Q1"), nor a passive ("it will be cancelled"), nor "he'll need you
to cancel it"."""
_COND_ZH = r"(?:如果|要是|假如|假设|万一|倘若|若是)"
_THEN_ZH = r"(?:就|再|会|只好|只能|肯定)(?!行|好|可以|得了|成|是|帮|替|给你)"
_TOLD_LATER_ZH = re.compile(
    rf"{_COND_ZH}{_CLAUSE_END}{{1,30}}?[，,]\s*(?!那|你|您|请|麻烦|帮|直接)(?:我们?|咱们?|(?:(?![就再会])[\u4e00-\u9fff]){{1,6}}?)"
    rf"{_THEN_ZH}{_CLAUSE_END}+"
    rf"|(?<![^，,。；;!！？?\n]){_CLAUSE_END}{{0,12}}?(?<![你您我])(?:说|表示|讲)[，,：:]?\s*{_COND_ZH}{_CLAUSE_END}{{1,30}}?[，,]?\s*"
    rf"(?:(?!那|你|您|请|麻烦|帮|直接)(?:(?![就再会])[\u4e00-\u9fff]){{1,6}}?)?{_THEN_ZH}{_CLAUSE_END}+"
    rf"|(?<![^，,。；;!！？?\s])(?:先|要|得)?等(?!等|级|于|同){_CLAUSE_END}{{1,30}}?[，,]?\s*"
    rf"(?:(?!那|你|您|请|麻烦|帮|直接)(?:我们?|咱们?|(?:(?!再)[\u4e00-\u9fff]){{1,6}}?))?再(?!说|定|决定|考虑|议|看)"
    rf"{_CLAUSE_END}+"
)
"""Its Chinese counterpart: a condition and what anyone does then ("如果下周审批还不过，我们再取消安装", "如果明天还有
警报，他就取消租船"), a condition someone said and what follows it ("客人说如果周五前改不好，就取消改衣"), and an act
put off until something happens ("等客人确认后我们再取消那张改衣单"); not a condition and an act asked of the reader
("如果他不来就取消预约吧", "如果过期了，那就取消")."""

_WH_ZH = r"(?:多少|几(?!乎)[成天个笔块次]?|怎么|怎样|如何|什么|哪(?!怕)|多久|多长)"
_UNASKED_ZH = rf"(?:(?!哪怕|不管|无论|不论){_CLAUSE_END})"
"""A clause's character before its question word, not one that opens a concession: after "哪怕" (even if), "不管" or
"无论" (no matter) a question word asks nothing ("哪怕扣手续费也取消", "不管扣多少手续费都取消" ask the cancel)."""
_SUPPOSED_ZH = r"(?:(?![就才再])[^，,。；;!！？?\n]){1,30}"
"""A condition's own clause, no consequent in it ("如果衣服明天还洗不好我就取消订单" says its act after 就)."""
_NOT_ASKED_ZH = r"(?!(?:你们?|您)?(?:先|首先|请|帮|麻烦|给我))"
"""A question's clause that asks no one first ("先查查 GO-8812 什么时候能好" asks the check)."""
_WHAT_IF_ZH = re.compile(
    rf"{_COND_ZH}{_SUPPOSED_ZH}[，,]\s*{_NOT_ASKED_ZH}(?:那么?)?{_UNASKED_ZH}{{0,20}}?{_WH_ZH}{_CLAUSE_END}*[？?]?"
    rf"|(?<![^，,。；;!！？?\s]){_NOT_ASKED_ZH}{_UNASKED_ZH}{{0,20}}?{_WH_ZH}{_CLAUSE_END}*?[，,]?\s*{_COND_ZH}"
    rf"{_SUPPOSED_ZH}[？?]?"
)
"""A question of what follows a condition, to its end: "如果客户取消的话，定金能退多少？" (if the customer cancels, how
much of the deposit comes back?), "要是取消了，怎么收费"; it asks to know, not the act supposed. A question asked by
what, how or how much, not yes or no: "如果还没发货，可以取消吗？" asks the cancel politely."""
_WHAT_IF_EN = re.compile(
    r"\b(?:if|in\s+case|suppose|supposing)\b[^,;.!?\n—–]+,\s*(?:then\s+)?(?:how|what|which|when|who)\b[^;.!?\n—–]*\?"
    r"|\b(?:how|what|which|when|who)\b[^;.!?\n—–]*?\b(?:if|in\s+case)\b[^;.!?\n—–]*\?",
    re.I,
)
"""Its English counterpart, a question mark at its end: "if the customer cancels, how much of the deposit comes
back?", "what happens to the deposit if they cancel?"."""

_ACT_ZH = r"(?:退款|退费|退钱|取消|删除|注销|作废|撤销|吊销|退订)"
_STATE_ZH = re.compile(
    rf"(?<![把将帮请给]){_ACT_ZH}(?:申请|请求|要求|的申请|的请求)?(?:\s*{ID_OR_NUMBER}\s*)?(?:又|也|已经|已|都)?被{_CLAUSE_END}{{1,8}}?"
    rf"(?:了|掉|回){_CLAUSE_END}*"
)
"""An act's state told in the passive, the act its subject, to the clause's end: "退款被拒了", "取消申请被驳回了", the
act's id between ("退款 R-991 被拒了")."""
_STATE_EN = re.compile(
    r"\b(?:refund|cancell?ation|deletion|removal|closure|revocation|withdrawal)s?\s+(?:request\s+|application\s+)?"
    rf"(?:(?:on|for|of|from|to)\s+(?:[\w'-]+\s+){{1,4}}?|(?:#\s?)?{ID_OR_NUMBER}\s+)?"
    r"(?:was|were|got|has\s+been|had\s+been|have\s+been)\s+(?:already\s+|just\s+)?(?!cancell?ed|deleted|removed|voided|"
    r"revoked|refunded|closed|withdrawn)[a-z]+(?:ed|en)\b[^,.;!?\n]*",
    re.I,
)
"""Its English counterpart: "the refund was rejected", "my cancellation request got denied", the act's record between,
named in words or by its id ("the refund on order 6002 was rejected", "refund R-991 was rejected"); not "the refund
was cancelled" (an act of its own, ``past_wishes``)."""
_FAILED_ZH = re.compile(
    rf"(?<![把将帮请给]){_ACT_ZH}(?:申请|请求|操作)?(?:又|也|还是|已经|都)?"
    rf"(?:失败|没成功|没有成功|不成功|未成功|出错|报错|没通过|未通过|卡住){_CLAUSE_END}*"
)
"""An act's outcome told, the act its subject, to the clause's end: "上次退款失败了" (the refund failed last time),
"取消又没成功"; a state of an act tried, not an act asked."""
_FAILED_EN = re.compile(
    r"\b(?:refund|cancell?ation|deletion|removal|closure|revocation|withdrawal)s?\s+(?:request\s+|attempt\s+)?"
    r"(?:(?:has|had|have)\s+)?(?:already\s+|just\s+)?(?:failed|bounced|errored(?:\s+out)?"
    r"|(?:did\s*n[o']?t|never)\s+go\s+through)\b[^,.;!?\n]*",
    re.I,
)
"""Its English counterpart: "the refund failed last time", "my cancellation didn't go through"."""
_MONEY_ZH = r"(?:退款|退费|退钱|退的钱|退的款)"
_UNRECEIVED_ZH = re.compile(
    rf"(?<![把将帮请给])(?:还|一直|都|仍然|始终)?(?:没|没有|未)(?:收到|拿到|看到|到账){_CLAUSE_END}*?{_MONEY_ZH}"
    rf"{_CLAUSE_END}*"
    rf"|(?<![把将帮请给]){_MONEY_ZH}(?:还|一直|都|仍然|始终)?(?:没|没有|未)(?:收到|拿到|到账|到|退回来|下来){_CLAUSE_END}*"
)
"""Money given back told as not come: "没收到退款" (no refund came), "我还没收到 ORD-5521 的退款" (what stands between
bounded by the clause), "退款还没到账"; the state of a refund done, not an ask for one."""
_UNRECEIVED_EN = re.compile(
    r"\b(?:(?:i|we|they|he|she)\s+)?(?:still\s+)?(?:have\s*n[o']?t|has\s*n[o']?t|did\s*n[o']?t|never|not\s+yet)\s+"
    r"(?:yet\s+)?(?:received|got(?:ten)?|get|seen)\s+(?:my|the|a|our|his|her|their|any|that)?\s*"
    r"(?:money\s+back|refunds?)\b[^,.;!?\n]*",
    re.I,
)
"""Its English counterpart: "I haven't received the refund", "we never got our money back"."""
_STILL_ZH = re.compile(
    rf"(?:之后|以后|到时候|到时)?还(?:能|可以|能不能|可不可以)(?!帮|替|给你){_CLAUSE_END}{{1,12}}?(?:吗|么)[？?]?"
)
"""Whether an act is still possible, asked of no one, to its question's end: "之后还能退款吗？" (can I still get a
refund later?), "还可以取消吗"; not one asked of the reader ("还能帮我取消吗")."""
_STILL_EN = re.compile(
    r"\b(?:can|could|will|would)\s+(?:i|we|they|he|she)\s+still\s+(?!ask\b|need\b)[^,;.!?\n]*\?", re.I
)
"""Its English counterpart: "could I still get a refund afterwards?", "can we still cancel?"; not "can you"."""
_UNDO = re.compile(r"恢复|还原|复原|找回|\b(?:restor|recover|undo|undelet|reinstat|reactivat)\w*", re.I)
"""Getting a thing back: "还能恢复吗" asks whether a deletion can be undone, no destroy act."""
_AFTER = re.compile(r"(?:(?<=[^，,。；;！!？?\s])(?:以后|之后|(?<![之以])后)|\bafter\b[^,;.!?\n]*)\s*$", re.I)
"""A time clause ends before the question: "账户删除后数据还能恢复吗", "取消以后还能退款吗" ask of the time after the
act, no act; "…的话，之后还能退款吗" asks of a later time alone."""
_IF_SO = re.compile(
    r"\bif\s+(?:so|yes|possible|you\s+can|it\s+is|it's|that's\s+possible|they\s+can|it\s+can)\b"
    r"|(?:能|可以|行)的话|如果(?:能|可以|行)|(?:能|可以)就",
    re.I,
)
"""A rest that acts on the question's answer ("please process it if so", "能的话就帮我办"): the question's act is the
one asked, under that condition."""
_ASKS = re.compile(r"帮我|(?<![申邀])请(?!求)|麻烦|\b(?:please|can\s+you|could\s+you)\b", re.I)
"""Words that ask someone: 请 as "please", not inside 申请, 邀请 or 请求 (a request, the noun: "取消请求被拒了")."""
_IF_ZH = re.compile(
    rf"(?:只有|除非|如果|要是|假如|万一|倘若|若是)(?:在|当)?{_CLAUSE_END}*?(?:的情况下|的话|时候?)?(?:才|就|再)"
    rf"{_CLAUSE_END}+"
)
"""A conditional act asked, to the clause's end: "只有在 M-2210 没付款的情况下才取消他的会员", "如果还没发货就取消"."""
_IF_EN = re.compile(
    r"\b(?:only\s+)?(?:if|unless)\b[^,;.!?\n—–]+,\s*(?:then\s+)?[^,;.!?\n—–]+"
    r"|\b(?:only\s+)?[a-z]+\b[^,;.!?\n—–]*?\b(?:only\s+)?(?:if|unless)\b[^,;.!?\n—–]+",
    re.I,
)
"""Its English counterpart: "only cancel her membership if she hasn't paid", "if she hasn't paid, cancel it"."""
_SPEAKER_ACTS = re.compile(r"(?:我们?|咱们?)(?:就|会|才|再)|\b(?:i|we)(?:['’]ll|\s+will|\s+would)\b", re.I)
"""The speaker acts in the consequent: their own later act (``_IF_OWN_ZH``) or one they offer ("我就帮你取消")."""
_FIRST = re.compile(r"(?:^|[，,。；;!！？?\n]\s*)(?:你们?|您|请)?先|\bfirst\b(?!\s+(?:of|time|day|month|week))", re.I)
"""A clause that asks its act first ("先看看他的发票", "first show me her invoices"): a conditional act beside it is
for later, once what it asks is seen."""


_SAYS_NOTHING_EN = FUNCTION_EN | frozenset(
    "my our your his her their these those them him me us i we you he she they but so then ok okay also just now well "
    "oh too again".split()
)
"""Beside the function words, pronouns and words that join or carry on ("but", "ok", "then", "too"): a rest that says
only these ("ok, thanks, him too") says no word of its own."""
_SAYS_NOTHING_EN_RE = "(?:" + "|".join(sorted(_SAYS_NOTHING_EN, key=lambda w: (-len(w), w))) + ")"
_SAYS_NOTHING_ZH = (
    r"[了吧呢啊呀哦嘛的和跟与但而就再也都还又]|但是|所以|然后|那么?|这个?|那个?|它们?|他们?|她们?|我们?|你们?"
)
"""Its Chinese counterpart: particles, pronouns and words that join or carry on. Not the shared ``FUNCTION_ZH``: a
rest that says 请, 帮, 把, 给, 吗, 我 or 你 beside these asks or addresses someone ("请重新退", "帮我查"), a word of its
own."""
_OWN_WORD = re.compile(
    rf"{ID_OR_NUMBER}|\b{_SAYS_NOTHING_EN_RE}(?:['’](?:m|s|re|ll|d|ve))?\b|(?P<word>[A-Za-z][A-Za-z'’]*)"
    rf"|{_SAYS_NOTHING_ZH}|(?P<han>[\u4e00-\u9fff])",
    re.I,
)
"""What the rest of a request says beside the told spans: a word of its own (a verb, a noun, a question word, 查 in
"先查"), or only ids, numbers and function words (articles, pronouns, conjunctions, particles: "the", "her", "了")."""


_BACK = re.compile(
    r"\b(?:if\s+(?:so|yes|possible|you\s+can|it\s+is|that['’]?s\s+possible)|when\s+possible)\b"
    r"|(?:如果)?(?:能|可以|行)的话就?",
    re.I,
)
"""A condition that points back to the told act ("if so", "if yes", "可以的话"): the rest asks no act of its own."""
_REST_CLAUSE = re.compile(r"[，,。；;!！？?\n]")
_AGAIN = re.compile(r"再|重新|\b(?:try\s+)?again\b", re.I)
"""An act asked again: "再帮我退一次", "重新退一下", "please try again"."""


def _told_act_asked_again(rest: str, spans: list[str]) -> bool:
    """A clause of ``rest`` asks again an act a told span says (``_AGAIN``), by its word or by handing it on.

    "上次退款失败了，再帮我退一次 ORD-5521": 退, bare (``says_bare_refund``), after 再 asks the refund the told span
    "退款失败了" says; "the refund failed, please try again" hands it on (``wishes.hands_on``). Not a rest that asks
    to destroy in its own words ("退款被拒了，请重新给 O-1 退款"): it is read apart, the ask whole.
    """
    if request_is_destructive(rest):
        return False
    acts = {m.group() for span in spans for m in re.finditer(_ACT_ZH, span)}
    for clause in _REST_CLAUSE.split(rest):
        again = _AGAIN.search(clause)
        if again is None:
            continue
        after = clause[again.end() :]
        if hands_on(_AGAIN.sub(" ", clause)) or any(
            a in after or (a[0] == "退" and says_bare_refund(after)) for a in acts
        ):
            return True
    return False


def _says_a_word(rest: str) -> bool:
    """The rest says a word of its own: "show it", "先查", "where is PK-1".

    Not only ids and function words ("the"), nor only a hand-on of the told act ("if yes, do it", "please process it
    if so", "可以的话就帮我办了": ``wishes.hands_on``), which asks that act.
    """
    clauses = (_BACK.sub(" ", c) for c in _REST_CLAUSE.split(rest))
    own = [c for c in clauses if not hands_on(c)]
    return any(m.group("word") or m.group("han") for c in own for m in _OWN_WORD.finditer(c))


def _still_kept(match: re.Match[str]) -> bool:
    """A still-possible question read with the rest: after a time clause (``_AFTER``), or acted on (``_IF_SO``)."""
    before = match.string[: match.start()] + match.group()[: max(match.group().find("还"), 0)]
    return bool(_AFTER.search(before) or _IF_SO.search(match.string[match.end() :]))


def _tells_a_destroy(match: re.Match[str]) -> bool:
    """The span says a destroy act; a question after a condition its act's word or a bare 退 too ("能退几成")."""
    said = _UNDO.sub(" ", match.group())
    if request_is_destructive(said):
        return True
    return match.re is _WHAT_IF_ZH and (re.search(_ACT_ZH, said) is not None or says_bare_refund(said))


def split_later_acts(text: str) -> tuple[str, str]:
    """``text`` less the acts it tells but does not ask, and those spans.

    A question of what follows a condition (``_WHAT_IF_ZH``, ``_WHAT_IF_EN``), the speaker's own act under a condition
    (``_IF_OWN_ZH``, ``_IF_OWN_EN``), an act asked under a condition beside a
    clause that asks its act first (``_conditions_apart``), an act's state told in the passive (``_STATE_ZH``,
    ``_STATE_EN``), its failure told (``_FAILED_ZH``, ``_FAILED_EN``) or its money told as not come (``_UNRECEIVED_ZH``,
    ``_UNRECEIVED_EN``) and a question whether an act is still
    possible (``_STILL_ZH``, ``_STILL_EN``), each only where its span says a destroy word and asks no one, and the
    rest of the request says a word of its own (``_says_a_word``: "…, show it", "…，先查"); a request that only tells,
    leaves only ids and function words ("the refund was rejected"), or asks a told act again
    (``_told_act_asked_again``: "退款失败了，ORD-1 重新退一下"), is read whole.
    """
    spans: list[str] = []

    def keep(match: re.Match[str]) -> str:
        said = match.group()
        if not _tells_a_destroy(match) or _ASKS.search(said):
            return said
        if match.re in (_STILL_ZH, _STILL_EN) and _still_kept(match):
            return said
        spans.append(said.strip(" ,"))
        return " "

    rest = text
    for pattern in (
        _WHAT_IF_ZH,
        _WHAT_IF_EN,
        _TOLD_LATER_ZH,
        _TOLD_LATER_EN,
        _IF_OWN_ZH,
        _IF_OWN_EN,
        _STATE_ZH,
        _STATE_EN,
        _FAILED_ZH,
        _FAILED_EN,
        _UNRECEIVED_ZH,
        _UNRECEIVED_EN,
        _STILL_ZH,
        _STILL_EN,
    ):
        rest = pattern.sub(keep, rest)
    rest = _conditions_apart(rest, spans)
    if not spans or not _says_a_word(rest) or _told_act_asked_again(rest, spans):
        return text, ""
    return rest, "\n".join(spans)


def _conditions_apart(text: str, spans: list[str]) -> str:
    """``text`` less its conditional destroy acts (``_IF_ZH``, ``_IF_EN``, added to ``spans``) beside a first ask.

    "只有在 M-2210 没付款的情况下才取消他的会员，先看看他的发票" asks to see the invoices now; the cancel waits on
    what they show. Only where the rest says a first ask (``_FIRST``) and no destroy word, and the act is not asked of
    the reader (``_ASKS``, a closing 吧: "如果他不来就取消预约吧，先看下 AP-1" asks the cancel, once AP-1 is seen).
    """
    found = [
        m
        for p in (_IF_ZH, _IF_EN)
        for m in p.finditer(text)
        if request_is_destructive(m.group())
        and not _SPEAKER_ACTS.search(m.group())
        and not _ASKS.search(m.group())
        and not m.group().rstrip().endswith("吧")
    ]
    if not found:
        return text
    rest = text
    for m in found:
        rest = rest.replace(m.group(), " ", 1)
    if not _FIRST.search(rest) or request_is_destructive(rest):
        return text
    spans += [m.group().strip(" ,") for m in found]
    return rest
