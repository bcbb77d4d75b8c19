"""What the rewrites do, and ``propose_rewrites``: the round trip with a live model.

Recall on the registry's own profile requests before and after; any ``ProfileWriter`` answers.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .._config import ToolFilterConfig
from .._embed_cache import CachingEmbedder
from .._evaluate import EvalResult, LabelledQuery, evaluate
from .._exceptions import ToolSpecWarning
from .._filter import ToolFilter
from .._tool_profiles.writer import ProfileWriter, as_writer
from .._types import ToolSpec
from .probes import bare
from .rewrites import Rewrite, RewriteImport, RewritePrompt, import_rewrites

__all__ = ["propose_rewrites", "rewrite_effect", "summary"]


def profile_queries(tools: Sequence[ToolSpec]) -> list[LabelledQuery]:
    """Each profile request as a labelled query whose gold is its tool."""
    return [
        LabelledQuery(f"{t.name}#{i}", text, (t.name,))
        for t in tools
        if t.profile is not None
        for i, text in enumerate(t.profile.requests)
    ]


def _recall(
    tools: Sequence[ToolSpec], queries: Sequence[LabelledQuery], embedder: CachingEmbedder, config: ToolFilterConfig
) -> EvalResult:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        selector = ToolFilter(bare(tools), embedder=embedder, config=config)
    embedder.embed_queries([q.query for q in queries])
    return evaluate(selector.select, queries)


def rewrite_effect(
    tools: Sequence[ToolSpec],
    rewritten: Sequence[ToolSpec],
    *,
    embedder: CachingEmbedder,
    config: ToolFilterConfig,
) -> dict[str, Any]:
    """Recall without profiles on the tools' profile requests, with the descriptions before and after.

    ``tools`` carry their profiles (the requests); both registries are selected over without
    them, so the figure is what the descriptions alone do.
    """
    queries = profile_queries(tools)
    if not queries:
        return {"requests": 0}
    before = _recall(tools, queries, embedder, config)
    after = _recall(rewritten, queries, embedder, config)
    return {
        "requests": len(queries),
        "rewritten": sum(1 for a, b in zip(tools, rewritten, strict=True) if a.description != b.description),
        "recall_before": before.recall,
        "recall_after": after.recall,
        "mean_selected_before": before.mean_selected,
        "mean_selected_after": after.mean_selected,
    }


def propose_rewrites(
    prompts: Sequence[RewritePrompt], writer: ProfileWriter | Callable[..., Any]
) -> tuple[dict[str, Rewrite], RewriteImport]:
    """Ask ``writer`` (a ``ProfileWriter`` or a callable ``fn(messages) -> str``) every prompt, in turn.

    A call that raises is a problem of its prompt, not a failure of the whole run.
    """
    model = as_writer(writer)
    answers: dict[str, Any] = {}
    failed: list[str] = []
    for prompt in prompts:
        try:
            answer = model.complete(prompt.messages)
        except Exception as error:  # one failed call leaves its tools as they are
            failed.append(f"{prompt.id}: the writer failed ({type(error).__name__}: {str(error)[:200]})")
            continue
        answers[prompt.id] = answer[0] if isinstance(answer, tuple) else answer
    result = import_rewrites(prompts, answers)
    result.problems[:0] = failed
    return result.rewrites, result


def summary(effect: Mapping[str, Any]) -> str:
    """The effect in one line."""
    if not effect.get("requests"):
        return "no profile requests: the effect of the rewrites cannot be measured (give --profiles)"
    return (
        f"recall without profiles on {effect['requests']} profile requests: {effect['recall_before']:.1%} "
        f"before, {effect['recall_after']:.1%} after rewriting {effect['rewritten']} descriptions"
    )
