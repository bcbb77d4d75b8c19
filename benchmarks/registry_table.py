"""The shipped preset on every registry, by what chose it: figures for docs/benchmarks.md.

    python benchmarks/registry_table.py [--limit 500] [--out benchmarks/results/registry_table.json]

Rows, each with the part of the data that row reports on:
- public sets: requests *after* the first 250 (the part ``choose_preset.py`` chose on), the
  next ``--limit`` tool requests (metatool: and its no-tool requests after the first 250);
- the kit: its dev set and our paraphrase tuning set (chose), our held-out paraphrases (never);
- ``dev_*`` (chose) and ``heldout_*`` (never: written apart, never looked at while tuning).
Figures are the real pipeline's (``toolfilter_core.evaluate``): recall_mean, false abstain,
no-tool rejection, dangerous misselection, destructive-on-read, tools sent, cost and the
end-to-end select p95 with the model loaded, and beside them plain top-5 embedding's recall
(the same model, ``enabled: false``). Vectors come from ``choose_preset.py``'s cache.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from choose_preset import DATA, PUBLIC, SHARED  # noqa: E402  (one list of the registries)

from toolfilter_core import (  # noqa: E402
    ToolFilter,
    ToolFilterConfig,
    evaluate,
    get_embedder,
    read_queries,
    read_tools_file,
    recommended_config,
)
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402
from toolfilter_core._hints import says_destructive  # noqa: E402

CHOSE = 250  # the tuning part of each public set (choose_preset.py --limit)


def rows(limit: int) -> list[tuple[str, str, Path, list[Any]]]:
    out = []
    for name in PUBLIC:
        folder = DATA / name if (DATA / name).is_dir() else SHARED / name
        if not folder.is_dir():
            continue
        queries = read_queries(folder / "queries.jsonl")
        rest = [q for q in queries if q.gold][CHOSE : CHOSE + limit]
        if name == "metatool":
            rest += [q for q in queries if not q.gold][CHOSE:]
        out.append((name, "not chosen on (after the first 250)", folder, rest))
    kit = DATA / "toolkit48"
    out.append(("toolkit48 dev", "chose", kit, read_queries(kit / "queries.jsonl")))
    out.append(("toolkit48 paraphrase tune", "chose", kit, read_queries(DATA / "toolkit48_paraphrase_tune.jsonl")))
    out.append(("toolkit48 paraphrase check", "held out", kit, read_queries(DATA / "toolkit48_paraphrase_check.jsonl")))
    for folder in sorted(p for p in DATA.glob("dev_*") if p.is_dir()):
        out.append((folder.name, "chose", folder, read_queries(folder / "queries.jsonl")))
    for folder in sorted(p for p in DATA.glob("heldout_*") if p.is_dir()):
        out.append((folder.name, "held out", folder, read_queries(folder / "queries.jsonl")))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=500, help="tool requests per public set (500)")
    parser.add_argument("--cache", default=str(ROOT / ".toolfilter" / "preset_vectors.pkl"))
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "registry_table.json"))
    parser.add_argument("--only", nargs="*", help="row names to run (default: all)")
    args = parser.parse_args()
    config = recommended_config()
    inner = get_embedder(config.embedder)
    cache = Path(args.cache)
    report: dict[str, Any] = {"limit": args.limit, "rows": {}}
    header = f"{'registry':<28}{'data':<12}{'n':>5}{'recall':>8}{'f.abst':>8}{'reject':>8}{'danger':>8}"
    print(header + f"{'d.read':>8}{'tools':>7}{'cost':>8}{'p95 ms':>8}{'plain@5':>8}")
    for name, role, folder, queries in rows(args.limit):
        if args.only and name not in args.only:
            continue
        embedder = CachingEmbedder(inner)
        if cache.exists():
            embedder.preload(pickle.loads(cache.read_bytes()))
        tools = read_tools_file(folder / "tools.jsonl")
        tf = ToolFilter(tools, config=config, embedder=embedder)
        tf.select("warm up")
        # the query vectors are embedded for real: p95 is end to end with the model loaded
        tf.embedder = inner
        harmful = [t.name for t in tools if says_destructive(t)]
        result = evaluate(tf.select, queries, lenient=True, destructive=harmful)
        d = result.to_dict()
        plain = ToolFilter(tools, config=ToolFilterConfig(enabled=False, top_k=5), embedder=embedder)
        top5 = evaluate(plain.select, [q for q in queries if q.gold], lenient=True).recall_mean
        report["rows"][name] = {"data": role, **d, "plain_top5_recall_mean": top5}
        print(
            f"{name:<28}{role.split(' (')[0][:11]:<12}{d['queries']:>5}{_f(d['recall_mean'])}{_f(d['false_abstain'])}"
            f"{_f(d['no_tool_rejection'])}{_f(d['dangerous_misselect'])}{_f(d['destructive_on_read'])}"
            f"{d['mean_selected']:>7.1f}{d['cost_ratio']:>8.3f}{d['latency_ms']['p95']:>8.1f}{_f(top5)}",
            flush=True,
        )
    Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


def _f(value: float | None) -> str:
    return f"{'-':>8}" if value is None else f"{value:>8.3f}"


if __name__ == "__main__":
    raise SystemExit(main())
