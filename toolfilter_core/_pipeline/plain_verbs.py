"""A destroy act said in an idiom or a plain synonym, read as the plain verbs it stands for.

"pull the plug on the Hendersons' subscription", "scrap repair order RP-20990", "just bin Mr Kowalski's
appointment", "end her veg box for good", "take the eggs out of M-1890's box", "pull PO-30777 off Thursday's press
run": no verb list read them, and the destroyer they mean was held as not asked for. The guard reads the request with
each one written as its plain verbs (``in_plain_verbs``: cancel, delete, end, remove, in the idiom's tense), so every
reading of a plain verb reads it too: a negation refuses it ("don't", "don’t", "no need to"), a report, hearsay, a
question or a condition tells it as it tells "cancel". An idiom is an ask exactly where its plain verb would be. Not a
noun ("the bin", "scrap metal", "put it in the bin it came from"), nor money taken out ("take £20 out of the
account"). The idioms were written from the destroy requests of two development registries written by a language
model from a domain name alone (a hearing clinic, a farm box scheme) that no verb list read, and their near variants;
pulling off a schedule or list from a print shop's.
"""

from __future__ import annotations

import re

__all__ = ["in_plain_verbs"]

_TENSES = {"": 0, "s": 1, "es": 1, "ed": 2, "d": 2, "ped": 2, "ned": 2, "ing": 3, "ping": 3, "ning": 3}
"""An idiom verb's ending: its tense (the bare verb, the third person, the past, the -ing form)."""
_PLAIN = {
    "cancel": ("cancel", "cancels", "cancelled", "cancelling"),
    "delete": ("delete", "deletes", "deleted", "deleting"),
    "end": ("end", "ends", "ended", "ending"),
    "remove": ("remove", "removes", "removed", "removing"),
}
"""A plain destroy verb in each tense of ``_TENSES``."""

_OBJECT = (
    r"(?=\s+(?:(?:the|this|that|these|those|it|them|his|her|their|my|our|your|its|today's|tomorrow's|"
    r"(?-i:Mr|Mrs|Ms|Miss|Dr|[A-Z][\w'’-]*))\b|(?:[\w'’-]+\s+){0,3}?[A-Za-z]{0,6}[-_]?\d))"
)
"""An object after the verb: a determiner, a possessive, a pronoun, a name, or up to three words and an id
("scrap repair order RP-20990"); not a noun's modifier ("scrap metal", "bin bags")."""
_NOT_A_NOUN = r"(?<!\bthe\s)(?<!\ba\s)(?<!\bin\s)(?<!\binto\s)(?<!\bto\s)(?<!\bof\s)(?<!\bwheelie\s)(?<!\brecycling\s)"
"""Not the noun: "the bin", "in the bin", "a scrap of paper"."""
_CALL_OFF = re.compile(r"\bpull(?P<t>s|ed|ing)?\s+the\s+plug\s+on(?=\s)", re.I)
"""Pulling the plug on something: cancel."""
_NAMED = (
    r"(?=\s+(?:(?:the|this|that|these|those|his|her|their|my|our|your|its|today's|tomorrow's)\s"
    r"|(?-i:(?:Mr|Mrs|Ms|Miss|Dr)\b|[A-Z][a-z]+(?:['’]s)?\b)|(?:[A-Za-z][\w'’-]*\s+){1,3}?[A-Za-z]{0,6}[-_]?\d))"
)
"""A thing named after a scrap: a determiner, a name, or words and an id ("scrap repair order RP-20990"); not a bare
"scrap it" nor "scrap in_1PmW3a2eZvKYlo2C", whose destroyer (a void or a cancel) a scrap does not tell."""
_SCRAP = re.compile(rf"{_NOT_A_NOUN}\bscrap(?P<t>s|ped|ping)?\b{_NAMED}", re.I)
"""Scrapping a thing named: cancel ("scrap repair order RP-20990")."""
_BIN = re.compile(rf"{_NOT_A_NOUN}\bbin(?P<t>s|ned|ning)?(?:\s+off)?\b{_OBJECT}", re.I)
"""Binning something: throwing it out, a removal ("bag U-2026-118611 split, bin it"); a thing booked is called off
(``_BOOKED``)."""
_BOOKED = re.compile(
    r"(?:\s+[\w'’.-]+){0,4}?\s+(?:appointments?|bookings?|reservations?|visits?|sessions?|subscriptions?|orders?"
    r"|classes|class|lessons?|meetings?|events?|slots?|stays?)\b",
    re.I,
)
"""A thing booked after a binning ("bin Mr Kowalski's appointment"): cancel."""
_END = re.compile(
    r"(?<!\bthe\s)(?<!\ban\s)(?<!\bthat\s)(?<!\bwhich\s)(?<!\bwho\s)(?<!\bwhen\s)(?<!\bwill\s)"
    r"\bend(?P<t>s|ed|ing)?(?=\s+(?:my|her|his|their|our|your|its)\s+(?![\w-]*(?:day|week|month|year|term)s?\b)"
    r"(?:[\w'’-]+\s+){0,3}?[\w'’-]+\s+for\s+good\b)",
    re.I,
)
"""Ending something of someone's for good: cancel, as ending it is ("end her veg box for good")."""
_MONEY = (
    r"(?![\d$€£¥%])(?!(?:[\w'’.-]+\s+){0,2}?(?:money|cash|funds?|payments?|deposits?|savings|pay|wages?|"
    r"percent|dollars?|euros?|pounds?|bucks)\b)"
)
_TAKE_OUT = re.compile(
    rf"\b(?P<v>take|takes|took|taken|taking)\s+{_MONEY}(?P<what>(?:[\w'’.-]+\s+){{1,3}}?)out\s+of"
    r"(?=\s+(?:(?:the|this|that|his|her|their|my|our|your|its)\s+|[\w'’-]+['’]s\s+|[A-Za-z]{0,6}[-_]?\d))",
    re.I,
)
"""Taking a thing out of someone's or a named record: remove ("take the eggs out of M-1890's box"); not money
("take £20 out of the account")."""
_TAKE_TENSE = {"take": 0, "takes": 1, "took": 2, "taken": 2, "taking": 3}
_DATA = (
    r"(?!(?:[\w'’.&-]+\s+){0,2}?(?:figures?|numbers?|data|details|info|information|stats|statistics|reports?|dates?"
    r"|times?|totals?|counts?)\b)"
)
"""Not data read off a list ("pull the figures from the schedule")."""
_PULL_OFF = re.compile(
    rf"(?<!\bthe\s)(?<!\ba\s)\bpull(?P<t>s|ed|ing)?\s+{_DATA}(?P<what>(?:[\w'’.&-]+\s+){{1,6}}?)(?:off|from)\s+"
    r"(?=(?:[\w'’.-]+\s+){0,3}?(?:schedules?|runs?|lists?|rotas?|rosters?|calendars?|queues?|line-?ups?|agendas?"
    r"|timetables?|programmes?|programs?|dockets?|shifts?)\b)",
    re.I,
)
"""Pulling a thing off or from a schedule, a run or a list: remove ("pull PO-30777 off Thursday's press run",
"pulled the Smiths from the waiting list"); not a thing pulled from elsewhere ("pull the figures from the report"),
nor data (``_DATA``)."""


def _plain(verbs: tuple[str, ...], tense: int) -> str:
    """The plain ``verbs`` in ``tense``, joined by slashes ("cancel/delete")."""
    return "/".join(_PLAIN[v][tense] for v in verbs)


def _tense(found: re.Match[str]) -> int:
    """The tense of an idiom's verb, by its ending (the bare verb if none)."""
    return _TENSES.get((found.group("t") or "").lower(), 0)


def _taken_out(found: re.Match[str]) -> str:
    """A taking out written as a removal: "remove the eggs from"."""
    return f"{_plain(('remove',), _TAKE_TENSE[found.group('v').lower()])} {found.group('what')}from"


def _pulled_off(found: re.Match[str]) -> str:
    """A pulling off a schedule or list written as a removal: "remove PO-1 from "."""
    return f"{_plain(('remove',), _tense(found))} {found.group('what')}from "


def in_plain_verbs(text: str) -> str:
    """``text`` with each destroy idiom or synonym written as the plain verbs it stands for (unchanged if none)."""
    text = _CALL_OFF.sub(lambda m: _plain(("cancel",), _tense(m)), text)
    text = _SCRAP.sub(lambda m: _plain(("cancel",), _tense(m)), text)
    text = _BIN.sub(lambda m: _plain(("cancel",) if _BOOKED.match(m.string, m.end()) else ("remove",), _tense(m)), text)
    text = _END.sub(lambda m: _plain(("cancel", "end"), _tense(m)), text)
    text = _PULL_OFF.sub(_pulled_off, text)
    return _TAKE_OUT.sub(_taken_out, text)
