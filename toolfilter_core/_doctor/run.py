"""``diagnose``: the doctor's one entry point, three named steps (probe, crowding, definitions)."""

from __future__ import annotations

import dataclasses
import re
import time
import warnings
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._embed_cache import CachingEmbedder
from .._embedders import Embedder, get_embedder
from .._exceptions import ConfigError, ToolSpecWarning
from .._resolve import resolve_config
from .._tool_defs import load_tools, read_tools_file
from .._tool_profiles.sidecar import Profiles, as_profiles, attach_profiles, check_profiles_match
from .._types import MAX_TOOLS, ToolSpec, docstring_of
from .acts import (
    QUALIFIER_NOUNS,
    act_kinds,
    acts_differ,
    keyed_apart,
    name_objects,
    name_qualifier,
    name_synonyms,
    search_filters,
    sibling_acts,
)
from .claimed import claimed_findings, claimed_pairs
from .crowding import CROWDED_SCORE, DUPLICATE_MIXED, clusters, crowded_pairs
from .definitions import DEPRECATED, checked_languages, definition_findings, is_thin, says_when_to_use
from .errand import errand_duplicate, one_errand, worded_errands
from .mixing import mixed_apart
from .onereading import one_reading_pairs, say_different
from .onething import one_thing_reads, required
from .probes import probes_of, rank_probes
from .samekey import one_search_reads, same_key, same_key_reads, searched_by
from .unchecked import unchecked_duplicates
from .values import PRIORITY, WHEN_SHOWN, CrowdedPair, DoctorReport, Finding, Ranked

__all__ = [
    "CLUSTER_FACTOR",
    "act_siblings",
    "diagnose",
    "order_findings",
    "names_tell_apart",
    "users_tell_apart",
    "words_tell_apart",
]

MAX_REQUESTS = 8
"""Profile requests per tool sent as probes (the profile writer writes 8 by default)..."""
REQUEST_BUDGET = 1500
"""...and at most this many in all: 8 a tool up to 187 tools, fewer beyond, never under 2 (each
is embedded once; the batch ranking costs little more per probe)."""
CLOSE_SHOWN = 5
"""Pairs the ``close_pairs`` line names (its evidence and ``--json`` hold all)."""
CLUSTER_FACTOR = 2.0
"""Clusters join pairs scoring at least this many times the crowded threshold (weaker links chain
half a registry together)."""
WHEN_FACTOR = 1.5
"""Without profiles, a crowded pair gives its tools a neighbour for the when-to-use check when it scores at least
this many times the threshold (``words_tell_apart``; benchmarks/doctor_when.py --bare chose it on the dev
registries: a registry's line named most of its tools)."""
WHEN_NAMES = True
"""The ``no_when_to_use`` line names a tool only when some neighbour's name does not say another act
(``names_tell_apart``); it counts the others (benchmarks/doctor_when.py --probes: on the dev probes' near-duplicate
truth it named fewer tools, none of their near-duplicates dropped; the dev notes, which list a read beside a set as
confusable, disagree: the count keeps them)."""


def _tools(tools: Iterable[ToolSpec | Mapping[str, Any]] | str | Path) -> list[ToolSpec]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)  # names and empty descriptions are findings here
        if isinstance(tools, str | Path):
            return read_tools_file(tools)
        return load_tools(list(tools))


def _embedder(embedder: Embedder | str | None, config: ToolFilterConfig) -> CachingEmbedder:
    if isinstance(embedder, CachingEmbedder):
        return embedder
    inner = (
        embedder
        if embedder is not None and not isinstance(embedder, str)
        else get_embedder(embedder or config.embedder)
    )
    return CachingEmbedder(inner)


def _profiled(tools: list[ToolSpec], profiles: Profiles | None) -> list[ToolSpec]:
    """The tools with their profiles, unsaid; another registry's profiles (none names a tool) refused."""
    if profiles is not None:  # refused, not diagnosed as if there were none
        check_profiles_match(profiles, [t.name for t in tools])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        return attach_profiles(tools, profiles, warn_unknown=False)


def diagnose(
    tools: Iterable[ToolSpec | Mapping[str, Any]] | str | Path,
    *,
    profiles: Profiles | str | Path | None = None,
    embedder: Embedder | str | None = None,
    config: ToolFilterConfig | Mapping[str, Any] | str | Path | None = None,
    top_k: int | None = None,
    crowded_score: float = CROWDED_SCORE,
    users_language: str | Sequence[str] | None = None,
) -> DoctorReport:
    """Find the tools that crowd each other, the ones no request reaches, and thin or risky definitions.

    Every tool's name, description and (with ``profiles``) profile requests are sent through
    the real selection pipeline over the tools' own words; a tool another one beats on its
    own requests crowds it, one never in the top ``k`` for any of them is unreachable.

    Args:
        tools: Tool definitions (``load_tools`` forms) or a tools file (JSON Lines, JSON list,
            MCP ``tools/list`` result).
        profiles: Tool profiles (a ``Profiles`` or its file): requests in the users' voice.
        embedder: The embedder (default: the config's).
        config: The selection config (default: the recommended one).
        top_k: The k of "never in the top k" (default ``config.top_k``).
        crowded_score: A pair at or above this crowding score is a finding (docs/doctor.md).
        users_language: The languages the users write (``"en"``, ``"en,zh"`` or a list; en, zh):
            a description in another is an ``other_language`` finding. Default: read from the
            profile requests, else guessed from most descriptions.

    Returns:
        The report: findings with a one-line "what to do" each, and every crowded pair.

    Raises:
        ConfigError: ``top_k`` or ``crowded_score`` out of range, or an unknown ``users_language``.
        ToolSpecError: a tools or profiles file that cannot be read, or profiles none of which names one of the tools.
    """
    started = time.perf_counter()
    resolved = resolve_config(config, embedder if isinstance(embedder, str) else None)
    k = _checked(resolved.top_k if top_k is None else top_k, crowded_score)
    languages = checked_languages(users_language)
    specs = _profiled(_tools(tools), as_profiles(profiles))
    cache = _embedder(embedder, resolved)
    profiled = sum(1 for t in specs if t.profile is not None and t.profile.requests)
    findings, pairs = _ranked_findings(specs, cache, resolved, k, crowded_score, profiled=profiled > 0)
    told_apart = _no_neighbours(pairs, crowded_score, profiled=profiled > 0)
    found = findings + _definitions(specs, findings, cache, languages, told_apart)
    findings = _when_once(found, told_apart, pairs, _names_apart(pairs, specs))
    findings = order_findings(_claimed_over(findings, specs, pairs, k), pairs)
    return DoctorReport(
        tools=len(specs),
        profiled=profiled,
        top_k=k,
        embedder=cache.id,
        findings=tuple(findings),
        pairs=tuple(pairs),
        categories={t.name: t.category or "" for t in specs},
        seconds=time.perf_counter() - started,
        crowded_score=crowded_score,
    )


BARE_SHOWN = 80
"""The characters of a bare description quoted in a pair's action (``_bare_first``); a longer one is cut, "..."."""


def _bare_first(findings: Sequence[Finding], specs: Sequence[ToolSpec]) -> list[Finding]:
    """Each pair (crowded, or near-duplicate) one of whose descriptions is bare starts its action with that tool.

    Bare: one short sentence, or none (``definitions.is_thin``: "Find tenants."). The action first names it and
    asks what it searches by (a read; else what it acts on) and returns, and when to use it rather than the
    other; then the pair's own line (but its line for that tool alone, ``_half_told``'s, which this one says).
    ``evidence.bare``: that tool. Not for a pair whose action removes an old tool, nor when both are bare (the
    pair's own line already says "in each").
    """
    by_name = {t.name: t for t in specs}
    out = []
    for finding in findings:
        tools = [by_name.get(n) for n in finding.tools]
        pair = finding.kind in ("crowded_pair", "near_duplicate") and len(tools) == 2 and all(tools)
        bare = [t for t in tools if t is not None and is_thin(t)] if pair else []
        if len(bare) != 1 or finding.action.startswith("remove "):
            out.append(finding)
            continue
        tool, other = bare[0], next(n for n in finding.tools if n != bare[0].name)
        text = docstring_of(tool).strip()
        shown = text if len(text) <= BARE_SHOWN else text[: BARE_SHOWN - 3].rstrip() + "..."
        said = f"{shown!r}, one short line" if text else "no description"
        does = "what it searches by" if "read" in act_kinds(tool.name) else "what it acts on"
        first = f"start with {tool.name} ({said}): say {does} and what it returns, and when to use it rather than "
        first += other
        own = f"say in {tool.name}'s description when to use it rather than {other}"  # a silent one's line: said
        rest = finding.action.removeprefix(own) if finding.action.startswith(own) else f"; then {finding.action}"
        action = first + rest
        out.append(dataclasses.replace(finding, action=action, evidence={**finding.evidence, "bare": [tool.name]}))
    return out


def _claimed_over(
    findings: Sequence[Finding], specs: Sequence[ToolSpec], pairs: Sequence[CrowdedPair], k: int
) -> list[Finding]:
    """The pairs the profile writer says do the same job (``claimed``) told once, as ``near_duplicate``.

    Another finding of such a pair (crowded, or near-duplicate by other evidence) gives way to it; the
    ``close_pairs`` line no longer names it.
    """
    claims = claimed_pairs(specs)
    if not claims:
        return list(findings)
    claimed = {frozenset(pair) for pair in claims}
    out = []
    for finding in findings:
        if finding.kind in ("crowded_pair", "near_duplicate") and frozenset(finding.tools) in claimed:
            continue
        if finding.kind == "close_pairs":
            close = {frozenset(p) for p in finding.evidence.get("pairs", ())} - claimed
            out += _close_pairs([p for p in pairs if frozenset((p.a, p.b)) in close], k)
            continue
        out.append(finding)
    return out + claimed_findings(claims)


def order_findings(findings: Iterable[Finding], pairs: Iterable[CrowdedPair]) -> list[Finding]:
    """The most costly kind first (``PRIORITY``); within a kind the strongest first (``score``), but crowded pairs.

    A crowded pair's place is its ``CrowdedPair.order``: the cost its line says (requests lost, a tool's probes
    ranking the other first), then how far above their usual the two are (sd); the crowding map's shade is that
    closeness too (``_report.plots.map_grids``).
    """
    order = {kind: i for i, kind in enumerate(PRIORITY)}
    by_tools = {frozenset((p.a, p.b)): p for p in pairs}

    def key(finding: Finding) -> tuple[int, tuple[float, ...], tuple[str, ...]]:
        pair = by_tools.get(frozenset(finding.tools)) if finding.kind == "crowded_pair" else None
        return order[finding.kind], pair.order() if pair is not None else (-finding.score,), finding.tools

    return sorted(findings, key=key)


def users_tell_apart(pair: CrowdedPair) -> bool:
    """No request of either ranks the other first or sits nearer the other than its own: users tell them apart.

    Such a pair may still be crowded (its requests' graded shares); it gives neither tool a
    neighbour for the when-to-use check (benchmarks/doctor_when.py chose the rule on the dev
    registries: the one of three that drops the most findings of unlisted pairs less listed).
    """
    n_ab, _, n_ba, _ = pair.mixed_counts
    return pair.first_ab == 0 and pair.first_ba == 0 and not (n_ab or n_ba)


def users_keep_apart(pair: CrowdedPair) -> bool:
    """With profile requests on both tools, none of either crosses to the other: no errand written twice.

    None leaves its tool for the other (``group`` "apart"), ranks the other first, or sits nearer the other (its
    description or one of its requests: ``parts.foreign``; or its centroid) than its own: a car dealership's
    ``deposit_take`` and ``loaner_reserve``, one errand in other words by the embedder (``errand.one_errand``), are
    two tools to their users. Names of one search or of one thing read by one key stay duplicates: their own words.
    """
    return pair.group == "apart" and users_tell_apart(pair) and not pair.parts.get("foreign")


def words_tell_apart(pairs: Sequence[CrowdedPair], threshold: float) -> set[frozenset[str]]:
    """Without profiles, the crowded pairs that give neither tool a neighbour for the when-to-use check.

    Those under ``WHEN_FACTOR`` times the threshold, but two names of one search, or of one search told
    apart by one description or by their parameters (``parts.names``, ``named_apart``, ``keyed``).
    """
    keys = ("names", "named_apart", "keyed", "one_search")
    weak = [p for p in pairs if p.score < WHEN_FACTOR * threshold and not any(p.parts.get(k) for k in keys)]
    return {frozenset((p.a, p.b)) for p in weak}


def names_tell_apart(pairs: Sequence[CrowdedPair], by_name: Mapping[str, ToolSpec]) -> set[frozenset[str]]:
    """The crowded pairs whose names already say which to take: they do different acts (``acts.acts_differ``).

    ``admission_ticket_sell`` beside ``admission_ticket_refund``, ``permit_status_get`` beside
    ``permit_application_submit``: a model reads the act off the name, so a when-to-use line adds little. Not two
    names of one search, nor of one search told apart by one description or by parameters (as ``words_tell_apart``).
    """
    keys = ("names", "named_apart", "keyed")
    out = set()
    for p in pairs:
        a, b = by_name.get(p.a), by_name.get(p.b)
        if a is not None and b is not None and not any(p.parts.get(k) for k in keys) and acts_differ(a, b):
            out.add(frozenset((p.a, p.b)))
    return out


def _names_apart(pairs: Sequence[CrowdedPair], specs: Sequence[ToolSpec]) -> set[frozenset[str]]:
    """``names_tell_apart`` when ``WHEN_NAMES``, else none."""
    return names_tell_apart(pairs, {t.name: t for t in specs}) if WHEN_NAMES else set()


def _no_neighbours(pairs: Sequence[CrowdedPair], threshold: float, *, profiled: bool) -> set[frozenset[str]]:
    """The pairs that give no neighbour for the when-to-use check: ``users_tell_apart``, else ``words_tell_apart``."""
    if profiled:
        return {frozenset((p.a, p.b)) for p in pairs if users_tell_apart(p)}
    return words_tell_apart(pairs, threshold)


def _definitions(
    specs: Sequence[ToolSpec],
    ranked: Sequence[Finding],
    cache: CachingEmbedder,
    languages: Sequence[str] | None,
    told_apart: Collection[frozenset[str]] = (),
) -> list[Finding]:
    """The definition findings, but a near-duplicate the users' requests already told.

    ``told_apart``: crowded pairs no user request confuses (``users_tell_apart``): no neighbours
    for the when-to-use check.
    """
    user_texts = [text for t in specs if t.profile is not None for text in t.profile.requests]
    neighbours = _neighbours(ranked, told_apart)  # one tool: none, no line says it crowds another
    told = {frozenset(f.tools) for f in ranked if f.kind == "near_duplicate"}  # by the users' requests
    found = definition_findings(specs, user_texts, neighbours, embedder=cache, users_language=languages)
    return [f for f in found if f.kind != "near_duplicate" or frozenset(f.tools) not in told]


def _said_over_crowded(findings: Sequence[Finding]) -> list[Finding]:
    """No crowded pair for two tools a description says are the same: their ``near_duplicate`` tells them.

    With profiles too: the profile prompt asks for requests that tell tools apart, so the requests
    written for two such tools may sit apart while the tools are one (``said.said_same``).
    """
    said = {
        frozenset(f.tools) for f in findings if f.kind == "near_duplicate" and f.evidence.get("by") == "description"
    }
    return [f for f in findings if f.kind != "crowded_pair" or frozenset(f.tools) not in said]


def _strength(pairs: Sequence[CrowdedPair], told_apart: Collection[frozenset[str]]) -> dict[str, float]:
    """Each tool's strongest pair score, of the pairs that give it a neighbour (the ``no_when_to_use`` line's order)."""
    out: dict[str, float] = {}
    for pair in pairs:
        if frozenset((pair.a, pair.b)) not in told_apart:
            for name in (pair.a, pair.b):
                out[name] = max(out.get(name, 0.0), pair.score)
    return out


def _when_once(
    findings: Sequence[Finding],
    told_apart: Collection[frozenset[str]] = (),
    pairs: Sequence[CrowdedPair] = (),
    by_names: Collection[frozenset[str]] = (),
) -> list[Finding]:
    """Every tool that crowds another and never says when to use it, told once: one ``no_when_to_use`` finding.

    The tools of the per-tool ``no_when_to_use`` findings and the thin descriptions that also say no when
    (``evidence.no_when_to_use``), each with its crowding neighbours (``_neighbours``; ``evidence.crowds``), in
    one line: not again in the thin descriptions' line nor in the pairs' (whose ``evidence.no_when_to_use`` still
    names them for ``--json``), the strongest first (``_strength``: each tool's strongest pair of ``pairs``). First, no
    crowded pair for two tools a description says are the same (``_said_over_crowded``). A tool whose every
    neighbour is a pair of ``by_names`` (``names_tell_apart``: the names say another act) is counted, not named.
    """
    findings = _said_over_crowded(findings)
    neighbours = _neighbours(findings, told_apart)
    silent: dict[str, list[str]] = {}
    for finding in findings:
        if finding.kind in ("no_when_to_use", "thin_description"):
            names = finding.tools if finding.kind == "no_when_to_use" else finding.evidence.get("no_when_to_use", ())
            silent.update((name, neighbours.get(name, [])) for name in names)
    out = [_mute_named(f, silent) for f in findings if f.kind != "no_when_to_use"]
    close = {n: [x for x in o if frozenset((n, x)) not in by_names] for n, o in silent.items()}
    named = {n: close[n] for n, o in silent.items() if close[n] or not o}
    if named:
        strong = _strength(pairs, {*told_apart, *by_names})
        ordered = {name: named[name] for name in sorted(named, key=lambda n: -strong.get(n, 0.0))}
        out.append(_no_when(ordered, {n: o for n, o in silent.items() if n not in named}))
    return out


def _mute_named(finding: Finding, silent: Collection[str]) -> Finding:
    """A crowded pair with ``evidence.no_when_to_use``: its tools of ``silent`` (the JSON names them)."""
    mute = [n for n in finding.tools if n in silent] if finding.kind == "crowded_pair" else []
    return dataclasses.replace(finding, evidence={**finding.evidence, "no_when_to_use": mute}) if mute else finding


def _no_when(silent: Mapping[str, Sequence[str]], apart: Mapping[str, Sequence[str]] | None = None) -> Finding:
    """The one ``no_when_to_use`` finding: each tool beside (up to three of) the tools it crowds.

    Past ``WHEN_SHOWN`` tools the line names the first (``silent``'s order) and how many more; ``evidence.crowds``
    and ``evidence.per_tool`` (each tool's own line: the HTML page's rows, the rewrite prompts) hold every one.
    ``apart``: the silent tools whose neighbours' names all say another act, counted at the end of the line
    (``evidence.names_apart``).
    """
    own = {name: f"crowds {', '.join(others[:3])}" if others else "" for name, others in silent.items()}
    said = "; ".join(f"{name} ({own[name]})" if own[name] else name for name in list(silent)[:WHEN_SHOWN])
    if len(silent) > WHEN_SHOWN:
        said += f" and {len(silent) - WHEN_SHOWN} more: --json"
    if apart:
        verb = "crowds" if len(apart) == 1 else "crowd"
        said += f"; {len(apart)} more {verb} only tools whose names say another act (--json)"
    count = "1 tool crowds another and never says when to use it rather than the tools it crowds"
    if len(silent) > 1:
        count = f"{len(silent)} tools crowd another and never say when to use them rather than the tools they crowd"
    per_tool = {
        name: f"{text} and never says when to use it" if text else "never says when to use it"
        for name, text in own.items()
    }
    return Finding(
        "no_when_to_use",
        tuple(silent),
        f"{count}: {said}",
        "add to each description a sentence 'Use when ...; not for ... (use X instead)'",
        score=0.5,
        evidence={
            "crowds": {name: list(others) for name, others in silent.items()},
            "per_tool": per_tool,
            "names_apart": {name: list(others) for name, others in (apart or {}).items()},
        },
    )


def _neighbours(findings: Sequence[Finding], told_apart: Collection[frozenset[str]] = ()) -> dict[str, list[str]]:
    """Each tool's crowding neighbours: the other side of every crowded pair it is in (a cluster's too).

    A cluster's members are each in a pair of it, so its pairs name every tool it holds;
    a cluster's members are not all listed for each (at 10,000 tools one cluster can
    hold thousands: its square would not fit in memory).
    """
    out: dict[str, dict[str, None]] = {}
    for finding in findings:
        if finding.kind == "crowded_pair":
            told = [finding.tools]
        elif finding.kind == "crowded_cluster":
            told = [tuple(p) for p in finding.evidence.get("pairs", ())]
        else:
            continue
        for a, b in told:
            if frozenset((a, b)) in told_apart:
                continue
            out.setdefault(a, {})[b] = None
            out.setdefault(b, {})[a] = None
    return {name: list(others) for name, others in out.items()}


def _checked(k: int, crowded_score: float) -> int:
    """``k`` when it and ``crowded_score`` are in range."""
    if not 1 <= k <= MAX_TOOLS:
        raise ConfigError(f"top_k: got {k!r}; allowed: an integer from 1 to {MAX_TOOLS}")
    if not 0 < crowded_score <= 10:
        raise ConfigError(f"crowded_score: got {crowded_score!r}; allowed: a number in (0, 10]")
    return k


def _ranked_findings(
    specs: Sequence[ToolSpec],
    cache: CachingEmbedder,
    config: ToolFilterConfig,
    k: int,
    crowded_score: float,
    *,
    profiled: bool,
) -> tuple[list[Finding], list[CrowdedPair]]:
    """Crowded pairs and unreachable tools, from the pipeline's rankings of each tool's probes."""
    if len(specs) < 2:
        return [], []
    per_tool = max(2, min(MAX_REQUESTS, REQUEST_BUDGET // len(specs)))
    probed = rank_probes(specs, probes_of(specs, max_requests=per_tool), cache, config, k)
    keyed_reads, errands, worded, people = _by_definitions(specs, probed.documents, cache)
    pairs = crowded_pairs(
        specs,
        probed.documents,
        probed.ranked,
        profiled=profiled,
        floor=crowded_score / 4,
        requests=probed.requests,
        id_free=probed.worded,
        top_k=k,
        same_key=keyed_reads,
        errand=errands,
        one_search=people,
    )
    described = {t.name: t.description for t in specs}
    by_name = {t.name: t for t in specs}
    differ = {(p.a, p.b): _mixed_apart(p, by_name, pairs) for p in pairs if _mixed(p)}
    duplicates = [p for p in pairs if _mixed(p) and not differ[p.a, p.b]]
    told = {(p.a, p.b) for p in duplicates}
    named = [p for p in pairs if _named(p, by_name) and (p.a, p.b) not in told and not _told_apart(p, described)]
    told |= {(p.a, p.b) for p in named}
    one_key = [
        p for p in pairs if p.parts.get("same_key") and (p.a, p.b) not in told and not _both_say_when(p, described)
    ]
    told |= {(p.a, p.b) for p in one_key}
    errand = [p for p in pairs if p.parts.get("one_errand") and (p.a, p.b) not in told and not users_keep_apart(p)]
    told |= {(p.a, p.b) for p in errand}
    crowding = [p for p in pairs if (not _mixed(p) or differ[p.a, p.b]) and (p.a, p.b) not in told]
    crowding, siblings = act_siblings(crowding, by_name, crowded_score, profiled=profiled)
    findings = [_duplicate_finding(p, described) for p in duplicates]
    findings += [_named_duplicate(p, described, search_filters(by_name[p.a], by_name[p.b])) for p in named]
    findings += [_same_key_duplicate(p, by_name) for p in one_key]
    findings += [errand_duplicate(p, by_name[p.a], by_name[p.b], worded=(p.a, p.b) in worded) for p in errand]
    silent, keyed, searched = _forced(crowding, by_name)
    findings += _crowding_findings(
        crowding, crowded_score, profiled=profiled, differ=differ, top_k=k, silent=silent, keyed=keyed, people=searched
    )
    findings += siblings + _unreachable(specs, probed.ranked, k)
    findings += unchecked_duplicates(specs, probed.documents)
    return _bare_first(findings, specs), pairs


SIBLINGS_SHOWN = 4
"""Pairs the ``act_siblings`` line names (its evidence and ``--json`` hold all)."""


def act_siblings(
    pairs: Sequence[CrowdedPair], by_name: Mapping[str, ToolSpec], threshold: float, *, profiled: bool
) -> tuple[list[CrowdedPair], list[Finding]]:
    """Without profiles, the crowded pairs whose names say different acts on one thing, told once apart from the rest.

    Their names share a thing (``acts.name_objects``) and say different acts (``acts.sibling_acts``: a read beside an
    edit, a sale beside a refund, one undoing the other; by their words, not one's destructive hint, and not two the
    selection reads as one act): ``player_account_get`` and ``player_account_update``. The
    selection tells them apart by the act a request says, so they are one ``act_siblings`` finding, not a crowded pair
    each; the other pairs, the real crowding, are read first. Not two names of one search, one thing read by one key,
    one errand, nor a pair whose requests mix. With profiles the users' requests tell: every pair as before.
    """
    if profiled:
        return list(pairs), []
    keys = ("names", "named_apart", "keyed", "same_key", "one_errand", "one_search")
    why: dict[tuple[str, str], str] = {}
    for p in pairs:
        a, b = by_name[p.a], by_name[p.b]
        if p.score < threshold or _mixed(p) or any(p.parts.get(k) for k in keys):
            continue
        if name_objects(a.name) & name_objects(b.name) and (reason := sibling_acts(a, b)):
            why[p.a, p.b] = reason
    rest = [p for p in pairs if (p.a, p.b) not in why]
    return rest, [_siblings_finding([p for p in pairs if (p.a, p.b) in why], why)] if why else []


def _siblings_finding(pairs: Sequence[CrowdedPair], why: Mapping[tuple[str, str], str]) -> Finding:
    """The one ``act_siblings`` finding: how many pairs, the first ``SIBLINGS_SHOWN``, and what to do only if needed."""
    shown = ", ".join(f"{p.a} / {p.b}" for p in pairs[:SIBLINGS_SHOWN])
    more = f" and {len(pairs) - SIBLINGS_SHOWN} more (--json)" if len(pairs) > SIBLINGS_SHOWN else ""
    count = "1 pair whose names say" if len(pairs) == 1 else f"{len(pairs)} pairs whose names say"
    return Finding(
        "act_siblings",
        tuple(dict.fromkeys(name for p in pairs for name in (p.a, p.b))),
        f"{count} different acts on one thing: {shown}{more}; the selection tells them apart by the act a request says",
        "nothing to fix while requests say the act; only if your users' requests do not say it (a request that "
        "could be either), say in each description when to use it rather than the other",
        score=float(len(pairs)),
        evidence={"pairs": [[p.a, p.b] for p in pairs], "why": [why[p.a, p.b] for p in pairs]},
    )


def _forced(
    crowding: Sequence[CrowdedPair], by_name: Mapping[str, ToolSpec]
) -> tuple[dict[tuple[str, str], tuple[str, ...]], dict[tuple[str, str], tuple[str, str]], dict[tuple[str, str], str]]:
    """The pairs told whatever their score, and why: ``_silent``, ``_keyed``, the words two searches of people share.

    Two names of one search one description told apart (their silent tools), or their parameters; two searches of
    people from the same free text (``samekey.one_search_reads``: ``parts.one_search``).
    """
    silent = {(p.a, p.b): _silent(p, by_name) for p in crowding if p.parts.get("named_apart")}
    keyed = {(p.a, p.b): _keyed(by_name[p.a], by_name[p.b]) for p in crowding if p.parts.get("keyed")}
    people = {(p.a, p.b): searched_by(by_name[p.a], by_name[p.b]) for p in crowding if p.parts.get("one_search")}
    return {k: v for k, v in silent.items() if v}, keyed, people


def _by_definitions(
    specs: Sequence[ToolSpec], documents: NDArray[np.float32], cache: CachingEmbedder
) -> tuple[dict[tuple[int, int], str], set[tuple[int, int]], set[tuple[str, str]], set[tuple[int, int]]]:
    """Two reads of one thing by one key or by names, one errand; none whose first sentences say different things.

    And the names of the errands told by their words alone (``errand.worded_errands``, not ``errand.one_errand``), and
    two searches of people from the same free text (``samekey.one_search_reads``) that are neither.
    """
    keyed_reads = same_key_reads(specs, cache.embed_documents)
    things = one_thing_reads(specs, documents, cache.embed_documents) | one_reading_pairs(specs)
    keyed_reads.update(dict.fromkeys(things - set(keyed_reads), ""))
    keyed_reads = {p: k for p, k in keyed_reads.items() if not say_different(specs[p[0]], specs[p[1]])}
    meant = one_errand(specs, documents, cache.embed_documents)
    errands = (meant | worded_errands(specs)) - set(keyed_reads)
    errands = {(i, j) for i, j in errands if not say_different(specs[i], specs[j])}
    people = set(one_search_reads(specs)) - set(keyed_reads) - errands
    people = {(i, j) for i, j in people if not say_different(specs[i], specs[j])}
    return keyed_reads, errands, {(specs[i].name, specs[j].name) for i, j in errands - meant}, people


def _mixed_apart(pair: CrowdedPair, by_name: Mapping[str, ToolSpec], pairs: Sequence[CrowdedPair]) -> str:
    """``mixing.mixed_apart``, told whether one of the two is a duplicate of a third tool by their definitions."""
    ours = {pair.a, pair.b}
    defined = [p for p in pairs if p.parts.get("same_key") or p.parts.get("one_errand")]
    third = any(len(ours & {p.a, p.b}) == 1 for p in defined)
    return mixed_apart(by_name[pair.a], by_name[pair.b], pair.parts, third=third)


def _named(pair: CrowdedPair, by_name: Mapping[str, ToolSpec]) -> bool:
    """Two names of one search (``parts.names``: a search verb of one family, or a filter in one name), one act."""
    return bool(pair.parts.get("names")) and not acts_differ(by_name[pair.a], by_name[pair.b])


def _silent(pair: CrowdedPair, by_name: Mapping[str, ToolSpec]) -> tuple[str, ...]:
    """Of two names of one search one description told apart (``parts.named_apart``), the silent tool.

    The tool whose own description neither names the other nor says when to use it: ``booking_search``
    ("Search bookings.") beside ``booking_find_by_customer`` ("... Does NOT search by date — use booking_search").
    """
    out = []
    for name, other in ((pair.a, pair.b), (pair.b, pair.a)):
        text = by_name[name].description
        if not says_when_to_use(text) and not re.search(rf"(?<![\w-]){re.escape(other)}(?![\w-])", text):
            out.append(name)
    return tuple(out)


def _told_apart(pair: CrowdedPair, described: Mapping[str, str]) -> bool:
    """Two names of one search whose descriptions both say when to use each: told apart already.

    A search and the same search scoped by a qualifier noun, or with more words and filters (``acts.filtered_pairs``).
    """
    qualifier = name_qualifier(pair.a, pair.b)
    scoped = set(qualifier.split()) & QUALIFIER_NOUNS or not (qualifier or name_synonyms(pair.a, pair.b))
    return bool(scoped) and all(says_when_to_use(described.get(n, "")) for n in (pair.a, pair.b))


def _both_say_when(pair: CrowdedPair, described: Mapping[str, str]) -> bool:
    """Both descriptions say when to use each (``says_when_to_use``): two tools told apart already, kept on purpose."""
    return all(says_when_to_use(described.get(n, "")) for n in (pair.a, pair.b))


def _mixed(pair: CrowdedPair) -> bool:
    """The users' requests of the two cannot be told apart (``crowding.DUPLICATE_MIXED``)."""
    return pair.parts.get("mixed", 0.0) >= DUPLICATE_MIXED


def _crowding_findings(
    pairs: Sequence[CrowdedPair],
    threshold: float,
    *,
    profiled: bool,
    differ: Mapping[tuple[str, str], str] | None = None,
    top_k: int = 5,
    silent: Mapping[tuple[str, str], tuple[str, ...]] | None = None,
    keyed: Mapping[tuple[str, str], tuple[str, str]] | None = None,
    people: Mapping[tuple[str, str], str] | None = None,
) -> list[Finding]:
    """A finding per crowded pair, and per cluster; a pair inside a cluster is told once, by its cluster.

    The cluster's one action (a line naming the others in each, or one tool with a mode)
    covers its pairs; they stay in the report's pairs and the cluster's evidence. A pair whose
    requests mix but whose acts differ (``acts.acts_differ``) is a crowded pair whatever its score.
    With profiles only the pairs whose requests lose their tool (group ``lost``) or mix are crowded
    pairs and clusters; those their users' requests keep apart are one ``close_pairs`` finding; a
    pair with one tool without profile requests is left to ``unchecked_duplicates``; a close pair scores at least the
    threshold (two names of one search kept apart by their users scoring under it are no pair); a pair of two such
    tools is told by their words, as without profiles. Two names of one search one description told apart
    (``silent``: the tools of each whose description says nothing of when to use it), or their parameters
    (``keyed``: why, and each one's inputs, ``_keyed``), are a crowded pair whatever their score and their requests: the
    silent one is the line to write, or each says when to use it. So are two searches of people from the same free
    text (``people``: the words both are searched by, ``samekey.one_search_reads``) while no user's request tells them.
    """
    silent, keyed, people = silent or {}, keyed or {}, people or {}
    forced = set(silent) | set(keyed) | {(p.a, p.b) for p in pairs if (p.a, p.b) in people and p.group in _UNHEARD}
    crowded = [p for p in pairs if p.score >= threshold or _mixed(p) or p.parts.get("names") or (p.a, p.b) in forced]
    close = [p for p in crowded if profiled and p.score >= threshold and _apart(p) and (p.a, p.b) not in forced]
    crowded = [
        p for p in crowded if not profiled or p.group == "lost" or _mixed(p) or _unread(p) or (p.a, p.b) in forced
    ]
    groups = clusters(p for p in crowded if p.score >= CLUSTER_FACTOR * threshold)
    member = {name: i for i, group in enumerate(groups) for name in group}
    inside: dict[int, list[CrowdedPair]] = {}
    out = []
    for pair in crowded:
        at = member.get(pair.a)
        if at is not None and member.get(pair.b) == at:
            inside.setdefault(at, []).append(pair)
        else:
            quiet, key = silent.get((pair.a, pair.b), ()), keyed.get((pair.a, pair.b), ("", ""))
            said = _said(pair, profiled=profiled, top_k=top_k) + _half_told(pair, quiet) + _keyed_said(pair, key[0])
            by = people.get((pair.a, pair.b), "") if (pair.a, pair.b) in forced else ""
            why = (differ or {}).get((pair.a, pair.b), "")
            out.append(_pair_finding(pair, said + _people_said(by), differ=why, silent=quiet, keyed=key, people=by))
    out += [_cluster(group, inside[i], profiled=profiled, top_k=top_k) for i, group in enumerate(groups)]
    return out + _close_pairs(close, top_k)


_UNHEARD = ("", "unprofiled")
"""The groups of pairs no user's requests tell (no profiles, or a tool without them)."""


def _cluster(group: tuple[str, ...], inside: Sequence[CrowdedPair], *, profiled: bool, top_k: int) -> Finding:
    """A ``crowded_cluster``: its tools, and its pairs (the strongest first; each cluster holds at least two)."""
    return Finding(
        "crowded_cluster",
        group,
        f"{len(group)} tools joined by {len(inside)} crowded pairs; the strongest: "
        + _said(inside[0], profiled=profiled, top_k=top_k),
        "give each a 'use when / not for' line naming the others, or merge them into one tool with a mode",
        score=float(len(group)),
        evidence={"pairs": [[p.a, p.b] for p in inside]},
    )


def _people_said(by: str) -> str:
    """The line of two searches of people from the same free text (``samekey.one_search_reads``), or ''."""
    if not by:
        return ""
    said = f"; both find a person from free text by the same words ({by}), named in other words"
    return said + ": maybe one tool written twice"


def _apart(pair: CrowdedPair) -> bool:
    """Their users' requests keep the two apart (group ``apart``) and do not mix: a close pair, at the threshold."""
    return pair.group == "apart" and not _mixed(pair)


def _half_told(pair: CrowdedPair, silent: Sequence[str]) -> str:
    """The line of two names of one search told apart by one description only (``silent``: the other), or ''."""
    if not silent:
        return ""
    teller = pair.b if silent[0] == pair.a else pair.a
    said = pair.names_sentence().removesuffix(", maybe one act")
    told = f"told apart only by {teller}'s description"
    return f"; {said}, {told}: {silent[0]} never says when to use it rather than {teller}"


def _keyed(a: ToolSpec, b: ToolSpec) -> tuple[str, str]:
    """Why two names of one search are different uses by their parameters (``acts.keyed_apart``), and each one's inputs.

    ``("vehicle_lookup requires plate, which vehicle_search does not take (...)", "vehicle_lookup: plate;
    vehicle_search: make, model, branch")``.
    """
    inputs = "; ".join(f"{t.name}: {', '.join(t.parameter_names)}" for t in (a, b))
    return keyed_apart(a, b), inputs


def _keyed_said(pair: CrowdedPair, keyed: str) -> str:
    """The line of two names of one search whose parameters tell them apart (``acts.keyed_apart``), or ''."""
    if not keyed:
        return ""
    said = pair.names_sentence().removesuffix(", maybe one act")
    return f"; {said}, but {keyed}: a lookup by a key beside a search, different uses"


def _unread(pair: CrowdedPair) -> bool:
    """Neither tool of the pair has profile requests: only their words can tell the pair."""
    return pair.group == "unprofiled" and not (pair.lost_counts[1] or pair.lost_counts[3])


def _said(pair: CrowdedPair, *, profiled: bool, top_k: int) -> str:
    """A crowded pair in one line: its requests that lose their tool, if any; else who ranks whom first."""
    if profiled and pair.group == "lost":
        return pair.lost_sentence(top_k)
    return pair.sentence(profiled=profiled and not _unread(pair))


def _close_pairs(pairs: Sequence[CrowdedPair], top_k: int) -> list[Finding]:
    """One finding naming the pairs close by their pair score whose users' requests never lose their tool, or none.

    Close by the pair score (descriptions and requests), not always in their words: a pair of descriptions far apart
    may score at the threshold by its requests alone.
    """
    if not pairs:
        return []
    shown = ", ".join(f"{p.a} ~ {p.b}" for p in pairs[:CLOSE_SHOWN])
    more = f" and {len(pairs) - CLOSE_SHOWN} more (--json)" if len(pairs) > CLOSE_SHOWN else ""
    return [
        Finding(
            "close_pairs",
            tuple(dict.fromkeys(name for p in pairs for name in (p.a, p.b))),
            f"{len(pairs)} pair{'s' if len(pairs) > 1 else ''} close by their pair score (descriptions and "
            "requests together), but their users' requests keep them apart: no request lost its tool "
            f"(out of the best {top_k}): {shown}{more}",
            "nothing to fix; a when-to-use line ('Use when ...; not for ... (use X instead)') would still make "
            "them safer",
            score=float(len(pairs)),
            evidence={"pairs": [[p.a, p.b] for p in pairs], "top_k": top_k},
        )
    ]


def _pair_finding(
    pair: CrowdedPair,
    said: str,
    *,
    differ: str = "",
    silent: Sequence[str] = (),
    keyed: tuple[str, str] = ("", ""),
    people: str = "",
) -> Finding:
    """A crowded pair; ``differ``: why the two do different acts when their requests mix (never one tool).

    ``silent``: the one tool of the pair whose description is to say when to use it (``_half_told``);
    ``keyed``: why its parameters make two names of one search different uses, and each one's inputs (``_keyed``):
    never merge. ``people``: the words two searches of people are both searched by (``_people_said``): merge them, or
    say which people each finds.
    """
    words = f" what each means by {', '.join(pair.shared_words[:2])!s}" if pair.shared_words else ""
    n_ab, m_a, n_ba, m_b = pair.mixed_counts
    mixed = (
        f"; {n_ab} of {m_a} and {n_ba} of {m_b} of their users' requests sit nearer the other tool, but {differ}"
        if differ
        else ""
    )
    where = (
        f"say in {silent[0]}'s description when to use it rather than {pair.b if silent[0] == pair.a else pair.a}"
        if silent
        else "say in each description when to use it rather than the other"
    )
    if keyed[0]:
        where = f"say in each description which input it takes ({keyed[1]}) and when to use it rather than the other"
        where += ": different uses, not one tool to merge"
    if people:
        where = "merge them into one tool or remove one; if both stay, say in each which people it finds and when to "
        where += "use it rather than the other"
    return Finding(
        "crowded_pair",
        (pair.a, pair.b),
        said + mixed,
        f"{where}{words and ';' + words}",
        score=pair.score,
        evidence=pair.to_dict(),
    )


def _duplicate_finding(pair: CrowdedPair, described: Mapping[str, str]) -> Finding:
    """Two tools whose users' requests cannot be told apart (``crowding.DUPLICATE_MIXED``): the same act."""
    n_ab, m_a, n_ba, m_b = pair.mixed_counts
    old = [name for name in (pair.a, pair.b) if DEPRECATED.search(described.get(name, ""))]
    action = (
        f"remove {old[0]} (its description says it is old), or say when to use each"
        if old
        else "merge them into one tool or remove one; if both stay, say in each when to use it rather than the other"
    )
    return Finding(
        "near_duplicate",
        (pair.a, pair.b),
        f"users' requests for the two cannot be told apart: {n_ab} of {m_a} of {pair.a}'s and {n_ba} of {m_b} "
        f"of {pair.b}'s sit nearer the other tool than their own",
        action,
        score=pair.parts.get("mixed", 0.0),
        evidence={**pair.to_dict(), "by": "requests"},
    )


def _same_key_duplicate(pair: CrowdedPair, by_name: Mapping[str, ToolSpec]) -> Finding:
    """Two reads of one thing by one key, named in other words (``samekey.same_key_reads``): maybe one tool."""
    a, b = by_name[pair.a], by_name[pair.b]
    key = same_key(a, b, frozenset().union(*(name_objects(t.name) for t in by_name.values())), own=True)
    inputs = ", ".join(sorted(required(a) & required(b)))
    read = f" by {key or inputs}" if key or inputs else ""
    detail = (
        f"{pair.a} and {pair.b} both read{read} "
        f"({pair.a}: {', '.join(a.parameter_names) or '-'}; "
        f"{pair.b}: {', '.join(b.parameter_names) or '-'}) and their names say one thing: maybe one "
        "tool written twice"
    )
    action = (
        "merge them into one tool or remove one; if both stay, say in each when to use it rather than the other "
        "(what each returns that the other does not)"
    )
    return Finding(
        "near_duplicate", (pair.a, pair.b), detail, action, score=1.0, evidence={**pair.to_dict(), "by": "key"}
    )


def _named_duplicate(
    pair: CrowdedPair, described: Mapping[str, str], filters: tuple[str, tuple[str, ...]] = ("", ())
) -> Finding:
    """Two names of one search (``_named``): told as one act whatever their score or their users' requests.

    With profiles too: the profile prompt asks for requests that tell tools apart, so the
    requests written for two such tools may sit apart while the tools are one. ``filters``: the tool
    of the two that takes the other's parameters and more, and those (``acts.search_filters``): what
    tells them apart, named in the action.
    """
    old = [name for name in (pair.a, pair.b) if DEPRECATED.search(described.get(name, ""))]
    wide, extra = filters
    plain = pair.b if wide == pair.a else pair.a
    action = (
        f"remove {old[0]} (its description says it is old), or say when to use each"
        if old
        else f"say in each when to use it rather than the other ({wide}: to filter by {', '.join(extra)}; {plain}: "
        "without them), or merge them into one tool (the filters as optional parameters)"
        if wide
        else "merge them into one tool (a filter as a parameter) or remove one; if both stay, say in each when "
        "to use it rather than the other"
    )
    adds = f" ({wide} adds {', '.join(extra)})" if wide else ""
    detail = pair.names_sentence().removesuffix(", maybe one act") + f"{adds}: {pair.a} and {pair.b} name one search"
    return Finding(
        "near_duplicate", (pair.a, pair.b), detail, action, score=1.0, evidence={**pair.to_dict(), "by": "names"}
    )


def _unreachable(tools: Sequence[ToolSpec], ranked: Sequence[Ranked], k: int) -> list[Finding]:
    best: dict[str, int] = {}
    beaten_by: dict[str, Counter[str]] = {t.name: Counter() for t in tools}
    probes: Counter[str] = Counter()
    for row in ranked:
        name = row.probe.tool
        probes[name] += 1
        position = row.position(name)
        best[name] = min(best.get(name, 10**6), 10**6 if position is None else position)
        if row.names and row.names[0] != name:
            beaten_by[name][row.names[0]] += 1
    out = []
    for tool in tools:
        if best.get(tool.name, 10**6) < k:
            continue
        winners = ", ".join(n for n, _ in beaten_by[tool.name].most_common(3))
        out.append(
            Finding(
                "unreachable",
                (tool.name,),
                f"never in the top {k} for its {probes[tool.name]} own probes (name, description, requests)"
                + (f"; ranked first instead: {winners}" if winners else ""),
                "rewrite its description with the words users type for it, or drop it if nobody needs it",
                score=1.0,
                evidence={"probes": probes[tool.name], "beaten_by": dict(beaten_by[tool.name].most_common(5))},
            )
        )
    return out
