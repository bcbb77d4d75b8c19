"""Two reads of one thing by the same key, named by two teams in other words.

``student_search(q)`` ("by name, phone, email or student ID") beside ``crm_find_learner(keyword)`` ("by name, phone
number or WeChat ID"); ``fleet_vehicle_get(plate, vin)`` beside ``carStatusLookup(plate_no)``: both read, take the
same key (a key parameter of one stem, or free text said to be searched by the same contact words), and their names'
things are one by the embedder's nearness of the words (student ~ learner, vehicle ~ car), none shared.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Container, Sequence

import numpy as np
from numpy.typing import NDArray

from .._chains import singular
from .._hints import says_destructive
from .._types import ToolSpec, bare_name
from .acts import CONTACT_WORDS, KEY_WORDS, act_kinds, is_key, name_objects

__all__ = ["head", "one_search_reads", "same_key", "same_key_reads", "searched_by"]

OBJECT_NEAR = 0.6
"""Two names' things (``head``) are one at or above this cosine of the embedder's vectors of the two words (the
default embedder: student ~ learner 0.65, vehicle ~ car 0.84; vehicle ~ fine 0.37).
No pair of the dev registries passes the key rule, so no dev data could choose it (docs/doctor.md). It does not
tell student from teacher (0.67): two reads of people by name and phone named for those two would be told."""
QUERY_WORDS = frozenset("q query keyword keywords search term text".split())
"""Parameter names that take free text."""
KEY_TAILS = frozenset("no number num id code".split())
"""The last words a key parameter's stem drops (``plate_no`` -> plate)."""
_BY = re.compile(r"\bby\s+([^.;:()\n]+)", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+")
_IDS = frozenset({"id", "ids", "uuid", "key"})
BY_WORDS = CONTACT_WORDS | {"id"}
"""The words of a "by ..." clause that say a person's key: name, phone, e-mail, an id."""

Embed = Callable[[Sequence[str]], NDArray[np.float32]]


def _words(name: str) -> list[str]:
    return _WORD.findall(re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).lower())


def _stems(tool: ToolSpec, *, own: bool = False) -> set[str]:
    """The stems of a tool's key parameters (``acts.is_key``), bare record ids left out: ``plate_no`` -> plate.

    ``own``: only the stems that say an identifier themselves (``acts.KEY_WORDS``: plate, sku, isbn), the key of the
    thing that bears it; ``order_no`` beside ``invoice_get`` names another record, the invoice's order (a foreign
    key: the invoice and the receipt of one order are two things).
    """
    out = set()
    for parameter in tool.parameter_names:
        words = _words(parameter)
        if is_key(parameter) and words:
            kept = [w for w in words if w not in KEY_TAILS] or words
            if kept[-1] not in _IDS and (not own or kept[-1] in KEY_WORDS):
                out.add(kept[-1])
    return out


def _by_words(tool: ToolSpec) -> set[str]:
    """Of a free-text search (its required inputs, else all, take text: ``QUERY_WORDS``), its "by" clauses' words."""
    inputs = tool.parameters.get("required") or tool.parameter_names  # none required: what it takes
    if not inputs or any(not isinstance(r, str) or r.lower() not in QUERY_WORDS for r in inputs):
        return set()
    return {w for clause in _BY.findall(tool.description) for w in _words(clause) if w in BY_WORDS}


def same_key(a: ToolSpec, b: ToolSpec, things: Container[str] = frozenset(), *, own: bool = False) -> str:
    """The key two tools both read by, or '': a key parameter's stem, or free text searched by the same words.

    ``things``: the registry's name objects; a key of one (``student_id`` beside ``student_account_get``) is a
    foreign key, a record's reference, not a key both read by. ``own``: only keys that say an identifier (``_stems``).
    """
    stems = sorted(s for s in _stems(a, own=own) & _stems(b, own=own) if s not in things)
    if stems:
        return ", ".join(stems)
    shared = _by_words(a) & _by_words(b)
    return ", ".join(sorted(shared)) if shared - {"id"} else ""


def head(name: str) -> str:
    """The last word of a name that says no act, singular: the thing it reads, or ''.

    ``crm_find_learner``: learner; ``parking_fine_search``: fine; ``carStatusLookup``: car.
    """
    things = [singular(w) for w in _words(bare_name(name)) if len(w) > 1 and not act_kinds(w)]
    return things[-1] if things else ""


def _reads(tool: ToolSpec) -> bool:
    return act_kinds(tool.name) == {"read"} and not says_destructive(tool)


def _name_words(name: str) -> set[str]:
    """A name's words less its ``server__``, singular, verbs too (``student_search``: student, search)."""
    return {singular(w) for w in _words(bare_name(name))}


def _candidates(tools: Sequence[ToolSpec]) -> dict[tuple[int, int], str]:
    """Pairs of reads on different things (no name word shared) with one key, grouped by key (no all-pairs loop).

    A key parameter's stem counts when it says an identifier (``_stems(own=True)``): a key naming another thing
    (``order_no``) is a foreign key, no evidence the two read one thing.
    """
    things = set().union(*(name_objects(t.name) for t in tools))  # a key of a thing a tool is named for: a foreign key
    groups: dict[str, list[int]] = {}
    for i, tool in enumerate(tools):
        if _reads(tool):
            stems = _stems(tool, own=True) - things
            for key in {f"p:{s}" for s in stems} | {f"b:{w}" for w in _by_words(tool) - {"id"}}:
                groups.setdefault(key, []).append(i)
    out = {}
    for members in groups.values():
        for i, j in itertools.combinations(members, 2):
            if (i, j) not in out and not _name_words(tools[i].name) & _name_words(tools[j].name):
                key = same_key(tools[i], tools[j], things, own=True)
                if key:
                    out[i, j] = key
    return out


def same_key_reads(tools: Sequence[ToolSpec], embed: Embed) -> dict[tuple[int, int], str]:
    """Every ``(i, j)``, ``i < j``, of two reads by one key whose ``head`` words are near (``OBJECT_NEAR``)."""
    found = _candidates(tools)
    if not found:
        return {}
    heads = {i: head(tools[i].name) for pair in found for i in pair}
    words = sorted({w for w in heads.values() if w})
    if not words:
        return {}
    vectors = np.asarray(embed(words), dtype=np.float64)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    at = {w: n for n, w in enumerate(words)}
    return {
        (i, j): key
        for (i, j), key in found.items()
        if heads[i] and heads[j] and float(vectors[at[heads[i]]] @ vectors[at[heads[j]]]) >= OBJECT_NEAR
    }


def one_search_reads(tools: Sequence[ToolSpec]) -> dict[tuple[int, int], str]:
    """Every ``(i, j)``, ``i < j``, of two reads from free text said to be searched by the same contact words.

    Names sharing no word, each taking only free text (``QUERY_WORDS``), "by" clauses sharing a person's phone or
    e-mail (``_by_words``; a name alone is any thing's: "by drug name"), and no key parameter of one stem: a car
    rental's ``driver_lookup(query)`` ("by name, email or driving licence number") beside ``crm_contact_find(term)``
    ("by name, email or phone"). Whatever their names' things (``same_key_reads`` holds those near by the
    embedder): a request "look up Anna Kowalski" fits both. The value: the words both are searched by.
    """
    out = {}
    for i, j in _candidates(tools):
        shared = searched_by(tools[i], tools[j])
        if set(shared.split(", ")) - {"name", ""} and not _stems(tools[i], own=True) & _stems(tools[j], own=True):
            out[i, j] = shared
    return out


def searched_by(a: ToolSpec, b: ToolSpec) -> str:
    """The words of a person both free-text searches say they search by (``_by_words``, no id), or ''."""
    return ", ".join(sorted(_by_words(a) & _by_words(b) - {"id"}))
