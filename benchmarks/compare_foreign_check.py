"""The foreign-request check before (every row against every tool) and after (screened), on every profiled registry.

    python benchmarks/compare_foreign_check.py [--only NAME ...] [--synthetic 5000]

``ignore_foreign_triggers`` (``toolfilter_core/index/_foreign.py``) flags the triggers and
profile requests that describe another tool. It used to compare every such row with every
tool's description and centroid; it now screens tool pairs with one vector a side and a
bound, then compares each row with the tools that pass. The bound is meant to drop no pair
that could flag, so the flags should be the same: this script checks it.

Every registry with profiles (``benchmarks/data/*/profiles.jsonl``: the ``dev_*`` and
``heldout_*`` ones, the kit, metatool and bfcl live, the hostile sets, RestBench's tools from
``../shared/data/restbench``) is embedded with the default model, profiles in, and the
rows the index hands to the check are given to the check as it was (``dense`` below, the
code before, verbatim) and as it is, twice: as it runs (a registry this small is screened
in one group, so nearly every tool passes) and one tool a group (``_CELLS`` 1, so the
screen decides every pair: the share of pairs it lets through is ``kept``). ``--synthetic
N`` adds N random tools (a unit vector each, 8 requests a step from it, one tool in fifty
with a request copied from another tool's description) and times both. Writes
``benchmarks/results/foreign_check.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np
from numpy.typing import NDArray

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolfilter_core import ToolFilter, get_embedder, read_profiles, read_tools_file  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402
from toolfilter_core.index import _foreign, _matrix  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
RESTBENCH = ROOT.parent / "shared" / "data" / "restbench"
RESULTS = ROOT / "benchmarks" / "results" / "foreign_check.json"
Inputs = tuple[NDArray[np.float32], NDArray[np.int64], NDArray[np.int64], NDArray[np.bool_], NDArray[np.bool_]]


def dense(
    matrix: NDArray[np.float32],
    owner: NDArray[np.int64],
    starts: NDArray[np.int64],
    triggers: NDArray[np.bool_],
    voice: NDArray[np.bool_],
) -> NDArray[np.bool_]:
    """The check before (toolfilter_core/index/_matrix.py at a64b68a): every row against every tool."""
    foreign = np.zeros(len(owner), dtype=bool)
    if len(starts) < 2:
        return foreign
    docs = matrix[starts]
    _mark(foreign, matrix, owner, np.flatnonzero(triggers), (docs,))
    if voice.any():
        rows = np.flatnonzero(voice)
        centroids = np.zeros_like(docs)
        np.add.at(centroids, owner[rows], matrix[rows])
        norms = np.linalg.norm(centroids, axis=1, keepdims=True)
        centroids = np.divide(centroids, norms, out=np.zeros_like(centroids), where=norms > 0)
        _mark(foreign, matrix, owner, rows, (docs, centroids))
    if foreign.any():
        matrix[foreign] = 0.0
    return foreign


def _mark(
    foreign: NDArray[np.bool_],
    matrix: NDArray[np.float32],
    owner: NDArray[np.int64],
    rows: NDArray[np.int64],
    targets: tuple[NDArray[np.float32], ...],
) -> None:
    step = max(1, 2**22 // (len(targets[0]) * len(targets)))
    for begin in range(0, len(rows), step):
        chunk = rows[begin : begin + step]
        cos = matrix[chunk] @ targets[0].T
        for more in targets[1:]:
            np.maximum(cos, matrix[chunk] @ more.T, out=cos)
        own = cos[np.arange(len(chunk)), owner[chunk]]
        cos[np.arange(len(chunk)), owner[chunk]] = -np.inf
        other = cos.max(axis=1)
        foreign[chunk] = (other >= own + 0.1) & (other >= 0.6)


def registries(only: set[str] | None) -> list[tuple[str, Path, Path]]:
    """(name, tools file, profiles file) of every profiled registry."""
    out = []
    for profiles in sorted(DATA.glob("*/*profiles.jsonl")):
        folder, stem = profiles.parent, profiles.name.removesuffix("profiles.jsonl")
        tools = folder / f"{stem}tools.jsonl"
        if not tools.exists() and folder.name.startswith("restbench_"):
            tools = RESTBENCH / folder.name.removeprefix("restbench_") / "tools.jsonl"
        name = folder.name + (f" ({stem.rstrip('_')})" if stem else "")
        if tools.exists() and (only is None or name in only or folder.name in only):
            out.append((name, tools, profiles))
    return out


def captured(tools: Path, profiles: Path, embedder: Any) -> Inputs:
    """The rows the index hands to the check when it builds this registry with its profiles."""
    seen: list[Inputs] = []
    check = _matrix.ignore_foreign_triggers

    def capture(*args: Any) -> NDArray[np.bool_]:
        seen.append(tuple(np.array(a, copy=True) for a in args))  # type: ignore[arg-type]
        return check(*args)

    _matrix.ignore_foreign_triggers = capture  # type: ignore[assignment]
    try:
        ToolFilter(read_tools_file(tools), embedder=embedder, profiles=read_profiles(profiles))
    finally:
        _matrix.ignore_foreign_triggers = check  # type: ignore[assignment]
    return seen[-1]


def run(inputs: Inputs, *, nearest: int, cells: int | None = None) -> tuple[NDArray[np.bool_], float, int]:
    """The check as it is with ``NEAREST_TOOLS`` at ``nearest`` (and ``_CELLS``): flags, seconds, pairs compared."""
    saved, screen, compared = (_foreign.NEAREST_TOOLS, _foreign._CELLS), _foreign._screen, []

    def counted(*args: Any) -> list[tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.bool_]]]:
        out = screen(*args)
        compared.extend(int(valid.sum()) for _, _, valid in out)
        return out

    _foreign.NEAREST_TOOLS, _foreign._CELLS = nearest, saved[1] if cells is None else cells
    _foreign._screen = counted  # type: ignore[assignment]
    try:
        began = time.perf_counter()
        found = _foreign.ignore_foreign_triggers(inputs[0].copy(), *inputs[1:])
        return found, time.perf_counter() - began, sum(compared)
    finally:
        _foreign.NEAREST_TOOLS, _foreign._CELLS = saved
        _foreign._screen = screen  # type: ignore[assignment]


def compare(inputs: Inputs) -> dict[str, Any]:
    """Flags and times before and after, the pairs the bound keeps, and the fewest nearest tools that suffice."""
    began = time.perf_counter()
    old = dense(inputs[0].copy(), *inputs[1:])
    old_s = time.perf_counter() - began
    tools, chosen = len(inputs[2]), _foreign.NEAREST_TOOLS
    new, new_s, compared = run(inputs, nearest=chosen)
    each = run(inputs, nearest=chosen, cells=1)[0]
    bound = run(inputs, nearest=10**9, cells=1)[2]
    low, high = 1, max(1, tools - 1)  # the fewest nearest tools with the flags of the full check
    while low < high:
        middle = (low + high) // 2
        low, high = (low, middle) if (run(inputs, nearest=middle)[0] == old).all() else (middle + 1, high)
    screened = int((inputs[3] | inputs[4]).sum()) * max(1, tools - 1)
    return {
        "tools": tools,
        "rows_checked": int((inputs[3] | inputs[4]).sum()),
        "flagged_before": int(old.sum()),
        "differing": int((old != new).sum()),
        "differing_one_tool_a_group": int((old != each).sum()),
        "needed_nearest": low,
        "kept_by_bound": round(bound / max(1, tools * max(1, tools - 1)), 4),
        "compared": compared,
        "before_s": round(old_s, 3),
        "after_s": round(new_s, 3),
        "row_tool_pairs": screened,
    }


def choose(report: dict[str, Any]) -> dict[str, Any]:
    """``NEAREST_TOOLS``: the smallest power of two at least 4 times the most any development registry needs.

    The development registries are the ``dev_*`` ones and the kit (their tools and profiles:
    the check reads no request); the rule again leaving each out.
    """
    needed = {k: v["needed_nearest"] for k, v in report.items() if k.startswith("dev_") or k == "toolkit48"}

    def rule(values: list[int]) -> int:
        return int(2 ** np.ceil(np.log2(4 * max(values, default=1))))

    return {
        "needed_on_development": needed,
        "chosen": rule(list(needed.values())),
        "leaving_one_out": {k: rule([v for j, v in needed.items() if j != k]) for k in needed},
        "in_force": _foreign.NEAREST_TOOLS,
    }


def synthetic(size: int, dim: int = 512) -> Inputs:
    """``size`` random tools, 8 requests each a step from its description, one in fifty with a copied one."""
    rng = np.random.default_rng(7)
    docs = rng.standard_normal((size, dim)).astype(np.float32)
    docs /= np.linalg.norm(docs, axis=1, keepdims=True)
    asks = docs[:, None, :] + 0.6 * rng.standard_normal((size, 8, dim)).astype(np.float32) / np.sqrt(dim)
    copied = np.arange(0, size, 50)
    asks[copied, 7] = docs[(copied + 1) % size]  # a request that is another tool's description
    asks /= np.linalg.norm(asks, axis=2, keepdims=True)
    matrix = np.concatenate([docs[:, None, :], asks], axis=1).reshape(-1, dim)
    owner = np.repeat(np.arange(size), 9)
    voice = np.tile(np.r_[False, [True] * 8], size)
    return matrix, owner, np.arange(0, 9 * size, 9), np.zeros(len(owner), dtype=bool), voice


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", help="registry (folder) names to run (default: all)")
    parser.add_argument("--synthetic", type=int, default=0, help="also this many random tools, timed")
    parser.add_argument("--out", default=str(RESULTS))
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder("default"))
    report: dict[str, Any] = {}
    for name, tools, profiles in registries(set(args.only) if args.only else None):
        report[name] = found = compare(captured(tools, profiles, embedder))
        print(f"{name:<36}{json.dumps(found)}", flush=True)
    if args.synthetic:
        report[f"synthetic {args.synthetic}"] = found = compare(synthetic(args.synthetic))
        print(f"synthetic {args.synthetic:<26}{json.dumps(found)}", flush=True)
    differing = [k for k, v in report.items() if v["differing"] or v["differing_one_tool_a_group"]]
    report["nearest_tools"] = chosen = choose(report)
    report["registries_differing"] = differing
    print("NEAREST_TOOLS:", json.dumps(chosen))
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print("registries with a differing flag:", differing)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
