"""How BM25 reads an id in a tool's text (``INV-5521``, ``PR-4200``): an example value by its letters alone.

An id a description gives as an example ("e.g. INV-5521", "such as", "like", "format", "例如", "如":
``_example_values``) is no evidence the tool fits: the same digits under another prefix ("BK-5521")
are a coincidence, and so is the same id. BM25 reads it as ``inv`` alone, so a request's id matches it
by its prefix (``INV-7730``). Any other id in a tool's text (its name, "Status of press PR-5500 on
line B", "the X-200 sensor") is the tool's own: a model, a machine, a product code, read as the
tokenizer splits it (``pr``, ``5500``), so "status of press PR-5500" tells line B from line A.
The request's words weigh as they did.
An id here: letters and digits joined by ``-``, ``_`` or ``#`` with a word of letters alone and three
digits or more standing apart. Digits alone (``5521``, a date, a time), a run the tokenizer keeps
whole (``SH20931``), a port (``tcp/443``) or a timestamp (``2026-12-03T21:14``) read as before.
Profile requests lose their ids whole before (``_example_ids``).
"""

from __future__ import annotations

import re

from ._example_values import example_spans
from ._tokenize import tokenize

__all__ = ["ID_READING", "READINGS", "id_words"]

READINGS = ("digits", "whole", "letters", "tools", "examples")
"""``digits``: as the tokenizer splits it (the rule before); ``whole``: its letters, and the id as one
word; ``letters``: its letters alone; ``tools``: its letters alone in the tools' texts, the request's ids
as the tokenizer splits them; ``examples``: as ``tools`` for a tool's example values alone, its other
ids as the tokenizer splits them."""
ID_READING = "examples"
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


def id_words(text: str, reading: str | None = None, *, request: bool = False) -> str:
    """``text`` with each id (a word of letters and three digits the tokenizer splits apart) read as ``reading`` says.

    Args:
        text: A tool's text, or a request (``request``).
        reading: One of ``READINGS``; None: ``ID_READING``.
        request: The text is the request, not a tool's.
    """
    how = ID_READING if reading is None else reading
    if how in ("tools", "examples"):
        if request:
            return text
        if how == "examples":
            return _examples(text)
        how = "letters"
    if how == "digits":
        return text
    return _RUN.sub(lambda m: _read(m.group(0), how), text)


def _examples(text: str) -> str:
    """``text`` with the ids of its example values read by their letters, its other ids as they are."""
    parts, end = [], 0
    for start, stop in example_spans(text):
        parts += [text[end:start], _RUN.sub(lambda m: _read(m.group(0), "letters"), text[start:stop])]
        end = stop
    return "".join([*parts, text[end:]])
