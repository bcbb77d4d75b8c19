"""A record the request keeps by its noun: its destroyer is not asked, whatever else the request asks of it.

"void the payment link on INV-3301, keep the invoice" asks a void of a link and keeps the invoice: ``void_invoice``,
whose name's thing is the invoice, is held, though it takes the id. "cancel ORD-1 but keep the customer" holds
``delete_customer`` and leaves ``cancel_order``; "delete the note but keep the appointment" holds no
``delete_appointment_note`` (its thing is the note). Not a keep refused ("don't keep the invoice").
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from .._chains import singular
from .._hints import is_destroy_word, name_words
from .._types import ToolSpec

__all__ = ["kept_records"]

_KEPT = re.compile(
    r"(?<!n't\s)(?<!n’t\s)(?<!not\s)(?<!never\s)\bkeep(?:s|ing)?\s+(?:the|this|that|my|our|your|their|its|his|her)\s+"
    r"(?P<noun>[a-z]+)(?=\s*(?:$|[,;:.!?)—–]|(?:itself|as\s+is|open|active|alive|intact|and|but|though)\b))",
    re.I,
)
"""Keeping a thing named by one noun, at the end of its phrase ("keep the invoice", "keep the order itself")."""


def _thing(tool: ToolSpec) -> str:
    """The thing a tool's name acts on: its last word that is no destroy verb nor "id" (``void_invoice``: invoice)."""
    words = [w for w in name_words(tool.name) if not is_destroy_word(w) and w != "id"]
    return singular(words[-1]) if words else ""


def kept_records(text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) whose name's thing ``text`` keeps (``_KEPT``)."""
    out = np.zeros_like(destructive)
    kept = {singular(m.group("noun").lower()) for m in _KEPT.finditer(text)}
    if not kept:
        return out
    for j, tool in enumerate(tools):
        out[0, j] = bool(destructive[0, j]) and _thing(tool) in kept
    return out
