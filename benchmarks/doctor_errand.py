"""One errand in other words (``errand.one_errand``): the bar on the names' nearness, chosen here.

    PYTHONPATH=. python benchmarks/doctor_errand.py --out benchmarks/results/doctor_errand.txt

Each dev registry with its three made duplicates (``doctor_duplicates.registry``: a tool restated in other words,
``benchmarks/data/doctor_duplicates``), and the language school's registry with the duplicate its user added. A
pair is a candidate (``errand.errand_candidates``) when its names share no word, say the same kinds of act, their
acts do not differ and each is the other's nearest definition among the tools of its language; the rule tells
those whose names' words are near by the embedder (``errand.NAME_NEAR``). Positives: the made duplicates; every
other pair told counts against. The bar chosen names the most made duplicates less the other pairs it names, ties
to the higher bar (fewer findings), on all registries and with each left out in turn. The default embedder; dev
data only. A library's two pairs (tests/integration/data/library) are printed after, as a report: they chose nothing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from benchmarks.doctor_duplicates import DEV, registry  # noqa: E402
from toolfilter_core import ToolFilterConfig, ToolSpec, get_embedder, read_tools_file  # noqa: E402
from toolfilter_core._doctor.errand import errand_candidates, keyed_reads  # noqa: E402
from toolfilter_core._doctor.probes import bare, probes_of, rank_probes  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402

BARS = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7)
LIBRARY = ROOT / "tests" / "integration" / "data" / "library" / "tools.jsonl"
Row = list[tuple[str, str, float, bool, bool]]


def candidates(tools: Sequence[ToolSpec], made: set[frozenset[str]], cache: CachingEmbedder) -> Row:
    """The registry's candidate pairs: names, the names' cosine, whether a made duplicate."""
    specs = bare(tools)
    documents = rank_probes(specs, probes_of(specs, max_requests=0), cache, ToolFilterConfig(), 5).documents
    found = errand_candidates(specs, documents, cache.embed_documents)
    pairs = [(specs[i], specs[j], cosine) for (i, j), cosine in found.items()]
    return [(a.name, b.name, cosine, keyed_reads(a, b), frozenset((a.name, b.name)) in made) for a, b, cosine in pairs]


def gain(rows: dict[str, Row], bar: float) -> tuple[int, int]:
    """Made duplicates told, other pairs told, at ``bar``."""
    told = [hit for row in rows.values() for *_, cosine, keyed, hit in row if cosine >= bar or keyed]
    return sum(told), len(told) - sum(told)


def best(rows: dict[str, Row]) -> float:
    """The bar with the most duplicates less others told, ties to the higher bar."""
    return max(BARS, key=lambda bar: (gain(rows, bar)[0] - gain(rows, bar)[1], bar))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="also write the output here")
    args = parser.parse_args()
    cache = CachingEmbedder(get_embedder("default"))
    lines: list[str] = []
    rows: dict[str, Row] = {}
    for name in DEV:
        tools, _, made = registry(name)
        rows[name] = candidates(tools, made, cache)
        made_n = sum(1 for *_, hit in rows[name] if hit)
        lines.append(f"{name}: {len(made)} made, {len(rows[name])} candidates ({made_n} made)")
        lines += [
            f"  {a} ~ {b}: names {c:.3f}{' KEY' if k else ''}{' MADE' if hit else ''}" for a, b, c, k, hit in rows[name]
        ]
    lines.append("bar: made duplicates told, other pairs told (all dev registries)")
    lines += [f"  {bar:.2f}: {gain(rows, bar)[0]}, {gain(rows, bar)[1]}" for bar in BARS]
    lines.append(f"chosen: {best(rows):.2f}")
    for name in rows:
        rest = {k: v for k, v in rows.items() if k != name}
        bar = best(rest)
        lines.append(f"  {name} left out: {bar:.2f}; on it {gain({name: rows[name]}, bar)}")
    pairs = {frozenset(("send_notice", "notify_patron")), frozenset(("user_get", "lookup_customer"))}
    lines.append("the library (tests/integration/data/library; a report, chose nothing):")
    lines += [
        f"  {a} ~ {b}: names {c:.3f}{' KEY' if k else ''}"
        for a, b, c, k, _ in candidates(read_tools_file(LIBRARY), pairs, cache)
    ]
    print("\n".join(lines))
    if args.out:
        Path(args.out).write_text("\n".join(lines) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
