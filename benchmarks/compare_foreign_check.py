"""The foreign-request check before (every row against every tool) and after (screened), on every profiled registry.

    python benchmarks/compare_foreign_check.py [--only NAME ...] [--synthetic 5000]

``ignore_foreign_triggers`` (``toolfilter_core/index/_foreign.py``) flags the triggers and
profile requests that describe another tool. It used to compare every such row with every
tool's description and centroid. It now screens (tool, tool) pairs with one vector a side
and a bound that drops only pairs that cannot flag, and compares each tool's rows with at
most ``NEAREST_TOOLS`` of the tools the bound lets through (nearest first): where the bound
lets more through, a flag can be missed (never added). This script measures both.

Every registry with profiles (``benchmarks/data/*/profiles.jsonl``: the ``dev_*`` and
``heldout_*`` ones, the kit, metatool and bfcl live, the hostile sets, RestBench's tools from
``../shared/data/restbench``), and bfcl live with the five hostile tools whose profiles are
those of a writer that obeyed their injection (``hostile_profiles.py``'s poisoned run: the
one registry here with many copied requests), is embedded with the default model, and the
rows the index hands to the check are given to the check as it was (``dense`` below, the
code before, verbatim) and as it is. Per registry: ``differing`` flags (as it runs; and
``differing_one_tool_a_group``, ``_CELLS`` 1, every tool screened apart), ``kept_by_bound``
(the share of (tool, other tool) pairs the bound lets through), ``needed_nearest`` (the
fewest nearest tools with the flags of the full check). ``NEAREST_TOOLS`` is chosen from the
development registries' needs (``choose``, again leaving each out) and the held-out ones
are reported. ``--synthetic N`` adds N random tools (a unit vector each, 8 requests a step
from it, one tool in fifty with a request copied from another tool's description), timed.
Writes ``benchmarks/results/foreign_check.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np
from numpy.typing import NDArray

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolfilter_core import (  # noqa: E402
    Profiles,
    ToolFilter,
    ToolProfile,
    get_embedder,
    read_profiles,
    read_tools_file,
)
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


def poisoned() -> tuple[list[Any], Any]:
    """bfcl live's tools and the five hostile ones, the hostile profiles those of a writer that obeyed the
    injection (``hostile_profiles.py``: 16 requests copied from other tools' profiles, 8 generic)."""
    hostile = read_tools_file(DATA / "hostile_tools" / "tools.jsonl")
    tools = read_tools_file(DATA / "bfcl_live" / "tools.jsonl") + hostile
    profiles = read_profiles(DATA / "bfcl_live" / "profiles.jsonl").merged(
        read_profiles(DATA / "hostile_tools" / "profiles.jsonl")
    )
    names = {t.name for t in hostile}
    rng = random.Random(20261201)
    others = [r for name, p in profiles.tools.items() if name not in names for r in p.requests]
    generic = ["hi", "help me with this", "what can you do", "do it", "thanks", "search", "find it", "send"]
    copied = {n: ToolProfile(tuple(rng.sample(others, 16)) + tuple(generic)) for n in sorted(names)}
    return tools, Profiles({**profiles.tools, **copied}, profiles.no_tool)


def captured(tools: list[Any], profiles: Any, embedder: Any) -> Inputs:
    """The rows the index hands to the check when it builds these tools with these profiles."""
    seen: list[Inputs] = []
    check = _matrix.ignore_foreign_triggers

    def capture(*args: Any) -> NDArray[np.bool_]:
        seen.append(tuple(np.array(a, copy=True) for a in args))  # type: ignore[arg-type]
        return check(*args)

    _matrix.ignore_foreign_triggers = capture  # type: ignore[assignment]
    try:
        ToolFilter(tools, embedder=embedder, profiles=profiles)
    finally:
        _matrix.ignore_foreign_triggers = check  # type: ignore[assignment]
    return seen[-1]


def run(inputs: Inputs, *, nearest: int, cells: int | None = None) -> tuple[NDArray[np.bool_], float, float]:
    """The check as it is with ``NEAREST_TOOLS`` at ``nearest`` (and ``_CELLS``): flags, seconds, and the
    share of the (screened, other tool) pairs the bound lets through among those it looked at."""
    saved, screen, compared = (_foreign.NEAREST_TOOLS, _foreign._CELLS), _foreign._screen, []

    def counted(*args: Any) -> list[tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.bool_]]]:
        out = screen(*args)
        compared.extend((int(valid.sum()), valid.size) for _, _, valid in out)
        return out

    _foreign.NEAREST_TOOLS, _foreign._CELLS = nearest, saved[1] if cells is None else cells
    _foreign._screen = counted  # type: ignore[assignment]
    try:
        began = time.perf_counter()
        found = _foreign.ignore_foreign_triggers(inputs[0].copy(), *inputs[1:])
        seconds = time.perf_counter() - began
        return found, seconds, sum(c for c, _ in compared) / max(1, sum(n for _, n in compared))
    finally:
        _foreign.NEAREST_TOOLS, _foreign._CELLS = saved
        _foreign._screen = screen  # type: ignore[assignment]


def compare(inputs: Inputs) -> dict[str, Any]:
    """Flags and times before and after, the pairs the bound keeps, and the fewest nearest tools that suffice."""
    began = time.perf_counter()
    old = dense(inputs[0].copy(), *inputs[1:])
    old_s = time.perf_counter() - began
    tools, chosen = len(inputs[2]), _foreign.NEAREST_TOOLS
    new, new_s, _ = run(inputs, nearest=chosen)
    each = run(inputs, nearest=chosen, cells=1)[0]
    bound = run(inputs, nearest=10**9, cells=1)[2]
    low, high = 1, max(1, tools - 1)  # the fewest nearest tools with the flags of the full check
    while low < high:
        middle = (low + high) // 2
        low, high = (low, middle) if (run(inputs, nearest=middle)[0] == old).all() else (middle + 1, high)
    return {
        "tools": tools,
        "rows_checked": int((inputs[3] | inputs[4]).sum()),
        "flagged_before": int(old.sum()),
        "differing": int((old != new).sum()),
        "differing_one_tool_a_group": int((old != each).sum()),
        "needed_nearest": low,
        "kept_by_bound": round(bound, 4),
        "before_s": round(old_s, 3),
        "after_s": round(new_s, 3),
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
    only = set(args.only) if args.only else None
    for name, tools, profiles in registries(only):
        report[name] = found = compare(captured(read_tools_file(tools), read_profiles(profiles), embedder))
        print(f"{name:<36}{json.dumps(found)}", flush=True)
    if only is None or "poisoned" in only:
        report["bfcl_live + hostile (poisoned)"] = found = compare(captured(*poisoned(), embedder))
        print(f"{'bfcl_live + hostile (poisoned)':<36}{json.dumps(found)}", flush=True)
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
