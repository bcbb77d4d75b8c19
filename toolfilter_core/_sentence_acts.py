"""The acts a destructive tool's first sentence says with their objects ("... ends the ride ...": end, ride).

A tool whose description opens with a word no verb list names ("Force-stop an active ride remotely: locks the
bike, ends the ride and bills it ...") still says its destroying act in its first sentence; a request that says
that verb on that object ("end ride R-40021", "please end the ride") asks for it.
"""

from __future__ import annotations

import re

from ._negated import told_not_apart
from ._types import ToolSpec, docstring_of

__all__ = ["first_sentence_acts", "request_says_a_first_sentence_act"]

_DESTROYING = (
    "delete|remove|drop|kill|wipe|purge|erase|destroy|truncate|terminate|cancel|revoke|uninstall|unsubscribe|"
    "deactivate|disable|reset|shutdown|reboot|restart|overwrite|void|ban|evict|unenroll|discard|clear|flush|"
    "refund|retire|withdraw|unpublish|decommission|waive|forfeit|end|close|stop|archive|restore"
)
"""Verbs that destroy, undo or end (the guard's destroying verbs, with end, close, stop, archive, restore: acts
the destructive tools of the development registries do); a first sentence's other verbs ("locks the bike",
"bills it") say no act the guard holds."""

_MODIFIERS = (
    "active|current|existing|old|open|pending|selected|given|specified|entire|whole|remaining|previous|every|each|all"
)
"""Adjectives and determiners before a noun that name no object: "removes the active listing", "ends every current
session" (with the like of them: existing, old, pending, selected...)."""
_OBJECT = re.compile(
    rf"\b(?P<verb>{_DESTROYING})(?:s|es)\s+(?:the|a|an|its|their|any|every|each|all)\s+"
    rf"(?:(?:{_MODIFIERS})\s+)*(?P<first>[a-z]{{3,}})\b(?:\s+(?P<second>[a-z]{{3,}})\b)?",
    re.I,
)
"""A destroying verb said of the tool's doing ("ends the ride", "cancels an active pass") and the one or two words
after its determiner and adjectives (``_MODIFIERS``), its object noun among them."""
_LEAD = re.compile(
    rf"^\s*force[- ](?P<verb>{_DESTROYING})\s+(?:the|a|an|its|their|any|every|each|all)\s+"
    rf"(?:(?:{_MODIFIERS})\s+)*(?P<first>[a-z]{{3,}})\b(?:\s+(?P<second>[a-z]{{3,}})\b)?",
    re.I,
)
"""A description that opens with a forced destroying verb, its object after: "Force-end a ride remotely: ..." (written
``ride_force_end``)."""
_NOT_NOUN = frozenset(
    {"and", "but", "for", "from", "with", "into", "onto", "then", "now", "when", "once", "at", "by", "remotely"}
)


def first_sentence_acts(tool: ToolSpec) -> list[tuple[str, str]]:
    """(verb, object noun) pairs the description's first sentence says of the tool (``ride_force_end``: end, ride)."""
    first = re.split(r"(?<=[.!?])\s", docstring_of(tool).strip(), maxsplit=1)[0]
    return [
        (m["verb"].lower(), word.lower())
        for m in [*filter(None, [_LEAD.match(first)]), *_OBJECT.finditer(first)]
        for word in (m["first"], m["second"])
        if word and word.lower() not in _NOT_NOUN and not re.fullmatch(_MODIFIERS, word, re.I)
    ]


def request_says_a_first_sentence_act(text: str, tool: ToolSpec) -> bool:
    """The request says a verb of the first sentence on its object noun: "end ride R-40021", "end his ride".

    The verb in any form but a past one (a report, "he ended the ride", says no ask) and not a noun after a
    determiner ("at the end of the ride"), then up to two words (a determiner, a possessive), then the noun or its
    plural. Not where the request refuses it or tells not to do it ("don't end ride R-40021", "never end ...",
    "no need to end ...").
    """
    text = told_not_apart(text)
    for verb, noun in first_sentence_acts(tool):
        stem = re.escape(verb[:-1] if verb.endswith("e") else verb)
        double = verb[-1] if re.search(r"[^aeiou][aeiou][bdglmnpt]$", verb) else ""  # stopping, banning, cancelling
        said = (
            rf"(?<!\bthe\s)(?<!\ban\s)(?<!\ba\s)(?<!\bits\s)\b{stem}(?:e|es|s|ing|{double}ing)?\s+"
            rf"(?:[\w'-]+\s+){{0,2}}?{re.escape(noun)}(?:s|es)?\b"
        )
        if re.search(said, text, re.I):
            return True
    return False
