"""Without profiles: at what score is a pair of names on different things a finding? (``crowding.APART_SCORE``)

    python benchmarks/doctor_apart.py    # the doctor's dev registries (doctor_pairs.DEV), no held-out one

Each dev registry is diagnosed once without profiles with the rule off (``APART_SCORE`` 0); then for each bar the
pairs of names on different things saying no one kind of act (``parts.apart``, ``acts.things_apart``) under it are
left out of the told pairs, and the mean precision and recall against the registries' listed pairs printed. Chosen:
the bar of highest mean precision whose mean recall is not below the rule off (of those, the lowest bar); each dev
registry left out in turn too.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from benchmarks.doctor_pairs import DATA, DEV, Pair, _means, listed_pairs, query_pairs, score_row  # noqa: E402
from toolfilter_core import diagnose, get_embedder, read_tools_file  # noqa: E402
from toolfilter_core._doctor import crowding  # noqa: E402
from toolfilter_core._doctor.crowding import CROWDED_SCORE  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402

BARS = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2, 1.5, float("inf"))


def _told(report: Any, bar: float) -> list[Pair]:
    """``doctor_pairs.told_pairs`` with the pairs of ``parts.apart`` under ``bar`` left out."""
    found = [
        frozenset((p.a, p.b))
        for p in report.pairs
        if (p.score >= CROWDED_SCORE and not (p.parts.get("apart") and p.score < bar)) or p.parts.get("names")
    ]
    found += [frozenset(f.tools) for f in report.findings if f.kind == "near_duplicate"]
    parts = ("named_apart", "keyed")
    found += [
        frozenset(f.tools)
        for f in report.findings
        if f.kind == "crowded_pair" and any(f.evidence.get("parts", {}).get(k) for k in parts)
    ]
    return list(dict.fromkeys(found))


def _best(rows: dict[tuple[str, float], dict[str, Any]], names: list[str]) -> float:
    """The bar of highest mean precision over ``names`` whose mean recall is not below the rule off (bar 0)."""
    means = {bar: _means([rows[n, bar] for n in names]) for bar in BARS}
    floor = means[0.0][1] - 1e-9
    kept = [bar for bar in BARS if means[bar][1] >= floor]
    return max(kept, key=lambda bar: (round(means[bar][0], 6), -bar))


def main() -> int:
    embedder = CachingEmbedder(get_embedder("default"))
    rows: dict[tuple[str, float], dict[str, Any]] = {}
    saved = crowding.APART_SCORE
    crowding.APART_SCORE = 0.0
    try:
        for name in DEV:
            folder = DATA / name
            names = {t.name for t in read_tools_file(folder / "tools.jsonl")}
            notes = next((folder / n for n in ("PAIRS.md", "NOTES.md") if (folder / n).is_file()), None)
            truth = listed_pairs(notes, names) if notes is not None else query_pairs(folder, embedder)
            report = diagnose(folder / "tools.jsonl", embedder=embedder)
            apart = [p for p in report.pairs if p.parts.get("apart") and p.score >= CROWDED_SCORE]
            for p in apart:
                listed = "listed" if frozenset((p.a, p.b)) in truth else "-"
                print(f"  {name}: {p.a} ~ {p.b} {p.score:.3f} {listed}")
            for bar in BARS:
                rows[name, bar] = score_row(_told(report, bar), truth)
    finally:
        crowding.APART_SCORE = saved
    for bar in BARS:
        precision, recall = _means([rows[n, bar] for n in DEV])
        flagged = sum(rows[n, bar]["flagged"] for n in DEV)
        print(f"bar {bar:.2f}: mean precision {precision:.4f}, mean recall {recall:.4f}, flagged {flagged}")
    print(f"chosen: {_best(rows, list(DEV)):.2f}")
    for left in DEV:
        print(f"  {left} left out: {_best(rows, [n for n in DEV if n != left]):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
