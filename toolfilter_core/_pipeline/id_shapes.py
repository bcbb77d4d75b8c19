r"""Which tools an id in a request is for: the prefixes of the ids each tool takes.

An id ("TA-20417", "sub_1QbY7jKl", "BK-58812") is letters, a dash or an underscore, and a
body of three or more letters and digits holding a digit; its prefix is the letters
("ta", "sub", "bk"). The ids a tool takes are read from the registry's own words: its
description and its parameters' schema ("预订号，如 BK-20931", "e.g. TA-12345", a pattern
``^TA-\d{5}$``), its profile requests in force, and what a parameter it shares with other
tools (``booking_ref``) is said to hold: by that parameter's own schema in any tool, or by
the description of a tool that takes that one parameter alone ("Get one booking by its
reference (e.g. TA-12345)" for ``booking_get(booking_ref)``). Read once per snapshot.

A profile request's id was invented by its writer from the tool definition alone: where the registry's own
words give a prefix to some tools ("class session id, e.g. S-1182"), a tool that only its profile requests
give that prefix ("revoke 5 credits from S-20931") does not take it (``OWN_WORDS_FIRST``).

A request that carries an id says which of the destructive tools it may mean it is about:
``decide.by_its_id`` gives the act to the tools that take that id (``named_by_id``).
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterator, Sequence

import numpy as np
from numpy.typing import NDArray

from .._snapshot import Snapshot
from .._types import ToolSpec, bare_name
from .name_verbs import NAME_VERBS

__all__ = [
    "DIGIT_TOKEN",
    "ID_AND_WORDS_ZH",
    "ID_OR_NUMBER",
    "ID_TOKEN",
    "RECORD_NUMBER",
    "id_letters",
    "id_prefixes",
    "id_shapes",
    "id_starts",
    "ids_in",
    "named_by_id",
]

OWN_WORDS_FIRST = True
"""A prefix the registry's own words (descriptions, schemas) give to some tools is not taken by another tool
for its profile requests alone (off: every prefix of a tool's profile requests is its). E.g. a
profile writer gave students "S-…" ids, and its own words give "S-…" to class sessions. Set by
reading, not chosen: no dev request reaches it (``benchmarks/destructive_ridealong.py`` moves by none)."""

_ID_START = r"(?<![A-Za-z0-9_-])"
ID_TOKEN = _ID_START + r"[A-Za-z][A-Za-z0-9_-]*\d[A-Za-z0-9_-]*"
"""A record's id in a request, as a regex to put in a reader's pattern: a letter, then letters, digits, dashes or
underscores holding a digit ("CU-5120", "GV-9QP1", "FARM-P2M9", "XA447201", "in_1PmW3a2eZvKYlo2C"). Latin letters and
digits only, so "CU-0001的会员折扣" ends at the id. Every reader of ids in a request's words reads this shape, or a
variant below, so that one token is an id to all of them or to none."""
ID_OR_NUMBER = _ID_START + r"#?(?:[A-Za-z][A-Za-z0-9_-]*)?\d[A-Za-z0-9_-]*"
"""An id (``ID_TOKEN``) or a number, bare or after "#": "order 4471" and "order #4471" name one record alike."""
RECORD_NUMBER = _ID_START + r"(?:#?[A-Za-z][A-Za-z0-9_-]*\d|#\d|\d{3})[A-Za-z0-9_-]*"
"""An id or a record's number, narrower than ``ID_OR_NUMBER``: a bare number of one or two digits is a count ("one of
the 2 bookings"), not a record ("booking 5521", "booking #12")."""
ID_AND_WORDS_ZH = ID_OR_NUMBER + r"[\w-]*"
"""An id or a number and the words written on after it with no space, in Chinese: what may stand between a record
noun and the 的, 里 or 要 after it ("账单B-702里点错的那杯奶茶": "B-702里点错")."""
DIGIT_TOKEN = r"[A-Za-z0-9_#./:-]*\d[A-Za-z0-9_#./:-]*"
"""Any token holding a digit, wider than ``ID_OR_NUMBER``: an id, a number, a date ("12/05") or a time ("10:30"), for
a reader that asks whether a request says anything but such tokens."""

_ID = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{1,6})[-_](?=[A-Za-z0-9]*\d)[A-Za-z0-9]{3,}(?![A-Za-z0-9])")
"""An id whose prefix a registry gives a tool, narrower than ``ID_TOKEN``: a prefix of one to six letters set apart
by a dash or an underscore, then three letters or digits or more ("TA-20417", "sub_1QbY7jKl"), the prefix captured
(a registry's words hold "covid-19" and "mp3", which give no tool a prefix)."""
_PATTERN = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{1,6})[-_](?:\\d|\[0-9\])")
"""A prefix in a schema's pattern: ``^TA-\\d{5}$``, ``INV-[0-9]+``."""
_PLACEHOLDER = re.compile(
    r"(?<![A-Za-z0-9])(?![Xx]+[-_])(?!(?:id|no|ref|tel)[-_])([A-Za-z]{1,6})[-_](?:x{3,}|X{3,}|#{3,})"
    r"(?![A-Za-z0-9]|[-_](?:x+|X+|#+|\d+)\b)",
    re.I,
)
"""An id format written with a placeholder body: "(R-xxxxx)", "LB-XXXX", "PO-#####" (not "XXX-XXXX",
"Tel-xxxx-xxxx" or "US-xxx-xxxx", a phone's, nor "ID-XXXXX", a generic word's). Read from
descriptions such as ("One web-shop order by number (R-xxxxx)", "by reference (LB-xxxxx)"), only in
the description of a tool that takes one parameter: it says what that parameter holds, so every tool that takes the
parameter takes the id (``cancel_order(order_id)`` beside ``get_order(order_id)``). A tool with no parameter keeps
its placeholder's letters for ``id_nouns`` to read as its record's ("sale id (S-xxxx)")."""


def id_prefixes(text: str, placeholders: bool = False) -> frozenset[str]:
    """The prefixes of the ids ``text`` holds, lowercased (a pattern's too; with ``placeholders``, a placeholder's)."""
    found = (*_ID.findall(text), *_PATTERN.findall(text), *(_PLACEHOLDER.findall(text) if placeholders else ()))
    return frozenset(m.lower() for m in found)


def id_starts(text: str) -> list[tuple[int, str]]:
    """Where each id of ``text`` starts, with its prefix lowercased."""
    return [(m.start(), m.group(1).lower()) for m in _ID.finditer(text)]


def ids_in(text: str) -> list[str]:
    """The ids ``text`` holds, as written ("S-1182")."""
    return [m.group(0) for m in _ID.finditer(text)]


_LETTERS = re.compile(r"\b([A-Za-z]{3,})[-_]?\d")


def id_letters(text: str) -> frozenset[str]:
    """The letters, three or more, that open an id of ``text``, lowercased ("inv" of "INV-1", "INV1", "INVOICE-7").

    Read looser than ``ids_in``: a digit may follow the letters at once or after a dash, with no body of three;
    what an id's letters begin (``objects.names_object``: "void INV-1" names the invoice).
    """
    return frozenset(m.lower() for m in _LETTERS.findall(text))


def _strings(value: object) -> Iterator[str]:
    """Every string value of a schema (not its keys)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _schema_ids(schema: object) -> frozenset[str]:
    """The id prefixes a parameter's own schema gives it, a placeholder's too ("booking_ref": "BW-xxxxx").

    A schema says what its one parameter holds, so a placeholder there is that parameter's id format, as it is in
    the description of a tool taking one parameter (``_PLACEHOLDER``).
    """
    return id_prefixes(" ".join(_strings(schema)), placeholders=True)


def _properties(tool: ToolSpec) -> dict[str, object]:
    properties = tool.parameters.get("properties")
    return {str(k): v for k, v in properties.items()} if isinstance(properties, dict) else {}


def _alone(tool: ToolSpec) -> str | None:
    """The one parameter a tool takes (its one required one, else its one property), if it takes one."""
    required = tool.parameters.get("required")
    alone = list(required) if isinstance(required, list) and required else list(_properties(tool))
    return alone[0] if len(alone) == 1 and isinstance(alone[0], str) else None


def _parameter_ids(tools: Sequence[ToolSpec]) -> dict[str, frozenset[str]]:
    """Per parameter name, the id prefixes the registry says it holds."""
    out: dict[str, set[str]] = {}
    for tool in tools:
        for name, schema in _properties(tool).items():
            out.setdefault(name, set()).update(_schema_ids(schema))
        alone = _alone(tool)
        if alone is not None and "_" in alone:
            out.setdefault(alone, set()).update(id_prefixes(tool.description, placeholders=True))
    for tool in tools:
        for name, prefix in _ids_named_for(tool.description, frozenset(out)):
            out[name].add(prefix)
    _numbers_of_others(tools, out)
    return {k: frozenset(v) for k, v in out.items() if v}


_NUMBER_OF = re.compile(r"\b([a-z]+)\s+(?:no\b|number\b|#)", re.I)
_NOT_A_NAME = frozenset({"id", "ref", "code", "no", "number", "num", "has", "have", "had"})
"""Words before "no." that name no other parameter: a generic word ("Payment id no.") or a "has no"."""


def _numbers_of_others(tools: Sequence[ToolSpec], out: dict[str, set[str]]) -> None:
    """Give a parameter the ids of another its schema says it holds the numbers of ("payment id or invoice no.").

    ``issue_refund(payment_id)`` "payment id or invoice no." takes what ``invoice`` holds ("invoice no. INV-xxxxx").
    """
    given = {name: set(prefixes) for name, prefixes in out.items()}
    for tool in tools:
        for name, schema in _properties(tool).items():
            for word in _NUMBER_OF.findall(" ".join(_strings(schema))):
                if word.lower() != name and word.lower() not in _NOT_A_NAME:
                    out.setdefault(name, set()).update(given.get(word.lower(), set()))


_FILLER = frozenset({"like", "e", "g", "eg", "such", "as", "for", "example", "i", "ie", "format", "a", "an", "the"})


def _ids_named_for(description: str, parameters: frozenset[str]) -> Iterator[tuple[str, str]]:
    """The ids a description gives a parameter by its name just before them, with the parameter.

    "returns a booking code like BK-123456" gives "bk" to ``booking_code``, whichever tools take it (a cinema's
    ``booking_create`` said so, and ``ticket_refund(booking_code)`` was read as taking another tool's id).
    Two words or more, joined by ``_``: a one-word name ("code", "id") says too little.
    """
    for found in _ID.finditer(description):
        words = [w.lower() for w in re.findall(r"[A-Za-z]+", description[max(0, found.start() - 60) : found.start()])]
        while words and words[-1] in _FILLER:
            words.pop()
        for size in (3, 2):
            name = "_".join(words[-size:])
            if len(words) >= size and name in parameters:
                yield name, found.group(1).lower()
                break


def _bare_ids(tools: Sequence[ToolSpec]) -> dict[str, frozenset[str]]:
    """Per tool, the ids the description of a tool taking one bare parameter (``id``) gives it and its kin.

    A one-word name says too little: "One web-shop order by number (R-xxxxx)" for ``get_order(id)`` gives
    "r" to ``get_order`` and to the tools sharing ``id`` whose object is its thing ("order", ``cancel_order``), not
    to ``delete_customer(id)`` ("Delete a customer account and all their orders") or ``get_product(id)``. A tool's
    thing, its object: the nouns of its name (``NAME_VERBS`` are none: "get" of ``get_order``).
    """
    out: dict[str, set[str]] = {}
    for tool in tools:
        alone, found = _alone(tool), id_prefixes(tool.description, placeholders=True)
        if alone is None or "_" in alone or not found:
            continue
        thing = _name_nouns(tool)
        for other in tools:
            if other is tool or (alone in _properties(other) and bool(thing & _name_nouns(other))):
                out.setdefault(other.name, set()).update(found)
    return {k: frozenset(v) for k, v in out.items()}


def _name_nouns(tool: ToolSpec) -> set[str]:
    """The words of a tool's name that are no verb, each with a trailing "s" dropped ("orders" reads as "order")."""
    words = {w for w in re.split(r"[_\W]+", bare_name(tool).lower()) if w and w not in NAME_VERBS}
    return {w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words}


class IdShapes:
    """Per tool of a snapshot, the prefixes of the ids it takes."""

    def __init__(self, snapshot: Snapshot) -> None:
        tools = snapshot.tools
        spoken = snapshot.index.profile_words()
        by_parameter = _parameter_ids(tools)
        bare = _bare_ids(tools)
        own: dict[str, frozenset[str]] = {}
        for tool in tools:
            found = set(id_prefixes(tool.description)) | bare.get(tool.name, frozenset())
            for name, schema in _properties(tool).items():
                found |= _schema_ids(schema) | by_parameter.get(name, frozenset())
            own[tool.name] = frozenset(found)
        owned: frozenset[str] = frozenset().union(*own.values()) if OWN_WORDS_FIRST else frozenset()
        self.prefixes: dict[str, frozenset[str]] = {}
        for tool in tools:
            heard = {p for text in spoken.get(tool.name, ()) for p in id_prefixes(text)}
            self.prefixes[tool.name] = own[tool.name] | frozenset(heard - owned)
        self.described: frozenset[str] = frozenset().union(*self.prefixes.values())
        """Every prefix some tool takes."""

    def takes(self, text: str, tools: Sequence[ToolSpec]) -> list[bool]:
        """Per tool: it takes an id ``text`` carries (all False when the request carries none)."""
        said = id_prefixes(text)
        return [bool(said & self.prefixes.get(t.name, frozenset())) for t in tools]


_CACHE: weakref.WeakKeyDictionary[Snapshot, IdShapes] = weakref.WeakKeyDictionary()


def id_shapes(snapshot: Snapshot) -> IdShapes:
    """The snapshot's ``IdShapes``, read once."""
    found = _CACHE.get(snapshot)
    if found is None:
        found = _CACHE[snapshot] = IdShapes(snapshot)
    return found


def named_by_id(takes: Sequence[bool], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidates (best first, padded) that take an id the request carries."""
    out = np.zeros_like(destructive)
    for j, yes in enumerate(takes):
        out[0, j] = yes and bool(destructive[0, j])
    return out
