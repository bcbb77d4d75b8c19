"""Step 4, deciding: every verdict about a ranking, in one place.

* **Nothing to select on**: no text (``NO_TEXT``), pasted material alone (``NO_ASK``).
* **An exact tool name** (``EXACT_NAME``): that tool, or nothing when the caller may not use it.
* **No tool needed** (``NO_TOOL_NEEDED``): the request is only social (``_social.is_social``: a greeting, a
  wish, thanks, an acknowledgement), or asks the model's own words no usable tool writes (``model_job``:
  writing, rewording, translating, advice, ideas), or it sits closer to requests no tool serves
  than to any tool (``abstain.abstain_score`` measures, ``no_tool`` compares with the
  threshold of the registry's rule), unless it says a tool's own action (``own_action``) or names a record
  (``record_named``: an id some tool takes, a person by title).
* **No tool fits** (``NO_TOOL_FITS``): no candidate passed the score gates;
  ``widen_when_empty`` first takes back those only ``min_combined_score`` dropped, and again
  after the guard where it holds back every survivor (``_routed``).
* **Widen** (``WIDENED``): the top score under ``min_score``, or within ``min_gap`` of the second.
* **The destructive guard** (always on: ``route.GUARD_DESTRUCTIVE``): a destructive tool enters a selection only
  for a request that asks for its act: as the best tool (or an ask's best) of a request that
  asks to destroy (``asked_to_destroy``: its words, the act phrases, its profile neighbours;
  ``meant``) or that says the words its users ask for it in (``says_users_words``, off by
  default), or wherever it ranks when the request says its own verb (``says_acts``): asking
  for one act unlocks no other tool's. A score unlocks it only where the request leans to
  destroy (``destroy_ask.leans_to_destroy``). Where the request names the object of one
  destructive tool let in (``objects``), the others let in whose object it does not name are held.
* **The chains** (``chains.with_chains``): a selected tool that needs an id the request does not
  carry brings the tool that produces it, within the budget, never a destructive one.
* **Never the opposite** (``opposites``): a tool doing the opposite of the act asked ("deny claim ..." and
  ``claim_approve``) is left out where a candidate does the act itself.
* **Each ask's keep**: an ask's best tool stays beside the routed ones, its runner-up within
  ``top_k`` plus one tool an ask; an ask as close to a no-tool phrase as to any tool keeps none
  (``chatty``).

``decide_rows`` rules over ``route.route_rows`` for ``select`` and ``toolfilter fit`` alike.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np
from numpy.typing import NDArray

from .._clauses import clause_parts
from .._compared import compared
from .._config import ToolFilterConfig
from .._failure import EMPTY_REQUEST
from .._hints import (
    account_closing_apart,
    own_acts,
    puts_out_of_use_as_told,
    request_is_destructive,
    request_says_its_act,
    request_says_its_act_across,
    request_says_its_opening_word,
)
from .._negated import refused_acts, refused_apart, told_not_apart
from .._sentence_acts import request_says_a_first_sentence_act
from .._snapshot import Snapshot
from .._social import SOCIAL_ONLY, is_social
from .._types import Note, NoteKind, Reason, ScoredTool, Status, ToolSpec
from . import ask_acts, objects
from .abstain import abstain_score
from .act_words import act_words, is_its_profile_request
from .ask_form import about_state, lifts_or_undoes, says_no_act, turns_off_a_setting, words_ask_nothing
from .asked_kept import asked_back, asked_kept
from .asks import AskTops
from .candidates import Similarities, embed_only, top_indices
from .chains import with_chains
from .clause_things import ClauseActs, clause_acts, said_across_by_clause, thing_words
from .destroy_ask import (
    by_neighbours,
    by_phrases,
    destructive_mask,
    leans_to_destroy,
    negates_an_act,
    neighbour_leans,
    read_holds_neighbours,
)
from .fact_asks import best_of_facts_only
from .gates import Gated
from .held_confidence import confident_rows
from .id_acts import another_act_only, by_id_and_act
from .id_nouns import id_nouns, id_owners
from .id_shapes import RECORD_NUMBER, id_shapes, ids_in, named_by_id
from .ids_beside import taken_beside
from .kept_records import kept_records
from .let_in import GuardReading, let_in_note
from .mentioned import MENTION_KEY, mention_held, mention_reason
from .model_job import MODEL_JOB, in_own_words
from .noun_acts import acts_as_nouns_apart, names_acts_only
from .objects import names_object, said_words
from .opposites import opposite_of_said, opposite_said, own_act_said
from .own_action import action_named
from .owners import owners_only
from .parts import fields_deleted
from .read import Reading
from .read_leans import a_read_in_no_destroy_word
from .record_named import record_named
from .refused_records import ids_text, refused_records
from .reports import ask_and_reports, lean_is_reported, reported_acts
from .rides import riders
from .route import Routed, RouteRows, Routing, Table, held_for, held_for_several, route_rows, routed, table_of
from .said_objects import (
    acts_apart,
    on_another_object,
    on_another_record,
    on_the_record_said,
    taken_by_its_own_act,
    things_of_ids,
)
from .scoring import rank_key
from .siblings import siblings_named_in_part
from .speakers import speakers_apart
from .state_reads import reads_about, with_state_reads
from .withdrawn import withdrawn_acts

__all__ = [
    "Decision",
    "Evidence",
    "Ranking",
    "asked_to_destroy",
    "by_its_id",
    "chatty",
    "decide",
    "decide_rows",
    "evidence",
    "meant",
    "names_objects",
    "says_acts",
    "says_users_words",
    "no_tool",
]


@dataclass(frozen=True, slots=True)
class Ranking:
    """What deciding takes: the gated reading's candidates, scored (``rank``)."""

    gated: Gated
    survivors: list[ScoredTool] = field(default_factory=list)
    """Candidates that passed the score gates, best first (plain mode: the chosen)."""
    dropped: list[ScoredTool] = field(default_factory=list)
    """Candidates the score gates dropped, with their reasons (plain mode: the rest of the pool)."""
    refused: list[ScoredTool] = field(default_factory=list)
    """The closest tools the caller may not use, with their reason."""
    tops: AskTops = AskTops()
    notes: list[str] = field(default_factory=list)
    """Why the caller's category did not gate."""

    @property
    def reading(self) -> Reading:
        """The request as read."""
        return self.gated.reading


@dataclass(frozen=True, slots=True)
class Decision:
    """What a ranking came to, before the tools a selection brings (``assemble``)."""

    ranking: Ranking
    status: Status
    selected: list[ScoredTool] = field(default_factory=list)
    rejected: list[ScoredTool] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    domains: tuple[str, ...] = ()
    detail: str = ""
    sticky: bool = True
    """The conversation's sticky tools join the selection (not after "no tool")."""


CHAINS = True
"""A selected tool that needs an id the request does not carry brings its producer (docs/chains.md);
benchmarks/chains_latency.py measures its cost. A setting until 0.10."""


def decide(snapshot: Snapshot, config: ToolFilterConfig, ranking: Ranking) -> Decision:
    """The verdict on ``ranking``: the status, the tools chosen, the rest with reasons, the notes.

    Never a tool that does the opposite of the act asked (``_opposites_out``).
    """
    return _opposites_out(ranking.reading.text, _decided(snapshot, config, ranking))


def _opposites_out(text: str, decision: Decision) -> Decision:
    """``decision`` less the tools doing the opposite of an act ``text`` asks (``opposites``), with a note.

    "deny claim CL-40021" is not sent ``claim_approve``; they are rejected with ``Reason.OPPOSITE_ACT``.
    """
    if not decision.selected:
        return decision
    candidates = [s.tool for s in (*decision.selected, *decision.rejected)]
    out = opposite_of_said(text, [s.tool for s in decision.selected], candidates)
    if not any(out):
        return decision
    kept = [s for s, o in zip(decision.selected, out, strict=True) if not o]
    cut = [
        ScoredTool(s.tool, s.breakdown, Reason.OPPOSITE_ACT) for s, o in zip(decision.selected, out, strict=True) if o
    ]
    names = tuple(s.name for s in cut)
    told = ", ".join(opposite_said(text, s.tool, candidates) for s in cut)
    note = Note(NoteKind.OPPOSITE_LEFT_OUT, "left out, the opposite of the act asked: " + told, tools=names)
    status = decision.status if kept else Status.NO_TOOL_FITS
    rejected = [*decision.rejected, *cut]
    return replace(decision, status=status, selected=kept, rejected=rejected, notes=[*decision.notes, note])


def _decided(snapshot: Snapshot, config: ToolFilterConfig, ranking: Ranking) -> Decision:
    """``decide``'s verdict before the opposites are left out."""
    reading = ranking.reading
    sims = reading.sims
    if sims is None:  # nothing embedded: no text, pasted material alone, or an exact tool name
        return _unread(ranking)
    notes = list(reading.request.notes)
    if not config.enabled:
        status = Status.SELECTED if ranking.survivors else Status.NO_TOOL_FITS
        return Decision(ranking, status, ranking.survivors, ranking.dropped, notes)
    if ranking.gated.eligibility.usable.any() and is_social(reading.text):  # a greeting, a wish alone: no ask
        return _no_tool_needed(snapshot, ranking, sims, SOCIAL_ONLY)
    if in_own_words(snapshot, reading, ranking.gated.eligibility.usable):  # words only the model writes
        return _no_tool_needed(snapshot, ranking, sims, MODEL_JOB)
    verdict, why, note = no_tool(snapshot, config, reading, ranking.gated.eligibility.usable)
    if verdict is Status.NO_TOOL_NEEDED:
        return _no_tool_needed(snapshot, ranking, sims, why)
    served, why = (why, "") if verdict is None else ("", why)  # served: what tools rest on
    notes += [*([note] if note else []), *ranking.notes]
    survivors, dropped = ranking.survivors, ranking.dropped
    if not survivors and config.widen_when_empty:
        survivors, dropped = _rescued(dropped)
    if ASKED_BY_ID and ASKED_BY_PREFIX and NAMED_BACK and dropped:
        survivors, dropped = _named_back(snapshot, reading.text, survivors, dropped)
    survivors, dropped = asked_back(snapshot, reading.text, survivors, dropped)
    if not survivors:
        why = why or "no tool fits: every candidate was filtered out or scored too low"
        return Decision(ranking, verdict or Status.NO_TOOL_FITS, [], ranking.refused + dropped, notes, detail=why)
    routing = Routing.of(config, reading.request.k)
    asked, ids, done, dropped = _routed(snapshot, config, ranking, survivors, dropped, routing)
    rejected = ranking.refused + dropped
    verdict, why, several = _unread_object(verdict, why, asked, snapshot, ids, done.selected, reading.text)
    done, rejected = _state_reads(reading.text, snapshot, ranking, done, routing, rejected)
    if verdict is Status.NOT_SURE:  # the tools stay ranked: an adapter without the search sends them
        notes += held_for_several(done.notes, several)
        return Decision(ranking, verdict, done.selected, rejected + done.dropped, notes, done.domains, why)
    status = Status.SELECTED if done.confident else Status.WIDENED
    detail = "; ".join(d for d in (done.widened, served) if d)
    guarded = [s.tool for s in rejected + done.dropped if s.reason is Reason.DESTRUCTIVE_GUARD]
    told = _spoken_of(_ask_read(reading.text)[0])  # the act told, not asked: no id note
    said = _held_by_id(snapshot, told, guarded, ids)
    said, several = _several_apart(snapshot, reading.text, said, ids)
    decision = Decision(
        ranking,
        status,
        done.selected,
        rejected + done.dropped,
        _own_action_said(notes, done.selected)
        + _mention_said(
            snapshot, reading, _id_said(held_for_several(done.notes, several), said, snapshot.index.voiced)
        ),
        done.domains,
        detail,
    )
    if not CHAINS:
        return decision
    usable, request = ranking.gated.eligibility.usable, reading.request
    return with_chains(snapshot, decision, reading.text, k=request.k, usable=usable, known=request.sticky)


def _meant_refused(snapshot: Snapshot, ranking: Ranking) -> bool:
    """Whether the destructive tool closest to the request (by ``embed``) is one the caller may not use.

    Then the destroy it asks for is that tool's: no other destroyer is let in as the one meant
    ("delete all data of customer C-1093" with ``customer_delete`` blocked got ``deposit_refund``).
    A tool whose own verb the request says is still let in (``says_acts``).
    """
    refused = [s.breakdown.signals.get("embed", 0.0) for s in ranking.refused if _destroys(snapshot, s)]
    if not refused:
        return False
    own = [s.breakdown.signals.get("embed", 0.0) for s in ranking.survivors if _destroys(snapshot, s)]
    return max(refused) > max(own, default=-1.0)


def _stand_ins(
    snapshot: Snapshot,
    ranking: Ranking,
    destructive: NDArray[np.bool_],
    named: NDArray[np.bool_],
    held: NDArray[np.bool_] | None = None,
) -> NDArray[np.bool_]:
    """One row: the destroyers held where the one meant is a tool the caller may not use (``_meant_refused``).

    Blocking the destroyer asked leaves no destroyer, never the next one: "delete client C-3307's data" with
    ``client_remove`` blocked sends no ``gallery_delete`` for its verb. A destroyer whose object (or id) the request
    names (``named``) stays: "Delete gallery G-551". With ``held``: those too (held whatever the request says).
    """
    out: NDArray[np.bool_] = np.zeros_like(destructive) if held is None else held.copy()
    if destructive.any() and _meant_refused(snapshot, ranking):
        out |= destructive & ~named
    return out


def _destroys(snapshot: Snapshot, scored: ScoredTool) -> bool:
    """Whether ``scored``'s tool is destructive by the guard's rule (``destructive_mask``, worked out once)."""
    position = snapshot.position.get(scored.name)
    return position is not None and bool(destructive_mask(snapshot)[position])


@dataclass(frozen=True, slots=True)
class IdsRead:
    """The guard's reading of the request's ids over its candidates (``_id_reading``), passed on to its note."""

    tools: list[ToolSpec] = field(default_factory=list)
    takes: list[bool] | None = None
    """Per candidate: it takes an id the request carries (None: the ids are not read)."""
    against: list[bool] | None = None
    """Per candidate: the id's prefix names another record than its (None: no prefix read as a noun)."""

    def of(self, tools: list[ToolSpec]) -> tuple[list[bool] | None, list[bool] | None]:
        """``takes`` and ``against`` of ``tools`` (candidates read; another one takes no id and is named by none)."""
        at = {t.name: j for j, t in enumerate(self.tools)}

        def picked(flags: list[bool] | None) -> list[bool] | None:
            return None if flags is None else [t.name in at and bool(flags[at[t.name]]) for t in tools]

        return picked(self.takes), picked(self.against)


def _routed(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    ranking: Ranking,
    survivors: list[ScoredTool],
    dropped: list[ScoredTool],
    routing: Routing,
) -> tuple[bool, IdsRead, Routed, list[ScoredTool]]:
    """The survivors routed past the guard: ``_guarded``'s readings (over the tools routed), the routing, the rest.

    Where the guard holds back all there was to send and ``widen_when_empty``, routed again with what only
    ``min_combined_score`` dropped after them (``_rescued``); the tools held stay held. Not a question about
    an act's state (``about_state``): its held tools' object's reads answer it (``_state_reads``).
    """
    text, tools = ranking.reading.text, [s.tool for s in survivors]
    table = table_of(snapshot, survivors, ranking.tops)
    rows, asked, ids, why = _guarded(snapshot, ranking, tools, table, routing)
    rows = asked_kept(rows, why, text, tools)
    done = _let_in_said(routed(survivors, table, rows, routing), survivors, table, routing, why)
    low, rest = _rescued(dropped)
    if done.selected or not rows.excluded.any() or not (config.widen_when_empty and low) or about_state(text):
        return asked, ids, done, dropped
    survivors = survivors + low
    tools = [s.tool for s in survivors]
    table = table_of(snapshot, survivors, ranking.tops)
    held = np.zeros_like(table.destructive)
    held[0, : len(tools) - len(low)] = rows.excluded[0, : len(tools) - len(low)]
    rows, asked, ids, why = _guarded(snapshot, ranking, tools, table, routing, held)
    rows = asked_kept(rows, why, text, tools)
    return asked, ids, _let_in_said(routed(survivors, table, rows, routing), survivors, table, routing, why), rest


def _let_in_said(
    done: Routed, survivors: list[ScoredTool], table: Table, routing: Routing, why: GuardReading
) -> Routed:
    """``done`` with the note saying why the guard let each destructive tool it sends in (``let_in``)."""
    note = let_in_note(survivors, table.destructive, done.selected, why) if routing.guard_destructive else None
    return done if note is None else replace(done, notes=[*done.notes, note])


def _guarded(
    snapshot: Snapshot,
    ranking: Ranking,
    tools: list[ToolSpec],
    table: Table,
    routing: Routing,
    held: NDArray[np.bool_] | None = None,
) -> tuple[RouteRows, bool, IdsRead, GuardReading]:
    """``decide_rows`` over one request's candidates, with the guard's readings (acts less those reported done).

    Also returned: whether it asks to destroy, the ids read (``_held_by_id``), what let a destroyer in; ``held``: held.
    """
    destructive, text = table.destructive, ranking.reading.text
    words, reported, refused = _ask_read(text)
    ask = _spoken_of(words)  # "客户说 ORD-5521 要取消": the customer speaks, the order is the thing
    whole = _whole(ranking.reading) if destructive.any() else None  # the act phrases: read for a destructive candidate
    read = _spoken_of(text)
    ids = ids_text(read, refused, reported)  # "don't delete C-1, delete O-1": O-1 is the id asked on
    takes, against, beside = _ids_read(snapshot, ids, tools, destructive)
    names = _names_read(snapshot, (read, ask), tools, destructive, takes)
    own = None if against is None else _own_ids(snapshot, text, tools, destructive)
    said = says_acts(ask, tools, destructive & ~beside, takes, against, _rivalled(snapshot, ask, against), own)
    said = said_across_by_clause(ask, tools, destructive & ~beside, against, said)
    named = names.named | acts_apart(tools, destructive, said)  # "cancel ORD-1 and refund the payment": each its own
    said, displaced = _said_on_things(snapshot, (text, ask), tools, said, named, table)
    destroyers = _destroyers(tools, destructive)
    asked = _asks_to_destroy(snapshot, ranking, ask, whole, destroyers)
    said = said | _acts_on_object(asked, ask, tools, destructive, said)
    apart = _said_apart(ask, tools, destructive, said)
    reports = _holds(snapshot, ranking, table, tools, (text, ask, words, reported, refused), (said, beside, displaced))
    users_words, leans = says_users_words(snapshot, ask, tools, destructive), _leans(snapshot, whole, text, destroyers)
    leans = leans and not _lean_only_told(ask, reported)
    not_meant, asks_act = _ask_reads(snapshot, ranking.reading, tools, table)
    rows = decide_rows(
        table.score,
        table.survivor,
        table.category_rank,
        table.clause_top,
        routing,
        destructive,
        np.array([_ranked_ask(asked, ask, said, (tools, destructive))]),
        guard_confident=snapshot.index.voiced,
        asks=np.array([ranking.tops.asks], dtype=np.int64),
        says_act=said,
        behind=sharers_behind(tools, said)
        & ~(named_where_acted(ask, tools, destructive, takes, named) | apart | names.by_clause),
        unowned=unowned_asks(table.asks, tools, destructive),
        not_meant=not_meant,
        users_words=users_words,
        score_unlocks=np.array([leans]),
        by_id=by_id_and_act(takes, (ask, text), tools, destructive, against, said),
        against_id=None if against is None else named_by_id(against, destructive) & ~_worded(ask, tools, destructive),
        own_id=None if own is None else own | apart,  # each act said its own tool's
        object_named=named,
        worded=names.worded | apart | names.by_clause,
        reported=reports | _stand_ins(snapshot, ranking, destructive, named, held),
        asks_act=asks_act,
    )
    scored = (table.score >= routing.min_score) & (table.score[:, :1] - table.score <= routing.min_gap)
    why = GuardReading(_asked_by(snapshot, ask, whole, text) if asked else "", said, users_words, takes, scored & leans)
    return rows, asked, IdsRead(tools, _taken(takes, beside), against), replace(why, asks=table.asks)


def _holds(
    snapshot: Snapshot,
    ranking: Ranking,
    table: Table,
    tools: list[ToolSpec],
    texts: tuple[str, str, str, str, str],
    rows: tuple[NDArray[np.bool_], NDArray[np.bool_], NDArray[np.bool_]],
) -> NDArray[np.bool_]:
    """One row: the destructive candidates ``_guarded`` holds, whatever lets them in.

    Held whatever the ask says (``_held_acts``), on another record (``_other_records``), taking only an id beside the
    act (``_unasked_here``), displaced by a clause's thing, or mentioned, not asked (``mentioned.mention_held``).
    ``texts``: the request, its ask as the guard reads it and in its own words, its reported and its refused parts;
    ``rows``: the acts said, the destroyers taking an id only beside the act, those a clause's thing displaced.
    """
    text, ask, words, reported, refused = texts
    said, beside, displaced = rows
    destructive = table.destructive
    held = _held_acts((text, ask, words), reported, refused, tools, destructive, said)
    held |= _other_records(snapshot, ask, tools, table) | _unasked_here(table, tools, said, beside) | displaced
    return held | mention_held(snapshot, ranking.reading.sims, tools, destructive)


SAID_OVER_VECTOR = True
"""A request that asks to destroy by its vector alone (the act phrases or its profile neighbours, not its words) and
says a destructive candidate's own act asks that act: the ranking's best destroyer, whose act no word of the request
says, is not meant. "AT-60011 这台太旧了，做报废处理" says ``device_retire``'s 报废 (retire, ``_hints._OWN_ACTS``)
and no destroy word; its vector sits near the act phrases, and ``device_wipe`` (erase the data) ranked first. Off:
the ranking's best is meant too, as before."""


def _ranked_ask(
    asked: bool, ask: str, said: NDArray[np.bool_], over: tuple[list[ToolSpec], NDArray[np.bool_]] | None = None
) -> bool:
    """The destroy ask unlocks the tools meant by rank: not where ``SAID_OVER_VECTOR`` gives it to the acts ``said``.

    Nor, with ``over`` (the candidates and which destroy), where each destroy clause of its words says a candidate's
    own act (``_each_clause_said``).
    """
    if not (SAID_OVER_VECTOR and bool(said.any())):
        return asked
    return asked and request_is_destructive(ask) and not (over is not None and _each_clause_said(ask, said, *over))


_RECORD = re.compile(RECORD_NUMBER)


def _each_clause_said(ask: str, said: NDArray[np.bool_], tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> bool:
    """Each clause of ``ask`` that asks to destroy says the own act of a destructive candidate (``says_acts``).

    "这批胰岛素冷链断了，20支全部报损" (write the 20 off) says ``stock_writeoff``'s act (报损): a till sale's void,
    ranked first, is not meant. A destroy clause that says no candidate's act ("再把 D-101 的草稿删掉" where no
    candidate's own verb is 删) leaves the ranking to say which, and so does a request that carries a record's id, which
    the id readings give its destroyer ("Ana quit today, shut off all her access, cleaner CL-19"). Clauses are cut at
    the words that join asks too (``clause_parts``): "注销账户并删除所有个人资料" is two, the second saying no act.
    """
    if _RECORD.search(ask):
        return False
    clauses = [c for c in clause_parts(ask) if request_is_destructive(c)]
    return bool(clauses) and all(bool((says_acts(c, tools, destructive) & said).any()) for c in clauses)


CLAUSE_THINGS = True
"""A destroy clause's act goes to the destroyer whose thing it names, and the others whose act only that clause says,
on no thing of theirs, are held (``clause_things``): "scrap the move MV-41000" is ``booking_cancel``'s, not
``crew_unassign``'s (which says "remove" and takes the id). Off, or with no object read (``objects.OBJECT_FROM``
``off``) or every sharer of a verb let in (``SHARED_VERB`` ``all``): as before."""


def _clause_things(
    snapshot: Snapshot, ask: str, tools: list[ToolSpec], table: Table, said: NDArray[np.bool_]
) -> ClauseActs:
    """Each destroy clause's act given to the destroyer whose thing it names (``clause_things``, ``CLAUSE_THINGS``).

    ``first``: the tool ranked first and each ask's best; ``rivals``: the registry's destroyers.
    """
    destructive = table.destructive
    if not CLAUSE_THINGS or objects.OBJECT_FROM == "off" or SHARED_VERB == "all":
        return ClauseActs(np.zeros_like(destructive), np.zeros_like(destructive))

    def rivals() -> list[ToolSpec]:
        return [t for t in snapshot.tools if snapshot.destructive(snapshot.position[t.name])]

    first = [j == 0 or int(table.clause_top[0, j]) == 1 for j in range(len(tools))]
    return clause_acts(ask, tools, destructive, first, lambda part: says_acts(part, tools, destructive), said, rivals)


def _worded(text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destroyers whose object ``text`` names in words (``objects.names_object``), not by an id.

    An id's prefix that names another record does not contradict them: "帮我把 A-104 的租约退掉" names the lease (租约)
    of unit A-104, and ``rental_terminate`` is the act's whatever record the prefix A reads as.
    """
    out = np.zeros_like(destructive)
    text = objects.opening_verbs_apart(text)
    out[0, : len(tools)] = [bool(destructive[0, j]) and names_object(text, t) for j, t in enumerate(tools)]
    return out


def _said_on_things(
    snapshot: Snapshot,
    texts: tuple[str, str],
    tools: list[ToolSpec],
    said: NDArray[np.bool_],
    named: NDArray[np.bool_],
    table: Table,
) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """``said`` less the destroyers whose verb acts on another candidate's object, with those taking a thing said.

    ``texts``: the request and its ask. Less ``said_objects.on_another_object`` ("delete the email I sent the
    customer" is no menu item's); with ``said_objects.taken_by_its_own_act`` ("delete the coke from order R-221" is
    ``order_item_remove``'s act, whatever verb says it). Each destroy clause's act given to the destroyer whose
    thing it names (``_clause_things``: "scrap the move MV-1" is the booking's cancel); returned too, those it holds.
    """
    text, ask = texts
    destructive = table.destructive
    other = _on_another_object(snapshot, text, tools, said, named, destructive)
    out: NDArray[np.bool_] = (said & ~other) | taken_by_its_own_act(ask, tools, destructive)
    things = _clause_things(snapshot, ask, tools, table, out)
    return (out & ~things.displaced) | things.owners, things.displaced


def _on_another_object(
    snapshot: Snapshot,
    text: str,
    tools: list[ToolSpec],
    said: NDArray[np.bool_],
    named: NDArray[np.bool_],
    destructive: NDArray[np.bool_],
) -> NDArray[np.bool_]:
    """``said_objects.on_another_object`` of ``text``, but for a destroyer whose act clauses say on none of another's.

    Read in the clauses that say its act: "Take Jake off MV-41000 and cancel the piano item" cancels an item of the
    inventory, and ``crew_unassign``'s act, said in the first clause, is on no other candidate's object.
    """
    out = on_another_object(text, tools, said, named, lambda part: id_owners(snapshot, part, tools))
    parts = [p for p in clause_parts(text) if p.strip()]
    for j in (int(j) for j in np.flatnonzero(out[0]) if len(parts) > 1):
        saying = [p for p in parts if says_acts(p, tools, destructive)[0, j]]
        owners = [on_another_object(p, tools, said, named, lambda q: id_owners(snapshot, q, tools)) for p in saying]
        out[0, j] = not saying or any(bool(o[0, j]) for o in owners)
    return out


def _said_apart(
    ask: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], said: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """``acts_apart``, or each destroyer ``said`` that a clause of its own alone says the act or names the thing of.

    "Take Jake off MV-41000 and cancel the piano item": ``crew_unassign`` and ``inventory_item_remove`` share
    "remove" and take the move's id, but each clause asks one of them.
    """
    out = acts_apart(tools, destructive, said)
    here = []
    for part in (p for p in clause_parts(ask) if p.strip()):
        says, words = says_acts(part, tools, destructive), said_words(part)
        here.append([j for j, t in enumerate(tools) if said[0, j] and (says[0, j] or thing_words(t) & words)])
    alone = {h[0] for h in here if len(h) == 1}
    if len(alone) > 1 and all(len(h) < 2 for h in here):
        out[0, sorted(alone)] = True
    return out


def _ask_reads(
    snapshot: Snapshot, reading: Reading, tools: list[ToolSpec], table: Table
) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """Per candidate: an ask's best not meant (``ask_acts.not_meant``); best for an ask saying a destroy word."""
    destructive = table.destructive
    vectors, embedder = reading.vectors, snapshot.index.embedder
    not_meant = ask_acts.not_meant(table.asks, vectors, embedder, tools, destructive, snapshot.position)
    return not_meant, ask_acts.asks_say_act(table.asks, tools, destructive)


def _ask_read(text: str) -> tuple[str, str, str]:
    """The request's ask, the acts it reports done (``reports``) and those it refuses (``refused_apart``).

    The ask less its destroy words that modify a noun (``noun_acts``: "a refund policy explanation" asks no refund);
    the guard reads it less the people who speak or are served (``_spoken_of``).
    """
    ask, reported = ask_and_reports(text)
    ask, refused = refused_apart(ask)  # "don't refund T-1, just void it": the refund refused, held below
    return acts_as_nouns_apart(ask), reported, refused


def _spoken_of(text: str) -> str:
    """``text`` less the people who speak, want, confirm or are served (``speakers``), unless they held its only ids.

    "客户说 ORD-5521 要取消", "Customer C-1188 wants ORD-5521 cancelled": the order is the thing, not the customer.
    """
    read = speakers_apart(text)
    return text if _digits(text) and not _digits(read) else read  # "client C-1 asked us to delete all we have on her"


def _digits(text: str) -> bool:
    """Whether ``text`` holds a digit (an id, a number)."""
    return any(c.isdigit() for c in text)


def _held_acts(
    texts: tuple[str, str, str],
    reported: str,
    refused: str,
    tools: list[ToolSpec],
    destructive: NDArray[np.bool_],
    said: NDArray[np.bool_],
) -> NDArray[np.bool_]:
    """One row: the destructive candidates held whatever the ask says of them.

    Those whose act the request only reports, tells as another's wish or as the time of another act
    (``reports.reported_acts``), refuses (``refused_acts``; on a record it names, whatever follows:
    ``refused_records``), or whose record it names only as the owner of a field it
    deletes (``parts.fields_deleted``: "delete the old phone number on CU-5120" is an edit) or of another record
    (``owners.owners_only``, read in the ask's own words, its speakers not blanked: "delete the patient's coupon"
    deletes no patient); or that ride along with another act
    asked, their own never said (``rides.riders``: "先远程锁定"); or a cancel the ask says no way where it asks a
    refund (``id_acts.another_act_only``: "refund the repair RO-1"); or that act on a thing of an id's record they do
    not name (``said_objects.things_of_ids``: "remove the member discount of CU-0001"); or that the request refuses
    bare after saying them (``withdrawn``: "要退款…先别退"), or a sibling of a thing it names whole (``siblings``), or
    whose thing the request keeps (``kept_records``: "void the payment link on INV-1, keep the invoice").
    ``texts``: the request, its ask as the guard reads it and in its own words.
    """
    text, ask, words = texts
    held = withdrawn_acts(text, refused, tools, destructive) | siblings_named_in_part(ask, tools, destructive, said)
    held |= reported_acts(reported, tools, destructive, said, ask) | refused_acts(refused, tools, destructive, said)
    # "do not delete customer C-1; delete order O-1": the refused record's act held, whatever follows
    held |= refused_records(refused, ask, tools, destructive, reported)
    held |= owners_only(words, tools, destructive) | riders(ask, tools, destructive, said)
    held |= another_act_only(ask, tools, destructive, said) | things_of_ids(ask, tools, destructive)
    return held | fields_deleted(ask, tools, destructive) | kept_records(ask + "\n" + reported, tools, destructive)


def _other_records(snapshot: Snapshot, ask: str, tools: list[ToolSpec], table: Table) -> NDArray[np.bool_]:
    """One row: the destroyers whose object is not the record the ask says its act on, another destroyer's (held).

    ``said_objects.on_another_record``: "把学生 STU-0877 的所有信息删掉" holds ``ensemble_remove_member`` in a registry
    with ``student_delete``.
    """

    def rivals() -> list[ToolSpec]:
        return [t for t in snapshot.tools if snapshot.destructive(snapshot.position[t.name])]

    return on_another_record(ask, tools, table.destructive, rivals)


def _asked_by(snapshot: Snapshot, text: str, whole: NDArray[np.float32] | None, written: str) -> str:
    """Which reading of ``asked_to_destroy`` found a destroy ask, said for the guard's note (``let_in``)."""
    if request_is_destructive(text):
        return "its words"
    if by_phrases(snapshot.index.embedder, whole) and not negates_an_act(written):
        return "the act phrases"
    return "its profile neighbours"


def _destroyers(tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> list[ToolSpec]:
    """The destructive candidates (``tools``, padded in ``destructive``)."""
    return [tool for j, tool in enumerate(tools) if destructive[0, j]]


def _leans(
    snapshot: Snapshot, whole: NDArray[np.float32] | None, text: str, destroyers: Sequence[ToolSpec] = ()
) -> bool:
    """The request leans to destroy (``destroy_ask.leans_to_destroy``), neither asking an act's state nor not to act.

    Not a question about an act's state (``about_state``), nor a pause lifted or act undone (``lifts_or_undoes``), nor
    a record's alerts turned off (``turns_off_a_setting``), nor a request not to do an act (``negates_an_act``), nor
    one naming acts only ("a refund policy explanation", ``noun_acts.names_acts_only``), nor one saying no act
    ("CH-55031", ``ask_form.says_no_act``).
    """
    if (
        about_state(text)
        or lifts_or_undoes(text, destroyers)
        or turns_off_a_setting(text, destroyers)
        or names_acts_only(text)
    ):
        return False
    if says_no_act(text, destroyers):
        return False
    return leans_to_destroy(snapshot.index.embedder, whole) and not negates_an_act(text)


def _lean_only_told(ask: str, reported: str) -> bool:
    """The request's lean to destroy is only told.

    Its destroy words are all in its reports (``reports.lean_is_reported``), or it says a read and no destroy word
    (``read_leans``).
    """
    return lean_is_reported(ask, reported) or a_read_in_no_destroy_word(ask)


OBJECT_OVER_RANK = 1
"""A request that asks to destroy, whose best candidate is not destructive, asks for the act of the
best-ranked destructive candidate within this many of its best that acts on the same object
(``objects.destroyer_of_top``): "kill voucher code XMAS50, it leaked on a forum" ranks ``voucher_check``
first and ``voucher_void`` second (1: off, ``ASKED_RANK`` alone). Off, by
``benchmarks/choose_object_over_rank.py`` on the dev registries: "within 2, object named, best a read"
serves one destroy request more on all of them ("could you remove zhangwei from the backend team"),
but with each registry left out no registry does better at the point chosen on the others than at off
(the one served is one registry's, scored at off when it is left out), so the rule is not kept."""

OBJECT_NAMED = True
"""With ``OBJECT_OVER_RANK``: only a destroyer whose object the request names (``objects.names_object``)."""

OBJECT_TOP = "read"
"""With ``OBJECT_OVER_RANK``: which best candidate gives its object's destroyer the act: ``any`` one that is not
destructive, or only a ``read`` (``state_reads.reads_about``: "kill voucher code XMAS50, it leaked" ranks
``voucher_check`` first, and a destroy request asks for no read's act; a writer ranked first, "Follow Playlist"
for "wipe everything out of my playlist", may be the act itself)."""


def of_top_object(text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidate ``OBJECT_OVER_RANK`` lets in (``objects.destroyer_of_top``), if any."""
    out = np.zeros_like(destructive)
    if OBJECT_TOP == "read" and tools and not reads_about(tools[0]):
        return out
    flags = [bool(destructive[0, j]) for j in range(len(tools))]
    j = objects.destroyer_of_top(text, tools, flags, OBJECT_OVER_RANK, OBJECT_NAMED)
    if j is not None:
        out[0, j] = True
    return out


OBJECT_SAID = True
"""A destroy request that says no candidate's act asks for the act of the one destroyer whose object its destroy word
acts on (``objects.destroyer_of_said_object``: "pls kill order GC-118702", "kill voucher code XMAS50"), wherever it
ranks."""


def _acts_on_object(
    asked: bool, text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], said: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destroyers a destroy ask gives the act by its object (none where it does not ask to destroy).

    With ``OBJECT_OVER_RANK``, the best-ranked tool's object's destroyer (``of_top_object``); where the request says
    no candidate's act, the one destroyer whose object its destroy word acts on (``objects.destroyer_of_said_object``:
    "pls kill order GC-118702", ``cancel_order``) or, else, a Chinese record noun names
    (``objects.destroyer_of_named_record``: "那件西装的改衣服务不要了", ``alteration_cancel``), unless it is a
    cancel where the ask says a refund (``id_acts.another_act_only``: "refund the repair RO-55102" asks no repair
    order's cancel).
    """
    out = np.zeros_like(destructive)
    if not asked:
        return out
    if OBJECT_OVER_RANK > 1:  # the act asked for is the best-ranked tool's object's destroyer
        out |= of_top_object(text, tools, destructive)
    if OBJECT_SAID and not said.any():
        flags = [bool(destructive[0, k]) for k in range(len(tools))]
        j = objects.destroyer_of_said_object(text, tools, flags)
        j = objects.destroyer_of_named_record(text, tools, flags) if j is None else j  # "改衣服务不要了"
        other = another_act_only(text, tools, destructive, np.zeros_like(destructive))  # a refund is no cancel
        out[0, : len(tools)] |= [k == j and not other[0, k] for k in range(len(tools))]
    return out


@dataclass(frozen=True, slots=True)
class _Names:
    """The destroyers one request names, each a row over the candidates (padded like ``destructive``)."""

    named: NDArray[np.bool_]
    """By a word of its object or an id it takes (``names_objects``), or by its own clause's id (``by_clause``)."""
    worded: NDArray[np.bool_]
    """By a word of its object, or by letters of an id that begin one (``names_objects`` without ``takes``)."""
    by_clause: NDArray[np.bool_]
    """By an id of its own destroy clause (``_ids_of_own_clauses``)."""


def _names_read(
    snapshot: Snapshot,
    texts: tuple[str, str],
    tools: list[ToolSpec],
    destructive: NDArray[np.bool_],
    takes: list[bool] | None,
) -> _Names:
    """The destroyers the request names (``_Names``), each reading taken once.

    ``texts``: the request and its ask, whose destroy clauses are read for their ids (``_ids_of_own_clauses``).
    """
    text, ask = texts
    worded = names_objects(text, tools, destructive)
    if not any(takes or ()):  # no id taken: its words alone name, and no clause's id does
        return _Names(named=worded, worded=worded, by_clause=np.zeros_like(destructive))
    whole = worded if ask == text else names_objects(ask, tools, destructive)
    by_clause = _ids_of_own_clauses(snapshot, ask, tools, destructive, whole)
    return _Names(named=names_objects(text, tools, destructive, takes) | by_clause, worded=worded, by_clause=by_clause)


def _asks_to_destroy(
    snapshot: Snapshot, ranking: Ranking, ask: str, whole: NDArray[np.float32] | None, destroyers: list[ToolSpec]
) -> bool:
    """Whether the request asks to destroy (``asked_to_destroy``), unless it is meant refused or names acts only."""
    text, sims = ranking.reading.text, ranking.reading.sims
    asked = sims is not None and asked_to_destroy(
        ask, sims.plain, sims.destroy, snapshot, whole, text, destroyers=destroyers
    )
    return asked and not _meant_refused(snapshot, ranking) and not names_acts_only(text)


def _ids_of_own_clauses(
    snapshot: Snapshot, text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], worded: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destroyers an id of its own destroy clause names (``worded``: those ``text`` names by a word).

    The clause asks to destroy, names no object but of a destroyer its id reads ("Cancel ORD-5521", whose prefix
    begins the order's) and says no id a destroyer named by a word takes: its id is its own act's. "取消订单
    O-5512，再把 D-101 的草稿删掉" deletes D-101's drafts though 订单 names the order's cancel. A word over an id still
    holds where the id is the named one's ("把这个客户的账号干掉，C-6612", ``names_objects``) or the clause names the
    object ("take vessel V-3381 off customer C-10293's account", ``one_object``).
    """
    out = np.zeros_like(destructive)
    for part in clause_parts(text):
        if not (part and request_is_destructive(part)):
            continue
        own, _ = _id_reading(snapshot, part, tools)
        if own is None or (names_objects(part, tools, destructive) & ~named_by_id(own, destructive)).any():
            continue
        if not (worded[0, : len(tools)] & np.array(own, dtype=bool)).any():
            out |= named_by_id(own, destructive)
    return out


def _taken(takes: list[bool] | None, beside: NDArray[np.bool_]) -> list[bool] | None:
    """``takes`` with the tools taking an id ``beside`` the act: its note says no id of theirs is another's."""
    return None if takes is None else [t or bool(beside[0, j]) for j, t in enumerate(takes)]


def _unasked_here(
    table: Table, tools: list[ToolSpec], said: NDArray[np.bool_], beside: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destroyers held though read in: by an id only ``beside`` the act, or as the best of facts alone.

    ``fact_asks``: "客户对服务不满意，把 P-9001 这笔钱全额退回给他" makes no closer an ask's best; one whose act is
    ``said`` stays.
    """
    out: NDArray[np.bool_] = beside | (best_of_facts_only(table.asks, tools, table.destructive) & ~said)
    return out


def _ids_read(
    snapshot: Snapshot, text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]
) -> tuple[list[bool] | None, list[bool] | None, NDArray[np.bool_]]:
    """``_id_reading`` where a destroyer is a candidate, with the destroyers taking an id only beside the destroy act.

    Those (``ids_beside``: "cancel visit V-1 and tell customer C-2") take no id of the request's.
    """
    if not destructive.any():
        return None, None, np.zeros_like(destructive)
    takes, against = _id_reading(snapshot, text, tools)
    beside = taken_beside(takes, lambda part: _id_reading(snapshot, part, tools)[0], text, tools, destructive)
    takes = None if takes is None else [t and not bool(beside[0, j]) for j, t in enumerate(takes)]
    return takes, against, beside


def _id_reading(snapshot: Snapshot, text: str, tools: list[ToolSpec]) -> tuple[list[bool] | None, list[bool] | None]:
    """Per tool: it takes an id of the request (``id_shapes``, else ``id_nouns``); the id names another's record."""
    if not ASKED_BY_ID:
        return None, None
    shapes = id_shapes(snapshot)
    takes = shapes.takes(text, tools)
    if any(takes) or not ASKED_BY_PREFIX:
        return takes, None
    read = id_nouns(snapshot, shapes.described).read(text, tools)
    return (takes, None) if read is None else (read.fits, read.contradicted)


def _own_ids(snapshot: Snapshot, text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidates one of the request's ids names alone (``id_nouns``: ``IdRead.alone``)."""
    read = id_nouns(snapshot, id_shapes(snapshot).described).read(text, tools)
    return named_by_id([False] * len(tools) if read is None else list(read.alone), destructive)


def _named_back(
    snapshot: Snapshot, text: str, survivors: list[ScoredTool], dropped: list[ScoredTool]
) -> tuple[list[ScoredTool], list[ScoredTool]]:
    """``NAMED_BACK``: the destructive tools the id's prefix fits that only ``min_combined_score`` dropped, last.

    Only where the prefix contradicts the best survivor, a destructive one (the act would go to another record's tool).
    """
    top = survivors[:1]
    if not top or not snapshot.destructive(snapshot.position[top[0].name]):
        return survivors, dropped
    _, against = _id_reading(snapshot, text, [top[0].tool])
    if not against or not against[0]:
        return survivors, dropped
    low = [
        s for s in dropped if s.reason is Reason.BELOW_MIN_COMBINED and snapshot.destructive(snapshot.position[s.name])
    ]
    fits, _ = _id_reading(snapshot, text, [s.tool for s in low])
    back = [ScoredTool(s.tool, s.breakdown) for s, yes in zip(low, fits or [], strict=False) if yes]
    names = {s.name for s in back}
    return survivors + back, [s for s in dropped if s.name not in names]


OBJECT_UNREAD = (
    "not sure which record's tool: the request asks to destroy, and its id's prefix names another record "
    "than {held!r}'s (held back) and no destructive candidate's: the search where the agent has one, else the "
    "ranked tools"
)
OBJECT_SEVERAL = (
    "not sure which record's tool: the request asks to destroy, and its id's prefix fits the records of several "
    "destructive tools ({several}) and the request names none of them: the search where the agent has one, else "
    "the ranked tools"
)


def _unread_object(
    verdict: Status | None,
    why: str,
    asked: bool,
    snapshot: Snapshot,
    ids: IdsRead,
    sent: list[ScoredTool],
    text: str,
) -> tuple[Status | None, str, tuple[str, ...]]:
    """``NOT_SURE`` when a destroy request's id names another record than any destructive tool sent, or several.

    Returned too: the destructive tools of several records the id's prefix fits (``id_nouns.SEVERAL_RECORDS``),
    held for it, where that is why. ``ids``: the guard's reading of the ids over the candidates routed.
    """
    tools, against = ids.tools, ids.against
    if verdict is None and asked and against is not None and _object_unread(snapshot, tools, against, sent):
        read = id_nouns(snapshot, id_shapes(snapshot).described).read(text, tools)
        if read is not None and tools[0].name in read.several:
            return Status.NOT_SURE, OBJECT_SEVERAL.format(several=", ".join(read.several)), read.several
        return Status.NOT_SURE, OBJECT_UNREAD.format(held=tools[0].name), ()
    return verdict, why, ()


ID_HELD = (
    "the request says its act, but its id ({ids}) is one the registry's words or tool profiles give to other tools "
    "(an id format the profile requests invented? docs/profiles.md)"
)
ID_HELD_BY_WORDS = "the request says its act, but its id ({ids}) is one the registry's words give to other tools"
"""``ID_HELD`` of a registry without tool profiles: its words alone gave the id to other tools."""


def _held_by_id(snapshot: Snapshot, text: str, held: list[ToolSpec], ids: IdsRead) -> tuple[list[str], str]:
    """The held destructive tools whose act the request says but whose record its id is not: and the ids.

    "取消 S-1182 这节课" asks ``class_session_cancel``'s act, and its profile requests give ids "CS-…", the
    students' tools "S-…": held for the id, which the guard's note says instead of "not asked for". ``ids``: the
    guard's reading of the request's ids over its candidates (``_guarded``), not read again.
    """
    if not held or not request_is_destructive(text):
        return [], ""
    acts = [t for t in held if request_says_its_act(text, t) or request_says_its_act_across(text, t)]
    takes, against = ids.of(acts) if acts else (None, None)
    if against is not None:
        named = [t.name for t, no in zip(acts, against, strict=True) if no]
    elif takes is not None and any(id_shapes(snapshot).takes(text, snapshot.tools)):
        named = [t.name for t, yes in zip(acts, takes, strict=True) if not yes]
    else:
        named = []
    return named, ", ".join(ids_in(text)) if named else ""


def _several_apart(
    snapshot: Snapshot, text: str, held: tuple[list[str], str], ids: IdsRead
) -> tuple[tuple[list[str], str], tuple[str, ...]]:
    """``held`` (``_held_by_id``) less the tools held as one of several records the id's prefix fits, and those.

    "瑜伽课整节取消，课程编号CL-3302": CL fits ``class_booking_cancel``'s and ``class_session_cancel``'s records and the
    request names neither; no word of the registry gives CL to other tools, so the note says the several
    (``route.held_for_several``), not the id's owners.
    """
    names, shown = held
    if not names or ids.against is None:
        return held, ()
    read = id_nouns(snapshot, id_shapes(snapshot).described).read(text, ids.tools)
    several = tuple(n for n in names if read is not None and n in read.several)
    rest = [n for n in names if n not in several]
    return (rest, shown if rest else ""), several


def _id_said(notes: list[str], held: tuple[list[str], str], profiled: bool = True) -> list[str]:
    """``notes`` with the guard's note saying which tools it held for the request's id (``_held_by_id``).

    Without tool profiles (``profiled`` false) the note names the registry's words alone.
    """
    names, ids = held
    why = (ID_HELD if profiled else ID_HELD_BY_WORDS).format(ids=ids)
    return held_for(notes, names, why, "by_id") if names else notes


def _mention_said(snapshot: Snapshot, reading: Reading, notes: list[str]) -> list[str]:
    """``notes`` with the guard's note saying which tools it held as their act mentioned, not asked (``mentioned``).

    Each such tool with an excerpt of its mention nearest the request.
    """
    left = [n for n in notes if isinstance(n, Note) and n.kind is NoteKind.DESTRUCTIVE_LEFT_OUT]
    if reading.sims is None or reading.sims.mention is None or not left:
        return notes
    names = [str(n) for note in left for n in note.values.get("tools", ())]
    tools = [snapshot.tools[snapshot.position[n]] for n in names if n in snapshot.position]
    held = mention_held(snapshot, reading.sims, tools, np.ones((1, len(tools)), dtype=bool))
    these = [t.name for j, t in enumerate(tools) if held[0, j]]
    return held_for(notes, these, mention_reason(snapshot, these, _whole(reading)), MENTION_KEY) if these else notes


def _own_action_said(notes: list[str], selected: list[ScoredTool]) -> list[str]:
    """``notes`` with the own-action note (``no_tool``) saying when the tool whose action it names was not sent."""
    sent = {s.name for s in selected}
    out: list[str] = []
    for note in notes:
        tool = note.values.get("tool") if isinstance(note, Note) and note.kind is NoteKind.OWN_ACTION else None
        if tool is None or tool in sent:
            out.append(note)
            continue
        text = f"{note} ({tool} itself ranks below the tools sent)"
        out.append(Note(NoteKind.OWN_ACTION, text, tool=tool))
    return out


def _object_unread(snapshot: Snapshot, tools: list[ToolSpec], against: list[bool], sent: list[ScoredTool]) -> bool:
    """The id's prefix contradicts the best tool, a destructive one; no destructive tool is sent."""
    if not (against[0] and snapshot.destructive(snapshot.position[tools[0].name])):
        return False
    return not any(snapshot.destructive(snapshot.position[s.name]) for s in sent)


def _state_reads(
    text: str, snapshot: Snapshot, ranking: Ranking, done: Routed, routing: Routing, rejected: list[ScoredTool]
) -> tuple[Routed, list[ScoredTool]]:
    """A question about a held tool's act (``about_state``): its object's reads take its place (``state_reads``)."""
    if not about_state(text):
        return done, rejected
    done = _with_state_reads(text, snapshot, ranking, done, routing, rejected)
    return done, [s for s in rejected if s.name not in {t.name for t in done.selected}]


def _with_state_reads(
    text: str, snapshot: Snapshot, ranking: Ranking, done: Routed, routing: Routing, rest: list[ScoredTool]
) -> Routed:
    """``done`` with the reads of its held tools' objects (``state_reads``): a question about their act."""
    usable = ranking.gated.eligibility.usable
    limit = routing.top_k if done.confident else routing.fallback_top_k
    selected, dropped, note = with_state_reads(
        snapshot,
        done.selected,
        done.dropped + rest,
        lambda n: bool(usable[snapshot.position[n]]),
        limit,
        text,
        done.confident,
    )
    if note is None:  # no read added; a held tool's read sent may have taken its rank
        return replace(done, selected=selected)
    kept = {s.name for s in done.dropped}
    return replace(done, selected=selected, dropped=[s for s in dropped if s.name in kept], notes=[*done.notes, note])


def _whole(reading: Reading) -> NDArray[np.float32] | None:
    """The request's own vector (unblended with earlier turns, ``RequestVectors.own_words``), when it was embedded."""
    return None if reading.vectors is None else reading.vectors.own_words


def _unread(ranking: Ranking) -> Decision:
    """Pasted material alone, no text, or an exact tool name: decided without a ranking."""
    request, exact = ranking.reading.request, ranking.gated.exact
    if request.no_ask:  # the request's one text says why
        return Decision(ranking, Status.NO_ASK, detail="; ".join(request.notes), sticky=False)
    if exact is None:
        return Decision(ranking, Status.NO_TEXT, detail=EMPTY_REQUEST, sticky=False)
    return Decision(ranking, Status.EXACT_NAME, exact.selected, exact.rejected, detail=exact.detail, sticky=False)


def _no_tool_needed(snapshot: Snapshot, ranking: Ranking, sims: Similarities, why: str) -> Decision:
    """No tools: the three closest the caller may use, rejected as needing no tool."""
    gate, request = ranking.gated.eligibility, ranking.reading.request
    masked = sims.best if gate.everyone else np.where(gate.usable, sims.best, -np.inf)
    nearest = top_indices(masked, min(3, int(gate.usable.sum())))
    rejected = [ScoredTool(snapshot.tools[i], embed_only(sims.best[i]), Reason.NO_TOOL_INTENT) for i in nearest]
    if request.sticky:  # this turn's "no tool" wins over the tools the conversation used
        why += "; sticky tools not added"
    return Decision(ranking, Status.NO_TOOL_NEEDED, [], rejected, list(request.notes), detail=why, sticky=False)


def _rescued(dropped: list[ScoredTool]) -> tuple[list[ScoredTool], list[ScoredTool]]:
    """The candidates only ``min_combined_score`` dropped, as survivors (best first), and the rest."""
    low = [ScoredTool(s.tool, s.breakdown) for s in dropped if s.reason is Reason.BELOW_MIN_COMBINED]
    low.sort(key=rank_key)
    return low, [s for s in dropped if s.reason is not Reason.BELOW_MIN_COMBINED]


# ----- no tool needed, or not sure -----


@dataclass(frozen=True, slots=True)
class Evidence:
    """How much closer a request sits to requests no tool serves than to any tool, by one rule."""

    value: float
    example: str
    """The closest no-tool request (a phrase or a near miss)."""
    rule: str
    """``profiles`` (like with like), ``relative`` or ``margin``."""
    own_action: str | None
    """A usable tool whose own action the request says (``own_action``): served whatever the value."""


def evidence(
    snapshot: Snapshot, config: ToolFilterConfig, reading: Reading, usable: NDArray[np.bool_]
) -> Evidence | None:
    """The no-tool evidence of ``reading`` (``abstain.abstain_score``), or None where no rule applies.

    None: nothing embedded, no phrases, no usable tool, a value some tool takes (a path,
    a URL, an address), or a record the registry holds (``record_named``: an id, a person by title).
    """
    sims, vectors = reading.sims, reading.vectors
    if sims is None or vectors is None or reading.kinds & snapshot.argument_kinds:
        return None
    if record_named(snapshot, reading.text) is not None:
        return None
    authored = sims.authored if bool(usable.all()) else np.where(usable, sims.authored, -np.inf)
    voiced = sims.voice is not None
    scored = abstain_score(
        snapshot, config, reading.phrases, reading.kinds, vectors.whole, authored, voiced, sims.near_miss
    )
    if scored is None:
        return None
    rule = "profiles" if voiced else config.abstain_rule
    return Evidence(scored[0], scored[1], rule, action_named(snapshot, reading.text, authored))


def no_tool(
    snapshot: Snapshot, config: ToolFilterConfig, reading: Reading, usable: NDArray[np.bool_]
) -> tuple[Status | None, str, Note | None]:
    """The no-tool verdict: ``NO_TOOL_NEEDED``, ``NOT_SURE`` or None (tools), why, and a note.

    The evidence against the bar of its rule (``abstain_voice_margin`` with tool profiles,
    else ``abstain_threshold``, or ``abstain_margin`` under rule ``margin``): at or above
    it, no tool; within ``abstain_mixed_band`` below it, not sure (only the search is
    sent); below, tools, and why says the evidence (the served selection's ``detail``). A
    request that says a usable tool's own action gets its tools, and a note.
    """
    found = evidence(snapshot, config, reading, usable)
    if found is None:
        return None, "", None
    bar = {"profiles": config.abstain_voice_margin, "margin": config.abstain_margin}.get(
        found.rule, config.abstain_threshold
    )
    if found.value < bar - config.abstain_mixed_band:  # tools: the evidence said, for explain
        value, low = compared(found.value, bar - config.abstain_mixed_band)
        under = f"no-tool evidence {value} < {low}"
        return None, f"a tool is needed ({under}; closest no-tool example: {found.example!r})", None
    if found.own_action is not None:
        text = f"reads like a request needing no tool, but says the action of {found.own_action}: served as usual"
        return None, "", Note(NoteKind.OWN_ACTION, text, tool=found.own_action)
    value, threshold, low = compared(found.value, bar, bar - config.abstain_mixed_band)
    said = {"example": found.example, "value": value, "threshold": threshold}
    if found.value >= bar:
        return Status.NO_TOOL_NEEDED, _NO_TOOL_TEXTS[found.rule].format(**said), None
    text = (
        "not sure a tool is needed: the request sits between the requests no tool serves and the tools "
        "(closest no-tool example: {example!r}; no-tool evidence {value}, between {low} and "
        "{threshold}): the search where the agent has one, else the ranked tools"
    )
    return Status.NOT_SURE, text.format(**said, low=low), None


_NO_TOOL_TEXTS = {
    "profiles": "no tool needed: the request is closer to a request no tool serves ({example!r}) than to any "
    "tool's profile (by {value} >= {threshold})",
    "margin": "no tool needed: the request reads like one that needs none (closest example: {example!r})",
    "relative": "no tool needed: the request reads like one that needs none (closest example: {example!r}; "
    "evidence {value} >= {threshold}, relative to this registry)",
}
"""What "no tool needed" says under each rule."""


def chatty(
    clauses: NDArray[np.float32], per_clause: NDArray[np.float32], phrases: NDArray[np.float32] | None
) -> list[bool]:
    """Per ask: at least as close to a no-tool phrase (``abstain_phrases``) as to its closest tool (it keeps none)."""
    if phrases is None or not len(phrases) or not len(clauses):
        return [False] * len(clauses)
    to_phrases = (clauses @ phrases.T).max(axis=1)
    to_tools = per_clause.max(axis=0, initial=-np.inf)  # no tool at all: every ask is nearer a phrase
    return [bool(p >= t) for p, t in zip(to_phrases, to_tools, strict=True)]


# ----- widen, guard, keep: over rows of candidates -----


def asked_to_destroy(
    text: str,
    plain: NDArray[np.float32] | None,
    destroy: NDArray[np.float32] | None,
    snapshot: Snapshot | None = None,
    vector: NDArray[np.float32] | None = None,
    written: str | None = None,
    destroyers: Sequence[ToolSpec] = (),
) -> bool:
    """The request asks for a destructive act: by its words, its profile neighbours or the act phrases.

    ``plain`` and ``destroy``: per tool, the request's best cosine over the tool's profile
    requests that do not ask to destroy and over its destroy-asking ones. With profiles, a
    request whose closest profile request asks for a destructive act (``destroy_ask.by_neighbours``:
    with ``snapshot``, a destructive tool's every request does) asks to destroy, in whatever
    words it says it; one as close to a plain request (a tie, such as cosine 0 to every one)
    does not; nor does one that says a read ("status of ...", ``destroy_ask.read_holds_neighbours``).
    With ``snapshot`` and the request's ``vector``, a request closer to a bundled
    destroy-asking phrase than to any other (``destroy_ask.by_phrases``) asks too, unless it tells not to do
    an act ("不要给我换别的", ``destroy_ask.negates_an_act``), read on the request as ``written`` where ``text``
    is it less its refusals ("no, don't delete it yet": the vector is the whole request's). Which act:
    ``decide_rows`` unlocks only the tool the request ranks best (``meant``), so a neighbour
    that shares only an order number unlocks nothing the request's own ranking does not put first.
    A question about an act's state ("is INV-1 void?", ``ask_form.about_state``) asks for none, nor does lifting a
    pause or undoing an act ("帮我把停卡解除", "恢复客户 C-12", ``ask_form.lifts_or_undoes``), nor turning off alerts
    ("请关闭账号abc_99的短信提醒", ``ask_form.turns_off_a_setting``); a pause lifted that is the object of one of
    ``destroyers`` ("please cancel my hold", ``hold_cancel``) is that tool's act. A request that says no act, only ids,
    numbers and a name ("CH-55031", ``ask_form.says_no_act``), asks for none whatever its neighbours.
    """
    if about_state(text) or lifts_or_undoes(text, destroyers) or turns_off_a_setting(text, destroyers):
        return False
    if request_is_destructive(text):
        return True
    if says_no_act(text, destroyers):  # "CH-55031": ids alone, whatever their neighbours
        return False
    if negates_an_act(text if written is None else written):  # "no, don't delete it yet": its vector says the act
        return False
    if snapshot is not None and by_phrases(snapshot.index.embedder, vector):
        return True
    if read_holds_neighbours(text):  # "status of ...", "show me ...": not a destroy ask by its neighbours
        return False
    if snapshot is not None:
        return by_neighbours(snapshot, plain, destroy) and neighbour_leans(snapshot.index.embedder, vector)
    if plain is None or destroy is None or not len(destroy) or not np.isfinite(destroy).any():
        return False
    return bool(np.max(destroy) > np.max(plain))


ASKED_RANK = 1
"""A request that asks to destroy unlocks a destructive candidate only within this many of its
best (or as an ask's best tool): the act it asks for is that tool's, not every destructive
tool's. Chosen by ``benchmarks/choose_asked_rank.py`` (dev registries, each left out in turn)."""


GUARD_CONFIDENT_WITHOUT_PROFILES = True
"""The guard holds in confident selections of a registry without profiles too (with profiles it
always does). Chosen by ``benchmarks/choose_asked_rank.py``."""


def meant(clause_top: NDArray[np.int8], rank: int | None = None) -> NDArray[np.bool_]:
    """Per candidate (rows sorted best first): among the row's best ``rank`` (``ASKED_RANK``) or an ask's best."""
    within = np.arange(clause_top.shape[1]) < (ASKED_RANK if rank is None else rank)
    out: NDArray[np.bool_] = within[None, :] | (clause_top == 1)
    return out


SCORE_UNLOCKS = False
"""A destructive tool that scores like a confident pick (``min_score`` reached, within ``min_gap``
of the top) enters whether or not the request asks for its act (off: only where the request
leans to destroy, ``destroy_ask.SCORE_MARGIN``). Otherwise
"is the code SPRING15 still valid?" ranks ``coupon_delete`` first in a registry
with no tool that reads coupons, and got it alone. Chosen by ``benchmarks/choose_guard_words.py``."""


def says_users_words(
    snapshot: Snapshot, text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded in ``destructive``) whose users' words the request says.

    The words of a destructive tool's profile requests that no tool that is not destructive
    says (``act_words.ActWords``): "unfollow", "移出"; or the whole of one of its profile requests, ids aside
    (``act_words.is_its_profile_request``). Without profiles, none.
    """
    out = np.zeros_like(destructive)
    if words_ask_nothing(text, _destroyers(tools, destructive)):  # a state question says none of its words as an ask
        return out
    for j, yes in enumerate(act_words(snapshot).says(text, tools)):
        out[0, j] = bool(destructive[0, j]) and (yes or is_its_profile_request(text, tools[j]))
    return out


ASKED_BY_ITS_VERB = True
"""A request that says a destructive tool's own verb ("delete ..." for ``delete_file``) asks
for that tool's act wherever it ranks. Chosen by ``benchmarks/choose_asked_rank.py``."""


ASKED_BY_ITS_OPENING_WORD = True
"""A request that says the word a destructive tool's description opens with ("unfollow ..." for a
tool described "Unfollow artists or users") asks for that tool's act, whether or not the request
reads as asking to destroy: the tool's own act, in its own words, for tools whose act no verb list
names (unfollow, merge, adjust, write off). Chosen by ``benchmarks/destructive_ridealong.py
--opening-word`` on the development registries."""


ASKED_BY_ITS_FIRST_SENTENCE = True
"""A request that says a destroying verb a destructive tool's first sentence says, on the object noun it says it of
("end ride R-40021" for a tool described "Force-stop an active ride remotely: locks the bike, ends the ride ..."),
asks for that tool's act, as its opening word would. A question about the act's state and a report of it done
("he ended the ride") do not."""


ASKED_ACROSS_LANGUAGES = True
"""A request that says a destructive tool's own verb in the other language ("取消" for
``shipment_cancel``, ``_hints._ZH_EN``) asks for the act of the best-ranked such tool. Chosen
by ``benchmarks/choose_destroy_reading.py``."""


ASKED_BY_ITS_OWN_ACT = True
"""A request that says a destructive tool's own act in the other language, an act that is not
destroying ("把 #proj-atlas 频道归档" for ``slack__archive_channel``, ``_hints._OWN_ACTS``),
asks for the act of the best-ranked such tool, whether or not it reads as asking to destroy.
Chosen by ``benchmarks/choose_by_id.py``."""


ASKED_BY_ID = True
"""A request that carries an id ("TA-20417 作废") gives the act it asks for to the destructive tools
that take that id (``id_shapes``): the best-ranked of them, or of those whose act it says; the
tool the ranking puts first, when it takes other ids, is not the act's. Chosen by
``benchmarks/choose_by_id.py`` (dev registries and their terse requests, each left out in turn)."""


ASKED_BY_PREFIX = True
"""Where no tool describes the prefix of a request's id, the prefix read as its record's noun
(``id_nouns``: "R-22018 不要了" is not ``invoice_void``'s act): the destructive tools it fits
take the id, those it contradicts enter only for their own verb said in the request's language.
Chosen by ``benchmarks/choose_id_prefix.py``."""


NAMED_BACK = False
"""With ``ASKED_BY_PREFIX``, where the id contradicts a destructive survivor, the destructive tools it
fits that only ``min_combined_score`` dropped join the survivors (last): the act may go to them.
Off: on the dev registries it changed no selection, and ``benchmarks/choose_id_prefix.py`` then
takes the point that sends fewer destructive tools."""


VERB_OVER_PREFIX = "fits"
"""With ``ASKED_BY_PREFIX``, when a destructive tool whose record the id contradicts enters for its own verb said
in the request's language: ``said`` always (as for "INV-3002 作废", which sent
``prescription_void``, described "作废一张处方", alone); ``unrivalled`` unless a destructive tool of the
registry whose record the id names has its act said, in either language (``invoice_void``: 作废 is "void"), or
the request names its object too (``objects.names_object``); ``fits`` unless a destructive candidate fits the
id, its act said or not ("remove student ST-1999 ..., erase their data" sent ``teacher_timetable_remove`` for
"remove" and held ``student_delete``, ranked first), or the request names its object; ``object`` only where it
names its object. Chosen by ``benchmarks/choose_id_prefix.py``."""


SEVERAL = "said"
"""Where several destructive candidates fit an id's prefix or label (``ASKED_BY_PREFIX``): the best-ranked
of them (``best``), every one (``all``) or none (``none``; a verb said still names its own tool,
``says_acts``: each one whose act the request says is sent); ``said``: as ``none`` (the one whose act the request
says is sent), but where it says the acts of several of them, none of those either ("delete ST-1999 and
withdraw them" told neither ``student_delete`` nor ``enrolment_withdraw``, which both take a student's id); a tool
that one of the request's ids names alone is not one of several ("cancel appointment A-3310 and refund sale S-4455":
``own_id``, ``_by_id``), nor is one whose act said is its own, none shared with another said
(``said_objects.acts_apart``, passed with ``own_id`` by ``_guarded``: "cancel order ORD-5521 and refund it" sends
``cancel_order`` and ``refund_order``; "delete ST-1999 and withdraw them" both its tools).
Measured by ``benchmarks/choose_id_prefix.py``: on the dev registries ``said`` and ``none`` tie on every count (no
dev request says the acts of several such tools), so the data does not choose between them; ``said`` is kept by
hand as the one that can only send fewer destructive tools, and the grid lists it first."""


SHARED_VERB = "named"
"""Where the request says the own verb of several destructive candidates ("cancel stay B-88": ``boarding_cancel`` and
``appointment_cancel``): every one enters (``all``), or the best-ranked of them, any within ``SHARED_VERB_GAP`` of its
score, and any that is an ask's best or the row's (``best``); ``named``: as ``best``, but an ask's best that shares an
own act with a better-ranked destructive candidate counts as meant only where its ask names that tool's object or
carries an id (``unowned_asks``: "那个续药不要了，帮我取消掉" cut "帮我取消掉", which refers back, and its best was
``vaccine_appointment_cancel``, beside ``refill_cancel``). Chosen by ``benchmarks/choose_shared_verb.py`` (dev
registries' requests and conversation turns, each registry left out in turn), with ``objects.OBJECT_FROM``
``name_last``: against ``all``, destructive tools sent outside the gold 73 → 56, destroy requests not served 66 → 69,
served 1356 → 1354; ``named`` ties ``best`` within 0 on those errors (57 + 68) and on served, with one fewer outside
(a one-request margin: left out in turn, two of the seven registries choose ``best``)."""
SHARED_VERB_GAP = 0.0
"""With ``SHARED_VERB`` ``best``: a tool that shares the verb said and scores within this of the best-ranked one
enters too (0.1 keeps ``delete_dns_record`` beside ``purge_old_logs`` for "delete the old grafana one"). Chosen with
it: 0, the fewest guard errors on the dev registries."""


def sharers_behind(tools: list[ToolSpec], said: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the tools ``said`` (best first, padded) behind a better-ranked one ``said`` that shares an own act.

    "delete the file report.pdf and cancel the order 5512": ``cancel_order`` shares no act with ``delete_file``.
    """
    out = np.zeros_like(said)
    acts = [own_acts(t) if said[0, j] else frozenset() for j, t in enumerate(tools)]
    for j in range(len(tools)):
        out[0, j] = bool(acts[j]) and any(acts[j] & acts[k] for k in range(j))
    return out


def unowned_asks(
    asks: tuple[tuple[str, str], ...], tools: list[ToolSpec], destructive: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """One row: the destructive candidates best only for asks that name none of their object and carry no id.

    Only those behind a better-ranked destructive candidate that shares an own act (``sharers_behind``): "帮我取消掉"
    after "那个续药不要了" refers back to the refill; its best tool is whichever cancel sits nearest to a bare "cancel".
    ``asks``: (an ask's best tool, the ask's text), ``AskTops.said``.
    """
    out = np.zeros_like(destructive)
    behind = sharers_behind(tools, destructive)
    for j, tool in enumerate(tools):
        texts = [text for best, text in asks if best == tool.name]
        out[0, j] = bool(behind[0, j]) and bool(texts) and not any(_own_object(text, tool) for text in texts)
    return out


def _own_object(text: str, tool: ToolSpec) -> bool:
    """``text`` carries an id or names a word of ``tool``'s object (``objects.names_object``).

    "please cancel the refill too", best ``vaccine_appointment_cancel``: the refill is another tool's object.
    """
    return bool(ids_in(text)) or names_object(text, tool)


def _meant_unless(
    clause_top: NDArray[np.int8], unowned: NDArray[np.bool_] | None, not_meant: NDArray[np.bool_] | None = None
) -> NDArray[np.bool_]:
    """``meant``, less (``SHARED_VERB`` ``named``) the ``unowned`` asks' bests beyond the row's best ``ASKED_RANK``.

    Less too, beyond the row's best, the tools ``not_meant`` (``ask_acts.not_meant``: an ask's best whose own ask asks
    no destroy, a tool whose description sends the act to a better-ranked one).
    """
    chosen, first = meant(clause_top), meant(np.zeros_like(clause_top))
    if not_meant is not None:
        chosen = chosen & ~(not_meant & ~first)
    if SHARED_VERB != "named" or unowned is None:
        return chosen
    out: NDArray[np.bool_] = chosen & ~(unowned & ~first)
    return out


def _shared_verb(
    says_act: NDArray[np.bool_],
    chosen: NDArray[np.bool_],
    score: NDArray[np.float64] | None = None,
    behind: NDArray[np.bool_] | None = None,
) -> NDArray[np.bool_]:
    """``says_act`` less, with ``SHARED_VERB`` ``best``, those ``behind`` a sharer, not ``chosen`` nor near its score.

    ``behind`` (``sharers_behind``), or every one past the first said.
    """
    if SHARED_VERB == "all":
        return says_act
    first = says_act & ~(says_act & (np.cumsum(says_act, axis=1) > 1) if behind is None else behind)
    near = np.zeros_like(says_act)
    if score is not None and SHARED_VERB_GAP > 0:
        top = np.where(first, score, -np.inf).max(axis=1, keepdims=True)
        near = says_act & (score >= top - SHARED_VERB_GAP)
    out: NDArray[np.bool_] = first | near | (says_act & chosen)
    return out


def _no_longer_asked(text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destroyers whose description stops what ``text`` asks be done no more (``puts_out_of_use_as_told``).

    "make sure it can't be paid anymore" for ``invoice_void`` ("so it is no longer payable").
    """
    out = np.zeros_like(destructive)
    for j, tool in enumerate(tools):
        out[0, j] = bool(destructive[0, j]) and puts_out_of_use_as_told(text, tool)
    return out


def says_acts(
    text: str,
    tools: list[ToolSpec],
    destructive: NDArray[np.bool_],
    takes: list[bool] | None = None,
    against: list[bool] | None = None,
    rivalled: bool = False,
    own_id: NDArray[np.bool_] | None = None,
) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, best first, padded) whose own verb the request says.

    In its language, every such tool; in the other (``ASKED_ACROSS_LANGUAGES``), the best-ranked
    one, or the best-ranked one that takes an id the request carries (``takes``) where one does (each one an id of
    the request names alone, ``own_id``: "取消订单 D-3310 之前先作废发票 F-4455", ``_own_ids``), never
    one whose record the id's prefix contradicts (``against``, ``ASKED_BY_PREFIX``), nor in its language where
    the id's record's destroyer has its act said (``rivalled``, ``VERB_OVER_PREFIX``) and its object is not named;
    an act that is not destroying, in the other language, the best-ranked one (``ASKED_BY_ITS_OWN_ACT``); a thing
    asked to be no longer done that its description says it stops (``_hints.puts_out_of_use_as_told``).
    A question about an act's state (``ask_form.words_ask_nothing``) says none; an act it tells not to do
    (``told_not_apart``: "no, don't close it. just check her points") is not said by its opening word or first sentence.
    """
    out = np.zeros_like(destructive)
    if words_ask_nothing(text, _destroyers(tools, destructive)):
        return out
    unrefused = told_not_apart(text)  # "别结束行程 R-1", "no, don't close it. just check …": no act asked
    if ASKED_BY_ITS_OPENING_WORD:
        for j, tool in enumerate(tools):
            out[0, j] = bool(destructive[0, j]) and request_says_its_opening_word(unrefused, tool)
    if ASKED_BY_ITS_FIRST_SENTENCE:  # "end ride R-1" for a tool whose first sentence "... ends the ride ..."
        for j, tool in enumerate(tools):
            out[0, j] = out[0, j] or (bool(destructive[0, j]) and request_says_a_first_sentence_act(unrefused, tool))
    if ASKED_BY_ITS_OWN_ACT:  # the best-ranked tool whose act, not a destroying one, the request says across languages
        own = [j for j, t in enumerate(tools) if destructive[0, j] and own_act_said(unrefused, t)]
        out[0, own[:1]] = True
    out |= _no_longer_asked(unrefused, tools, destructive)  # "make sure it can't be paid anymore"
    if not (ASKED_BY_ITS_VERB and request_is_destructive(text)):
        return out
    across = []
    for j, tool in enumerate(tools):
        if not destructive[0, j]:
            continue
        out[0, j] = out[0, j] or request_says_its_act(text, tool)
        if (
            ASKED_ACROSS_LANGUAGES
            and not out[0, j]
            and request_says_its_act_across(text, tool)
            and not (against and against[j])
        ):
            across.append(j)
    across = _across_beside_closing(text, tools, across, bool(out[0, : len(tools)].any()))
    across = _across_beside_own(text, tools, across, bool(out[0, : len(tools)].any()), takes)
    across = on_the_record_said(text, tools, across)  # "3号桌那个账单开错了，作废掉": the bill's, not a tour booking's
    named = [j for j in across if takes is not None and takes[j]]
    alone = [j for j in named if own_id is not None and own_id[0, j]]
    refusing = told_not_apart(text) != text  # "不要删除客户 C-1，删除订单 O-77": the order's, not the customer's
    objects = [j for j in across if refusing and names_object(text, tools[j])]  # not the repo of "仓库里的分支"
    for j in alone if len(alone) > 1 else (named or objects or across)[:1]:
        out[0, j] = True
    if against is not None and rivalled:  # the id names another record, whose destroyer's act is said
        out[0, : len(tools)] &= [not (no and not names_object(text, t)) for no, t in zip(against, tools, strict=True)]
    return out


def _across_beside_own(
    text: str, tools: list[ToolSpec], across: list[int], own_said: bool, takes: list[bool] | None
) -> list[int]:
    """``across``, less, where a destroyer's act is said in an English request, those whose object or id is not said.

    "… please void it" says ``void_invoice``'s act; 取消 translates "void" too, but ``cancel_repair_order``
    ("取消维修单"), whose repair order the request names not, is no act of it. "BK-70264, void" keeps
    ``cancel_booking`` (取消预订), no other destroyer saying "void".
    """
    if not own_said or re.search(r"[\u4e00-\u9fff]", text):  # a Chinese request: its best across still is
        return across
    return [j for j in across if bool(takes and takes[j]) or names_object(text, tools[j])]


def _across_beside_closing(text: str, tools: list[ToolSpec], across: list[int], own_said: bool) -> list[int]:
    """``across`` (the tools whose act the request says in the other language only), beside an account closed.

    Where the request closes an account (``account_closing_apart``: "注销账号C-501") and says a destroyer's act in its
    own language (``close_customer_account``'s), a translated verb says another's only where the request names its
    object too: 注销 and 删除 translate "delete", but "注销账号C-501，并删除个人信息" names no saved address of
    ``delete_saved_address``.
    """
    if not own_said or account_closing_apart(text) == text:
        return across
    return [j for j in across if names_object(text, tools[j])]


def _rivalled(snapshot: Snapshot, text: str, against: list[bool] | None) -> bool:
    """``VERB_OVER_PREFIX``: a tool the id contradicts no longer enters for its own verb alone.

    ``unrivalled``: where a destructive tool of the registry whose record the id names has its act said;
    ``fits``: where the registry has one, its act said or not.
    """
    if against is None or not any(against) or VERB_OVER_PREFIX == "said":
        return False
    if VERB_OVER_PREFIX == "object":
        return True
    read = id_nouns(snapshot, id_shapes(snapshot).described).read(text, snapshot.tools)
    fits = [] if read is None else [t for t, yes in zip(snapshot.tools, read.fits, strict=True) if yes]
    return any(
        snapshot.destructive(snapshot.position[t.name])
        and (VERB_OVER_PREFIX == "fits" or request_says_its_act(text, t) or request_says_its_act_across(text, t))
        for t in fits
    )


def by_its_id(
    chosen: NDArray[np.bool_],
    destructive: NDArray[np.bool_],
    takes: NDArray[np.bool_],
    said: NDArray[np.bool_] | None,
    confident_like: NDArray[np.bool_],
    every: bool = False,
) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """The tools meant and those a score unlocks, where the request carries an id some destructive candidates take.

    ``takes``: per candidate, a destructive one that takes an id of the request (``id_shapes``).
    Of the tools meant (``chosen``) and those whose act it says (``said``), those that take
    it; none of them, and a destructive tool meant: the best-ranked one that takes it instead
    (``every``: each one that takes it).
    A row whose tools meant or said take none of its ids and hold no destructive one, or where
    no destructive candidate takes one, keeps its choice.
    """
    spoken: NDArray[np.bool_] = np.zeros_like(chosen) if said is None else said
    pick: NDArray[np.bool_] = (chosen | spoken) & takes
    first: NDArray[np.bool_] = takes if every else takes & (np.cumsum(takes, axis=1) == 1)
    held = np.any(chosen & destructive, axis=1) & ~np.any(spoken, axis=1)  # a destructive tool meant, no act said
    swap = ~np.any(pick, axis=1) & held & np.any(takes, axis=1)
    by_id: NDArray[np.bool_] = np.where(swap[:, None], first, pick)
    named = np.any(by_id, axis=1)[:, None]
    return np.where(named, by_id, chosen), confident_like & (by_id | ~named)


def _by_id(
    chosen: NDArray[np.bool_],
    destructive: NDArray[np.bool_],
    by_id: NDArray[np.bool_],
    against_id: NDArray[np.bool_] | None,
    said: NDArray[np.bool_] | None,
    confident_like: NDArray[np.bool_],
    own_id: NDArray[np.bool_] | None = None,
) -> tuple[NDArray[np.bool_], NDArray[np.bool_], NDArray[np.bool_] | None]:
    """``by_its_id``; with a prefix read as a noun (``against_id``), only where it contradicts a tool meant.

    A tool it contradicts is not the act's; where it fits several (``SEVERAL`` ``none`` or ``said``), none of them,
    but those an id names alone (``own_id``: "cancel appointment A-3310 and refund sale S-4455"). Returned too: the
    tools whose act the request says (``said``), less those ``said_of_several`` holds.
    """
    if against_id is None:
        return (*by_its_id(chosen, destructive, by_id, said, confident_like), said)
    shared = by_id if own_id is None else by_id & ~own_id  # the destroyers no id of the request names alone
    said = None if said is None else said & ~said_of_several(shared, said)
    if SEVERAL in ("none", "said"):
        many = shared & (shared.sum(axis=1) > 1)[:, None]
        by_id, against_id = by_id & ~many, against_id | many
    named = by_its_id(chosen, destructive, by_id, said, confident_like, SEVERAL == "all")
    swap = np.any(chosen & destructive & against_id, axis=1)[:, None]
    chosen, confident_like = np.where(swap, named[0], chosen), np.where(swap, named[1], confident_like)
    return chosen & ~against_id, confident_like & ~against_id, said


def said_of_several(by_id: NDArray[np.bool_], said: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """``SEVERAL`` ``said``: the candidates that fit the id whose act the request says, where it says several's.

    Their verbs said then let none of them in; elsewhere (or another ``SEVERAL``) none. ``by_id``: less those an id
    names alone (``_by_id``).
    """
    if SEVERAL != "said":
        return np.zeros_like(said)
    both = by_id & said
    out: NDArray[np.bool_] = both & (both.sum(axis=1) > 1)[:, None]
    return out


def names_objects(
    text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], takes: list[bool] | None = None
) -> NDArray[np.bool_]:
    """One row: the destructive candidates (``tools``, padded) whose object the request names (``objects``).

    By a word of its object (``objects.names_object``) or an id it takes (``takes``, ``id_shapes``); where none is
    named so, by an id whose letters begin a word of its object ("INV-1"; "void prescription INV-3004" names the
    prescription alone). Where a word names one that takes an id of the request, another that only takes the id is
    not named: "把这个客户的账号干掉，C-6612" names the account, not the device a customer id also reaches.
    """
    out = np.zeros_like(destructive)
    if objects.OBJECT_FROM == "off":
        return out
    text = objects.opening_verbs_apart(text)  # "order him a pack of domes" names no repair order
    for letters in (False, True):
        by_word = [bool(destructive[0, j]) and names_object(text, tool, None, letters) for j, tool in enumerate(tools)]
        by_id = [bool(destructive[0, j] and takes and takes[j]) for j in range(len(tools))]
        worded = any(w and i for w, i in zip(by_word, by_id, strict=True))
        out[0, : len(tools)] = [w or (i and not worded) for w, i in zip(by_word, by_id, strict=True)]
        if out.any():
            break
    return out


def named_where_acted(
    text: str,
    tools: list[ToolSpec],
    destructive: NDArray[np.bool_],
    takes: list[bool] | None,
    named: NDArray[np.bool_],
) -> NDArray[np.bool_]:
    """``named`` (``names_objects``), less those whose object only a clause that asks to destroy nothing names.

    A sharer of a better-ranked destroyer's verb stays where the request names its object (``sharers_behind``), but
    only where a clause that asks to destroy names it: "Cancel slip reservation SR-20417 and email the customer"
    cancels the reservation, and ``customer_account_close`` (whose words cancel autopay) has its customer named only
    by the email. ``text``: the ask (``_ask_read``: "the refund details" asks no refund). A request of one clause, or
    none that asks to destroy, keeps ``named``.
    """
    parts = [part for part in clause_parts(text) if part]
    acts = [part for part in parts if request_is_destructive(part)]
    if len(parts) < 2 or not acts or len(acts) == len(parts):
        return named
    return named & names_objects("\n".join(acts), tools, destructive, takes)


def one_object(
    destructive: NDArray[np.bool_],
    unasked: NDArray[np.bool_],
    object_named: NDArray[np.bool_],
    worded: NDArray[np.bool_] | None = None,
) -> NDArray[np.bool_]:
    """``unasked`` with the destructive tools let in whose object the row does not name, where it names one let in's.

    A destroy request's act goes to the tool of the object it names ("cancel appointment APT-1" is not
    ``boarding_cancel``'s); a row that names no let-in tool's object keeps every one. Where it names a let-in tool's
    object by a word (``worded``), one named only by an id it takes is no more named: "take vessel V-3381 off customer
    C-10293's account" takes a vessel, not the customer ``waitlist_remove`` takes off its list.
    """
    let_in = destructive & ~unasked
    if worded is not None:
        object_named = np.where(np.any(let_in & worded, axis=1)[:, None], object_named & worded, object_named)
    named = np.any(let_in & object_named, axis=1)[:, None]
    out: NDArray[np.bool_] = unasked | (let_in & ~object_named & named)
    return out


FIRST_OF_OWN_ASK = False
"""A destroyer that ranks first and is one ask's best, let in, stays let in where another ask names another
destroyer's object (``one_object``): "客户要求注销账户并删除所有个人资料" (close the account and delete all personal
data) names the account, ``client_account_close``'s, and ``client_data_erase``, first at 0.697 and the best of the ask
删除所有个人资料, is held. Off (shipped): on, it also let ``garment_order_cancel`` ride along with "那件西装的改衣服务
不要了，ALT-77 帮我撤掉", whose own ask names the alteration (``benchmarks/destructive_ridealong.py``: extra 19 -> 20
without profiles); the ask's own object is not read yet."""


def _first_of_own_ask(unasked: NDArray[np.bool_], clause_top: NDArray[np.int8]) -> NDArray[np.bool_]:
    """Per candidate: let in, ranked first and one ask's best, in a row of several asks (``FIRST_OF_OWN_ASK``)."""
    out = np.zeros_like(unasked)
    if FIRST_OF_OWN_ASK and out.shape[1]:
        out[:, 0] = ~unasked[:, 0] & (clause_top[:, 0] == 1)
    return out


def _confident_like(
    score: NDArray[np.float64], routing: Routing, score_unlocks: NDArray[np.bool_] | None
) -> NDArray[np.bool_]:
    """The candidates that score like a confident pick, where a score unlocks (``SCORE_UNLOCKS``, ``score_unlocks``)."""
    unlocks = SCORE_UNLOCKS if score_unlocks is None else score_unlocks[:, None] | SCORE_UNLOCKS
    top = score[:, :1]
    out: NDArray[np.bool_] = (score >= routing.min_score) & (top - score <= routing.min_gap) & unlocks
    return out


def _asked_rows(
    rows: int, asks_to_destroy: NDArray[np.bool_] | None, users_words: NDArray[np.bool_] | None
) -> NDArray[np.bool_]:
    """Per row (a column): it asks to destroy; with ``users_words``, per candidate: or says that tool's users' words."""
    destroy = np.zeros(rows, dtype=bool) if asks_to_destroy is None else asks_to_destroy
    out: NDArray[np.bool_] = destroy[:, None] if users_words is None else destroy[:, None] | users_words
    return out


def decide_rows(
    score: NDArray[np.float64],
    survivor: NDArray[np.bool_],
    category_rank: NDArray[np.int64],
    clause_top: NDArray[np.int8],
    routing: Routing,
    destructive: NDArray[np.bool_] | None = None,
    asks_to_destroy: NDArray[np.bool_] | None = None,
    guard_confident: bool = False,
    asks: NDArray[np.int64] | None = None,
    says_act: NDArray[np.bool_] | None = None,
    users_words: NDArray[np.bool_] | None = None,
    score_unlocks: NDArray[np.bool_] | None = None,
    by_id: NDArray[np.bool_] | None = None,
    against_id: NDArray[np.bool_] | None = None,
    object_named: NDArray[np.bool_] | None = None,
    reported: NDArray[np.bool_] | None = None,
    behind: NDArray[np.bool_] | None = None,
    unowned: NDArray[np.bool_] | None = None,
    not_meant: NDArray[np.bool_] | None = None,
    own_id: NDArray[np.bool_] | None = None,
    asks_act: NDArray[np.bool_] | None = None,
    worded: NDArray[np.bool_] | None = None,
) -> RouteRows:
    """Widen, guard and keep each ask's tools over rows of candidates sorted best first (``route_rows``).

    Confident: the top reaches ``min_score`` and leads the second by ``min_gap`` (or is alone), among the candidates
    the guard does not hold (``held_confidence``). With
    ``guard_destructive``, a ``destructive`` candidate is held back unless it is the tool meant (``meant``: the row's
    best, or an ask's best) of a row that asks to destroy (``asks_to_destroy``) or says its users' words
    (``users_words``), or the request says its own verb (``says_act``, ``SHARED_VERB``, ``behind``); whatever its score
    (``SCORE_UNLOCKS``) unless the row leans to destroy (``score_unlocks``: ``leans_to_destroy``) and it scores like a
    confident pick; held out of a widened row and a confident row's ``top_k`` (``guard_confident``, or
    ``GUARD_CONFIDENT_WITHOUT_PROFILES``); held where the request only reports its act (``reported``). ``clause_top``: 1
    for an ask's best, 2 for a runner-up; ``asks``: asks per row; ``by_id``, ``against_id``, ``own_id``: ``_by_id``;
    ``object_named``: those whose object the request names (``names_objects``, ``one_object``; ``worded``: by a word,
    not by an id it takes); ``unowned``,
    ``not_meant``: ``_meant_unless``. A tool held is kept as no ask's, from any domain, but one ``asks_act`` marks (an
    ask that says a destroy word is best for it: ``ask_acts.says_its_act``) outside the domains widened to.
    """
    confident, unasked = confident_rows(score, survivor, routing), None
    if routing.guard_destructive and destructive is not None:
        confident_like = _confident_like(score, routing, score_unlocks)
        asked = _asked_rows(len(score), asks_to_destroy, users_words)
        chosen = _meant_unless(clause_top, unowned, not_meant)
        if by_id is not None:  # an id names the act's tool: the ranking's and a score's choice give way
            read = _by_id(chosen, destructive, by_id, against_id, says_act, confident_like, own_id)
            chosen, confident_like, says_act = read
        unasked = destructive & ~confident_like & ~(asked & chosen)
        if says_act is not None:
            unasked &= ~_shared_verb(says_act, chosen, score, behind)
        if reported is not None:
            unasked |= reported
        if object_named is not None:
            unasked = one_object(destructive, unasked, object_named, worded) & ~_first_of_own_ask(unasked, clause_top)
        confident = confident_rows(score, survivor, routing, unasked)  # a held destroyer leaves the rest sure
    guard_confident = guard_confident or GUARD_CONFIDENT_WITHOUT_PROFILES
    rows = route_rows(score, survivor, category_rank, routing, confident, unasked, guard_confident)
    return _kept_for_asks(rows, survivor, clause_top, routing, asks, asks_act)


def _kept_for_asks(
    rows: RouteRows,
    survivor: NDArray[np.bool_],
    clause_top: NDArray[np.int8],
    routing: Routing,
    asks: NDArray[np.int64] | None,
    asks_act: NDArray[np.bool_] | None,
) -> RouteRows:
    """``rows`` with each ask's best (and runner-up, within the budget) kept where routing did not (``decide_rows``).

    None the guard holds (``excluded``, from any domain; an ask's best held is named as left out), but one ``asks_act``
    marks outside the domains widened to.
    """
    held = rows.excluded if asks_act is None else rows.excluded & ~(asks_act & (clause_top == 1) & ~rows.in_domain)
    clause_kept = survivor & (clause_top == 1) & ~rows.routed & ~held
    rows = replace(rows, guarded=rows.guarded | (survivor & (clause_top == 1) & ~rows.routed & held))
    runner_up = survivor & (clause_top == 2) & ~rows.routed & ~held
    if asks is not None and runner_up.any():
        room = routing.top_k + asks - rows.routed.sum(axis=1) - clause_kept.sum(axis=1)
        clause_kept = clause_kept | (runner_up & (np.cumsum(runner_up, axis=1) <= room[:, None]))
    return replace(rows, clause_kept=clause_kept)
