"""Two tools whose parameters carry the same things under other names (two teams' definitions of one errand).

A house-moving company's ``quote_estimate(origin, destination, ...)`` ("Estimate the price of a move ...") beside the
sales team's ``move_price_calculator(from_address, to_address, ...)``: each pair of parameters described alike
("Pickup address", "Delivery address") but named otherwise. One team copies a parameter's description with its name;
two teams writing one errand keep what it carries and rename it.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Mapping, Sequence

from .._types import ToolSpec

__all__ = ["renamed_inputs", "renamed_pairs"]

RENAMED_LEAST = 2
"""Parameters, at least, described alike under other names: one ("Customer id") is any two tools' shared key."""
_FORMAT = re.compile(r"\b(?:yyyy|iso|date|time|datetime|timestamp)\b|^[\W\d_]*$", re.I)
"""A description that says a format or a date, not a thing: "yyyy-mm-dd" is every dated tool's."""


def _described(tool: ToolSpec) -> dict[str, str]:
    """Each parameter's description, lower case, blanks and closing stops folded; a format or a date left out."""
    properties = tool.parameters.get("properties") or {}
    out: dict[str, str] = {}
    if not isinstance(properties, Mapping):
        return out
    for name, schema in properties.items():
        said = schema.get("description") if isinstance(schema, Mapping) else None
        text = " ".join(str(said or "").lower().split()).strip(" .")
        if text and not _FORMAT.search(text):
            out[str(name)] = text
    return out


def renamed_inputs(a: ToolSpec, b: ToolSpec) -> tuple[tuple[str, str], ...]:
    """The ``(a's, b's)`` parameters described alike (one of each description) under other names, when two or more.

    ``(("origin", "from_address"), ("destination", "to_address"))``; empty under ``RENAMED_LEAST``.
    """
    return _renamed(_described(a), _described(b))


def _renamed(mine: Mapping[str, str], theirs: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    by_text: dict[str, list[str]] = {}
    for name, text in theirs.items():
        by_text.setdefault(text, []).append(name)
    once = list(mine.values())
    pairs = tuple(
        (name, by_text[text][0])
        for name, text in mine.items()
        if once.count(text) == 1 and len(by_text.get(text, ())) == 1 and by_text[text][0] != name
    )
    return pairs if len(pairs) >= RENAMED_LEAST else ()


def renamed_pairs(tools: Sequence[ToolSpec]) -> set[tuple[int, int]]:
    """Every ``(i, j)``, ``i < j``, of ``renamed_inputs`` (only the pairs sharing two descriptions are compared)."""
    described = [_described(t) for t in tools]
    holders: dict[str, list[int]] = {}
    for i, said in enumerate(described):
        for text in set(said.values()):
            holders.setdefault(text, []).append(i)
    shared = Counter(p for held in holders.values() for p in itertools.combinations(held, 2))
    return {p for p, n in shared.items() if n >= RENAMED_LEAST and _renamed(described[p[0]], described[p[1]])}
