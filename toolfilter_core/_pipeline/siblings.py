"""A sibling destroyer of another thing, held where the request names its own thing whole.

"cancel desk booking DB-6610, the member is sick" names ``desk_booking_cancel``'s desk booking whole; its sibling
``room_booking_cancel`` (the same act, on a room booking) has only "booking" named, and taking the id the request
carries does not make the desk booking a room's. A destroyer whose name's object words the request names in part
only is held where a sibling (a destroyer of the same act words) whose act the request says has all of its named.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .._hints import name_words
from .._types import ToolSpec, bare_name
from .objects import object_words, said_words

__all__ = ["siblings_named_in_part"]


def _act(tool: ToolSpec, things: set[str]) -> frozenset[str]:
    """The words of ``tool``'s name that are not its object's (its act: ``cancel`` of ``desk_booking_cancel``)."""
    return frozenset(w for w in name_words(bare_name(tool)) if w not in things)


def siblings_named_in_part(
    text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], said: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destroyers whose object ``text`` names in part, where a sibling said has its object named whole."""
    out = np.zeros_like(destructive)
    words = said_words(text)
    things = [object_words(t, "name") if destructive[0, j] else set() for j, t in enumerate(tools)]
    acts = [_act(t, w) for t, w in zip(tools, things, strict=True)]
    whole = {acts[j] for j, w in enumerate(things) if w and said[0, j] and w <= words}
    for j, w in enumerate(things):
        out[0, j] = bool(w & words) and not w <= words and acts[j] in whole
    return out
