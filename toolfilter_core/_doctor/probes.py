"""The doctor's probes and the rankings the real selection pipeline gives them.

Each tool's own name, description and profile requests, sent through the real selection
pipeline (a ``ToolFilter`` over the tools' own words, no profiles), and
the ranking each one gets back.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

from .._config import ToolFilterConfig
from .._embed_cache import CachingEmbedder
from .._exceptions import ToolSpecWarning
from .._filter import ToolFilter
from .._types import ToolSpec

__all__ = ["Probe", "Ranked", "name_words", "probes_of", "rank_probes"]

DESCRIPTION_CHARS = 300
"""How much of a description is sent as its probe (its start says what the tool does)."""

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def name_words(name: str) -> str:
    """A tool name as words: ``searchMail`` and ``search_mail`` read ``search mail``."""
    return " ".join(w for w in re.split(r"[^A-Za-z0-9]+", _CAMEL.sub(" ", name)) if w).lower()


@dataclass(frozen=True, slots=True)
class Probe:
    """One text sent to the selector on behalf of a tool: ``source`` is name, description or request."""

    tool: str
    source: str
    text: str


@dataclass(frozen=True, slots=True)
class Ranked:
    """A probe and the tools the pipeline ranked for it, best first, with their scores."""

    probe: Probe
    names: tuple[str, ...]
    scores: tuple[float, ...]

    def position(self, name: str) -> int | None:
        """Where ``name`` ranks (0: first), or None when it is not among the candidates."""
        try:
            return self.names.index(name)
        except ValueError:
            return None

    def best_other(self) -> tuple[str, float, float] | None:
        """The best-ranked tool other than the probe's own: (name, its score, the owner's score or 0)."""
        own = self.position(self.probe.tool)
        own_score = self.scores[own] if own is not None else 0.0
        for name, score in zip(self.names, self.scores, strict=True):
            if name != self.probe.tool:
                return name, score, own_score
        return None


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


def rank_probes(
    tools: Sequence[ToolSpec], probes: Sequence[Probe], embedder: CachingEmbedder, config: ToolFilterConfig, top_k: int
) -> list[Ranked]:
    """Select for every probe over the tools' own words; each probe's ranking.

    The ranking is the pipeline's: the selected tools in order, then the other scored
    candidates by score. The probes are embedded in one batch first (the cache serves them).
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)  # the doctor reports names itself
        selector = ToolFilter(bare(tools), embedder=embedder, config=config)
    embedder.embed_queries([p.text for p in probes])
    out = []
    for probe in probes:
        selection = selector.select(probe.text, top_k=top_k)
        rest = sorted(selection.rejected, key=lambda s: (-s.score, s.name))
        ordered = [*selection.selected, *rest]
        out.append(Ranked(probe, tuple(s.name for s in ordered), tuple(float(s.score) for s in ordered)))
    return out
