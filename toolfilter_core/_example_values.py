"""Where a text gives an example value: the value right after "e.g.", "for example", "such as", "like", "例如".

Chains read an id parameter's form from it (``_chains``); BM25 reads such an id by its letters
alone, and a tool's other ids by their digits too (``_id_words``).
"""

from __future__ import annotations

import re

__all__ = ["EXAMPLE", "example_spans"]

EXAMPLE = re.compile(
    r"(?:\be\.\s?g\.?|\bfor example\b|\bsuch as\b|\bexample:|\blike\b|\bformat\b|例如|比如|格式|如)[:：,，]?\s*"
    r"[`'\"“‘]?([A-Za-z0-9][A-Za-z0-9\-_./:#]*[A-Za-z0-9])",
    re.I,
)
"""An example marker, then its value (group 1)."""


def example_spans(text: str) -> list[tuple[int, int]]:
    """The start and end of each example value in ``text``, in order."""
    return [m.span(1) for m in EXAMPLE.finditer(text)]
