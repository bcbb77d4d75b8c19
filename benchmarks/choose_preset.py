"""Choose the shipped preset's numbers on many registries, and re-choose them with each one left out.

    python benchmarks/choose_preset.py [--limit 250] [--out benchmarks/results/preset_loo.json]

Registries chosen on (the tuning part of each): the first ``--limit`` tool requests of every
public set (plus metatool's first ``--limit`` no-tool requests), the kit's dev requests and our
paraphrase tuning set, and the development registries ``benchmarks/data/dev_*``. Never used:
``toolkit48_paraphrase_check.jsonl`` and ``benchmarks/data/heldout_*`` (held out).

For every registry R the same search (``toolfilter_core.fit_preset``) runs on all the others,
and its point is scored on R: that row says what the preset does on a registry that chose
nothing. The "shipped" point is chosen on all of them. Vectors are cached on disk
(``--cache``) so a re-run embeds nothing.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolfilter_core import RegistryData, fit_preset, get_embedder, read_queries, read_tools_file, recommended_config  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402
from toolfilter_core._fit import preset_figures, preset_simulators  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
SHARED = ROOT.parent / "shared" / "data"
PUBLIC = (
    "acebench_en",
    "acebench_zh",
    "bfcl",
    "metatool",
    "sealtools",
    "toolbench_stable",
    "ultratool_en",
    "ultratool_zh",
    "toollens",
)


def registries(limit: int) -> list[RegistryData]:
    out = []
    for name in PUBLIC:
        folder = DATA / name if (DATA / name).is_dir() else SHARED / name
        if not folder.is_dir():
            print(f"skipped {name}: no folder", file=sys.stderr)
            continue
        queries = read_queries(folder / "queries.jsonl")
        tool_requests = [q for q in queries if q.gold][:limit]
        # only metatool's no-tool labels hold against the whole pool (see data/README.md)
        no_tool = [q for q in queries if not q.gold][:limit] if name == "metatool" else []
        out.append(RegistryData(name, read_tools_file(folder / "tools.jsonl"), tool_requests + no_tool))
    kit = read_tools_file(DATA / "toolkit48" / "tools.jsonl")
    out.append(RegistryData("toolkit48_dev", kit, read_queries(DATA / "toolkit48" / "queries.jsonl")))
    out.append(RegistryData("toolkit48_tune", kit, read_queries(DATA / "toolkit48_paraphrase_tune.jsonl")))
    for folder in sorted(p for p in DATA.glob("dev_*") if p.is_dir()):
        out.append(
            RegistryData(folder.name, read_tools_file(folder / "tools.jsonl"), read_queries(folder / "queries.jsonl"))
        )
    return out


def figures(f: Any) -> dict[str, Any]:
    keep = ("recall_mean", "false_abstain", "no_tool_rejection", "dangerous_share", "mean_selected", "cost_ratio")
    return {k: None if getattr(f, k) is None else round(float(getattr(f, k)), 4) for k in keep}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=250, help="tool requests per public set (250)")
    parser.add_argument("--cache", default=str(ROOT / ".toolfilter" / "preset_vectors.pkl"))
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "preset_loo.json"))
    parser.add_argument("--only", nargs="*", help="registries to leave out one at a time (default: all)")
    args = parser.parse_args()

    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    cache = Path(args.cache)
    if cache.exists():
        embedder.preload(pickle.loads(cache.read_bytes()))
    started = time.perf_counter()
    data = registries(args.limit)
    sims = preset_simulators(data, base, embedder)
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_bytes(pickle.dumps(embedder.vectors()))
    print(f"{len(sims)} registries scored by the pipeline in {time.perf_counter() - started:.0f} s", file=sys.stderr)

    current = {name: figures(f) for name, f in preset_figures(sims, base).items()}
    shipped = fit_preset(sims, base)
    report: dict[str, Any] = {
        "chosen_on": [r.name for r in data],
        "limit": args.limit,
        "shipped": {"overrides": shipped.overrides, "feasible": shipped.feasible},
        "rows": {},
    }
    print(f"{'registry':<18}{'preset now':>28}{'shipped choice':>28}{'left out':>28}")
    print(f"{'':<18}" + "   recall  f.abst  reject tools" * 3)
    for name in args.only or list(sims):
        loo = fit_preset(sims, base, leave_out=name)
        row = {
            "current": current[name],
            "shipped": figures(shipped.figures[name]),
            "left_out": figures(loo.figures[name]),
            "left_out_overrides": loo.overrides,
        }
        report["rows"][name] = row
        cells = []
        for key in ("current", "shipped", "left_out"):
            f = row[key]
            cells.append(
                f"{_show(f['recall_mean']):>9}{_show(f['false_abstain']):>8}{_show(f['no_tool_rejection']):>8}"
                f"{f['mean_selected']:>6.1f}"
            )
        print(f"{name:<18}" + "".join(cells), flush=True)
    print("shipped choice:", json.dumps(shipped.overrides))
    Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


def _show(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


if __name__ == "__main__":
    raise SystemExit(main())
