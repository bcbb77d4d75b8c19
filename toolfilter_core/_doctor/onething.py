"""One thing read twice by the same required key, named by two teams with other verbs.

``membership_get(client_id)`` ("Membership tier, points, prepaid balance and renewal date ...") beside
``membership_status_lookup(client_id)`` ("Look up a customer's loyalty membership: level, points, stored value,
expiry date"); ``list_members_export(list_name)`` beside ``sympa_list_subscribers(list_name)``: both only read, take
the same required inputs, each is the other's nearest definition among the reads of its language, and their names'
things are one (a thing word shared, or their ``head`` words near by the embedder: member ~ subscriber).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray

from .._chains import singular
from .._hints import says_destructive
from .._types import ToolSpec, bare_name
from .acts import act_kinds, is_record_id, name_objects, reads_status
from .definitions import language_of
from .errand import nearest_of
from .probes import name_words
from .samekey import OBJECT_NEAR

__all__ = ["one_thing_reads", "required"]

READ_OUT = frozenset({"export", "download", "dump"})
"""Verbs of reading a thing out that ``acts.name_objects`` keeps as things (``list_members_export``)."""

MANY_READ = frozenset({"list", "browse"})
"""Name verbs of reading many records (``bill_list``) beside a read of one (``bill_get``, by the same
``account_id``): a list and a get are two tools, never one written twice."""

Embed = Callable[[Sequence[str]], NDArray[np.float32]]


def required(tool: ToolSpec) -> frozenset[str]:
    """The names of a tool's required inputs (lower case)."""
    names = tool.parameters.get("required") or ()
    return frozenset(str(n).lower() for n in names if isinstance(n, str))


def _same_inputs_and_count(a: ToolSpec, b: ToolSpec) -> bool:
    """The same required inputs, and both read many records (``MANY_READ``) or both one."""
    many = [bool(MANY_READ & set(name_words(bare_name(t)).split())) for t in (a, b)]
    return required(a) == required(b) and many[0] == many[1]


def _read(tool: ToolSpec) -> bool:
    return act_kinds(tool.name) == {"read"} and not says_destructive(tool)


def one_thing_reads(
    tools: Sequence[ToolSpec], vectors: NDArray[np.float32], embed: Embed, *, near: float = OBJECT_NEAR
) -> set[tuple[int, int]]:
    """Every ``(i, j)``, ``i < j``: two reads by the same required inputs, mutual nearest, of one thing by name."""
    reads = [i for i, t in enumerate(tools) if _read(t) and required(t)]
    if len(reads) < 2:
        return set()
    groups = [(language_of(tools[i].description), frozenset({"read"})) for i in reads]
    nearest = nearest_of(np.asarray(vectors, dtype=np.float32)[reads], groups)
    found = set()
    for (n, _), m in nearest.items():
        i, j = reads[n], reads[m]
        if i < j and nearest.get((m, groups[n])) == n and _same_inputs_and_count(tools[i], tools[j]):
            found.add((i, j))
    objects = {i: _things(tools[i].name) for pair in found for i in pair}
    words = sorted({w for o in objects.values() for w in o})
    if not words:
        return set()
    named = np.asarray(embed(words), dtype=np.float64)
    named /= np.maximum(np.linalg.norm(named, axis=1, keepdims=True), 1e-12)
    at = {w: n for n, w in enumerate(words)}

    def near_any(word: str, others: Sequence[str]) -> bool:
        return any(word == o or float(named[at[word]] @ named[at[o]]) >= near for o in others)

    def one_thing(i: int, j: int) -> bool:
        a, b = objects[i], objects[j]
        left_a, left_b = [w for w in a if not near_any(w, b)], [w for w in b if not near_any(w, a)]
        if not a or not b or len(left_a) == len(a) or (left_a and left_b):
            return False  # nothing one, or two kinds of one thing (occupancy report, revenue report)
        return a[-1] not in left_a and b[-1] not in left_b  # a thing's part (event instances) is another thing

    return {(i, j) for i, j in found if one_thing(i, j) and not _keyed_by_one(tools[i], tools[j])}


def _keyed_by_one(a: ToolSpec, b: ToolSpec) -> bool:
    """A shared required record id (``acts.is_record_id``) of the thing one name reads and the other's does not.

    ``rental_get(rental_id)`` beside ``deposit_get(rental_id)``: the deposit is looked up by its rental's id, a
    foreign key; two things of one rental, not one tool written twice. ``get_patient_info(patient_id)`` beside
    ``patient_record_get(patient_id)`` (both name a patient) and ``membership_get(client_id)`` beside
    ``membership_status_lookup(client_id)`` (neither names a client) stay one thing.
    """
    things = [set(_things(t.name)) for t in (a, b)]
    shared = [p for p in a.parameters.get("required") or () if isinstance(p, str) and p.lower() in required(b)]
    for parameter in shared:
        words = [singular(w) for w in name_words(parameter).split()]
        if is_record_id(parameter) and len(words) > 1 and (words[-2] in things[0]) != (words[-2] in things[1]):
            return True
    return False


def _things(name: str) -> list[str]:
    """The name's thing words in order (``acts.name_objects``, less ``READ_OUT``): the last one its ``head``."""
    objects = name_objects(name)
    words = [singular(w) for w in name_words(bare_name(name)).split()]
    return list(dict.fromkeys(w for w in words if w in objects and w not in READ_OUT)) + _status_read(name)


def _status_read(name: str) -> list[str]:
    """``acts.reads_status``'s word as a thing (``flight_status``: status), else nothing."""
    word = reads_status(name)
    return [word] if word else []
