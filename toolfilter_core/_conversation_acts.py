"""Which destructive tools an earlier turn used that the turn at hand asks for again.

A tool that deletes, cancels or wipes enters a set only for a request that asks for its act,
in a conversation too: the act an earlier turn asked for ("cancel SH-1") is not the next
turn's ("what's the status of SH-2?"). Of the destructive tools earlier turns used or were
offered, a turn asks again for

* a **confirmation** ("yes", "好的") of a proposal: one, the proposed act's: the one whose
  own verb the proposal says, else the one the task called last before the proposal (a dry
  run, then "shall I apply it?"), unless an assistant message since that call reported its
  act done ("已取消。需要给客户发邮件吗？": the "yes" is to the e-mail);
  A correction that points to another object of the proposed act ("Shall I cancel HB-30101?" /
  "no, the other one", "不对，是另一个") takes it the same way; the proposal's verb is read in
  either language ("要取消 HB-30101 吗？" for ``reservation_cancel``, described in English);
* a **correction** ("no, the upstairs one"): those the last task ran (it is redone) whose act
  the corrected request asks ("reboot the router" / "no, the upstairs one"; not "has INV-3301
  been paid?" / "不对，我是说 INV-3302");
* an act the turn refuses ("no, don't cancel it") is not asked (``_negated.refused_apart``);
* any other turn: those whose own verb it says ("delete the old one" for ``delete_dns_record``);
  a question that says the verb of an act the conversation already ran asks about the act done, not
  for it again ("will I be charged for cancelling?", "取消要收费吗？" after ``cancel_appointment`` ran):
  the tool stays only when the turn's own selection chose it (the core's guard let it in).

A **report of an act already done** ("已经取消了", "I've cancelled it", "it was deleted") is
not a request to do it, nor is a **topic told** ("给队长发个短信说一下退赛的事", "text the captain about
the withdrawal"): the verbs a turn says are read without such reports and topics (``unreported``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ._conversation import Turn
from ._conversation_objects import named_ids
from ._conversation_read import Reading, corrected_request, last_task
from ._hints import (
    request_is_destructive,
    request_says_its_act,
    request_says_its_act_across,
    request_says_its_own_act,
    told_apart,
)
from ._negated import refused_apart
from ._pipeline.zh_speakers import SAYS_ZH
from ._types import ToolSpec, bare_name

__all__ = [
    "asked_again",
    "names_act",
    "only_reports_acts",
    "refunds",
    "reports_destroying",
    "says_bare_refund",
    "says_close",
    "tells_topic_only",
    "unreported",
    "untopiced",
]

_REPORT_EN = re.compile(
    r"(?:\b(?:i|we|they|he|she|you)(?:'ve|'d|\s+have|\s+had)?\s+(?:already\s+|just\s+)+"
    r"|\b(?:i|we|they|he|she)(?:'ve|'d|\s+have|\s+had)?\s+"
    r"|\b(?:(?:is|was|are|were)\s+(?:it|that|this|they)|has|have|had|'ve|'s|was|were|been|is|are|got|already|just)\s+"
    r"(?:(?:already|just|been|now|successfully|all)\s+)*"
    r"|(?:^|(?<=[.!?])\s+))"
    r"[a-z]+(?:led|ed|en)\b",
    re.IGNORECASE,
)
"""An English report of a done act: a participle after a subject, an auxiliary or "already"
("I cancelled", "has been deleted", "is it cancelled"), or opening a sentence ("Cancelled.")."""
_REPORT_ZH = re.compile(
    r"(?:已经?|已然|业已|刚刚|刚才|早就|早已|都已经?|被)(?:(?!并|再|然后|还|帮|请|把|给)[\u4e00-\u9fff]){1,4}"
    r"|[\u4e00-\u9fff]{1,3}(?:完了|成功|完毕)"
)
"""A Chinese report of a done act: a verb after 已经/刚刚/早就/被 ("已经取消了", "被删了"), or
before 完了/成功 ("取消成功"); "撤了吧" (了 then 吧) is a request."""


_TOPIC_EN = re.compile(
    r"\b(?:tell|ask|email|e-mail|text|message|notify|inform|remind|warn|ping|call|write|update|"
    r"let\b[^,.;!?\n]{1,30}?\bknow)"
    r"\b[^,.;!?\n]{0,30}?\s(?P<topic>(?:about|regarding)\s(?:(?!\s(?:and|then|but|also)\b)[^,.;!?\n])+)",
    re.IGNORECASE,
)
"""A topic told in English: what follows "about" or "regarding" after a verb that tells ("text the captain about
the withdrawal", "email her about the refund", "ask the treasurer about the refund"), to the clause's end or its next
"and"."""
_TOPIC_ZH = re.compile(
    rf"(?:{SAYS_ZH}|通知|告知|提醒|解释|聊|谈|问)(?:一下|一声|下)?"
    r"(?P<topic>[^，,。；;！!？?\n]{1,12}?的"
    r"(?:事(?:情|儿)?|情况|进展))"
    r"|(?P<before>把[^，,。；;！!？?\n]{1,12}?的(?:事(?:情|儿)?|情况|进展))"
    rf"(?=[^，,。；;！!？?\n]{{0,10}}?(?:{SAYS_ZH}|通知|告知))"
)
"""A topic told in Chinese: "…的事" (or 的情况, 的进展: 说一下退款的情况) after a verb that tells or asks
(说一下退赛的事, 告诉他退款的事, 问一下退款的事),
or before it with 把 (把退赛的事跟队长说一下). E.g. "好吧，那给队长发个短信说一下退赛的事"."""


def untopiced(text: str) -> str:
    """``text`` without the topics it tells someone (``_TOPIC_EN``, ``_TOPIC_ZH``): a topic told asks no act."""
    text = _TOPIC_EN.sub(lambda m: m.group()[: m.start("topic") - m.start()], text)
    return _TOPIC_ZH.sub(lambda m: m.group()[: m.start("topic") - m.start()] + " " if m.group("topic") else " ", text)


def tells_topic_only(text: str, destroyers: Sequence[ToolSpec]) -> bool:
    """``text`` tells a topic ("把退赛的事发短信告诉队长") and, without topics and reports, asks no destroyer's act."""
    untold, _ = told_apart(text)
    if untopiced(untold) == untold:
        return False
    rest = unreported(text)
    return (
        not request_is_destructive(rest)
        and not says_bare_refund(rest)
        and not any(names_act(rest, t) for t in destroyers)
    )


def unreported(text: str) -> str:
    """``text`` without its reports of acts already done ("已经取消了", "I've cancelled it", "it was deleted").

    What it tells someone is a report too ("再发邮件通知参会的人会议取消了", "email them that it's off":
    ``_hints.told_apart``): the turn asks for the e-mail, not the cancel; so is a topic told ("说一下退赛的事",
    "tell him about the withdrawal": ``untopiced``).
    """
    untold, _ = told_apart(text)
    return _REPORT_ZH.sub(" ", _REPORT_EN.sub(" ", untopiced(untold)))


_BARE_REFUND = re.compile(r"(?<![不别没甭勿])(?<!不要)(?<!不用)(?<!不必)(?<!无需)(?<!不需要)退(?![订房出役休化步烧])")
"""A bare 退 ("那退一半给他", "退了吧"): give money back, when the record at hand is a payment or an
order; not 退订 (unsubscribe), 退房 (check out), 退出 (leave), 退役/退休 (retire), nor a 退 refused or told not done
("那就不退了", "先别退", "不用退": no refund asked)."""


def says_bare_refund(text: str) -> bool:
    """``text`` says a bare 退 (``_BARE_REFUND``); the caller checks that the record is one a tool refunds."""
    return _BARE_REFUND.search(text) is not None


_CLOSE = re.compile(r"\bclos(?:e|es|ed|ing)\b|关(?:掉|了|闭|上)", re.I)
"""Closing in either language: "close it", "关掉", "关了", "关闭". 关掉 also asks to shut something down (a destroy
word of ``_hints``); it is read as a close when a tool that closes acts on the conversation's record. E.g.
"那把这单关掉吧" (then close this ticket), "好了，把工单关了吧" and "then close that ticket"."""


def says_close(text: str) -> bool:
    """``text`` says to close something (``_CLOSE``): "那把这单关掉吧", "then close that ticket"."""
    return _CLOSE.search(text) is not None


def refunds(tool: ToolSpec) -> bool:
    """The tool's own act is a refund (``payment_refund``, "Refund a payment...", "退款...")."""
    return request_says_its_act("退款", tool) or request_says_its_own_act("退款", tool)


def only_reports_acts(text: str) -> bool:
    """``text`` says a destructive verb only in reports of acts done: it does not ask to destroy.

    A bare 退 left asks a refund ("跟队长讲一下退款的事，顺便把报名费退给我们": ``says_bare_refund``).
    """
    rest = unreported(text)
    return request_is_destructive(text) and not request_is_destructive(rest) and not says_bare_refund(rest)


def reports_destroying(text: str) -> bool:
    """``text`` reports a destructive act done ("已取消", "Cancelled.", "it was deleted"), in any language."""
    spans = (m.group() for pattern in (_REPORT_EN, _REPORT_ZH) for m in pattern.finditer(text))
    return any(request_is_destructive(span) for span in spans)


def names_act(text: str, tool: ToolSpec) -> bool:
    """``text`` says the tool's own act: its destructive verb in either language, or a destroying word of its name.

    "refund her" names ``refund_issue`` (a name word that asks to destroy, said); the word's verb forms
    only ("refunded", "cancelling"), not a noun of it ("the refunds report", "the cancellation policy").
    """
    says = (request_says_its_act, request_says_its_act_across, request_says_its_own_act)
    if any(check(text, tool) for check in says):
        return True
    words = re.findall(r"[a-z]+", bare_name(tool).lower())
    return any(request_is_destructive(w) and re.search(_verb_forms(w), text, re.I) for w in words)


def _verb_forms(word: str) -> str:
    """A pattern for ``word`` as a verb: itself, its -ed and -ing forms ("cancelled", "deleting"), whole words."""
    stem = f"|{word[:-1]}ing" if word.endswith("e") else ""
    return rf"\b(?:{word}(?:ed|led|d|ing|ling)?{stem})\b"


def _last_called(names: Sequence[str], turns: Sequence[Turn], before: int) -> list[str]:
    """``names`` a message before ``before`` called, the last called first."""
    out: list[str] = []
    for turn in reversed(turns[:before]):
        out.extend(n for n in turn.called if n in names and n not in out)
    return out


def _pending(name: str, turns: Sequence[Turn], proposal: int) -> bool:
    """No assistant message from ``name``'s last call to the ``proposal`` (included) reports an act done.

    The report is read in any language ("已取消" for ``booking_cancel``, described in English):
    the act reported is the one just called.
    """
    last = max((i for i in range(proposal) if name in turns[i].called), default=-1)
    said = (t.text for t in turns[last + 1 : proposal + 1] if t.role == "assistant" and t.text)
    return not any(reports_destroying(text) for text in said)


_AGAIN = re.compile(r"也|\btoo\b|\bas well\b", re.I)
"""Words that ask an act done once more, on another record: "PAY-1202 也退了吧", "refund PAY-1202 too"."""


def _again_on_another(text: str, turns: Sequence[Turn], user: int) -> bool:
    """``text`` asks an act again (``_AGAIN``) on an id no earlier message names ("PAY-1202 也退了吧")."""
    if not _AGAIN.search(text):
        return False
    before = "\n".join(t.text for t in turns[:user])
    return any(i not in before for i in named_ids(text))


def _says_again(asked: str, tool: ToolSpec, again: bool) -> bool:
    """``asked`` says ``tool``'s act: its verb, or, asked again on another record, a bare 退 of a tool that refunds."""
    return request_says_its_act(asked, tool) or (again and says_bare_refund(asked) and refunds(tool))


def asked_again(
    names: Sequence[str], reading: Reading, turns: Sequence[Turn], spec: Callable[[str], ToolSpec]
) -> list[str]:
    """Of the destructive ``names`` earlier turns used, those the turn ``reading`` read asks for (see the module)."""
    asked = refused_apart(unreported(reading.query))[0]  # "no, don't cancel it" asks no cancel
    again = _again_on_another(reading.query, turns, reading.user)
    said = [n for n in names if _says_again(asked, spec(n), again)]
    if reading.proposed:  # "yes", "no, the other one": the proposed act, one
        if said:
            return said[:1]
        last = _last_called(names, turns, reading.decided_by)[:1]
        pending = [n for n in last if _pending(n, turns, reading.decided_by)]
        return pending or [n for n in names if names_act(asked, spec(n))][:1]  # "要取消 HB-30101 吗？" / "好的"
    if reading.kind == "correction":
        start = last_task(turns, reading.user)
        corrected = refused_apart(unreported(corrected_request(turns, reading)))[0]
        redone = [n for n in _last_called(names, turns[start:], reading.user - start) if names_act(corrected, spec(n))]
        return list(dict.fromkeys([*redone, *said]))
    if reading.question:  # "will I be charged for cancelling?" after the cancel ran: about the act done
        done = _last_called(names, turns, reading.user)
        return [n for n in said if n not in done]
    return said
