"""Which crowded neighbours make a tool need a when-to-use line, with profiles and without: the rules, chosen here.

    python benchmarks/doctor_when.py            # the dev registries with their profiles
    python benchmarks/doctor_when.py --bare     # the same registries without profiles
    python benchmarks/doctor_when.py [--bare] --probes DIR ...   # with dev probe folders (pairs.json)

``no_when_to_use`` names a tool whose description never says when to use it while it crowds
another. With profiles, a crowded pair may be one its users' requests never confuse: no
request of either ranks the other first (the pair is crowded by its requests' graded shares
or their nearness alone). Rules compared, each a ``run.users_tell_apart`` (a pair it tells
apart gives no neighbour for the check):

- ``every pair`` (before issue #32 item 6): every crowded pair counts;
- ``ranked first``: a pair counts only when some request of one ranks the other first;
- ``ranked or mixed``: ... or some request sits nearer the other tool than its own.

Per registry: the tools the one ``no_when_to_use`` finding names, how many crowd a neighbour
with which its notes list them as confusable (PAIRS.md / NOTES.md, or the proxy of
``doctor_pairs.query_pairs``), and how many crowd only unlisted neighbours. The rule chosen
drops the most tools of unlisted pairs less those of listed ones beyond what dropping as many
at random would (``beyond_chance``; the plain difference, ``gain``, printed too, rises with
every tool dropped where most are unlisted), ties to the fewer tools; chosen on all and with
each registry left out. Dev data only.

``--bare``: without profiles every crowded pair (or cluster pair) counts, and a registry's line
can name most of its tools. Rules compared, each a ``run.words_tell_apart`` (the pairs it
returns give no neighbour); a pair whose names are one search, or one description alone tells
apart, or whose parameters do (``parts.names``, ``named_apart``, ``keyed``) always counts:

- ``every pair`` (before): every crowded pair counts;
- ``k x threshold`` (1.5, 2, 3): a pair counts when it scores at least k times the threshold;
- ``strongest n`` (1, 2): a pair counts when it is one of the n strongest crowded pairs of either tool;
- ``one kind``: not a read beside an act of another kind (``acts.act_kinds``: one name reads, the other
  makes, changes, starts, stops or destroys): ``event_list`` ~ ``event_register``;
- ``strongest 1, one kind`` and ``2 x threshold or strongest 1``: the two joined;
- ``no pair`` (printed, not a candidate): no line at all.

The same score chooses, the same way.

Each rule of both modes is also tried with ``NAMED`` (`` + names``): a tool whose every neighbour's name says
another act (``run.names_tell_apart``) is counted at the end of the line, not named. ``--probes DIR ...`` adds dev
probe registries (tools.jsonl, profiles.jsonl, pairs.json), their truth the near-duplicates their ``pairs.json``
lists; per group (dev, probes) the tools named and the share with a listed neighbour are printed, and the rule the
score chooses on the probes alone (``+ names`` in both modes; the dev notes, which list a read beside a set as
confusable, choose without it: hence a count, not a drop).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from benchmarks.doctor_pairs import DATA, DEV, listed_pairs, query_pairs  # noqa: E402
from toolfilter_core import get_embedder, read_tools_file  # noqa: E402
from toolfilter_core._doctor import diagnose, run  # noqa: E402
from toolfilter_core._doctor.acts import act_kinds  # noqa: E402
from toolfilter_core._doctor.crowding import CROWDED_SCORE  # noqa: E402
from toolfilter_core._doctor.values import CrowdedPair  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402

RULES: dict[str, Callable[[CrowdedPair], bool]] = {
    "every pair": lambda p: False,
    "ranked first": lambda p: p.first_ab == 0 and p.first_ba == 0,
    "ranked or mixed": lambda p: not (p.first_ab or p.first_ba or p.mixed_counts[0] or p.mixed_counts[2]),
}

BareRule = Callable[[Sequence[CrowdedPair], float], set[frozenset[str]]]


def _kept(pair: CrowdedPair) -> bool:
    """A pair every bare rule keeps: names of one search, or told apart by one description or by parameters."""
    return bool(pair.parts.get("names") or pair.parts.get("named_apart") or pair.parts.get("keyed"))


def _crowded(pairs: Sequence[CrowdedPair], threshold: float) -> list[CrowdedPair]:
    return [p for p in pairs if p.score >= threshold or _kept(p)]


def below(k: float) -> BareRule:
    """Apart: the crowded pairs under ``k`` times the threshold."""
    return lambda pairs, t: {frozenset((p.a, p.b)) for p in _crowded(pairs, t) if p.score < k * t and not _kept(p)}


def strongest(n: int) -> BareRule:
    """Apart: the crowded pairs that are not among the ``n`` strongest of either tool."""

    def rule(pairs: Sequence[CrowdedPair], threshold: float) -> set[frozenset[str]]:
        crowded = sorted(_crowded(pairs, threshold), key=lambda p: -p.score)
        rank: dict[str, int] = {}
        out = set()
        for pair in crowded:
            top = rank.get(pair.a, 0) < n or rank.get(pair.b, 0) < n
            rank[pair.a], rank[pair.b] = rank.get(pair.a, 0) + 1, rank.get(pair.b, 0) + 1
            if not top and not _kept(pair):
                out.add(frozenset((pair.a, pair.b)))
        return out

    return rule


def read_beside_act(pair: CrowdedPair) -> bool:
    """One name reads and the other says an act of another kind (``event_list``, ``event_register``)."""
    a, b = act_kinds(pair.a), act_kinds(pair.b)
    return bool(a and b) and ("read" in a) != ("read" in b)


def one_kind(pairs: Sequence[CrowdedPair], threshold: float) -> set[frozenset[str]]:
    """Apart: a read beside an act of another kind."""
    return {frozenset((p.a, p.b)) for p in _crowded(pairs, threshold) if read_beside_act(p) and not _kept(p)}


BARE_RULES: dict[str, BareRule] = {
    "every pair": lambda pairs, t: set(),
    "1.5 x threshold": below(1.5),
    "2 x threshold": below(2.0),
    "3 x threshold": below(3.0),
    "strongest 1": strongest(1),
    "strongest 2": strongest(2),
    "one kind": one_kind,
    "strongest 1, one kind": lambda pairs, t: strongest(1)(pairs, t) | one_kind(pairs, t),
    "2 x threshold or strongest 1": lambda pairs, t: strongest(1)(pairs, t) & below(2.0)(pairs, t),
    "no pair": lambda pairs, t: {frozenset((p.a, p.b)) for p in pairs},
}

NAMED = " + names"
"""A rule with this tail also tells apart the pairs whose names say different acts (``run.names_tell_apart``)."""
BARE_NAMED = ("every pair", "1.5 x threshold", "2 x threshold")
"""The bare rules tried with ``NAMED`` too."""


def flagged(
    folder: Path,
    rule: Callable[[CrowdedPair], bool] | BareRule,
    embedder: CachingEmbedder,
    *,
    bare: bool = False,
    named: bool = False,
) -> dict[str, set[str]]:
    """The tools the one ``no_when_to_use`` finding names under ``rule``, with their neighbours.

    A tool's neighbours: the other side of each crowded pair (or cluster pair) it is in that
    ``rule`` does not tell apart, as the doctor counts them. ``bare``: without profiles, ``rule`` a ``BareRule``;
    ``named``: the pairs whose names say different acts told apart too (``run.names_tell_apart``).
    """
    hook = "words_tell_apart" if bare else "users_tell_apart"
    switch = "WHEN_NAMES"
    original, was = getattr(run, hook), getattr(run, switch)
    setattr(run, hook, rule)
    setattr(run, switch, named)
    try:
        profiles = None if bare else folder / "profiles.jsonl"
        report = diagnose(folder / "tools.jsonl", profiles=profiles, embedder=embedder)
    finally:
        setattr(run, hook, original)
        setattr(run, switch, was)
    if bare:
        apart = rule(report.pairs, CROWDED_SCORE)  # type: ignore[call-arg]
    else:
        apart = {frozenset((p.a, p.b)) for p in report.pairs if rule(p)}  # type: ignore[call-arg]
    if named:
        apart |= run.names_tell_apart(report.pairs, {t.name: t for t in read_tools_file(folder / "tools.jsonl")})
    neighbours = run._neighbours(report.findings, apart)
    told = {name for f in report.of_kind("no_when_to_use") for name in f.tools}  # one finding names them all
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


def beyond_chance(rows: dict[str, dict[str, tuple[int, int]]], rule: str, names: list[str]) -> tuple[float, int]:
    """``gain`` less what dropping as many findings at random would gain (0 for every pair and for none).

    Without profiles most tools named on the dev registries crowd only unlisted neighbours, so ``gain``
    rises with every finding dropped, whichever: it is highest for ``no pair`` (no line at all).
    """
    score, findings = 0.0, 0
    for name in names:
        listed, unlisted = rows[name][rule]
        base_listed, base_unlisted = rows[name]["every pair"]
        base = base_listed + base_unlisted
        dropped = base - listed - unlisted
        score += (base_unlisted - unlisted) - (base_listed - listed)
        score -= dropped * (base_unlisted - base_listed) / base if base else 0.0
        findings += listed + unlisted
    return round(score, 6), -findings


def _truth(folder: Path, embedder: CachingEmbedder) -> set[frozenset[str]]:
    """The pairs a registry's notes list as confusable; a probe folder's ``pairs.json``: its near-duplicates."""
    names = {t.name for t in read_tools_file(folder / "tools.jsonl")}
    if (folder / "pairs.json").is_file():
        listed = json.loads((folder / "pairs.json").read_text(encoding="utf-8"))["near_duplicates"]
        return {frozenset(pair[:2]) for pair in listed}
    notes = next((folder / n for n in ("PAIRS.md", "NOTES.md") if (folder / n).is_file()), None)
    return listed_pairs(notes, names) if notes is not None else query_pairs(folder, embedder)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bare", action="store_true", help="without the registries' profiles")
    parser.add_argument("--probes", nargs="*", default=[], help="dev probe folders (tools, profiles, pairs.json)")
    args = parser.parse_args()
    bare = args.bare
    base: dict[str, Callable[[CrowdedPair], bool] | BareRule] = {**(BARE_RULES if bare else RULES)}
    tried = BARE_NAMED if bare else tuple(RULES)
    rules = {**base, **{name + NAMED: base[name] for name in tried}}
    embedder = CachingEmbedder(get_embedder("default"))
    rows: dict[str, dict[str, tuple[int, int]]] = {}
    folders = {name: DATA / name for name in DEV} | {Path(p).name: Path(p) for p in args.probes}
    for name, folder in folders.items():
        names = {t.name for t in read_tools_file(folder / "tools.jsonl")}
        truth = _truth(folder, embedder)
        rows[name] = {}
        for rule_name, rule in rules.items():
            tools = flagged(folder, rule, embedder, bare=bare, named=rule_name.endswith(NAMED))
            listed = sum(1 for tool, others in tools.items() if any(frozenset((tool, o)) in truth for o in others))
            rows[name][rule_name] = (listed, len(tools) - listed)
        said = {r: f"{a + b} ({a} listed, {b} not)" for r, (a, b) in rows[name].items()}
        print(name, f"({len(names)} tools)", said) if bare else print(name, said)
    every = list(folders)
    score = beyond_chance
    for rule_name in rules:
        plain, chance = gain(rows, rule_name, every)[0], beyond_chance(rows, rule_name, every)[0]
        print(f"{rule_name}: gain {plain}, beyond chance {chance:.2f}")
    candidates = [r for r in rules if r != "no pair"]  # a reference: no line at all
    print("chosen on all:", max(candidates, key=lambda r: score(rows, r, every)))
    probes = [Path(p).name for p in args.probes]
    for group, names in (("dev", list(DEV)), ("probes", probes)):
        for rule_name in rules if names else ():
            listed = sum(rows[n][rule_name][0] for n in names)
            told = listed + sum(rows[n][rule_name][1] for n in names)
            print(f"{group} {rule_name}: named {told}, listed {listed} ({listed / told if told else 0:.2f})")
    if probes:
        print("chosen on the probes:", max(candidates, key=lambda r: score(rows, r, probes)))
    for left in every:
        rest = [n for n in every if n != left]
        chosen = max(candidates, key=lambda r: score(rows, r, rest))
        listed, unlisted = rows[left][chosen]
        print(f"without {left}: {chosen}; on {left}: {listed + unlisted} ({listed} listed, {unlisted} not)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
