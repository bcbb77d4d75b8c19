"""A record's destroy told not to be done ("do not delete customer CU-5120; ..."): held whatever follows.

The refused clause names the record ("customer"), so what the ask says after it is another act on another thing
("...; delete order O-1 instead", "...; delete his phone number"): the record's destroyer stays held, though its verb
comes again. Not where the ask names the record again ("don't delete customer CU-5120, delete customer CU-7000").
The refusals are those the request refuses and those it names as the alternative refused (``unasked.split_refused``:
"不要删除客户 CU-5120，删除他的订单 O-77", split off with the acts it does not ask).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .._hints import says_its_act_any_way
from .._types import ToolSpec
from .objects import names_object
from .unasked import split_refused

__all__ = ["refusals", "refused_records", "ids_text"]


def refusals(refused: str, unasked: str) -> str:
    """``refused`` and the refusals among ``unasked`` (the acts split off the ask, a line each; ``split_refused``)."""
    return "\n".join(r for r in (refused, *(split_refused(line)[1] for line in unasked.splitlines())) if r)


def refused_records(
    refused: str, ask: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], unasked: str = ""
) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) whose act and object the refusals say, ``ask`` not.

    The refusals: ``refused`` and those among ``unasked`` (``refusals``).
    """
    refused = refusals(refused, unasked)
    out = np.zeros_like(destructive)
    if not refused:
        return out
    for j, tool in enumerate(tools):
        told = bool(destructive[0, j]) and says_its_act_any_way(refused, tool) and names_object(refused, tool)
        out[0, j] = told and not names_object(ask, tool)
    return out


def ids_text(text: str, refused: str, unasked: str) -> str:
    """``text`` less its refusals (``refusals``) where the rest still carries an id (a digit): the ids asked on.

    "不要删除客户 CU-5120，删除订单 O-77": O-77 is the id of the act asked; CU-5120, refused, contradicts no tool.
    """
    rest = text
    for refusal in refusals(refused, unasked).splitlines():
        rest = rest.replace(refusal, " ")
    return rest if any(c.isdigit() for c in rest) else text
