"""Which record an id's letters name, where the registry describes no id format: its prefix as an abbreviation.

"R-22018 不要了" carries an id whose prefix ("r") no tool's description, schema or profile
gives (``id_shapes``). The prefix is then read as an abbreviation of its record's noun
(INV → invoice, PO → parts order or purchase order, R → reservation). A tool's nouns are its
name's words less its verbs ("parts order" for ``parts_order_cancel``) and the names of the
ids it takes, less ``_id`` ("purchase order" for ``purchase_order_id``). A prefix abbreviates
a noun when it splits into pieces, one for each of the noun's first words in turn, each
opening with its word's first letter and its other letters found in that word in order
("inv" for invoice, "po" for purchase order, "r" for repair order).

Where a prefix abbreviates some tool's noun, a destructive tool with no noun it abbreviates is
contradicted by the id (``IdNouns.read``): "R-22018 不要了" is not ``invoice_void``'s act.
A prefix no tool's noun fits ("LM-301", a plate) says nothing, nor does the id about a tool
with no noun (``stripe__create_refund(charge, payment_intent)``: its name is verbs, it takes
no ``…_id``).
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

from .._snapshot import Snapshot
from .._types import ToolSpec
from .id_shapes import id_prefixes

__all__ = ["abbreviates", "id_nouns", "nouns"]

_VERBS = frozenset(
    "get list show find search read fetch lookup look create add new make book open update modify edit set change "
    "patch send delete remove cancel void drop kill erase purge destroy retire refund revoke close return checkout "
    "archive restore reset stop start run execute terminate withdraw reject approve mark record assign move by".split()
)
"""Words of a tool's name that say its act, not its object."""
_ID_SUFFIX = re.compile(r"^(.+?)_?(?:id|ids|ref|no|number|code|key)$")
_WORD = re.compile(r"[a-z]+")


def _words(name: str) -> list[str]:
    """The lowercase words of a snake or camel name."""
    return _WORD.findall(re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())


def nouns(tool: ToolSpec) -> list[tuple[str, ...]]:
    """The tool's nouns: its name's words less its verbs, and the names of the ids it takes less ``_id``."""
    name = tuple(w for w in _words(tool.name.rsplit("__", 1)[-1]) if w not in _VERBS)
    out = [name] if name else []
    properties = tool.parameters.get("properties")
    for key in properties if isinstance(properties, dict) else ():
        found = _ID_SUFFIX.match(str(key)) if isinstance(key, str) else None
        words = tuple(_words(found.group(1))) if found else ()
        if words and words not in out:
            out.append(words)
    return out


def _in_order(letters: str, word: str) -> bool:
    """``letters`` found in ``word`` in order."""
    rest = iter(word)
    return all(c in rest for c in letters)


def abbreviates(prefix: str, noun: Sequence[str]) -> bool:
    """``prefix`` splits into pieces, one per noun word in turn: the word's first letter, then more of it in order."""
    if not prefix:
        return True
    if not noun or prefix[0] != noun[0][:1]:
        return False
    return any(
        _in_order(prefix[1:cut], noun[0][1:]) and (cut == len(prefix) or abbreviates(prefix[cut:], noun[1:]))
        for cut in range(1, len(prefix) + 1)
    )


@dataclass(frozen=True, slots=True)
class IdRead:
    """Per tool (in the order asked): the request's id names its record; the id names another's."""

    fits: list[bool]
    contradicted: list[bool]


class IdNouns:
    """Per tool of a snapshot, its nouns; which prefixes the registry gives a format for."""

    def __init__(self, snapshot: Snapshot, described: frozenset[str]) -> None:
        self.nouns = {t.name: nouns(t) for t in snapshot.tools}
        self.described = described

    def _fit(self, prefixes: frozenset[str], name: str) -> bool:
        return any(abbreviates(p, n) for p in prefixes for n in self.nouns.get(name, ()))

    def read(self, text: str, tools: Sequence[ToolSpec]) -> IdRead | None:
        """The reading of ``text``'s ids whose prefix no tool describes and some tool's noun fits; None without one."""
        said = frozenset(p for p in id_prefixes(text) if p not in self.described)
        named = frozenset(p for p in said if any(self._fit(frozenset({p}), n) for n in self.nouns))
        if not named:
            return None
        fits = [self._fit(named, t.name) for t in tools]
        return IdRead(fits, [not f and bool(self.nouns.get(t.name)) for f, t in zip(fits, tools, strict=True)])


_CACHE: weakref.WeakKeyDictionary[Snapshot, IdNouns] = weakref.WeakKeyDictionary()


def id_nouns(snapshot: Snapshot, described: frozenset[str]) -> IdNouns:
    """The snapshot's ``IdNouns``, read once (``described``: the prefixes ``id_shapes`` found)."""
    found = _CACHE.get(snapshot)
    if found is None:
        found = _CACHE[snapshot] = IdNouns(snapshot, described)
    return found
