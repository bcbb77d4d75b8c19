"""Do the users' requests tell a duplicate from a sibling? The doctor's duplicate bar, chosen here.

    python benchmarks/doctor_duplicates.py --choose   # every pair's mixing, the choice, each registry left out
    python benchmarks/doctor_duplicates.py --doctor --out benchmarks/results/doctor_duplicates.json
        # the doctor's findings on the registries with duplicates (--label before: run over an older library)
    python benchmarks/doctor_duplicates.py --doctor --drop-made
        # the same with each made duplicate's profile dropped: a tool added after the profiles were written

Each dev registry (the kit and dev_*) gets three made duplicates
(``benchmarks/data/doctor_duplicates/duplicates.jsonl``: a tool restated in other words, a
name and synonyms, with profile requests of its own; see its SOURCE.md). A pair's mixing is
``crowding.request_mixing``: the smaller of the two shares of each tool's profile requests
that sit nearer the other tool's centroid (its description and requests) than their own
(``mixing.centroid_mixing``, as the doctor computes it). Positives: each made duplicate with
the tool it restates; siblings: the registry's listed confusable pairs (PAIRS.md / NOTES.md,
or the proxy of ``doctor_pairs.query_pairs``); every other pair counts too (none is meant as
a duplicate). A seventh row: a language school's registry (``tests/integration/data/school``)
with the duplicate that user added (``crm_find_learner`` beside ``student_find``), no pairs listed.

``--choose``: the description's weight in a tool's centroid (``mixing.DESCRIPTION_WEIGHT``)
and the bar (a share of requests, ``crowding.DUPLICATE_MIXED``) that name the most duplicates
less the other pairs they name, ties to the higher bar (fewer findings), then the lighter
weight, on all seven and with each left out in turn (its figures on the one left out).
``--doctor``: ``diagnose`` on each registry with its duplicates (this checkout's doctor): the
made duplicates found as ``near_duplicate``, and the sibling and other pairs it names so;
with ``--drop-made`` the made duplicates (and the school's) have no profile, and
``unchecked`` counts those the doctor names as unchecked with the tool they restate as the
closest (``unchecked_duplicates``). Dev data only.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from benchmarks.doctor_pairs import listed_pairs, query_pairs  # noqa: E402
from toolfilter_core import ToolSpec, get_embedder, load_tools, read_tools_file  # noqa: E402
from toolfilter_core._doctor import crowding, diagnose  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402
from toolfilter_core._tool_profiles.sidecar import Profiles, read_profiles  # noqa: E402
from toolfilter_core._tool_profiles.values import ToolProfile  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
DUPLICATES = DATA / "doctor_duplicates" / "duplicates.jsonl"
SCHOOL = ROOT / "tests" / "integration" / "data" / "school"
"""A language school's registry with the duplicate its owner added (dev data; its SOURCE.md)."""
SCHOOL_DUPLICATE = frozenset(("student_find", "crm_find_learner"))
DEV = (
    "toolkit48",
    "dev_hotel_pms",
    "dev_school_lms",
    "dev_homelab_net",
    "dev_photo_studio",
    "dev_mcp_fleet",
    "school",
)
BARS = (0.125, 0.25, 0.375, 0.5, 0.625, 0.75)
"""The bars tried: shares of a tool's 8 requests."""
WEIGHTS = (1.0, 2.0, 3.0, 4.0)
"""The description weights tried (in requests)."""
Pair = frozenset[str]


def registry(name: str) -> tuple[list[ToolSpec], Profiles, set[Pair]]:
    """The registry's tools and profiles with its made duplicates, and the duplicate pairs."""
    if name == "school":
        return read_tools_file(SCHOOL / "tools.jsonl"), read_profiles(SCHOOL / "profiles.jsonl"), {SCHOOL_DUPLICATE}
    rows = [json.loads(line) for line in DUPLICATES.read_text("utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if r["registry"] == name]
    folder = DATA / name
    tools = read_tools_file(folder / "tools.jsonl") + load_tools([r["tool"] for r in rows])
    made = Profiles({r["tool"]["name"]: ToolProfile(tuple(r["requests"])) for r in rows})
    profiles = read_profiles(folder / "profiles.jsonl").merged(made)
    return tools, profiles, {frozenset((r["tool"]["name"], r["restates"])) for r in rows}


def siblings(name: str, embedder: CachingEmbedder) -> set[Pair]:
    """The registry's listed confusable pairs (or the proxy from its labelled queries; none for the school)."""
    if name == "school":
        return set()
    folder = DATA / name
    names = {t.name for t in read_tools_file(folder / "tools.jsonl")}
    notes = next((folder / n for n in ("PAIRS.md", "NOTES.md") if (folder / n).is_file()), None)
    return listed_pairs(notes, names) if notes is not None else query_pairs(folder, embedder)


def mixed_pairs(
    tools: list[ToolSpec], profiles: Profiles, embedder: CachingEmbedder, weight: float
) -> dict[Pair, float]:
    """Every pair's request mixing (only pairs above 0), as the doctor computes it with ``weight``."""
    from toolfilter_core._doctor import mixing

    kept = crowding.DUPLICATE_MIXED, mixing.DESCRIPTION_WEIGHT
    crowding.DUPLICATE_MIXED, mixing.DESCRIPTION_WEIGHT = 1e-9, weight  # every pair with any mixing is kept
    try:
        report = diagnose(tools, profiles=profiles, embedder=embedder, crowded_score=10.0)
    finally:
        crowding.DUPLICATE_MIXED, mixing.DESCRIPTION_WEIGHT = kept
    return {frozenset((p.a, p.b)): p.parts.get("mixed", 0.0) for p in report.pairs if p.parts.get("mixed", 0.0) > 0}


def count(mixed: dict[Pair, float], dups: set[Pair], sibs: set[Pair], bar: float) -> dict[str, int]:
    """Duplicates found and missed, siblings and other pairs named, at ``bar``."""
    named = {p for p, m in mixed.items() if m >= bar}
    return {
        "found": len(named & dups),
        "missed": len(dups - named),
        "siblings_named": len((named & sibs) - dups),
        "others_named": len(named - sibs - dups),
    }


def best(rows: Sequence[dict[str, Any]]) -> tuple[float, float]:
    """``(weight, bar)`` naming the most duplicates less every other pair; ties: higher bar, lighter weight."""

    def gain(choice: tuple[float, float]) -> tuple[int, float, float]:
        weight, bar = choice
        counts = [count(r["mixed"][weight], r["dups"], r["sibs"], bar) for r in rows]
        return sum(c["found"] - c["siblings_named"] - c["others_named"] for c in counts), bar, -weight

    return max(((w, b) for w in WEIGHTS for b in BARS), key=gain)


def choose(embedder: CachingEmbedder) -> None:
    from toolfilter_core._doctor import mixing

    rows = []
    for name in DEV:
        tools, profiles, dups = registry(name)
        sibs = siblings(name, embedder)
        by_weight = {w: mixed_pairs(tools, profiles, embedder, w) for w in WEIGHTS}
        rows.append({"name": name, "mixed": by_weight, "dups": dups, "sibs": sibs})
        mixed = by_weight[mixing.DESCRIPTION_WEIGHT]
        top = sorted(mixed.items(), key=lambda kv: -kv[1])[:6]
        print(f"{name}: {len(tools)} tools, {len(sibs)} sibling pairs; at weight {mixing.DESCRIPTION_WEIGHT}:")
        for pair in sorted(dups, key=sorted):
            print(f"    {' / '.join(sorted(pair))}: {mixed.get(pair, 0.0):.3f}")
        print("  highest mixing: " + "; ".join(f"{' / '.join(sorted(p))} {m:.3f}" for p, m in top))
        sib = sorted(((mixed.get(p, 0.0), sorted(p)) for p in sibs), reverse=True)[:3]
        print("  highest siblings: " + "; ".join(f"{' / '.join(p)} {m:.3f}" for m, p in sib))
    weight, bar = best(rows)
    total = {k: sum(count(r["mixed"][weight], r["dups"], r["sibs"], bar)[k] for r in rows) for k in ("found", "missed")}
    print(f"\nchosen on all seven: weight {weight}, bar {bar}; {total}")
    for w in WEIGHTS:
        for b in BARS:
            counts = [count(r["mixed"][w], r["dups"], r["sibs"], b) for r in rows]
            summed = {k: sum(c[k] for c in counts) for k in counts[0]}
            print(f"  weight {w}, bar {b}: {json.dumps(summed)}")
    print("\neach registry left out (chosen on the other six, figures on the one left out):")
    for i, row in enumerate(rows):
        w, b = best(rows[:i] + rows[i + 1 :])
        print(
            f"  {row['name']}: weight {w}, bar {b}; " + json.dumps(count(row["mixed"][w], row["dups"], row["sibs"], b))
        )


def dropped(profiles: Profiles, dups: set[Pair]) -> Profiles:
    """``profiles`` without the made duplicates' (and the school's ``crm_find_learner``)."""
    made = {json.loads(line)["tool"]["name"] for line in DUPLICATES.read_text("utf-8").splitlines() if line.strip()}
    gone = {name for pair in dups for name in pair if name in made | {"crm_find_learner"}}
    return Profiles({name: p for name, p in profiles.tools.items() if name not in gone}, profiles.no_tool)


def _unchecked(report: Any, dups: set[Pair]) -> int:
    """The duplicates named unchecked with the tool they restate as the closest."""
    closest: dict[str, Any] = {}
    for finding in report.of_kind("unchecked_duplicates"):
        closest.update(finding.evidence.get("closest", {}))
    return sum(1 for pair in dups if any(closest.get(a, [None])[0] == b for a, b in (sorted(pair), sorted(pair)[::-1])))


def doctor(embedder: CachingEmbedder, *, drop_made: bool = False) -> dict[str, Any]:
    """Per registry: the made duplicates the doctor names ``near_duplicate``, and what else it names so."""
    rows = {}
    for name in DEV:
        tools, profiles, dups = registry(name)
        sibs = siblings(name, embedder)
        if drop_made:
            profiles = dropped(profiles, dups)
        report = diagnose(tools, profiles=profiles, embedder=embedder)
        named = {frozenset(f.tools) for f in report.of_kind("near_duplicate")}
        crowded = {frozenset(f.tools) for f in report.of_kind("crowded_pair")}
        rows[name] = {
            "duplicates": len(dups),
            "found": len(named & dups),
            "missed_as_crowded_pair": len((dups - named) & crowded),
            "siblings_named": sorted("/".join(sorted(p)) for p in (named & sibs) - dups),
            "others_named": sorted("/".join(sorted(p)) for p in named - sibs - dups),
        }
        if drop_made:
            rows[name]["unchecked"] = _unchecked(report, dups)
        print(name, json.dumps(rows[name]))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--choose", action="store_true", help="every pair's mixing and the choice (seven registries)")
    parser.add_argument("--doctor", action="store_true", help="the doctor's findings on the registries")
    parser.add_argument("--out", type=Path, help="with --doctor: a JSON file to keep the rows in, under --label")
    parser.add_argument("--label", default="after", help="with --out: 'after' (this checkout) or 'before'")
    parser.add_argument("--drop-made", action="store_true", help="with --doctor: the made duplicates without profiles")
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder("default"))
    if args.choose:
        choose(embedder)
    if args.doctor:
        rows = doctor(embedder, drop_made=args.drop_made)
        if args.out:
            kept = json.loads(args.out.read_text("utf-8")) if args.out.exists() else {}
            kept[args.label] = rows
            args.out.write_text(json.dumps(kept, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
