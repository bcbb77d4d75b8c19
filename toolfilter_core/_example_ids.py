"""The example values a profile request carries (``SH-20931``, ``#31000``): masked for BM25, zeros for the embedder.

A profile request is written from the tool definition alone, with concrete values to sound
like a user ("what did we make on SH-20931"). Those values are invented: a user's request
that carries the same id ("Status of shipment SH-20931?") shares nothing with that tool but
the id, yet BM25 would weigh the rare token highly and pull the tool in. So BM25 reads the
profile requests without them, and the embedder reads them as ``PROFILE_VALUES`` says: each
digit written ``0`` ("what's on order 4410" against "what's the points balance on member 4410?":
cosine 0.51; against "... member 0000?": 0.23).
"""

from __future__ import annotations

import re
from collections.abc import Container

__all__ = ["PROFILE_VALUES", "VALUE_READINGS", "embedded_text", "id_runs", "masked_ids"]

VALUE_READINGS = ("kept", "zeros", "masked")
"""What the embedder sees of a profile request's ids: ``kept`` as written; ``zeros`` each digit of an
id-like run written ``0`` (``INV-5521`` -> ``INV-0000``: the same shape, no value; an amount or a time of three
digits or more alike: ``$45.50`` -> ``$00.00``); ``masked`` the id left out."""
PROFILE_VALUES = "zeros"
"""Chosen by benchmarks/choose_profile_values.py on the dev registries (results/profile_values.json)."""

_RUN = re.compile(r"[A-Za-z0-9#][A-Za-z0-9#_\-./:]*")
_YEAR = re.compile(r"(?:19|20)\d\d")


def _id_like(run: str) -> bool:
    """Three or more digits in one run of letters, digits and id punctuation, and not a year alone."""
    core = run.rstrip(".:/-")
    return sum(c.isdigit() for c in core) >= 3 and not _YEAR.fullmatch(core)


def masked_ids(text: str, only: Container[str] | None = None) -> str:
    """``text`` with each id-like run (an order number, a code, a time, a version) replaced by a space.

    ``only``: just the id-like runs it holds (``id_runs``' form), the others kept.
    """
    return _RUN.sub(lambda m: " " if _id_like(m.group(0)) and (only is None or _key(m) in only) else m.group(0), text)


def id_runs(text: str) -> set[str]:
    """The id-like runs of ``text`` (those ``masked_ids`` leaves out), their trailing punctuation dropped."""
    return {_key(m) for m in _RUN.finditer(text) if _id_like(m.group(0))}


def _key(match: re.Match[str]) -> str:
    return match.group(0).rstrip(".:/-")


def _zeros(run: str) -> str:
    return "".join("0" if c.isdigit() else c for c in run) if _id_like(run) else run


def embedded_text(text: str, reading: str | None = None) -> str:
    """A profile request as the embedder reads it: its id-like runs as ``reading`` says (None: ``PROFILE_VALUES``)."""
    how = PROFILE_VALUES if reading is None else reading
    if how == "zeros":
        return _RUN.sub(lambda m: _zeros(m.group(0)), text)
    if how == "masked":
        return masked_ids(text)
    return text
