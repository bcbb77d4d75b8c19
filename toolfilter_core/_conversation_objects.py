"""Which destructive tool acts on the objects a conversation's earlier tool calls made or read.

"算了，王芳那个撤了吧" (forget it, withdraw Wang Fang's one), after ``enrolment_create``
answered ``{"ok": true, "enrolment_id": "E-901"}``, asks to undo on that enrolment:
``enrolment_withdraw`` takes an ``enrolment_id``; ``refund_issue`` takes an ``invoice_id``,
an object no call of the conversation made or read. A tool **acts on an earlier object**
when one of its parameters is named as an identifier key (``…id``, ``…_id``, ``…Id``;
not a bare ``id``) of an earlier tool result's JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ._conversation import Turn
from ._types import ToolSpec

__all__ = ["object_keys", "on_objects"]

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


def on_objects(tools: Iterable[ToolSpec], keys: frozenset[str]) -> list[ToolSpec]:
    """The ``tools`` with a parameter named as one of ``keys`` (they act on an earlier call's object)."""
    if not keys:
        return []
    return [t for t in tools if keys.intersection(t.parameter_names)]
