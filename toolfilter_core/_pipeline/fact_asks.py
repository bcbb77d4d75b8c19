"""Destroyers that are the best tool only of a clause stating a fact.

"客户对服务不满意，把 P-9001 这笔钱全额退回给他" (the customer is unhappy; refund P-9001 in full) was sent
``customer_account_close`` as "the best tool for the ask '客户对服务不满意'". A clause that states a fact (no request
marker, no question, no destroy word, no id, not the tool's act) beside one that acts on a record asks nothing:
``best_of_facts_only`` names the destroyers such clauses alone make an ask's best, and the guard holds them. A fact
is stated with a tensed or stative verb (``_TENSED``); a bare verb tells an act: "lock UNI-5521 and scrub it clean"
asks the wipe.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from .._hints import request_is_destructive, says_its_act_any_way
from .._types import ToolSpec
from .ask_form import says_request_marker
from .id_shapes import ids_in

__all__ = ["best_of_facts_only"]

_SUBJECT_EN = (
    r"(?:\b(?:i|you|we|they|he|she|it|who|which|that)|\b(?:the|a|an|my|our|your|his|her|their|its|this|that)"
    r"(?:\s+[a-z'’-]+){1,2}|^\s*[a-z'’-]+)\s+(?:[a-z]+ly\s+)?"
)
"""A subject: a pronoun, a noun after a determiner, or the clause's first word ("customer complained")."""
_TENSED_EN = (
    r"\b(?:am|is|are|was|were|been|being|has|have|had|does|did)\b"
    r"|\b(?:is|are|was|were|has|have|had|does|do|did|ca|wo|could|would|should)n['’]t\b"
    r"|\b(?:i|you|we|they|he|she|it|that|there|here|what|who)['’](?:s|re|ve|d|m)\b"
    rf"|{_SUBJECT_EN}[a-z]*[^\We]ed\b"
)
_TENSED_ZH = (
    r"(?<=[\u4e00-\u9fff])(?<!不要)(?<!不用)(?<!需要)(?<!算)了|(?<=[\u4e00-\u9fff])(?<!不)过|(?<=[\u4e00-\u9fff])着(?![急手想])"
    r"|已|被|没(?!必要)|很|(?<![否还但可要于就凡只倒总])是(?![否不])|不(?![要用必需想如过是])|(?<!现)在"
)
_TENSED = re.compile(f"{_TENSED_EN}|{_TENSED_ZH}", re.I)
"""A verb that states. English: a be, have or do form, their negations, a pronoun's contracted verb, a past in -ed
after its subject (not "need", "feed": the letters before -ed are no e). Chinese: 了 / 过 / 着 after a verb (not the
want of 不要了, 不用了, nor 不过, 着急), 已, 被, 没, 很, 是 as a copula (not 是否, 还是, 但是), 不 before a state (not
不要, 不用, 不必), 在 (not 现在): "客户对服务不满意", "违反了保修条款". A clause without one ("scrub it clean",
"先锁起来", "I need a new card", "不要了") tells an act or a want."""


def best_of_facts_only(
    asks: Sequence[tuple[str, str]], tools: Sequence[ToolSpec], destructive: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destroyers every ask they are best for states a fact, where another ask carries an id.

    ``asks``: (an ask's best tool, the ask's text), ``AskTops.said``.
    """
    out = np.zeros_like(destructive)
    if not any(ids_in(text) for _, text in asks):
        return out
    for j, tool in enumerate(tools):
        theirs = [text for best, text in asks if best == tool.name]
        out[0, j] = bool(destructive[0, j]) and bool(theirs) and all(_states(text, tool) for text in theirs)
    return out


def _states(text: str, tool: ToolSpec) -> bool:
    """``text`` states a fact (``_TENSED``) asking ``tool`` nothing: no request marker, question, destroy word, id..."""
    if not _TENSED.search(text):
        return False
    asking = says_request_marker(text) or request_is_destructive(text) or bool(ids_in(text))
    return not (asking or text.rstrip().endswith(("?", "？", "吗")) or says_its_act_any_way(text, tool))
