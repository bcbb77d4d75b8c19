"""Evaluation: run a selector over labelled queries and report the figures of ``toolfilter eval``.

A labelled query is ``{"id", "query", "gold": [tool names], "lang"}``; ``gold == []`` means
no tool should be selected.
"""

from __future__ import annotations

import difflib
import json
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ._exceptions import ToolSpecError
from ._files import FileProblem, csv_problem, excerpt, json_lines, json_rows, one_line, read_file_text, shorten
from ._keywords import checked_keywords
from ._miss_why import status_said, why_missed
from ._near_keys import misspelt_line
from ._policy import close_names
from ._tool_defs import lenient_name
from ._types import Selection

__all__ = ["EvalResult", "LabelledQuery", "evaluate", "read_queries"]


@checked_keywords
@dataclass(frozen=True, slots=True)
class LabelledQuery:
    """A request and the tools it needs (empty: none)."""

    id: str
    query: str
    gold: tuple[str, ...]
    lang: str = ""
    kind: str = ""
    """A label of the request's kind (``"multi"``, ``"no_tool"``, ...), if the file gives one."""
    source: str = field(default="", compare=False)
    """Where the request was read (``queries.jsonl line 4``), said when it is left out; empty when not read."""

    def __post_init__(self) -> None:
        for name in ("id", "query", "lang", "kind", "source"):
            if not isinstance(getattr(self, name), str):
                msg = f"LabelledQuery.{name}: got {excerpt(getattr(self, name))}; allowed: a string"
                raise TypeError(msg)
        gold = self.gold
        if isinstance(gold, str) or not isinstance(gold, Sequence) or not all(isinstance(n, str) for n in gold):
            msg = f"LabelledQuery.gold: got {excerpt(gold)}; allowed: a tuple of tool names (strings)"
            raise TypeError(msg)
        object.__setattr__(self, "gold", tuple(gold))


def read_queries(path: str | Path, *, limit: int | None = None) -> list[LabelledQuery]:
    """Read labelled queries from JSON Lines, or a JSON array of the same objects.

    Raises:
        ToolSpecError: unreadable file or a malformed row (with its line number, or its
            item number in an array).
    """
    path = Path(path)
    shown = repr(str(path))
    out: list[LabelledQuery] = []
    for number, place, row in _query_rows(path):
        try:
            if not isinstance(row, dict):
                raise TypeError(f"expected an object, got {excerpt(row)}")
            for field in _NEEDED:
                if field not in row:
                    raise TypeError(f"missing field {field!r}{_other_file(row) or _field_hint(field, row)}")
            near = misspelt_line(row, QUERY_FIELDS)
            if near:  # a misspelt "kind" or "lang" would be dropped without a word, and its breakdown with it
                raise TypeError(near)
            gold = row["gold"]
            if isinstance(gold, str):
                raise TypeError(f"'gold' must be a list of tool names: write [{json.dumps(gold, ensure_ascii=False)}]")
            if not isinstance(row["query"], str) or not isinstance(gold, list):
                raise TypeError("'query' must be a string and 'gold' a list")
            if not all(isinstance(name, str) for name in gold):
                raise TypeError("'gold' must be a list of tool names (strings)")
            lang, kind = str(row.get("lang") or ""), str(row.get("kind") or "")
            where = f"{path} {place}"
            out.append(LabelledQuery(str(row.get("id", number)), row["query"], tuple(gold), lang, kind, where))
        except TypeError as error:
            msg = f"queries file {shown}: {place} is not a labelled query ({shorten(str(error), 300)})"
            raise ToolSpecError(msg) from None
        if limit is not None and len(out) >= limit:
            break
    return out


def _query_rows(path: Path) -> list[tuple[int, str, Any]]:
    """The rows of a queries file: each one's number, where it is (``line 3``, ``item 2 (line 7)``) and it.

    An array is read through ``json_rows``, which checks nesting and number sizes before ``json`` does.
    """
    text = read_file_text(path, "queries file", ToolSpecError)
    try:
        if text.lstrip().startswith("["):
            return [(i, where, row) for i, (where, row) in enumerate(json_rows(text), 1)]
        return [(number, f"line {number}", row) for number, row in json_lines(text)]
    except FileProblem as problem:
        said = csv_problem(path, text) or f"{problem.where()}{problem.message}"
        msg = f"queries file {str(path)!r}: {said}; {QUERIES_FORMATS}"
        raise ToolSpecError(msg) from None


QUERY_FIELDS = ("id", "query", "gold", "lang", "kind")
"""The fields of a labelled query's row; other keys are kept as notes."""
QUERIES_FORMATS = (
    'a queries file is JSON Lines, one {"query": TEXT, "gold": [TOOL, ...]} a line (optionally "id", '
    '"lang", "kind"), or a JSON array of the same objects'
)
"""What a queries file may be, said when one cannot be read."""

_NEEDED = {
    "query": ("question", "text", "request", "prompt", "input", "utterance", "q"),
    "gold": ("expected", "tools", "tool", "labels", "label", "answer", "answers", "target", "targets"),
}
"""A labelled query's required fields, each with the keys people put in its place."""


def _other_file(row: dict[str, Any]) -> str:
    """``; this looks like a tools file ...`` for a row of another file the CLI takes, else ''."""
    tool_keys = {"description", "parameters", "inputSchema", "input_schema"} & set(row)
    if ("name" in row and tool_keys) or isinstance(row.get("function"), dict):
        return (
            "; this looks like a tools file (tool definitions), not labelled requests: give it as --tools "
            "(read_tools_file in Python), and the labelled requests as --queries"
        )
    if "no_tool" in row or ("tool" in row and "requests" in row):
        return (
            "; this looks like a profiles file (rows of 'tool' and 'requests'), not labelled requests: give it "
            "as --profiles (profiles= in Python), and the labelled requests as --queries"
        )
    if isinstance(row.get("messages"), list):
        return (
            "; this looks like a conversations file (rows of 'messages'), not labelled requests: give it as "
            "--conversations (read_conversations in Python)"
        )
    return ""


def _field_hint(field: str, row: dict[str, Any]) -> str:
    """`` (the line has 'expected': name it 'gold'; ...)`` for a row with a stand-in for ``field``, else its keys."""
    keys = [str(k) for k in row]
    close = [k for k in keys if k.lower() in _NEEDED[field]] or difflib.get_close_matches(field, keys, n=1)
    if close:
        return f" (the line has {close[0]!r}: name it {field!r}; a labelled query is {{'id', 'query', 'gold', 'lang'}})"
    empty = '; "gold": [] says no tool is needed' if field == "gold" else ""
    return f"; the line has {', '.join(repr(k) for k in keys[:8]) or 'no keys'}{empty}"


@dataclass(frozen=True, slots=True)
class EvalResult:
    """The figures of one evaluation run (keys of ``toolfilter eval --json``)."""

    queries: int
    tool_queries: int
    no_tool_queries: int
    recall: float | None
    recall_mean: float | None
    dangerous_misselect: float | None
    no_tool_rejection: float | None
    false_abstain: float | None
    """Share of the tool requests given no tool at all (empty selection)."""
    fallback_rate: float
    mean_selected: float
    cost_ratio: float
    latency_ms: Mapping[str, float]
    destructive_on_read: float | None = None
    """Share of the requests whose gold holds no destructive tool (those that need no tool
    included) that were sent a destructive one (None when no destructive tool names were given)."""
    wrong_destroyer: float | None = None
    """Share of the requests whose gold holds a destructive tool that were sent a destructive
    tool their gold does not hold (None when no destructive tool names were given, or no
    request's gold holds one)."""
    wrong_destroyers: tuple[Mapping[str, Any], ...] = ()
    """The requests ``wrong_destroyer`` counts: id, query, gold, selected and ``wrong`` (the
    destructive tools sent outside the gold)."""
    destroyers_on_reads: tuple[Mapping[str, Any], ...] = ()
    """The requests ``destructive_on_read`` counts, in the same form."""
    misses: tuple[Mapping[str, Any], ...] = ()
    errors: tuple[Mapping[str, Any], ...] = ()
    """Requests whose selection raised: reported and left out of every figure."""
    breakdown: Mapping[str, Any] = field(default_factory=dict)
    """``by_lang`` / ``by_kind`` (when the queries carry them): per group, its queries and
    figures; ``wrong_sent_most``: the tools most often sent where they were not gold;
    ``domain_share``: each domain's (an MCP server's) share of the tools sent."""
    sent: tuple[int, ...] = ()
    """Tools sent per request, in query order (the report's histogram)."""
    latencies: tuple[float, ...] = ()
    """Each request's selection time in milliseconds, in query order."""

    def to_dict(self, *, with_misses: bool = False) -> dict[str, Any]:
        """The JSON object ``toolfilter eval --json`` prints."""
        out: dict[str, Any] = {
            "queries": self.queries,
            "tool_queries": self.tool_queries,
            "no_tool_queries": self.no_tool_queries,
            "recall": _round(self.recall),
            "recall_mean": _round(self.recall_mean),
            "dangerous_misselect": _round(self.dangerous_misselect),
            "no_tool_rejection": _round(self.no_tool_rejection),
            "false_abstain": _round(self.false_abstain),
            "destructive_on_read": _round(self.destructive_on_read),
            "wrong_destroyer": _round(self.wrong_destroyer),
            "fallback_rate": _round(self.fallback_rate),
            "mean_selected": _round(self.mean_selected),
            "cost_ratio": _round(self.cost_ratio),
            "latency_ms": {k: _round(v) for k, v in self.latency_ms.items()},
        }
        out.update(self.breakdown)
        if with_misses:
            out["misses"] = list(self.misses)
            out["wrong_destroyers"] = list(self.wrong_destroyers)
            out["destroyers_on_reads"] = list(self.destroyers_on_reads)
        if self.errors:
            out["errors"] = list(self.errors)
        return out


def _round(value: float | None) -> float | None:
    return None if value is None else round(float(value), 4)


def _mean(values: Sequence[float]) -> float | None:
    return float(np.mean(values)) if values else None


def evaluate(
    select: Callable[[str], Selection],
    queries: Sequence[LabelledQuery],
    *,
    lenient: bool = False,
    destructive: Collection[str] = (),
) -> EvalResult:
    """Select for every query and compute the figures.

    Args:
        select: The selector (e.g. ``tool_filter.select`` with the model loaded and warm).
        queries: Labelled queries.
        lenient: Compare ``lenient_name``s: without ``__vN`` rename suffixes (bfcl/acebench).
        destructive: Names of the registry's destructive tools (``says_destructive``), for
            ``destructive_on_read`` and ``wrong_destroyer``.
    """
    recall_all, recall_share, dangerous, rejection, fallbacks, sizes, costs, latencies, empty = ([] for _ in range(9))
    misses: list[Mapping[str, Any]] = []
    errors: list[Mapping[str, Any]] = []
    harmful = _Destroyers({_name(n, lenient) for n in destructive})
    groups = _Groups()
    for item in queries:
        started = time.perf_counter()
        try:
            selection = select(item.query)
        except Exception as error:  # one request must not stop a data set: report it, go on
            errors.append(_error_row(item, error))
            continue
        latencies.append((time.perf_counter() - started) * 1000.0)
        picked = {_name(n, lenient) for n in selection.names}
        gold = {_name(n, lenient) for n in item.gold}
        sizes.append(len(selection.selected))
        groups.add(item, gold, picked, selection)
        harmful.add(item, gold, picked, selection)  # a request that needs no tool is a read too
        costs.append(selection.cost_ratio)
        fallbacks.append(1.0 if selection.fallback else 0.0)
        if gold:
            hit = len(gold & picked)
            recall_all.append(1.0 if hit == len(gold) else 0.0)
            recall_share.append(hit / len(gold))
            dangerous.append(1.0 if picked and not hit else 0.0)
            empty.append(0.0 if picked else 1.0)
            if hit < len(gold):
                why = why_missed(selection, sorted(gold - picked), lambda n: _name(n, lenient))
                misses.append({"id": item.id, "query": item.query, "gold": sorted(gold), **_sent(selection, why)})
        else:
            rejection.append(1.0 if not picked else 0.0)
            if picked:
                why = status_said(selection, reason=True)  # the no-tool evidence the selection weighed
                misses.append({"id": item.id, "query": item.query, "gold": [], **_sent(selection, why)})
    return EvalResult(
        queries=len(queries) - len(errors),
        tool_queries=len(recall_all),
        no_tool_queries=len(rejection),
        recall=_mean(recall_all),
        recall_mean=_mean(recall_share),
        dangerous_misselect=_mean(dangerous),
        no_tool_rejection=_mean(rejection),
        false_abstain=_mean(empty),
        destructive_on_read=_mean(harmful.on_read) if harmful.names else None,
        wrong_destroyer=_mean(harmful.wrong) if harmful.names else None,
        wrong_destroyers=tuple(harmful.requests),
        destroyers_on_reads=tuple(harmful.reads),
        fallback_rate=_mean(fallbacks) or 0.0,
        mean_selected=_mean(sizes) or 0.0,
        cost_ratio=_mean(costs) or 0.0,
        latency_ms={
            "p50": float(np.percentile(latencies, 50)) if latencies else 0.0,
            "p95": float(np.percentile(latencies, 95)) if latencies else 0.0,
        },
        misses=tuple(misses),
        errors=tuple(errors),
        breakdown=groups.figures(),
        sent=tuple(sizes),
        latencies=tuple(latencies),
    )


def _error_row(item: LabelledQuery, error: Exception) -> dict[str, Any]:
    """A request whose selection raised: its id, where it was read, its start, and the error."""
    row = {"id": item.id, "query": one_line(item.query, 80), "error": f"{type(error).__name__}: {str(error)[:200]}"}
    return {**row, "where": item.source} if item.source else row


def blank_requests(queries: Iterable[LabelledQuery]) -> list[str]:
    """Where each request with no text is (its id when not read from a file): no tool is selected for it."""
    return [q.source or f"id {q.id}" for q in queries if not q.query.strip()]


@dataclass
class _Destroyers:
    """The destructive tools sent outside the gold: to a read (``on_read``), or another than a destroy request's."""

    names: set[str]
    on_read: list[float] = field(default_factory=list)
    wrong: list[float] = field(default_factory=list)
    requests: list[Mapping[str, Any]] = field(default_factory=list)
    reads: list[Mapping[str, Any]] = field(default_factory=list)

    def add(self, item: LabelledQuery, gold: set[str], picked: set[str], selection: Selection) -> None:
        """Count one request: a read when its gold holds no destructive tool (or none at all)."""
        if not self.names:
            return
        outside = sorted((picked & self.names) - gold)
        read = not gold & self.names
        (self.on_read if read else self.wrong).append(1.0 if outside else 0.0)
        if outside:
            sent = {"selected": selection.names, "wrong": outside}
            (self.reads if read else self.requests).append(
                {"id": item.id, "query": item.query, "gold": sorted(gold), **sent}
            )


_WRONG_SHOWN = 10


class _Groups:
    """The breakdown: figures per language and per kind, wrong tools sent, domains' shares."""

    def __init__(self) -> None:
        self.rows: dict[tuple[str, str], list[tuple[bool, float, float, float, int]]] = {}
        self.wrong: Counter[str] = Counter()
        self.domains: Counter[str] = Counter()

    def add(self, item: LabelledQuery, gold: set[str], picked: set[str], selection: Selection) -> None:
        """Count one request: (is a tool request, all gold given or rejected, dangerous, no tool, sent)."""
        hit = len(gold & picked)
        ok = float(hit == len(gold)) if gold else float(not picked)
        row = (bool(gold), ok, float(bool(gold) and bool(picked) and not hit), float(not picked), len(picked))
        for axis, label in (("by_lang", item.lang), ("by_kind", item.kind)):
            if label:
                self.rows.setdefault((axis, label), []).append(row)
        self.wrong.update(picked - gold)
        self.domains.update(s.tool.category or "" for s in selection.selected)

    def figures(self) -> dict[str, Any]:
        """The JSON-ready breakdown."""
        out: dict[str, Any] = {}
        for (axis, label), rows in sorted(self.rows.items()):
            tool = [r for r in rows if r[0]]
            other = [r for r in rows if not r[0]]
            out.setdefault(axis, {})[label] = {
                "queries": len(rows),
                "recall": _round(_mean([r[1] for r in tool])),
                "dangerous_misselect": _round(_mean([r[2] for r in tool])),
                "false_abstain": _round(_mean([r[3] for r in tool])),
                "no_tool_rejection": _round(_mean([r[1] for r in other])),
                "mean_selected": _round(_mean([float(r[4]) for r in rows])),
            }
        out["wrong_sent_most"] = [{"tool": n, "queries": c} for n, c in self.wrong.most_common(_WRONG_SHOWN)]
        sent = sum(self.domains.values())
        if sent and set(self.domains) != {""}:
            out["domain_share"] = {d or "(none)": round(c / sent, 4) for d, c in self.domains.most_common()}
        return out


def unknown_gold(tool_names: Iterable[str], queries: Sequence[LabelledQuery], *, lenient: bool = False) -> str | None:
    """A message naming the gold tool names that are not in the registry, or None when all are.

    ``lenient``: compare with ``__vN`` suffixes stripped on both sides.
    """
    names = {_name(n, lenient) for n in tool_names}
    unknown = [(q, g) for q in queries for g in q.gold if _name(g, lenient) not in names]
    if not unknown:
        return None
    shown = ", ".join(f"{_where(q)}: {g!r}{_close_name(g, names)}" for q, g in unknown[:5])
    more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
    return f"queries: {len(unknown)} gold tool name(s) are not in the tools given ({shown}{more})"


def _sent(selection: Selection, why: str = "") -> dict[str, Any]:
    """What a missed request was sent, and why (else its status and first note)."""
    why = why or status_said(selection)
    return {"selected": selection.names, "why": shorten(str(why), 400)}


def _where(query: LabelledQuery) -> str:
    """A request's id, and where it was read when it came from a file (``a3 (q.jsonl line 3)``)."""
    return f"{query.id} ({query.source})" if query.source else str(query.id)


def _close_name(name: str, names: set[str]) -> str:
    """`` (did you mean 'x'?)`` naming the registry's closest tool name, or nothing."""
    close = close_names(name, sorted(names), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _name(name: str, lenient: bool) -> str:
    """The name compared: ``lenient_name`` (no ``__vN`` rename suffix) when lenient."""
    return lenient_name(name) if lenient else name
