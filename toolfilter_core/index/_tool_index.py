"""The tool index: keeps a record store in step with the registry, and searches it.

Per tool it stores one vector for the tool's main text (name, description, parameter
names), one per trigger phrase and one per profile request, with metadata: tool name, kind, category, tags, content
hash and embedder id. ``sync`` re-embeds only tools whose content hash changed, deletes
tools that left the registry, and embeds nothing when nothing changed. A store written by
another embedder is rebuilt (or refused, by ``on_embedder_change="error"``). Profile
requests (and a registry's near-miss requests) are user-voice: they are embedded as
queries, as learned examples are; the main text and triggers as documents.

A registry that would empty a persistent store or remove most of its tools is refused
before anything is written (``shrink_problem``); ``IndexReport`` says what a sync did.

A write never changes what a reader assembles until it is complete: the write order and
what each record kind means are in ``_records.py``.

Searching happens in memory: the vectors are loaded once into one matrix (``_matrix.py``),
and reloaded only when the store's version stamp changes (another process re-indexed).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .. import _example_ids
from .._caller import warn_at_caller
from .._embedders import EMBED_BATCH, Embedder
from .._exceptions import EmbedderMismatchError, StoreError, ToolFilterWarning
from .._progress import StageProgress
from .._tool_defs import load_tool
from .._types import ToolSpec
from ._coverage import COVER_KEY, cover_ranks
from ._matrix import SearchRows, ToolSims, one_pass, per_vector, search, search_rows
from ._records import (
    DESTROY_KIND,
    EXAMPLE_KIND,
    LEARNED_ID,
    MENTION_KIND,
    NO_TOOL_KIND,
    PHRASE_KIND,
    PROFILE_KIND,
    SCHEMA,
    SETS,
    Record,
    RecordStore,
    StoreRead,
    manifest_records,
    metadata,
    no_tool_digest,
    record_id,
    scan,
)

__all__ = ["IndexReport", "ToolIndex", "shrink_problem"]

_LOAD_ATTEMPTS = 4

logger = logging.getLogger("toolfilter")


@dataclass(frozen=True, slots=True)
class IndexReport:
    """What one ``sync`` (indexing a registry) did; ``ToolFilter.last_report`` holds the latest.

    Logged at INFO on the ``toolfilter`` logger by every sync, and printed by
    ``toolfilter index`` (``summary()``).
    """

    added: int = 0
    """Tools new to the store."""
    updated: int = 0
    """Tools whose definition or profile changed (their changed texts were embedded again; ``reused``)."""
    removed: int = 0
    """Tools the store held that the registry no longer has."""
    unchanged: int = 0
    """Tools whose vectors were reused as they were."""
    profiles_only: int = 0
    """Of the updated tools, those whose definition is as stored: only their profile requests changed."""
    reused: int = 0
    """Texts of updated tools whose vectors were kept from the tool's stored version (the same text, the same
    embedder): a tool given profiles embeds its requests only, not its description and triggers again."""
    texts_embedded: int = 0
    """Texts embedded: each changed tool's description and trigger phrases, and learned
    examples when the store was rebuilt. 0 when nothing changed. The config's abstain
    phrases, stored with the registry once per set of phrases, are not counted."""
    rebuilt: bool = False
    """True when the store held another embedder's vectors (or an older layout, or profile requests whose
    values were embedded otherwise) and was rebuilt."""
    seconds: float = 0.0
    """Wall time of the sync, reading the store and embedding included."""
    model_seconds: float = 0.0
    """Wall time of making and loading the embedding model before the sync, in the
    ``ToolFilter`` constructor (for a store reopened with nothing to embed, most of what the
    first open costs)."""

    @property
    def tools(self) -> int:
        """Tools in the registry after the sync."""
        return self.added + self.updated + self.unchanged

    def summary(self, where: str | None = None) -> str:
        """One line: ``48 tools: 3 added, ... 44 unchanged; 9 texts embedded in 0.4 s; model loaded in 6.2 s``."""
        rebuilt = " (rebuilt: another embedder, an older layout or profile values)" if self.rebuilt else ""
        into = f" into {where}" if where else ""
        model = f"; embedding model loaded in {self.model_seconds:.1f} s" if self.model_seconds >= 0.05 else ""
        only = ""
        if self.profiles_only:
            some = "" if self.profiles_only == self.updated else f"{self.profiles_only} of them: "
            only = f" ({some}their profile requests only)"
        reused = f", {self.reused} reused" if self.reused else ""
        return (
            f"{self.tools} tools{into}: {self.added} added, {self.updated} updated{only}, {self.removed} removed, "
            f"{self.unchanged} unchanged; {self.texts_embedded} texts embedded in {self.seconds:.1f} s{reused}"
            f"{rebuilt}{model}"
        )


def write_report(
    committed: Mapping[str, str],
    wanted: Mapping[str, str],
    tools: int,
    texts_embedded: int,
    reuse: _Reuse | None = None,
) -> IndexReport:
    """The report of writing ``wanted`` (name to hash) over the ``committed`` registry; ``reuse``: what was kept."""
    added = len([n for n in wanted if n not in committed])
    updated = len([n for n, h in wanted.items() if n in committed and committed[n] != h])
    return IndexReport(
        added=added,
        updated=updated,
        removed=len([n for n in committed if n not in wanted]),
        unchanged=tools - added - updated,
        profiles_only=len(reuse.same_definition) if reuse else 0,
        reused=reuse.used if reuse else 0,
        texts_embedded=texts_embedded,
    )


class ShrinkRefusedError(StoreError):
    """A registry that would empty a store or remove most of its tools, refused before any write."""


def shrink_problem(stored: Sequence[str], wanted: Mapping[str, object]) -> str | None:
    """Why writing ``wanted`` over a store holding ``stored`` tools looks like a mistake, or None.

    The rule (docs/reliability.md): an empty registry into a store that holds tools, or one
    that removes more than half of the stored tools (and more than one). A wrong file, a
    truncated export or an agent pointed at another team's collection look like this; a
    registry that grows, changes or loses a few tools does not.
    """
    if not stored:
        return None
    removed = [name for name in stored if name not in wanted]
    if not wanted:
        return f"it is empty, and would remove all {len(stored)} tools the store holds"
    if len(removed) > max(len(stored) // 2, 1):
        shown = ", ".join(repr(name) for name in removed[:5]) + (", ..." if len(removed) > 5 else "")
        return f"it would remove {len(removed)} of the {len(stored)} tools the store holds ({shown}), more than half"
    return None


class ToolIndex:
    """Vectors of a registry's tools in a record store, with an in-memory search matrix."""

    def __init__(self, store: RecordStore, embedder: Embedder, *, on_embedder_change: str = "rebuild") -> None:
        """Wrap a record store; nothing is read until ``sync`` or ``load``."""
        self.store = store
        self.embedder = embedder
        self.on_embedder_change = on_embedder_change
        self._loaded = False
        self._stamp: object = None
        self._learned: object = None
        self._values_said = False  # an old reading of profile values is warned of once
        self._embedded_now = False  # a load right after this process embedded: the index's findings are said
        # the tools and every search array in one object, swapped whole: a search never mixes two loads
        self._served = _Served((), search_rows((), [], []))

    @property
    def tools(self) -> tuple[ToolSpec, ...]:
        """The served registry, in name order."""
        return self._served.tools

    @property
    def _rows(self) -> SearchRows:
        return self._served.rows

    @property
    def foreign_triggers(self) -> NDArray[np.bool_]:
        """Per vector row, a trigger left out of the search (``ignore_foreign_triggers``)."""
        return self._rows.foreign

    def profile_words(self) -> dict[str, tuple[str, ...]]:
        """Per tool name, its profile requests in force: not destroy-asking, not foreign (poaching)."""
        out: dict[str, list[str]] = {}
        for position, text in self._rows.spoken:
            out.setdefault(self.tools[position].name, []).append(text)
        return {name: tuple(texts) for name, texts in out.items()}

    @property
    def no_tool_texts(self) -> tuple[str, ...]:
        """The registry's near-miss requests in force (its profiles' ``no_tool``)."""
        return self._rows.no_tool_texts

    def stored_phrases(self, texts: Sequence[str]) -> NDArray[np.float32] | None:
        """The stored vectors of these abstain phrases (embedded by this embedder), or None."""
        rows = self._rows
        if not texts or tuple(texts) != rows.phrase_texts or len(rows.phrases) != len(texts):
            return None
        return rows.phrases

    @property
    def voiced(self) -> bool:
        """Some tool has profile requests."""
        return self._rows.voiced

    @property
    def rows(self) -> SearchRows:
        """The search rows in force: the first pass's vectors, their tools and kinds (read them, never write)."""
        return self._rows

    def all_rows(self) -> SearchRows:
        """Every vector in one pass, each tool's profile requests all in (for a batch of probes)."""
        return one_pass(self._rows)

    @property
    def _matrix(self) -> NDArray[np.float32]:
        return self._rows.matrix

    # ----- writing -----

    def _must_rebuild(self, info: Mapping[str, Any]) -> bool:
        """True when the store holds another embedder's vectors or an older layout."""
        stored = info.get("embedder")
        if info.get("version") is not None and info.get("schema") != SCHEMA:
            return True
        if info.get("version") is not None and info.get("profiled", 1) and _read_values(info) != _values():
            return True  # profile requests embedded under another reading of their values
        if stored is None or stored == self.embedder.id:
            return False
        if self.on_embedder_change == "error":
            msg = (
                f"store {self.store.describe()} was built with embedder {stored!r}, but "
                f"{self.embedder.id!r} is in use; re-index with on_embedder_change='rebuild' "
                "or use the same embedder"
            )
            raise EmbedderMismatchError(msg)
        return True

    def _read(self, *, embeddings: bool) -> StoreRead:
        info = self.store.read_info()
        return scan(info, self.store.read(embeddings=embeddings))

    def sync(
        self,
        tools: Sequence[ToolSpec],
        *,
        progress: bool = False,
        rebuild: bool = False,
        allow_shrink: bool = False,
        no_tool: Sequence[str] = (),
        phrases: Sequence[str] = (),
    ) -> IndexReport:
        """Make the store hold exactly these tools, embedding only what changed.

        Args:
            tools: The registry (each tool's profile, if any, is part of it).
            no_tool: The registry's near-miss requests (its profiles' ``no_tool``).
            phrases: The abstain phrases of the config in use: stored with the registry
                whenever the sync writes, so that a process opening it with the same
                phrases does not embed them. Other phrases alone write nothing.
            progress: Show a progress bar while embedding.
            rebuild: Drop every record first and embed everything again.
            allow_shrink: Write a registry that ``shrink_problem`` calls suspicious (empty,
                or removing more than half of a persistent store's tools) instead of
                refusing it.

        Raises:
            StoreError: the store cannot be read or written (nothing half-written is
                ever served; run it again to finish), or the registry would empty the
                store or remove more than half of its tools and ``allow_shrink`` is false
                (refused before anything is written).
            EmbedderMismatchError: another embedder built the store and
                ``on_embedder_change`` is ``"error"``.
        """
        started = time.perf_counter()
        sets = {NO_TOOL_KIND: tuple(no_tool), PHRASE_KIND: tuple(phrases)}
        report = self._sync(tools, sets, progress=progress, rebuild=rebuild, allow_shrink=allow_shrink)
        report = dataclasses.replace(report, seconds=time.perf_counter() - started)
        logger.info("toolfilter: indexed %s", report.summary(self.store.describe()))
        return report

    def _sync(
        self,
        tools: Sequence[ToolSpec],
        sets: Mapping[str, tuple[str, ...]],
        *,
        progress: bool,
        rebuild: bool,
        allow_shrink: bool,
    ) -> IndexReport:
        wanted = {t.name: t.content_hash() for t in tools}
        must_rebuild = rebuild or self._must_rebuild(self.store.read_info())
        snap: StoreRead | None = None
        if not must_rebuild or (not allow_shrink and getattr(self.store, "persistent", False)):
            snap = self._read(embeddings=False)
        if snap is not None and not allow_shrink and getattr(self.store, "persistent", False):
            self._refuse_shrink(snap, wanted)
        if not must_rebuild and snap is not None:
            # the abstain phrases are the config's, not the registry's: other phrases alone write nothing (a
            # process that opens a directory another one serves must not need its lock); the filter embeds them
            same_sets = _same_set(snap, NO_TOOL_KIND, sets.get(NO_TOOL_KIND, ()))
            if snap.manifest == wanted and all(item in snap.complete for item in wanted.items()) and same_sets:
                self.load()
                return IndexReport(unchanged=len(tools))
        with self.store.writing():
            rebuilt = rebuild or self._must_rebuild(self.store.read_info())
            examples = 0
            if rebuilt:
                kept = [
                    r
                    for r in self.store.read(embeddings=False)
                    if r.metadata.get("kind") == EXAMPLE_KIND  # every tool's, in the registry or not
                ]
                self.store.reset()
                examples = self._reembed_examples(kept, progress=progress)
            report = self._committed(tools, wanted, sets, progress=progress)
        self._embedded_now = report.texts_embedded + examples > 0
        try:
            self.load(force=True)
        finally:
            self._embedded_now = False  # a raising load leaves no later load saying the findings
            self._values_said = False  # just written under this reading: an older store found later is warned of
        return dataclasses.replace(report, texts_embedded=report.texts_embedded + examples, rebuilt=rebuilt)

    def _refuse_shrink(self, snap: StoreRead, wanted: Mapping[str, str]) -> None:
        problem = shrink_problem(sorted(snap.manifest or ()), wanted)
        if problem is not None:
            msg = (
                f"store {self.store.describe()}: refusing to write this registry: {problem}; nothing was "
                "changed. If that is what you want: toolfilter index ... --allow-shrink (allow_shrink=True)"
            )
            raise ShrinkRefusedError(msg)

    def _reembed_examples(self, records: Sequence[Record], *, progress: bool = False) -> int:
        """Embed kept examples again with this embedder (the store was rebuilt for it)."""
        with StageProgress(
            len(records), "embedding learned examples", unit="text", enabled=progress and bool(records)
        ) as bar:
            for start in range(0, len(records), EMBED_BATCH):
                chunk = records[start : start + EMBED_BATCH]
                vectors = self.embedder.embed_queries([r.document for r in chunk])
                self.store.upsert(
                    [
                        Record(r.id, {**r.metadata, "embedder": self.embedder.id}, r.document, vector)
                        for r, vector in zip(chunk, vectors, strict=True)
                    ]
                )
                bar.update(len(chunk))
        return len(records)

    def write_examples(self, upsert: Sequence[Record], delete: Sequence[str] = ()) -> None:
        """Write and delete example records, then change the learned stamp (``LEARNED_ID``).

        Examples are outside the manifest, so the committed registry (the store info and
        its manifest) is not written: learning from use can never put back an older
        registry over one another process committed meanwhile. The new stamp makes every
        process reload (and see the examples). The caller (``toolfilter_core._learning``)
        builds the records: kind ``"example"``, the tool's name, this index's embedder id,
        and a query vector.

        Raises:
            StoreError: the store cannot be written, or holds no committed registry.
        """
        with self.store.writing():
            info = self.store.read_info()
            if info.get("version") is None:
                msg = f"store {self.store.describe()} holds no committed registry; index the tools first"
                raise StoreError(msg)
            self.store.upsert(list(upsert))
            self.store.delete(list(delete))
            self.store.upsert([learned_stamp(self._dimension(upsert, info))])
        self.load(force=True)

    def _committed(
        self, tools: Sequence[ToolSpec], wanted: dict[str, str], sets: Mapping[str, tuple[str, ...]], *, progress: bool
    ) -> IndexReport:
        """``_write`` from a fresh read; read and written again when another writer committed first.

        The version check at commit: a write is based on the registry it read, and commits
        only while that registry is still the committed one (``_write``). A writer whose
        base was overtaken (a Chroma server shared by processes that do not lock it) reads
        the store again, on top of the newer registry, and writes what is missing.
        """
        embedded = 0
        for _ in range(_COMMIT_ATTEMPTS):
            try:
                report = self._write(tools, wanted, self._read(embeddings=False), sets, progress=progress)
            except _OvertakenError as overtaken:
                embedded += overtaken.embedded
                continue
            return dataclasses.replace(report, texts_embedded=report.texts_embedded + embedded)
        msg = (
            f"store {self.store.describe()}: other writers committed {_COMMIT_ATTEMPTS} times while this registry "
            "was written; nothing of it was committed: run the same command again"
        )
        raise StoreError(msg)

    def _write(
        self,
        tools: Sequence[ToolSpec],
        wanted: dict[str, str],
        snap: StoreRead,
        sets: Mapping[str, tuple[str, ...]],
        *,
        progress: bool,
    ) -> IndexReport:
        committed = snap.manifest or {}
        changed = [t for t in tools if (t.name, wanted[t.name]) not in snap.complete]
        reuse = self._reusable(changed, committed, snap)
        new_records = embed_records(self.embedder, changed, progress=progress, reuse=reuse)
        kept_sets: list[Record] = []
        digests: dict[str, str] = {}
        phrases = 0  # the config's abstain phrases: not the registry's texts, not counted in the report
        for kind, texts in sets.items():
            digest = digests[SETS[kind]] = no_tool_digest(texts)
            found = snap.sets.get(kind, {}).get(digest, [])
            if len(found) != len(texts) or any(r.metadata.get("embedder") != self.embedder.id for r in found):
                found = embed_set(self.embedder, kind, texts)
                new_records += found
                phrases += len(found) if kind == PHRASE_KIND else 0
            kept_sets += found
        self.store.upsert(new_records)  # 1. beside the old versions

        previous = str(snap.info.get("version") or "0")
        version = str(max(time.time_ns(), int(previous) + 1 if previous.isdigit() else 0))
        dim = self._dimension(new_records, snap.info)
        manifest = manifest_records(version, sorted(wanted.items()), dim)
        self.store.upsert(manifest)  # 2.
        info = {"schema": SCHEMA, "embedder": self.embedder.id, "version": version, "tools": len(tools)}
        info[VALUES_KEY] = _values()
        profiled = sum(1 for t in tools if t.profile is not None and t.profile.texts)
        info.update(parts=len(manifest), dim=dim, profiled=profiled, **digests)
        if self.store.read_info().get("version") != snap.info.get("version"):
            raise _OvertakenError(len(new_records) - phrases - reuse.used)  # the version check: never over a newer one
        self.store.write_info(info)  # 3. the commit

        keep = {r.id for r in new_records} | {r.id for r in manifest} | {r.id for r in kept_sets} | {LEARNED_ID}
        for name, digest in wanted.items():
            keep.update(r.id for r in snap.complete.get((name, digest), ()))
        for learned in snap.examples.values():  # nothing learned is lost: a tool that left may come back
            keep.update(r.id for r in learned)
        garbage = [r.id for r in snap.records if r.id not in keep]
        # A writer whose commit was overtaken leaves the clean-up to the one that won.
        try:
            if garbage and self.store.read_info().get("version") == version:
                self.store.delete(garbage)  # 4.
        except StoreError as error:  # committed already: the next sync removes the leftovers
            logger.warning("toolfilter: indexed, but old records stay until the next index: %s", error)
        return write_report(committed, wanted, len(tools), len(new_records) - phrases - reuse.used, reuse)

    def _reusable(self, changed: Sequence[ToolSpec], committed: Mapping[str, str], snap: StoreRead) -> _Reuse:
        """The stored vectors of the changed tools' committed versions, by the text they embed (``_Reuse``).

        Read only when a changed tool has a complete stored version: a tool given profile requests keeps the
        vectors of its description and triggers, embedded by this embedder from the same text.
        """
        reuse = _Reuse()
        ids = {
            r.id: tool
            for tool in changed
            if tool.name in committed
            for r in snap.complete.get((tool.name, committed[tool.name]), ())
        }
        if not ids:
            return reuse
        for record in self.store.get(list(ids), embeddings=True):  # these alone, not every record's vector
            tool = ids.get(record.id)
            if tool is None or record.embedding is None or record.metadata.get("embedder") != self.embedder.id:
                continue
            kind = record.metadata.get("kind")
            if kind == "doc":
                stored = load_tool(json.loads(record.document))
                reuse.vectors[tool.name, "doc", stored.document()] = record.embedding
                if _definition(stored) == _definition(tool):
                    reuse.same_definition.add(tool.name)
            elif kind in ("trigger", PROFILE_KIND, DESTROY_KIND, MENTION_KIND):
                voice = "doc" if kind == "trigger" else "query"
                reuse.vectors[tool.name, voice, record.document] = record.embedding
        return reuse

    def _dimension(self, records: Sequence[Record], info: Mapping[str, Any]) -> int:
        for record in records:
            if record.embedding is not None:
                return int(record.embedding.shape[0])
        if isinstance(info.get("dim"), int):
            return int(info["dim"])
        return int(self.embedder.embed_documents(["manifest"]).shape[1])

    # ----- reading -----

    def stale(self) -> bool:
        """True when the store's version stamp, or its learned stamp, differs from what is loaded."""
        return self.store.read_info().get("version") != self._stamp or self._learned_stamp() != self._learned

    def _learned_stamp(self) -> object:
        found = self.store.get([LEARNED_ID])
        return found[0].metadata.get("stamp") if found else None

    def _check_loadable(self, info: Mapping[str, Any]) -> None:
        stored = info.get("embedder")
        if stored is not None and stored != self.embedder.id:
            msg = (
                f"store {self.store.describe()} holds vectors of embedder {stored!r}, not "
                f"{self.embedder.id!r}; re-index it with this embedder (toolfilter index)"
            )
            raise EmbedderMismatchError(msg)
        if info.get("version") is not None and info.get("schema") != SCHEMA:
            msg = (
                f"store {self.store.describe()} was written by an older toolfilter (layout "
                f"{info.get('schema', 1)}, this one reads {SCHEMA}); re-index it from the registry "
                "(toolfilter index TOOLS ...)"
            )
            raise StoreError(msg)

    def _say_old_values(self, info: Mapping[str, Any]) -> None:
        """Warn once that the store's profile requests were embedded under another reading of their values.

        Served as they are (nothing is rebuilt on open); the next index of the tools rebuilds them.
        """
        if self._values_said or info.get("version") is None or not info.get("profiled", 1):
            return
        if _read_values(info) == _values():
            return
        self._values_said = True
        warn_at_caller(
            f"store {self.store.describe()}: its profile requests were embedded by an older toolfilter (their "
            f"values {_read_values(info)!r}, this one embeds them {_values()!r}); served as they are until "
            "the tools are indexed again (toolfilter index TOOLS --store ..., or ToolFilter(tools, store=...))",
            ToolFilterWarning,
        )

    def load(self, *, force: bool = False) -> None:
        """Read the committed registry and its vectors into memory (if the stamp changed).

        Every tool is assembled complete, at the version the committed manifest names. If
        a writer is busy (records of the manifest missing), it reads again a few times;
        if the store still does not add up, it serves every complete tool it found, logs
        a warning, and reads again at the next check.

        Raises:
            StoreError: the store cannot be read, a record is corrupt, or the layout is old.
            EmbedderMismatchError: another embedder built the store.
        """
        info = self.store.read_info()
        learned = self._learned_stamp()  # before the records: examples written later make it stale
        if not force and self._loaded and info.get("version") == self._stamp and learned == self._learned:
            return
        snap = StoreRead(info, [])
        failure: StoreError | None = None
        for attempt in range(_LOAD_ATTEMPTS):
            if attempt:
                time.sleep(0.05 * 2**attempt)
                info = self.store.read_info()
            self._check_loadable(info)
            self._say_old_values(info)
            if info.get("version") is None:
                self._install({}, {}, (info.get("version"), learned))
                return
            try:
                records = self.store.read(embeddings=True)
            except StoreError as error:  # a Chroma server reading while a writer deletes: "Error finding id"
                failure = error
                continue
            failure = None
            snap = scan(info, records)
            if snap.manifest is not None and all(item in snap.complete for item in snap.manifest.items()):
                stamp = (info.get("version"), learned)
                self._install(snap.manifest, snap.complete, stamp, snap.examples, self._sets_in_force(snap))
                return
        if failure is not None:
            raise failure
        if self._loaded:  # keep serving the complete registry already in memory; read again next check
            logger.warning(
                "toolfilter: store %s did not settle (a writer is busy or failed); keeping the registry in memory",
                self.store.describe(),
            )
            return
        chosen = _complete_versions(snap)  # last resort: nothing in memory yet
        logger.warning(
            "toolfilter: store %s did not settle (a writer is busy or failed); serving the %d complete tools found",
            self.store.describe(),
            len(chosen),
        )
        self._install(chosen, snap.complete, (None, learned), snap.examples)

    def _sets_in_force(self, snap: StoreRead) -> dict[str, list[Record]]:
        """The near misses and abstain phrases the committed info names, of this embedder."""
        return {
            kind: [r for r in snap.in_force(kind) if r.metadata.get("embedder", self.embedder.id) == self.embedder.id]
            for kind in SETS
        }

    def _install(
        self,
        manifest: Mapping[str, str],
        complete: Mapping[tuple[str, str], list[Record]],
        stamp: tuple[object, object],
        examples: Mapping[str, list[Record]] | None = None,
        sets: Mapping[str, Sequence[Record]] | None = None,
    ) -> None:
        names = sorted(manifest)
        tools: list[ToolSpec] = []
        rows: list[Record] = []
        owner: list[int] = []
        for position, name in enumerate(names):
            group = complete[(name, manifest[name])]
            try:
                tools.append(load_tool(json.loads(group[0].document)))
            except (ValueError, KeyError, TypeError) as error:
                where = self.store.describe()
                msg = f"store {where}: record {group[0].id!r} is corrupt ({error}); rebuild it from the registry"
                raise StoreError(msg) from None
            learned = sorted((examples or {}).get(name, ()), key=lambda r: r.id)
            for record in (*group, *learned):
                if record.embedding is not None:
                    rows.append(record)
                    owner.append(position)
        sets = sets or {}
        rows_found = search_rows(
            tools, rows, owner, sets.get(NO_TOOL_KIND, ()), sets.get(PHRASE_KIND, ()), say=self._embedded_now
        )
        self._served = _Served(tuple(tools), rows_found)  # one assignment: a search never mixes two loads
        self._stamp, self._learned = stamp
        self._loaded = True

    def similarities(
        self, query_vector: NDArray[np.float32]
    ) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]]:
        """Per tool (in ``self.tools`` order): best, second-best and author-written best cosine.

        The third leaves out examples learned from use (``ToolSims``).
        """
        found = self.search(query_vector)
        return found.best, found.second, found.authored

    def search(self, query_vector: NDArray[np.float32], clauses: NDArray[np.float32] | None = None) -> ToolSims:
        """Per tool (in ``self.tools`` order): every cosine summary a selection uses, in one pass.

        ``clauses``: more vectors scored in the same pass (``ToolSims.per_clause``).
        """
        return search(self._rows, query_vector, len(self.tools), clauses)

    def per_vector_similarities(self, query_vectors: NDArray[np.float32]) -> NDArray[np.float32]:
        """Per tool (in ``self.tools`` order) and query vector: the tool's best cosine to it.

        Shape (tools, vectors).
        """
        r = self._rows
        if not len(r.owner) or not len(query_vectors):
            return np.full((len(self.tools), len(query_vectors)), -np.inf, dtype=np.float32)
        return per_vector(r, query_vectors)

    def nearest_mention(self, tool_position: int, query_vector: NDArray[np.float32]) -> str:
        """The tool's mention (``ToolProfile.mentions``) closest to ``query_vector`` ('' for a tool without)."""
        r = self._rows
        mine = np.flatnonzero(r.mention_owner == tool_position)
        if not len(mine):
            return ""
        return str(r.mention_texts[int(mine[np.argmax(r.mentions[mine] @ query_vector)])])

    def best_text(self, tool_position: int, query_vector: NDArray[np.float32]) -> str:
        """The stored text (description or trigger) of a tool whose vector matched best.

        ``query_vector``: one vector, or several as rows (a request and its clauses).
        """
        # rows are grouped by tool (in ``self.tools`` order): the tool's rows are one slice
        r = self._rows
        if not len(r.starts) or not 0 <= tool_position < len(self.tools):
            return ""
        start = int(r.starts[tool_position])
        end = int(r.starts[tool_position + 1]) if tool_position + 1 < len(r.starts) else len(r.owner)
        if end <= start or int(r.owner[start]) != tool_position:
            return ""
        sims = r.matrix[start:end] @ np.atleast_2d(query_vector).T
        best = start + int(np.argmax(sims.max(axis=1)))
        low, high = (
            (int(r.rest_starts[tool_position]), int(r.rest_starts[tool_position + 1])) if len(r.rest) else (0, 0)
        )
        if high > low:  # the profile requests the first pass leaves out
            cosines = r.rest[low:high].astype(np.float32) @ np.atleast_2d(query_vector).T
            more = (cosines * r.rest_scale[low:high, None]).max(axis=1)
            if float(more.max()) > float(sims.max()):
                return str(r.rest_texts[low + int(np.argmax(more))])
        return str(r.texts[best])


@dataclass(frozen=True, slots=True)
class _Served:
    """What a load installs: the tools and their search rows, replaced together."""

    tools: tuple[ToolSpec, ...]
    rows: SearchRows


_COMMIT_ATTEMPTS = 5
"""Writes of one registry before giving up when other writers keep committing first."""


class _OvertakenError(Exception):
    """Another writer committed after this write read the store: read again, write again."""

    def __init__(self, embedded: int) -> None:
        super().__init__("overtaken")
        self.embedded = embedded


def _same_set(snap: StoreRead, kind: str, texts: tuple[str, ...]) -> bool:
    """The committed set of ``kind`` is exactly ``texts``, every record of it there."""
    digest = no_tool_digest(texts)
    return snap.info.get(SETS[kind], "") == digest and len(snap.sets.get(kind, {}).get(digest, ())) == len(texts)


def learned_stamp(dim: int) -> Record:
    """The record whose new stamp tells readers that examples changed (the vector is a placeholder)."""
    placeholder = np.zeros(dim, dtype=np.float32)
    placeholder[0] = 1.0
    stamp = f"{time.time_ns()}-{uuid.uuid4().hex[:8]}"
    return Record(LEARNED_ID, {"tool": "", "kind": "stamp", "stamp": stamp}, "", placeholder)


VALUES_KEY = "profile_values"
"""The store info's key for how its profile requests' example values were embedded (``_example_ids``)."""


def _values() -> str:
    return _example_ids.PROFILE_VALUES


def _read_values(info: Mapping[str, Any]) -> str:
    """How a store's profile requests' values were embedded: stores written before it was recorded kept them."""
    return str(info.get(VALUES_KEY, "kept"))


def _complete_versions(snap: StoreRead) -> dict[str, str]:
    """Each tool at the manifest's version if complete, else at any complete version (the first by hash)."""
    found: dict[str, str] = {}
    for name, digest in sorted(snap.complete):
        found.setdefault(name, digest)
    if snap.manifest is None:
        return found
    return {
        n: h if (n, h) in snap.complete else found[n]
        for n, h in snap.manifest.items()
        if (n, h) in snap.complete or n in found
    }


@dataclass
class _Reuse:
    """Stored vectors a write may keep: ``(tool, "doc" or "query", text)`` to the vector; what it kept."""

    vectors: dict[tuple[str, str, str], NDArray[np.float32]] = dataclasses.field(default_factory=dict)
    same_definition: set[str] = dataclasses.field(default_factory=set)
    """Changed tools whose definition (all but the profile) is the stored one's."""
    used: int = 0
    """Texts whose stored vector was kept (not embedded)."""


def _definition(tool: ToolSpec) -> dict[str, Any]:
    row = tool.to_dict()
    row.pop("profile", None)
    return row


def embed_records(
    embedder: Embedder, tools: Sequence[ToolSpec], *, progress: bool, reuse: _Reuse | None = None
) -> list[Record]:
    """The doc, trigger and profile records of these tools, embedded in batches (a text ``reuse`` holds is not)."""
    items: list[tuple[ToolSpec, str, int, str]] = []
    voices: list[tuple[ToolSpec, str, int, str]] = []
    for tool in tools:
        items.append((tool, "doc", 0, tool.document()))
        items.extend((tool, "trigger", i, text) for i, text in enumerate(tool.triggers))
        if tool.profile is not None:
            voices.extend((tool, PROFILE_KIND, i, text) for i, text in enumerate(tool.profile.requests))
            voices.extend((tool, DESTROY_KIND, i, text) for i, text in enumerate(tool.profile.destroy))
            voices.extend((tool, MENTION_KIND, i, text) for i, text in enumerate(tool.profile.mentions))
    reuse = reuse if reuse is not None else _Reuse()
    vectors = _vectors_of(embedder, items, reuse, progress=progress)
    if voices:
        voiced = _vectors_of(embedder, voices, reuse, progress=progress, queries=True)
        items += voices
        vectors = np.vstack([vectors, voiced]) if len(vectors) else voiced
    ranks = _cover_ranks(items, vectors)
    records = []
    for row, ((tool, kind, position, text), vector) in enumerate(zip(items, vectors, strict=True)):
        digest = tool.content_hash()
        document = json.dumps(tool.to_dict(), ensure_ascii=False) if kind == "doc" else text
        meta = metadata(tool, kind, digest, embedder.id)
        if row in ranks:
            meta[COVER_KEY] = ranks[row]
        records.append(
            Record(
                id=record_id(tool.name, digest, kind, position),
                metadata=meta,
                document=document,
                embedding=vector,
            )
        )
    return records


def _vectors_of(
    embedder: Embedder,
    items: Sequence[tuple[ToolSpec, str, int, str]],
    reuse: _Reuse,
    *,
    progress: bool,
    queries: bool = False,
) -> NDArray[np.float32]:
    """The items' vectors in their order: those ``reuse`` holds kept (counted in ``reuse.used``), the rest embedded."""
    voice = "query" if queries else "doc"
    kept = {
        n: reuse.vectors[item[0].name, voice, item[3]]
        for n, item in enumerate(items)
        if (item[0].name, voice, item[3]) in reuse.vectors
    }
    todo = [item[3] for n, item in enumerate(items) if n not in kept]
    if queries:  # profile requests: their example values as the embedder reads them
        todo = [_example_ids.embedded_text(text) for text in todo]
    stage = "embedding profile requests" if queries else "embedding tools"
    fresh = iter(embed_texts(embedder, todo, progress=progress, queries=queries, stage=stage))
    reuse.used += len(kept)
    rows = [kept[n] if n in kept else next(fresh) for n in range(len(items))]
    return np.vstack(rows).astype(np.float32) if rows else np.zeros((0, 0), dtype=np.float32)


def _cover_ranks(items: Sequence[tuple[ToolSpec, str, int, str]], vectors: NDArray[np.float32]) -> dict[int, int]:
    """Per row of a profile request, its cover rank within its tool (``_coverage``)."""
    groups: dict[str, list[int]] = {}
    for row, (tool, kind, _, _) in enumerate(items):
        if kind == PROFILE_KIND:
            groups.setdefault(tool.name, []).append(row)
    rows = list(groups.values())
    ranks = cover_ranks([vectors[r] for r in rows])
    pairs = (zip(group, order, strict=True) for group, order in zip(rows, ranks, strict=True))
    return {row: int(rank) for pair in pairs for row, rank in pair}


def embed_set(embedder: Embedder, kind: str, texts: tuple[str, ...]) -> list[Record]:
    """The records of one set of ``SETS`` (near misses, abstain phrases), tagged with its digest.

    Abstain phrases are embedded in one call, as ``ToolFilter`` embeds them when they are not stored.
    """
    digest = no_tool_digest(texts)
    if kind == PHRASE_KIND:
        vectors = embedder.embed_queries(list(texts)) if texts else np.zeros((0, 0), dtype=np.float32)
    else:
        vectors = embed_texts(embedder, list(texts), progress=False, queries=True)
    return [
        Record(
            id=f"{kind}:{digest}:{i}",
            metadata={"tool": "", "kind": kind, "digest": digest, "embedder": embedder.id},
            document=text,
            embedding=vector,
        )
        for i, (text, vector) in enumerate(zip(texts, vectors, strict=True))
    ]


def embed_texts(
    embedder: Embedder, texts: list[str], *, progress: bool, queries: bool = False, stage: str = "embedding tools"
) -> NDArray[np.float32]:
    """Document (or query) vectors of ``texts`` in batches of ``EMBED_BATCH``, with progress (named ``stage``)."""
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    parts = []
    embed = embedder.embed_queries if queries else embedder.embed_documents
    with StageProgress(len(texts), stage, unit="text", enabled=progress) as bar:
        for start in range(0, len(texts), EMBED_BATCH):
            chunk = texts[start : start + EMBED_BATCH]
            parts.append(embed(chunk))
            bar.update(len(chunk))
    return np.vstack(parts)
