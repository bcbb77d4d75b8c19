"""An act told as the time of another ("X之前先Y", "before you delete U-12, check his balance"): it asks Y, not X.

"用户 U-12 删除账号前，先把他的余额查一下" asks the balance now; the delete is when it is for, later and not
asked here. Such a clause is read apart from the ask, as the reports of acts done are (``reports``): its act's
tool is held unless the ask says it again. Only a clause that says a destroy word is read apart (a time, "before
Friday", stays in the ask), and only where the ask is no order to destroy itself: "refund S-4455 before cancelling her
appointment" orders both, one after the other. Read apart: "删除账号前，先…", "删之前先确认一下余额", "before you
delete U-12, check his balance".
"""

from __future__ import annotations

import re

from .._hints import request_is_destructive

__all__ = ["orders_in_turn", "split_befores", "tells_a_before"]

_BEFORE_ZH = re.compile(
    r"(?:^|(?<=[，,。；;!！？?\n]))([^，,。；;!！？?\n]*?(?:之前|以前|前))(?=\s*[，,]?\s*(?:请|麻烦|你)?\s*(?:先|首先))"
)
"""A Chinese clause that ends with 之前, 以前 or 前 before a clause that asks first: "删除账号前，先…", "删之前先…"."""
_BEFORE_EN = re.compile(
    r"^\s*before\s+[^,;.!?\n]+(?:[,;]|\s+-\s+|\s*[—–])"
    r"|\s+before\s+(?:(?:you|we|i|they|he|she)\s+|\w+ing\b)[^,;.!?\n]*",
    re.I,
)
"""An English clause of "before": leading, up to its comma ("before you delete U-12, check …"), or after the ask with
a subject or an -ing form ("check his balance before you delete U-12", "… before deleting it")."""

_AFTER_OWN_ZH = re.compile(
    r"(?:^|(?<=[，,。；;!！？?\n]))\s*(?:我们?|咱们?)(?:先|自己)?[^，,。；;!！？?\n]*?(?:以后|之后|后)(?=[^，,。；;!！？?\n]*?"
    r"(?:我们?)?(?:想|要|打算|准备|会|再))"
)
"""The speaker's own act told as the time of their plan: "我取消保险以后想重新买一份" (after I cancel, I want to
buy anew): the act is the speaker's, what they ask is about the plan."""
_AFTER_OWN_EN = re.compile(
    r"^\s*(?:after|once)\s+(?:i|we)(?:['’]ve|\s+have)?\s+[^,;.!?\n]+(?:[,;]|\s+-\s+|\s*[—–])"
    r"|\s+(?:after|once)\s+(?:i|we)(?:['’]ve|\s+have)?\s+[^,;.!?\n]*",
    re.I,
)
"""Its English counterpart: "after I cancel my insurance, I want a new one", "… once we've cancelled the old one"."""


_GOES_EN = re.compile(
    r"\s*\bbefore\s+(?:it|they|this|that|the\s+\w+(?:\s+\w+)?)\s+(?:goes|go|is|are|gets|get)\s+"
    r"(?:away|gone|deleted|removed|closed|shut\s+down|taken\s+down)\b[^,;.!?\n]*",
    re.I,
)
"""A thing's end told as a time, with no one asked to bring it: "list members of old-club before it goes away"."""
_GOES_ZH = re.compile(r"[^，,。；;!！？?\n]{0,8}?(?:没了|消失|被删(?:掉|除)?|关掉|下线)(?:之前|以前)")
"""Its Chinese counterpart: "它没了之前", "列表被删之前"."""


def orders_in_turn(text: str, before: re.Match[str]) -> bool:
    """The ask around the clause ``before`` orders a destroying act too: both are orders, one after the other.

    "refund S-4455 before cancelling her appointment", "取消预约前先帮我退款": not an act told as a time.
    """
    return request_is_destructive(f"{text[: before.start()]} {text[before.end() :]}")


def _time_clauses(text: str) -> list[re.Match[str]]:
    """The clauses that tell an act, or a thing's end, as the time of the ask (in order, possibly overlapping).

    With the speaker's own act told as the time of their plan ("我取消保险以后想…", ``_AFTER_OWN_ZH``).

    Not a "before" clause whose ask is itself an order to destroy (``orders_in_turn``).
    """
    found = [
        m
        for p in (_BEFORE_ZH, _BEFORE_EN, _AFTER_OWN_ZH, _AFTER_OWN_EN)
        for m in p.finditer(text)
        if request_is_destructive(m.group()) and not orders_in_turn(text, m)
    ]
    found += [m for p in (_GOES_EN, _GOES_ZH) for m in p.finditer(text)]
    return sorted(found, key=lambda m: m.start())


def split_befores(text: str) -> tuple[str, str]:
    """``text`` less the clauses that tell the act another is done before, and those clauses (newline-joined)."""
    found = _time_clauses(text)
    if not found:
        return text, ""
    kept, told, at = [], [], 0
    for m in found:
        if m.start() < at:
            continue
        kept.append(text[at : m.start()])
        told.append(m.group().strip(" ,;—–-"))
        at = m.end()
    kept.append(text[at:])
    return " ".join(k for k in kept if k.strip()) or " ", "\n".join(told)


_TOLD = re.compile(r"(?:之前|以前|前)$|^before\b", re.I)


def tells_a_before(reports: str) -> bool:
    """One of the lines ``split_befores`` read apart (among a request's reports): "删之前", "before you delete U-12".

    Its act is whichever destructive tool the whole request sits near (删 alone translates no tool's verb).
    """
    lines = [line.strip() for line in reports.splitlines()]
    return any(
        (_TOLD.search(line) and request_is_destructive(line)) or _GOES_EN.fullmatch(line) or _GOES_ZH.fullmatch(line)
        for line in lines
    )
