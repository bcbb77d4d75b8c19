"""The example values a profile request carries (``SH-20931``, ``#31000``), masked for BM25.

A profile request is written from the tool definition alone, with concrete values to sound
like a user ("what did we make on SH-20931"). Those values are invented: a user's request
that carries the same id ("Status of shipment SH-20931?") shares nothing with that tool but
the id, yet BM25 would weigh the rare token highly and pull the tool in. So BM25 reads the
profile requests without them; their vectors (what the embedder sees) keep them.
"""

from __future__ import annotations

import re

__all__ = ["masked_ids"]

_RUN = re.compile(r"[A-Za-z0-9#][A-Za-z0-9#_\-./:]*")
_YEAR = re.compile(r"(?:19|20)\d\d")


def _id_like(run: str) -> bool:
    """Three or more digits in one run of letters, digits and id punctuation, and not a year alone."""
    core = run.rstrip(".:/-")
    return sum(c.isdigit() for c in core) >= 3 and not _YEAR.fullmatch(core)


def masked_ids(text: str) -> str:
    """``text`` with each id-like run (an order number, a code, a time, a version) replaced by a space."""
    return _RUN.sub(lambda m: " " if _id_like(m.group(0)) else m.group(0), text)
