"""How BM25 reads an id in a text (``INV-5521``, ``订单号 A-1234``): its digits never as a word of their own.

An id's digits are an arbitrary value: the same digits under another prefix ("BK-5521" against a
description's example "INV-5521") or alone are no evidence a tool fits. The tokenizer splits
``INV-5521`` into ``inv`` and ``5521``; BM25 reads it as ``inv`` and ``inv5521`` instead, so the
digits match only the same whole id, and the prefix still matches its prefix. An id here: letters
and digits joined by ``-``, ``_`` or ``#`` with a word of letters alone and three digits or more
standing apart. Digits alone (``5521``, a date, a time), a run the tokenizer keeps whole
(``SH20931``), a port (``tcp/443``) or a timestamp (``2026-12-03T21:14``) read as before.
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

_RUN = re.compile(r"[A-Za-z0-9#][A-Za-z0-9#_\-]*")


def _read(run: str, reading: str) -> str:
    """One run of letters, digits, ``-``, ``_`` and ``#``, as ``reading`` reads it."""
    tokens = tokenize(run)
    if not any(t.isalpha() for t in tokens) or not any(t.isdigit() and len(t) >= 3 for t in tokens):
        return run  # no word of letters, or no three digits standing apart: no id
    words = [t for t in tokens if not t.isdigit()]
    if reading == "whole":
        words.append("".join(tokens))
    return " " + " ".join(words) + " "


def id_words(text: str, reading: str | None = None) -> str:
    """``text`` with each id (a word of letters and three digits the tokenizer splits apart) read as ``reading`` says.

    Args:
        text: A request or a tool's text.
        reading: One of ``READINGS``; None: ``ID_READING``.
    """
    how = ID_READING if reading is None else reading
    if how == "digits":
        return text
    return _RUN.sub(lambda m: _read(m.group(0), how), text)
