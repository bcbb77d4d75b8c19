"""One read of one thing by the names and the first sentences: two teams' reads of a player, a patient record.

``player_lookup`` ("Look up a player by name or id") beside ``get_player_profile`` ("Get a player's profile: level,
region, account status"), ``get_patient_info`` beside ``patient_record_get``: both names only read, and what they
read is one thing once the words that say a read of a record (info, profile, record, details) are left out and
compound words are joined (giftcode = gift code). Two such reads are no duplicate when their first sentences say
different things: ``giftcode_check`` ("whether a gift code is valid and its balance") beside ``gift_code_lookup``
("who a gift code was issued to and when") share no word but the names' own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._chains import singular
from .._hints import says_destructive
from .._types import ToolSpec, bare_name
from .acts import act_kinds, is_record_id, name_objects, reads_status
from .definitions import language_of
from .probes import name_words

__all__ = ["one_reading_pairs", "one_record_read", "reads_many", "say_different"]

READ_NOUNS = frozenset({"info", "information", "profile", "record", "detail", "details"})
"""Name words that say a read of one thing's record, not another thing (``get_patient_info``,
``patient_record_get``, ``get_player_profile``)."""

MANY_READ = frozenset({"list", "browse", "search", "query"})
"""Name verbs of reading many records: ``onething.MANY_READ`` and a search, which a get by its key is not one tool
with (``get_booking`` by number beside ``search_bookings``, as ``acts.keyed_apart``)."""

PLAIN = frozenset(
    "a an the of to and or for with its their his her whether who when what which where how was were is are be been "
    "it this that these in on at from as any all one up look get find fetch show return returns given".split()
)
"""Words of a first sentence that say nothing of what the tool gives: function words and read verbs."""

_WORD = re.compile(r"[a-z]+")
_BY = re.compile(r"\bby\b[^:;.]*")
"""A first sentence's "by ..." inputs, up to what the tool gives ("by id: level, region" keeps "level, region")."""
_FIRST = re.compile(r"(?<=[.;!?])\s")


def _words(name: str) -> list[str]:
    return [singular(w) for w in name_words(bare_name(name)).split()]


def _thing(name: str) -> str:
    """What a read name reads, its thing words joined (``gift_code_lookup``: giftcode), less ``READ_NOUNS``."""
    objects = name_objects(name)
    return "".join(w for w in _words(name) if w in objects and w not in READ_NOUNS)


def _server(tool: ToolSpec) -> str:
    """A tool's ``server__`` ('' for none): two servers' reads of one thing are two systems, not one tool twice."""
    return tool.name.rsplit("__", 1)[0] if "__" in tool.name else ""


def reads_many(name: str) -> bool:
    """A name (its ``server__`` left out) says a read of many records (``MANY_READ``: list, search ...)."""
    return bool(MANY_READ & set(name_words(bare_name(name)).split()))


def one_record_read(tool: ToolSpec) -> bool:
    """A name that only reads (``act_kinds``), one record (no ``reads_many``), and does not destroy."""
    return act_kinds(tool.name) == {"read"} and not says_destructive(tool) and not reads_many(tool.name)


def one_thing_read(a: ToolSpec, b: ToolSpec) -> bool:
    """Both names of one server only read one record of one thing (``_thing``), both or neither its status."""
    if (
        not (one_record_read(a) and one_record_read(b))
        or reads_status(a.name) != reads_status(b.name)
        or _server(a) != _server(b)
    ):
        return False
    thing = _thing(a.name)
    return bool(thing) and thing == _thing(b.name)


def _said(tool: ToolSpec, names: set[str]) -> set[str]:
    """The words of a description's first sentence before its "by ..." inputs, less ``PLAIN`` and the names' words."""
    first = _FIRST.split(tool.description.strip().lower(), maxsplit=1)[0] if tool.description else ""
    words = {singular(w) for w in _WORD.findall(_BY.sub(" ", first)) if len(w) > 2}
    return {w for w in words if w not in PLAIN and w not in READ_NOUNS and w not in names}


def say_different(a: ToolSpec, b: ToolSpec) -> bool:
    """Two reads whose first sentences (English) each say what the tool gives, and no word of it is the other's.

    Only for two names of one thing (``_thing``: ``giftcode_check`` and ``gift_code_lookup``), where their words
    cannot tell them apart, that share no required record id (two reads by ``patient_id`` are one read whatever
    their sentences say); the names' words are left out. Two names of other things (``customer_find``,
    ``crm_client_lookup``; ``list_members_export``, ``sympa_list_subscribers``) are left to the other readings.
    """
    if not all(act_kinds(t.name) == {"read"} and language_of(t.description) == "en" for t in (a, b)):
        return False
    thing = _thing(a.name)
    if not thing or thing != _thing(b.name) or _one_key(a, b):
        return False
    names = set(_words(a.name)) | set(_words(b.name))
    names |= {"".join(_words(t.name)) for t in (a, b)}
    said_a, said_b = _said(a, names), _said(b, names)
    return bool(said_a and said_b) and not said_a & said_b


def _one_key(a: ToolSpec, b: ToolSpec) -> bool:
    """Both require one record id alike (``acts.is_record_id``: ``patient_id``): two reads of one thing by it.

    A shared query or name is no key, and a shared code no record id (``giftcode_check(code)`` beside
    ``gift_code_lookup(code)`` ask two things of one gift code).
    """
    keys = [t.parameters.get("required") for t in (a, b)]
    if not all(isinstance(k, list) and k for k in keys):
        return False
    shared = set(keys[0] or ()) & set(keys[1] or ())
    return any(isinstance(p, str) and is_record_id(p) for p in shared)


def one_reading_pairs(tools: Sequence[ToolSpec]) -> set[tuple[int, int]]:
    """Every ``(i, j)``, ``i < j``: one read of one thing by their names, whose first sentences say no different."""
    reads = [i for i, t in enumerate(tools) if one_record_read(t)]
    return {
        (i, j)
        for n, i in enumerate(reads)
        for j in reads[n + 1 :]
        if one_thing_read(tools[i], tools[j]) and not say_different(tools[i], tools[j])
    }
