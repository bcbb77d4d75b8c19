"""Before assembly, the chains: a selected tool that needs an id the request does not carry brings its producer.

"Who directed Titanic?" selects the movie's credits, which want a ``movie_id``; the request
names the film, not its id, so the movie search comes too. A request that carries the id
("credits of movie 550") does not bring it. What feeds what is ``_chains.ChainMap``, read
off the registry; this step only decides, per request:

* a need is **carried** when the request holds a value for it: a number or id-shaped token
  right after the word that names it (``movie 550``, ``issue #42``, ``id 8f3a...``), an
  id-shaped token when the tool needs one value, a number of three or more digits when the
  tool needs one value, a value of the shape the parameter's description gives as its example
  anywhere ("e.g. 3100-428817": ``Need.form``; digits in groups after the naming word,
  ``account 3100-428817``, too), or a ``known`` value (an earlier tool result's, or a tool the
  conversation already called that produces it);
* a need is **fed** when a tool already selected (or known) produces it, or, for a request
  that asks to make something, makes it (``ChainMap.creates``: "book the shipment and
  schedule its pickup" selects ``shipment_create`` beside a tool needing a ``shipment_id``);
* otherwise the best producer the caller may use comes: one the description names first
  ("call X first") or the call log taught, else the strongest (a search over the thing
  before a listing), ties by its score for this request; never a destructive one, never
  one the gates refused, and a maker that books, creates, changes or deletes something
  (``ChainMap.writers``) only for a request that says its act (``WRITERS_HOLD``); its own
  needs are followed one step further.

Within the budget: a chain counts as one ask. A selection of one tool may grow to the tool
and its producer; a larger one keeps its size: the best tool's producers take the places
of the weakest routed tools (never the runner-up's, nor a routed tool that feeds the need),
the other tools' producers and every producer's producer fill only free room. A producer is
worth its best consumer: one brought for a lower tool that also feeds the best tool (or an
ask's best) counts as that tool's producer.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Collection, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

import numpy as np
from numpy.typing import NDArray

from .._chains import ChainMap, Feed, Need, asks_to_make, singular
from .._hints import request_says_its_opening_word
from .._snapshot import Snapshot
from .._types import Note, NoteKind, Reason, ScoreBreakdown, ScoredTool, Status

__all__ = ["carried", "with_chains"]


class _Outcome(Protocol):
    """What a decision holds that the chains read and replace (``decide.Decision``, a dataclass)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def selected(self) -> list[ScoredTool]: ...
    @property
    def rejected(self) -> list[ScoredTool]: ...
    @property
    def notes(self) -> list[str]: ...
    @property
    def status(self) -> Status: ...


_O = TypeVar("_O", bound=_Outcome)

_TOKEN = re.compile(r"[#\w][\w\-:./]*")
_NUMBER = re.compile(r"#?\d+$")
_GROUPED = re.compile(r"\d+(?:-\d+)+$")  # digits in groups: an account number, 3100-428817
_YEAR = re.compile(r"(?:19|20)\d\d$")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
_SLUG = re.compile(r"[\w.-]+/[\w.-]+")  # owner/name: the full name of a thing people name by words
_MINE = r"\b(?:my|our)\s+(?:[\w'-]+\s+){{0,3}}?{word}s?\b"  # "my gym playlist": the user's own playlist
_NEAR = 3  # tokens after the naming word where its value may stand ("movie with id 550")
WRITERS_HOLD = True
"""A maker that books, creates, changes or deletes something (``ChainMap.writers``) is brought as a producer
only for a request that says its act: "where is my parcel?" does not bring ``delivery_schedule`` ("Book a home
delivery slot ...") for the ``delivery_id`` of ``delivery_track``. Chosen by ``benchmarks/chain_writers.py`` on
the dev registries, each left out in turn."""
FORMS = True
"""A value in the parameter's form carries its need: a token of the shape the parameter's description gives
as its example (``Need.form``: "e.g. 3100-428817"), anywhere in the request, and digits in groups
(``3100-428817``) right after the word naming the value. Chosen by ``benchmarks/chain_forms.py`` on the dev
registries, each left out in turn."""


def _id_shaped(token: str) -> bool:
    """A token that reads as an identifier: mixed letters and digits, a UUID, ``#42``, a URI."""
    if _UUID.search(token) or re.fullmatch(r"#\d+", token):
        return True
    core = token.strip(".:/-")
    has_digit = any(c.isdigit() for c in core)
    has_alpha = any(c.isalpha() for c in core)
    if has_digit and has_alpha and len(core) >= 5:
        return True
    return ":" in core and len(core) >= 8 and has_alpha and not core.startswith("http")


def carried(need: Need, query: str, *, single: bool, known: Collection[str] = (), rank: int = 0) -> bool:
    """The request (or what is known) holds a value for ``need``.

    ``single``: the tool needs one value; ``rank``: the need's place among the tool's
    path segments said by name (``owner`` 0, ``repo`` 1, ``username`` 2).
    """
    if need.parameter in known or any(t in known for t in need.things[:1]):
        return True
    if FORMS and need.form and _in_form(need.form, query):
        return True
    if need.by_name:  # each owner/name token carries two path segments, the first ones
        return rank < 2 * len(_SLUG.findall(query))
    tokens, valued, loose = _scan(query, forms=FORMS)
    names = {need.word, f"{need.word}s", "id", "ids", "#", "no", "number"} - {""}
    for i, token in enumerate(tokens):
        if singular(token) in names or token in names:
            if any(valued[i + 1 : i + 1 + _NEAR]):
                return True
    return loose and (single or not need.strict)


@functools.lru_cache(maxsize=1024)
def _in_form(form: str, query: str) -> bool:
    """The request holds a value of the shape ``form`` (``Need.form``), not inside a longer one."""
    return re.search(rf"(?<![A-Za-z0-9]){form}(?![A-Za-z0-9])", query, re.I) is not None


@functools.lru_cache(maxsize=256)
def _scan(query: str, *, forms: bool) -> tuple[tuple[str, ...], tuple[bool, ...], bool]:
    """The request's tokens, which hold a value (a number or an id), and whether any carries one anywhere.

    Read once per request (every need of every selected tool asks).
    """
    tokens = tuple(_TOKEN.findall(query.lower()))
    shaped = tuple(_id_shaped(t) for t in tokens)
    valued = tuple(
        s or bool(_NUMBER.match(t)) or (forms and bool(_GROUPED.match(t.rstrip(".:/-"))))
        for t, s in zip(tokens, shaped, strict=True)
    )
    big = any(
        (d := t.lstrip("#")).isdigit() and len(d) >= 3 and not _YEAR.match(d) for t in tokens
    )  # a number of three or more digits, not a year
    return tokens, valued, any(shaped) or big


@dataclasses.dataclass
class _Plan:
    """One request's chains being worked out."""

    chains: ChainMap
    query: str
    known: Collection[str]
    usable: Callable[[str], bool]
    scores: dict[str, float]
    chosen: list[str] = dataclasses.field(default_factory=list)
    fed_by: dict[str, tuple[str, str]] = dataclasses.field(default_factory=dict)
    """Producer to the (consumer, parameter) it was added for."""
    present: list[str] = dataclasses.field(default_factory=list)
    """The tools selected before chains, in rank order."""
    feeding: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    """Consumer to the tools selected before chains that feed it (they stay with it)."""
    making: bool = False
    """The request asks to make something: a selected maker of the thing feeds its id (``asks_to_make``)."""
    deep: set[str] = dataclasses.field(default_factory=set)
    """Producers brought for another producer (a producer's producer): they only fill free room."""
    serves: dict[str, set[str]] = dataclasses.field(default_factory=dict)
    """Brought producer to every selected tool whose need it feeds (the one it came for and any later one)."""
    asks_act: Callable[[str], bool] = lambda _name: False
    """The request says the act a tool's description opens with ("book ..." for "Book a home delivery slot")."""

    def producer(self, feed: Feed) -> str | None:
        """The producer to bring: one named first, else the strongest, ties by its score here.

        A maker that books, creates, changes or deletes something (``ChainMap.writers``) comes only for a
        request that says its act: "where is my parcel?" does not bring the booking of a delivery slot.
        """
        named = [p for p in feed.named if self.allowed(p)]
        if named:
            return named[0]
        makers = [p for p in feed.makers if self.allowed(p) and self.reads_or_asked(p)]
        if not makers:
            return None
        thing = next((t for t in feed.need.things if any((p, t) in self.chains.strength for p in makers)), "")
        said = [re.escape(w) for w in {feed.need.word, *feed.need.things[:1]} if w]
        mine = any(re.search(_MINE.format(word=w), self.query, re.I) for w in said)
        return max(
            makers,
            key=lambda p: (
                mine and self.chains.own(p),
                self.chains.strength.get((p, thing), 0),
                self.scores.get(p, -1.0),
                p,
            ),
        )

    def reads_or_asked(self, name: str) -> bool:
        """The maker writes nothing, or the request says its act (``WRITERS_HOLD``)."""
        return not WRITERS_HOLD or name not in self.chains.writers or self.asks_act(name)

    def allowed(self, name: str) -> bool:
        """The caller may use it and it destroys nothing (a producer is always a read)."""
        return self.usable(name) and name not in self.chains.destructive

    def missing(self, consumer: str, depth: int = 0) -> list[str]:
        """The producers ``consumer`` brings (its own needs first, then theirs, one step further)."""
        feeds = self.chains.feeds.get(consumer, ())
        out: list[str] = []
        ranks = {f.need.parameter: i for i, f in enumerate(f for f in feeds if f.need.by_name)}
        for feed in sorted(feeds, key=lambda f: not f.producers):  # the fed first: their producers may feed the rest
            need = feed.need
            rank = ranks.get(need.parameter, 0)
            if carried(need, self.query, single=len(feeds) == 1, known=self.known, rank=rank):
                continue
            fed = [n for n in (*self.chosen, *out, *self.known) if self.chains.produces(n, need)]
            if fed:  # a producer brought for another need, or a value the conversation holds
                self.serves.setdefault(fed[0], set()).add(consumer)
                continue
            pick = self._ranked_feeder(consumer, need) or self.producer(feed)
            if pick is None or pick in self.chosen or pick in out:
                continue
            if pick in self.present:  # a selected tool finds or makes it already: it stays, with its consumer
                self.fed_by.setdefault(pick, (consumer, need.parameter))
                self.feeding.setdefault(consumer, []).append(pick)
                continue
            out.append(pick)
            self.chosen.append(pick)
            self.serves.setdefault(pick, set()).add(consumer)
            self.fed_by.setdefault(pick, (consumer, need.parameter))
            if depth:
                self.deep.add(pick)
            if depth < 1:
                out.extend(p for p in self.missing(pick, depth + 1) if p not in out)
        return out

    def _ranked_feeder(self, consumer: str, need: Need) -> str | None:
        """The best-ranked selected tool that makes what ``need`` identifies, or None.

        Only for a request that asks to make something (``asks_to_make``). A selected finder
        or lister feeds a need only as the best producer (``producer``): a listing of the
        user's saved tracks is no source for "Radiohead's newest album".
        """
        if not self.making:
            return None
        return next(
            (n for n in self.present if n != consumer and self.usable(n) and self.chains.creates(n, need)), None
        )


def with_chains(
    snapshot: Snapshot, outcome: _O, query: str, *, k: int, usable: NDArray[np.bool_], known: Collection[str] = ()
) -> _O:
    """``outcome`` with the producers its selected tools need, within the budget, and a note saying so.

    ``k``: the request's ``top_k``. ``usable``: per registry position, the gates let the
    caller use the tool. ``known``: names of values (``movie_id``, ``movie``) or of tools
    whose results the conversation already holds (sticky tools): what they produce needs
    no producer.
    """
    selected = outcome.selected
    if not chained_status(outcome.status) or not any(snapshot.chains.feeds.get(s.name) for s in selected):
        return outcome
    scored = {s.name: s for s in outcome.rejected}
    position = snapshot.position
    plan = _Plan(
        snapshot.chains,
        query,
        known,
        lambda n: n in position and bool(usable[position[n]]),
        {n: s.score for n, s in scored.items()},
    )
    plan.present = [s.name for s in selected]
    plan.asks_act = lambda n: request_says_its_opening_word(query, snapshot.tools[position[n]])
    plan.making = asks_to_make(query)
    plan.scores.update({s.name: s.score for s in selected})
    entries = [(s, plan.missing(s.name)) for s in selected]
    if not any(chain for _, chain in entries):
        return outcome
    lead = _lead(outcome)
    alone = len(selected) == 1 and k > 1  # the chain is the one ask: a tool and its producer
    kept = _within(entries, len(selected) + alone, lead, plan)
    out: list[ScoredTool] = []
    for s, chain in entries:
        out.extend([s] if s.name in kept else [])
        out.extend(_fed(snapshot, scored.get(n), n, plan.fed_by[n]) for n in chain if n in kept)
    added = [t.name for t in out if t.name not in plan.present]
    if not added:
        return outcome
    pushed = [ScoredTool(s.tool, s.breakdown, Reason.BELOW_TOP_K) for s in selected if s.name not in kept]
    rest = [s for s in outcome.rejected if s.name not in kept] + pushed
    return dataclasses.replace(outcome, selected=out, rejected=rest, notes=[*outcome.notes, _note(plan, added, pushed)])


def _lead(outcome: _Outcome) -> set[str]:
    """The tools whose producers may take a routed tool's place: the best one, each ask's best, each destroyer let in.

    A destroyer the guard lets in is asked for by its act: a producer does not push it out ("把…发票作废" keeps
    ``void_invoice``, kept past the score cuts by its act and its record, beside ``search_patients``).
    """
    kinds = (NoteKind.ASKS_KEPT, NoteKind.DESTRUCTIVE_LET_IN)
    asks = {n for r in outcome.notes if isinstance(r, Note) and r.kind in kinds for n in r.values["tools"]}
    return {outcome.selected[0].name, *asks}


def _within(entries: list[tuple[ScoredTool, list[str]]], budget: int, lead: set[str], plan: _Plan) -> set[str]:
    """The names kept of the entries (a routed tool and the producers it brings), at most ``budget``.

    In this order, each group in rank order: the lead tools, the runner-up (the close
    alternative routing kept), the routed tools that feed a lead tool, the lead tools'
    producers, the other routed tools, the rest of the producers (the other tools', and
    every producer's producer). So a producer takes the place of a routed tool only for a
    lead tool's own need, never the runner-up's nor a routed tool that feeds the need itself;
    it is a lead tool's producer when it feeds a lead tool's need, whichever tool brought it.
    """
    routed = [s.name for s, _ in entries]
    runner_up = [n for n in routed if n not in lead][:1]
    first = [s.name for s, _ in entries if s.name in lead]
    feeders = [n for name in first for n in plan.feeding.get(name, ())]
    chained = [n for _, chain in entries for n in chain]
    fed = [n for n in chained if plan.serves.get(n, set()) & lead]  # a producer is worth its best consumer
    rest = [n for n in chained if n not in fed]
    kept: set[str] = set()
    for name in dict.fromkeys([*first, *runner_up, *feeders, *fed, *routed, *rest]):
        if len(kept) < budget:
            kept.add(name)
    return kept


def _note(plan: _Plan, added: Sequence[str], pushed: Sequence[ScoredTool]) -> Note:
    pairs = [f"{p} (for {plan.fed_by[p][1]} of {plan.fed_by[p][0]})" for p in added]
    text = "added the tools that produce what the selected ones need: " + ", ".join(pairs)
    if pushed:
        text += "; left out to stay within the budget: " + ", ".join(s.name for s in pushed)
    return Note(
        NoteKind.CHAINED,
        text,
        tools=tuple(added),
        feeds=tuple(f"{plan.fed_by[p][0]}.{plan.fed_by[p][1]}" for p in added),
        left_out=tuple(s.name for s in pushed),
    )


def _fed(snapshot: Snapshot, base: ScoredTool | None, name: str, fed: tuple[str, str]) -> ScoredTool:
    matched = f"feeds {fed[1]} of {fed[0]}"
    if base is None:
        tool = snapshot.tools[snapshot.position[name]]
        return ScoredTool(tool, ScoreBreakdown({}, {}, 0.0, matched))
    b = base.breakdown
    return ScoredTool(base.tool, ScoreBreakdown(b.signals, b.weights, b.combined, matched))


def chained_status(status: Status) -> bool:
    """The statuses a chain may extend: ranked selections only (not an exact name, not nothing)."""
    return status in (Status.SELECTED, Status.WIDENED)
