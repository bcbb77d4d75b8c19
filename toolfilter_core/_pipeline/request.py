"""Before the steps: check what the caller passed and put the text in a form every step can use."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from .._ask import find_ask, plain_runs, within_budget
from .._blank import blank
from .._config import ToolFilterConfig
from .._exceptions import QueryError
from .._files import one_line
from .._policy import Policy
from .._types import Note, NoteKind
from .plain_verbs import in_plain_verbs

__all__ = ["EXACT_NAME_MATCH", "LONG_REQUEST_CHARS", "MAX_QUERY_CHARS", "Request", "check_request", "matched"]

EXACT_NAME_MATCH = True
"""A query that is exactly a tool's name selects that tool alone: LlamaIndex agents look a tool
up by its name before running it (docs/llamaindex.md). A setting until 0.10; the benchmarks'
seed and embedding systems (benchmarks/harness/systems.py) turn it off to reproduce those."""

MAX_QUERY_CHARS = 1_000_000
"""Longer requests are refused (``QueryError``; the adapters select nothing and say so): no user
message is a megabyte, and a long one is selected on its start and end. A guard against pasted
files, not a tuned value (a setting until 0.10)."""
LONG_REQUEST_CHARS = 2500
"""A longer request (a pasted log, e-mail or table with the ask before or after it) is selected on
its start and end; benchmarks/bench_long_request.py measures what that costs (a setting until 0.10)."""


@dataclass(frozen=True, slots=True)
class Request:
    """One call of ``select``: the request and what the caller said about it."""

    query: str
    """The request as the caller gave it (valid Unicode)."""
    k: int
    """At most this many tools when confident (``top_k``)."""
    max_tools: int | None = None
    """The caller's hard cap on the tools decided (widened, chained and asks' tools included), or None."""
    category: str | None = None
    confidence: float | None = None
    context: tuple[str, ...] = ()
    """Earlier user turns, oldest first."""
    sticky: tuple[str, ...] = ()
    policy: Policy | None = None
    text: str = ""
    """What the stages match (``matched``): the ask without pasted material, a long one's start and end."""
    notes: tuple[str, ...] = ()
    """What the request stage did to the text, for the selection's notes (with ``no_ask``: why)."""
    no_ask: bool = False
    """The message is all pasted material: nothing to select on."""

    @property
    def matched_text(self) -> str:
        """The text the stages select on."""
        return self.text or self.query


def check_request(
    config: ToolFilterConfig,
    query: object,
    *,
    top_k: int | None,
    category: str | None,
    confidence: float | None,
    context: Sequence[str],
    sticky: Sequence[str],
    policy: Policy | None,
    max_tools: int | None = None,
) -> Request:
    """The request as the pipeline takes it.

    Raises:
        QueryError: the query is not a string or is too long; ``top_k``, ``max_tools``, ``confidence``,
            ``category``, ``context``, ``sticky`` or ``policy`` is of the wrong type or out
            of range. An empty or blank query is not refused: it has no text to select on,
            and the pipeline gives it no tools (``_failure``, rule 2).
    """
    text = valid_unicode(_check_query(config, query))
    for field, value in (("top_k", top_k), ("max_tools", max_tools)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 128):
            msg = f"{field}: got {value!r}; allowed: an integer from 1 to 128, or None"
            raise QueryError(msg)
    if confidence is not None and (
        isinstance(confidence, bool) or not isinstance(confidence, int | float) or not 0.0 <= confidence <= 1.0
    ):
        msg = f"confidence: got {confidence!r}; allowed: a number in [0.0, 1.0]"
        raise QueryError(msg)
    if category is not None and not isinstance(category, str):
        msg = f"category: got {category!r}; allowed: a category name (a string) or None"
        raise QueryError(msg)
    if policy is not None and not isinstance(policy, Policy):
        msg = f"policy: got {type(policy).__name__}; allowed: a toolfilter_core.Policy or None"
        raise QueryError(msg)
    turns = tuple(valid_unicode(t) if isinstance(t, str) else t for t in _sequence("context", context))
    names = _sequence("sticky", sticky)
    if any(not isinstance(n, str) for n in names):
        msg = f"sticky: got {[n for n in names if not isinstance(n, str)][:3]!r} among the names; allowed: tool names"
        raise QueryError(msg)
    bare = text.translate(_ZERO_WIDTH)
    focused, notes = matched(bare, LONG_REQUEST_CHARS)
    sticky_names = cast(tuple[str, ...], names)  # checked above
    earlier = cast(tuple[str, ...], turns)  # items that are not text are skipped when blended
    k = top_k or config.top_k
    return Request(
        text,
        k,
        max_tools,
        category,
        confidence,
        earlier,
        sticky_names,
        policy,
        _in_plain_verbs(focused, bare, text),
        notes,
        no_ask=focused is None and not blank(text),
    )


def _sequence(field: str, value: object) -> tuple[object, ...]:
    """A list or tuple of the caller's, as a tuple; a lone string or a non-sequence is refused."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence | set | frozenset):
        msg = f"{field}: got {value!r:.80}; allowed: a list of strings (empty for none)"
        raise QueryError(msg)
    return tuple(value)


def _check_query(config: ToolFilterConfig, query: object) -> str:
    if not isinstance(query, str):
        msg = f"query: expected a string, got {type(query).__name__}"
        raise QueryError(msg)
    if len(query) > MAX_QUERY_CHARS:
        msg = (
            f"query: {len(query):,} characters is over the limit of {MAX_QUERY_CHARS:,}; no user message "
            f"is that long (one over {LONG_REQUEST_CHARS:,} is matched on its start and end)"
        )
        raise QueryError(msg)
    return query


_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))
"""Characters of no width (``str.translate`` table), left out of what every step reads: "can\u200bcel order ORD-5521"
is read as "cancel order ORD-5521", "\u200bcustomer asks if…" as "customer asks if…". The request itself is kept as
given (``Request.query``)."""

_BLOCKS = re.compile(r"\n\s*\n|\n\s*(?:-{3,}|_{3,}|={3,}|`{3}[^\n]*)\s*(?:\n|$)")
# A long request is a pasted log, e-mail or table with the ask before or after it: the
# stages match its first blocks up to _HEAD characters and its last up to _TAIL.
_HEAD = 300
_TAIL = 600
_ENOUGH = 120  # take more blocks while the part is shorter than this (a greeting, a signature)


def _in_plain_verbs(focused: str | None, bare: str, text: str) -> str:
    """What the stages select on (``matched``: "" for ``text`` itself), its destroy idioms as their plain verbs.

    ``bare`` is ``text`` less ``_ZERO_WIDTH``, what ``matched`` read. "pull the plug on S-1" is selected on as
    "cancel S-1" (``plain_verbs``): ranked, guarded and read as it.
    """
    if focused is None:
        return ""
    plain = in_plain_verbs(focused or bare)
    return "" if plain == text else plain


def matched(text: str, limit: int) -> tuple[str | None, tuple[str, ...]]:
    """What the stages select on for ``text``, and notes saying so; ``("", ())``: the text itself.

    The ask apart from pasted material (``find_ask``), then, if it is longer than ``limit``,
    its start and end (``focus``). ``None``: the message is all pasted material, with no
    ask to select on (a log pasted with no word of the user's); the one text beside it says
    so (the ``NO_ASK`` selection's detail).
    """
    read, unread = within_budget(text)  # a huge message: its start and end, the middle counted (_ask)
    focused, notes = _matched(read, limit)
    if unread:
        said = f"{len(text):,}-character message: its middle {unread:,} characters were counted, not read"
        unread_note = Note(NoteKind.UNREAD, said, chars=len(text), unread=unread)
        notes = (*notes, unread_note) if focused is None else (unread_note, *notes)  # why none first
    if focused is None:
        return None, notes
    plain = plain_runs(focused or read)  # runs of white space as one (an embedder's tokens)
    return ("" if plain == text else plain), notes


def _matched(text: str, limit: int) -> tuple[str | None, tuple[str, ...]]:
    ask = find_ask(text)
    if not ask.pasted:
        return focus(text, limit)
    if not ask.text.strip():  # said by the selection's detail, not a note
        return None, (f"no ask found: the message is all pasted material ({ask.pasted_chars:,} characters)",)
    focused, notes = focus(ask.text, min(limit, _HEAD + _TAIL))  # a long ask beside a paste: its start and end
    shown = one_line(ask.text, 80, mark="…")
    note = Note(
        NoteKind.PASTED,
        f"pasted material left out of the query ({ask.pasted_chars:,} of {len(text):,} characters): "
        f"selected on the ask {shown!r}",
        pasted_chars=ask.pasted_chars,
        chars=len(text),
        ask=shown,
    )
    return focused or ask.text, (note, *notes)


def focus(text: str, limit: int) -> tuple[str, tuple[str, ...]]:
    """The part of a request longer than ``limit`` characters that carries the ask.

    Returns ``("", ())`` for a request within the limit (or no longer than the start and end
    it would be cut to), else its start and its end (whole
    blocks, cut at ``_HEAD`` / ``_TAIL`` characters) and a note saying so.
    """
    if len(text) <= max(limit, _HEAD + _TAIL):  # its start and end would be the whole of it
        return "", ()
    blocks = [b.strip() for b in _BLOCKS.split(text) if b and b.strip()]
    head = _gather(blocks, _HEAD)
    tail = _gather(blocks[::-1], _TAIL, reverse=True)
    if len(blocks) == 1 or len(head) + len(tail) >= len(text):
        head, tail = text[:_HEAD].strip(), text[-_TAIL:].strip()
    note = Note(
        NoteKind.LONG_REQUEST,
        f"long request ({len(text):,} characters, over {limit:,}): "
        f"selected on its first {len(head):,} and last {len(tail):,} characters",
        chars=len(text),
        limit=limit,
        head=len(head),
        tail=len(tail),
    )
    return f"{head}\n{tail}", (note,)


def _gather(blocks: list[str], budget: int, *, reverse: bool = False) -> str:
    """Blocks from the front of ``blocks`` until the text is long enough, cut to ``budget``."""
    taken: list[str] = []
    size = 0
    for block in blocks:
        taken.append(block)
        size += len(block)
        if size >= _ENOUGH:
            break
    joined = "\n".join(taken[::-1] if reverse else taken)
    return joined[-budget:] if reverse else joined[:budget]


def valid_unicode(text: str) -> str:
    """Text as valid Unicode: unpaired surrogates (from broken UTF-16) become U+FFFD.

    Real embedders encode to UTF-8 first and fail on them, and so would JSON output.
    """
    try:
        text.encode("utf-8")  # at C speed: a regex search over 2,000,000 characters took 140 ms
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text
