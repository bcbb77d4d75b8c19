"""Learning from use: requests a tool was confirmed to serve become extra vectors of that tool.

The seed report's last lesson is to trust regression sets mined from real (query, tool
called) logs. This module turns such logs into two things:

* **examples**: each confirmed (request, tool) pair is embedded as a query and stored in the
  tool index as a record of kind ``"example"``. It counts like a trigger phrase: the tool's
  embedding similarity is the max over its description, triggers and examples. Examples
  are capped per tool (``max_per_tool``, default 20), deduplicated by normalized text, and
  the newest are kept. They belong to the tool's name, not to its content hash: they
  survive re-syncs of the tool, and stay stored while the tool is out of the registry.
* **a regression set**: ``toolfilter eval --log calls.jsonl`` replays the pairs, each as a
  labelled query whose gold is the logged tool.

A call log is JSON Lines, one ``{"query": ..., "tool": ...}`` object a line (other keys,
such as ``ts``, are ignored). ``FeedbackLog`` appends to one; ``read_call_log`` reads and
validates one, naming the line of every bad row.

Examples change only the embedding signal; BM25 and the lexical signals still read the
registry's own fields.
"""

from __future__ import annotations

import hashlib
import json
import time
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ._embedders import EMBED_BATCH
from ._exceptions import ToolSpecError
from ._files import FileProblem, parse_json, read_file_text
from ._keywords import checked_keywords
from ._policy import close_names
from .index._records import EXAMPLE_KIND, Record
from .index._tool_index import ToolIndex

if TYPE_CHECKING:
    from ._evaluate import LabelledQuery

__all__ = [
    "DEFAULT_EXAMPLES_PER_TOOL",
    "FeedbackLog",
    "LearnReport",
    "UsageMemory",
    "call_order",
    "log_queries",
    "normalize_request",
    "read_call_log",
]

DEFAULT_EXAMPLES_PER_TOOL = 20
"""Examples kept per tool: enough to cover the ways users ask, few enough that one tool's
vectors cannot crowd the matrix (and a burst of one request cannot drown the others)."""

_MAX_REPORTED = 10  # bad rows named in one error message


def normalize_request(text: str) -> str:
    """The form two requests are compared in: NFKC, case-folded, whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


@dataclass(frozen=True, slots=True)
class LoggedCall:
    """One row of a call log: the request and the tool that served it."""

    query: str
    tool: str
    line: int = 0
    """Line number in the log file (1-based; 0 when the call did not come from a file)."""


def _unknown_tool(tool: str, known: Collection[str]) -> str:
    close = close_names(tool, list(known))
    hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
    return f"unknown tool {tool!r}{hint}"


def _check_row(row: object, known: Collection[str] | None) -> tuple[str, str] | str:
    """The (query, tool) of a row, or what is wrong with it."""
    if not isinstance(row, dict):
        return f"expected a JSON object with 'query' and 'tool', got {type(row).__name__}"
    query, tool = row.get("query"), row.get("tool")
    if not isinstance(query, str) or not query.strip():
        return "'query' must be a non-empty string"
    if not isinstance(tool, str) or not tool.strip():
        return "'tool' must be a non-empty string (the name of the tool that was called)"
    if known is not None and tool not in known:
        return _unknown_tool(tool, known)
    return query, tool


def read_call_log(path: str | Path, *, tools: Collection[str] | None = None) -> list[LoggedCall]:
    """Read a call log, all or nothing.

    Args:
        path: JSON Lines file of ``{"query", "tool"}`` objects; blank lines are skipped.
        tools: The registry's tool names; a row naming another tool is refused.

    Returns:
        The calls, in file order (oldest first).

    Raises:
        ToolSpecError: the file cannot be read, or rows are bad; the message names the line
            of each bad row (the first ten) and how many there are.
    """
    text = read_file_text(Path(path), "call log", ToolSpecError)
    calls: list[LoggedCall] = []
    problems: list[str] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            row = parse_json(line, first_line=number)
        except FileProblem as problem:
            problems.append(f"line {number}: not JSON ({problem.message.removeprefix('not valid JSON: ')})")
            continue
        checked = _check_row(row, tools)
        if isinstance(checked, str):
            problems.append(f"line {number}: {checked}")
        else:
            calls.append(LoggedCall(checked[0], checked[1], number))
    if problems:
        shown = "; ".join(problems[:_MAX_REPORTED])
        more = f"; and {len(problems) - _MAX_REPORTED} more" if len(problems) > _MAX_REPORTED else ""
        msg = f"call log {str(path)!r}: {len(problems)} bad row(s), nothing imported: {shown}{more}"
        raise ToolSpecError(msg)
    return calls


def call_order(calls: Iterable[LoggedCall | tuple[str, str]]) -> dict[str, dict[str, int]]:
    """Per tool, the tools called right before it for the same request, and how often (oldest first).

    A request served by a chain (find the film, then its credits) shows as consecutive
    calls with the same request: the earlier tool produced what the later one needed. The
    chains (``_chains.ChainMap``) take these as producers beside what the definitions say.
    """
    order: dict[str, dict[str, int]] = {}
    last: tuple[str, str] | None = None
    for call in calls:
        query, tool = (call.query, call.tool) if isinstance(call, LoggedCall) else call
        request = normalize_request(query)
        if last is not None and last[0] == request and last[1] != tool:
            before = order.setdefault(tool, {})
            before[last[1]] = before.get(last[1], 0) + 1
        last = (request, tool)
    return order


def log_queries(calls: Sequence[LoggedCall]) -> list[LabelledQuery]:
    """Logged calls as a regression set: each row a labelled query whose gold is its tool."""
    from ._evaluate import LabelledQuery  # evaluation only: selecting never imports it

    return [LabelledQuery(f"log:{c.line or i + 1}", c.query, (c.tool,)) for i, c in enumerate(calls)]


@checked_keywords
class FeedbackLog:
    """An append-only call log on disk (JSON Lines: ``{"query", "tool", "ts"}``).

    Instantiate:
        .. code-block:: python

            log = FeedbackLog("calls.jsonl")
            log.append("what's the weather in Lyon tomorrow?", "get_weather")
            tool_filter.import_log(log.path)
    """

    def __init__(self, path: str | Path) -> None:
        """Use (and create on first append) the file at ``path``."""
        self.path = Path(path)

    def append(self, query: str, tool: str) -> None:
        """Add one confirmed call at the end of the log.

        Raises:
            ToolSpecError: the query or the tool name is empty or not a string.
        """
        checked = _check_row({"query": query, "tool": tool}, None)
        if isinstance(checked, str):
            raise ToolSpecError(f"call log {str(self.path)!r}: {checked}")
        row = {"query": query, "tool": tool, "ts": datetime.now(UTC).isoformat(timespec="seconds")}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")

    def read(self, *, tools: Collection[str] | None = None) -> list[LoggedCall]:
        """Every call in the log (see ``read_call_log``)."""
        return read_call_log(self.path, tools=tools)


@dataclass(frozen=True, slots=True)
class LearnReport:
    """What one ``record`` or ``import_log`` did."""

    rows: int = 0
    """Calls given."""
    added: int = 0
    """New examples stored (and embedded)."""
    refreshed: int = 0
    """Calls whose request was already an example of that tool: it is now the newest."""
    evicted: int = 0
    """Older examples dropped (or new ones not stored) to keep at most ``max_per_tool``."""
    tools: int = 0
    """Tools that got at least one call."""
    examples: int = 0
    """Examples in the index after this, over all tools."""


def _example_id(tool: str, normalized: str) -> str:
    owner = hashlib.sha1(tool.encode("utf-8")).hexdigest()[:20]
    text = hashlib.sha1(normalized.encode("utf-8")).hexdigest()[:16]
    return f"{owner}:{EXAMPLE_KIND}:{text}"


@dataclass(slots=True)
class _Slot:
    id: str
    tool: str
    ts: int
    text: str
    stored: bool


@checked_keywords
class UsageMemory:
    """The learned examples of one tool index.

    Args:
        index: The index of a ``ToolFilter`` (``tool_filter.index``).
        max_per_tool: Examples kept per tool, newest first (1-1000).

    Raises:
        ValueError: ``max_per_tool`` out of range.
    """

    def __init__(self, index: ToolIndex, *, max_per_tool: int = DEFAULT_EXAMPLES_PER_TOOL) -> None:
        """Wrap the index; nothing is read until used."""
        if not (isinstance(max_per_tool, int) and 1 <= max_per_tool <= 1000):
            msg = f"max_per_tool: got {max_per_tool!r}; allowed: an integer from 1 to 1000"
            raise ValueError(msg)
        self.index = index
        self.max_per_tool = max_per_tool

    def _stored(self) -> list[_Slot]:
        return [
            _Slot(r.id, str(r.metadata.get("tool", "")), int(r.metadata.get("ts", 0) or 0), r.document, True)
            for r in self.index.store.read(embeddings=False)
            if r.metadata.get("kind") == EXAMPLE_KIND
        ]

    def call_order(self) -> dict[str, dict[str, int]]:
        """``call_order`` of the stored examples: the tools one request was recorded for, in order."""
        slots = sorted(self._stored(), key=lambda s: (normalize_request(s.text), s.ts, s.id))
        return call_order((s.text, s.tool) for s in slots)

    def examples(self) -> dict[str, list[str]]:
        """Each tool's examples, newest first (tools without examples are left out)."""
        out: dict[str, list[str]] = {}
        for slot in sorted(self._stored(), key=lambda s: (s.tool, -s.ts, s.id)):
            out.setdefault(slot.tool, []).append(slot.text)
        return out

    def record(self, calls: Iterable[LoggedCall | tuple[str, str]]) -> LearnReport:
        """Store confirmed (request, tool) pairs as examples of their tools, all or nothing.

        Later calls count as newer. A request already stored for the tool (same normalized
        text) is refreshed (made the newest, its latest wording kept), not duplicated. Only
        the examples that are kept get embedded.

        Raises:
            ToolSpecError: a call names a tool the registry does not hold, or has an empty
                request; nothing is stored.
        """
        given = [c if isinstance(c, LoggedCall) else LoggedCall(c[0], c[1]) for c in calls]
        known = {t.name for t in self.index.tools}
        for n, call in enumerate(given, start=1):
            checked = _check_row({"query": call.query, "tool": call.tool}, known)
            if isinstance(checked, str):
                where = f"line {call.line}" if call.line else f"call {n}"
                msg = f"record: {where}: {checked}; nothing was recorded"
                raise ToolSpecError(msg)
        if not given:
            return LearnReport(examples=len(self._stored()))

        slots = {s.id: s for s in self._stored()}
        before = set(slots)
        base = max([time.time_ns(), *(s.ts + 1 for s in slots.values())])
        refreshed_ids: set[str] = set()
        for offset, call in enumerate(given):
            slot_id = _example_id(call.tool, normalize_request(call.query))
            old = slots.get(slot_id)
            if old is not None and old.stored:
                refreshed_ids.add(slot_id)
            slots[slot_id] = _Slot(slot_id, call.tool, base + offset, call.query, old is not None and old.stored)

        keep: set[str] = set()
        by_tool: dict[str, list[_Slot]] = {}
        for slot in slots.values():
            by_tool.setdefault(slot.tool, []).append(slot)
        for group in by_tool.values():
            group.sort(key=lambda s: (-s.ts, s.id))
            keep.update(s.id for s in group[: self.max_per_tool])

        delete = sorted(i for i in before if i not in keep)
        touched = [s for s in slots.values() if s.id in keep and (not s.stored or s.id in refreshed_ids)]
        write = self._records(touched)
        self.index.write_examples(write, delete)
        dropped_new = len([s for s in slots.values() if s.id not in keep and s.id not in before])
        return LearnReport(
            rows=len(given),
            added=len([s for s in touched if s.id not in before]),
            refreshed=len(refreshed_ids & keep),
            evicted=len(delete) + dropped_new,
            tools=len({c.tool for c in given}),
            examples=len(keep),
        )

    def _records(self, slots: Sequence[_Slot]) -> list[Record]:
        """Records for the slots, each text embedded as a query (batched)."""
        records: list[Record] = []
        meta = {"kind": EXAMPLE_KIND, "embedder": self.index.embedder.id}
        for start in range(0, len(slots), EMBED_BATCH):
            chunk = slots[start : start + EMBED_BATCH]
            vectors = self.index.embedder.embed_queries([s.text for s in chunk])
            records.extend(
                Record(s.id, {"tool": s.tool, **meta, "ts": s.ts}, s.text, vector)
                for s, vector in zip(chunk, vectors, strict=True)
            )
        return records

    def import_log(self, path: str | Path) -> LearnReport:
        """Record every call of a call log (validated first: bad rows are named by line)."""
        known = {t.name for t in self.index.tools}
        return self.record(read_call_log(path, tools=known))

    def forget(self, tool: str | None = None) -> int:
        """Delete the examples of one tool (None: of every tool); returns how many."""
        doomed = [s.id for s in self._stored() if tool is None or s.tool == tool]
        if doomed:
            self.index.write_examples([], doomed)
        return len(doomed)
