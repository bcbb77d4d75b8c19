"""A time to come said in a request, one reader for every reading of an act planned or put off.

"next week", "tomorrow", "tonight", "this afternoon", "on Friday", "in two weeks", "at the end of Q1", "after the
audit", "once the form comes back", "下周", "明天", "月底": a time the act waits for. Not a word that only looks like
one: "after all" (a decision made now), "once more", "at once", "when possible" are no time to come, nor a day that
names the thing ("tomorrow's class", "the booking for tomorrow").
"""

from __future__ import annotations

__all__ = ["LATER_EN", "LATER_ZH"]

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_SPAN = r"(?:minutes?|hours?|days?|weeks?|fortnights?|months?|quarters?|years?)"
_NOT_A_TIME = r"(?!(?:all|again|more|possible|needed|necessary|and|or|but|so|then)\b)"
"""After "after", "once" or "when": not "after all", "once more", "when possible" nor a conjunction."""
LATER_EN = (
    rf"(?:(?:next|coming)\s+(?:week|month|year|quarter|season|term|time|weekend|{_DAY})"
    r"|(?<!\bfor\s)(?<!\bfrom\s)(?:tomorrow|tonight)\b(?!['’]s)|later\b|eventually\b|(?<!\bas\s)soon\b"
    r"|this\s+(?:afternoon|evening|weekend)\b(?!['’]s)"
    rf"|on\s+{_DAY}\b(?!['’]s)"
    r"|(?:at|by|before)\s+the\s+end\s+of|end\s+of\s+(?:the\s+)?(?:week|month|year|quarter|season|term|q[1-4])"
    rf"|in\s+(?:a|an|a\s+few|a\s+couple\s+of|two|three|\d+)\s+{_SPAN}\b"
    rf"|(?<!\bat\s)(?:after|once|when)\s+{_NOT_A_TIME}[a-z]"
    r")"
)
"""A time to come, as a regex fragment to put after a word boundary: "next month", "tomorrow", "on Friday", "in two
weeks", "after the audit", "once the form comes back"; not "after all", "at once", "tomorrow's class"."""
LATER_ZH = r"(?:下周|下个?月|下星期|下礼拜|明天|后天|今晚|明年|月底|年底|周末|过几天|以后|之后|下次|将来|回头)"
"""Its Chinese counterpart: "下周", "明天", "月底", "过几天", "以后"."""
