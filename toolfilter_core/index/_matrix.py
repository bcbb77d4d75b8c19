"""The in-memory search matrix: one row per stored vector, grouped by tool, stuffed triggers ignored."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from .._files import first_few
from .._said_once import first_time
from .._tool_profiles.coverage import IGNORED
from .._tool_profiles.guard import Finding, NearMissRows, near_miss_findings, near_misses_apart
from .._types import ToolSpec
from . import _coverage, _rest
from ._evened import evened, own_words
from ._foreign import closer_tools, ignore_foreign_triggers, same_job_pairs
from ._records import DESTROY_KIND, EXAMPLE_KIND, MENTION_KIND, PROFILE_KIND, Record
from ._rest import Converted, converted, rest_top_two, top_two, union

__all__ = ["SearchRows", "ToolSims", "ignored_rows", "one_pass", "per_vector", "search", "search_rows"]

logger = logging.getLogger("toolfilter")


@dataclass(frozen=True, slots=True)
class SearchRows:
    """The vectors of the served tools, as ``ToolIndex`` searches them."""

    matrix: NDArray[np.float32]
    owner: NDArray[np.int64]
    """Per row, the position of its tool."""
    texts: list[str]
    """Per row, the stored text (the description for a doc row)."""
    starts: NDArray[np.int64]
    """Per tool, its first row (rows are grouped by tool, in tool order)."""
    learned: NDArray[np.bool_]
    """Per row, an example learned from use."""
    foreign: NDArray[np.bool_]
    """Per row, a trigger left out of the search (``ignore_foreign_triggers``)."""
    one_per_tool: bool
    """One vector per tool, in tool order: a tool's cosine is its best, second and authored."""
    voice: NDArray[np.bool_]
    """Per row, a profile request (``requests`` or ``destroy``) of its tool."""
    destroy: NDArray[np.bool_]
    """Per row, a destroy-asking profile request."""
    no_tool: NDArray[np.float32]
    """The registry's near-miss requests' vectors (rows; none without profiles)."""
    no_tool_texts: tuple[str, ...] = ()
    phrases: NDArray[np.float32] = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    """The stored abstain phrases' vectors (rows), read with the registry."""
    phrase_texts: tuple[str, ...] = ()
    spoken: tuple[tuple[int, str], ...] = ()
    """Every profile request in force (not destroy-asking, not foreign) as (tool position, text),
    those the first pass leaves out (``_coverage``) included."""
    rest: NDArray[np.int8] = field(default_factory=lambda: np.zeros((0, 0), dtype=np.int8))
    """The profile requests past each tool's ``PROFILE_VECTORS`` (rows, grouped by tool, in
    tool order), searched only for the tools a first pass puts near the top; int8 times
    ``rest_scale`` per row (a quarter of the memory; a cosine within about 0.002)."""
    rest_scale: NDArray[np.float32] = field(default_factory=lambda: np.zeros(0, dtype=np.float32))
    rest_starts: NDArray[np.int64] = field(default_factory=lambda: np.zeros(1, dtype=np.int64))
    """Per tool, its first row in ``rest``, and one more entry: the end."""
    rest_texts: tuple[str, ...] = ()
    profiled: NDArray[np.bool_] = field(default_factory=lambda: np.zeros(0, dtype=bool))
    """Per tool, it has profile requests in force (``partly``)."""
    mentions: NDArray[np.float32] = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    """The destructive tools' mentions' vectors (rows; ``ToolProfile.mentions``): outside the search, read by the
    guard alone (``ToolSims.mention``)."""
    mention_owner: NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    """Per mention row, the position of its tool."""
    mention_texts: tuple[str, ...] = ()

    @property
    def voiced(self) -> bool:
        """Some tool has profile requests."""
        return bool(self.voice.any()) or bool(len(self.rest))

    @property
    def partly(self) -> bool:
        """Some tools have profile requests in force and some have none (``_evened``)."""
        return bool(self.profiled.any()) and not bool(self.profiled.all())


_Found = tuple[
    NDArray[np.float32], NDArray[np.int64], Sequence[str], NDArray[np.int64], NDArray[np.bool_], NDArray[np.bool_]
]
"""What the index found of ignored rows: matrix, owners, texts, starts, voice and foreign (``search_rows``)."""
_EXCERPT = 60
"""The most characters of a request an ignored-request warning quotes."""
_NAMED = 2
"""The most ignored requests a tool's warning names; the rest are counted (``+N more``)."""


def _ignored(tools: Sequence[ToolSpec], rows: Sequence[Record], found: _Found) -> list[tuple[str, int, str]]:
    """Per tool whose triggers or profile requests are ignored: its name, how many, and the first few named.

    ``found``: the search matrix (the ignored rows zeroed), each row's tool, text, the tools'
    first rows, the profile-request rows and the ignored ones.
    """
    matrix, owners, texts, starts, voice, foreign = found
    if not foreign.any():
        return []
    ignored = np.flatnonzero(foreign)
    # measured on the rows as embedded: the ignored ones put back for the measure, in place (no copy of a
    # matrix that may hold millions of rows; nothing else reads it while the index is being built)
    matrix[ignored] = np.vstack([np.asarray(rows[int(i)].embedding, dtype=np.float32) for i in ignored])
    try:
        closer = closer_tools(matrix, owners, starts, voice, ignored)
    finally:
        matrix[ignored] = 0.0
    said: dict[int, list[str]] = {}
    for i, other in zip(ignored, closer, strict=True):
        text = " ".join(texts[int(i)].split())
        quoted = text if len(text) <= _EXCERPT else text[: _EXCERPT - 1] + "…"
        said.setdefault(int(owners[i]), []).append(f"{quoted!r} (closer to {tools[int(other)].name})")
    return [(tools[p].name, len(named), first_few(named, _NAMED)) for p, named in sorted(said.items())]


def _stacked_rows(
    tools: Sequence[ToolSpec], rows: Sequence[Record], owner: Sequence[int]
) -> tuple[NDArray[np.float32], NDArray[np.int64], list[str], NDArray[np.int64], list[object]]:
    """The records' vectors as one matrix, each row's tool, text and kind, and each tool's first row."""
    if rows:
        matrix = np.ascontiguousarray(
            np.vstack([r.embedding for r in rows if r.embedding is not None]), dtype=np.float32
        )
    else:
        matrix = np.zeros((0, 0), dtype=np.float32)
    owners = np.array(owner, dtype=np.int64)
    texts = [
        tools[i].description if r.metadata.get("kind") == "doc" else r.document
        for r, i in zip(rows, owner, strict=True)
    ]
    starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]]) if rows else np.zeros(0, dtype=np.int64)
    return matrix, owners, texts, starts, [r.metadata.get("kind") for r in rows]


def ignored_rows(
    tools: Sequence[ToolSpec], rows: Sequence[Record], owner: Sequence[int], no_tool: Sequence[Record] = ()
) -> tuple[list[tuple[str, int, str]], list[Finding]]:
    """What ``search_rows`` would ignore of these records and leave out of ``no_tool``, said as its warnings say it.

    Per tool whose triggers or profile requests sit closer to other tools: its name, how many,
    and the first few (an excerpt of each and the tool it sits closer to: ``ignored_line``'s
    arguments); and each near miss that reads like a tool's request (``guard.NEAR_MISS``'s).
    ``rows`` grouped by tool, ``owner`` each row's tool position, as ``search_rows`` takes them.
    """
    rows, owner, _ = _mentions_apart(rows, owner)
    matrix, owners, texts, starts, kinds = _stacked_rows(tools, rows, owner)
    triggers = np.array([k == "trigger" for k in kinds], dtype=bool)
    voice = np.array([k in (PROFILE_KIND, DESTROY_KIND) for k in kinds], dtype=bool)
    foreign = ignore_foreign_triggers(matrix, owners, starts, triggers, voice, same_job_pairs(tools))
    ignored = _ignored(tools, rows, (matrix, owners, texts, starts, voice, foreign))
    near_misses, near_matrix = _stacked(no_tool, matrix)
    if not near_misses:
        return ignored, []
    names = [t.name for t in tools]
    texts = [r.document for r in near_misses]
    left_out = near_miss_findings(NearMissRows(near_matrix, texts, matrix, owners, starts, voice, names))
    return ignored, left_out[1]


def search_rows(
    tools: Sequence[ToolSpec],
    rows: Sequence[Record],
    owner: Sequence[int],
    no_tool: Sequence[Record] = (),
    phrases: Sequence[Record] = (),
    *,
    say: bool = True,
) -> SearchRows:
    """Stack the records' vectors (grouped by tool) and ignore foreign triggers, logging them.

    ``say``: log the ignored ones as a warning (the records were just embedded: index time);
    otherwise at debug level, so that opening a store already holding them says nothing again. Mention rows
    (``MENTION_KIND``) are kept apart (``SearchRows.mentions``).
    """
    rows, owner, mentioned = _mentions_apart(rows, owner)
    matrix, owners, texts, starts, kinds = _stacked_rows(tools, rows, owner)
    learned = np.array([k == EXAMPLE_KIND for k in kinds], dtype=bool)
    triggers = np.array([k == "trigger" for k in kinds], dtype=bool)
    voice = np.array([k in (PROFILE_KIND, DESTROY_KIND) for k in kinds], dtype=bool)
    destroy = np.array([k == DESTROY_KIND for k in kinds], dtype=bool)
    foreign = ignore_foreign_triggers(matrix, owners, starts, triggers, voice, same_job_pairs(tools))
    content = functools.cache(lambda: _content(rows, no_tool))  # hashed only when there is something to say
    for said in _ignored(tools, rows, (matrix, owners, texts, starts, voice, foreign)):
        loud = say and first_time(("ignored", IGNORED % said, content()))  # once a process for the same content
        logger.log(logging.WARNING if loud else logging.DEBUG, "toolfilter: " + IGNORED, *said)
    near_misses, no_tool_matrix = _stacked(no_tool, matrix)
    if near_misses:  # a near miss that reads like a tool's own requests is left out
        names = [t.name for t in tools]
        checked = NearMissRows(no_tool_matrix, [r.document for r in near_misses], matrix, owners, starts, voice, names)
        keep = near_misses_apart(checked, content=content)
        no_tool_matrix, near_misses = no_tool_matrix[keep], [r for r, k in zip(near_misses, keep, strict=True) if k]
    phrase_rows, phrase_matrix = _stacked(phrases, matrix)
    spoken = tuple((int(owners[i]), texts[i]) for i in np.flatnonzero(voice & ~destroy & ~foreign))
    one_pass = SearchRows(
        matrix,
        owners,
        texts,
        starts,
        learned,
        foreign,
        bool(np.array_equal(owners, np.arange(len(tools)))),
        voice,
        destroy,
        no_tool_matrix,
        tuple(r.document for r in near_misses),
        phrase_matrix,
        tuple(r.document for r in phrase_rows),
        spoken,
    )
    searched = _two_passes(one_pass, [r.metadata.get(_coverage.COVER_KEY) for r in rows], len(tools))
    mention_rows, mention_matrix = _stacked([r for r, _ in mentioned], matrix)
    mention_owner = np.array([p for r, p in mentioned if r.embedding is not None], dtype=np.int64)
    return dataclasses.replace(
        searched,
        profiled=_profiled(searched, len(tools)),
        mentions=mention_matrix,
        mention_owner=mention_owner,
        mention_texts=tuple(r.document for r in mention_rows),
    )


def _mentions_apart(
    rows: Sequence[Record], owner: Sequence[int]
) -> tuple[list[Record], list[int], list[tuple[Record, int]]]:
    """The rows and owners without the mention rows, and the mention rows with their owners."""
    kept, owners, mentioned = [], [], []
    for record, position in zip(rows, owner, strict=True):
        if record.metadata.get("kind") == MENTION_KIND:
            mentioned.append((record, position))
        else:
            kept.append(record)
            owners.append(position)
    return kept, owners, mentioned


def _content(rows: Sequence[Record], no_tool: Sequence[Record]) -> str:
    """A hash of the registry's records (their ids carry each tool version's content hash) and near misses.

    Learned examples are left out: what indexing finds of the tools and profiles does not change with them.
    """
    digest = hashlib.sha256()
    for r in (*rows, *no_tool):
        if r.metadata.get("kind") != EXAMPLE_KIND:
            text = r.document if r.metadata.get("kind") == "no_tool" else ""
            digest.update(f"{r.id}\x00{text}\x01".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _profiled(r: SearchRows, tools: int) -> NDArray[np.bool_]:
    """Per tool, it has profile requests in force: in the first pass (not ignored) or in ``rest``."""
    spoken = np.bincount(r.owner[r.voice & ~r.foreign], minlength=tools)[:tools] > 0
    if len(r.rest):
        spoken |= np.diff(r.rest_starts)[:tools] > 0
    return spoken


def _two_passes(r: SearchRows, stored: Sequence[int | None], tools: int) -> SearchRows:
    """``r`` with each tool's profile requests past its ``PROFILE_VECTORS`` moved to ``rest``.

    ``stored``: per row, its stored cover rank (None: computed here).
    """
    kept = _coverage.served_rows(r.owner, r.voice & ~r.destroy, ~r.foreign, stored, r.matrix)
    if kept.all():
        return r
    rest, rest_scale, rest_starts, rest_texts = _int8_rows(r.matrix, r.owner, r.texts, ~kept, tools)
    owner = r.owner[kept]
    return dataclasses.replace(
        r,
        matrix=np.ascontiguousarray(r.matrix[kept]),
        owner=owner,
        texts=[t for t, k in zip(r.texts, kept, strict=True) if k],
        starts=np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]]),
        learned=r.learned[kept],
        foreign=r.foreign[kept],
        one_per_tool=False,
        voice=r.voice[kept],
        destroy=r.destroy[kept],
        rest=rest,
        rest_scale=rest_scale,
        rest_starts=rest_starts,
        rest_texts=rest_texts,
    )


def one_pass(r: SearchRows) -> SearchRows:
    """``r`` with every row in one pass (the rows in ``rest`` back with their tools), for a batch of probes."""
    if not len(r.rest):
        return r
    rest_owner = np.repeat(np.arange(len(r.rest_starts) - 1), np.diff(r.rest_starts))
    owner = np.concatenate([r.owner, rest_owner])
    order = np.argsort(owner, kind="stable")  # each tool's first-pass rows (its doc first), then its others
    matrix = np.vstack([r.matrix, r.rest.astype(np.float32) * r.rest_scale[:, None]])[order]
    extra = np.zeros(len(r.rest), dtype=bool)
    voice = np.concatenate([r.voice, ~extra])[order]
    every = [*r.texts, *r.rest_texts]
    return dataclasses.replace(
        r,
        matrix=np.ascontiguousarray(matrix),
        owner=owner[order],
        texts=[every[int(i)] for i in order],
        starts=np.flatnonzero(np.r_[True, owner[order][1:] != owner[order][:-1]]),
        learned=np.concatenate([r.learned, extra])[order],
        foreign=np.concatenate([r.foreign, extra])[order],
        voice=voice,
        destroy=np.concatenate([r.destroy, extra])[order],
        rest=r.rest[:0],
        rest_scale=r.rest_scale[:0],
        rest_starts=np.zeros(1, dtype=np.int64),
        rest_texts=(),
    )


def _int8_rows(
    matrix: NDArray[np.float32], owners: NDArray[np.int64], texts: list[str], left: NDArray[np.bool_], tools: int
) -> tuple[NDArray[np.int8], NDArray[np.float32], NDArray[np.int64], tuple[str, ...]]:
    """The rows the first pass leaves out as int8 with a scale per row, each tool's first row, their texts."""
    rows = np.flatnonzero(left)
    starts = np.zeros(tools + 1, dtype=np.int64)
    if len(rows):
        np.cumsum(np.bincount(owners[rows], minlength=tools), out=starts[1:])
    picked = matrix[rows] if len(rows) else np.zeros((0, matrix.shape[1] if matrix.ndim == 2 else 0), np.float32)
    scale = (np.abs(picked).max(axis=1) / 127.0).astype(np.float32) if len(rows) else np.zeros(0, np.float32)
    safe = np.where(scale > 0, scale, 1.0)[:, None]
    rest = np.rint(picked / safe).astype(np.int8)
    return rest, scale, starts, tuple(texts[int(i)] for i in rows)


def _stacked(records: Sequence[Record], matrix: NDArray[np.float32]) -> tuple[list[Record], NDArray[np.float32]]:
    """The records that carry a vector, and their vectors as rows."""
    kept = [r for r in records if r.embedding is not None]
    vectors = [r.embedding for r in kept if r.embedding is not None]
    if vectors:
        return kept, np.ascontiguousarray(np.vstack(vectors), dtype=np.float32)
    return kept, np.zeros((0, matrix.shape[1] if matrix.ndim == 2 else 0), dtype=np.float32)


@dataclass(frozen=True, slots=True)
class ToolSims:
    """One request's cosines to a registry, per tool (index order), from one search."""

    best: NDArray[np.float32]
    second: NDArray[np.float32]
    authored: NDArray[np.float32]
    """Best over the author's and the profile's vectors, no learned examples (a tool with a
    single vector: its one cosine is best, second and authored)."""
    voice: NDArray[np.float32] | None
    """Best over the tool's profile requests, -inf for a tool without; None: no profiles here."""
    destroy: NDArray[np.float32] | None
    """Best over the tool's destroy-asking requests, -inf for a tool without; None: no profiles."""
    near_miss: NDArray[np.float32] | None
    """Cosine to each of the registry's near-miss requests; None when it has none."""
    plain: NDArray[np.float32] | None = None
    """Best over the tool's profile requests that do not ask to destroy, -inf for a tool
    without; None: no profiles here."""
    per_clause: NDArray[np.float32] | None = None
    """Per tool and clause, the tool's best cosine to it (when clauses were searched)."""
    mention: NDArray[np.float32] | None = None
    """Best over the tool's mentions (``ToolProfile.mentions``), -inf for a tool without; None: no mentions here."""


def search(
    r: SearchRows, query_vector: NDArray[np.float32], tools: int, clauses: NDArray[np.float32] | None = None
) -> ToolSims:
    """Per tool (in the rows' tool order): every cosine summary a selection uses, in one pass.

    ``clauses``: more query vectors (a request's clauses), each a tool's best cosine
    (``ToolSims.per_clause``).
    """
    if not len(r.owner):
        empty = np.zeros(tools, dtype=np.float32)
        none = None if clauses is None else np.full((tools, len(clauses)), -np.inf, dtype=np.float32)
        return ToolSims(empty, empty, empty, None, None, None, None, none)
    if clauses is not None and len(clauses):  # one read of the matrix for the request and its clauses
        each = _products(r.matrix, np.vstack([query_vector[None, :], clauses]))
        sims, per_clause, clause_products = each[0], _per_tool(r, each[1:]), each[1:]
    else:
        sims, per_clause, clause_products = r.matrix @ query_vector, None, None
    near_miss = r.no_tool @ query_vector if len(r.no_tool) else None
    if r.one_per_tool:
        sims = sims.astype(np.float32, copy=False)
        return ToolSims(sims, sims, sims, None, None, near_miss, None, per_clause, _mention(r, query_vector, tools))
    if len(sims) == tools:  # one row a tool (its description), its profile requests all in ``rest``
        best, second = sims.astype(np.float32), np.full(tools, -np.inf, dtype=np.float32)
    else:
        best, second = top_two(sims, r.starts, r.owner)
    authored = best.copy()
    if r.learned.any():  # every tool has its doc vector, so no group is all -inf
        authored = np.maximum.reduceat(np.where(r.learned, -np.inf, sims), r.starts)
    voice = destroy = plain = None
    if r.voiced:
        voiced = r.voice & ~r.foreign
        if voiced.any():
            voice = np.maximum.reduceat(np.where(voiced, sims, -np.inf), r.starts).astype(np.float32)
        else:
            voice = np.full(len(best), -np.inf, dtype=np.float32)
        if r.destroy.any():
            destroy = np.maximum.reduceat(np.where(voiced & r.destroy, sims, -np.inf), r.starts).astype(np.float32)
            plain = np.maximum.reduceat(np.where(voiced & ~r.destroy, sims, -np.inf), r.starts).astype(np.float32)
        else:  # no destroy-asking request: every profile request is a plain one
            destroy, plain = np.full(len(best), -np.inf, dtype=np.float32), voice.copy()
    if len(r.rest) and voice is not None and plain is not None:  # the shortlists' other profile requests
        asks = (clauses, per_clause) if clauses is not None and per_clause is not None else None
        _second_pass(r, query_vector, asks, (best, second), (authored, voice, plain))
    second = np.where(np.isfinite(second), second, best)
    if r.partly:  # the unprofiled tools on the profiled tools' scale
        best, second, authored, per_clause = _evened_sims(
            r, sims, clause_products, (best, second, authored), per_clause
        )
    return ToolSims(
        best.astype(np.float32),
        second.astype(np.float32),
        authored.astype(np.float32),
        voice,
        destroy,
        near_miss,
        plain,
        per_clause,
        _mention(r, query_vector, tools),
    )


def _mention(r: SearchRows, query_vector: NDArray[np.float32], tools: int) -> NDArray[np.float32] | None:
    """Per tool, its best cosine to its mentions (-inf without); None when no tool has any."""
    if not len(r.mention_owner):
        return None
    out = np.full(tools, -np.inf, dtype=np.float32)
    np.maximum.at(out, r.mention_owner, (r.mentions @ query_vector).astype(np.float32))
    return out


def per_vector(r: SearchRows, vectors: NDArray[np.float32]) -> NDArray[np.float32]:
    """Per tool and vector, the tool's best cosine to it: shape (tools, vectors)."""
    products = _products(r.matrix, vectors)
    per_tool = _per_tool(r, products)
    if len(r.rest):
        nears = [_shortlist(r, per_tool[:, column]) for column in range(len(vectors))]
        _fold(per_tool, nears, converted(r.rest, r.rest_scale, r.rest_starts, vectors, nears))
    if r.partly:
        per_tool = _evened_columns(r, products, per_tool)
    return per_tool


def _own_rows(r: SearchRows) -> NDArray[np.bool_]:
    """Per row, the tool's own words: its description or a trigger in force (no profile request, no learned example)."""
    own: NDArray[np.bool_] = ~r.voice & ~r.learned & ~r.foreign
    return own


def _evened_columns(r: SearchRows, products: NDArray[np.float32], per_tool: NDArray[np.float32]) -> NDArray[np.float32]:
    """``per_tool`` (tools, vectors) with each vector's column evened (``_evened``); ``products``: (vectors, rows)."""
    own = own_words(products, _own_rows(r)[None, :], r.starts)
    columns = [evened(own[c], per_tool[:, c], r.profiled) for c in range(per_tool.shape[1])]
    return np.ascontiguousarray(np.stack(columns, axis=1), dtype=np.float32) if columns else per_tool


def _evened_sims(
    r: SearchRows,
    sims: NDArray[np.float32],
    clause_products: NDArray[np.float32] | None,
    maxima: tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]],
    per_clause: NDArray[np.float32] | None,
) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32], NDArray[np.float32] | None]:
    """Best, second-best, authored and per-clause cosines with the unprofiled tools' evened (``_evened``)."""
    own = own_words(sims, _own_rows(r), r.starts)
    best, second, authored = (evened(own, v.astype(np.float32), r.profiled) for v in maxima)
    if per_clause is not None and clause_products is not None:
        per_clause = _evened_columns(r, clause_products, per_clause)
    return best, second, authored, per_clause


def _products(matrix: NDArray[np.float32], vectors: NDArray[np.float32]) -> NDArray[np.float32]:
    """Per vector and row, ``matrix @ vector``: shape (vectors, rows).

    A block of rows at a time (``_rest.CHUNK_BYTES``), every vector's product while the block is
    in the cache, so a large matrix is read from memory once, not once a vector. One
    matrix-vector product per vector and block: with OpenBLAS a thin matrix product over a
    large matrix (a profiled registry's) measured two to three times slower.
    """
    out = np.empty((len(vectors), len(matrix)), dtype=np.float32)
    step = max(_rest.CHUNK_BYTES // (4 * max(matrix.shape[1], 1)), 1)
    for a in range(0, len(matrix), step):
        block = matrix[a : a + step]
        for column, vector in enumerate(vectors):
            np.matmul(block, vector, out=out[column, a : a + step])
    return out


def _per_tool(r: SearchRows, each: NDArray[np.float32]) -> NDArray[np.float32]:
    """Per tool and vector, its best of ``each`` (per vector and row): shape (tools, vectors)."""
    per_tool = each.T if r.one_per_tool else np.maximum.reduceat(each, r.starts, axis=1).T
    return np.ascontiguousarray(per_tool, dtype=np.float32)


def _fold(per_tool: NDArray[np.float32], nears: Sequence[NDArray[np.int64]], done: Converted) -> None:
    """Lift each column's ``nears`` tools to their best cosine in ``rest`` (``done``: its columns first), in place."""
    for column, near in enumerate(nears):
        found = done.top_two(column, near)
        assert found is not None  # each column's own tools are covered for it
        per_tool[near, column] = np.maximum(per_tool[near, column], found[0])


def _second_pass(
    r: SearchRows,
    query_vector: NDArray[np.float32],
    asks: tuple[NDArray[np.float32], NDArray[np.float32]] | None,
    top_two: tuple[NDArray[np.float32], NDArray[np.float32]],
    maxima: tuple[NDArray[np.float32], ...],
) -> None:
    """Complete the shortlists with their rows in ``rest``, converted once for the request and its clauses.

    ``asks``: the clauses' vectors and their first-pass cosines per tool (lifted here, in
    place), or None. The request's shortlist is ranked by its best cosine or a clause's,
    after the clauses' are lifted; its cosines are taken over every tool converted (a lift
    can move a clause's tool into it), and any tool still missing is converted alone.
    """
    best, second = top_two
    per_clause = None if asks is None else asks[1]
    vectors = query_vector[None, :] if asks is None else np.vstack([asks[0], query_vector])
    nears = [] if per_clause is None else [_shortlist(r, per_clause[:, c]) for c in range(per_clause.shape[1])]
    ranked = best if per_clause is None else np.maximum(best, per_clause.max(axis=1))
    every = union([*nears, _shortlist(r, ranked)], len(r.rest_starts) - 1)
    done = converted(r.rest, r.rest_scale, r.rest_starts, vectors, [*nears, every])
    if per_clause is not None:
        _fold(per_clause, nears, done)
        ranked = np.maximum(best, per_clause.max(axis=1))
    near = _shortlist(r, ranked)
    found = done.top_two(len(vectors) - 1, near)  # None only if a tie put a tool not converted in
    if found is None:
        found = rest_top_two(r.rest, r.rest_scale, r.rest_starts, query_vector, near)
    top, runner_up = found
    b, s = best[near], second[near]
    best[near], second[near] = np.maximum(b, top), np.maximum(np.minimum(b, top), np.maximum(s, runner_up))
    for values in maxima:
        values[near] = np.maximum(values[near], top)


def _shortlist(r: SearchRows, values: NDArray[np.float32]) -> NDArray[np.int64]:
    """The tools among the ``_coverage.SHORTLIST`` best by ``values`` that have rows in ``rest``."""
    n = _coverage.SHORTLIST
    top = np.argpartition(-values, n - 1)[:n] if n < len(values) else np.arange(len(values))
    top = np.sort(top)
    return top[r.rest_starts[top + 1] > r.rest_starts[top]]
