"""A record's destroy told not to be done ("do not delete customer CU-5120; ..."): held whatever follows.

The refused clause names the record ("customer"), so what the ask says after it is another act on another thing
("...; delete order O-1 instead", "...; delete his phone number"): the record's destroyer stays held, though its verb
comes again. Not where the ask names the record again ("don't delete customer CU-5120, delete customer CU-7000").
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .._hints import says_its_act_any_way
from .._types import ToolSpec
from .objects import names_object

__all__ = ["refused_records"]


def refused_records(refused: str, ask: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) whose act and object ``refused`` says, ``ask`` not."""
    out = np.zeros_like(destructive)
    if not refused:
        return out
    for j, tool in enumerate(tools):
        told = bool(destructive[0, j]) and says_its_act_any_way(refused, tool) and names_object(refused, tool)
        out[0, j] = told and not names_object(ask, tool)
    return out
