"""A destroy word that names a kind of thing, not an act asked: "a refund policy explanation for TK-1".

"the customer wants a refund policy explanation for TK-1" wishes for an explanation; "refund" there modifies
"policy", as "cancel" modifies "button" in "where is the cancel button". A destroy word read so (after a
determiner, an adjective at most between, and before a word that goes on the noun phrase) asks no act: the
guard reads the request without it (``acts_as_nouns_apart``), and one whose every destroy word is read so asks
to destroy by none of its readings (``names_acts_only``). In Chinese, a destroy word before a record's number
(退款单号 RF-1204, a refund's number) names the record (``_NUMBER_ZH``), as does "refund number RF-1822".
"""

from __future__ import annotations

import re

from .._hints import is_destroy_word, request_is_destructive

__all__ = ["acts_as_nouns_apart", "names_acts_only"]

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*|\S")
_DETERMINERS = frozenset(
    {"a", "an", "the", "our", "your", "their", "his", "her", "my", "this", "that", "these", "those", "any", "what's"}
)
_ENDS_THE_ACT = frozenset(
    {
        *("for", "of", "on", "to", "from", "in", "at", "with", "by", "about", "as", "into", "off", "out", "up"),
        *("and", "or", "but", "so", "then", "if", "when", "because", "since", "while", "before", "after", "than"),
        *("please", "now", "today", "tonight", "asap", "too", "also", "instead", "again", "already", "yet", "here"),
        *("it", "them", "him", "me", "us", "is", "was", "are", "be", "been", "has", "have", "had", "will", "would"),
        *("all", "only", "right", "immediately", "back", "there", "i", "we", "you", "they", "he", "she", "not"),
    }
)
"""Words after a destroy word that end its noun phrase or go on with the act (a preposition, a conjunction, an
adverb, a pronoun, a verb of being): "a refund for TK-1", "a refund please", "the refund is late".
English function words."""
_THE_ACT_ASKED = frozenset({"request", "requests"})
"""Nouns after a destroy word that name the act itself as asked: "approve the refund request for TK-1" asks the
refund (e.g. "process the refund request", "the void request ... is approved"), but
only where the request is granted (``_GRANTS``): "reject the refund request for TK-1" refuses it."""
_GRANTS = re.compile(
    r"\b(?:approv(?:e|es|ed|ing)|process(?:es|ed|ing)?|grant(?:s|ed|ing)?|accept(?:s|ed|ing)?|authori[sz](?:e|es|ed|ing)"
    r"|ok(?:ay)?|go(?:es)?\s+ahead\s+with|proceed\s+with)\s+(?:(?:the|this|that|a|an|his|her|their|its|my|our|your)\s+)?$",
    re.I,
)
"""A verb that grants the request it governs, right before its noun phrase, so that its destroy word is asked."""
_NOT_GRANTED = re.compile(r"\b(?:not|never|don'?t|doesn'?t|didn'?t|won'?t|can'?t|cannot)\b|n't\b", re.I)
"""A negation before the grant in its clause ("please don't approve the refund request"): not granted."""
_CLAUSE = re.compile(r"[,.;:!?\n]|\b(?:then|and|but)\b", re.I)


_GRANTED_AFTER = re.compile(
    r"^\s*\w+(?:\s+(?:for|on|of)\s+[^\s,.;:!?]+)?\s+(?:is|was|has\s+been|have\s+been|got|gets|'s)\s+(?:now\s+|just\s+)?"
    r"(?:approved|granted|accepted|authori[sz]ed|ok(?:ay)?(?:'?e)?d)\b",
    re.I,
)
"""The request granted in the passive after its noun ("the void request for TK-1 is approved, do it")."""


def _granted(text: str, start: int) -> bool:
    """The destroy word at ``start`` is governed by a grant verb, not negated, in its clause (or granted after)."""
    before = _CLAUSE.split(text[:start])[-1]
    grant = _GRANTS.search(before)
    if grant:
        return not _NOT_GRANTED.search(before[: grant.start()])
    after = _GRANTED_AFTER.match(text[start:].split(" ", 1)[-1])
    return after is not None and not _NOT_GRANTED.search(after.group())


def _adverb(words: list[str]) -> bool:
    """``words`` (after a destroy word) open with an adverb in -ly that no noun follows: "cancelled permanently"."""
    if not words or not words[0].endswith("ly"):
        return False
    return len(words) == 1 or not words[1].isalpha() or words[1] in _ENDS_THE_ACT or words[1].endswith("ly")


def _modifies(tokens: list[re.Match[str]], i: int, text: str) -> bool:
    """Token ``i``, a destroy word, stands before a noun of its noun phrase after a determiner.

    The determiner right before it, or before one word (an adjective); not one a punctuation mark parts from it.
    """
    word = tokens[i].group().lower()
    if not is_destroy_word(word) or i + 1 >= len(tokens):
        return False
    after = tokens[i + 1]
    if not after.group()[0].isalpha() or text[tokens[i].end() : after.start()].strip():
        return False
    if after.group().lower() in _ENDS_THE_ACT or is_destroy_word(after.group()):
        return False
    if _adverb([t.group().lower() for t in tokens[i + 1 : i + 3]]):  # "the order cancelled permanently"
        return False
    if after.group().lower() in _THE_ACT_ASKED and _granted(text, tokens[i].start()):
        return False
    if after.group().isupper():
        return False
    before = [t.group().lower() for t in tokens[max(0, i - 2) : i]]
    if not before or not before[-1][0].isalpha():  # "The refund was approved, cancel order ORD-1": another clause's
        return False
    return before[-1] in _DETERMINERS or (len(before) == 2 and before[0] in _DETERMINERS)


_NUMBER_EN = re.compile(
    r"\b(?:refund|cancell?ation|void)(?=\s+(?:number|no\.?|id|ref(?:erence)?)\s*[:#]?\s*[A-Za-z]{1,6}[-_]?\d[\w-]*)",
    re.I,
)
"""An English destroy word before a word for a record's number and an id ("Refund number RF-1822 - has it been sent
yet?"): it names the record, as 退款单号 does (``_NUMBER_ZH``)."""
_NUMBER_ZH = re.compile(
    r"(?:退款|取消|作废|删除|撤销|注销)(?=(?:单号|编号|号码|流水号)\s*(?:[:：]|是|为)?\s*[A-Za-z0-9][\w-]*(?![\w-])(?!\s*的))"
)
"""A Chinese destroy word before a word for a record's number and the number ("退款单号 RF-1204", "取消编号：CX-88"):
it names the record whose number it is; not where the number goes on to name what the act is on ("取消单号 D-1 的订单",
cancel the order numbered D-1), e.g. "退款什么时候能到我卡上？退款单号 RF-1204"."""


def acts_as_nouns_apart(text: str) -> str:
    """``text`` less each destroy word that modifies a noun ("a refund policy explanation" → "a  policy ...").

    And each one before a record's number (``_NUMBER_ZH``, ``_NUMBER_EN``: "退款单号 RF-1204" → "单号 RF-1204").
    """
    text = _NUMBER_EN.sub("", _NUMBER_ZH.sub("", text))
    tokens = list(_WORD.finditer(text))
    spans = [(t.start(), t.end()) for i, t in enumerate(tokens) if _modifies(tokens, i, text)]
    for start, end in reversed(spans):
        text = text[:start] + text[end:]
    return text


def names_acts_only(text: str) -> bool:
    """``text`` says a destroy word, each one modifying a noun: it names acts, asks none."""
    return request_is_destructive(text) and not request_is_destructive(acts_as_nouns_apart(text))
