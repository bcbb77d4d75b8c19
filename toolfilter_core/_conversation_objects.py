"""Which destructive tool acts on the objects a conversation's earlier tool calls made or read.

"算了，王芳那个撤了吧" (forget it, withdraw Wang Fang's one), after ``enrolment_create``
answered ``{"ok": true, "enrolment_id": "E-901"}``, asks to undo on that enrolment:
``enrolment_withdraw`` takes an ``enrolment_id``; ``refund_issue`` takes an ``invoice_id``,
an object no call of the conversation made or read. A tool **acts on an earlier object**
when one of its parameters is named as an identifier key (``…id``, ``…_id``, ``…Id``;
not a bare ``id``) of an earlier tool result's JSON. A bare ``id`` is the record's own: a
result ``[{"id": "P-9931"}]`` of ``payment_list`` is a payment, which ``payment_refund``
takes as ``payment_id`` (``record_nouns``, ``on_records``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ._conversation import Turn
from ._types import ToolSpec, bare_name

__all__ = [
    "acts_on_record",
    "maker_keys",
    "named_ids",
    "object_keys",
    "on_objects",
    "on_records",
    "record_nouns",
    "record_tools",
    "record_words",
]

_ID_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9]*[_-]?(?:id|Id|ID)$")
"""An identifier key that names its object: ``enrolment_id``, ``classId``; not ``id`` alone."""


def _keys(value: Any, out: set[str], depth: int = 0) -> None:
    """The keys of every JSON object in ``value`` (nested, bounded)."""
    if depth > 6:
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            out.add(str(key))
            _keys(inner, out, depth + 1)
    elif isinstance(value, list):
        for inner in value[:50]:
            _keys(inner, out, depth + 1)


def object_keys(turns: Sequence[Turn], before: int) -> frozenset[str]:
    """The identifier keys of the tool results before ``before`` (what the earlier calls made or read)."""
    found: set[str] = set()
    for turn in turns[:before]:
        if turn.role != "tool" or not turn.text.lstrip().startswith(("{", "[")):
            continue
        try:
            _keys(json.loads(turn.text), found)
        except ValueError:
            continue
    return frozenset(k for k in found if len(k) > 2 and _ID_KEY.match(k))


def maker_keys(tools: Iterable[ToolSpec], makers: Sequence[str]) -> frozenset[str]:
    """The identifier keys the tools that made or read the conversation's records require.

    ``boarding_status`` requires a ``stay_id``: the stay it read is the object of a destroyer
    that takes a ``stay_id`` too, whatever its result's keys (``{"stay": "BS-7001"}``).
    """
    wanted = set(makers)
    found: set[str] = set()
    for tool in tools:
        required = tool.parameters.get("required") if tool.name in wanted else None
        if isinstance(required, list):
            found.update(k for k in required if isinstance(k, str))
    return frozenset(k for k in found if len(k) > 2 and _ID_KEY.match(k))


def on_objects(tools: Iterable[ToolSpec], keys: frozenset[str]) -> list[ToolSpec]:
    """The ``tools`` with a parameter named as one of ``keys`` (they act on an earlier call's object)."""
    if not keys:
        return []
    return [t for t in tools if keys.intersection(t.parameter_names)]


def record_nouns(turns: Sequence[Turn], before: int) -> frozenset[str]:
    """The words of the tools whose JSON results before ``before`` hold a record's own bare ``id``.

    ``[{"id": "P-9931", "amount": 300}]`` from ``payment_list``: a payment's id, which a tool
    takes as ``payment_id`` (``on_records``).
    """
    found: set[str] = set()
    for turn in turns[:before]:
        if turn.role != "tool" or not turn.called or not turn.text.lstrip().startswith(("{", "[")):
            continue
        keys: set[str] = set()
        try:
            _keys(json.loads(turn.text), keys)
        except ValueError:
            continue
        if "id" in keys:
            found.update(w for name in turn.called for w in record_words(name))
    return frozenset(found)


def on_records(tools: Iterable[ToolSpec], nouns: frozenset[str]) -> list[ToolSpec]:
    """The ``tools`` with a parameter naming the id of a record of ``nouns`` (``payment_id`` for ``payment``)."""
    if not nouns:
        return []
    return [t for t in tools if any(_record_of(p) in nouns for p in t.parameter_names)]


def _record_of(parameter: str) -> str:
    """The record a parameter is the id of: ``payment`` for ``payment_id`` or ``paymentId``; "" for another."""
    found = re.fullmatch(r"([a-z]+?)[_-]?id", parameter.lower())
    return _stem(found.group(1)) if found else ""


_NAMED_ID = re.compile(
    r"(?<![A-Za-z0-9_-])(?:#\d{1,12}|[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)*[-_]?\d[A-Za-z0-9]*)(?![A-Za-z0-9_-])"
)
"""An id a follow-up names, short ones too: "PO-1", "#12", "W-1093", "P9931" (a letter or ``#``, then a digit)."""


def named_ids(text: str) -> list[str]:
    """The ids ``text`` names ("and cancel PO-1" → ``["PO-1"]``; "#12" → ``["12"]``)."""
    return [m.group().lstrip("#") for m in _NAMED_ID.finditer(text)]


def record_tools(turns: Sequence[Turn], before: int, ids: Sequence[str] = ()) -> list[str]:
    """The tools whose JSON results before ``before`` made or read a record (``_holds_record``), the last first.

    With ``ids``: only the results that hold one of them as a whole value ("PO-1" in
    ``{"po": "PO-1"}``, the result of ``parts_order``); none of them: every result.
    """
    found = [re.compile(rf"(?<![A-Za-z0-9_-]){re.escape(i)}(?![A-Za-z0-9_-])") for i in ids]
    out: list[str] = []
    for turn in reversed(turns[:before]):
        if turn.role != "tool" or not turn.called or not _holds_record(turn.text):
            continue
        if found and not any(f.search(turn.text) for f in found):
            continue
        out.extend(n for n in turn.called if n not in out)
    return out


def _leaves(value: Any, depth: int = 0) -> bool:
    """``value`` holds a string or a number (not only flags: ``{"ok": true}``)."""
    if depth > 6:
        return False
    if isinstance(value, dict):
        return any(_leaves(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return any(_leaves(v, depth + 1) for v in value[:50])
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _holds_record(text: str) -> bool:
    """A tool result that is JSON with a value in it: a record made or read (``{"po": "PO-1"}``)."""
    if not text.lstrip().startswith(("{", "[")):
        return False
    try:
        return _leaves(json.loads(text))
    except ValueError:
        return False


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def record_words(name: str) -> frozenset[str]:
    """The words of a tool's own name (after an MCP server's ``server__``), singular."""
    return frozenset(_stem(w) for w in re.findall(r"[a-z]+", bare_name(name).lower()))


def acts_on_record(destroyer: str, verbs: frozenset[str], makers: Iterable[str]) -> bool:
    """``destroyer`` acts on a record one of ``makers`` made or read: its name's other words are the maker's.

    ``parts_order_cancel`` (``cancel`` its verb) on what ``parts_order`` made; ``payment_refund``
    on what ``payment_list`` read; not ``reservation_cancel``.
    """
    mine = record_words(destroyer) - verbs
    return bool(mine) and any(mine <= record_words(m) for m in makers)
