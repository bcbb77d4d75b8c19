"""The values toolfilter passes around: tool definitions in, scored selections out."""

from __future__ import annotations

import enum
import hashlib
import inspect
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ._files import word_cut
from ._keywords import checked_keywords

__all__ = [
    "Note",
    "NoteKind",
    "Reason",
    "ScoreBreakdown",
    "ScoredTool",
    "Selection",
    "Status",
    "ToolProfile",
    "ToolSpec",
    "bare_name",
    "docstring_of",
    "listed_chars",
    "openai_tool_chars",
    "openai_tools_chars",
]

_EMPTY: Mapping[str, Any] = MappingProxyType({})

MAX_TOOLS = 128
"""The most tools one model call may carry: OpenAI's hard cap on tools per call, the
tightest of the providers'. ``top_k``, ``fallback_top_k``, ``k`` and ``max_tools`` stop here."""


@checked_keywords
@dataclass(frozen=True, slots=True)
class ToolProfile:
    """Requests users would type for one tool, written by a model from its definition alone.

    The retriever embeds them beside the tool's own words (they are never sent to the model
    that calls tools). See ``write_profiles`` and docs/profiles.md.
    """

    requests: tuple[str, ...] = ()
    """Requests in the users' own words that need this tool (and not its neighbours)."""
    destroy: tuple[str, ...] = ()
    """For a destructive tool: requests that clearly ask for the destructive act."""
    tool_hash: str = ""
    """``definition_hash()`` of the tool version it was written for ('' : any version)."""
    writer: str = ""
    """Who wrote it (a model's name, "hand"), for review."""
    prompt_version: str = ""
    """Version of the prompt it answered ('' when hand-written)."""
    params_hash: str = ""
    """``params_hash()`` of that version: kept through a description edit when it still matches."""
    parameters: tuple[str, ...] = ()
    """The parameter names of that version (empty in rows written before 0.11): a tool that
    lost one of them has changed; one that only gained some, or declares none (a schema a
    framework built loosely), keeps the profile."""
    destructive: bool | None = None
    """Whether its tool was destructive when its prompt was written (the prompt's ``destructive``
    list: those are asked for ``destroy`` requests); None when not recorded (rows written before
    it was): judged then by whether it has ``destroy`` requests."""
    same_job_as: tuple[str, ...] = ()
    """Tools the profile writer says do the very same job on the same thing (one tool written twice): the
    doctor's ``near_duplicate``."""
    mentions: tuple[str, ...] = ()
    """For a destructive tool: requests that mention its act or the record it destroys without asking for the
    act now ("was the refund on 4471 processed?"). Never a request of the tool: the guard holds the tool
    for a request closer to them than to its asks (``destroy_ask.MENTION_MARGIN``)."""

    def written_for(self, tool: ToolSpec) -> bool:
        """Whether it was written for this version of ``tool`` (no ``tool_hash``: any version).

        The order the parameters are listed in does not count: a tools file written as YAML
        (keys sorted) or with its parameters reordered is the same tool. Nor does the way
        ``definition_hash`` read the description before (the whole text, a ``FunctionTool``'s
        signature line included): a row written then fits the tool it was written for.
        """
        if not self.tool_hash:
            return True
        return any(
            self.tool_hash == tool.definition_hash(order, description)
            for order in self._orders(tool)
            for description in _hashed_before(tool)
        )

    def same_parameters(self, tool: ToolSpec) -> bool:
        """Whether ``params_hash`` matches ``tool``'s parameter names, in whatever order."""
        return bool(self.params_hash) and any(
            self.params_hash == tool.params_hash(order) for order in self._orders(tool)
        )

    def _orders(self, tool: ToolSpec) -> list[tuple[str, ...]]:
        """The orders of ``tool``'s parameter names the hashes are tried in: its own, the row's, sorted."""
        now = tuple(tool.parameter_names)
        orders = [now, tuple(sorted(now))]
        if self.parameters and sorted(self.parameters) == sorted(now):
            orders.append(tuple(self.parameters))
        return orders

    @property
    def texts(self) -> tuple[str, ...]:
        """Every request, the destroy-asking ones last."""
        return self.requests + self.destroy

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (without the tool's name)."""
        row: dict[str, Any] = {"requests": list(self.requests)}
        if self.destroy:
            row["destroy"] = list(self.destroy)
        if self.mentions:
            row["mentions"] = list(self.mentions)
        if self.same_job_as:
            row["same_job_as"] = list(self.same_job_as)
        for key in ("tool_hash", "params_hash", "writer", "prompt_version"):
            if getattr(self, key):
                row[key] = getattr(self, key)
        if self.parameters:
            row["parameters"] = list(self.parameters)
        if self.destructive is not None:
            row["destructive"] = self.destructive
        return row


@checked_keywords
@dataclass(frozen=True, slots=True)
class ToolSpec:
    """One tool as the registry describes it. Only these fields are ever indexed.

    Build one directly, or load many with ``load_tools`` (JSON Lines, OpenAI tool dicts,
    MCP ``tools/list`` results). Validation happens in ``toolfilter_core.load_tool``.
    """

    name: str
    """Unique name the model calls the tool by."""
    description: str = ""
    """What the tool does, in the registry's words."""
    parameters: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    """JSON Schema of the arguments (an object schema, or empty)."""
    category: str | None = None
    """Domain of the tool (e.g. the MCP server it comes from); drives domain routing."""
    tags: tuple[str, ...] = ()
    """Free labels; scored by the tag signal and usable in policies."""
    triggers: tuple[str, ...] = ()
    """Phrasings a user says when this tool is wanted, written by the tool's author."""
    annotations: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    """Hints such as MCP ``readOnlyHint`` / ``destructiveHint``; used by policies, never scored."""
    profile: ToolProfile | None = None
    """Requests a model wrote for this tool (``write_profiles``); indexed, never sent to the model."""

    @property
    def parameter_names(self) -> tuple[str, ...]:
        """Names of the top-level parameters, in schema order."""
        properties = self.parameters.get("properties") or {}
        return tuple(properties) if isinstance(properties, Mapping) else ()

    def document(self) -> str:
        """The text embedded for the tool's main vector: name, description, parameter names."""
        text = f"{self.name.replace('_', ' ')}: {self.description}".strip()
        if self.parameter_names:
            text += f" (parameters: {', '.join(self.parameter_names)})"
        return text

    def to_openai(self) -> dict[str, Any]:
        """The OpenAI ``tools`` entry a model would receive for this tool."""
        function: dict[str, Any] = {"name": self.name, "description": self.description}
        function["parameters"] = _plain(self.parameters) or {"type": "object", "properties": {}}
        return {"type": "function", "function": function}

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict in the data format of the project (one JSON Lines row)."""
        row: dict[str, Any] = {
            "name": self.name,
            "description": self.description,
            "parameters": _plain(self.parameters),
            "category": self.category,
            "tags": list(self.tags),
        }
        if self.triggers:
            row["triggers"] = list(self.triggers)
        if self.annotations:
            row["annotations"] = _plain(self.annotations)
        if self.profile is not None and self.profile.texts:
            row["profile"] = self.profile.to_dict()
        return row

    def content_hash(self) -> str:
        """A digest of every indexed field, the profile included: a changed tool gets a new hash."""
        return _digest(self.to_dict())

    def definition_hash(self, order: Sequence[str] | None = None, description: str | None = None) -> str:
        """A digest of what a profile is written from: the name, description and parameter names.

        Not the whole schema: frameworks render one tool's schema differently (titles,
        ``anyOf`` with null), and a profile written for the tool must follow it there. Nor the
        description as a framework spells it: its text without a ``FunctionTool``'s signature line
        (``docstring_of``), its indentation taken off like a docstring's (``inspect.cleandoc``),
        so one function as a LlamaIndex ``FunctionTool`` and as a LangChain ``@tool`` hashes the same.
        ``order``: the parameter names in another order; ``description``: another text, hashed as
        it is (``ToolProfile.written_for`` tries the ways earlier versions read it).
        """
        names = list(self.parameter_names if order is None else order)
        text = inspect.cleandoc(docstring_of(self)) if description is None else description
        return _digest({"name": self.name, "description": text, "parameters": names})

    def params_hash(self, order: Sequence[str] | None = None) -> str:
        """A digest of the name and parameter names alone: unchanged when only the description is edited."""
        return _digest({"name": self.name, "parameters": list(self.parameter_names if order is None else order)})


_SIGNATURE_LINE = re.compile(r"\A(?P<name>[A-Za-z_][\w.\-]*)\([^\n]*\)[^\n]*(?:\n|\Z)")
"""The line a LlamaIndex ``FunctionTool.from_defaults(fn)`` puts before the docstring: ``name(city: str) -> str``."""


def bare_name(tool: ToolSpec | str) -> str:
    """A tool's name (or a name) less its server's: ``weather__get_forecast`` is ``get_forecast`` (``_mcp``)."""
    return (tool if isinstance(tool, str) else tool.name).rsplit("__", 1)[-1]


def docstring_of(tool: ToolSpec) -> str:
    """``tool``'s description without a leading signature line of its own name (a ``FunctionTool``'s docstring)."""
    found = _SIGNATURE_LINE.match(tool.description)
    if found is None or found["name"] not in (tool.name, bare_name(tool)):
        return tool.description
    return inspect.cleandoc(tool.description[found.end() :])


def _hashed_before(tool: ToolSpec) -> list[str | None]:
    """The texts of ``tool``'s description a profile's ``tool_hash`` may have been taken of.

    None (``definition_hash``'s own reading), then as earlier versions read it: the whole
    description, and (a ``FunctionTool``'s) the docstring after its signature line.
    """
    return list(dict.fromkeys([None, tool.description, docstring_of(tool)]))


def _digest(row: dict[str, Any]) -> str:
    payload = json.dumps(row, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32]


def _plain(value: Any) -> Any:
    """Turn read-only mappings back into plain dicts for JSON."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def openai_tools_chars(tools: list[ToolSpec] | tuple[ToolSpec, ...]) -> int:
    """Characters of the tools serialized as an OpenAI ``tools`` JSON array.

    This is the prompt cost the seed design measures: what the model is sent each turn.
    """
    if not tools:
        return 0
    return len(json.dumps([t.to_openai() for t in tools], ensure_ascii=False))


def listed_chars(entries: Sequence[int]) -> int:
    """``openai_tools_chars`` of tools whose entries alone have these lengths (``openai_tool_chars``).

    A JSON array of them is its brackets, the entries, and ``", "`` between two.
    """
    return 2 + sum(entries) + 2 * (len(entries) - 1) if entries else 0


def openai_tool_chars(tool: ToolSpec) -> int:
    """Characters of one tool's OpenAI ``tools`` entry, serialized alone."""
    return len(json.dumps(tool.to_openai(), ensure_ascii=False))


QUERY_CHARS = 200
"""How much of a request ``Selection.explain()``, ``to_dict()`` and the adapters' trace
events show (their ``query_chars``; None: all of it). A pasted 20,000-character request
would otherwise fill every log line and trace."""


def query_excerpt(text: str, limit: int | None = QUERY_CHARS) -> str:
    """``text`` cut to its first ``limit`` characters, saying how long it was."""
    if limit is None or len(text) <= limit:
        return text
    return f"{word_cut(text, limit)}… ({len(text):,} characters)"


class Reason(str, enum.Enum):
    """Why a candidate tool was not selected."""

    BLOCKED = "blocked"
    """Named in ``block_tools`` or denied by the caller's policy (block wins)."""
    NOT_ALLOWED = "not_allowed"
    """``allow_tools`` is set and does not name it."""
    CATEGORY_GATE = "category_gate"
    """Outside the category given with enough confidence."""
    BELOW_MIN_SIMILARITY = "below_min_similarity"
    """Embedding similarity under the threshold (plain mode)."""
    BELOW_MIN_OVERLAP = "below_min_overlap"
    """Fewer shared tokens with the query than ``min_lexical_overlap``."""
    BELOW_MIN_COMBINED = "below_min_combined"
    """Combined score under ``min_combined_score``."""
    NO_TOOL_INTENT = "no_tool_intent"
    """The request reads like one that needs no tool (closer to an abstain phrase)."""
    ZERO_SCORE = "zero_score"
    """Combined score of 0 or less: the scorer has no opinion, so nothing is guessed."""
    OTHER_DOMAIN = "other_domain"
    """Its domain was not among the top domains routed to."""
    BELOW_TOP_K = "below_top_k"
    """Ranked past ``top_k`` (or past ``fallback_top_k`` in a widened selection)."""
    BELOW_RELATIVE_CUT = "below_relative_cut"
    """Scored under ``relative_cut`` times the best tool's score."""
    DESTRUCTIVE_GUARD = "destructive_guard"
    """Destructive, left out because the request does not ask for its act (the destructive guard)."""
    MAX_TOOLS = "max_tools"
    """Past the caller's hard cap (``select(max_tools=...)``, ``--max-tools``)."""
    OPPOSITE_ACT = "opposite_act"
    """Does the opposite of the act the request asks ("deny claim CL-40021" and ``claim_approve``)."""


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """How a combined score came about: each signal in [0, 1], its weight, the result."""

    signals: Mapping[str, float]
    """Signal name to value, e.g. ``{"embed": 0.82, "lexical": 0.5}``."""
    weights: Mapping[str, float]
    """Signal name to the weight used (signals with weight 0 still show their value)."""
    combined: float
    """``sum(w * s) / sum(w)`` over the signals."""
    matched: str = ""
    """The indexed text whose vector matched best (the description or a trigger)."""


@dataclass(frozen=True, slots=True)
class ScoredTool:
    """A candidate tool with its score and, if it was not selected, the reason."""

    tool: ToolSpec
    breakdown: ScoreBreakdown
    reason: Reason | None = None
    """None for selected tools."""

    @property
    def name(self) -> str:
        """The tool's name."""
        return self.tool.name

    @property
    def score(self) -> float:
        """The combined score."""
        return self.breakdown.combined


class Status(str, enum.Enum):
    """What a selection came to: its one outcome (``Selection.detail`` says it in words).

    The status describes the ranking; ``always_include`` and sticky tools may be selected
    whatever it is.
    """

    SELECTED = "selected"
    """Tools were ranked and chosen with confidence (plain mode: any above the threshold)."""
    WIDENED = "widened"
    """Confidence was low: the selection was widened to the best domains (``fallback`` true)."""
    EXACT_NAME = "exact_name"
    """The request is exactly a tool's name: that tool."""
    NO_TOOL_FITS = "no_tool_fits"
    """Every candidate was filtered out or scored too low: no tool chosen."""
    NO_TOOL_NEEDED = "no_tool_needed"
    """The request reads like one that needs no tool (the no-tool test): no tool chosen."""
    NOT_SURE = "not_sure"
    """The no-tool test is not sure, or the request asks to destroy a record whose tool is no
    candidate (its id's prefix names another: ``decide.ASKED_BY_PREFIX``): the adapters send
    only their ``find_tools`` search, from which the model reaches any tool in one step;
    ``selected`` holds the tools the ranking would send (for a caller without the search)."""
    NO_TEXT = "no_text"
    """No text to select on: empty, blank, only images, no user message, or (through an
    adapter) a message over ``MAX_QUERY_CHARS``; ``detail`` says which."""
    NO_ASK = "no_ask"
    """The message is pasted material alone, with no ask found in it: no tool chosen."""
    FAILED = "failed"
    """Selection failed and ``fallback_to_empty`` continued with no tools; ``detail`` holds the error."""


class NoteKind(str, enum.Enum):
    """What a note of a ``Selection`` says, for code; its text says it for people.

    A note says what the status does not: the status (``Status``) is the outcome, and
    ``Selection.detail`` says in words what it rests on.
    """

    PASTED = "pasted"
    """Pasted material was left out of the query (values: ``pasted_chars``, ``chars``, ``ask``)."""
    LONG_REQUEST = "long_request"
    """A long request was selected on its start and end (``chars``, ``limit``, ``head``, ``tail``)."""
    UNREAD = "unread"
    """A message over the reading budget was read on its start and end (``chars``, ``unread``)."""
    CATEGORY_GATE_OFF = "category_gate_off"
    """The caller's category did not gate (``category``, or ``confidence`` below ``threshold``)."""
    OWN_ACTION = "own_action"
    """Reads like needing no tool but says a tool's own action, served as usual (``tool``)."""
    DESTRUCTIVE_LEFT_OUT = "destructive_left_out"
    """The destructive guard left these out (``tools``, ``widened``)."""
    DESTRUCTIVE_LET_IN = "destructive_let_in"
    """The destructive guard let these in, each with the readings that did (``tools``)."""
    ASKS_KEPT = "asks_kept"
    """Each ask's best tool was kept beyond ``top_k`` (``tools``)."""
    STATE_READS = "state_reads"
    """A question about a held destructive tool's act: its object's read tools sent (``tools``; ``held``: the
    held tool each stands for)."""
    CHAINED = "chained"
    """Tools added because they produce an id a selected tool needs and the request does not
    carry (``tools``; ``feeds``: the ``tool.parameter`` each feeds; ``left_out``)."""
    OPPOSITE_LEFT_OUT = "opposite_left_out"
    """Left out: these do the opposite of the act the request asks, beside a tool doing it (``tools``)."""
    CAPPED = "capped"
    """The caller's ``max_tools`` left these out (``tools``, ``max_tools``)."""
    REMOVED = "removed"
    """Left out: removed from the registry while selecting (``tools``)."""
    STORE_UNAVAILABLE = "store_unavailable"
    """The store failed; the registry loaded earlier served (``error``)."""


class Note(str):
    """One note of a ``Selection``: its text (the string itself), its ``kind`` and the ``values`` it rests on.

    Built by the stage that decided, the text from the values; it compares, prints and
    serialises as its text, so code that reads notes as strings reads them as before.
    """

    kind: NoteKind
    values: Mapping[str, Any]
    """Read-only: a note may be shared by many selections."""

    def __new__(cls, kind: NoteKind, text: str, **values: Any) -> Note:
        note = super().__new__(cls, text)
        note.kind = kind
        note.values = MappingProxyType(values)
        return note

    def __reduce__(self) -> tuple[Any, ...]:
        return (_note, (self.kind, str(self), dict(self.values)))

    def extended(self, more: str, **values: Any) -> Note:
        """This note with ``more`` added to its text and ``values`` to its values."""
        return Note(self.kind, str(self) + more, **self.values, **values)

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": ..., **values}``, JSON-ready (plain strings, numbers and lists)."""
        return {"kind": self.kind.value, **{k: list(v) if isinstance(v, tuple) else v for k, v in self.values.items()}}


def _note(kind: NoteKind, text: str, values: dict[str, Any]) -> Note:
    return Note(kind, text, **values)


@dataclass(frozen=True, slots=True)
class Selection:
    """The result of one ``select`` call.

    ``selected`` holds the chosen tools in a deterministic order (best first, ties by
    name); ``rejected`` every other candidate that was scored, each with its reason.
    """

    query: str
    selected: tuple[ScoredTool, ...]
    rejected: tuple[ScoredTool, ...] = ()
    domains: tuple[str, ...] = ()
    """The domains the selection was routed to, best first."""
    notes: tuple[str, ...] = ()
    """Plain-language remarks beside the status: a skipped gate, pasted material left out,
    a destructive tool held back. Each note the core writes is a ``Note``: its ``kind`` and
    ``values`` are the same said for code (``reasons``)."""
    selected_chars: int = 0
    """Characters of the selected tools as an OpenAI tools list."""
    total_chars: int = 0
    """Characters of every tool in the registry as an OpenAI tools list."""
    status: Status = Status.SELECTED
    """What the selection came to: the outcome, in one value."""
    detail: str = ""
    """What the status rests on, in words: for ``NO_TEXT`` what the input held
    (``"the request is empty"``, ``"only images"``, ``"the message is 1,200,000 characters,
    over the limit of 1,000,000"``), for ``FAILED`` the error (``"EmbedderError: ..."``),
    for ``WIDENED`` the top score and gap and where it widened to, for ``NO_TOOL_NEEDED``
    and ``NOT_SURE`` the closest no-tool example and the evidence, for ``EXACT_NAME``, ``NO_TOOL_FITS`` and
    ``NO_ASK`` what happened; empty for ``SELECTED``."""

    @property
    def fallback(self) -> bool:
        """True when confidence was low and the search was widened (``status`` is ``WIDENED``)."""
        return self.status is Status.WIDENED

    @property
    def names(self) -> list[str]:
        """Names of the selected tools, in order."""
        return [s.name for s in self.selected]

    @property
    def tools(self) -> list[ToolSpec]:
        """The selected tool definitions, in order."""
        return [s.tool for s in self.selected]

    @property
    def reasons(self) -> tuple[Note, ...]:
        """The notes as values: each one's ``kind`` and ``values`` (notes an adapter added as plain text left out)."""
        return tuple(n for n in self.notes if isinstance(n, Note))

    @property
    def cost_ratio(self) -> float:
        """Selected characters over the whole list's (0 when the registry is empty)."""
        return self.selected_chars / self.total_chars if self.total_chars else 0.0

    def to_dict(self, *, query_chars: int | None = QUERY_CHARS) -> dict[str, Any]:
        """A JSON-ready summary with the per-signal breakdown of every scored tool.

        ``query_chars``: show at most this much of the request (None: all of it).
        """

        def row(s: ScoredTool) -> dict[str, Any]:
            out: dict[str, Any] = {
                "name": s.name,
                "score": round(s.score, 4),
                "signals": {k: round(v, 4) for k, v in s.breakdown.signals.items()},
            }
            if s.breakdown.matched:
                out["matched"] = s.breakdown.matched
            if s.reason is not None:
                out["reason"] = s.reason.value
            return out

        return {
            "query": query_excerpt(self.query, query_chars),
            "status": self.status.value,
            "detail": self.detail,
            "selected": [row(s) for s in self.selected],
            "rejected": [row(s) for s in self.rejected],
            "fallback": self.fallback,
            "domains": list(self.domains),
            "notes": [str(n) for n in self.notes],
            "reasons": [n.to_dict() for n in self.reasons],
            "selected_chars": self.selected_chars,
            "total_chars": self.total_chars,
        }

    def explain(self, *, limit: int = 5, query_chars: int | None = QUERY_CHARS) -> str:
        """A short human-readable account: what was chosen, why, and what it saves.

        ``limit``: rejected tools shown; ``query_chars``: how much of the request (None: all).
        """
        lines = [f"query: {query_excerpt(self.query, query_chars)!r}"]
        if not self.selected:  # "needs none" is not "none fits": the status says which
            why = {Status.NO_TOOL_NEEDED: "the request needs no tool", Status.NO_TOOL_FITS: "no tool fits"}
            lines.append(f"selected: nothing ({why.get(self.status, self.status.value)})")
        for s in self.selected:
            lines.append(f"  + {s.name:<24} {s.score:.3f}  {_signals_text(s.breakdown)}")
        for s in self.rejected[:limit]:
            reason = s.reason.value if s.reason else ""
            lines.append(f"  - {s.name:<24} {s.score:.3f}  {reason}")
        if self.detail:
            lines.append(f"  {self.status.value}: {self.detail}")
        lines.extend(f"  note: {n}" for n in self.notes)
        if self.total_chars:
            saved = 1 - self.cost_ratio
            lines.append(f"  prompt: {self.selected_chars:,} of {self.total_chars:,} chars ({saved:.0%} saved)")
        return "\n".join(lines)


def _signals_text(b: ScoreBreakdown) -> str:
    parts = [f"{k}={v:.2f}" for k, v in b.signals.items() if b.weights.get(k, 0) > 0]
    text = " ".join(parts)
    if b.matched:
        text += f"  via {b.matched!r}"
    return text
