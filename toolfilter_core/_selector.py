"""``ToolFilter``: the selection pipeline of DESIGN.md, end to end.

::

    registry ──index──▶ ToolIndex (vectors + metadata, persisted)
    query (+ earlier turns) ─▶ policy, allow/block ─▶ candidate pool (embedding top-N ∪ BM25 top-N)
        ─▶ category gate ─▶ min lexical overlap ─▶ combined score ─▶ min combined / zero score
        ─▶ domain routing ─▶ confidence (min_score, min_gap) ─▶ top_k or widened fallback
        ─▶ always_include, sticky ─▶ Selection
"""

from __future__ import annotations

import asyncio
import copy
import functools
import logging
import re
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ._arguments import argument_fit, request_kinds
from ._bm25 import BM25Index
from ._clauses import split_clauses
from ._config import ToolFilterConfig, load_config, recommended_config
from ._embedders import Embedder, get_embedder
from ._exceptions import QueryError, SelectionError, StoreError, ToolFilterError
from ._feedback import LearnReport, UsageMemory
from ._policy import Policy
from ._registry import load_tools
from ._signals import (
    ToolTokens,
    category_match,
    clamp01,
    combine,
    lexical_overlap,
    lexical_score,
    name_match,
    tag_score,
)
from ._threads import blas_threads, one_blas_thread
from ._tokenize import unique_tokens
from ._types import Reason, ScoreBreakdown, ScoredTool, Selection, ToolSpec, openai_tools_chars
from .index._records import MemoryRecords, RecordStore
from .index._tool_index import IndexReport, ToolIndex

if TYPE_CHECKING:
    from chromadb.api import ClientAPI

__all__ = ["ToolFilter"]

logger = logging.getLogger("toolfilter")


class _Registry:
    """What one selection serves from: a loaded index and everything derived from its tools.

    Built whenever the index changes and swapped in whole, so a selection that took one
    keeps a consistent view while a newer one is loaded (see ``ToolFilter._refresh``).
    """

    def __init__(self, tools: Sequence[ToolSpec], index: ToolIndex) -> None:
        self.index = index
        self.tools = tuple(tools)
        self.position = {t.name: i for i, t in enumerate(self.tools)}
        self.index_position = {t.name: i for i, t in enumerate(index.tools)}
        # the index keeps tools in name order; this maps registry order onto it
        self.to_index = np.array([self.index_position[t.name] for t in self.tools], dtype=np.int64)
        self.same_order = bool(np.array_equal(self.to_index, np.arange(len(self.tools))))
        self.tokens = [ToolTokens(t) for t in self.tools]
        self.argument_kinds = frozenset().union(*(t.arguments for t in self.tokens))
        """Every kind of argument value some tool takes."""
        self.bm25 = BM25Index([_bm25_text(t) for t in self.tools])
        self.domains = [t.category or f"tool:{t.name}" for t in self.tools]
        self.total_chars = openai_tools_chars(self.tools)
        self.verdicts: dict[Any, tuple[list[Reason | None], NDArray[np.bool_]]] = {}
        """Eligibility per (policy, block_tools, allow_tools); see ToolFilter._eligibility."""


class _Reload:
    """A registry read into a copy of the index on a background thread."""

    def __init__(self, index: ToolIndex, ordered: Callable[[Sequence[ToolSpec]], list[ToolSpec]]) -> None:
        self.done = threading.Event()
        self.registry: _Registry | None = None
        self.error: Exception | None = None
        # A copy: the index in memory keeps serving, untouched, until the new one is complete.
        self._index = copy.copy(index)
        self._ordered = ordered
        threading.Thread(target=self._run, name="toolfilter-reload", daemon=True).start()

    def _run(self) -> None:
        try:
            self._index.load()
            self.registry = _Registry(self._ordered(self._index.tools), self._index)
        except Exception as error:  # handed to the selecting thread, which raises it
            self.error = error
        finally:
            self.done.set()


def _bm25_text(tool: ToolSpec) -> str:
    parts = [tool.name, tool.description, " ".join(tool.parameter_names), " ".join(tool.tags)]
    parts.extend(tool.triggers)
    if tool.category:
        parts.append(tool.category)
    return "\n".join(parts)


class ToolFilter:
    """Picks the few tools a request needs out of a registry, or none, and says why.

    Setup:
        ``pip install toolfilter``; the default embedders ship their weights, nothing is
        downloaded at run time.

    Instantiate:
        .. code-block:: python

            from toolfilter_core import ToolFilter, read_tools_file

            tf = ToolFilter(read_tools_file("tools.jsonl"), store=".toolfilter")

    Select:
        .. code-block:: python

            selection = tf.select("帮我约个会，明天下午三点")
            selection.names      # best first; widened to the best domains when unsure
            print(selection.explain())

    Args:
        tools: Tool definitions (``ToolSpec``, our JSON rows, OpenAI or MCP dicts). Empty:
            use the tools already in the store.
        config: A ``ToolFilterConfig``, a dict, or a YAML/JSON path. None: the shipped
            recommended profile.
        embedder: An ``Embedder`` or a name for ``get_embedder``. None: ``config.embedder``.
            A name with ``config=None`` also brings that embedder's shipped thresholds
            (``recommended_config(embedder=name)``).
        store: Directory of an embedded Chroma store. Overrides ``config.store``.
        client: A chromadb client (e.g. ``HttpClient``); wins over ``store`` and the config.
        collection: Chroma collection name; default ``config.store.collection``.
        progress: Show a progress bar while embedding tools.
        refresh_interval: Seconds between checks of the store's version stamp, so that a
            re-index by another process is noticed without re-reading per query.
        reload_wait: Seconds the selection that notices a re-index waits for the new
            registry. The reload runs in a background thread; when it takes longer (tens of
            thousands of tools), selections go on with the registry in memory and the new
            one is swapped in, whole, once it is ready.

    Raises:
        ConfigError, ToolSpecError, EmbedderError, StoreError, EmbedderMismatchError.
    """

    def __init__(
        self,
        tools: Iterable[ToolSpec | Mapping[str, Any]] = (),
        *,
        config: ToolFilterConfig | Mapping[str, Any] | str | Path | None = None,
        embedder: Embedder | str | None = None,
        store: str | Path | None = None,
        client: ClientAPI | None = None,
        collection: str | None = None,
        progress: bool = False,
        refresh_interval: float = 2.0,
        reload_wait: float = 1.0,
    ) -> None:
        """Load the config and embedder, open the store, index the tools."""
        self.config = _resolve_config(config, embedder)
        if embedder is None or isinstance(embedder, str):
            embedder = get_embedder(embedder or self.config.embedder)
        self.embedder: Embedder = embedder
        self.refresh_interval = refresh_interval
        self.reload_wait = reload_wait
        records = self._open_store(store, client, collection)
        self.index = ToolIndex(records, self.embedder, on_embedder_change=self.config.store.on_embedder_change)
        self._checked_at = 0.0
        self._store_problem: str | None = None
        self._reload: _Reload | None = None
        self._refreshing = threading.Lock()
        self._order: tuple[str, ...] = ()
        self._context_cache: dict[str, NDArray[np.float32]] = {}
        self._abstain: NDArray[np.float32] | None = None  # embedded on first use: opening embeds nothing
        specs = load_tools(tools)
        if specs:
            self.last_report = self.set_tools(specs, progress=progress)
        else:
            self.last_report = IndexReport()
            self.index.load(force=True)
            self._order = tuple(t.name for t in self.index.tools)
            self._registry = _Registry(self._ordered(self.index.tools), self.index)

    def _abstain_vectors(self) -> NDArray[np.float32] | None:
        """The abstain phrases' vectors, embedded on the first select that needs them."""
        phrases = self.config.abstain_phrases
        if not phrases:
            return None
        if self._abstain is None:
            self._abstain = self.embedder.embed_queries(list(phrases))
        return self._abstain

    def _abstain_gap(self, vector: NDArray[np.float32], authored: NDArray[np.float32]) -> tuple[float, int] | None:
        """The closest abstain phrase's cosine minus the best tool's, and which phrase it is.

        ``authored``: per tool, the best cosine over the vectors its author wrote, -inf for
        tools the caller may not use. Examples learned from use are left out on purpose: they
        read like requests, so they would out-score the abstain phrases for any request at all.
        None when abstention is off or no tool is eligible.
        """
        abstain = self._abstain_vectors()
        if abstain is None or not len(authored) or not np.isfinite(authored).any():
            return None
        closeness = abstain @ vector
        closest = int(np.argmax(closeness))
        return float(closeness[closest]) - float(np.max(authored)), closest

    def _abstain_check(
        self, reg: _Registry, kinds: frozenset[str], vector: NDArray[np.float32], authored: NDArray[np.float32]
    ) -> tuple[float, int] | None:
        """``_abstain_gap``, or None for a request carrying a value some tool takes.

        A request that names a file, a URL or an address asks to act on it, however chatty it
        reads ("banner.jpg 传不上去，帮我给它瘦个身"): it is never abstained.
        """
        if kinds & reg.argument_kinds:
            return None
        return self._abstain_gap(vector, authored)

    @classmethod
    def open(
        cls,
        *,
        store: str | Path | None = None,
        client: ClientAPI | None = None,
        collection: str | None = None,
        config: ToolFilterConfig | Mapping[str, Any] | str | Path | None = None,
        embedder: Embedder | str | None = None,
    ) -> ToolFilter:
        """Open an existing store without tool definitions; nothing is re-embedded.

        Raises:
            StoreError: the store directory does not exist (nothing is created), or the
                store holds no tools.
        """
        resolved = _resolve_config(config, embedder)  # read once, here and by the constructor alike
        if client is None:
            settings = resolved.store
            path = store if store is not None else (None if settings.host else settings.path)
            if path is not None and not Path(path).exists():
                msg = f"store directory {str(path)!r} does not exist; index some tools first"
                raise StoreError(msg + " (toolfilter index TOOLS --store DIR)")
        tf = cls(config=resolved, embedder=embedder, store=store, client=client, collection=collection)
        if not tf.tools:
            where = tf.index.store.describe()
            msg = f"store {where} holds no tools; index some first (toolfilter index TOOLS --store DIR)"
            raise StoreError(msg)
        return tf

    def _open_store(self, store: str | Path | None, client: ClientAPI | None, collection: str | None) -> RecordStore:
        settings = self.config.store
        name = collection or settings.collection
        if client is None and store is None and settings.path is None and settings.host is None:
            return MemoryRecords()
        from .index.chroma import ChromaRecords, connect

        if client is None:
            if store is not None:
                client = connect(path=store, timeout_s=settings.timeout_s)
            else:
                client = connect(
                    path=settings.path, host=settings.host, port=settings.port, timeout_s=settings.timeout_s
                )
        return ChromaRecords(client, name, timeout_s=settings.timeout_s)

    # ----- the registry -----

    @property
    def tools(self) -> tuple[ToolSpec, ...]:
        """The registry, in the order it was given (name order when opened from a store)."""
        self._refresh()
        return self._registry.tools

    def set_tools(self, tools: Iterable[ToolSpec | Mapping[str, Any]], *, progress: bool = False) -> IndexReport:
        """Replace the registry: embeds only new or changed tools, removes the ones gone."""
        specs = load_tools(tools)
        self._reload = None  # this process writes a newer registry than a reload in flight would read
        report = self.index.sync(specs, progress=progress)
        self._order = tuple(t.name for t in specs)
        self._registry = _Registry(self._ordered(self.index.tools), self.index)
        self._checked_at = time.monotonic()
        self.last_report = report
        return report

    def record(self, query: str, tool_name: str) -> LearnReport:
        """Learn from use: ``tool_name`` served ``query``; the request becomes an example of the tool.

        An example is one more vector of the tool, like a trigger phrase, kept in the store
        (at most 20 per tool, newest kept, one per normalized request; see docs/learning.md).

        Raises:
            ToolSpecError: the tool is not in the registry, or the query is empty.
        """
        return self._learned(UsageMemory(self.index).record([(query, tool_name)]))

    def import_log(self, path: str | Path) -> LearnReport:
        """``record`` every row of a JSON Lines call log of ``{"query", "tool"}`` objects, all or nothing.

        Raises:
            ToolSpecError: the file is unreadable, or rows are bad or name unknown tools (by line).
        """
        return self._learned(UsageMemory(self.index).import_log(path))

    def _learned(self, report: LearnReport) -> LearnReport:
        # Writing examples reloaded the index; another process may have changed the tools too.
        self._reload = None  # a reload in flight started before this write
        if [t.name for t in self.index.tools] != sorted(self._registry.position):
            self._registry = _Registry(self._ordered(self.index.tools), self.index)
        self._checked_at = time.monotonic()
        return report

    def _ordered(self, tools: Sequence[ToolSpec]) -> list[ToolSpec]:
        rank = {name: i for i, name in enumerate(self._order)}
        return sorted(tools, key=lambda t: (rank.get(t.name, len(rank)), t.name))

    def _refresh(self) -> None:
        """Reload from the store when another process changed it (checked now and then).

        The reload reads into a new index in a background thread while selections go on
        with the registry in memory; the selection that noticed the change waits up to
        ``reload_wait`` seconds for it. A store that cannot be read (server down or slow,
        directory gone) does not stop selection: the registry already in memory keeps
        serving, each selection says so in its notes, a warning is logged once, and the
        store is tried again after ``refresh_interval``. Selections in other threads that
        arrive meanwhile do not wait: they serve the registry in memory.
        """
        if not self._refreshing.acquire(blocking=False):
            return  # another thread is checking or waiting for a reload
        try:
            self._refresh_now()
        finally:
            self._refreshing.release()

    def _refresh_now(self) -> None:
        if self._reload is not None:
            self._finish_reload()
            return
        now = time.monotonic()
        if now - self._checked_at < self.refresh_interval:
            return
        self._checked_at = now
        try:
            stale = self.index.stale()
        except StoreError as error:
            self._store_failed(error)
            return
        self._store_problem = None
        if stale:
            self._reload = _Reload(self._registry.index, self._ordered)
            self._reload.done.wait(self.reload_wait)
            self._finish_reload()

    def _finish_reload(self) -> None:
        """Swap in a background reload that has finished (index and registry together)."""
        reload = self._reload
        if reload is None or not reload.done.is_set():
            return
        self._reload = None
        if isinstance(reload.error, StoreError):
            self._store_failed(reload.error)
            return
        if reload.error is not None:
            raise reload.error
        if reload.registry is not None:
            self.index, self._registry = reload.registry.index, reload.registry
        self._store_problem = None

    def _store_failed(self, error: StoreError) -> None:
        if self._store_problem is None:
            logger.warning("toolfilter: store unavailable, serving the registry in memory: %s", error)
        self._store_problem = f"store unavailable, serving the registry loaded earlier: {error}"

    # ----- selecting -----

    def select(
        self,
        query: str,
        *,
        top_k: int | None = None,
        category: str | None = None,
        confidence: float | None = None,
        context: Sequence[str] = (),
        sticky: Sequence[str] = (),
        policy: Policy | None = None,
    ) -> Selection:
        """Choose the tools for one request.

        Args:
            query: The user's request (the last message).
            top_k: At most this many tools (default ``config.top_k``), 1-128.
            category: A domain the caller believes the request is in (category gate and
                category signal).
            confidence: The caller's confidence in ``category``, in [0, 1].
            context: Earlier user turns, oldest first, blended into the query vector.
            sticky: Tools the conversation is using; kept selected unless blocked.
            policy: What this caller may use; applied before ranking.

        Returns:
            The selection, with a scored breakdown of every candidate.

        Raises:
            QueryError: the query is not a string, is empty, or is too long.
            SelectionError: selection failed and ``fallback_to_empty`` is false.
        """
        self._check_query(query)
        query = _valid_unicode(query)
        context = [_valid_unicode(t) if isinstance(t, str) else t for t in context]
        if top_k is not None and not (isinstance(top_k, int) and 1 <= top_k <= 128):
            msg = f"top_k: got {top_k!r}; allowed: an integer from 1 to 128"
            raise QueryError(msg)
        if confidence is not None and not (0.0 <= confidence <= 1.0):
            msg = f"confidence: got {confidence!r}; allowed: a number in [0.0, 1.0]"
            raise QueryError(msg)
        try:
            return self._select(query, top_k or self.config.top_k, category, confidence, context, sticky, policy)
        except ToolFilterError as error:
            return self._failed(query, error)
        except Exception as error:  # an embedder or store bug must not take the agent down
            logger.exception("toolfilter: unexpected error while selecting")
            return self._failed(query, error)

    async def aselect(
        self,
        query: str,
        *,
        top_k: int | None = None,
        category: str | None = None,
        confidence: float | None = None,
        context: Sequence[str] = (),
        sticky: Sequence[str] = (),
        policy: Policy | None = None,
    ) -> Selection:
        """``select`` in a worker thread, so an event loop keeps serving while it embeds."""
        return await asyncio.to_thread(
            self.select,
            query,
            top_k=top_k,
            category=category,
            confidence=confidence,
            context=context,
            sticky=sticky,
            policy=policy,
        )

    def _check_query(self, query: object) -> None:
        if not isinstance(query, str):
            msg = f"query: expected a string, got {type(query).__name__}"
            raise QueryError(msg)
        if not query.strip():
            msg = "query: is empty; give the user's request as text"
            raise QueryError(msg)
        if len(query) > self.config.max_query_chars:
            msg = (
                f"query: {len(query):,} characters is over max_query_chars="
                f"{self.config.max_query_chars:,}; send the user's request, not whole documents"
            )
            raise QueryError(msg)

    def _failed(self, query: str, error: Exception) -> Selection:
        if not self.config.fallback_to_empty:
            if isinstance(error, SelectionError):
                raise error
            msg = f"selection failed for query {query[:80]!r}: {type(error).__name__}: {error}"
            raise SelectionError(msg) from error
        logger.warning("toolfilter: selection failed, continuing with no tools: %s", error)
        return Selection(query=query, selected=(), notes=(f"selection failed, no tools: {error}",))

    def _query_vectors(
        self, query: str, context: Sequence[str], tools: int
    ) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """The request's vector (blended with earlier turns) and its clauses' vectors, one embed call.

        ``tools``: the registry's size; above ``clause_max_tools`` clauses are not matched.
        """
        cfg = self.config
        matching = cfg.enabled and cfg.clause_matching and tools <= cfg.clause_max_tools
        clauses = split_clauses(query, cfg.min_clause_chars) if matching else []
        rows = self.embedder.embed_queries([query, *clauses])
        vector, clause_vectors = rows[0], np.asarray(rows[1:], dtype=np.float32)
        turns = (
            [t for t in context if isinstance(t, str) and t.strip()][-self.config.history_turns :]
            if self.config.history_turns
            else []
        )
        weight = self.config.history_weight
        if turns and weight > 0:
            missing = [t for t in turns if t not in self._context_cache]
            if missing:
                if len(self._context_cache) > 256:
                    self._context_cache.clear()
                for text, row in zip(missing, self.embedder.embed_queries(missing), strict=True):
                    self._context_cache[text] = row
            past = np.mean([self._context_cache[t] for t in turns], axis=0)
            vector = (1.0 - weight) * vector + weight * past
            vector = vector / max(float(np.linalg.norm(vector)), 1e-12)
        return np.asarray(vector, dtype=np.float32), clause_vectors

    def _select(
        self,
        query: str,
        k: int,
        category: str | None,
        confidence: float | None,
        context: Sequence[str],
        sticky: Sequence[str],
        policy: Policy | None,
    ) -> Selection:
        """The pipeline of DESIGN.md: exact name, abstain, pool, score and gate, route."""
        self._refresh()
        reg = self._registry  # one registry for the whole selection, even if a reload swaps in
        cfg = self.config
        verdicts, eligible = self._eligibility(policy, reg)
        exact = self._exact_name(reg, query, verdicts)
        if exact is not None:
            return exact

        with one_blas_thread():
            vector, clauses = self._query_vectors(query, context, len(reg.tools))
        with blas_threads(cfg.search_threads):
            sims, second, authored = self._similarities(vector, reg)
            per_clause = self._clause_similarities(clauses, reg)
        if per_clause is not None:
            # a clause lifts a tool's best cosine only: support and the abstain check keep the
            # whole request's, so a clause never reads as a second phrasing or as a tool request
            sims = np.maximum(sims, per_clause.max(axis=1))
        matchers = np.vstack([vector, clauses]) if len(clauses) else vector  # what "matched" is judged by
        finish = functools.partial(
            self._finish, reg, query, vector=matchers, sims=sims, sticky=sticky, verdicts=verdicts
        )
        if not cfg.enabled:
            chosen, dropped = self._plain(sims, verdicts, k, reg)
            return finish(chosen, dropped, False, (), [])

        everyone = bool(eligible.all())
        masked = sims if everyone else np.where(eligible, sims, -np.inf)  # one pass, not one per use
        kinds = request_kinds(query)
        usable = authored if everyone else np.where(eligible, authored, -np.inf)
        abstain = self._abstain_check(reg, kinds, vector, usable)
        if abstain is not None and abstain[0] >= cfg.abstain_margin:
            phrase = cfg.abstain_phrases[abstain[1]]
            note = f"no tool fits: the request reads like one that needs none (closest example: {phrase!r})"
            nearest = _top_indices(masked, min(3, int(eligible.sum())))
            rejected = [ScoredTool(reg.tools[i], _embed_only(sims[i]), Reason.NO_TOOL_INTENT) for i in nearest]
            return finish([], rejected, False, (), [note])

        # Policy comes first: a tool the caller may not use is never scored, only reported.
        rejected = []
        for i in [] if everyone else _top_indices(np.where(eligible, -np.inf, sims), cfg.pool_size):
            if verdicts[i] is not None:
                rejected.append(ScoredTool(reg.tools[i], _embed_only(sims[i]), verdicts[i]))
        notes: list[str] = []
        bm25 = reg.bm25.scores(query, full_coverage=cfg.bm25_full_coverage)
        pool = self._pool(masked, bm25, eligible)
        gate = self._category_gate(category, confidence, pool, notes, reg)
        survivors, dropped = self._score(reg, query, kinds, pool, (sims, second, bm25), category, gate)
        rejected += dropped
        if not survivors:
            notes.append("no tool fits: every candidate was filtered out or scored too low")
            return finish([], rejected, False, (), notes)
        selected, dropped, confident, domains = self._route(reg, survivors, k, notes)
        if per_clause is not None:
            selected, dropped = self._keep_clause_tops(reg, per_clause, eligible, selected, dropped, notes)
        return finish(selected, rejected + dropped, not confident, domains, notes)

    def _keep_clause_tops(
        self,
        reg: _Registry,
        per_clause: NDArray[np.float32],
        eligible: NDArray[np.bool_],
        selected: list[ScoredTool],
        dropped: list[ScoredTool],
        notes: list[str],
    ) -> tuple[list[ScoredTool], list[ScoredTool]]:
        """Each clause's closest tool stays selected if routing or top_k alone dropped it.

        A request of several parts needs a tool per part; the whole request's ranking may
        hold them all below the top few. Tools dropped by a gate or the score floor stay out.
        """
        tops = _clause_tops(reg, per_clause, eligible)
        kept = [s for s in dropped if s.name in tops]
        if not kept:
            return selected, dropped
        notes.append("kept each clause's closest tool: " + ", ".join(s.name for s in kept))
        return selected + [ScoredTool(s.tool, s.breakdown) for s in kept], [s for s in dropped if s.name not in tops]

    def _exact_name(self, reg: _Registry, query: str, verdicts: list[Reason | None]) -> Selection | None:
        """A query that is exactly a tool's name selects that tool, whatever the thresholds say."""
        name = query.strip()
        if not self.config.exact_name_match or name not in reg.position:
            return None
        position = reg.position[name]
        exact = ScoredTool(
            reg.tools[position], ScoreBreakdown({"name": 1.0}, {"name": 1.0}, 1.0, matched="exact tool name")
        )
        verdict = verdicts[position]
        if verdict is not None:  # the caller may not use it: say so, and offer nothing else
            refused = ScoredTool(exact.tool, exact.breakdown, verdict)
            note = f"the query is exactly the name of a tool the caller may not use ({verdict.value})"
            return self._finish(reg, query, [], [refused], False, (), [note], verdicts=verdicts)
        return self._finish(reg, query, [exact], [], False, (), ["the query is exactly a tool name"], verdicts=verdicts)

    def _score(
        self,
        reg: _Registry,
        query: str,
        kinds: frozenset[str],
        pool: list[int],
        similarities: tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]],
        category: str | None,
        gate: str | None,
    ) -> tuple[list[ScoredTool], list[ScoredTool]]:
        """Score every pool candidate, then gate: (survivors best first, the dropped with reasons).

        ``kinds``: the kinds of argument values in the request (``request_kinds``).
        ``similarities``: per tool, the best and second-best cosine and the BM25 score.
        """
        cfg = self.config
        sims, second, bm25 = similarities
        query_tokens = unique_tokens(query)
        weights = cfg.weights.resolved()
        if not kinds:  # no value of a known kind: the argument signal is absent, not 0
            del weights["argument"]
        survivors: list[ScoredTool] = []
        dropped: list[ScoredTool] = []
        for i in pool:
            tool, tokens = reg.tools[i], reg.tokens[i]
            signals = {
                "embed": clamp01(float(sims[i])),
                "support": clamp01(float(second[i])),
                "lexical": lexical_score(query_tokens, tokens),
                "tag": tag_score(query_tokens, tokens),
                "name": name_match(query_tokens, tokens),
                "category": category_match(category, tool),
                "bm25": float(bm25[i]),
            }
            if kinds:
                signals["argument"] = argument_fit(kinds, tokens.arguments)
            score = combine(signals, weights)
            reason = None
            if gate is not None and (tool.category or "").casefold() != gate:
                reason = Reason.CATEGORY_GATE
            elif lexical_overlap(query_tokens, tokens) < cfg.min_lexical_overlap:
                reason = Reason.BELOW_MIN_OVERLAP
            elif score <= 0.0:
                reason = Reason.ZERO_SCORE
            elif score < cfg.min_combined_score:
                reason = Reason.BELOW_MIN_COMBINED
            scored = ScoredTool(tool, ScoreBreakdown(signals, weights, score), reason)
            (dropped if reason else survivors).append(scored)
        survivors.sort(key=lambda s: (-s.score, -s.breakdown.signals["embed"], s.name))
        return survivors, dropped

    def _route(
        self, reg: _Registry, survivors: list[ScoredTool], k: int, notes: list[str]
    ) -> tuple[list[ScoredTool], list[ScoredTool], bool, tuple[str, ...]]:
        """Keep the top ``k`` of the best domains, or widen when unsure (min_score / min_gap).

        Returns the selected, the dropped, whether the top was confident, and the domains shown.
        """
        cfg = self.config
        top = survivors[0].score
        runner_up = survivors[1].score if len(survivors) > 1 else 0.0
        confident = top >= cfg.min_score and (len(survivors) == 1 or top - runner_up >= cfg.min_gap)
        domain_rank = _rank_domains(survivors, reg)
        if confident:
            domains = _best_domains(domain_rank, cfg.route_domains) if cfg.route_domains else []
            limit, floor = k, top * cfg.relative_cut
        else:
            domains = _best_domains(domain_rank, cfg.fallback_domains)
            limit, floor = cfg.fallback_top_k or 2 * k, 0.0
            notes.append(
                f"low confidence (top {top:.3f}, gap {top - runner_up:.3f}): "
                f"widened to the best {len(domains)} domain(s)"
            )
        selected: list[ScoredTool] = []
        dropped: list[ScoredTool] = []
        for s in survivors:
            in_domain = not domains or reg.domains[reg.position[s.name]] in domains
            if not in_domain:
                dropped.append(ScoredTool(s.tool, s.breakdown, Reason.OTHER_DOMAIN))
            elif len(selected) >= limit or s.score < floor:
                dropped.append(ScoredTool(s.tool, s.breakdown, Reason.BELOW_TOP_K))
            else:
                selected.append(s)
        shown = tuple(d for d in domains if not d.startswith("tool:"))
        return selected, dropped, confident, shown

    def _eligibility(self, policy: Policy | None, reg: _Registry) -> tuple[list[Reason | None], NDArray[np.bool_]]:
        """Per tool, why the caller may not use it (None: it may), and the mask of usable tools.

        Cached per registry, policy and allow/block lists: one pass over 50,000 tools in
        Python costs about 20 ms, more than the rest of a selection (docs/scaling.md).
        """
        cfg = self.config
        key: tuple[Any, ...] | None = (policy, cfg.block_tools, cfg.allow_tools)
        try:
            cached = reg.verdicts.get(key)
        except TypeError:  # a policy built with mutable sets: not hashable, not cached
            key, cached = None, None
        if cached is not None:
            return cached
        blocked, allowed = set(cfg.block_tools), set(cfg.allow_tools)
        out: list[Reason | None] = []
        for tool in reg.tools:
            if tool.name in blocked:
                out.append(Reason.BLOCKED)
            elif policy is not None and (verdict := policy.verdict(tool)) is not None:
                out.append(verdict)
            elif allowed and tool.name not in allowed:
                out.append(Reason.NOT_ALLOWED)
            else:
                out.append(None)
        result = (out, np.array([v is None for v in out], dtype=bool))
        if key is not None:
            if len(reg.verdicts) >= 64:
                reg.verdicts.clear()
            reg.verdicts[key] = result
        return result

    def _clause_top_names(self, query: str) -> set[str]:
        """The tools ``select(query)`` would keep as its clauses' closest (every tool eligible)."""
        reg = self._registry
        _, clauses = self._query_vectors(query, (), len(reg.tools))
        per_clause = self._clause_similarities(clauses, reg)
        if per_clause is None:
            return set()
        return _clause_tops(reg, per_clause, np.ones(len(reg.tools), dtype=bool))

    def _similarities(
        self, vector: NDArray[np.float32], reg: _Registry
    ) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]]:
        best, second, authored = reg.index.similarities(vector)
        return _in_registry_order(best, reg), _in_registry_order(second, reg), _in_registry_order(authored, reg)

    def _clause_similarities(self, clauses: NDArray[np.float32], reg: _Registry) -> NDArray[np.float32] | None:
        """Per tool and clause, the tool's best cosine to it (None when there are no clauses)."""
        if not len(clauses):
            return None
        return _in_registry_order(reg.index.per_vector_similarities(clauses), reg)

    def _pool(self, masked: NDArray[np.float32], bm25: NDArray[np.float32], eligible: NDArray[np.bool_]) -> list[int]:
        """Embedding top-N union BM25 top-N over the eligible tools (BM25 only where a token is shared).

        ``masked``: the similarities, -inf where the tool is not eligible.
        """
        size = self.config.pool_size
        pool = {i for i in _top_indices(masked, size) if eligible[i]}
        if self.config.lexical_candidates:
            by_bm25 = _top_indices(bm25 if eligible.all() else np.where(eligible, bm25, 0.0), size)
            pool |= {i for i in by_bm25 if eligible[i] and bm25[i] > 0}
        return sorted(pool)

    def _category_gate(
        self, category: str | None, confidence: float | None, pool: list[int], notes: list[str], reg: _Registry
    ) -> str | None:
        cfg = self.config
        if not (cfg.use_category_filter and category):
            return None
        threshold = cfg.category_confidence_threshold
        if threshold is not None and (confidence is None or confidence < threshold):
            notes.append(f"category gate not applied: confidence {confidence} below {threshold}")
            return None
        wanted = category.casefold()
        if not any((reg.tools[i].category or "").casefold() == wanted for i in pool):
            notes.append(f"category gate skipped: no candidate in category {category!r}")
            return None
        return wanted

    def _plain(
        self, sims: NDArray[np.float32], verdicts: list[Reason | None], k: int, reg: _Registry
    ) -> tuple[list[ScoredTool], list[ScoredTool]]:
        """Advanced filtering off: embedding top-k above the similarity threshold."""
        weights = {"embed": 1.0}
        selected: list[ScoredTool] = []
        rejected: list[ScoredTool] = []
        n = max(self.config.pool_size, k)
        top: Sequence[int] = range(len(reg.tools))
        if n < len(reg.tools):  # partition first: sorting 50,000 tools per query costs ~50 ms
            cut = float(np.partition(sims, len(sims) - n)[len(sims) - n])
            top = np.flatnonzero(sims >= cut).tolist()  # ties at the cut stay, the name decides
        order = sorted(top, key=lambda i: (-float(sims[i]), reg.tools[i].name))
        for i in order[:n]:
            sim = float(sims[i])
            breakdown = ScoreBreakdown({"embed": clamp01(sim)}, weights, clamp01(sim))
            reason = verdicts[i]
            if reason is None and sim <= 0.0:
                reason = Reason.ZERO_SCORE
            elif reason is None and sim < self.config.similarity_threshold:
                reason = Reason.BELOW_MIN_SIMILARITY
            elif reason is None and len(selected) >= k:
                reason = Reason.BELOW_TOP_K
            item = ScoredTool(reg.tools[i], breakdown, reason)
            (rejected if reason else selected).append(item)
        return selected, rejected

    def _finish(
        self,
        reg: _Registry,
        query: str,
        selected: list[ScoredTool],
        rejected: list[ScoredTool],
        fallback: bool,
        domains: tuple[str, ...],
        notes: list[str],
        vector: NDArray[np.float32] | None = None,
        sims: NDArray[np.float32] | None = None,
        sticky: Sequence[str] = (),
        verdicts: list[Reason | None] | None = None,
    ) -> Selection:
        if self._store_problem:
            notes = [*notes, self._store_problem]
        chosen = {s.name for s in selected}
        rejected_by_name = {s.name: s for s in rejected}
        extra: list[ScoredTool] = []
        for why, names in (("always_include", self.config.always_include), ("sticky", sticky)):
            for name in names:
                i = reg.position.get(name)
                if i is None or name in chosen or (verdicts is not None and verdicts[i] is not None):
                    continue
                if verdicts is None and name in self.config.block_tools:
                    continue
                base = rejected_by_name.pop(name, None)
                signals = dict(base.breakdown.signals) if base else {}
                if sims is not None and "embed" not in signals:
                    signals["embed"] = clamp01(float(sims[i]))
                score = base.score if base else signals.get("embed", 0.0)
                extra.append(
                    ScoredTool(
                        reg.tools[i],
                        ScoreBreakdown(signals, base.breakdown.weights if base else {}, score, matched=why),
                    )
                )
                chosen.add(name)
        if vector is not None:
            selected = [self._with_match(s, vector, reg) for s in selected]
        final = tuple(selected + extra)
        rest = tuple(s for s in rejected if s.name in rejected_by_name and s.name not in chosen)
        return Selection(
            query=query,
            selected=final,
            rejected=tuple(sorted(rest, key=lambda s: (-s.score, s.name))),
            fallback=fallback,
            domains=domains,
            notes=tuple(notes),
            selected_chars=openai_tools_chars([s.tool for s in final]),
            total_chars=reg.total_chars,
        )

    def _with_match(self, scored: ScoredTool, vector: NDArray[np.float32], reg: _Registry) -> ScoredTool:
        index_position = reg.index_position.get(scored.name)
        if index_position is None or scored.breakdown.matched:
            return scored
        b = scored.breakdown
        matched = reg.index.best_text(index_position, vector)
        return ScoredTool(scored.tool, ScoreBreakdown(b.signals, b.weights, b.combined, matched), scored.reason)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _resolve_config(
    config: ToolFilterConfig | Mapping[str, Any] | str | Path | None, embedder: Embedder | str | None
) -> ToolFilterConfig:
    """The config to use; with none given and an embedder named, that embedder's thresholds."""
    if config is None and isinstance(embedder, str):
        config = recommended_config(embedder=embedder)
    return load_config(config)


def _valid_unicode(text: str) -> str:
    """Text as valid Unicode: unpaired surrogates (from broken UTF-16) become U+FFFD.

    Real embedders encode to UTF-8 first and fail on them, and so would JSON output.
    """
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _embed_only(similarity: float) -> ScoreBreakdown:
    value = clamp01(float(similarity))
    return ScoreBreakdown({"embed": value}, {"embed": 1.0}, value)


def _in_registry_order(per_tool: NDArray[np.float32], reg: _Registry) -> NDArray[np.float32]:
    """Per-tool values (or rows) from the index's order into the registry's.

    A registry opened from a store is already in index order (name order).
    """
    if not len(per_tool) or reg.same_order:
        return per_tool
    return per_tool[reg.to_index]


def _clause_tops(reg: _Registry, per_clause: NDArray[np.float32], eligible: NDArray[np.bool_]) -> set[str]:
    """Each clause's closest tool among those the caller may use."""
    closest = np.argmax(np.where(eligible[:, None], per_clause, -np.inf), axis=0)
    return {reg.tools[int(i)].name for i in closest}


def _top_indices(values: NDArray[Any], n: int) -> list[int]:
    if n >= len(values):
        return list(range(len(values)))
    return [int(i) for i in np.argpartition(-values, n - 1)[:n]]


def _best_domains(ranked: list[str], n: int) -> list[str]:
    """The best ``n`` categories, keeping every uncategorised tool ranked among them.

    A tool without a category is a domain of its own (``tool:NAME``); counting those would
    let a registry without categories widen to only ``n`` tools, so they do not count
    towards ``n`` (the tool limit still applies).
    """
    out: list[str] = []
    categories = 0
    for domain in ranked:
        is_category = not domain.startswith("tool:")
        if is_category and categories >= n:
            continue
        out.append(domain)
        categories += is_category
    return out


def _rank_domains(survivors: list[ScoredTool], reg: _Registry) -> list[str]:
    """Domains by their best tool's score (survivors are sorted best first)."""
    ranked: list[str] = []
    for s in survivors:
        domain = reg.domains[reg.position[s.name]]
        if domain not in ranked:
            ranked.append(domain)
    return ranked
