"""The doctor's probes and the rankings the selection pipeline gives them.

Each tool's own name, description and profile requests, ranked over the tools' own words
(a ``ToolFilter`` without profiles): all in batches from the index's vectors
(``batch.py``), the doubtful ones again by the full pipeline.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._embed_cache import CachingEmbedder
from .._example_ids import id_runs, masked_ids
from .._exceptions import ToolSpecWarning
from .._filter import ToolFilter
from .._types import ToolSpec
from .batch import batch_rank, tool_rows
from .values import Probe, Ranked

__all__ = ["name_words", "probes_of", "rank_probes"]

DESCRIPTION_CHARS = 300
"""How much of a description is sent as its probe (its start says what the tool does)."""

FULL_PIPELINE = 300
"""Probes ranked again by the full pipeline (``select``), the doubtful ones: about 4 s at 2,500
tools. On the dev registries (30 to 50 tools) every doubtful probe fits."""

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def name_words(name: str) -> str:
    """A tool name as words: ``searchMail`` and ``search_mail`` read ``search mail``."""
    return " ".join(w for w in re.split(r"[^A-Za-z0-9]+", _CAMEL.sub(" ", name)) if w).lower()


def probes_of(tools: Sequence[ToolSpec], *, max_requests: int) -> list[Probe]:
    """Each tool's name and description, and up to ``max_requests`` of its profile requests."""
    out: list[Probe] = []
    for tool in tools:
        out.append(Probe(tool.name, "name", name_words(tool.name) or tool.name))
        if tool.description.strip():
            out.append(Probe(tool.name, "description", tool.description.strip()[:DESCRIPTION_CHARS]))
        if tool.profile is not None:
            out.extend(Probe(tool.name, "request", text) for text in tool.profile.requests[:max_requests])
    return out


def bare(tools: Sequence[ToolSpec]) -> list[ToolSpec]:
    """The tools without their profiles: what the descriptions alone can do."""
    return [ToolSpec(t.name, t.description, t.parameters, t.category, t.tags, t.triggers, t.annotations) for t in tools]


@dataclass(frozen=True, slots=True)
class Probed:
    """Every probe's ranking, and the vectors they were ranked with (registry order)."""

    ranked: list[Ranked]
    documents: NDArray[np.float32]
    """Each tool's description vector, as the index holds it."""
    requests: NDArray[np.float32]
    """The vectors of the probes of source ``request``, in probe order."""
    worded: NDArray[np.float32]
    """The same without the ids more than one tool's requests hold (``worded_requests``): for their mixing."""


def rank_probes(
    tools: Sequence[ToolSpec], probes: Sequence[Probe], embedder: CachingEmbedder, config: ToolFilterConfig, top_k: int
) -> Probed:
    """Rank every probe over the tools' own words: in batches, and the doubtful ones by the full pipeline.

    The tools are indexed once (a ``ToolFilter`` without profiles); a description probe is
    its tool's description vector from that index, names and requests are embedded once in
    a batch (requests as queries, as indexing embeds profile requests: the cache serves
    both). ``batch.batch_rank`` ranks them all; a probe whose own tool it does not rank
    first is ranked again by ``select`` (those of tools never in the top ``top_k`` first,
    then the closest calls), at most ``FULL_PIPELINE`` of them.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)  # the doctor reports names itself
        selector = ToolFilter(bare(tools), embedder=embedder, config=config)
    snapshot = selector.snapshot
    _, _, documents = tool_rows(snapshot)
    vectors = _probe_vectors(snapshot.position, documents, probes, embedder)
    ranked = batch_rank(snapshot, config, probes, vectors)
    for i in doubtful(ranked, top_k)[:FULL_PIPELINE]:
        selection = selector.select(probes[i].text, top_k=top_k)
        rest = sorted(selection.rejected, key=lambda s: (-s.score, s.name))
        ordered = [*selection.selected, *rest]
        ranked[i] = Ranked(probes[i], tuple(s.name for s in ordered), tuple(float(s.score) for s in ordered))
    requests = vectors[[i for i, p in enumerate(probes) if p.source == "request"]]
    return Probed(ranked, documents, requests, worded_requests(probes, requests, embedder))


def worded_requests(
    probes: Sequence[Probe], requests: NDArray[np.float32], embedder: CachingEmbedder
) -> NDArray[np.float32]:
    """The request probes' vectors (``requests``, in probe order) without the ids more than one tool's requests hold.

    A profile writer answering two tools' prompts reuses its invented ids ("show C-220's profile", "text C-220 a
    reminder"): shared ids are no shared errand, so whether two tools' requests can be told apart (their mixing) is
    read without them (``shared_ids``). A request with no such id keeps its vector.
    """
    at = [i for i, p in enumerate(probes) if p.source == "request"]
    out = requests.copy()
    shared = shared_ids([probes[i] for i in at])
    if not shared:
        return out
    masked = {n: " ".join(masked_ids(probes[i].text, shared).split()) for n, i in enumerate(at)}
    changed = [n for n, text in masked.items() if text != " ".join(probes[at[n]].text.split())]
    if changed:
        out[changed] = embedder.embed_queries([masked[n] or probes[at[n]].text for n in changed])
    return out


def shared_ids(requests: Sequence[Probe]) -> set[str]:
    """The id-like runs (``id_runs``: ``C-220``, ``2026-03-14``) found in the requests of more than one tool."""
    owners: dict[str, set[str]] = {}
    for probe in requests:
        for run in id_runs(probe.text):
            owners.setdefault(run, set()).add(probe.tool)
    return {run for run, tools in owners.items() if len(tools) > 1}


def _probe_vectors(
    position: Mapping[str, int], documents: NDArray[np.float32], probes: Sequence[Probe], embedder: CachingEmbedder
) -> NDArray[np.float32]:
    """A vector per probe: a description's from the index, the others embedded once (as queries)."""
    dim = documents.shape[1] if documents.ndim == 2 and documents.size else 0
    out = np.zeros((len(probes), dim), dtype=np.float32)
    embedded = [i for i, p in enumerate(probes) if p.source != "description"]
    if embedded:
        rows = embedder.embed_queries([probes[i].text for i in embedded])
        if not dim:
            out = np.zeros((len(probes), rows.shape[1]), dtype=np.float32)
        out[embedded] = rows
    for i, probe in enumerate(probes):
        if probe.source == "description":
            out[i] = documents[position[probe.tool]]
    return out


def doubtful(ranked: Sequence[Ranked], top_k: int) -> list[int]:
    """The probes whose own tool the batch does not rank first, in the order worth a full ranking.

    First the probes of tools never in the top ``top_k`` (an unreachable finding rests on
    them), then the closest calls (the owner's score nearest the winner's).
    """
    best: dict[str, int] = {}
    for row in ranked:
        position = row.position(row.probe.tool)
        best[row.probe.tool] = min(best.get(row.probe.tool, 10**6), 10**6 if position is None else position)
    keyed = []
    for i, row in enumerate(ranked):
        position = row.position(row.probe.tool)
        if position == 0 or not row.names:
            continue
        own = row.scores[position] if position is not None else 0.0
        keyed.append((best[row.probe.tool] < top_k, row.scores[0] - own, i))
    return [i for *_, i in sorted(keyed)]
