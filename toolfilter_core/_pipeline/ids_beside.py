"""Destroyers whose id the request carries only beside its destroy act, on another thing.

"Cancel visit V-8812 and let customer C-6612 know by email", "把 V-4410 那次灭鼠上门取消掉，并给客户发个短信说一声，
客户号 C-1188": the destroy act's clause carries the visit's id; the customer's id stands in another clause, for
the message or as context. ``customer_account_close``, which takes the customer's id, was let in as taking "the id
the request carries". ``taken_beside`` names such destroyers: the guard holds them. Not one whose object the destroy
act's clause names: "撤销 KD-2150 外婆的接送授权，接送人编号 PP-901" revokes the pickup authorisation
``revoke_pickup_person`` takes by the pickup person's id, said beside it. Nor where a destroy clause points back to
a record ("ORD-5521 was a duplicate. Customer C-1188 asked us to cancel it": "it" is the order, whose id stands in
another clause). Nor one whose thing the act's clause names in other words than its id's: "Cancel ORD-5521 and close
their account as well; customer number C-1188" closes the customer's account, whose id the last clause gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray

from .._clauses import clause_parts
from .._hints import request_is_destructive
from .._types import ToolSpec
from .clause_things import thing_words
from .id_shapes import ids_in
from .objects import names_object, said_words

__all__ = ["taken_beside"]

_POINTS_BACK = re.compile(r"\b(?:it|them|that one|this one)\b|它|[这那此该]单", re.I)
"""A word for a record said before: the destroy clause's record may be one whose id stands elsewhere."""


def taken_beside(
    anywhere: list[bool] | None,
    takes: Callable[[str], list[bool] | None],
    text: str,
    tools: Sequence[ToolSpec],
    destructive: NDArray[np.bool_],
) -> NDArray[np.bool_]:
    """One row: the destroyers taking an id of ``text`` that no clause saying a destroy act carries nor names.

    ``anywhere``: per candidate, it takes an id of ``text``; ``takes``: the same of the text given (None: ids not
    read). A destroyer whose object those clauses name (its description's first clause, ``names_object``, or its
    thing: its name's object words and its description's thing, ``clause_things.thing_words``) is the act's, by
    whatever id it takes: "close their account as well; customer number C-1188" names ``delete_customer``'s account.

    Only where the clauses saying a destroy act carry ids of their own and others do not say one: "close customer
    C-1188's account" and "For customer C-5, delete the account" (no id where the act is) hold none.
    """
    out = np.zeros_like(destructive)
    parts = [p for p in clause_parts(text) if p]
    acted = " ".join(p for p in parts if request_is_destructive(p))
    if not acted or len(acted) == len(" ".join(parts)) or not ids_in(acted) or _POINTS_BACK.search(acted):
        return out
    there = takes(acted)
    said = said_words(acted)
    if anywhere is None or there is None:
        return out
    for j, (some, own) in enumerate(zip(anywhere, there, strict=True)):
        named = names_object(acted, tools[j], "description") or bool(thing_words(tools[j]) & said)
        out[0, j] = bool(destructive[0, j]) and some and not own and not named
    return out
