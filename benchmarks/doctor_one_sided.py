"""Can the doctor tell a duplicate without profile requests on both sides? Each reading measured here.

    python benchmarks/doctor_one_sided.py --out benchmarks/results/doctor_one_sided.txt

A tool added after the profiles were written has none: the doctor's duplicate check (both
tools' requests, ``mixing``) cannot see it. Simulated on the registries of
``doctor_duplicates.py`` (dev data only: the kit, the five ``dev_*`` registries with three made
duplicates each, the language school with its own): the made duplicate's profile is dropped.

One side profiled (``a``'s requests, ``b``'s definition; the pair ``a`` -> ``b``), over ``a``'s
requests, by the cosine of the vectors the doctor ranks with (description vectors as indexed,
requests as queries):

- ``as_near``: the share of ``a``'s requests at least as near ``b``'s description as ``a``'s own;
- ``ratio``: cosine of ``b``'s description to the mean of ``a``'s requests, over ``a``'s description's;
- ``gap``: ``b``'s cosine to that mean, less the best of every other tool's but ``a``;
- ``first``: the share of ``a``'s requests whose nearest description but ``a``'s is ``b``'s.

No profiles (both definitions alone; a pair): ``similarity`` (the description vectors' cosine)
and ``shared`` (the share of their words in common).

Positives: restated tool -> made duplicate (its profile dropped); siblings: the listed
confusable pairs (PAIRS.md / NOTES.md, or the proxy), each way; others: every other pair,
each way (any tool may be the one added later). For each reading the bar naming the most
duplicates less the siblings and other pairs it names (a bar naming nothing scores 0: ties go
to naming nothing), on all seven registries and with each left out (figures on the one left out).
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from benchmarks.doctor_duplicates import DEV, DUPLICATES, SCHOOL_DUPLICATE, registry, siblings  # noqa: E402
from toolfilter_core import get_embedder  # noqa: E402
from toolfilter_core._doctor.probes import probes_of, rank_probes  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402
from toolfilter_core._resolve import resolve_config  # noqa: E402
from toolfilter_core._tokenize import tokenize  # noqa: E402
from toolfilter_core._tool_profiles.sidecar import attach_profiles  # noqa: E402

ONE_SIDED = ("as_near", "ratio", "gap", "first")
DEFINITIONS = ("similarity", "shared")
Row = tuple[str, str, str, str, dict[str, float]]
"""(registry, a, b, label: dup / sib / other, readings)."""


def _unit(rows: NDArray[np.float64]) -> NDArray[np.float64]:
    return rows / np.maximum(np.linalg.norm(rows, axis=-1, keepdims=True), 1e-12)


def _one_sided(s: NDArray[np.float64], a: int, cen_sims: NDArray[np.float64]) -> dict[str, NDArray[np.float64]]:
    """Per ``b``: the four readings from ``a``'s requests (``s``: requests x descriptions)."""
    own = s[:, a : a + 1]
    others = cen_sims.copy()
    others[a] = -np.inf
    top2 = np.sort(others)[::-1][:2]
    best_else = np.where(others >= top2[0], top2[1], top2[0])
    near = s.copy()
    near[:, a] = -np.inf
    return {
        "as_near": (s >= own).mean(axis=0),
        "ratio": cen_sims / max(cen_sims[a], 1e-12),
        "gap": cen_sims - best_else,
        "first": np.bincount(near.argmax(axis=1), minlength=s.shape[1]) / len(s),
    }


def readings(name: str, embedder: CachingEmbedder) -> list[Row]:
    """Every ordered pair's readings on one registry, labelled."""
    tools, profiles, dups = registry(name)
    sibs = siblings(name, embedder)
    made = _made(dups)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        specs = attach_profiles(tools, profiles, warn_unknown=False)
    config = resolve_config(None, None)
    probed = rank_probes(specs, probes_of(specs, max_requests=8), embedder, config, config.top_k)
    names = [t.name for t in specs]
    docs = _unit(probed.documents.astype(np.float64))
    owners = np.array([names.index(r.probe.tool) for r in probed.ranked if r.probe.source == "request"])
    sims = _unit(probed.requests.astype(np.float64)) @ docs.T
    words = [set(tokenize(t.description)) for t in specs]
    out: list[Row] = []
    for a in np.unique(owners).tolist():
        s = sims[owners == a]
        centre = _unit(_unit(probed.requests.astype(np.float64))[owners == a].sum(axis=0))
        each = _one_sided(s, a, docs @ centre)
        for b in range(len(names)):
            if b == a:
                continue
            pair = frozenset((names[a], names[b]))
            label = _label(pair, names[b], dups, sibs, made)
            if label is None:
                continue
            union = words[a] | words[b]
            values = {k: float(v[b]) for k, v in each.items()}
            values["similarity"] = float(docs[a] @ docs[b])
            values["shared"] = len(words[a] & words[b]) / len(union) if union else 0.0
            out.append((name, names[a], names[b], label, values))
    return out


def _made(dups: set[frozenset[str]]) -> set[str]:
    """The made duplicates' names (the restating side of each pair)."""
    rows = [json.loads(line) for line in DUPLICATES.read_text("utf-8").splitlines() if line.strip()]
    return {r["tool"]["name"] for r in rows} | ({"crm_find_learner"} if SCHOOL_DUPLICATE in dups else set())


def _label(
    pair: frozenset[str], b: str, dups: set[frozenset[str]], sibs: set[frozenset[str]], made: set[str]
) -> str | None:
    """dup (restated -> its made duplicate), None (the other way), sib, or other."""
    if pair in dups:
        return "dup" if b in made else None
    return "sib" if pair in sibs else "other"


def count(rows: Sequence[Row], key: str, bar: float) -> dict[str, int]:
    """Duplicates found, siblings and other pairs named at ``bar`` (definition readings: each pair once)."""
    seen: set[tuple[str, frozenset[str]]] = set()
    out = {"found": 0, "missed": 0, "siblings_named": 0, "others_named": 0}
    for reg, a, b, label, values in rows:
        if key in DEFINITIONS and label != "dup":
            if (reg, frozenset((a, b))) in seen:
                continue
            seen.add((reg, frozenset((a, b))))
        named = values[key] >= bar
        if label == "dup":
            out["found" if named else "missed"] += 1
        elif named:
            out["siblings_named" if label == "sib" else "others_named"] += 1
    return out


def _gain(c: dict[str, int]) -> int:
    return c["found"] - c["siblings_named"] - c["others_named"]


def best_bar(rows: Sequence[Row], key: str) -> float:
    """The bar with the best gain (``inf``: name nothing, gain 0, wins ties)."""
    bars = sorted({r[4][key] for r in rows if r[3] == "dup"}, reverse=True)
    scored = [(0, float("inf"))] + [(_gain(count(rows, key, b)), b) for b in bars]
    return max(scored, key=lambda gb: (gb[0], gb[1]))[1]


def report(rows: Sequence[Row], regs: Sequence[str], say: Callable[[str], None]) -> None:
    """Per reading: its best bar on all, a sweep, and each registry left out."""
    for key in (*ONE_SIDED, *DEFINITIONS):
        bar = best_bar(rows, key)
        say(f"\n{key}: best bar on all seven {bar:.3f}: {count(rows, key, bar)} (gain {_gain(count(rows, key, bar))})")
        bars = sorted({r[4][key] for r in rows if r[3] == "dup"}, reverse=True)
        for b in bars[:: max(1, len(bars) // 6)]:
            c = count(rows, key, b)
            say(f"  at {b:.3f}: {c} (gain {_gain(c)})")
        total = {"found": 0, "missed": 0, "siblings_named": 0, "others_named": 0}
        for reg in regs:
            bar_out = best_bar([r for r in rows if r[0] != reg], key)
            c = count([r for r in rows if r[0] == reg], key, bar_out)
            total = {k: total[k] + c[k] for k in total}
            say(f"  {reg} left out: bar {bar_out:.3f}; {c}")
        say(f"  left out, summed: {total} (gain {_gain(total)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--out", type=Path, help="also write the printed lines here")
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder("default"))
    lines: list[str] = ["$ python benchmarks/doctor_one_sided.py   (default embedder; dev registries only)"]

    def say(text: str) -> None:
        print(text)
        lines.append(text)

    rows: list[Any] = []
    for name in DEV:
        got = readings(name, embedder)
        rows += got
        for _, a, b, label, values in got:
            if label == "dup":
                say(f"{name}: {a} -> {b} " + ", ".join(f"{k} {v:.3f}" for k, v in values.items()))
    report(rows, DEV, say)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
