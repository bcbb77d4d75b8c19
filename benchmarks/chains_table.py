"""Chains on registries whose requests need lookups: without and with them (docs/chains.md).

    python benchmarks/chains_table.py [--only NAME ...] [--data DIR ...] [--judge] [--out FILE]

Per registry, for the shipped preset (``recommended_config()``) with ``chains`` off and on,
and again with the registry's tool profiles where a ``profiles.jsonl`` lies beside it:

- ``recall``: mean share of a request's gold tools sent (tool requests only);
- ``whole``: share of tool requests sent every gold tool (the whole call path);
- ``none``: share of tool requests sent no gold tool at all;
- ``tools``: tools sent per request (every request, no-tool ones included);
- ``p95``: ``select()`` end to end in milliseconds (the request embedded for real).

Registries: every ``benchmarks/data/dev_chain_*`` (may choose) and ``heldout_chain_*`` (never
tuned on), the folders given with ``--data`` (a ``tools.jsonl`` and ``queries.jsonl`` each),
and with ``--judge`` RestBench's TMDB and Spotify (``../shared/data/restbench``; an external
judge: measure once, never tune on it), with profiles from
``benchmarks/data/restbench_<name>/profiles.jsonl`` when they exist.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.harness.systems import switched_off  # noqa: E402
from toolfilter_core import (  # noqa: E402
    Embedder,
    LabelledQuery,
    Profiles,
    ToolFilter,
    ToolSpec,
    get_embedder,
    read_profiles,
    read_queries,
    read_tools_file,
    recommended_config,
)
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
JUDGE = ROOT.parent / "shared" / "data" / "restbench"


@dataclass
class Registry:
    """One registry's tools, requests and (maybe) profiles."""

    name: str
    role: str
    tools: list[ToolSpec]
    queries: list[LabelledQuery]
    profiles: Profiles | None


def registries(only: set[str] | None, extra: list[Path], judge: bool) -> list[Registry]:
    """The registries to measure, in table order."""
    folders = [(f, "dev") for f in sorted(f for f in DATA.glob("dev_chain_*") if f.is_dir())]
    folders += [(f, "held out") for f in sorted(f for f in DATA.glob("heldout_chain_*") if f.is_dir())]
    folders += [(f, "held out" if f.name.startswith("heldout") else "dev") for f in extra]
    if judge:
        folders += [(JUDGE / name, "judge") for name in ("tmdb", "spotify")]
    out = []
    for folder, role in folders:
        name = f"restbench_{folder.name}" if role == "judge" else folder.name
        if only and name not in only:
            continue
        profiles_at = DATA / name / "profiles.jsonl" if role == "judge" else folder / "profiles.jsonl"
        profiles = read_profiles(profiles_at) if profiles_at.exists() else None
        tools = read_tools_file(folder / "tools.jsonl")
        out.append(Registry(name, role, tools, read_queries(folder / "queries.jsonl"), profiles))
    return out


def measure(tf: ToolFilter, queries: list[LabelledQuery]) -> dict[str, Any]:
    """The four figures and p95 of one filter over the requests."""
    recall, whole, none, sent, times = [], [], [], [], []
    for q in queries:
        start = time.perf_counter()
        names = set(tf.select(q.query).names)
        times.append((time.perf_counter() - start) * 1000)
        sent.append(len(names))
        if q.gold:
            gold = set(q.gold)
            hit = len(gold & names)
            recall.append(hit / len(gold))
            whole.append(hit == len(gold))
            none.append(hit == 0)
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
    return {
        "recall_mean": round(statistics.mean(recall), 4),
        "whole_path": round(statistics.mean(whole), 4),
        "no_gold_sent": round(statistics.mean(none), 4),
        "tools_sent": round(statistics.mean(sent), 3),
        "p95_ms": round(p95, 1),
    }


def run(registry: Registry, inner: Embedder, profiled: bool) -> dict[str, Any]:
    """Chains off and on, one registry, with or without its profiles."""
    out: dict[str, Any] = {}
    cached = CachingEmbedder(inner)
    for label, chains in (("without", False), ("with", True)):
        with contextlib.nullcontext() if chains else switched_off(["chains"]):
            profiles = registry.profiles if profiled else None
            tf = ToolFilter(registry.tools, config=recommended_config(), embedder=cached, profiles=profiles)
            tf.select("warm up")
            tf.embedder = inner  # the requests embedded for real: p95 is end to end
            out[label] = measure(tf, registry.queries)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", help="registry names to run (default: all)")
    parser.add_argument("--data", nargs="*", type=Path, default=[], help="more registry folders")
    parser.add_argument("--judge", action="store_true", help="RestBench too (once, at the end; never tune on it)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "chains_table.json")
    args = parser.parse_args()
    inner = get_embedder(recommended_config().embedder)
    report: dict[str, Any] = {}
    print(
        f"{'registry':<28}{'role':<10}{'profiles':<9}{'n':>4}  {'recall':>12}{'whole':>12}{'none':>12}"
        f"{'tools':>12}{'p95 ms':>14}"
    )
    for registry in registries(set(args.only) if args.only else None, args.data, args.judge):
        for profiled in (False, True) if registry.profiles is not None else (False,):
            key = f"{registry.name}{' +profiles' if profiled else ''}"
            row = report[key] = {"role": registry.role, **run(registry, inner, profiled)}
            a, b = row["without"], row["with"]
            cells = "".join(
                f"{a[k]:>6.3f}>{b[k]:<5.3f}" if k != "p95_ms" else f"{a[k]:>7.1f}>{b[k]:<6.1f}"
                for k in ("recall_mean", "whole_path", "no_gold_sent", "tools_sent", "p95_ms")
            )
            print(
                f"{registry.name[:27]:<28}{registry.role:<10}{'yes' if profiled else 'no':<9}"
                f"{len(registry.queries):>4}  {cells}",
                flush=True,
            )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
