"""The conversation policy: a tool set that stays put across the model calls of a conversation.

Before each model call the last user turn is read with what came before it
(``_conversation_read``) and the single-request selection runs on what the reading says.
Then the set the model saw at the previous call is

* **kept** when the turn needs no tool it lacks (and within a user turn, after tool results);
* **grown** when a tool the turn needs is missing: the new tools go at the end, so the
  start of the tools block is unchanged, while the grown set stays within ``budget`` and
  keeping the old tools costs less than rewriting the prompt again would;
* **reset** on a topic switch (nothing of the new selection was in the set, nor its domain);
* **emptied** on a turn that needs no tool (a closing; a request that reads like one).

A set carried to a new user turn loses the destructive tools whose act the turn does not ask
for (``_asked_acts``): an earlier turn's act (a cancel it asked for, or a "yes" to a
proposed delete) does not stay offered to the turns after it, and a turn that only reports
an act done ("tell the customer it's cancelled") is offered none. A later turn that asks to
destroy keeps only the destroyers that act on the records the conversation's calls made or
read (``_undo_on_object``: "and cancel PO-1" after ``parts_order`` made PO-1; "那退一半给他"
after ``payment_list`` read P-9931 gets ``payment_refund``).

With ``growth`` set, a first call whose set would cost more than every tool the turn may have,
under the cache's prices, sends every tool instead (``_priced``).

The previous set is found by the conversation itself: each call's messages are hashed as a
chain, and the set offered for a prefix of them is remembered (bounded), so one policy
serves many conversations at once and a retried call gets the same set.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ._blank import trimmed
from ._cache_bill import CachePrices, cache_prices, tokens, tools_block
from ._conversation import Turn, ran_calls
from ._conversation_acts import (
    asked_again,
    names_act,
    only_reports_acts,
    refunds,
    says_bare_refund,
    says_close,
    tells_topic_only,
    unreported,
)
from ._conversation_objects import (
    acts_on_record,
    maker_keys,
    named_ids,
    object_keys,
    on_objects,
    on_records,
    record_nouns,
    record_tools,
    record_words,
)
from ._conversation_price import price_sets
from ._conversation_read import (
    DECLINED,
    Reading,
    answered,
    corrected_request,
    last_task,
    question_tool,
    read_turn,
)
from ._exceptions import ConfigError
from ._hints import destroy_verbs_said, request_is_destructive, request_says_its_act, says_its_act_any_way
from ._negated import only_refuses, refused_apart, told_not_apart
from ._offered_object import on_offered_object
from ._pipeline.ask_form import about_state
from ._pipeline.mentioned import held_by_mention
from ._pipeline.said_objects import acts_told_apart
from ._refused_offer import asked_instead
from ._types import Reason, ScoreBreakdown, ScoredTool, Selection, Status, ToolSpec, bare_name, openai_tools_chars

if TYPE_CHECKING:
    from ._filter import ToolFilter

__all__ = ["ConversationPolicy", "TurnDecision"]

KEPT_BY = {
    "within": "the turn answers the model within the task",
    "question": "a question after the tool results, read as one about them",
    "nothing": "the turn itself selected no tool",
    "own": "the set grown by the act the turn asks",
    "held": "the turn's own selection leads with a tool the set holds",
    "grown": "the set grown by the tools the turn needs",
    "refused": "the turn only refuses an act",
}
"""The rules that keep (or grow) the set an earlier turn was offered, in words (``TurnDecision.rule``)."""

EMPTIED_BY = {
    "closing": "the turn read as a closing (thanks, ok): no tool",
    "advice": "the turn read as asking advice, an explanation or wording: no tool",
    "answered": "a question the last tool results answer by its words: no tool",
}
"""The rules that offer a turn no tool where its own selection did not say so, in words (``TurnDecision.rule``)."""

GROWTH: int | None = None
"""Tokens a model call adds to a conversation, expected at its first call; None: the first call keeps
its set. Chosen by ``benchmarks/choose_price_growth.py`` on the development conversations, each
registry left out: no growth lowered their bill (``benchmarks/results/price_growth.json``)."""


@dataclass(frozen=True, slots=True)
class TurnDecision:
    """What the policy did at one model call, and what the call's input costs."""

    kind: str
    """The reading of the last user turn (``first``, ``within``, ``closing``, ``confirmation``,
    ``correction``, ``request``)."""
    action: str
    """``new`` (no earlier set), ``keep``, ``grow``, ``reset``, ``none`` (no tool) or ``every`` (every
    tool the turn may have: cheaper than the set under the cache's prices)."""
    decided_by: int
    """Index of the message that decided it (the user turn, or the proposal a "yes" took)."""
    names: tuple[str, ...]
    """The tools offered, in the order sent."""
    changed: bool
    """The tools block differs from the previous call's (the provider's cache is rewritten)."""
    block_tokens: int
    """Estimated tokens of the tools block."""
    cost: float
    """Estimated input cost of this call in plain input tokens, under the policy's prices."""
    rule: str = ""
    """Why an earlier set was kept or grown, in words (``KEPT_BY``'s values, the one that names a tool with it), or
    why the policy offered no tool (``EMPTIED_BY``'s); '' for a new or reset one, or an empty selection's own."""

    def note(self) -> str:
        """The decision in words, for the selection's notes."""
        cache = "rewritten" if self.changed else "read from the cache"
        return (
            f"conversation: {self.action} ({self.kind}, decided by message #{self.decided_by}): "
            f"{len(self.names)} tools, tools block ~{self.block_tokens} tokens {cache}; "
            f"call input ~{self.cost:.0f} plain-token equivalents"
        )


@dataclass(frozen=True, slots=True)
class _Offered:
    user: int
    selected: tuple[ScoredTool, ...]
    before: tuple[ScoredTool, ...] = ()
    """The last set with tools, when this one is empty (a turn that needed none): the next turn starts from it."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.selected)


def _chain(turns: Sequence[Turn]) -> list[int]:
    """A hash per prefix of ``turns``: ``out[i]`` stands for ``turns[: i + 1]``."""
    out: list[int] = []
    value = 0
    for turn in turns:
        value = hash((value, turn.role, turn.text, turn.called, turn.found))
        out.append(value)
    return out


class ConversationPolicy:
    """Keep the set the model saw unless a tool the turn needs is missing (see the module).

    Args:
        prices: The provider's cache prices: a provider name (``"anthropic"``, ``"openai"``)
            or ``CachePrices``.
        budget: The most tools a grown set holds; past it the set is reset to the new
            selection.
        horizon: Model calls a grown set is expected to serve: keeping old tools costs their
            tokens read that many times, against one more rewrite of the prompt.
        need: 1: the set is kept while it holds the new selection's best tool; 0: while it
            holds every tool the new selection chose.
        prefetch: A new set also holds up to this many more tools of its best tool's
            domain (category), within ``budget``; 0: none.
        remember: Model calls remembered (the oldest forgotten first).
        growth: Tokens each model call is expected to add to the conversation, at its first
            call: with it the first call prices its set against every tool the turn may have
            and sends the cheaper (``_priced``); None (the default): the first call keeps its set.
    """

    def __init__(
        self,
        prices: str | CachePrices = "anthropic",
        *,
        budget: int = 12,
        horizon: int = 8,
        need: int = 1,
        prefetch: int = 8,
        remember: int = 4096,
        growth: int | None = GROWTH,
    ) -> None:
        """Check and keep the settings."""
        checks = (
            ("budget", budget, 1, None),
            ("horizon", horizon, 1, None),
            ("need", need, 0, 1),
            ("prefetch", prefetch, 0, None),
            ("remember", remember, 1, None),
            *((("growth", growth, 0, None),) if growth is not None else ()),
        )
        for name, value, low, high in checks:
            if isinstance(value, bool) or not isinstance(value, int) or value < low or (high and value > high):
                allowed = f"{low} or {high}" if high else f"an integer >= {low}"
                raise ConfigError(f"ConversationPolicy {name}: got {value!r}; allowed: {allowed}")
        self.prices: CachePrices = cache_prices(prices) if isinstance(prices, str) else prices
        self.budget = budget
        self.horizon = horizon
        self.remember = remember
        self.need = need
        self.prefetch = prefetch
        self.growth = growth
        self._memory: OrderedDict[int, _Offered] = OrderedDict()
        self._lock = threading.Lock()
        self.last: TurnDecision | None = None
        """The decision of the last call (for a caller reporting costs)."""

    def _recall(self, chain: Sequence[int]) -> _Offered | None:
        with self._lock:
            for key in reversed(chain):
                found = self._memory.get(key)
                if found is not None:
                    self._memory.move_to_end(key)
                    return found
        return None

    def _keep(self, key: int, offered: _Offered) -> None:
        with self._lock:
            self._memory[key] = offered
            self._memory.move_to_end(key)
            while len(self._memory) > self.remember:
                self._memory.popitem(last=False)

    def select(self, tool_filter: ToolFilter, turns: Sequence[Turn], **kwargs: Any) -> Selection:
        """The selection for the model call after ``turns``; ``self.last`` says what was decided.

        ``kwargs``: ``ToolFilter.select``'s keywords (``sticky`` and ``context`` are the
        policy's own and are ignored).
        """
        kwargs = {k: v for k, v in kwargs.items() if k not in {"sticky", "context"}}
        chain = _chain(turns)
        turns = ran_calls(turns)  # a refused call is no call: not kept, redone, confirmed, nor a record
        previous = self._recall(chain[:-1]) if chain else None
        history = max(tool_filter.config.history_turns, 1)
        reading = read_turn(turns, history_turns=history, answered_user=previous.user if previous else None)
        selection, action, rule = self._decide(tool_filter, turns, reading, previous, kwargs)
        selection, action = self._priced(tool_filter, turns, reading, previous, selection, action, kwargs)
        decision = replace(
            self._decision(tool_filter, turns, reading, previous, selection, action),
            rule=rule if action in {"keep", "grow", "none"} else "",
        )
        if chain:
            before = previous.selected or previous.before if previous is not None else ()
            self._keep(chain[-1], _Offered(reading.user, selection.selected, () if selection.selected else before))
        self.last = decision
        return replace(selection, notes=(*selection.notes, decision.note()))

    def _decide(
        self,
        tool_filter: ToolFilter,
        turns: Sequence[Turn],
        reading: Reading,
        previous: _Offered | None,
        kwargs: dict[str, Any],
    ) -> tuple[Selection, str, str]:
        if previous is not None and reading.kind == "within":
            found = _found(tool_filter, turns, reading.user, previous.selected)
            kept = _allowed(tool_filter, (*previous.selected, *found), kwargs)
            return _built(tool_filter, reading.query, kept), "grow" if found else "keep", KEPT_BY["within"]
        if reading.kind == "closing" or (reading.advice and previous is not None):
            said = EMPTIED_BY["closing" if reading.kind == "closing" else "advice"]
            return _built(tool_filter, reading.query, (), status=Status.NO_TOOL_NEEDED), "none", said
        fresh = _offer_taken(
            tool_filter, tool_filter.select(reading.query, context=reading.context, **kwargs), reading, turns, kwargs
        )
        if reading.proposed:  # a "yes", or "no, the other one": the proposed act, one
            fresh = _one_act(tool_filter, _proposal_held(tool_filter, fresh, reading, turns), reading, turns)
        if fresh.status in {Status.NO_TEXT, Status.FAILED, Status.EXACT_NAME}:
            return fresh, "new", ""
        if previous is None:
            return self._widened(tool_filter, fresh, kwargs), "new", ""
        kept = _allowed(tool_filter, previous.selected or previous.before, kwargs)
        fresh = _undo_on_object(tool_filter, fresh, reading, turns)
        fresh, kept = _asked_acts(tool_filter, fresh, kept, reading, turns, kwargs)
        fresh = _instead(tool_filter, fresh, reading, turns)
        if fresh.status is Status.NO_TOOL_NEEDED and not reading.proposed:
            if reading.question and kept and not answered(None, reading.query, turns):
                return _offering(fresh, kept, rescore=True), "keep", KEPT_BY["question"]
            return fresh, "none", ""
        if not fresh.selected:
            return (_offering(fresh, kept, rescore=True), "keep", KEPT_BY["nothing"]) if kept else (fresh, "none", "")
        if reading.question and answered(question_tool(fresh.selected, turns), reading.query, turns):
            return _built(tool_filter, reading.query, (), status=Status.NO_TOOL_NEEDED), "none", EMPTIED_BY["answered"]
        if kept and only_refuses(reading.query):
            return _offering(fresh, kept, rescore=True), "keep", KEPT_BY["refused"]
        kept = _told_not_dropped(tool_filter, kept, reading.query)
        if reading.kind == "correction":
            fresh = _offering(fresh, _redo(tool_filter, turns, reading, fresh, kwargs))
        history = sum(tokens(t.text) for t in turns)
        own = _own_act(tool_filter, fresh, reading, kept, kwargs)
        if own is not None:
            return self._add(tool_filter, fresh, kept, own, history)
        return self._grow_or_reset(tool_filter, fresh, kept, switch=reading.kind == "request", history=history)

    def _priced(
        self,
        tool_filter: ToolFilter,
        turns: Sequence[Turn],
        reading: Reading,
        previous: _Offered | None,
        selection: Selection,
        action: str,
        kwargs: Mapping[str, Any],
    ) -> tuple[Selection, str]:
        """Every tool the turn may have, in registry order, when that costs less than the set (``price_sets``).

        Every tool but the destructive ones the set does not hold: the turn did not ask for
        them (the guard holds), and the set's own destroyers stay. Priced at a first call with
        ``growth``, and after every tool was sent with the conversation's own growth so far; a
        set already sent is not switched. A note says so.
        """
        if self.growth is None or action == "none" or reading.kind == "within" or not selection.selected:
            return selection, action  # growth None: no call sends every tool
        have = {s.name for s in selection.selected}
        scored = {s.name: s for s in (*selection.selected, *selection.rejected)}
        every = tuple(
            replace(scored[t.name], reason=None) if t.name in scored else ScoredTool(t, ScoreBreakdown({}, {}, 0.0))
            for t in tool_filter.tools
            if t.name in have or not _destroys(tool_filter, t.name)
        )
        every = _allowed(tool_filter, every, kwargs)
        if have >= {s.name for s in every}:
            return selection, action
        history = sum(tokens(t.text) for t in turns)
        growth = float(self.growth)
        if previous is not None:
            last = {s.name for s in previous.selected or previous.before}
            if not last >= {s.name for s in every if not _destroys(tool_filter, s.name)}:
                return selection, action  # a set already sent: a switch now would rewrite the cache again
            growth = history / (1 + sum(1 for t in turns if t.role == "assistant"))
        before = previous.names if previous is not None else None
        price = price_sets(
            [s.tool for s in selection.selected],
            [s.tool for s in every],
            before,
            history,
            prices=self.prices,
            horizon=self.horizon,
            growth=growth,
        )
        if not price.every_is_cheaper:
            return selection, action
        note = (
            f"conversation: every tool the turn may have ({len(every)}, no destroyer it did not ask for) instead of "
            f"the {action} set of {len(have)}: ~{price.every:.0f} against ~{price.mine:.0f} plain-token "
            f"equivalents over {self.horizon} calls (a prompt under the cache's {self.prices.min_tokens} "
            "tokens is written on every call)"
        )
        chosen = _offering(selection, every, rescore=True)
        return replace(chosen, notes=(*chosen.notes, note)), "every"

    def _add(
        self, tool_filter: ToolFilter, fresh: Selection, kept: tuple[ScoredTool, ...], own: ScoredTool, history: int
    ) -> tuple[Selection, str, str]:
        """The kept set grown by the turn's own act (``_own_act``), or reset to the selection led by it."""
        grown = (*kept, own)
        if len(grown) <= self.budget and self._grow_pays(fresh.selected, grown, history):
            return _offering(fresh, grown, rescore=True), "grow", KEPT_BY["own"]
        led = _offering(fresh, (own, *(s for s in fresh.selected if s.name != own.name)))
        return self._widened(tool_filter, led, {}), "reset", ""

    def _grow_or_reset(
        self, tool_filter: ToolFilter, fresh: Selection, kept: tuple[ScoredTool, ...], *, switch: bool, history: int
    ) -> tuple[Selection, str, str]:
        have = {s.name for s in kept}
        missing = tuple(s for s in fresh.selected if s.name not in have)
        if not missing or fresh.selected[0].name in have and self.need == 1 and not _asked(tool_filter, fresh, have):
            return _offering(fresh, kept, rescore=True), "keep", f"{KEPT_BY['held']}: {fresh.selected[0].name}"
        if not kept or (switch and _switched(fresh, kept)):
            return self._widened(tool_filter, fresh, {}), "reset", ""
        grown = (*kept, *missing)
        if len(grown) > self.budget or not self._grow_pays(fresh.selected, grown, history):
            return self._widened(tool_filter, fresh, {}), "reset", ""
        return _offering(fresh, grown, rescore=True), "grow", KEPT_BY["grown"]

    def _widened(self, tool_filter: ToolFilter, fresh: Selection, kwargs: Mapping[str, Any]) -> Selection:
        """A new set: the selection and up to ``prefetch`` more tools of its best tool's domain, best first.

        A task's next turns mostly need its domain's other tools ("book it", "and cancel the
        old one"): sent now, they are read from the cache on every later call instead of
        rewriting the prompt when they are needed.
        """
        if not self.prefetch or not fresh.selected or fresh.status is not Status.SELECTED:
            return fresh
        domain = _domain(fresh.selected[0])
        if not domain:
            return fresh
        have = {s.name for s in fresh.selected}
        ranked = [s.name for s in fresh.rejected]
        order = {name: i for i, name in enumerate(ranked)}
        same = [t for t in tool_filter.tools if t.category == domain and t.name not in have]
        same = [t for t in same if not _destroys(tool_filter, t.name)]  # the turn did not ask: the guard holds
        same.sort(key=lambda t: order.get(t.name, len(order)))
        room = max(min(self.prefetch, self.budget - len(fresh.selected)), 0)
        extra = tuple(ScoredTool(t, ScoreBreakdown({}, {}, 0.0, matched="domain")) for t in same[:room])
        extra = _allowed(tool_filter, extra, kwargs) if extra else ()
        wide = (*fresh.selected, *extra)
        return _offering(fresh, wide)

    def _grow_pays(self, fresh: Sequence[ScoredTool], grown: Sequence[ScoredTool], history: int) -> bool:
        """Keeping the old tools (read ``horizon`` times) costs less than one more rewrite of the prompt.

        ``history``: the conversation's tokens; the prompt is it and the tools block.
        """
        block = tokens(tools_block([s.tool.to_openai() for s in fresh]))
        extra = tokens(tools_block([s.tool.to_openai() for s in grown])) - block
        rewrite = (history + block) * max(self.prices.write - self.prices.read, 0.0)
        return extra * self.prices.read * self.horizon <= rewrite

    def _decision(
        self,
        tool_filter: ToolFilter,
        turns: Sequence[Turn],
        reading: Reading,
        previous: _Offered | None,
        selection: Selection,
        action: str,
    ) -> TurnDecision:
        names = tuple(selection.names)
        block = tokens(tools_block([s.tool.to_openai() for s in selection.selected]))
        history = sum(tokens(t.text) for t in turns)
        changed = previous is None or previous.names != names
        prices = self.prices
        read = 0 if changed or block + history < prices.min_tokens else block + history
        cost = read * prices.read + (block + history - read) * prices.write
        return TurnDecision(reading.kind, action, reading.decided_by, names, changed, block, cost)


def _offering(selection: Selection, selected: tuple[ScoredTool, ...], *, rescore: bool = False) -> Selection:
    """``selection`` offering ``selected`` instead: its size, and what it rejected without those.

    ``rescore``: a kept tool the selection ranked carries this turn's score (a kept set's old
    scores would outrank the tool the turn needs where an adapter cuts the set to ``max_tools``).
    """
    names = {s.name for s in selected}
    if rescore:
        now = {s.name: s for s in (*selection.rejected, *selection.selected) if s.name in names}
        selected = tuple(replace(now[s.name], reason=None) if s.name in now else s for s in selected)
    return replace(
        selection,
        selected=selected,
        rejected=tuple(s for s in selection.rejected if s.name not in names),
        selected_chars=openai_tools_chars([s.tool for s in selected]),
    )


def _allowed(
    tool_filter: ToolFilter, selected: Sequence[ScoredTool], kwargs: Mapping[str, Any]
) -> tuple[ScoredTool, ...]:
    """``selected`` without the tools the registry lost or the gates now refuse."""
    present = {t.name for t in tool_filter.tools}
    names = [s.name for s in selected if s.name in present]
    refused = tool_filter.refused(names, policy=kwargs.get("policy")) if names else {}
    return tuple(s for s in selected if s.name in present and s.name not in refused)


def _found(
    tool_filter: ToolFilter, turns: Sequence[Turn], user: int, have: Sequence[ScoredTool]
) -> tuple[ScoredTool, ...]:
    """Tools a registry search found after the user turn, not yet in the set (the results show a need)."""
    names = {s.name for s in have}
    by_name = {t.name: t for t in tool_filter.tools}
    new = dict.fromkeys(n for t in turns[user + 1 :] for n in t.found if n in by_name and n not in names)
    return tuple(ScoredTool(by_name[n], ScoreBreakdown({}, {}, 0.0, matched="found")) for n in new)


def _redo(
    tool_filter: ToolFilter, turns: Sequence[Turn], reading: Reading, fresh: Selection, kwargs: Mapping[str, Any]
) -> tuple[ScoredTool, ...]:
    """A correction's tools: what the last task ran (to redo it), then the new selection's.

    A destructive tool the last task ran comes only when the corrected request asks for its act
    ("void INV-3301" / "no, I meant INV-3302"; not "has INV-3301 been paid?" / "no, INV-3302").
    ``turns`` hold no refused call (``ran_calls``): a call the gates refused is not redone.
    """
    start = last_task(turns, reading.user)
    called = dict.fromkeys(n for t in turns[start : reading.user] for n in t.called)
    by_name = {t.name: t for t in tool_filter.tools}
    asks = unreported(corrected_request(turns, reading))
    again = [n for n in called if n in by_name and (not _destroys(tool_filter, n) or names_act(asks, by_name[n]))]
    redo = tuple(ScoredTool(by_name[n], ScoreBreakdown({}, {}, 0.0, matched="redo")) for n in again)
    redo = _allowed(tool_filter, redo, kwargs)
    have = {s.name for s in redo}
    return (*redo, *(s for s in fresh.selected if s.name not in have))


def _offer_taken(
    tool_filter: ToolFilter, fresh: Selection, reading: Reading, turns: Sequence[Turn], kwargs: Mapping[str, Any]
) -> Selection:
    """A confirmation's selection, on the offer's words alone where its own read as needing no tool.

    "Want me to offboard her now?" / "yes, go ahead": the assent's words sit near the requests no tool serves and
    the abstain rule emptied the turn; a yes to an offered act takes that act, so the offer is selected alone.
    """
    if reading.kind != "confirmation" or fresh.status is not Status.NO_TOOL_NEEDED:
        return fresh
    offer = reading.query.removesuffix(trimmed(turns[reading.user].text)).strip()
    return tool_filter.select(offer, context=reading.context, **kwargs) if offer else fresh


def _one_act(tool_filter: ToolFilter, fresh: Selection, reading: Reading, turns: Sequence[Turn]) -> Selection:
    """A proposal's selection ("yes", "no, the other one") with one destructive tool at most: the proposed act's.

    The user said yes to one proposal; the proposal's words ("Shall I cancel it?") also rank
    other tools that destroy (``coupon_delete``, ``calendar_cancel_event``), which nobody proposed. A proposal of
    two acts apart ("Shall I cancel ORD-1 and refund the payment?": ``_proposed_apart``) keeps those the reply takes.
    """
    fresh = _held_proposed(tool_filter, fresh, reading, turns)
    acts = [s for s in fresh.selected if _destroys(tool_filter, s.name)]
    if len(acts) < 2:
        return fresh
    keep = _proposed_apart(acts, reading, turns) or {acts[0].name}
    return _offering(fresh, tuple(s for s in fresh.selected if s not in acts or s.name in keep))


def _held_proposed(tool_filter: ToolFilter, fresh: Selection, reading: Reading, turns: Sequence[Turn]) -> Selection:
    """A confirmation of a proposal of two or more acts apart, with the destroyers of those acts the guard held.

    "Shall I cancel order ORD-5521 and refund the payment?" / "ok but not yet the refund": the guard held both
    ``cancel_order`` and ``refund_order`` on the proposal's words, and the reply could only take from what the
    selection held. Each destroying verb the proposal says gets its best-ranked destroyer, the core's or a held one;
    none is added unless there are two or more, each its own verb's and with acts apart (``acts_told_apart``): one
    verb ("要删除会员 M-88 吗？") adds none, whichever tools its verb names. ``_proposed_apart`` then keeps those the
    reply takes.
    """
    if reading.kind != "confirmation":
        return fresh
    proposal = unreported(reading.query.removesuffix(trimmed(turns[reading.user].text)))
    ranked = sorted(
        (s for s in (*fresh.selected, *fresh.rejected) if s.reason in {None, Reason.DESTRUCTIVE_GUARD}),
        key=lambda s: -s.score,
    )
    ranked = [s for s in ranked if _destroys(tool_filter, s.name)]
    taken: dict[str, ScoredTool] = {}
    for verb in dict.fromkeys(destroy_verbs_said(proposal)):
        best = next((s for s in ranked if s.name not in taken and names_act(verb, s.tool)), None)
        if best is not None:
            taken[best.name] = best
    mentioned = held_by_mention(fresh.notes)  # held as its act mentioned, not asked: a confirmation asks it no more
    held = [s for s in taken.values() if s.reason is Reason.DESTRUCTIVE_GUARD and s.name not in mentioned]
    if not held or not acts_told_apart([s.tool for s in taken.values()]):
        return fresh
    return _offering(fresh, (*fresh.selected, *(replace(s, reason=None) for s in held)))


def _proposal_held(tool_filter: ToolFilter, fresh: Selection, reading: Reading, turns: Sequence[Turn]) -> Selection:
    """A proposal's selection with the proposed act's destroyer where it held or cut every one.

    "要取消 RN-5521 吗？…请确认。" / "确认": the turn before held ``rental_booking_cancel`` ("算了不去了" read as no
    ask), so no kept set carries it, and this one ranked it under the cut. The best-ranked destroyer the selection
    left out whose act the proposal says (``names_act``, either language) is offered.
    """
    if any(_destroys(tool_filter, s.name) for s in fresh.selected):
        return fresh
    proposal = unreported(reading.query.removesuffix(trimmed(turns[reading.user].text)))
    mentioned = held_by_mention(fresh.notes)  # held as its act mentioned, not asked: the confirmation asks no more
    held = (
        s
        for s in fresh.rejected
        if _destroys(tool_filter, s.name) and names_act(proposal, s.tool) and s.name not in mentioned
    )
    found = next(held, None)
    return fresh if found is None else _offering(fresh, (*fresh.selected, replace(found, reason=None)))


def _proposed_apart(acts: Sequence[ScoredTool], reading: Reading, turns: Sequence[Turn]) -> set[str]:
    """The destructive tools of ``acts`` a reply takes of a proposal of two or more acts apart; else none.

    The proposal says each act, in either language ("要我取消订单ORD-1并退款吗？" for ``order_cancel``); the reply
    takes those it names ("好的，只取消", "只退款就行"), else every one ("yes", "do both"), less those it refuses
    ("yes, but don't refund it yet").
    """
    reply = trimmed(turns[reading.user].text)
    proposal = unreported(reading.query.removesuffix(reply))
    said = [s.tool for s in acts if names_act(proposal, s.tool)]
    if not acts_told_apart(said):
        return set()
    rest, refused = refused_apart(reply)
    declined = "\n".join(m.group() for m in DECLINED.finditer(rest))
    rest = DECLINED.sub(" ", rest)
    refused = f"{refused}\n{declined}".strip()
    named = [t for t in said if names_act(rest, t)] or said
    return {t.name for t in named if not (refused and names_act(refused, t))}


def _asked_acts(
    tool_filter: ToolFilter,
    fresh: Selection,
    kept: Sequence[ScoredTool],
    reading: Reading,
    turns: Sequence[Turn],
    kwargs: Mapping[str, Any],
) -> tuple[Selection, tuple[ScoredTool, ...]]:
    """The turn's selection and the kept set, each without the destructive tools the turn does not ask for.

    A turn whose destructive verbs are all in reports of acts done ("发邮件告诉客户已经取消了",
    ``only_reports_acts``) asks for none: its selection's are dropped; nor does one that keeps what was offered to be
    destroyed ("留着就行": ``Reading.kept``). A kept tool that
    destroys stays when the turn's selection chose it (the core's guard let it in) or the
    turn asks for it again (``asked_again``). A confirmation takes one, the
    proposed act's: the kept set's that the turn asks again (the act offered for the proposal's task,
    never another destroyer the proposal's words rank), else of its selection's (``_one_act``: at most
    one) the one whose verb the proposal says, else its selection's; taken from the kept set when its
    selection missed it. So does a correction that points to another object of the
    proposed act ("Shall I cancel HB-30101?" / "no, the other one": ``Reading.proposed``).
    """
    if reading.kept or (not reading.proposed and only_reports_acts(reading.query)):
        fresh = _offering(fresh, tuple(s for s in fresh.selected if not _destroys(tool_filter, s.name)))
    acts = {s.name: s.tool for s in kept if _destroys(tool_filter, s.name)}
    again = asked_again(list(acts), reading, turns, acts.__getitem__)
    spent = _spent(tool_filter, fresh, reading, turns, again, kwargs)
    if spent:
        fresh = _offering(fresh, tuple(s for s in fresh.selected if s.name not in spent))
        kept = tuple(s for s in kept if s.name not in spent)
    chosen = {s.name for s in fresh.selected}
    if not reading.proposed:
        keep = {n for n in acts if n in chosen or n in again}
        return fresh, tuple(s for s in kept if s.name in keep or s.name not in acts)
    mine = _on_offered(tool_filter, [s for s in fresh.selected if _destroys(tool_filter, s.name)], reading, turns)
    said = [s.name for s in mine if request_says_its_act(unreported(reading.query), s.tool)]
    offered = _on_offered(tool_filter, [s for s in kept if s.name in acts], reading, turns)
    again = [n for n in again if n in {s.name for s in offered}]
    act = next(iter([*again, *said, *(s.name for s in mine)]), None)  # the kept proposal's act before another
    apart = _proposed_apart([*mine, *(s for s in offered if s.name not in chosen)], reading, turns)
    keep = apart or ({act} if act is not None else set())
    extra = tuple(s for s in kept if s.name in keep and s.name not in chosen and fresh.selected)
    others = {s.name for s in fresh.selected if _destroys(tool_filter, s.name) and s.name not in keep}
    if extra or others:
        fresh = _offering(fresh, (*(s for s in fresh.selected if s.name not in others), *extra))
    return fresh, tuple(s for s in kept if s.name in keep or s.name not in acts)


def _instead(tool_filter: ToolFilter, fresh: Selection, reading: Reading, turns: Sequence[Turn]) -> Selection:
    """The selection with the destroyer a turn asks instead of the offered act, without the refused one.

    "需要我帮你取消吗？" / "不用取消，帮我退款": ``refund_order`` in, ``cancel_order`` out (``asked_instead``).
    """
    wanted, refused = asked_instead(tool_filter, reading, turns)
    if not wanted:
        return fresh
    ranked = {s.name: s for s in (*fresh.rejected, *fresh.selected)}
    have = {s.name for s in fresh.selected}
    add = tuple(
        replace(ranked[t.name], reason=None) if t.name in ranked else ScoredTool(t, ScoreBreakdown({}, {}, 0.0))
        for t in wanted
        if t.name not in have
    )
    return _offering(fresh, (*add, *(s for s in fresh.selected if s.name not in refused)))


def _on_offered(
    tool_filter: ToolFilter, tools: Sequence[ScoredTool], reading: Reading, turns: Sequence[Turn]
) -> list[ScoredTool]:
    """``tools`` less the destroyers of another record than the one the proposal's ids name (``on_offered_object``)."""
    proposal = unreported(reading.query.removesuffix(trimmed(turns[reading.user].text)))
    fit = {t.name for t in on_offered_object(tool_filter, proposal, [s.tool for s in tools])}
    return [s for s in tools if s.name in fit]


def _spent(
    tool_filter: ToolFilter,
    fresh: Selection,
    reading: Reading,
    turns: Sequence[Turn],
    again: Sequence[str],
    kwargs: Mapping[str, Any],
) -> set[str]:
    """The destroyers of the turn's selection whose act has run and that the turn does not ask for again.

    An act that ran (its call and its result are in the history) was the earlier turn's ask; blended in as context,
    that turn's words still rank its tool for the next one: "发短信告诉她退款已经处理" (after "这笔退给她" and
    ``fee_refund`` ran) was offered ``fee_refund`` again. Such a tool stays only when the turn asks it again: it
    says its act (``asked_again``), the core's selection of the turn's own words chooses it, or those words select
    no tool (a turn with no act of its own, "and LT-2 too", continues the last one). A request only, not a
    confirmation nor a correction (those read the act they take). ``kwargs``: the caller's (policy, top_k ...), as
    ``_own_act`` selects with them.
    """
    if reading.kind != "request" or reading.proposed:
        return set()
    ran = {n for t in turns[: reading.user] if t.role == "tool" for n in t.called}
    carried = {s.name for s in fresh.selected if s.name in ran and s.name not in again}
    carried = {n for n in carried if _destroys(tool_filter, n)}
    if not carried:
        return set()
    own = tool_filter.select(reading.query, **kwargs)
    if own.status is Status.NO_TOOL_NEEDED or not own.selected:
        return set()
    return carried - {s.name for s in own.selected}


def _own_act(
    tool_filter: ToolFilter, fresh: Selection, reading: Reading, kept: Sequence[ScoredTool], kwargs: Mapping[str, Any]
) -> ScoredTool | None:
    """A follow-up's own act the kept set lacks: its best tool, selected on its words alone, when confident.

    With earlier turns blended in, "and email her a receipt" (after "record the payment")
    ranks the earlier act's tool first, which the set holds, so the set would be kept; on its
    own words the core selects ``email_send`` (``Status.SELECTED``, not widened): that tool
    joins the set. So does an unsure best (widened) that the turn read with the earlier ones
    selects too: "能改到周一上午十点吗？" ranks ``reschedule_appointment`` first on its own words,
    widened, and beside the kept ``get_appointment_status`` with the earlier turns. A destructive
    tool never joins this way, nor does any to a turn that only refuses an act ("先别删": ``only_refuses``); one
    that refuses an act and asks another is selected on its sentences that refuse nothing (``_asked_part``). A
    confirmation's other ask ("好的，删吧，顺便给他发个短信": ``Reading.also``) is selected on its own words the
    same way.
    """
    have = {s.name for s in kept}
    query = reading.also if reading.kind == "confirmation" else reading.query  # "好的，删吧，顺便给他发个短信"
    if not query or not (reading.context or reading.also) or not kept or fresh.selected[0].name not in have:
        return None
    if reading.kind not in {"request", "confirmation"} or only_refuses(query):
        return None
    own = tool_filter.select(_asked_part(query), **kwargs)
    if not own.selected or own.selected[0].name in have:
        return None
    if (own.status is not Status.SELECTED or own.fallback) and own.selected[0].name not in {
        s.name for s in fresh.selected
    }:
        return None  # unsure on its words alone, and the turn read with the earlier ones does not select it
    if _destroys(tool_filter, own.selected[0].name):
        return None  # a destroyer comes by the turn's asked acts only ("…周会已经取消了" reports one)
    return replace(own.selected[0], reason=None)


_SENTENCES = re.compile(r"[^。！!？?；;\n]+[。！!？?；;\n]*")


def _asked_part(text: str) -> str:
    """``text`` less its sentences that refuse an act: what a turn that refuses one act and asks another asks.

    "会议室是他自己订的，不退。给他发个邮件解释一下" asks "给他发个邮件解释一下" (the refusal's sentence gives its
    reason); a turn with no refusal, or none besides it, is read whole.
    """
    sentences = [m.group() for m in _SENTENCES.finditer(text)]
    asked = [s for s in sentences if not refused_apart(s)[1]]
    return "".join(asked).strip() if asked and len(asked) < len(sentences) else text


def _undo_on_object(tool_filter: ToolFilter, fresh: Selection, reading: Reading, turns: Sequence[Turn]) -> Selection:
    """A later turn asking to destroy gets the destroyers that act on the conversation's objects, only those.

    The turn asks to destroy when its words say a destructive act or the core's guard let a
    destructive tool into its selection. Its objects are what the earlier calls made or read
    (``_objects``): "and cancel PO-1", after ``parts_order`` answered ``{"po": "PO-1"}``, is
    offered ``parts_order_cancel`` and not ``reservation_cancel`` nor ``calendar_cancel_slot``,
    which its words match as well. When its words name only other objects' destroyers' acts
    ("forget it, refund her" names ``refund_issue``: the core's choice holds), or an id no
    earlier message holds (a new object), the selection is left as it is. When none of its
    selection's destroyers acts on an object, the best-ranked one that does takes their place,
    when it takes an earlier result's id key: "算了，王芳那个撤了吧" after ``enrolment_create``
    gets ``enrolment_withdraw``; or the record's own id and the turn says its act (``_refunders``
    reads a bare 退): "那退一半给他" after ``payment_list`` gets ``payment_refund``, not
    ``reservation_cancel``; or the turn says its act, shared with the destroyers sent ("and cancel PO-1"
    where the core sent only the best-ranked cancel, ``reservation_cancel``: ``parts_order_cancel``).
    A turn that only tells a topic ("把退赛的事发短信告诉队长": ``tells_topic_only``) asks no act: no destroyer; nor
    does an act the turn refuses ("不取消了，续一年吧" after ``garden_subscription_get``: the renewal, no close).
    A confirmation takes the offer's act and its object: "yes, cancel it" after ``rental_get`` read R-240 and "R-240:
    city bike L, 8-9 Dec. Shall I cancel it?" gets ``rental_cancel``, not the ``order_cancel`` its words rank first.
    """
    if reading.kind not in {"request", "correction", "confirmation"} or not fresh.selected:
        return fresh
    asked = refused_apart(unreported(reading.query))[0]  # "不取消了，续一年吧" asks the renewal, no close
    mine = [s for s in fresh.selected if _destroys(tool_filter, s.name)]
    destroyers = [t for t in tool_filter.tools if _destroys(tool_filter, t.name)]
    if tells_topic_only(reading.query, destroyers):
        return _offering(fresh, tuple(s for s in fresh.selected if s not in mine))
    by_act = {t.name for t in destroyers if names_act(asked, t)}
    plain = not by_act and not any(names_act(asked, s.tool) for s in fresh.selected)  # "那就不要了"
    found = _objects(destroyers, reading, turns, tool_filter.tools if plain else (), [s.tool for s in mine])
    if found is None:
        return fresh  # an id no earlier message holds: a new object
    objects, keyed, recorded = found
    named = by_act | _refunders(asked, reading, destroyers, objects)
    if not mine and not named and not request_is_destructive(asked):
        return fresh
    closer = None if named else _closer(tool_filter, fresh, asked, reading, turns)
    if closer is not None:  # "那把这单关掉吧": the ticket's close, not the bike's retire
        return _offering(fresh, (closer, *_beside_closer(tool_filter, fresh, mine, closer)))
    if not named & objects and points_back(asked):  # "把它取消吧" after garden_subscription_get: its close
        named |= objects
    if named and not named & objects:
        return fresh
    if not objects:
        return _off_object(tool_filter, fresh, mine, reading, turns)
    wanted = named & objects or objects
    kept = [s for s in mine if s.name in wanted]
    if kept and len(kept) == len(mine):
        return fresh
    if kept:
        return _offering(fresh, tuple(s for s in fresh.selected if s in kept or s not in mine))
    wanted &= keyed | (recorded & named) | (objects & _act_asked(asked, destroyers, mine))
    if not wanted:
        return fresh
    ranked = (s for s in (*fresh.selected, *fresh.rejected) if s.name in wanted)
    first = next(t for t in destroyers if t.name in wanted)
    best = next(ranked, ScoredTool(first, ScoreBreakdown({}, {}, 0.0, matched="object")))
    rest = tuple(s for s in fresh.selected if s not in mine and s.name != best.name)
    return _offering(fresh, (replace(best, reason=None), *rest))


_POINTED = re.compile(
    r"把(?:它|它们|这个|那个)(?:给)?(?=删|取消|注销|撤|作废|退|关|去掉|停|清|废|销)"
    r"|(?:删|取消|注销|撤销|作废|退|关闭|关掉|去掉)(?:了|掉)?(?:它|它们)"
    r"|\b(?:cancel|delete|remove|void|close|drop|scrap|end|terminate|withdraw|get\s+rid\s+of|refund)\s+"
    r"(?:it|them|that\s+one|this\s+one)\b(?!\s*(?:and|&)\b)",
    re.I,
)
"""A destroy act on a pronoun: "把它取消吧", "注销它", "cancel it", "get rid of it" (not "把它和 B-2 都删了": another
object beside it, nor "把这个工单关掉": a noun after the demonstrative names the object)."""


def points_back(text: str) -> bool:
    """The turn asks to destroy what a pronoun points to (``_POINTED``), and says it with a destroy word.

    "住户要搬走了，把它取消吧" after ``garden_subscription_get`` read GS-1029: the act is on that subscription, whatever
    other tool's verb 取消 says (``_undo_on_object``).
    """
    return bool(_POINTED.search(text)) and request_is_destructive(text)


def _closer(
    tool_filter: ToolFilter, fresh: Selection, asked: str, reading: Reading, turns: Sequence[Turn]
) -> ScoredTool | None:
    """The tool that closes the conversation's record, when the turn says to close and names no destroyer's act.

    "那把这单关掉吧" (then close this ticket), after ``repair_ticket_create`` answered ``{"ticket_id": "RT-55",
    "bike_id": "B-1020"}``: 关掉 also asks to shut something down, and ``bike_retire`` takes that result's
    ``bike_id``; but ``repair_ticket_close`` is not destructive and closes what the calls made or read (its name
    but ``close`` is theirs, or it takes an identifier key of their results): the turn asks its act, first. A
    destructive closer only where the turn asks to destroy, after any that is not: "太贵了，要不就别修了，把单子关了吧"
    after ``repair_ticket_get`` read T-77 asks ``repair_ticket_close`` (destructive), which its words say no act of.
    """
    if not says_close(asked):
        return None
    makers = record_tools(turns, reading.user)
    keys = object_keys(turns, reading.user)
    destroying = request_is_destructive(asked)
    closers = {
        t.name
        for t in tool_filter.tools
        if "close" in record_words(t.name)
        and (destroying or not _destroys(tool_filter, t.name))
        and (acts_on_record(t.name, frozenset({"close"}), makers) or keys.intersection(t.parameter_names))
    }
    ranked = [s for s in (*fresh.selected, *fresh.rejected) if s.name in closers]
    ranked.sort(key=lambda s: _destroys(tool_filter, s.name))  # a closer that destroys nothing first
    if ranked:
        return replace(ranked[0], reason=None)
    first = next((t for t in tool_filter.tools if t.name in closers), None)
    return None if first is None else ScoredTool(first, ScoreBreakdown({}, {}, 0.0, matched="object"))


def _beside_closer(
    tool_filter: ToolFilter, fresh: Selection, mine: Sequence[ScoredTool], closer: ScoredTool
) -> tuple[ScoredTool, ...]:
    """What the turn's selection offers beside its record's closer (``_closer``): its tools but its destroyers.

    None beside a closer that destroys, found by the record, where the selection is unsure (widened): its ranking's
    guesses ("把单子关了吧" ranks ``repair_ticket_create`` and ``order_get`` near the top) would join the set for
    nothing the turn asks.
    """
    if _destroys(tool_filter, closer.name) and (fresh.status is not Status.SELECTED or fresh.fallback):
        return ()
    return tuple(s for s in fresh.selected if s not in mine and s.name != closer.name)


def _act_asked(asked: str, destroyers: Sequence[ToolSpec], mine: Sequence[ScoredTool]) -> set[str]:
    """The destroyers whose act the turn asks, not refuses, beside a destroyer the core sent.

    None where the turn asks about an act's state ("was it cancelled?"): a question that asks for the act
    ("could you cancel it please?") asks it.
    """
    if not mine or about_state(asked):
        return set()
    ask = refused_apart(asked)[0]
    return {t.name for t in destroyers if names_act(ask, t)}


def _off_object(
    tool_filter: ToolFilter, fresh: Selection, mine: Sequence[ScoredTool], reading: Reading, turns: Sequence[Turn]
) -> Selection:
    """The selection without its destroyers of other objects, when another of its tools acts on the conversation's.

    "那退一半给他" (then refund him half), after ``payment_list`` read a payment: its selection
    holds ``payment_refund`` (on that payment) and ``reservation_cancel``, whose record no call
    made or read and whose object the turn does not name: the cancel leaves.
    """
    makers = record_tools(turns, reading.user)
    first = _acts_first([t for t in tool_filter.tools if _destroys(tool_filter, t.name)])
    actors = [s for s in fresh.selected if s not in mine and s.name not in makers and _acts_on(s.name, makers, first)]
    if not actors or not mine:
        return fresh
    text = reading.query.lower()
    said = {s.name for s in mine if any(re.search(rf"\b{w}", text) for w in record_words(s.name) - _verbs(s.name))}
    return _offering(fresh, tuple(s for s in fresh.selected if s not in mine or s.name in said))


def _acts_on(name: str, makers: Sequence[str], first: bool) -> bool:
    """The tool acts on a record ``makers`` made or read: its name but its act word is theirs.

    ``first``: the registry names its acts first (``refund_payment``), else last
    (``payment_refund``: on ``payment_list``'s record; ``calendar_list`` is not).
    """
    words = re.findall(r"[a-z]+", bare_name(name).lower())
    return len(words) > 1 and acts_on_record(name, record_words(words[0 if first else -1]), makers)


def _acts_first(destroyers: Sequence[ToolSpec]) -> bool:
    """The registry's destroyers mostly say their act first (``delete_record``), not last (``record_delete``)."""
    ends = [re.findall(r"[a-z]+", bare_name(t).lower()) for t in destroyers]
    first = sum(1 for w in ends if w and request_is_destructive(w[0]))
    return first > sum(1 for w in ends if w and request_is_destructive(w[-1]))


def _objects(
    destroyers: Sequence[ToolSpec],
    reading: Reading,
    turns: Sequence[Turn],
    tools: Sequence[ToolSpec] = (),
    mine: Sequence[ToolSpec] = (),
) -> tuple[set[str], set[str], set[str]] | None:
    """The destroyers that act on what the conversation's earlier calls made or read, those by a key, by a record's id.

    Those with a parameter named as an earlier result's identifier key (``on_objects``, the
    second set; given ``tools`` (a turn that names no destroyer's nor selected tool's own act:
    "那恢复到 v16 吧" names ``restore_page_version``'s), with those whose name's
    other words are a called tool's and that take an id key it requires, when none of the turn's
    selected destroyers (``mine``) takes that key: ``boarding_cancel(stay_id)`` after
    ``boarding_status(stay_id)``), those whose
    name's other words are a called tool's (``acts_on_record``: ``parts_order_cancel`` after
    ``parts_order``), and those taking the id of a record an
    earlier result holds by a bare ``id`` (``on_records``, the third set: ``payment_refund``'s
    ``payment_id`` after ``payment_list`` answered ``[{"id": "P-9931"}]``). An id the turn names
    ("PO-1", "#12") narrows them to the tools whose results hold it; None: an id no earlier
    message holds (a new object). A confirmation names the ids of the offer it answers too.
    """
    offer = turns[reading.decided_by].text if reading.kind == "confirmation" else ""
    ids = named_ids(f"{offer}\n{reading.query}")  # a "yes" takes the offer's object: "R-240: … Shall I cancel it?"
    earlier = turns[: reading.user]
    known = [i for i in ids if any(i in t.text for t in earlier)]
    if ids and not known:
        return None
    keyed = {t.name for t in on_objects(destroyers, object_keys(turns, reading.user))}
    recorded = {t.name for t in on_records(destroyers, record_nouns(turns, reading.user))}
    by_id = record_tools(turns, reading.user, known) if known else []
    makers = by_id or record_tools(turns, reading.user)
    made = {t.name for t in destroyers if acts_on_record(t.name, _verbs(t.name), makers)}
    read = maker_keys(tools, [m for m in makers if m not in {t.name for t in destroyers}])  # what reads read
    if not any(read.intersection(t.parameter_names) for t in mine):  # no selected destroyer takes it already
        keyed |= {t.name for t in on_objects(destroyers, read) if t.name in made}
    return (made if by_id and made else keyed | made | recorded), keyed, recorded


def _refunders(text: str, reading: Reading, destroyers: Sequence[ToolSpec], objects: set[str]) -> set[str]:
    """The destroyers of the conversation's records that refund, when the turn says a bare 退 and asks no question.

    "那退一半给他" after ``payment_list`` read a payment asks ``payment_refund``'s act; "这笔退了吗"
    (was it refunded?) asks none.
    """
    if reading.question or not says_bare_refund(text):
        return set()
    return {t.name for t in destroyers if t.name in objects and refunds(t)}


def _verbs(name: str) -> frozenset[str]:
    """The words of a tool's name that ask to destroy (``cancel`` of ``parts_order_cancel``)."""
    return frozenset(w for w in record_words(name) if request_is_destructive(w))


def _asked(tool_filter: ToolFilter, fresh: Selection, have: set[str]) -> bool:
    """The turn asks to destroy and a destroyer it selected is not in the set (no prefetch brings one).

    It asks by a destroying word, or by that destroyer's own act ("把 B-1020 报废下线" for ``bike_retire``,
    "Permanently retire a bike ...": 报废 is no destroying word of the core's, the tool's own act). A yes to two acts
    ("Shall I cancel ORD-1 and refund the payment?") selects both: the set holding the refund lacks the cancel.
    """
    missing = [s for s in fresh.selected if _destroys(tool_filter, s.name) and s.name not in have]
    asks = unreported(fresh.query)
    return bool(missing) and (request_is_destructive(fresh.query) or any(names_act(asks, s.tool) for s in missing))


def _told_not_dropped(tool_filter: ToolFilter, kept: tuple[ScoredTool, ...], text: str) -> tuple[ScoredTool, ...]:
    """``kept`` less the destroyers whose act the turn tells not to do while it asks another.

    "no, don't close it. just check her points balance" after a close was proposed: the close is not kept. A turn
    that only refuses ("no, don't delete it yet") keeps the set (``only_refuses``), read before this.
    """
    told = told_not_apart(text)
    if told == text:
        return kept
    return tuple(
        s
        for s in kept
        if not (
            _destroys(tool_filter, s.name)
            and says_its_act_any_way(text, s.tool)
            and not says_its_act_any_way(told, s.tool)
        )
    )


def _destroys(tool_filter: ToolFilter, name: str) -> bool:
    """The tool is destructive by the core's guard's rule (``says_destructive``)."""
    snapshot = tool_filter.snapshot
    return snapshot.destructive(snapshot.position[name])


def _domain(tool: ScoredTool) -> str:
    return tool.tool.category or ""


def _switched(fresh: Selection, kept: Sequence[ScoredTool]) -> bool:
    """A topic switch: a confident selection sharing no tool with the set, nor (when known) a domain."""
    if fresh.status is not Status.SELECTED or fresh.fallback:
        return False
    have = {s.name for s in kept}
    if any(s.name in have for s in fresh.selected):
        return False
    old = {_domain(s) for s in kept} - {""}
    new = {_domain(s) for s in fresh.selected[:1]} - {""}
    return not (old and new) or not old & new


def _built(
    tool_filter: ToolFilter, query: str, selected: tuple[ScoredTool, ...], *, status: Status = Status.SELECTED
) -> Selection:
    """A selection the policy made without ranking (kept tools, or none), with always_include tools."""
    have = {s.name for s in selected}
    always = [t for t in tool_filter.tools if t.name in tool_filter.config.always_include and t.name not in have]
    extra = tuple(ScoredTool(t, ScoreBreakdown({}, {}, 0.0, matched="always_include")) for t in always)
    final = (*selected, *extra)
    total = tool_filter.snapshot.total_chars
    return Selection(
        query=query,
        selected=final,
        selected_chars=openai_tools_chars([s.tool for s in final]),
        total_chars=total,
        status=status,
    )
