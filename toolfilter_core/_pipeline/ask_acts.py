"""Which destructive candidates a destroy request does not mean, though the ranking puts them where it would.

A request that asks to destroy unlocks its best tool and each ask's best (``decide.meant``). Two readings hold
some of them back, neither where the request says the tool's own verb (``decide.says_acts``):

* **An ask that asks no destroy** (``QUIET_ASKS``, ``quiet_asks``): "take the JetBrains licence back from
  tom@corp.com, he moved to sales" asks to destroy in its first ask; "he moved to sales", a reason, ranks
  ``group_remove_member`` first (its profile request "take lisa out of sales-all"). Where every ask that asks to
  destroy on its own (its words, ``request_is_destructive``, or the act phrases on its own vector,
  ``destroy_ask.by_phrases``) has a destructive best, the act asked is theirs: the best of an ask that asks none,
  beyond the row's best, is not meant. Where one has no destructive best ("when on battery for 10 minutes, shut
  down the NAS": the policy tool is the condition's best), the act may be a quiet ask's best, as before.
* **An ask that is only a label** (``LABELS``, ``labels``): "小票 0012-77801" (a receipt's number) in
  "…血压计坏了，小票 0012-77801，想退款…" ranks ``sale_void`` first (its profile request
  "作废小票 0012-77801"); a record's noun and its number ask no act, so its best is not meant, even where
  the loud asks' acts land on no destructive tool.
* **A tool that sends the act elsewhere** (``SENT_ELSEWHERE``, ``sent_elsewhere``): ``password_reset``, "Reset a
  user's password ... Does NOT unlock an account locked by too many failed logins — use account_unlock for that",
  for "账号被锁了，登不上去" where ``account_unlock`` ranks above it: a tool whose description points the act to a
  better-ranked candidate (``_hints.pointed_to``) is not the act's.
* **An ask that says another's act** (``OTHER_ACTS``, ``other_acts``): "refund X and e-mail the customer" ranks
  ``repair_order_cancel`` best for "refund X"; the ask says a destroying verb, "refund", that is not the cancel's.
  As an id names which record, not which act (``id_acts``), an ask's best is not its act where the ask says
  another destroying verb and not the tool's own.
"""

from __future__ import annotations

import re
from collections.abc import Container

import numpy as np
from numpy.typing import NDArray

from .._embedders import Embedder
from .._hints import pointed_to, request_is_destructive
from .._types import ToolSpec
from .ask_form import about_state
from .destroy_ask import by_phrases, negates_an_act
from .id_acts import other_act_said, reversal_named
from .reports import ask_and_reports
from .vectors import RequestVectors

__all__ = [
    "asks_say_act",
    "LABELS",
    "QUIET_ASKS",
    "SENT_ELSEWHERE",
    "is_label",
    "labels",
    "not_meant",
    "quiet_asks",
    "sent_elsewhere",
]

QUIET_ASKS = True
"""An ask's best tool is meant by a destroy request only where its own ask asks to destroy (``quiet_asks``).
Measured by ``benchmarks/destructive_ridealong.py --quiet-asks off`` on the dev registries."""

SENT_ELSEWHERE = True
"""A destructive tool whose description sends the act to a better-ranked candidate is not meant
(``sent_elsewhere``). Measured by ``benchmarks/destructive_ridealong.py --sent-elsewhere off``."""


OTHER_ACTS = True
"""An ask's best destroyer is not meant where every ask it is best of says a destroying verb not its own
(``other_acts``). Measured by ``benchmarks/destructive_ridealong.py`` on the dev registries."""

LABELS = True
"""An ask that is only a record's noun and its number ("小票 0012-77801", "receipt 0045-99812") means no act: its
best tool is not meant (``labels``). Measured by ``benchmarks/destructive_ridealong.py`` on the dev registries."""

_NUMBER = re.compile(r"[#＃№]?\s*[A-Za-z]{0,6}[-_]?\d[\w-]*")
_LABEL = re.compile(
    r"(?:(?:the|this|that|my|our|his|her|their|a)\s+)?[a-z]+(?:\s+[a-z]+)?(?:\s+(?:no|number|id))?"
    r"|(?:这个|这张|那个|那张|该)?(?:(?![了掉吧吗呢要把帮请给让别不])[\u4e00-\u9fff]){1,4}",
    re.I,
)
"""What is left of a label less its number: one or two English words (an article before, "no"/"number" after) or a
Chinese run of up to four characters with no particle or ask (了, 吧, 把, 帮, 不 …). The case above
and its English counterpart."""


_ASKING = re.compile(r"\b(?:please|pls|plz|now|asap)\b|请|麻烦", re.I)
"""An ask's words: "order #4471 please" (of "could you get rid of order #4471 please?") asks."""


def is_label(text: str) -> bool:
    """``text`` is a record's noun and its number, nothing more: no destroy word ("小票 0012-77801", "order #5521")."""
    if not _NUMBER.search(text) or request_is_destructive(text) or _ASKING.search(text):
        return False
    rest = _NUMBER.sub(" ", text).strip(" \t\n:：,，.。")
    return bool(rest) and bool(_LABEL.fullmatch(rest))


def labels(
    asks: tuple[tuple[str, str], ...],
    vectors: RequestVectors | None,
    embedder: Embedder,
    tools: list[ToolSpec],
    destructive: NDArray[np.bool_],
) -> NDArray[np.bool_]:
    """One row: the destructive candidates best only of asks that are labels (``is_label``) and read as no destroy.

    ``asks``: (an ask's best tool, the ask's text), ``AskTops.said``; ``vectors``: the asks' vectors by their text.
    """
    out = np.zeros_like(destructive)
    if not LABELS or not any(is_label(text) for _, text in asks):
        return out
    rows = {} if vectors is None else vectors.by_clause()
    meant = {best for best, text in asks if not is_label(text) or asks_on_its_own(text, embedder, rows.get(text))}
    bests = {best for best, text in asks if is_label(text)}
    for j, tool in enumerate(tools):
        out[0, j] = bool(destructive[0, j]) and tool.name in bests and tool.name not in meant
    return out


def asks_on_its_own(text: str, embedder: Embedder, vector: NDArray[np.float32] | None) -> bool:
    """One ask asks to destroy by its own words or the act phrases on its own vector; not a question of state.

    Its words less what it reports or tells as another's (``reports.ask_and_reports``), as the whole request's are
    read: "她说不想要了" (she said she no longer wants it) tells why, "帮她退订" asks.
    """
    if about_state(text):
        return False
    ask, told = ask_and_reports(text)
    if request_is_destructive(ask):
        return True
    if request_is_destructive(told):  # its destroy words are told, not asked: its vector says them all the same
        return False
    return by_phrases(embedder, vector) and not negates_an_act(text)


def quiet_asks(
    asks: tuple[tuple[str, str], ...],
    vectors: RequestVectors | None,
    embedder: Embedder,
    tools: list[ToolSpec],
    destructive: NDArray[np.bool_],
) -> NDArray[np.bool_]:
    """One row: the destructive candidates best only of asks that do not ask to destroy on their own.

    None where an ask that asks to destroy on its own has no destructive best (the act lands there). Where no ask
    asks to destroy on its own, every destructive ask's best (the row's best is kept all the same: ``not_meant``
    holds only tools beyond it). Holding none there sends more ride-alongs on the dev registries
    (``benchmarks/destructive_ridealong.py``, with profiles: 8 instead of 4, extra 11 instead of 7, the same
    destroy requests served).

    ``asks``: (an ask's best tool, the ask's text), ``AskTops.said``; ``vectors``: the asks' vectors by their text.
    """
    out = np.zeros_like(destructive)
    harmful = {tool.name for j, tool in enumerate(tools) if destructive[0, j]}
    if not QUIET_ASKS or not any(best in harmful and best != tools[0].name for best, _ in asks):
        return out  # no destructive ask's best past the row's: nothing to hold, no ask read
    rows = {} if vectors is None else vectors.by_clause()
    loud = {best for best, text in asks if asks_on_its_own(text, embedder, rows.get(text))}
    if loud and not loud <= harmful:  # an act asked lands on no destructive tool: a quiet ask's may be it
        return out
    for j, tool in enumerate(tools):
        out[0, j] = bool(destructive[0, j]) and any(best == tool.name for best, _ in asks) and tool.name not in loud
    return out


def sent_elsewhere(tools: list[ToolSpec], destructive: NDArray[np.bool_], names: Container[str]) -> NDArray[np.bool_]:
    """One row: the destructive candidates (best first) whose description points the act to a better-ranked one.

    ``names``: the registry's tool names, which a pointer sentence names.
    """
    out = np.zeros_like(destructive)
    if not SENT_ELSEWHERE:
        return out
    above: set[str] = set()
    for j, tool in enumerate(tools):
        if destructive[0, j] and pointed_to(tool.description, tool.name, names) & above:
            out[0, j] = True
        above.add(tool.name)
    return out


def other_acts(
    asks: tuple[tuple[str, str], ...], tools: list[ToolSpec], destructive: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destructive candidates best only of asks that say another's destroying act (``other_act_said``).

    ``asks``: (an ask's best tool, the ask's text), ``AskTops.said``. An ask that names the object of a candidate
    that reverses it keeps it: "refund the double payment" may be ``premium_payment_void``'s ("reverses the recorded
    payment"); "refund the repair RO-1" is no repair order's cancel (``id_acts.reversal_named``).
    """
    out = np.zeros_like(destructive)
    if not OTHER_ACTS:
        return out
    for j, tool in enumerate(tools):
        texts = [text for best, text in asks if best == tool.name]
        out[0, j] = (
            bool(destructive[0, j])
            and bool(texts)
            and all(
                bool(other_act_said(text, [tool], destructive[:, j : j + 1])[0, 0]) and not reversal_named(text, tool)
                for text in texts
            )
        )
    return out


def not_meant(
    asks: tuple[tuple[str, str], ...],
    vectors: RequestVectors | None,
    embedder: Embedder,
    tools: list[ToolSpec],
    destructive: NDArray[np.bool_],
    names: Container[str],
) -> NDArray[np.bool_]:
    """One row: ``quiet_asks``, ``labels``, ``sent_elsewhere`` or ``other_acts``: the candidates not meant."""
    quiet = quiet_asks(asks, vectors, embedder, tools, destructive)
    label = labels(asks, vectors, embedder, tools, destructive)
    out: NDArray[np.bool_] = (
        quiet | label | sent_elsewhere(tools, destructive, names) | other_acts(asks, tools, destructive)
    )
    return out


def asks_say_act(
    asks: tuple[tuple[str, str], ...], tools: list[ToolSpec], destructive: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destructive candidates an ask that says a destroy word is best for (``asks``: best tool, text).

    "…纪要…按纪要第 3 条，把我日历上周五那个对齐会删掉": ``google_calendar__delete_event``, kept as that ask's
    best from a domain the widened selection did not reach (``decide.decide_rows``).
    """
    out = np.zeros_like(destructive)
    said = {best for best, text in asks if request_is_destructive(text)}
    for j, tool in enumerate(tools):
        out[0, j] = bool(destructive[0, j]) and tool.name in said
    return out
