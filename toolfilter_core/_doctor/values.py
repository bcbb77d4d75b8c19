"""What the doctor finds, as values.

One ``Finding`` a problem, ``CrowdedPair`` for two tools that crowd each other, and the
``DoctorReport`` that holds them (its JSON form and its text).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .acts import name_qualifier, name_synonyms

__all__ = ["KINDS", "PRIORITY", "WHEN_SHOWN", "CrowdedPair", "DoctorReport", "Finding", "Probe", "Ranked"]

KINDS = {
    "crowded_pair": "two tools whose descriptions or requests land on each other",
    "crowded_cluster": "three or more tools joined by crowded pairs",
    "unreachable": "a tool never in the top k for its own name, description or requests",
    "thin_description": "a description of one short sentence, or none",
    "no_when_to_use": "tools that crowd another, whose descriptions never say when to use them",
    "other_language": "a description in another language than the users'",
    "near_duplicate": "two tools that do the same thing: their users' requests cannot be told apart, or their "
    "definitions say the same (an old version kept beside a new one, a description saying it does what the "
    "other does, or two names of one search)",
    "destructive_without_hint": "tools that say they destroy without an MCP destructiveHint (read from their words)",
    "unread_destroyer": "tools whose descriptions say a destroying act past their opening that the selection does not "
    "read as destructive, without an MCP destructiveHint",
    "rejected_name": "a name model providers reject",
    "large_schema": "one of the largest definitions by prompt characters",
    "unfed_id": "a tool that requires an id no other tool produces (a tool nobody can feed)",
    "unchecked_duplicates": "tools without profile requests: whether they duplicate another tool cannot be told",
    "act_siblings": "without profiles, pairs whose names say different acts on one thing, which the selection tells "
    "apart by the act a request says (one summary)",
    "close_pairs": "with profiles, the pairs close by their pair score (descriptions and requests) whose users' "
    "requests never lose their tool to each other (one summary)",
}
"""Every finding kind, with what it means (docs/doctor.md has the table)."""

PRIORITY = (
    "rejected_name",
    "near_duplicate",
    "unreachable",
    "crowded_cluster",
    "crowded_pair",
    "unfed_id",
    "no_when_to_use",
    "act_siblings",
    "other_language",
    "thin_description",
    "destructive_without_hint",
    "unread_destroyer",
    "unchecked_duplicates",
    "large_schema",
    "close_pairs",
)
"""The kinds, what costs a user most first: a name a provider rejects (the whole list fails), two tools that
do one thing (told before all else, never among the crowded pairs), a tool never selected,
tools taken for each other, then what the definitions could say better."""
STATED_SHARE = 0.05
"""A pair's line says the share of its users' requests nearer the other tool, or overlapping it, from this share
(``CrowdedPair.sentence``); under it, how close the two are."""
WHEN_SHOWN = 5
"""Tools the ``no_when_to_use`` line names with their neighbours, the strongest first (its evidence holds all)."""
SUMMARIES = ("no_when_to_use", "act_siblings", "close_pairs")
"""The kinds told as one line whose detail names every tool or pair it shows: the text gives the detail alone, not
the tools before it again (the act siblings' pairs were said twice on one line)."""
COUNTED_BY_TOOLS = ("thin_description", "destructive_without_hint", "unread_destroyer", "other_language")
"""The kinds told as one finding naming several tools, each a problem of its own: counted by the tools they
name (``DoctorReport.count``), not by their findings."""


@dataclass(frozen=True, slots=True)
class Probe:
    """One text sent to the selector on behalf of a tool: ``source`` is name, description or request."""

    tool: str
    source: str
    text: str


@dataclass(frozen=True, slots=True)
class Ranked:
    """A probe and the tools the pipeline ranked for it, best first, with their scores."""

    probe: Probe
    names: tuple[str, ...]
    scores: tuple[float, ...]

    def position(self, name: str) -> int | None:
        """Where ``name`` ranks (0: first), or None when it is not among the candidates."""
        try:
            return self.names.index(name)
        except ValueError:
            return None

    def best_other(self) -> tuple[str, float, float] | None:
        """The best-ranked tool other than the probe's own: (name, its score, the owner's score or 0)."""
        own = self.position(self.probe.tool)
        own_score = self.scores[own] if own is not None else 0.0
        for name, score in zip(self.names, self.scores, strict=True):
            if name != self.probe.tool:
                return name, score, own_score
        return None


@dataclass(frozen=True, slots=True)
class CrowdedPair:
    """Two tools that crowd each other, and the evidence.

    ``first_ab``: the share of ``a``'s requests (profile requests, or its own name and
    description without profiles) that the pipeline ranks ``b`` first for; ``first_ba`` the
    other way. ``near_ab``/``near_ba``: the share where the other tool is the runner-up
    within ``NEAR_RATIO`` of the owner's score. ``similarity``: the cosine of the two tools'
    embedded definitions; ``z``: how far above each tool's usual similarity it is.
    """

    a: str
    b: str
    score: float
    first_ab: float = 0.0
    first_ba: float = 0.0
    near_ab: float = 0.0
    near_ba: float = 0.0
    similarity: float = 0.0
    z: float = 0.0
    shared_words: tuple[str, ...] = ()
    parts: Mapping[str, float] = field(default_factory=dict)
    """The score's terms (docs/doctor.md): ``requests``, ``voice``, ``foreign``, ``own``, ``generic``, ``similar``;
    and ``mixed``, no term: each tool's requests as near the other as their own (``crowding.request_mixing``)."""
    mixed_counts: tuple[int, int, int, int] = (0, 0, 0, 0)
    """``(n_ab, m_a, n_ba, m_b)``: ``n_ab`` of ``a``'s ``m_a`` profile requests sit nearer ``b`` than ``a``."""
    lost_counts: tuple[int, int, int, int] = (0, 0, 0, 0)
    """``(n_ab, m_a, n_ba, m_b)``: ``n_ab`` of ``a``'s ``m_a`` profile requests leave ``a`` out of the best
    ``top_k`` tools, ``b`` ranked first (``served.lost_requests``); zeros without profiles."""
    group: str = ""
    """With profiles, ``"lost"``, ``"apart"`` or ``"unprofiled"`` (``crowding.pair_group``); ``""`` without."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, figures rounded."""
        return {
            "a": self.a,
            "b": self.b,
            "score": round(self.score, 4),
            "first_ab": round(self.first_ab, 4),
            "first_ba": round(self.first_ba, 4),
            "near_ab": round(self.near_ab, 4),
            "near_ba": round(self.near_ba, 4),
            "similarity": round(self.similarity, 4),
            "z": round(self.z, 3),
            "shared_words": list(self.shared_words),
            "parts": dict(self.parts),
            "mixed_counts": list(self.mixed_counts),
            "lost_counts": list(self.lost_counts),
            "group": self.group or None,
        }

    def names_sentence(self) -> str:
        """Why the names say one act (``parts.names``): a search verb of one family, or a filter on one side.

        The filter: a ``by`` tail or a qualifier in one name, or more words and filters (``acts.filtered_pairs``).
        """
        qualifier = name_qualifier(self.a, self.b)
        if qualifier.startswith("by "):
            return f"the same search but for a filter in one name ({qualifier}), maybe one act"
        if qualifier:
            return f"the same search but for a qualifier in one name ({qualifier}), maybe one act"
        if name_synonyms(self.a, self.b):
            return "the same name but for a search verb (search, find, lookup), maybe one act"
        return "the same search but for words and filters in one, maybe one act"  # acts.filtered_pairs

    def cost(self) -> tuple[float, float]:
        """What the pair's line says it costs: ``(lost, taken)``, ``(0, 0)`` when it says only how close the two are.

        ``lost``: with profiles, the larger share of one tool's requests that leave it out of the best ``top_k``
        (``lost_sentence``); ``taken``: the share of one tool's probes that rank the other first, else (with
        profiles) of its users' requests nearer the other tool, or overlapping it, as ``sentence`` says them.
        """
        n_ab, m_a, n_ba, m_b = self.lost_counts
        lost = max(n_ab / m_a if m_a else 0.0, n_ba / m_b if m_b else 0.0)
        shares = (self.parts.get("foreign", 0.0), self.parts.get("voice", 0.0))
        said = [share for share in shares if share >= STATED_SHARE]
        return lost, max(self.first_ab, self.first_ba) or (said[0] if said else 0.0)

    def order(self) -> tuple[float, float, float, float]:
        """The pair's place among crowded pairs, ascending: the cost its line says, then how close the two are.

        The cost first (``cost``), then whether its line says it may be one tool written twice (``one_search``: two
        searches of people from the same free text), then how far its similarity is above the two tools' usual (``z``,
        in sd).
        Not ``score``: its weights decide whether a pair is a finding; a pair kept by its names (a lookup beside
        a search) or sharing only generic words scores low while being the closest of all.
        """
        lost, taken = self.cost()
        return -lost, -taken, -self.parts.get("one_search", 0.0), -self.z

    def lost_sentence(self, top_k: int) -> str:
        """With profiles, the requests that lose their tool: "n of m requests written for A leave A out..."."""
        n_ab, m_a, n_ba, m_b = self.lost_counts
        a, b = self.a, self.b
        if n_ba > n_ab:
            a, b, n_ab, m_a, n_ba, m_b = b, a, n_ba, m_b, n_ab, m_a
        text = f"{n_ab} of {m_a} requests written for {a} leave {a} out of the best {top_k}, {b} first"
        if n_ba:
            text += f" ({n_ba} of {m_b} the other way)"
        if self.parts.get("names"):
            text = f"{self.names_sentence()}; {text}"
        return text + self.words_said()

    def sentence(self, *, profiled: bool) -> str:
        """The pair in one line: who ranks whom first, and the words they share."""
        what = "requests written for" if profiled else "the name and description of"
        a, b, ab, ba = self.a, self.b, self.first_ab, self.first_ba
        if ba > ab:
            a, b, ab, ba = b, a, ba, ab
        if ab > 0:
            text = f"{what} {a} rank {b} first {ab:.0%} of the time"
            if ba > 0:
                text += f" ({ba:.0%} the other way)"
        elif self.parts.get("foreign", 0.0) >= STATED_SHARE:
            share = self.parts["foreign"]
            text = (
                f"{share:.0%} of the requests users write for one of {a} and {b} sit nearer the other tool "
                "(its description or one of its requests) than their own tool's"
            )
        elif self.parts.get("voice", 0.0) >= STATED_SHARE:
            text = f"the requests users write for {a} and {b} overlap ({self.parts['voice']:.0%} of them)"
        else:
            text = f"{a} and {b} are close (similarity {self.similarity:.2f}, {self.z:.1f} sd above their usual)"
        if self.parts.get("names"):
            text = f"{self.names_sentence()}; {text}"
        return text + self.words_said()

    def words_said(self) -> str:
        """The words the two share, as the line ends; only the registry's common ones are said to be no likeness.

        ``parts.generic`` below 1: every shared word is generic ("search") or in a quarter of the registry's
        definitions ("branch" in a car rental's): "; only common words shared (branch)", not "shared words: branch",
        which read as what makes the pair.
        """
        if not self.shared_words:
            return ""
        words = ", ".join(self.shared_words)
        common = self.parts.get("generic", 1.0) < 1.0
        return f"; only common words shared ({words})" if common else f"; shared words: {words}"


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem: its kind (``KINDS``), the tools, what was seen, and what to do in one line."""

    kind: str
    tools: tuple[str, ...]
    detail: str
    action: str
    score: float = 0.0
    """How strong the evidence is, for ordering findings of one kind (higher first)."""
    evidence: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "kind": self.kind,
            "tools": list(self.tools),
            "detail": self.detail,
            "action": self.action,
            "score": round(self.score, 4),
            "evidence": dict(self.evidence),
        }


@dataclass(frozen=True, slots=True)
class DoctorReport:
    """What ``diagnose`` found on a registry.

    ``findings`` are ordered by kind (as in ``KINDS``), then strongest first; ``pairs``
    holds every pair scored (those at ``crowded_score`` or over are findings; the JSON marks them); ``categories``
    maps each tool to its category (or MCP server) for the crowding map.
    """

    tools: int
    profiled: int
    """Tools that had profile requests."""
    top_k: int
    embedder: str
    findings: tuple[Finding, ...]
    pairs: tuple[CrowdedPair, ...]
    categories: Mapping[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    crowded_score: float = 0.4
    """The threshold a pair's score is a finding at (``diagnose``'s ``crowded_score``)."""

    def of_kind(self, kind: str) -> list[Finding]:
        """The findings of one kind, strongest first."""
        return [f for f in self.findings if f.kind == kind]

    def count(self, kind: str) -> int:
        """How many of ``kind`` there are: its findings, or for ``COUNTED_BY_TOOLS`` the tools they name."""
        found = self.of_kind(kind)
        return len({n for f in found for n in f.tools}) if kind in COUNTED_BY_TOOLS else len(found)

    def heading(self, kind: str) -> str:
        """A kind's heading, text and page alike: "crowded_pair (3)" (findings), "thin_description (9 tools)"."""
        n = self.count(kind)
        return f"{kind} ({n} tool{'s' if n != 1 else ''})" if kind in COUNTED_BY_TOOLS else f"{kind} ({n})"

    def flagged(self) -> set[str]:
        """Names of the tools some finding about their own definition names (for rewrites)."""
        kinds = set(KINDS) - {"rejected_name", "large_schema", "unchecked_duplicates", "close_pairs", "act_siblings"}
        return {name for f in self.findings if f.kind in kinds for name in f.tools}

    def to_dict(self) -> dict[str, Any]:
        """The JSON object ``toolfilter doctor --json`` prints."""
        counts = {kind: self.count(kind) for kind in dict.fromkeys(f.kind for f in self.findings)}
        return {
            "tools": self.tools,
            "profiled": self.profiled,
            "top_k": self.top_k,
            "embedder": self.embedder,
            "seconds": round(self.seconds, 3),
            "counts": counts,
            "counted_by_tools": list(COUNTED_BY_TOOLS),
            "findings": [f.to_dict() for f in self.findings],
            "crowded_score": self.crowded_score,
            "pairs": self._pairs(),
        }

    def told_by(self) -> dict[frozenset[str], str]:
        """Each pair a finding names, and that finding's kind: the pairs the report tells, text, JSON and page alike.

        The kinds: ``crowded_pair``, ``near_duplicate``, ``crowded_cluster``, ``close_pairs``, ``act_siblings``.
        """
        told: dict[frozenset[str], str] = {}
        for finding in self.findings:
            if finding.kind in ("crowded_pair", "near_duplicate"):
                told.setdefault(frozenset(finding.tools), finding.kind)
            elif finding.kind in ("crowded_cluster", "close_pairs", "act_siblings"):
                told.update((frozenset(p), finding.kind) for p in finding.evidence.get("pairs", ()))
        return told

    def _pairs(self) -> list[dict[str, Any]]:
        """Every pair, with ``above_threshold`` and ``told_by``: the finding kind that names it, or None.

        Each pair's own ``group`` (with profiles) and ``lost_counts`` say why it is told as it is.
        """
        told = self.told_by()
        out = []
        for pair in self.pairs:
            above = pair.score >= self.crowded_score
            out.append({**pair.to_dict(), "above_threshold": above, "told_by": told.get(frozenset((pair.a, pair.b)))})
        return out

    def text(self, *, limit: int = 5) -> str:
        """The report for a terminal: the counts, then per kind (most costly first) ``limit`` findings.

        The rest of a kind is one line of tool names; ``--json`` holds every finding.
        """
        lines = [
            f"toolfilter doctor: {self.tools} tools ({self.profiled} with profile requests), "
            f"top_k {self.top_k}, embedder {self.embedder}, {self.seconds:.1f} s"
        ]
        if not self.findings:
            lines.append("no findings")
            return "\n".join(lines)
        lines.append(f"{len(self.findings)} findings, most costly first: " + ", ".join(self._counted()))
        for kind in PRIORITY:
            found = self.of_kind(kind)
            if not found:
                continue
            lines.append(f"\n{self.heading(kind)}: {KINDS[kind]}")
            for finding in found[:limit]:
                head = "" if kind in SUMMARIES else f"{_named(finding) or 'the registry'}: "
                lines.append(f"  - {head}{finding.detail}")
                lines.append(f"    what to do: {finding.action}")
            lines.extend(_rest(kind, found[limit:]))
        return "\n".join(lines)

    def _counted(self) -> list[str]:
        """The counts line's parts, in ``PRIORITY``: "2 near_duplicate", "19 thin_description (1 finding)"."""
        out = []
        for kind in PRIORITY:
            n, found = self.count(kind), len(self.of_kind(kind))
            if found:
                out.append(f"{n} {kind}" + (f" ({found} finding{'s' if found > 1 else ''})" if n != found else ""))
        return out


def _rest(kind: str, rest: list[Finding]) -> list[str]:
    """The line for the findings of a kind past ``--limit``; near-duplicates each named in full (never a tail)."""
    if not rest:
        return []
    if kind == "near_duplicate":
        return [f"  ... and {len(rest)} more: " + "; ".join(" ~ ".join(f.tools) for f in rest) + " (--json shows all)"]
    names = ", ".join(dict.fromkeys(name for f in rest for name in f.tools[:2]))
    return [f"  ... and {len(rest)} more: {_shorten_names(names, where='')} (--json shows all)"]


def _named(finding: Finding) -> str:
    """A finding's tools for the text (``SUMMARIES`` name theirs in their detail)."""
    return _shorten_names(", ".join(finding.tools))


def _shorten_names(text: str, limit: int = 160, where: str = " (--json lists all)") -> str:
    """``text`` cut at ``limit`` characters on a comma, saying how many more and (``where``) where they all are."""
    if len(text) <= limit:
        return text
    kept = text[: text.rfind(", ", 0, limit)]
    more = text.count(", ") - kept.count(", ")
    return f"{kept} and {more} more{where}"
