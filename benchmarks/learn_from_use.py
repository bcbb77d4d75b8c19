"""Learning from use, measured: does ``import_log`` of past (request, tool) pairs help on new requests?

On MetaTool (199 tools, LLM-written requests for each tool; MIT), by default:

* training log: 2,000 single-tool (query, gold tool) pairs, as a call log would hold them;
* held out: 1,000 other requests (900 single-tool, 50 two-tool, 50 no-tool), none of whose
  normalized text is in the training log;
* before: ``ToolFilter(tools)`` with the shipped preset; after: the same plus
  ``import_log(training log)`` (at most 20 examples per tool, newest kept).

Reports recall_mean, recall (whole gold set selected), R@1 (share of the gold found in the
first selected tool), dangerous misselection, no-tool rejection, cost_ratio, mean selected,
and a learning curve over the log size. Each text is embedded once (a caching wrapper).

Run (about 2 minutes per embedder on 2 cores)::

    nice -n 10 .venv/bin/python benchmarks/learn_from_use.py
    nice -n 10 .venv/bin/python benchmarks/learn_from_use.py --embedders use-m3 --train 500 --heldout 300

Writes benchmarks/results/learn_from_use.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.harness import DATA_DIR, SHARED_DATA_DIR  # noqa: E402
from toolfilter_core import (  # noqa: E402
    LabelledQuery,
    ToolFilter,
    UsageMemory,
    evaluate,
    get_embedder,
    read_queries,
    read_tools_file,
    recommended_config,
)
from toolfilter_core._learning import DEFAULT_EXAMPLES_PER_TOOL, normalize_request  # noqa: E402

DATA = [DATA_DIR / "metatool", SHARED_DATA_DIR / "metatool"]
RESULTS = ROOT / "benchmarks" / "results" / "learn_from_use.json"


class CachedEmbedder:
    """Embeds each distinct text once, for every ToolFilter built in this run."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.cache: dict[tuple[str, str], np.ndarray] = {}

    @property
    def id(self) -> str:
        return self.inner.id

    def _get(self, kind: str, texts: Sequence[str], embed: Any) -> np.ndarray:
        missing = list(dict.fromkeys(t for t in texts if (kind, t) not in self.cache))
        for start in range(0, len(missing), 256):
            chunk = missing[start : start + 256]
            for text, row in zip(chunk, embed(chunk), strict=True):
                self.cache[(kind, text)] = row
        if not texts:
            return np.asarray(embed([]), dtype=np.float32)
        return np.vstack([self.cache[(kind, t)] for t in texts]).astype(np.float32)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._get("q", texts, self.inner.embed_queries)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._get("d", texts, self.inner.embed_documents)


def data_dir() -> Path:
    for path in DATA:
        if (path / "tools.jsonl").exists():
            return path
    raise SystemExit("metatool data not found in " + " or ".join(str(p) for p in DATA))


def make_splits(
    queries: list[LabelledQuery], *, train: int, heldout: int, seed: int
) -> tuple[list[LabelledQuery], list[LabelledQuery]]:
    """Training pairs (single-tool) and held-out requests, disjoint by normalized text."""
    rng = random.Random(seed)
    single = [q for q in queries if len(q.gold) == 1]
    rng.shuffle(single)
    log = single[:train]
    seen = {normalize_request(q.query) for q in log}

    def fresh(group: list[LabelledQuery], n: int) -> list[LabelledQuery]:
        pool = [q for q in group if normalize_request(q.query) not in seen]
        rng.shuffle(pool)
        return pool[:n]

    n_multi = n_none = heldout // 20
    held = fresh(single[train:], heldout - n_multi - n_none)
    held += fresh([q for q in queries if len(q.gold) > 1], n_multi)
    held += fresh([q for q in queries if not q.gold], n_none)
    return log, held


def r_at_1(tf: ToolFilter, queries: Sequence[LabelledQuery]) -> float:
    shares = []
    for q in queries:
        if q.gold:
            first = set(tf.select(q.query).names[:1])
            shares.append(len(first & set(q.gold)) / len(q.gold))
    return float(np.mean(shares)) if shares else 0.0


def figures(tf: ToolFilter, queries: Sequence[LabelledQuery]) -> dict[str, Any]:
    result = evaluate(tf.select, queries).to_dict()
    keep = ("recall_mean", "recall", "dangerous_misselect", "no_tool_rejection", "cost_ratio", "mean_selected")
    out = {k: result[k] for k in keep}
    out["r_at_1"] = round(r_at_1(tf, queries), 4)
    out["fallback_rate"] = result["fallback_rate"]
    return out


def write_log(path: Path, pairs: Sequence[LabelledQuery]) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for q in pairs:
            handle.write(json.dumps({"query": q.query, "tool": q.gold[0]}, ensure_ascii=False) + "\n")


def closeness(
    embedder: CachedEmbedder, log: Sequence[LabelledQuery], held: Sequence[LabelledQuery]
) -> dict[str, float]:
    """How near the held-out requests are to a logged request for the same tool (cosine)."""
    by_tool: dict[str, list[str]] = {}
    for q in log:
        by_tool.setdefault(q.gold[0], []).append(q.query)
    best = []
    for q in held:
        texts = [t for g in q.gold for t in by_tool.get(g, [])]
        if not q.gold:
            continue
        if not texts:
            best.append(-1.0)
            continue
        vector = embedder.embed_queries([q.query])[0]
        best.append(float(np.max(embedder.embed_queries(texts) @ vector)))
    values = np.array(best)
    return {
        "no_example_of_gold": round(float(np.mean(values < -0.5)), 4),
        "median_best_cosine": round(float(np.median(values[values > -0.5])), 4),
        "share_best_cosine_ge_0.9": round(float(np.mean(values >= 0.9)), 4),
    }


def run_embedder(
    name: str, tools: list[Any], log: list[LabelledQuery], held: list[LabelledQuery], curve: list[int]
) -> dict[str, Any]:
    started = time.perf_counter()
    embedder = CachedEmbedder(get_embedder(name))
    embedder.embed_queries([q.query for q in log] + [q.query for q in held])
    config = recommended_config(embedder=name)
    before_tf = ToolFilter(tools, config=config, embedder=embedder)
    out: dict[str, Any] = {"embedder": name, "embedder_id": embedder.id, "before": figures(before_tf, held)}
    print(f"[{name}] before: {out['before']}", flush=True)
    out["after"] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for size in curve:
            path = Path(tmp) / f"calls_{size}.jsonl"
            write_log(path, log[:size])
            tf = ToolFilter(tools, config=config, embedder=embedder)
            report = tf.import_log(path)
            stored = UsageMemory(tf.index).examples()
            row = figures(tf, held)
            row["examples_stored"] = report.examples
            row["tools_with_examples"] = len(stored)
            row["evicted_by_cap"] = report.evicted
            out["after"][str(size)] = row
            print(f"[{name}] after {size} pairs: {row}", flush=True)
    out["closeness"] = closeness(embedder, log, held)
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--embedders", nargs="+", default=["use-m3", "minilm"])
    parser.add_argument("--train", type=int, default=2000, help="training pairs (the call log)")
    parser.add_argument("--heldout", type=int, default=1000, help="held-out requests")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)

    source = data_dir()
    tools = read_tools_file(source / "tools.jsonl")
    queries = read_queries(source / "queries.jsonl")
    log, held = make_splits(queries, train=args.train, heldout=args.heldout, seed=args.seed)
    curve = sorted({s for s in (args.train // 8, args.train // 4, args.train // 2, args.train) if s > 0})
    print(f"metatool from {source}: {len(tools)} tools; log {len(log)} pairs; held out {len(held)}", flush=True)

    results = [run_embedder(name, tools, log, held, curve) for name in args.embedders]
    report = {
        "dataset": "metatool",
        "data_dir": str(source.relative_to(ROOT)) if source.is_relative_to(ROOT) else str(source),
        "tools": len(tools),
        "train_pairs": len(log),
        "heldout": {
            "queries": len(held),
            "single_tool": len([q for q in held if len(q.gold) == 1]),
            "two_tool": len([q for q in held if len(q.gold) > 1]),
            "no_tool": len([q for q in held if not q.gold]),
        },
        "disjoint_by": "normalized query text (NFKC, case-folded, whitespace collapsed)",
        "seed": args.seed,
        "max_examples_per_tool": DEFAULT_EXAMPLES_PER_TOOL,
        "config": "recommended preset (toolfilter_core/presets/recommended.yaml) with each embedder",
        "command": " ".join(
            ["nice -n 10 .venv/bin/python benchmarks/learn_from_use.py", *(argv if argv is not None else sys.argv[1:])]
        ),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, python {platform.python_version()}",
        "results": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
