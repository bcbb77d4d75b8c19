"""Which crowded neighbours make a tool need a when-to-use line, with profiles: the rule, chosen here.

    python benchmarks/doctor_when.py            # the dev registries with their profiles

``no_when_to_use`` names a tool whose description never says when to use it while it crowds
another. With profiles, a crowded pair may be one its users' requests never confuse: no
request of either ranks the other first (the pair is crowded by its requests' graded shares
or their nearness alone). Rules compared, each a ``run.users_tell_apart`` (a pair it tells
apart gives no neighbour for the check):

- ``every pair`` (before issue #32 item 6): every crowded pair counts;
- ``ranked first``: a pair counts only when some request of one ranks the other first;
- ``ranked or mixed``: ... or some request sits nearer the other tool than its own.

Per registry: the ``no_when_to_use`` findings, how many name a tool that crowds a neighbour
with which its notes list it as confusable (PAIRS.md / NOTES.md, or the proxy of
``doctor_pairs.query_pairs``), and how many crowd only unlisted neighbours. The rule chosen
drops the most findings of unlisted tools less those of listed ones, ties to the fewer
findings; chosen on all and with each registry left out. Dev data only.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from benchmarks.doctor_pairs import DATA, DEV, listed_pairs, query_pairs  # noqa: E402
from toolfilter_core import get_embedder, read_tools_file  # noqa: E402
from toolfilter_core._doctor import diagnose, run  # noqa: E402
from toolfilter_core._doctor.values import CrowdedPair  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402

RULES: dict[str, Callable[[CrowdedPair], bool]] = {
    "every pair": lambda p: False,
    "ranked first": lambda p: p.first_ab == 0 and p.first_ba == 0,
    "ranked or mixed": lambda p: not (p.first_ab or p.first_ba or p.mixed_counts[0] or p.mixed_counts[2]),
}


def flagged(name: str, rule: Callable[[CrowdedPair], bool], embedder: CachingEmbedder) -> dict[str, set[str]]:
    """The tools named ``no_when_to_use`` (alone, in a thin one's or a pair's line) under ``rule``, with neighbours.

    A tool's neighbours: the other side of each crowded pair (or cluster pair) it is in that
    ``rule`` does not tell apart, as the doctor counts them.
    """
    folder = DATA / name
    original = run.users_tell_apart
    run.users_tell_apart = rule
    try:
        report = diagnose(folder / "tools.jsonl", profiles=folder / "profiles.jsonl", embedder=embedder)
    finally:
        run.users_tell_apart = original
    apart = {frozenset((p.a, p.b)) for p in report.pairs if rule(p)}
    neighbours = run._neighbours(report.findings, apart)
    told = {
        f.tools[0]
        for f in report.findings
        if f.kind == "no_when_to_use" or (f.kind == "thin_description" and f.evidence.get("no_when_to_use"))
    }
    told |= {name for f in report.of_kind("crowded_pair") for name in f.evidence.get("no_when_to_use", ())}
    return {name: set(neighbours.get(name, ())) for name in told}


def gain(rows: dict[str, dict[str, tuple[int, int]]], rule: str, names: list[str]) -> tuple[int, int]:
    """(unlisted dropped less listed dropped, -findings) over ``names``: higher is better."""
    score = findings = 0
    for name in names:
        listed, unlisted = rows[name][rule]
        base_listed, base_unlisted = rows[name]["every pair"]
        score += (base_unlisted - unlisted) - (base_listed - listed)
        findings += listed + unlisted
    return score, -findings


def main() -> int:
    embedder = CachingEmbedder(get_embedder("default"))
    rows: dict[str, dict[str, tuple[int, int]]] = {}
    for name in DEV:
        folder = DATA / name
        names = {t.name for t in read_tools_file(folder / "tools.jsonl")}
        notes = next((folder / n for n in ("PAIRS.md", "NOTES.md") if (folder / n).is_file()), None)
        truth = listed_pairs(notes, names) if notes is not None else query_pairs(folder, embedder)
        rows[name] = {}
        for rule_name, rule in RULES.items():
            tools = flagged(name, rule, embedder)
            listed = sum(1 for tool, others in tools.items() if any(frozenset((tool, o)) in truth for o in others))
            rows[name][rule_name] = (listed, len(tools) - listed)
        print(name, {r: f"{a + b} ({a} listed, {b} not)" for r, (a, b) in rows[name].items()})
    every = list(DEV)
    print("chosen on all:", max(RULES, key=lambda r: gain(rows, r, every)))
    for left in DEV:
        rest = [n for n in DEV if n != left]
        chosen = max(RULES, key=lambda r: gain(rows, r, rest))
        listed, unlisted = rows[left][chosen]
        print(f"without {left}: {chosen}; on {left}: {listed + unlisted} ({listed} listed, {unlisted} not)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
