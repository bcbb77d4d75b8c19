"""Another's past wish or request, relayed as news: it asks no act.

"查一下客户C-3309的资料，他说之前申请过删除但还在收到短信" asks for the customer's record; that he says he applied
for deletion before is why the agent looks, not what they ask, and its 删除 sent ``customer_delete``. Such a span,
to its clause's end or its "but" (但), is read apart from the ask, as a report of an act done is (``reports``).
The words hold this case and its English counterpart ("he says he asked to be deleted before").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .._hints import QUESTION_ZH, destroy_verbs_said
from .unasked import goes_ahead

__all__ = ["split_done", "split_hearsay", "split_past_wishes", "split_quoted"]

_END = r"(?:(?!\s*(?:但|不过|可是|却|\bbut\b))[^，,。；;!！？?\n])*"
"""The rest of the span: to the clause's end or its "but"."""

_OTHER_ZH = r"(?:客户|顾客|客人|用户|会员|对方|他们|她们|他|她)"
_PAST_ZH = re.compile(
    rf"{_OTHER_ZH}[^，,。；;!！？?\n]{{0,6}}?(?:说|表示|提到|讲|反映|称)[^，,。；;!！？?\n]{{0,8}}?"
    rf"(?:(?:之前|以前|早就|早已|曾经|上次|上个月|已经)[^，,。；;!！？?\n]{{0,4}}?(?:申请|要求|提出|提交|办理?)(?:过|了)?"
    rf"|(?:申请|要求|提出|提交)过){_END}"
)
"""Another says they applied or asked before (他说之前申请过删除, 客户表示已经要求注销)."""

_OTHER_EN = (
    r"(?:(?:the\s+)?(?:customer|client|user|member|caller)(?:\s+(?-i:[A-Z][\w'-]*|[\w-]*\d[\w-]*)){0,3}"
    r"|(?:he|she|they))"
)
"""Another: "the customer", "customer Anna Berg", "client C-12", "he"."""
_NEVER_EN = r"(?:never\s+|not\s+|did\s*n[o']?t\s+(?:ever\s+)?|had\s*n[o']?t\s+|has\s*n[o']?t\s+|have\s*n[o']?t\s+)"
_PAST_EN = re.compile(
    rf"\b{_OTHER_EN}\s+(?:says?|said|told\s+(?:me|us)|mentioned|claims?|claimed|insists?|insisted)\s+(?:that\s+)?"
    r"(?:he|she|they)\s+(?:had\s+|has\s+|have\s+|'d\s+)?(?:already\s+)?"
    rf"(?:(?:asked|requested|applied|put\s+in\s+a\s+request)\b|{_NEVER_EN}(?:ask|request|appl[yi]|want)\w*\b)"
    rf"{_END}",
    re.I,
)
"""Another says they asked or applied before ("he says he asked to be deleted before", "she said she had already
requested a cancellation"), or that they never did ("customer Anna Berg says she never asked us to delete her
data"): a relayed wish, or its denial, asks no act."""

_ASKS = re.compile(r"帮|(?<![申邀])请|麻烦|\b(?:please|go\s+ahead|do\s+it)\b", re.I)
"""A clause that asks someone to act keeps its ask ("他说之前申请过删除，请帮他删掉" asks in its own clause)."""


def split_past_wishes(text: str) -> tuple[str, str]:
    """``text`` less the spans that relay another's past wish (``_PAST_ZH``, ``_PAST_EN``), and those spans."""
    return _split(text, (_PAST_ZH, _PAST_EN))


def _split(text: str, patterns: tuple[re.Pattern[str], ...], takes: Callable[[str], bool] = bool) -> tuple[str, str]:
    """``text`` less the spans ``patterns`` match that ``takes`` and that ask nothing themselves, and those spans.

    A span that asks someone to act (``_ASKS``) stays.
    """
    spans: list[str] = []

    def keep(match: re.Match[str]) -> str:
        if _ASKS.search(match.group()) or not takes(match.group()):
            return match.group()
        spans.append(match.group().strip(" ,"))
        return " "

    for pattern in patterns:
        text = pattern.sub(keep, text)
    return text, "\n".join(spans)


_REPORT_END = r"(?:(?!\s*(?:但|不过|可是|却|直接|马上|立即|立刻|赶紧|只|就))[^，,。；;!！？?\n])*"
"""The rest of a passive report: to its clause's end, its "but", or where an ask starts after it without a comma
("客户说被重复扣款了直接退款": 直接, 马上, 立即, 立刻, 赶紧, 只, 就)."""
_PASSIVE_REPORT_ZH = re.compile(
    rf"{_OTHER_ZH}[^，,。；;!！？?\n]{{0,6}}?(?:说|表示|提到|反映|称)[^，,。；;!！？?\n被]{{0,8}}?"
    r"(?:被[^，,。；;!！？?\n]{1,10}?了|(?:没有|没|未)被)"
    rf"{_REPORT_END}"
)
"""Another says a thing was done to them, in the passive (他说账户被删了登不上, 客户说被重复减免了), or was not
(他说账户没被删): a report of what befell, not an ask."""


_ACTIVE_REPORT_ZH = re.compile(
    rf"{_OTHER_ZH}[^，,。；;!！？?\n]{{0,6}}?(?:说|表示|提到|反映|称)[^，,。；;!！？?\n]{{0,2}}?"
    r"(?:他们|她们|他|她|自己|对方)[^，,。；;!！？?\n吗么]{1,24}?了(?![吗么没])"
    rf"{_REPORT_END}"
)
"""Another says they, or a third person, did a thing (客户说他们把旧 logo 从名片上去掉了, 他说他已经删了): the
act of the one told of, done, not an ask."""


def split_hearsay(text: str) -> tuple[str, str]:
    """``text`` less another's reports of an act done, passive or active, and those spans.

    Passive: ``_PASSIVE_REPORT_ZH``; active, a third person's act told done: ``_ACTIVE_REPORT_ZH``.
    """
    return _split(text, (_PASSIVE_REPORT_ZH, _ACTIVE_REPORT_ZH))


_DONE_ZH = re.compile(
    r"(?:^|(?<=[，,。；;!！？?\n])|(?=\s*(?:但|不过|可是|却|直接|马上|立即|立刻|赶紧|只|就)))"
    r"[^，,。；;!！？?\n]*?(?:(?:已经|早就|早已)|(?:删|退|取消|注销|作废|移出|停用?|撤销|关闭|停掉)[^，,。；;!！？?\n过]{0,2}过"
    r"|(?<![把将帮请])被[^，,。；;!！？?\n了]{0,4}?(?:删|退|取消|注销|作废|移出|停用?|撤销|关闭|停掉)[^，,。；;!！？?\n了]{0,2}了)"
    rf"{_REPORT_END}"
)
_DONE_EN = re.compile(
    r"\b(?:was|were|got|has\s+been|have\s+been|had\s+been)\s+(?:already\s+|just\s+)?(?:cancell?ed|deleted|removed|"
    r"voided|refunded|revoked|erased|wiped|closed|dropped|terminated|withdrawn)\b[^,.;!?\n—–]*"
    r"|\b(?:we|i|he|she|they|someone|somebody|player|customer|client|user|member|guest|passenger)\s+"
    r"(?:already\s+|just\s+|accidentally\s+|mistakenly\s+)?(?:cancell?ed|deleted|removed|voided|refunded|revoked|erased|"
    r"wiped)\b[^,.;!?\n—–]*",
    re.I,
)
"""An act told as done or once done, to the clause's end or where an ask starts: "上周已经把小明从课程里移出了",
"客户上个月删过账户又回来注册了", "玩家的角色被删了", "it was voided last week", "we refunded it yesterday",
"Player deleted his mage by mistake two days ago" (and their
counterparts in the other language; a past tense is never an ask). A Chinese
span starts where its clause does or where another ended (``_REPORT_END``), so a clause is read once, not from each
of its characters."""

_STATE_ZH = re.compile(
    r"(?:^|(?<=[，,。；;!！？?\n]))[^，,。；;!！？?\n]*?(?:显示|写着|标着|标记|状态)(?:是|为|成)?(?:已经?)?"
    rf"(?:删除|退款|取消|注销|作废|撤销|关闭|停用){_REPORT_END}"
)
_STATE_EN = re.compile(
    r"\b(?:says|shows|showing|shown|marks|marked|lists|listed|appears|displays|status\s+is)\s+(?:(?:[\w-]+\s+){0,3}?as\s+)?"
    r"(?:being\s+)?(?:already\s+)?"
    r"(?:cancell?ed|deleted|removed|voided|refunded|revoked|closed|terminated|withdrawn)\b(?:(?!\s+but\b)[^,.;!?\n—–])*",
    re.I,
)
"""A state a record shows, an act's past participle after the word that shows it ("my booking says cancelled", "it
shows as voided", "the app lists LB-1 as cancelled", "订单显示已取消", "状态是已注销"): a state to read, not an act
asked."""


def split_done(text: str) -> tuple[str, str]:
    """``text`` less the acts it tells or asks about as done or once done, and those spans.

    Told: ``_DONE_ZH``, ``_DONE_EN``, or a state shown (``_STATE_ZH``, ``_STATE_EN``); asked about:
    ``_asks_a_past_act``, beside another clause (a request that is
    only such a question is read whole, as a question of state: ``ask_form.about_state``). A question followed by
    words that go ahead with its act ("did you cancel R-21030 yet? please do it now": ``goes_ahead``) asks it.
    """
    text, told_done = _split(text, (_DONE_ZH, _DONE_EN, _STATE_ZH, _STATE_EN))
    rest, asked_done = _split(text, (_CLAUSE,), _asks_a_past_act)
    if not _WORD.search(rest) or (asked_done and goes_ahead(rest)):
        return text, told_done
    return rest, "\n".join(s for s in (told_done, asked_done) if s)


_WORD = re.compile(r"\w")


_CLAUSE = re.compile(r"[^,.;!?\n，。；！？]+[?？]?")
"""A clause, with its question mark."""
_DID_EN = re.compile(r"\bdid(?:n'?t|\s+not)?\b", re.I)
"""An English act told in the past by its auxiliary: "which inspections did we cancel", "how many refunds did we
issue"."""
_BE_PAST_EN = re.compile(r"\b(?:was|were|wasn'?t|weren'?t|been)\b", re.I)
"""The passive's auxiliary: "why was my certificate revoked" (``_passive_past``)."""
_ASKS_YOU = re.compile(r"^\s*(?:please\s+)?(?:can|could|would|will)\s+(?:you|u)\b", re.I)
"""A polite ask of the act: "Could you cancel the booking that was made twice?"."""
_WH_EN = re.compile(r"^\s*(?:which|what|how|when|who|whose|why|where|did|didn'?t)\b", re.I)
_NOT_PAST_ZH = re.compile(r"把|将|能|可以|可否|可不可以|要不要|会不会")
"""A Chinese clause that asks the act itself ("能把预约取消了吗") or one to come, not one done."""
_WHETHER_DONE_ZH = re.compile(r"了(?:没有|没)\s*[?？]?\s*$")
"""A Chinese clause that asks whether an act is done, by its 了没有 / 了没 ending ("PO-1 的印刷任务从排期里撤下来了
没有？"): whatever its verb, a question of state."""
_PASSIVE_WHETHER_ZH = re.compile(r"(?<![把将帮请])被[^，,。；;！!？?\n]*了(?:吗|么|没有|没)\s*[?？]?\s*$")
"""A Chinese passive asked with 了吗 ("小王被从周六的班次里撤下来了吗？"): whether it was done to the subject, whatever
its verb and whatever stands between 被 and it, a question of state."""


def _asks_a_past_act(clause: str) -> bool:
    """The clause is a question about a destroying act already done: a read of past acts, no ask of the act.

    "Which inspections did we cancel last month?", "how many refunds did we issue in May?",
    "上个月我们取消了哪些检查？", "哪些许可证被吊销过", "Why was my certificate revoked?", "Who cancelled on us?": the
    act is past ("did", was / were / been before its participle, its past tense after who / which, or 了 / 过 after the
    verb, 被 before it), and the clause asks which,
    how many, why or whether; a Chinese clause ending 了没有, or a passive ending 了吗, asks whether, whatever its verb
    (``_WHETHER_DONE_ZH``, ``_PASSIVE_WHETHER_ZH``).
    As an act told done in a statement is (``_DONE_EN``), it asks for no act.
    """
    whether = _WHETHER_DONE_ZH.search(clause) or _PASSIVE_WHETHER_ZH.search(clause)
    if _HAN.search(clause) and whether and not _NOT_PAST_ZH.search(clause):
        return True
    verbs = destroy_verbs_said(clause)
    if not verbs:
        return False
    if _HAN.search(clause):
        return _question_zh(clause) and not _NOT_PAST_ZH.search(clause) and any(_past_zh(clause, v) for v in verbs)
    question = clause.rstrip().endswith("?") or bool(_WH_EN.match(clause))
    return question and (bool(_DID_EN.search(clause)) or _passive_past(clause, verbs) or _subject_past(clause, verbs))


_WHO_DID_EN = r"^\s*(?:who|which(?:\s+[\w'-]+){1,2}?)\s+(?:(?:has|have|had)\s+)?(?:already\s+|just\s+)?"
"""Who or which did it, the question word its subject: "who cancelled on us last week", "which clients deleted their
accounts"."""


def _subject_past(clause: str, verbs: tuple[str, ...]) -> bool:
    """A question about who did a destroying act: its past tense right after who / which ... (``_WHO_DID_EN``).

    "Who cancelled on us last week?" asks who did it; not "who can cancel AP-1?".
    """
    past = "|".join(re.escape(v) for v in verbs if v.endswith("d"))
    return bool(past) and re.match(rf"{_WHO_DID_EN}(?:{past})\b", clause, re.I) is not None


def _passive_past(clause: str, verbs: tuple[str, ...]) -> bool:
    """The passive tells a destroying act of the clause done: its participle after was / were / been.

    "Why was my certificate revoked?"; not "the booking that was made twice" of an ask, nor a can / could / would-you
    ask.
    """
    found = _BE_PAST_EN.search(clause)
    if found is None or _ASKS_YOU.match(clause):
        return False
    after = clause[found.end() :]
    return any(v.endswith("d") and re.search(rf"\b{re.escape(v)}\b", after, re.I) for v in verbs)


_HAN = re.compile(r"[\u4e00-\u9fff]")


def _question_zh(clause: str) -> bool:
    """A Chinese clause that asks: its question mark or a question word (``_hints.QUESTION_ZH``)."""
    return clause.rstrip().endswith(("?", "？")) or bool(QUESTION_ZH.search(clause.rstrip("?？ ")))


def _past_zh(clause: str, verb: str) -> bool:
    """``verb`` told done in ``clause``: 了 or 过 right after it, or 被 before it."""
    v = re.escape(verb)
    return bool(re.search(rf"{v}[^，,。；;！!？?\n]{{0,2}}?[了过]|被[^，,。；;！!？?\n]{{0,4}}?{v}", clause))


_SINGLE = r"(?:'(?:[^'\n]|'(?=[A-Za-z]))*'(?![A-Za-z])|‘[^’\n]*’)"
"""A span in single quotes, an apostrophe inside a word kept in it ('pls cancel it, I'll come in myself')."""
_QUOTED = re.compile(
    r"(?:邮件|来信|短信|消息|留言|原文|写道|说|e-?mail|message|text|letter|note|writes|wrote|says|said)"
    rf"[^“\"「‘'\n]{{0,4}}?[：:]?\s*(?:“[^”\n]*”|\"[^\"\n]*\"|「[^」\n]*」|{_SINGLE})"
    r"|(?:“[^”\n]{1,16}”|「[^」\n]{1,16}」|\"[^\"\n]{1,30}\"|"
    + _SINGLE
    + r")\s*(?:按钮|按键|键|选项|功能|链接|菜单|页面|标签|图标|\b(?:buttons?|links?|options?|tabs?|menus?|icons?)\b)",
    re.I,
)
"""A message quoted: "客户来邮件说：“请帮我注销账户”", 'Customer writes: "cancel it!"', "Customer texted: 'pls cancel
the delivery'"; or a label quoted, the name of a button, link or menu item: "app 上的“取消预约”按钮点不了", 'the
"Delete account" link'."""
_DO_AS_ASKED = re.compile(
    r"按(?:她|他|客户|他们|对方)?(?:说|要求)的(?:办|做)|\bdo\s+(?:what|as)\s+(?:she|he|they|the\s+\w+)\s+(?:asks?|says?|wants?)\b",
    re.I,
)
"""The request then asks what the message asks: "按她说的办", "do what she asks"."""


def split_quoted(text: str) -> tuple[str, str]:
    """``text`` less the messages it quotes (``_QUOTED``), and those; unless it asks them done.

    It asks them done in words (``_DO_AS_ASKED``), or the words right after a message go ahead with it
    ('"cancel O-5512". Do it.', "“请注销账户”，照办吧": ``goes_ahead``).
    """
    if _DO_AS_ASKED.search(text):
        return text, ""
    spans: list[str] = []

    def keep(match: re.Match[str]) -> str:
        if goes_ahead(text[match.end() :]):
            return match.group()
        spans.append(match.group().strip())
        return " "

    return _QUOTED.sub(keep, text), "\n".join(spans)
