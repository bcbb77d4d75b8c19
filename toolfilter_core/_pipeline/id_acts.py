"""A destroyer let in by the id it takes must also have its act asked.

"Hi, I paid twice last month on P-2021-777. Please refund the second payment and email me a receipt" carries a
policy number; ``premium_payment_void`` (a payment's, ranked first) does not take it and ``policy_cancel`` does, so
the id reading (``decide.by_its_id``) gave the act to the cancel and held the void. The request says its act,
"refund", and it is not the cancel's: an id names which record, not which act. A destroyer whose act the request
does not say, where it says another destroying verb, takes no id for the guard.
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from .._hints import destroy_verbs_said, name_words, says_its_act_any_way
from .._types import ToolSpec
from .id_shapes import named_by_id
from .objects import names_object

__all__ = ["another_act_only", "by_id_and_act", "other_act_said", "reversal_named"]

ID_NEEDS_ITS_ACT = True
"""A destructive tool that takes the request's id gets the act only where the request says no destroying verb that is
not its own (off: any that takes the id, as before). ``benchmarks/destructive_ridealong.py`` measures it."""


def other_act_said(text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) whose act ``text`` does not say, where it says another.

    Another: a destroying verb (``_hints.destroy_verbs_said``) not its own: "refund ..." for ``policy_cancel``.
    """
    out = np.zeros_like(destructive)
    if not ID_NEEDS_ITS_ACT or not destroy_verbs_said(text):
        return out
    for j, tool in enumerate(tools):
        out[0, j] = bool(destructive[0, j]) and not says_its_act_any_way(text, tool)
    return out


_REVERSES = re.compile(r"\brevers(?:e|es|ed|al|ing)\b", re.I)
"""A tool's act told as a reversal ("reverses the recorded payment"): the undoing another destroying verb may ask of
its object ("refund the double payment")."""


def reversal_named(text: str, tool: ToolSpec) -> bool:
    """``tool`` reverses what it acts on (``_REVERSES``) and ``text`` names that object (``objects.names_object``)."""
    return bool(_REVERSES.search(tool.description)) and names_object(text, tool)


_REFUND = re.compile(r"\brefund(?:s|ed|ing)?\b|退款|退钱", re.I)
"""A refund asked: money back, which no cancel of the record paid for is ("refund the repair RO-1")."""


_NOT_A_REFUND = {"cancel", "delete"}
"""A name's act a refund asked is not (a cancel, a delete)."""


def another_act_only(
    text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], said: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the cancels and deletes (by name) ``text`` asks no way where it asks a refund, not ``said``.

    "refund the repair RO-1" asks no repair order's cancel, "first refund the customer for R-21030" no
    ``delete_customer``, ranked first or not: a refund is neither. One that reverses the object named stays
    (``reversal_named``).
    """
    out = np.zeros_like(destructive)
    if not _REFUND.search(text):
        return out
    for j, tool in enumerate(tools):
        out[0, j] = (
            bool(destructive[0, j] and not said[0, j])
            and bool(_NOT_A_REFUND & set(name_words(tool.name)))
            and not says_its_act_any_way(text, tool)
            and not reversal_named(text, tool)
        )
    return out


def by_id_and_act(
    takes: list[bool] | None,
    texts: tuple[str, str],
    tools: list[ToolSpec],
    destructive: NDArray[np.bool_],
    against: list[bool] | None = None,
    said: NDArray[np.bool_] | None = None,
) -> NDArray[np.bool_] | None:
    """``named_by_id`` of ``takes`` less the destroyers whose act the ask or the request does not say.

    ``texts``: the ask and the whole request (``other_act_said`` of each). None where the ids are not read. Only
    where the id's own shape names its tools; an id whose prefix is read as a noun (``against``, ``id_nouns``)
    already weighs the verbs said against the record (``decide.VERB_OVER_PREFIX``), but for a refund asked, which
    no void, cancel or delete is ("refund INV-1" holds ``void_invoice``). The whole request counts too:
    "会员M-1说他想取消会籍，先帮我查一下到期，别急着取消" says a cancel it reports and refuses, so ``member_delete``,
    which takes M-1 but whose act is never said, is no act's tool. So does another destroyer's act said (``said``,
    per candidate): "会员 M-20777 被禁入了，门禁卡直接停掉" says ``access_card_revoke``'s act, not ``member_delete``'s.
    """
    if takes is None:
        return None
    by_id = named_by_id(takes, destructive)
    ask, text = texts
    if against is not None:  # the verbs weighed against the record; a refund asked is still no other act's
        return by_id & ~other_act_said(ask, tools, destructive) if _REFUND.search(ask) else by_id
    other = other_act_said(ask, tools, destructive) | other_act_said(text, tools, destructive)
    if ID_NEEDS_ITS_ACT and said is not None and (said & destructive).any():
        other |= destructive & ~said
    out: NDArray[np.bool_] = by_id & ~other
    return out
