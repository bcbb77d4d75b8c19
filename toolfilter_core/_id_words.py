"""How BM25 reads an id in a text (``INV-5521``, ``订单号 A-1234``): its digits never as a word of their own.

An id's digits are an arbitrary value: the same digits under another prefix ("BK-5521" against a
description's example "INV-5521") or alone are no evidence a tool fits. The tokenizer splits
``INV-5521`` into ``inv`` and ``5521``; BM25 reads it as ``inv`` and ``inv5521`` instead, so the
digits match only the same whole id, and the prefix still matches its prefix. A run of digits
alone (``5521``, a date, a time) and a run the tokenizer keeps whole (``SH20931``) read as before.
"""

from __future__ import annotations

import re

from ._tokenize import tokenize

__all__ = ["ID_READING", "READINGS", "id_words"]

READINGS = ("digits", "whole", "letters")
"""``digits``: as the tokenizer splits it (the rule before); ``whole``: its letters, and the id as one
word; ``letters``: its letters alone."""
ID_READING = "whole"
"""Chosen by benchmarks/choose_id_reading.py on the dev registries (results/id_reading.json)."""

_RUN = re.compile(r"[A-Za-z0-9#][A-Za-z0-9#_\-./:]*")


def _read(run: str, reading: str) -> str:
    """One run of letters, digits and id punctuation, as ``reading`` reads it."""
    core = run.rstrip(".:/-")
    tokens = tokenize(core)
    alone = [t for t in tokens if t.isdigit()]
    if not alone or len(alone) == len(tokens) or sum(c.isdigit() for c in core) < 3:
        return run  # no digits of their own, digits alone, or too few to be an id
    words = [t for t in tokens if not t.isdigit()]
    if reading == "whole":
        words.append("".join(tokens))
    return " " + " ".join(words) + " "


def id_words(text: str, reading: str | None = None) -> str:
    """``text`` with each id (letters and 3+ digits the tokenizer would split apart) read as ``reading`` says.

    Args:
        text: A request or a tool's text.
        reading: One of ``READINGS``; None: ``ID_READING``.
    """
    how = ID_READING if reading is None else reading
    if how == "digits":
        return text
    return _RUN.sub(lambda m: _read(m.group(0), how), text)
