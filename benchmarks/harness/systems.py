"""The selectors ``toolfilter bench`` compares, each behind the interface of ``base.BenchSystem``.

BM25, plain embedding top 5, LlamaIndex's ObjectIndex retriever (``llamaindex_system``), the
seed design's filter and toolfilter itself: see ``SYSTEM_DESCRIPTIONS``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from typing import Any
from unittest import mock

import numpy as np

from toolfilter_core import (
    Embedder,
    Reason,
    ScoredTool,
    Selection,
    ToolFilter,
    ToolFilterConfig,
    ToolSpec,
    load_config,
    openai_tools_chars,
    recommended_config,
)
from toolfilter_core._pipeline import candidates, request, vectors
from toolfilter_core._tokenize import tokenize
from toolfilter_core._types import ScoreBreakdown

from .base import BenchSystem, K
from .data import BenchUsageError
from .llamaindex_system import LlamaIndexSystem

__all__ = [
    "ALL_SYSTEMS",
    "DEFAULT_SYSTEMS",
    "EMBEDDING_CONFIG",
    "SEED_CONFIG",
    "SEED_OFF",
    "SYSTEM_DESCRIPTIONS",
    "BM25System",
    "FilterSystem",
    "make_systems",
]

ALL_SYSTEMS = ("bm25", "embedding", "llamaindex", "seed", "toolfilter", "toolfilter-fit")
DEFAULT_SYSTEMS = ("bm25", "embedding", "llamaindex", "seed", "toolfilter")
SYSTEM_DESCRIPTIONS = {
    "bm25": (
        "BM25 (bm25s, k1=1.5, b=0.75, Lucene idf) over name + description, tokens of "
        "the core's tokenizer (toolfilter_core/_tokenize.py: CJK unigrams + bigrams); "
        "the top 5 tools with a score above 0"
    ),
    "embedding": (
        "plain embedding top 5 over name + description + parameter names "
        "(ToolFilter with enabled=false, tools without triggers)"
    ),
    "llamaindex": (
        "LlamaIndex ObjectIndex.from_objects(tools, index_cls=VectorStoreIndex, embed_model=<the run's embedder>)"
        ".as_retriever(similarity_top_k=5); FunctionTool(name, description, fn_schema=None) per tool"
    ),
    "seed": (
        "seed 000 advanced filter: embedding top-25 pool, min_lexical_overlap=1, min_combined_score=0.35, "
        "weights embed .7 lexical .2 tag .05 name .05, top 5; tools without triggers; no BM25, routing or abstain"
    ),
    "toolfilter": "ToolFilter with recommended_config(), tools as given (triggers where the dataset has them)",
    "toolfilter-fit": "ToolFilter with the --fit-config file, tools as given",
}

SEED_CONFIG: dict[str, Any] = {
    # The "advanced filtering" test configuration of seed 000_545f08ae808db2d7.txt, nothing else:
    # no triggers, no routing, no BM25 (signal or candidates), no clauses, no abstain phrases,
    # top_k 5. Over the seed's defaults, not the recommended preset.
    "base": "plain",
    "enabled": True,
    "top_k": K,
    "min_lexical_overlap": 1,
    "min_combined_score": 0.35,
    "weights": {"embed": 0.7, "lexical": 0.2, "tag": 0.05, "name": 0.05},
}
EMBEDDING_CONFIG: dict[str, Any] = {"base": "plain", "enabled": False, "top_k": K}
SEED_OFF = ("lexical_candidates", "clause_matching", "exact_name_match")
"""What the seed had not, turned off around its system: BM25 candidates, clauses, exact names."""
EMBEDDING_OFF = ("exact_name_match",)
"""Plain embedding top 5 with no exact-name shortcut."""
_DECIDE = importlib.import_module("toolfilter_core._pipeline.decide")  # the package's `decide` is the function
_SWITCHES: dict[str, tuple[tuple[Any, str], ...]] = {  # constants since 0.10 (settings before): where each is read
    "lexical_candidates": ((candidates, "LEXICAL_CANDIDATES"),),
    "clause_matching": ((vectors, "CLAUSE_MATCHING"),),
    "exact_name_match": ((request, "EXACT_NAME_MATCH"),),
    "chains": ((_DECIDE, "CHAINS"),),  # the filter reads decide.CHAINS where it is set
}


@contextmanager
def switched_off(names: Sequence[str]) -> Iterator[None]:
    """The pipeline with these behaviours (``_SWITCHES``' keys) off while the block runs."""
    with ExitStack() as stack:
        for name in names:
            for module, constant in _SWITCHES[name]:
                stack.enter_context(mock.patch.object(module, constant, False))
        yield


class BM25System(BenchSystem):
    """Okapi BM25 (bm25s, k1 1.5, b 0.75, Lucene idf) over name + description; top 5 with a score above 0."""

    name = "bm25"
    uses_embedder = False

    def build(self, tools: Sequence[ToolSpec]) -> None:
        """Tokenize and index."""
        import bm25s

        self._tools = list(tools)
        self._total = openai_tools_chars(self._tools)
        self._index = bm25s.BM25(k1=1.5, b=0.75, method="lucene")
        self._index.index([tokenize(f"{t.name} {t.description}") for t in self._tools], show_progress=False)

    def select(self, query: str) -> Selection:
        """The five best-scoring tools (fewer when fewer share a token with the query)."""
        tokens = tokenize(query)
        scores = self._index.get_scores(tokens) if tokens else np.zeros(len(self._tools))
        top = np.argsort(-scores, kind="stable")[: K * 4]
        scored = [
            ScoredTool(self._tools[i], ScoreBreakdown({"bm25": float(scores[i])}, {"bm25": 1.0}, float(scores[i])))
            for i in top
            if scores[i] > 0
        ]
        selected = tuple(scored[:K])
        rejected = tuple(ScoredTool(s.tool, s.breakdown, Reason.BELOW_TOP_K) for s in scored[K:])
        return Selection(
            query=query,
            selected=selected,
            rejected=rejected,
            selected_chars=openai_tools_chars([s.tool for s in selected]),
            total_chars=self._total,
        )


class FilterSystem(BenchSystem):
    """A ``ToolFilter`` with a given config, on the run's shared embedder."""

    def __init__(
        self,
        name: str,
        config: ToolFilterConfig,
        embedder: Embedder,
        *,
        strip_triggers: bool,
        pads_ranking: bool,
        off: Sequence[str] = (),
    ) -> None:
        """Describe the system; nothing is built yet. ``off``: behaviours turned off (``switched_off``)."""
        self.name = name
        self.config = config
        self.embedder = embedder
        self.strip_triggers = strip_triggers
        self.pads_ranking = pads_ranking
        self.off = tuple(off)

    def build(self, tools: Sequence[ToolSpec]) -> None:
        """A new ToolFilter on a fresh in-memory store."""
        specs = [replace(t, triggers=()) for t in tools] if self.strip_triggers else list(tools)
        with switched_off(self.off):
            self.filter = ToolFilter(specs, config=self.config, embedder=self.embedder)

    def select(self, query: str) -> Selection:
        """``ToolFilter.select``."""
        with switched_off(self.off):
            return self.filter.select(query)


def make_systems(
    names: Sequence[str],
    embedder: Embedder | None,
    fit_config: ToolFilterConfig | None,
    profile: ToolFilterConfig | None = None,
) -> list[Callable[[], BenchSystem]]:
    """Factories of the named systems (each dataset builds fresh ones; see ``SYSTEM_DESCRIPTIONS``).

    Raises:
        BenchUsageError: ``toolfilter-fit`` without a fit config, or an unknown name.
    """
    factories: list[Callable[[], BenchSystem]] = []
    for name in names:
        if name == "bm25":
            factories.append(BM25System)
            continue
        if embedder is None:
            msg = f"--systems: {name!r} needs an embedder"
            raise BenchUsageError(msg)
        if name == "embedding":
            config = load_config(EMBEDDING_CONFIG)
            factories.append(_filter_factory(name, config, embedder, strip=True, pads=False, off=EMBEDDING_OFF))
        elif name == "seed":
            config = load_config(SEED_CONFIG)
            factories.append(_filter_factory(name, config, embedder, strip=True, pads=True, off=SEED_OFF))
        elif name == "toolfilter":
            config = profile if profile is not None else recommended_config()
            factories.append(_filter_factory(name, config, embedder, strip=False, pads=True))
        elif name == "toolfilter-fit":
            if fit_config is None:
                msg = "--systems: 'toolfilter-fit' needs --fit-config FILE (a config written by toolfilter fit)"
                raise BenchUsageError(msg)
            factories.append(_filter_factory(name, fit_config, embedder, strip=False, pads=True))
        elif name == "llamaindex":
            factories.append(_llamaindex_factory(embedder))
        else:
            msg = f"--systems: unknown system {name!r}; choose from {', '.join(ALL_SYSTEMS)}"
            raise BenchUsageError(msg)
    return factories


def _llamaindex_factory(embedder: Embedder) -> Callable[[], BenchSystem]:
    def factory() -> BenchSystem:
        return LlamaIndexSystem(embedder, top_k=K)

    return factory


def _filter_factory(
    name: str,
    config: ToolFilterConfig,
    embedder: Embedder,
    *,
    strip: bool,
    pads: bool,
    off: Sequence[str] = (),
) -> Callable[[], BenchSystem]:
    def factory() -> BenchSystem:
        return FilterSystem(name, config, embedder, strip_triggers=strip, pads_ranking=pads, off=off)

    return factory
