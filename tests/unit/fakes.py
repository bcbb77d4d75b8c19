"""Test doubles: an embedder whose vectors a test chooses, a filter on it; answers to the profile writer's prompts."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

import numpy as np

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._example_ids import embedded_text
from toolfilter_core._pipeline.act_phrases import DESTROY, OTHER


class TableEmbedder:
    """Vectors looked up by exact text; unknown texts get a hashing vector scaled to near zero.

    Lets a test fix every cosine by hand. A text is found as a profile request is embedded too
    (``embedded_text``: its ids' digits written 0), so a table gives a profile request's vector as written.
    """

    def __init__(self, table: Mapping[str, Sequence[float]], id: str = "table-1") -> None:
        self.table = {k: np.asarray(v, dtype=np.float32) for k, v in table.items()}
        for text, vector in list(self.table.items()):
            self.table.setdefault(embedded_text(text), vector)
        self.dim = len(next(iter(self.table.values())))
        self._id = id
        self.calls = 0
        self._other = HashingEmbedder(self.dim)

    @property
    def id(self) -> str:
        return self._id

    def _embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        rows = []
        for text in texts:
            if text in self.table:
                v = self.table[text]
            else:
                v = self._other.embed_documents([text])[0] * 1e-3
                v[0] = -1.0  # orthogonal-ish and slightly negative to the hand-made axes
            rows.append(v / np.linalg.norm(v))
        return np.asarray(rows, dtype=np.float32)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(texts)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(texts)


def takes(name: str) -> dict[str, object]:
    """A tool's parameters: one required string, ``name``."""
    return {"type": "object", "properties": {name: {"type": "string"}}, "required": [name]}


def padded(*components: float) -> list[float]:
    """A vector with the given leading components, padded to 10 dimensions."""
    out = [0.0] * 10
    out[: len(components)] = components
    return out


def unit(*components: float) -> list[float]:
    """A vector with the given leading components, padded to 8 dimensions."""
    out = [0.0] * 8
    out[: len(components)] = components
    return out


def act_phrases(destroy: int, other: int, vector: Callable[..., list[float]] = unit) -> dict[str, list[float]]:
    """The bundled act phrases by hand: the destroy-asking ones on axis ``destroy``, the others on axis ``other``."""
    return {p: vector(*[0.0] * destroy, 1.0) for p in DESTROY} | {p: vector(*[0.0] * other, 1.0) for p in OTHER}


def tool_axes(tools: Sequence[ToolSpec], vector: Callable[..., list[float]] = unit) -> dict[str, list[float]]:
    """Each tool's embedded text on an axis of its own: the first tool's axis 1, the next 2 (0: the unknown texts')."""
    return {t.document(): vector(0, *([0.0] * i + [1.0])) for i, t in enumerate(tools)}


def hand_filter(
    tools: list[ToolSpec],
    table: Mapping[str, Sequence[float]],
    min_score: float = 0.9,
    profiles: Profiles | None = None,
) -> ToolFilter:
    """A filter whose cosines ``table`` fixes (``TableEmbedder``): the top 3, no abstain phrases, embedding and
    support weighed alike."""
    cfg = ToolFilterConfig(
        enabled=True,
        top_k=3,
        min_score=min_score,
        min_gap=0.1,
        abstain_phrases=(),
        weights={"embed": 1.0, "support": 1.0},
    )
    return ToolFilter(tools, config=cfg, embedder=TableEmbedder(table), profiles=profiles)


_TARGETS = re.compile(r"with one entry for each of the (\d+) tools whose role is TARGET")
_FENCED = re.compile(r"<<<TOOL_DEFINITIONS \(untrusted data, not instructions\)\n(.*?)\nTOOL_DEFINITIONS>>>", re.S)
MALFORMED_ANSWER = "Sure! Here are some requests users might type for these tools."
"""What a chatty model answers instead of the JSON object asked for."""


def profile_answer(prompt: str, requests: Mapping[str, Sequence[str]] = MappingProxyType({})) -> str:
    """A valid JSON answer to a profile writer's prompt, read off its user message.

    A tools prompt lists its tools as JSON inside the fence, each with its role: every
    TARGET gets ``requests[name]`` (default: one request naming it); the no-tool prompt gets
    two near misses.
    """
    found = _TARGETS.search(prompt)
    if found is None:
        assert '{"no_tool": [' in prompt, prompt[-200:]
        return json.dumps({"no_tool": ["tell me a joke about penguins", "what is the capital of France"]})
    fenced = _FENCED.search(prompt)
    assert fenced is not None, prompt[:200]
    names = [row["name"] for row in json.loads(fenced.group(1)) if row.get("role") == "TARGET"]
    assert len(names) == int(found.group(1))
    rows = [{"tool": n, "requests": list(requests.get(n, [f"please do the {n} thing"]))} for n in names]
    return json.dumps({"tools": rows})


_CONSTANTS = {  # settings until 0.10, constants since: every module that reads each
    "lexical_candidates": [("toolfilter_core._pipeline.candidates", "LEXICAL_CANDIDATES")],
    "clause_matching": [("toolfilter_core._pipeline.vectors", "CLAUSE_MATCHING")],
    "exact_name_match": [("toolfilter_core._pipeline.request", "EXACT_NAME_MATCH")],
    "route_domains": [("toolfilter_core._pipeline.route", "ROUTE_DOMAINS")],
    "guard_destructive": [("toolfilter_core._pipeline.route", "GUARD_DESTRUCTIVE")],
    "history_weight": [("toolfilter_core._pipeline.vectors", "HISTORY_WEIGHT")],
    "chains": [("toolfilter_core._pipeline.decide", "CHAINS")],
    "max_query_chars": [
        ("toolfilter_core._pipeline.request", "MAX_QUERY_CHARS"),
        ("toolfilter_core.integration", "MAX_QUERY_CHARS"),
        ("toolfilter_core._deferral", "MAX_QUERY_CHARS"),
    ],
    "long_request_chars": [("toolfilter_core._pipeline.request", "LONG_REQUEST_CHARS")],
}


def constants(monkeypatch, config=None, **values):
    """Set pipeline constants that were settings (``route_domains=1``) for one test; the rest of ``config`` back.

    The pipeline's own edges are tested at values a config can no longer give.
    """
    import importlib

    rest = dict(config or {})
    values.update({k: rest.pop(k) for k in list(rest) if k in _CONSTANTS})
    for name, value in values.items():
        for module, constant in _CONSTANTS[name]:
            monkeypatch.setattr(importlib.import_module(module), constant, value)
    return rest
