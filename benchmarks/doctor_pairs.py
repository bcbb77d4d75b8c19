"""Does the doctor find the pairs a registry's authors meant to be confusable?

    python benchmarks/doctor_pairs.py --dev        # the kit and dev_* (PAIRS.md, or proxy truth)
    python benchmarks/doctor_pairs.py --dev --choose   # choose the weights and threshold here (rows left out too)
        # and the qualifier nouns of names, the undo prefixes and Chinese undo pairs; the requests' mixing measured
    python benchmarks/doctor_pairs.py --heldout    # report only: heldout_saas_billing, heldout_clinic_lab_zh
    python benchmarks/doctor_pairs.py --dev --bare --choose  # without profiles: choose the errand rule

``--bare`` runs the doctor without the registries' profiles (the first run, before any are
written), each row also as before the errand rule (``errand_off``), as before the read rules
(``reads_off``) and as before names sharing only common words counted as on different things
(``common_off``) and as before two definitions sharing one word were weighed apart (``lone_off``); its
``--choose`` chooses ``acts.KINDLESS_DIFFERS`` and ``crowding.ERRAND_WEIGHT``
(the weight of a pair of names on different things doing different acts) at the threshold in force,
then ``acts.GUARDED_NAMED``, ``crowding.GUARDED_WEIGHT`` (a read beside a destroyer) and
``crowding.OTHER_READS_WEIGHT`` (two reads of different things), then ``acts.ERRAND_COMMON``, then
``crowding.LONE_WEIGHT`` (two definitions sharing one word, on different things or acts), each dev row left out too;
then measures a read beside a write of one thing, or a change only (``choose_read_change``: chosen 1, no rule).

Truth on the held-out registries is the confusable pairs their NOTES.md lists (an
``a <-> b <-> c`` line gives every pair of its tools). Three dev registries carry a PAIRS.md
in the same form (written from their tool lists for this benchmark); the kit and
dev_photo_studio have none, so their truth is a proxy from their labelled queries: a pair is
confusable when, over the tools' own words (no profiles), the pipeline ranks one of them
first for a query that needs the other, or second within ``NEAR_RATIO`` of it.
Thresholds are chosen on the dev rows only (``--sweep`` prints the grid); the held-out rows are
run once with the chosen ones.

``--choose`` (with profiles) also chooses ``acts.QUALIFIER_NOUNS`` (``choose_nouns``: of a list written
before any registry was read, each word whose name pairs cost no mean F1, each dev row left out too) and
measures the mixing at which the users' requests make two tools a near-duplicate (``measure_mixed``).
Every run ends with the rows' mean precision and mean recall.

Each row: the doctor's crowded pairs (score >= CROWDED_SCORE, with the registry's tool
profiles, the default embedder), their precision and recall against the truth, and the same
at the top N findings where N is the number of true pairs.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import re
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from itertools import combinations
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from toolfilter_core import ToolFilter, get_embedder, read_queries, read_tools_file  # noqa: E402
from toolfilter_core._doctor import acts, crowding, diagnose  # noqa: E402
from toolfilter_core._doctor.crowding import (  # noqa: E402
    CROWDED_SCORE,
    DESCRIBED_WEIGHT,
    ERRAND_WEIGHT,
    FOREIGN_WEIGHT,
    NEAR_RATIO,
    OWN_WEIGHT,
    REQUESTS_WEIGHT,
    USERS_FLOOR,
    VOICE_WEIGHT,
    Z_WEIGHT,
)
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402
from toolfilter_core._hints import says_destructive  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
DEV = ("toolkit48", "dev_hotel_pms", "dev_school_lms", "dev_homelab_net", "dev_photo_studio", "dev_mcp_fleet")
HELDOUT = ("heldout_saas_billing", "heldout_clinic_lab_zh", "heldout_ecom_ops_desk", "heldout_mcp_workspace")
Pair = frozenset[str]
Setting = TypeVar("Setting")


def noted_pairs(path: Path, names: set[str]) -> set[Pair]:
    """Pairs of a NOTES.md: each ``- a <-> b <-> c: ...`` line (``b / c``: either)."""
    out: set[Pair] = set()
    for line in path.read_text("utf-8").splitlines():
        if not line.startswith("- ") or "<->" not in line:
            continue
        head = line[2:].split(":", 1)[0]
        groups = [re.findall(r"[A-Za-z_][A-Za-z0-9_]*", part) for part in head.split("<->")]
        tools = [[n for n in g if n in names] for g in groups]
        for i, j in combinations(range(len(tools)), 2):
            out.update(frozenset((a, b)) for a in tools[i] for b in tools[j] if a != b)
    return out


_TRUTH_SECTION = re.compile(r"^#+ .*(?:confus|near[- ]dup)", re.I)


def listed_pairs(path: Path, names: set[str]) -> set[Pair]:
    """Pairs of a notes file: ``<->`` lines, else its confusable sections' tables and ``a vs b`` lines.

    A table row pairs the tools of each of its cells but the last (what decides) with those
    of the others, or, when one cell holds them all, each with each; ``server__a / b``
    names ``server__b``. A ``vs`` line pairs the tools named before its first full stop.
    """
    arrows = noted_pairs(path, names)
    if arrows:
        return arrows
    out: set[Pair] = set()
    inside = False
    for line in path.read_text("utf-8").splitlines():
        if line.startswith("#"):
            inside = bool(_TRUTH_SECTION.match(line)) or (inside and line.startswith("###"))
            continue
        if not inside:
            continue
        if line.lstrip().startswith("|"):
            cells = [_cell_tools(c, names) for c in line.strip().strip("|").split("|")[:-1]]
            cells = [c for c in cells if c]
            groups = cells if len(cells) > 1 else [[n] for n in (cells[0] if cells else [])]
            for i, j in combinations(range(len(groups)), 2):
                out.update(frozenset((a, b)) for a in groups[i] for b in groups[j] if a != b)
        elif " vs " in line:
            named = _cell_tools(re.split(r"\.\s", line, maxsplit=1)[0], names)
            out.update(frozenset((a, b)) for a, b in combinations(named, 2) if a != b)
    return out


def _cell_tools(text: str, names: set[str]) -> list[str]:
    """The registry's tools a cell names, in order (``server__a / b``: ``b`` is ``server__b``)."""
    out: list[str] = []
    prefix = ""
    for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text):
        if word in names:
            prefix = word.split("__", 1)[0] + "__" if "__" in word else ""
            out.append(word)
        elif prefix and prefix + word in names:
            out.append(prefix + word)
    return list(dict.fromkeys(out))


def query_pairs(folder: Path, embedder: CachingEmbedder) -> set[Pair]:
    """The proxy truth: pairs the pipeline confuses on the registry's labelled queries (no profiles)."""
    tools = read_tools_file(folder / "tools.jsonl")
    selector = ToolFilter(tools, embedder=embedder)
    out: set[Pair] = set()
    for item in read_queries(folder / "queries.jsonl"):
        if len(item.gold) != 1:
            continue
        gold = item.gold[0]
        selection = selector.select(item.query)
        ranked = [*selection.selected, *sorted(selection.rejected, key=lambda s: -s.score)]
        names = [s.name for s in ranked]
        if not names:
            continue
        if names[0] != gold:
            out.add(frozenset((gold, names[0])))
        elif len(ranked) > 1 and ranked[1].score >= NEAR_RATIO * ranked[0].score:
            out.add(frozenset((gold, names[1])))
    return out


def told_pairs(report: Any) -> list[Pair]:
    """The pairs the doctor flags: crowded (``CROWDED_SCORE``, or names of one read family), then near-duplicates.

    A pair of names the same but for read verbs of one family (``acts.name_synonyms``) is told whatever its
    score; a pair a description says is the same (``said.said_same``), or the definitions' own near-duplicates,
    as ``near_duplicate`` findings.
    """
    found = [frozenset((p.a, p.b)) for p in report.pairs if p.score >= CROWDED_SCORE or p.parts.get("names")]
    found += [frozenset(f.tools) for f in report.findings if f.kind == "near_duplicate"]
    found += [frozenset(f.tools) for f in report.findings if f.kind == "crowded_pair" and _half_told(f)]
    return list(dict.fromkeys(found))


def _half_told(finding: Any) -> bool:
    """A crowded pair of names of one search told apart, told whatever its score.

    By one description (``parts.named_apart``, the other silent), or by their parameters (``parts.keyed``: a
    lookup by a key beside a search).
    """
    parts = finding.evidence.get("parts", {})
    return bool(parts.get("named_apart") or parts.get("keyed"))


def by_own_text(report: Any, truth: set[Pair]) -> dict[str, list[int]]:
    """Per rule of a tool's own text: [pairs told by that rule, of them listed].

    The rules: ``said_same``, ``named_apart``, ``name_synonyms``, ``name_qualifier``, ``name_filters``, ``keyed``
    (``said``, ``acts``; ``name_*`` the pair's ``names`` part: a search verb of one family, a ``by`` filter or a
    qualifier in one name, or more words and filters in one (``acts.filtered_pairs``); ``keyed``: such names
    whose parameters say a lookup by a key beside a search, ``acts.keyed_apart``.)
    """
    said = {frozenset(f.tools) for f in report.findings if f.evidence.get("by") == "description"}
    names = {frozenset((p.a, p.b)) for p in report.pairs if p.parts.get("names")}
    qualified = {pair for pair in names if acts.name_qualifier(*sorted(pair))}
    synonyms = {pair for pair in names - qualified if acts.name_synonyms(*sorted(pair))}
    filtered = names - qualified - synonyms
    half = {frozenset(f.tools) for f in report.findings if f.kind == "crowded_pair" and _half_told(f)}
    keyed = {frozenset((p.a, p.b)) for p in report.pairs if p.parts.get("keyed")}
    return {
        "said_same": [len(said), len(said & truth)],
        "named_apart": [len(half - keyed), len((half - keyed) & truth)],
        "name_synonyms": [len(synonyms), len(synonyms & truth)],
        "name_qualifier": [len(qualified), len(qualified & truth)],
        "name_filters": [len(filtered), len(filtered & truth)],
        "keyed": [len(keyed), len(keyed & truth)],
    }


def score_row(found: list[Pair], truth: set[Pair]) -> dict[str, Any]:
    hits = sum(1 for p in found if p in truth)
    top = found[: len(truth)]
    top_hits = sum(1 for p in top if p in truth)
    return {
        "truth": len(truth),
        "flagged": len(found),
        "precision": round(hits / len(found), 3) if found else None,
        "recall": round(hits / len(truth), 3) if truth else None,
        "top_n_precision": round(top_hits / len(top), 3) if top else None,
        "top_n_recall": round(top_hits / len(truth), 3) if truth else None,
    }


GRID = {
    "requests": (0.5, 1.0, 2.0),
    "voice": (0.0, 0.5, 1.0, 2.0),
    "own": (0.5, 1.0),
    "z": (0.2, 0.5),
    "foreign": (0.0, 1.0, 2.0),
    "described": (0.0, 0.5, 1.0),
    "users": (0.0, 0.05, 0.1, 0.2, 0.3),
    "threshold": (0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.8),
}
"""The weights tried; ``GENERIC_WEIGHT`` is fixed (weighing shared generic words low is asked
for by users' reports, not chosen here: the dev rows score it within 0.01 mean F1 of 1.0)."""
Weights = tuple[float, ...]
"""(requests, voice, own, z, foreign, described, users, threshold): every registry here is profiled."""


def rescored(pair: Any, w: Weights) -> float:
    """A pair's score under weights ``Weights`` from its terms."""
    parts = pair.parts
    own = w[2] * parts["own"] + w[3] * parts["similar"]
    if parts["requests"] + parts["foreign"] < w[6]:
        return 0.0  # with profiles, a pair the users' requests do not join is no crowding
    users = w[0] * parts["requests"] + w[1] * parts["voice"] + w[4] * parts["foreign"]
    return float(users + w[5] * parts["generic"] * own)


def f1(pairs: list[Any], truth: set[Pair], w: Weights) -> float:
    found = {frozenset((p.a, p.b)) for p in pairs if rescored(p, w) >= w[-1]}
    hits = len(found & truth)
    return 2 * hits / (len(found) + len(truth)) if found or truth else 1.0


TOLERANCE = 0.01
"""Weights within this mean F1 of the best are as good (the optimum is flat): of those, the one
flagging the fewest pairs on the dev rows is chosen (a finding nobody can act on is noise)."""


def _f1_table(pairs: list[Any], truth: set[Pair], grid: list[Weights]) -> tuple[np.ndarray, np.ndarray]:
    """F1 and pairs flagged of one registry under every weights of ``grid`` at once (terms as a matrix)."""
    if not pairs:
        return np.full(len(grid), 1.0 if not truth else 0.0), np.zeros(len(grid))
    terms = np.array(
        [[p.parts["requests"], p.parts["voice"], p.parts["foreign"], p.parts["generic"] * p.parts["own"],
          p.parts["generic"] * p.parts["similar"]] for p in pairs]
    )  # fmt: skip
    hit = np.array([frozenset((p.a, p.b)) in truth for p in pairs])
    w = np.asarray(grid)
    weights = np.stack([w[:, 0], w[:, 1], w[:, 4], w[:, 5] * w[:, 2], w[:, 5] * w[:, 3]], axis=1)
    joined = (terms[:, 0] + terms[:, 2])[:, None] >= w[:, 6]
    found = ((terms @ weights.T) >= w[:, -1]) & joined
    hits = (found & hit[:, None]).sum(axis=0)
    return np.asarray(2 * hits / np.maximum(found.sum(axis=0) + len(truth), 1)), found.sum(axis=0)


def choose_weights(all_pairs: dict[str, Any], truths: dict[str, set[Pair]]) -> None:
    """The weights of best mean F1: on all dev rows, and with each row left out."""
    grid: list[Weights] = list(itertools.product(*GRID.values()))
    tables = {n: _f1_table(all_pairs[n], truths[n], grid) for n in all_pairs}

    def best(names: list[str]) -> Weights:
        mean = sum(tables[n][0] for n in names) / len(names)
        flagged = sum(tables[n][1] for n in names)
        near = np.flatnonzero(mean >= mean.max() - TOLERANCE)
        return grid[int(near[np.argmin(flagged[near])])]

    names = list(all_pairs)
    now = (
        REQUESTS_WEIGHT,
        VOICE_WEIGHT,
        OWN_WEIGHT,
        Z_WEIGHT,
        FOREIGN_WEIGHT,
        DESCRIBED_WEIGHT,
        USERS_FLOOR,
        CROWDED_SCORE,
    )
    mean = sum(f1(all_pairs[n], truths[n], now) for n in names) / len(names)
    print(f"in force (requests, voice, own, z, foreign, described, users, threshold): {now}, mean F1 {mean:.3f}")
    chosen = best(names)
    mean = sum(f1(all_pairs[n], truths[n], chosen) for n in names) / len(names)
    scale = CROWDED_SCORE / chosen[-1]
    print(f"chosen on every dev row: {chosen}, mean F1 {mean:.3f}")
    print(f"  as weights at the threshold {CROWDED_SCORE}: requests x{scale:.2f}, described x{scale:.2f}")
    for left in names:
        weights = best([n for n in names if n != left])
        print(f"left out {left}: chosen {weights}, its F1 {f1(all_pairs[left], truths[left], weights):.3f}")


ERRAND_GRID = {"kindless_differs": (False, True), "errand": (0.0, 0.25, 0.5, 0.75, 1.0)}
"""Without profiles: whether a name with no kind of act differs from one with, and the weight of such pairs."""


def bare_score(pair: Any, kindless_differs: bool, errand: float, *, common: frozenset[str] = frozenset()) -> float:
    """A pair's score without profiles when ``acts.other_errand`` pairs weigh ``errand``.

    ``common``: the names' shared words the errand rule reads as none (``acts.ERRAND_COMMON``; none: the rule
    as ``choose_errand`` chose it, before that one).
    """
    parts = pair.parts
    own = parts["generic"] * (OWN_WEIGHT * parts["own"] + Z_WEIGHT * parts["similar"])
    errand_pair = acts.other_errand(pair.a, pair.b, kindless_differs=kindless_differs, common=common)
    score = own * (errand if errand_pair else 1.0)
    return float(max(score, CROWDED_SCORE) if parts.get("names") else score)


def print_left_out(
    names: list[str],
    best: Callable[[list[str]], Setting],
    mean_f1: Callable[[list[str], Setting], float],
    off: Callable[[Setting], Setting] | None = None,
) -> None:
    """Each dev row left out: the setting ``best`` chooses on the others, and its F1 on the row left out.

    ``off``: the setting with the rule off, its F1 on that row printed beside.
    """
    for left in names:
        chosen = best([n for n in names if n != left])
        beside = f" (off: {mean_f1([left], off(chosen)):.3f})" if off is not None else ""
        print(f"left out {left}: chosen {chosen}, its F1 {mean_f1([left], chosen):.3f}{beside}")


def choose_errand(all_pairs: dict[str, Any], truths: dict[str, set[Pair]]) -> None:
    """The errand rule and weight of best mean F1 at ``CROWDED_SCORE`` (fewest flagged within ``TOLERANCE``)."""
    grid = list(itertools.product(*ERRAND_GRID.values()))
    found = {
        (n, g): [frozenset((p.a, p.b)) for p in all_pairs[n] if bare_score(p, *g) >= CROWDED_SCORE]
        for n in all_pairs
        for g in grid
    }

    def mean_f1(names: list[str], g: tuple[bool, float]) -> float:
        f1s = [2 * len(set(found[n, g]) & truths[n]) / max(len(found[n, g]) + len(truths[n]), 1) for n in names]
        return sum(f1s) / len(f1s)

    def best(names: list[str]) -> tuple[bool, float]:
        top = max(mean_f1(names, g) for g in grid)
        near = [g for g in grid if mean_f1(names, g) >= top - TOLERANCE]
        return min(near, key=lambda g: (sum(len(found[n, g]) for n in names), g))

    names = list(all_pairs)
    for g in grid:
        hits = sum(len(set(found[n, g]) & truths[n]) for n in names)
        scores = setting_scores(found, truths, names, g, mean_f1)
        print(f"kindless_differs={g[0]!s:5} errand={g[1]:.2f}: {scores}, true flagged {hits}")
    now = (acts.KINDLESS_DIFFERS, ERRAND_WEIGHT)
    print(f"in force (kindless_differs, errand): {now}, mean F1 {mean_f1(names, now):.3f}")
    chosen = best(names)
    print(f"chosen on every dev row: {chosen}, mean F1 {mean_f1(names, chosen):.3f}")
    print_left_out(names, best, mean_f1)


READS_WRITES_GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
"""Without profiles: the weights tried for a pair on one object, one reading and the other writing or destroying."""


def reads_beside_writes(a: str, b: str) -> bool:
    """Names on one object (a word in common) with acts of different kinds, one a read: ``rota_view``, ``rota_swap``."""
    kinds_a, kinds_b = acts.act_kinds(a), acts.act_kinds(b)
    one_object = bool(acts.name_objects(a) & acts.name_objects(b))
    return bool(
        one_object and kinds_a and kinds_b and not kinds_a & kinds_b and ("read" in kinds_a) != ("read" in kinds_b)
    )


def _write_kinds(pair: Pair) -> frozenset[str]:
    """The kinds of act of the name of a read-beside-write pair that does not read (``reads_beside_writes``)."""
    return next((kinds for kinds in map(acts.act_kinds, sorted(pair)) if "read" not in kinds), frozenset())


def choose_reads_writes(all_pairs: dict[str, Any], truths: dict[str, set[Pair]]) -> None:
    """Are a read and a write on one object true confusables? Their weight of best mean F1 (1: as the rest).

    At ``CROWDED_SCORE`` and the errand rule in force; fewest flagged within ``TOLERANCE``, each row left out too.
    Each row's such pairs are printed by the write's kind of act too (a read beside a change of one record,
    ``tenant_lookup`` / ``tenant_update``: "change"). Chosen 1 (no weight of their own; docs/doctor.md);
    ``choose_read_change`` measures it again with every later rule in force.
    """
    in_force = (acts.KINDLESS_DIFFERS, ERRAND_WEIGHT)
    found = {
        (n, w): {
            frozenset((p.a, p.b))
            for p in all_pairs[n]
            if p.parts.get("names")
            or bare_score(p, *in_force) * (w if reads_beside_writes(p.a, p.b) else 1.0) >= CROWDED_SCORE
        }
        for n in all_pairs
        for w in READS_WRITES_GRID
    }

    def mean_f1(names: list[str], w: float) -> float:
        return sum(2 * len(found[n, w] & truths[n]) / max(len(found[n, w]) + len(truths[n]), 1) for n in names) / len(
            names
        )

    def best(names: list[str]) -> float:
        top = max(mean_f1(names, w) for w in READS_WRITES_GRID)
        near = [w for w in READS_WRITES_GRID if mean_f1(names, w) >= top - TOLERANCE]
        return min(near, key=lambda w: (sum(len(found[n, w]) for n in names), w))

    names = list(all_pairs)
    for n in names:
        pairs = {frozenset((p.a, p.b)) for p in all_pairs[n] if reads_beside_writes(p.a, p.b)}
        flagged = pairs & found[n, 1.0]
        kinds = ", ".join(
            f"{kind} {len(told)} ({len(told & truths[n])} listed)"
            for kind in ("change", "make", "destroy", "start", "stop")
            if (told := {p for p in flagged if kind in _write_kinds(p)})
        )
        print(f"{n}: reads beside writes flagged {len(flagged)}, of them listed {len(flagged & truths[n])}; {kinds}")
    for w in READS_WRITES_GRID:
        print(f"reads_writes={w:.2f}: mean F1 {mean_f1(names, w):.3f}, flagged {sum(len(found[n, w]) for n in names)}")
    print(f"chosen on every dev row: {best(names)}")
    print_left_out(names, best, mean_f1)


READ_PAIRS_GRID = {
    "named": (False, True),
    "guarded": (0.0, 0.25, 0.5, 0.75, 1.0),
    "reads": (0.0, 0.25, 0.5, 0.75, 1.0),
}
"""Without profiles (issue #32 item 6): whether a destroyer beside a read must say a destroy verb in its name
(``acts.GUARDED_NAMED``), the weight of such a pair (``crowding.GUARDED_WEIGHT``) and of two reads of different
things (``crowding.OTHER_READS_WEIGHT``)."""
ReadPairs = tuple[bool, float, float]


def read_pairs_flags(pair: Any, destroys: dict[str, bool], named: bool) -> tuple[bool, bool]:
    """Whether ``pair`` is a read beside a destroyer (``named`` as ``acts.GUARDED_NAMED``), and two other reads.

    The second as the pair's ``reads`` part says (``acts.other_reads``, the definitions sharing no word but
    generic ones: a rule that dropped ``customer_lookup`` / ``crm_find_contact``, one act in other words, is
    not tried).
    """
    guarded = acts.read_beside_destroyer(pair.a, pair.b, (destroys[pair.a], destroys[pair.b]), named=named)
    return guarded, bool(pair.parts.get("reads"))


def choose_read_pairs(
    all_pairs: dict[str, Any], truths: dict[str, set[Pair]], destroys: dict[str, dict[str, bool]]
) -> None:
    """The read-pair rule and weights of best mean F1 at ``CROWDED_SCORE`` and the errand rule in force.

    As ``choose_errand``: of the settings within ``TOLERANCE`` of the best mean F1, the one flagging fewest
    pairs; each dev row left out too. ``destroys``: per row, each tool's ``says_destructive``.
    """
    in_force = (acts.KINDLESS_DIFFERS, ERRAND_WEIGHT)
    grid: list[ReadPairs] = list(itertools.product(*READ_PAIRS_GRID.values()))
    flags = {
        (n, named): [read_pairs_flags(p, destroys[n], named) for p in all_pairs[n]]
        for n in all_pairs
        for named in READ_PAIRS_GRID["named"]
    }
    found: dict[tuple[str, ReadPairs], set[Pair]] = {}
    for n in all_pairs:
        for g in grid:
            found[n, g] = set()
            for p, (guarded, reads) in zip(all_pairs[n], flags[n, g[0]], strict=True):
                weight = (g[1] if guarded else 1.0) * (g[2] if reads else 1.0)
                if p.parts.get("names") or bare_score(p, *in_force) * weight >= CROWDED_SCORE:
                    found[n, g].add(frozenset((p.a, p.b)))

    def mean_f1(names: list[str], g: ReadPairs) -> float:
        f1s = [2 * len(found[n, g] & truths[n]) / max(len(found[n, g]) + len(truths[n]), 1) for n in names]
        return sum(f1s) / len(f1s)

    def best(names: list[str]) -> ReadPairs:
        top = max(mean_f1(names, g) for g in grid)
        near = [g for g in grid if mean_f1(names, g) >= top - TOLERANCE]
        return min(near, key=lambda g: (sum(len(found[n, g]) for n in names), g))

    names = list(all_pairs)
    full = (True, 1.0, 1.0)
    for n in names:
        for named in READ_PAIRS_GRID["named"]:
            for k, label in enumerate(("read beside a destroyer", "two other reads")):
                if k == 1 and not named:
                    continue
                told = {frozenset((p.a, p.b)) for p, f in zip(all_pairs[n], flags[n, named], strict=True) if f[k]}
                told &= found[n, full]
                said = f" (named={named})" if k == 0 else ""
                print(f"{n}: {label}{said} flagged {len(told)}, of them listed {len(told & truths[n])}")
    for g in grid:
        hits = sum(len(found[n, g] & truths[n]) for n in names)
        scores = setting_scores(found, truths, names, g, mean_f1)
        print(f"named={g[0]!s:5} guarded={g[1]:.2f} reads={g[2]:.2f}: {scores}, true flagged {hits}")
    now = (acts.GUARDED_NAMED, crowding.GUARDED_WEIGHT, crowding.OTHER_READS_WEIGHT)
    print(f"in force (named, guarded, reads): {now}, mean F1 {mean_f1(names, now):.3f}")
    chosen = best(names)
    print(f"chosen on every dev row: {chosen}, mean F1 {mean_f1(names, chosen):.3f}")
    print_left_out(names, best, mean_f1)


def choose_errand_common(
    all_pairs: dict[str, Any],
    truths: dict[str, set[Pair]],
    destroys: dict[str, dict[str, bool]],
    common: dict[str, frozenset[str]],
) -> None:
    """``acts.ERRAND_COMMON``: do names sharing only the registry's common words count as on different things?

    ``common``: per row, ``crowding.common_words``. At ``CROWDED_SCORE`` and every other rule in force (the
    errand weight, the read pairs'); of on and off, the one within ``TOLERANCE`` of the best mean F1 that flags
    fewer pairs, and on when both flag as many (the dev rows cannot tell it: it is kept as written, as
    ``choose_nouns`` keeps a word that costs no F1); each dev row left out too.
    """
    found: dict[tuple[str, bool], set[Pair]] = {}
    for n in all_pairs:
        for owner in (False, True):
            found[n, owner] = set()
            for p in all_pairs[n]:
                guarded, reads = read_pairs_flags(p, destroys[n], acts.GUARDED_NAMED)
                weight = (crowding.GUARDED_WEIGHT if guarded else 1.0) * (crowding.OTHER_READS_WEIGHT if reads else 1.0)
                shared = common[n] if owner else frozenset()
                score = bare_score(p, acts.KINDLESS_DIFFERS, ERRAND_WEIGHT, common=shared)
                if p.parts.get("names") or score * weight >= CROWDED_SCORE:
                    found[n, owner].add(frozenset((p.a, p.b)))

    def mean_f1(names: list[str], owner: bool) -> float:
        return sum(_f1(found[n, owner], truths[n]) for n in names) / len(names)

    def best(names: list[str]) -> bool:
        top = max(mean_f1(names, g) for g in (False, True))
        near = [g for g in (False, True) if mean_f1(names, g) >= top - TOLERANCE]
        return min(near, key=lambda g: (sum(len(found[n, g]) for n in names), not g))  # a tie keeps the rule

    names = list(all_pairs)
    for n in names:
        dropped = found[n, False] - found[n, True]
        listed = sorted(sorted(p) for p in dropped & truths[n])
        print(f"{n}: common name words drop {len(dropped)}, of them listed {len(listed)} {listed}")
        print(f"  dropped: {sorted(sorted(p) for p in dropped)}")
    for owner in (False, True):
        print(f"errand_common={owner!s:5}: {setting_scores(found, truths, names, owner, mean_f1)}")
    print(f"in force: {acts.ERRAND_COMMON}; on every dev row (a tie goes to on): {best(names)}")
    print_left_out(names, best, mean_f1)


LONE_GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
"""Without profiles: the weights tried for two definitions sharing one word, on different things or acts."""
LONE_WAYS = (("verb",), ("things",), ("acts",), ("verb", "acts"), ("things", "acts"))
"""The ways tried (``acts.LONE_WAYS``) in which two names sharing one word are on different things or acts."""


@contextlib.contextmanager
def lone_ways(ways: tuple[str, ...]) -> Iterator[None]:
    """The doctor with ``acts.LONE_WAYS`` set to ``ways``."""
    saved = acts.LONE_WAYS
    acts.LONE_WAYS = frozenset(ways)
    try:
        yield
    finally:
        acts.LONE_WAYS = saved


Lone = tuple[tuple[str, ...], float]


def _lone_found(pairs: list[Any], destroys: dict[str, bool], common: frozenset[str], w: float) -> set[Pair]:
    """The pairs flagged at ``CROWDED_SCORE`` with every other rule in force, ``lone`` pairs weighing ``w``."""
    found = set()
    for p in pairs:
        guarded, reads = read_pairs_flags(p, destroys, acts.GUARDED_NAMED)
        weight = (crowding.GUARDED_WEIGHT if guarded else 1.0) * (crowding.OTHER_READS_WEIGHT if reads else 1.0)
        shared = common if acts.ERRAND_COMMON else frozenset()
        score = bare_score(p, acts.KINDLESS_DIFFERS, ERRAND_WEIGHT, common=shared)
        weight *= w if p.parts.get("lone") else 1.0
        if p.parts.get("names") or score * weight >= CROWDED_SCORE:
            found.add(frozenset((p.a, p.b)))
    return found


def choose_lone(
    lone_pairs: dict[tuple[str, tuple[str, ...]], Any],
    truths: dict[str, set[Pair]],
    destroys: dict[str, dict[str, bool]],
    common: dict[str, frozenset[str]],
) -> None:
    """``acts.LONE_WAYS`` and ``crowding.LONE_WEIGHT``: two definitions sharing one word but common ones, named on
    different things or doing different acts (the pair's ``lone`` part, ``acts.one_word_apart``).

    ``lone_pairs``: per dev row and ways, its pairs as ``--bare --choose`` collects them. At ``CROWDED_SCORE`` and
    every other rule in force; of the settings whose mean F1 is not below the F1 of weight 1 (the rule off), the one
    flagging fewest pairs, each dev row left out too.
    """
    names = sorted({n for n, _ in lone_pairs}, key=list(truths).index)
    grid: list[Lone] = [(ways, w) for ways in LONE_WAYS for w in LONE_GRID]
    found = {(n, g): _lone_found(lone_pairs[n, g[0]], destroys[n], common[n], g[1]) for n in names for g in grid}

    def mean_f1(rows: list[str], g: Lone) -> float:
        return sum(_f1(found[n, g], truths[n]) for n in rows) / len(rows)

    def best(rows: list[str]) -> Lone:
        off = mean_f1(rows, (LONE_WAYS[0], 1.0))
        kept = [g for g in grid if mean_f1(rows, g) >= off]
        return min(kept, key=lambda g: (sum(len(found[n, g]) for n in rows), -g[1], g[0]))

    for ways in LONE_WAYS:
        for n in names:
            dropped = found[n, (ways, 1.0)] - found[n, (ways, 0.0)]
            listed = sorted(sorted(p) for p in dropped & truths[n])
            print(f"{'+'.join(ways)} {n}: one shared word drops at 0 {len(dropped)}, of them listed {listed}")
        for w in LONE_GRID:
            print(f"lone {'+'.join(ways)} {w:.2f}: {setting_scores(found, truths, names, (ways, w), mean_f1)}")
    print(f"in force: {sorted(acts.LONE_WAYS)} {crowding.LONE_WEIGHT}; chosen on every dev row: {best(names)}")
    print_left_out(names, best, mean_f1, off=lambda g: (g[0], 1.0))


READ_WRITE_SCOPES = ("write", "change")
"""The read-beside-write pairs weighed in ``choose_read_change``: any write (make, change, destroy, start, stop), or
a change only (``tenant_lookup`` / ``tenant_update``: a read and an update of one record)."""


def choose_read_change(
    all_pairs: dict[str, Any],
    truths: dict[str, set[Pair]],
    destroys: dict[str, dict[str, bool]],
    common: dict[str, frozenset[str]],
) -> None:
    """Is a read beside a write of one thing a true pair, with every rule in force? Its weight (1: as the rest).

    ``reads_beside_writes`` pairs of each scope of ``READ_WRITE_SCOPES`` weighed by each of ``READS_WRITES_GRID``
    at ``CROWDED_SCORE``, every other rule in force (errand, read pairs, common words, one shared word; unlike
    ``choose_reads_writes``, which ran before those); of the settings within ``TOLERANCE`` of the best mean F1, the
    one flagging fewest pairs, each dev row left out too. Nothing is set from it unless it chooses below 1.
    """
    grid = [(scope, w) for scope in READ_WRITE_SCOPES for w in READS_WRITES_GRID]
    found: dict[tuple[str, tuple[str, float]], set[Pair]] = {}
    for n in all_pairs:
        in_force = {frozenset((p.a, p.b)): p for p in all_pairs[n]}
        kept = _lone_found(all_pairs[n], destroys[n], common[n], crowding.LONE_WEIGHT)
        for scope, w in grid:
            found[n, (scope, w)] = {
                pair
                for pair in kept
                if w >= 1.0
                or in_force[pair].parts.get("names")
                or not _read_write(pair, scope)
                or _in_force_score(in_force[pair], destroys[n], common[n]) * w >= CROWDED_SCORE
            }

    def mean_f1(rows: list[str], g: tuple[str, float]) -> float:
        return sum(_f1(found[n, g], truths[n]) for n in rows) / len(rows)

    def best(rows: list[str]) -> tuple[str, float]:
        top = max(mean_f1(rows, g) for g in grid)
        near = [g for g in grid if mean_f1(rows, g) >= top - TOLERANCE]
        return min(near, key=lambda g: (sum(len(found[n, g]) for n in rows), -g[1], g[0]))

    names = list(all_pairs)
    for n in names:
        for scope in READ_WRITE_SCOPES:
            told = {p for p in found[n, (scope, 1.0)] if _read_write(p, scope)}
            print(f"{n}: a read beside a {scope} flagged {len(told)}, of them listed {len(told & truths[n])}")
    for g in grid:
        print(f"read beside a {g[0]} {g[1]:.2f}: {setting_scores(found, truths, names, g, mean_f1)}")
    print(f"chosen on every dev row: {best(names)}")
    for left in names:
        g = best([n for n in names if n != left])
        rest = mean_f1([left], (g[0], 1.0))
        print(f"left out {left}: chosen {g}, its F1 {mean_f1([left], g):.3f} (as the rest: {rest:.3f})")


def _read_write(pair: Pair, scope: str) -> bool:
    """``pair`` is a read beside a write (``reads_beside_writes``), of a change only when ``scope`` says so."""
    a, b = sorted(pair)
    return reads_beside_writes(a, b) and (scope != "change" or "change" in _write_kinds(pair))


def _in_force_score(pair: Any, destroys: dict[str, bool], common: frozenset[str]) -> float:
    """A pair's bare score with every rule in force (as ``_lone_found`` weighs it)."""
    guarded, reads = read_pairs_flags(pair, destroys, acts.GUARDED_NAMED)
    weight = (crowding.GUARDED_WEIGHT if guarded else 1.0) * (crowding.OTHER_READS_WEIGHT if reads else 1.0)
    weight *= crowding.LONE_WEIGHT if pair.parts.get("lone") else 1.0
    shared = common if acts.ERRAND_COMMON else frozenset()
    return bare_score(pair, acts.KINDLESS_DIFFERS, ERRAND_WEIGHT, common=shared) * weight


NOUN_CANDIDATES = (
    "all archive catalog catalogue database directory full global index inventory library list registry".split()
)
"""Words that may say where or how widely a search looks (``course_catalog_search``), written from English
alone before any registry was read: ``choose_nouns`` strikes those whose pairs cost dev F1."""


def _f1(found: set[Pair], truth: set[Pair]) -> float:
    return 2 * len(found & truth) / max(len(found) + len(truth), 1)


def choose_nouns(names: dict[str, list[str]], truths: dict[str, set[Pair]], base: dict[str, set[Pair]]) -> None:
    """``acts.QUALIFIER_NOUNS``: each candidate kept unless the pairs it adds lower the mean F1 (``TOLERANCE``).

    ``base``: per dev row, the pairs the doctor flags with no qualifier noun; a word's pairs are those
    ``acts.synonym_pairs`` finds with it alone and not without. Each row left out too (kept on the others).
    """
    none = frozenset[str]()
    added: dict[tuple[str, str], set[Pair]] = {}
    for n, tools in names.items():
        plain = acts.synonym_pairs(tools, nouns=none)
        for word in NOUN_CANDIDATES:
            pairs = acts.synonym_pairs(tools, nouns=frozenset({word})) - plain
            added[n, word] = {frozenset((tools[i], tools[j])) for i, j in pairs} - base[n]

    def kept(rows: list[str]) -> list[str]:
        before = sum(_f1(base[n], truths[n]) for n in rows) / len(rows)
        out = []
        for word in NOUN_CANDIDATES:
            after = sum(_f1(base[n] | added[n, word], truths[n]) for n in rows) / len(rows)
            if after >= before - TOLERANCE:
                out.append(word)
        return out

    rows = list(names)
    for word in NOUN_CANDIDATES:
        pairs = [p for n in rows for p in added[n, word]]
        listed = sum(1 for n in rows for p in added[n, word] if p in truths[n])
        print(f"qualifier noun {word!r}: {len(pairs)} more pairs on dev, {listed} listed: {sorted(map(sorted, pairs))}")
    chosen = kept(rows)
    print(f"in force: {sorted(acts.QUALIFIER_NOUNS)}")
    print(f"chosen on every dev row: {chosen}")
    for left in rows:
        print(f"left out {left}: struck {sorted(set(NOUN_CANDIDATES) - set(kept([n for n in rows if n != left])))}")


def _undo_entries() -> list[tuple[str, Any]]:
    """The entries of ``acts.UNDO_PREFIXES``, ``acts.UNDO_VERBS`` and ``acts.UNDO_ZH``, each as (its list, itself)."""
    verbs = [("UNDO_VERBS", x) for x in sorted(acts.UNDO_VERBS)]
    return [("UNDO_PREFIXES", x) for x in acts.UNDO_PREFIXES] + verbs + [("UNDO_ZH", x) for x in acts.UNDO_ZH]


@contextlib.contextmanager
def struck(key: str, entry: Any) -> Iterator[None]:
    """The doctor with one entry of ``acts.UNDO_PREFIXES``, ``acts.UNDO_VERBS`` or ``acts.UNDO_ZH`` struck."""
    saved = getattr(acts, key)
    setattr(acts, key, type(saved)(x for x in saved if x != entry))
    try:
        yield
    finally:
        setattr(acts, key, saved)


def choose_undo(
    rows: tuple[str, ...], truths: dict[str, set[Pair]], found: dict[str, set[Pair]], embedder: Any
) -> None:
    """``acts.UNDO_PREFIXES``, ``acts.UNDO_VERBS`` and ``acts.UNDO_ZH``: each entry kept unless striking it raises the
    mean F1.

    An entry's pairs: the dev row's pairs of tools ``acts.undoes`` reads with that entry alone (``found``: the
    pairs the doctor flags as it is). A row holding some is rerun with the entry struck; a row holding none
    is unchanged by it. Kept when the mean F1 without it is not above (``TOLERANCE``) the mean with it; each
    row left out too.
    """
    f1_without: dict[tuple[str, str], float] = {}
    for key, entry in _undo_entries():
        only = _undo_only(key, entry)
        hit = []
        for n in rows:
            tools = read_tools_file(DATA / n / "tools.jsonl")
            pairs = [frozenset((a.name, b.name)) for a, b in combinations(tools, 2) if _undo_pair(a, b, only)]
            hit += [(n, sorted(p), p in truths[n]) for p in pairs]
            f1_without[n, repr(entry)] = _f1(found[n], truths[n])
            if pairs:
                with struck(key, entry):
                    report = diagnose(DATA / n / "tools.jsonl", profiles=DATA / n / "profiles.jsonl", embedder=embedder)
                f1_without[n, repr(entry)] = _f1(set(told_pairs(report)), truths[n])
        print(f"undo {key} {entry!r}: {len(hit)} pairs on dev ({sum(h[2] for h in hit)} listed): {hit}")

    def kept(names: list[str]) -> list[Any]:
        before = sum(_f1(found[n], truths[n]) for n in names) / len(names)
        out = []
        for _, entry in _undo_entries():
            after = sum(f1_without[n, repr(entry)] for n in names) / len(names)
            if after <= before + TOLERANCE:
                out.append(entry)
        return out

    every = [entry for _, entry in _undo_entries()]
    print(f"undo entries chosen on every dev row: {kept(list(rows))}")
    for left in rows:
        struck_out = [e for e in every if e not in kept([n for n in rows if n != left])]
        print(f"left out {left}: undo entries struck {struck_out}")


def _undo_only(key: str, entry: Any) -> dict[str, Any]:
    """The arguments of ``acts.undoes`` that read the undo of one entry alone."""
    if key == "UNDO_PREFIXES":
        return {"prefixes": (entry,), "zh": ()}
    if key == "UNDO_VERBS":
        return {"verbs": frozenset({entry}), "zh": ()}
    return {"prefixes": (), "zh": (entry,)}


def _undo_pair(a: Any, b: Any, only: dict[str, Any]) -> bool:
    return bool(acts.undoes(a, b, **only) or acts.undoes(b, a, **only))


MIXED_GRID = (0.25, 0.375, 0.5, 0.625, 0.75, 1.0)
"""The shares tried (profiles of 8 requests a tool: eighths) for the bar of ``measure_mixed``."""


def measure_mixed(
    pairs: dict[str, Any], truths: dict[str, set[Pair]], rest: dict[str, set[Pair]], differ: dict[str, set[Pair]]
) -> None:
    """Would another mixing bar make more near-duplicates by the users' requests worth telling? Printed, not chosen.

    Per bar of ``MIXED_GRID``: the mean F1 when the pairs whose requests mix at it (``parts.mixed``, acts not
    differing) are told beside ``rest`` (per row, the pairs the doctor flags otherwise: by score, names,
    descriptions), and how many of them are listed. The truth here is pairs a registry's authors meant to be
    confusable, not duplicates: when the F1 moves less than ``TOLERANCE`` across the grid it cannot choose the
    bar, and ``crowding.DUPLICATE_MIXED`` stays as benchmarks/doctor_duplicates.py --choose chose it (on the
    dev registries with made duplicates); each row left out too.
    """
    found = {
        (n, x): rest[n] | ({frozenset((p.a, p.b)) for p in pairs[n] if p.parts.get("mixed", 0.0) >= x} - differ[n])
        for n in pairs
        for x in MIXED_GRID
    }

    def mean_f1(rows: list[str], x: float) -> float:
        return sum(_f1(found[n, x], truths[n]) for n in rows) / len(rows)

    def spread(rows: list[str]) -> float:
        return max(mean_f1(rows, x) for x in MIXED_GRID) - min(mean_f1(rows, x) for x in MIXED_GRID)

    rows = list(pairs)
    for x in MIXED_GRID:
        added = [found[n, x] - rest[n] for n in rows]
        listed = sum(len(a & truths[n]) for a, n in zip(added, rows, strict=True))
        flagged = sum(len(found[n, x]) for n in rows)
        print(
            f"mixed >= {x:.3f}: mean F1 {mean_f1(rows, x):.3f}, flagged {flagged}, "
            f"told by the requests alone {sum(map(len, added))} ({listed} listed)"
        )
    said = "cannot choose" if spread(rows) < TOLERANCE else "moves"
    print(f"in force: {crowding.DUPLICATE_MIXED}; mean F1 spread over the grid {spread(rows):.3f}: {said}")
    for left in rows:
        print(f"left out {left}: spread on the others {spread([n for n in rows if n != left]):.3f}")


NearInputs = tuple[list[str], set[Pair], set[Pair], set[Pair]]
"""``_near_inputs``: the names, the pairs flagged with no qualifier noun, otherwise, and whose acts differ."""


def choose_near(pairs: dict[str, Any], truths: dict[str, set[Pair]], near: dict[str, NearInputs]) -> None:
    """``choose_nouns`` and ``measure_mixed`` from ``_near_inputs`` per dev row."""
    choose_nouns({n: v[0] for n, v in near.items()}, truths, {n: v[1] for n, v in near.items()})
    measure_mixed(pairs, truths, {n: v[2] for n, v in near.items()}, {n: v[3] for n, v in near.items()})


def _otherwise(report: Any) -> set[Pair]:
    """The pairs ``told_pairs`` flags but for the near-duplicates by the users' requests alone."""
    by_requests = {frozenset(f.tools) for f in report.findings if f.evidence.get("by") == "requests"}
    scored = {frozenset((p.a, p.b)) for p in report.pairs if p.score >= CROWDED_SCORE or p.parts.get("names")}
    other = {frozenset(f.tools) for f in report.findings if f.kind == "near_duplicate"} - by_requests
    return scored | other


BARE_WEIGHTS = ("ERRAND_WEIGHT", "GUARDED_WEIGHT", "OTHER_READS_WEIGHT", "LONE_WEIGHT")
"""The weights of pairs told less without profiles by their names (``crowding._bare_weight``)."""


@contextlib.contextmanager
def every_errand(keys: tuple[str, ...] = BARE_WEIGHTS) -> Iterator[None]:
    """The crowding module with the pairs of ``keys`` weighed as the rest (all: the ``--bare --choose`` candidates)."""
    saved = {k: getattr(crowding, k) for k in keys}
    for key in saved:
        setattr(crowding, key, 1.0)
    try:
        yield
    finally:
        for key, value in saved.items():
            setattr(crowding, key, value)


@contextlib.contextmanager
def no_common() -> Iterator[None]:
    """The doctor with ``acts.ERRAND_COMMON`` off: names sharing a registry's common word share a thing (as before)."""
    saved = acts.ERRAND_COMMON
    acts.ERRAND_COMMON = False
    try:
        yield
    finally:
        acts.ERRAND_COMMON = saved


@contextlib.contextmanager
def every_term() -> Iterator[None]:
    """The crowding module with every term weighed 1 and no users' floor: the candidates for ``--choose``."""
    saved = {k: getattr(crowding, k) for k in ("VOICE_WEIGHT", "FOREIGN_WEIGHT", "DESCRIBED_WEIGHT", "USERS_FLOOR")}
    for key in saved:
        setattr(crowding, key, 0.0 if key == "USERS_FLOOR" else 1.0)
    try:
        yield
    finally:
        for key, value in saved.items():
            setattr(crowding, key, value)


def _every_bare_pair(
    folder: Path, embedder: CachingEmbedder, lone_pairs: dict[tuple[str, tuple[str, ...]], Any]
) -> Any:
    """Every pair any bare weight could flag (``--bare --choose``); into ``lone_pairs``, the same per ``LONE_WAYS``."""
    with every_errand():
        pairs = diagnose(folder / "tools.jsonl", embedder=embedder, crowded_score=0.04).pairs
    for ways in LONE_WAYS:
        with every_errand(), lone_ways(ways):
            lone_pairs[folder.name, ways] = diagnose(
                folder / "tools.jsonl", embedder=embedder, crowded_score=0.04
            ).pairs
    return pairs


def run(
    names: tuple[str, ...], *, held_out: bool, sweep: bool, choose: bool = False, bare: bool = False
) -> dict[str, Any]:
    embedder = CachingEmbedder(get_embedder("default"))
    rows: dict[str, Any] = {}
    all_pairs, truths, destroys = {}, {}, {}
    common: dict[str, frozenset[str]] = {}
    near: dict[str, NearInputs] = {}
    flagged: dict[str, set[Pair]] = {}
    lone_pairs: dict[tuple[str, tuple[str, ...]], Any] = {}
    for name in names:
        folder = DATA / name
        tool_names = {t.name for t in read_tools_file(folder / "tools.jsonl")}
        notes = next((folder / n for n in ("PAIRS.md", "NOTES.md") if (folder / n).is_file()), None)
        truth = listed_pairs(notes, tool_names) if notes is not None else query_pairs(folder, embedder)
        started = time.perf_counter()
        profiles = None if bare else folder / "profiles.jsonl"
        report = diagnose(folder / "tools.jsonl", profiles=profiles, embedder=embedder)
        seconds = time.perf_counter() - started
        found = told_pairs(report)
        rows[name] = {**score_row(found, truth), "tools": report.tools, "seconds": round(seconds, 2)}
        rows[name].update(by_own_text(report, truth))
        if bare:  # the same row with errand (then read) pairs weighed as the rest (as before each rule)
            offs = (("errand_off", BARE_WEIGHTS[:1]), ("reads_off", BARE_WEIGHTS[1:3]), ("lone_off", BARE_WEIGHTS[3:]))
            for label, keys in offs:
                with every_errand(keys):
                    off = diagnose(folder / "tools.jsonl", embedder=embedder)
                rows[name][label] = score_row(told_pairs(off), truth)
            with no_common():
                off = diagnose(folder / "tools.jsonl", embedder=embedder)
            rows[name]["common_off"] = score_row(told_pairs(off), truth)
        if choose and bare:
            all_pairs[name] = _every_bare_pair(folder, embedder, lone_pairs)
            destroys[name] = {t.name: says_destructive(t) for t in read_tools_file(folder / "tools.jsonl")}
            common[name] = crowding.common_words(read_tools_file(folder / "tools.jsonl"))
        elif choose or sweep:
            with every_term():  # every pair any weights of the grid could flag, with its terms
                all_pairs[name] = diagnose(
                    folder / "tools.jsonl", profiles=folder / "profiles.jsonl", embedder=embedder, crowded_score=0.04
                ).pairs
            if choose:
                near[name] = _near_inputs(folder, report, all_pairs[name], embedder)
        truths[name] = truth
        flagged[name] = set(found)
        print(name, json.dumps(rows[name]))
    if choose and bare:
        choose_errand(all_pairs, truths)
        choose_reads_writes(all_pairs, truths)
        choose_read_pairs(all_pairs, truths, destroys)
        choose_errand_common(all_pairs, truths, destroys, common)
        choose_lone(lone_pairs, truths, destroys, common)
        choose_read_change(all_pairs, truths, destroys, common)
    elif choose:
        choose_weights(all_pairs, truths)
        choose_near(all_pairs, truths, near)
        choose_undo(names, truths, flagged, embedder)
    precision, recall = _means(list(rows.values()))
    print(f"mean precision {precision:.3f}, mean recall {recall:.3f} over {len(rows)} rows")
    if sweep and not bare:
        print_sweep(names, all_pairs, truths)
    return rows


def print_sweep(names: tuple[str, ...], all_pairs: dict[str, Any], truths: dict[str, set[Pair]]) -> None:
    """``--sweep``: the mean precision and recall per threshold, at the weights in force."""
    for threshold in (0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.75):
        now = (REQUESTS_WEIGHT, VOICE_WEIGHT, OWN_WEIGHT, Z_WEIGHT, FOREIGN_WEIGHT, DESCRIBED_WEIGHT, USERS_FLOOR)
        pooled = [
            score_row([frozenset((p.a, p.b)) for p in all_pairs[n] if rescored(p, now) >= threshold], truths[n])
            for n in names
        ]
        precision, recall = _means(pooled)
        print(
            f"threshold {threshold:.2f}: mean precision {precision:.3f}, mean recall {recall:.3f}, "
            f"flagged {sum(r['flagged'] for r in pooled)}, truth {sum(r['truth'] for r in pooled)}"
        )


@contextlib.contextmanager
def no_nouns() -> Iterator[None]:
    """The doctor with no qualifier noun (``acts.QUALIFIER_NOUNS`` empty): the base of ``choose_nouns``."""
    saved = acts.QUALIFIER_NOUNS
    acts.QUALIFIER_NOUNS = frozenset()
    try:
        yield
    finally:
        acts.QUALIFIER_NOUNS = saved


def _near_inputs(folder: Path, report: Any, pairs: Any, embedder: CachingEmbedder) -> NearInputs:
    """For ``choose_nouns`` and ``measure_mixed``: the names, the pairs flagged with no qualifier noun, the pairs
    flagged but for the near-duplicates by requests alone, and the pairs whose acts differ."""
    tools = read_tools_file(folder / "tools.jsonl")
    with no_nouns():
        plain = diagnose(folder / "tools.jsonl", profiles=folder / "profiles.jsonl", embedder=embedder)
    by_name = {t.name: t for t in tools}
    differ = {frozenset((p.a, p.b)) for p in pairs if acts.acts_differ(by_name[p.a], by_name[p.b])}
    return [t.name for t in tools], set(told_pairs(plain)), _otherwise(report), differ


def _means(rows: list[dict[str, Any]]) -> tuple[float, float]:
    """The mean precision and the mean recall of ``rows`` (``score_row``'s), over the rows that have one."""
    precision = [r["precision"] for r in rows if r["precision"] is not None]
    recall = [r["recall"] for r in rows if r["recall"] is not None]
    return sum(precision) / max(len(precision), 1), sum(recall) / max(len(recall), 1)


def setting_scores(
    found: Mapping[tuple[str, Any], Any],
    truths: Mapping[str, set[Pair]],
    names: list[str],
    setting: Any,
    mean_f1: Callable[[list[str], Any], float],
) -> str:
    """A setting's mean F1, mean precision, mean recall and pairs flagged over ``names``, as the choosers print them."""
    rows = [score_row(list(found[n, setting]), truths[n]) for n in names]
    precision, recall = _means(rows)
    return (
        f"mean F1 {mean_f1(names, setting):.3f}, mean precision {precision:.3f}, mean recall {recall:.3f}, "
        f"flagged {sum(r['flagged'] for r in rows)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dev", action="store_true", help="the kit and dev_* (proxy truth; thresholds chosen here)")
    parser.add_argument("--heldout", action="store_true", help="the two held-out registries with NOTES.md")
    parser.add_argument("--sweep", action="store_true", help="also print precision/recall per threshold")
    parser.add_argument("--choose", action="store_true", help="with --dev: choose the weights (each row left out too)")
    parser.add_argument("--bare", action="store_true", help="without the registries' profiles (--choose: errand rule)")
    parser.add_argument("--out", help="write the rows as JSON")
    args = parser.parse_args()
    result: dict[str, Any] = {"crowded_score": CROWDED_SCORE}
    if args.bare:
        result.update(profiles=False, errand_weight=ERRAND_WEIGHT, kindless_differs=acts.KINDLESS_DIFFERS)
        result.update(
            guarded_weight=crowding.GUARDED_WEIGHT,
            guarded_named=acts.GUARDED_NAMED,
            other_reads_weight=crowding.OTHER_READS_WEIGHT,
            lone_weight=crowding.LONE_WEIGHT,
            lone_ways=sorted(acts.LONE_WAYS),
        )
    if args.dev or not args.heldout:
        result["dev"] = run(DEV, held_out=False, sweep=args.sweep, choose=args.choose, bare=args.bare)
    if args.heldout:
        result["heldout"] = run(HELDOUT, held_out=True, sweep=args.sweep, bare=args.bare)
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
