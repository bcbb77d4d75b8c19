"""A record the request keeps by its noun: its destroyer, one whose act ends or removes it, is not asked.

"void the payment link on INV-3301, keep the invoice" asks a void of a link and keeps the invoice: ``void_invoice``,
whose name's object is the invoice, is held, though it takes the id. "cancel ORD-1 but keep the customer" holds
``delete_customer`` and leaves ``cancel_order``; "delete the note but keep the appointment" holds no
``delete_appointment_note`` (its object is the note of an appointment). An act that gives money back leaves its
record as it is: "refund ORD-5521, keep the order" asks the refund. Not a keep waved off ("don't keep the invoice",
"no need to keep the invoice", "we don't have to keep the invoice").
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from .._chains import singular
from .._hints import gives_money_back
from .._negated import negation_ends_at
from .._types import ToolSpec
from .objects import object_words, said_words

__all__ = ["kept_records"]

_KEPT = re.compile(
    r"(?<!n't\s)(?<!n’t\s)(?<!not\s)(?<!never\s)\bkeep(?:s|ing)?\s+(?:the|this|that|my|our|your|their|its|his|her)\s+"
    r"(?P<noun>[a-z]+)(?=\s*(?:$|[,;:.!?)—–]|(?:itself|as\s+is|open|active|alive|intact|and|but|though)\b))",
    re.I,
)
"""Keeping a thing named by one noun, at the end of its phrase ("keep the invoice", "keep the order itself")."""


def kept_records(text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) whose name's object ``text`` keeps (``_KEPT``).

    Its whole object (``objects.object_words``), not waved off (a negation before the keep: ``negation_ends_at``),
    and not where the tool only gives money back (``gives_money_back``).
    """
    out = np.zeros_like(destructive)
    kept = [m for m in _KEPT.finditer(text) if not negation_ends_at(text, m.start())]
    words = said_words(" ".join(singular(m.group("noun").lower()) for m in kept))
    if not words:
        return out
    for j, tool in enumerate(tools):
        thing = object_words(tool, "name")
        out[0, j] = bool(destructive[0, j]) and bool(thing) and thing <= words and not gives_money_back(tool)
    return out
