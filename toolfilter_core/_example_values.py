"""Where a text gives an example value: the value right after "e.g.", "for example", "such as", "like", "例如".

Also after "i.e.", "Example id:", 示例, 样例, before "style" ("(INV-5521 style)"), and each value of a list the
marker opens ('e.g. "INV-5521" or "INV-5522"'). Chains read an id parameter's form from it (``_chains``); BM25
reads such an id by its letters alone, and a tool's other ids by their digits too (``_id_words``).
"""

from __future__ import annotations

import re

__all__ = ["EXAMPLE", "example_spans"]

_VALUE = r"([A-Za-z0-9][A-Za-z0-9\-_./:#]*[A-Za-z0-9])"
EXAMPLE = re.compile(
    r"(?:\be\.\s?g\.?|\bi\.\s?e\.?|\bfor example\b|\bsuch as\b|\bexamples?(?:\s+(?:ids?|values?|codes?|numbers?))?\s*:"
    r"|\blike\b|\bformat\b|例如|比如|示例|样例|举例|格式|如)[:：,，]?\s*"
    rf"[`'\"“‘]?{_VALUE}",
    re.I,
)
"""An example marker, then its value (group 1)."""
_STYLE = re.compile(rf"(?<![A-Za-z0-9\-_./:#]){_VALUE}(?:\s+|-)style\b", re.I)
"""A value a word after it marks as an example: "(INV-5521 style)", "INV-5521-style ids"; read where it holds a
digit (``_DIGIT``)."""
_MORE = re.compile(rf"[`'\"”’]?\s*(?:,|;|/|、|\bor\b|\band\b|或者|或|和)\s*[`'\"“‘]?{_VALUE}", re.I)
"""A further value of a list an example marker opens: 'e.g. "INV-5521" or "INV-5522"' (one holding a digit)."""
_DIGIT = re.compile(r"\d")


def example_spans(text: str) -> list[tuple[int, int]]:
    """The start and end of each example value in ``text``, in order."""
    spans = []
    for match in EXAMPLE.finditer(text):
        spans.append(match.span(1))
        spans += _listed(text, match.end())
    spans += [m.span(1) for m in _STYLE.finditer(text) if _DIGIT.search(m.group(1))]
    return _apart(spans)


def _apart(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` in order, each that overlaps an earlier one left out."""
    kept: list[tuple[int, int]] = []
    for start, stop in sorted(set(spans)):
        if not kept or start >= kept[-1][1]:
            kept.append((start, stop))
    return kept


def _listed(text: str, end: int) -> list[tuple[int, int]]:
    """The further values, each holding a digit, that follow an example value ending at ``end``."""
    found = []
    while (more := _MORE.match(text, end)) is not None and _DIGIT.search(more.group(1)):
        found.append(more.span(1))
        end = more.end()
    return found
