"""Keys of a file's row spelt close to a field the row lacks: a misspelt field, said with the field it stands for.

The profiles, queries and conversations files keep other keys as notes (a reviewer's ``note``); a key
within a letter or two of a field the row lacks (``reqests``, ``knd``, ``mesages``, ``destructivehint``)
is no note but that field misspelt, which would otherwise be dropped without a word.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Mapping
from typing import Any

from ._files import excerpt

__all__ = ["CLOSE", "misspelt", "misspelt_line"]

CLOSE = 0.8
"""How alike (``difflib`` ratio, case ignored) a key and a field must be to be read as that field misspelt."""


def misspelt(row: Mapping[Any, Any], fields: Collection[str]) -> tuple[str, str] | None:
    """The first key of ``row`` that is no field but spelt close to one ``row`` lacks: ``(key, field)``; or None."""
    missing = {field.lower(): field for field in fields if field not in row}
    for key in row:
        if not isinstance(key, str) or key in fields:
            continue
        swapped = [field for field in missing if _swapped(key.lower(), field)]
        close = swapped or difflib.get_close_matches(key.lower(), list(missing), n=1, cutoff=CLOSE)
        if close:
            return key, missing[close[0]]
    return None


def _swapped(key: str, field: str) -> bool:
    """``lnag`` for ``lang``: two neighbouring letters swapped, a slip ``difflib`` rates low in a short word."""
    apart = [i for i, (a, b) in enumerate(zip(key, field, strict=False)) if a != b]
    return (
        len(key) == len(field) >= 3
        and len(apart) == 2
        and apart[1] == apart[0] + 1
        and key[apart[0]] == field[apart[1]]
        and key[apart[1]] == field[apart[0]]
    )


def misspelt_line(row: Mapping[Any, Any], fields: Collection[str], *, prefix: str = "") -> str:
    """``field 'knd' is 'a'; unknown field (did you mean 'kind'?); allowed: [...]`` for a misspelt key, else ''."""
    found = misspelt(row, fields)
    if found is None:
        return ""
    key, field = found
    return (
        f"field {prefix + key!r} is {excerpt(row[key])}; unknown field (did you mean {prefix + field!r}?); "
        f"allowed: {sorted(fields)} (other keys are kept as notes)"
    )
