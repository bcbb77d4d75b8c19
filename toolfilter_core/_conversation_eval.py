"""Replaying conversations as an agent loop: a selection before every model call, and the figures.

A conversation (docs/conversations.md) is OpenAI-shaped messages whose user messages carry
``gold`` and ``kind``. Each assistant message is one model call, made on every message
before it; the replay selects there, as an agent's middleware does, and scores:

* a user turn with gold is **served** when every gold tool is offered at the model call
  that calls it (a gold tool no call uses: at the turn's first call);
* a turn with ``gold == []`` is **given none** when its first call offers no tool;
* a turn with gold is **dangerous** when its first call offers tools and none of gold;
* a turn **offers an unasked destroyer** when any of its calls offers a destructive tool
  (the core guard's rule, ``says_destructive``) that is not in its gold;
* a later user turn **changed** the set when any of its calls offers a tools block that is
  not byte-identical to the call before;
* the **bill**: each call's prompt (the tools block, then the messages) priced by the
  provider's cache (``_cache_bill``), against sending every tool on every call.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._blank import blank
from ._cache_bill import CachePrices, bill_call, tools_block
from ._conversation import Turn, conversation_window
from ._conversation_policy import ConversationPolicy
from ._conversation_read import read_turn
from ._exceptions import ToolSpecError
from ._files import excerpt, json_lines_file, shorten
from ._miss_why import RULES, left_out_by
from ._near_keys import misspelt, misspelt_line
from ._offer import refused_tools
from ._policy import close_names
from ._types import Reason
from .integration import select_window

if TYPE_CHECKING:
    from ._filter import ToolFilter

__all__ = [
    "FIGURES",
    "Offer",
    "chooser",
    "destroyers",
    "openai_turns",
    "policy_for",
    "read_conversations",
    "replay_conversations",
]

FIGURES = (
    "conversations",
    "user_turns",
    "model_calls",
    "first_served",
    "later_served",
    "no_tool_given_none",
    "dangerous",
    "unasked_destroyer",
    "later_unasked_destroyer",
    "later_changed",
    "bill_vs_all_tools",
)
"""The headline figures of a conversation replay, in the order the CLI and the report show them."""

KINDS = (
    "first",
    "follow_up",
    "reference",
    "confirmation",
    "correction",
    "switch",
    "answered",
    "closing",
    "advice",
    "chain",
)
Chooser = Callable[[Sequence[Turn]], Sequence[str]]
"""What is replayed: the turns before a model call to the tool names offered, in order (an ``Offer``
also says which rule kept an earlier set)."""


CAPPED = f"{Reason.MAX_TOOLS.value}: {RULES[Reason.MAX_TOOLS]}"
"""What a miss's why says of a tool the adapter's ``max_tools`` cut from a set sent."""


class Offer(tuple[str, ...]):
    """The tool names offered at a model call, in order, and the rule that kept an earlier turn's set."""

    kept_by: str
    """Why the conversation policy kept or grew the set an earlier turn was offered (``TurnDecision.rule``);
    '' when it did not (a new set, or no policy)."""
    left_out: Mapping[str, str]
    """Per candidate left out, the step that cut it (``_miss_why.left_out_by``)."""

    def __new__(cls, names: Iterable[str], kept_by: str = "", left_out: Mapping[str, str] | None = None) -> Offer:
        offer = super().__new__(cls, names)
        offer.kept_by = kept_by
        offer.left_out = left_out or {}
        return offer


@dataclass(frozen=True, slots=True)
class Conversation:
    """One conversation: its messages (OpenAI-shaped) and labels."""

    id: str
    messages: tuple[Mapping[str, Any], ...]
    lang: str = ""


ROLES = ("user", "assistant", "tool", "system")
"""The roles a message of a conversations file may have."""


def _check_message(message: Any, tools: set[str] | None) -> None:
    if not isinstance(message, dict) or message.get("role") not in ROLES:
        raise TypeError(_bad_message(message))
    if message["role"] != "user":
        return
    gold = message.get("gold")
    if not isinstance(gold, list) or not all(isinstance(name, str) for name in gold):
        raise TypeError(f"a user message needs 'gold', a list of tool names: {excerpt(message)}")
    unknown = sorted(set(gold) - tools) if tools is not None else []
    if unknown:
        close = close_names(unknown[0], sorted(tools or ()), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise TypeError(f"gold names tools not in the registry: {unknown}{hint}")
    kind = message.get("kind", "")
    if kind and kind not in KINDS:
        close = close_names(str(kind), KINDS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise TypeError(f"kind {kind!r} is not one of {', '.join(KINDS)}{hint}")


def _bad_message(message: Any) -> str:
    """What is wrong with a message without one of the ``ROLES``: the field, its value, what is allowed."""
    allowed = f"a message must be an object with role {', '.join(ROLES[:-1])} or {ROLES[-1]}"
    if not isinstance(message, dict):
        return f"{allowed}: {excerpt(message)}"
    if "role" not in message:
        near = misspelt(message, ("role",))
        hint = f"; field {near[0]!r} (did you mean 'role'?)" if near is not None else ""
        return f"{allowed}; it has no 'role'{hint}: {excerpt(message)}"
    role = message["role"]
    close = close_names(role, ROLES, n=1) if isinstance(role, str) else []
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"field 'role' is {excerpt(role)}{hint}; {allowed}: {excerpt(message)}"


def _bad_row(row: Any) -> str:
    """What is wrong with a row without its ``messages`` list, with the key that stands for it."""
    near = misspelt(row, ("messages",)) if isinstance(row, dict) else None
    hint = f"; field {near[0]!r} (did you mean 'messages'?)" if near is not None else ""
    return f"expected an object with 'messages', a list{hint}: {excerpt(row)}"


def read_conversations(path: str | Path, *, tools: set[str] | None = None) -> list[Conversation]:
    """Read a ``conversations.jsonl`` file.

    Raises:
        ToolSpecError: unreadable file, or a malformed line (its number and what is wrong).
    """
    shown = repr(str(path))
    out: list[Conversation] = []
    lines: list[int] = []
    for number, row in json_lines_file(Path(path), "conversations", ToolSpecError):
        try:
            if not isinstance(row, dict) or not isinstance(row.get("messages"), list):
                raise TypeError(_bad_row(row))
            near = misspelt_line(row, ("id", "messages", "lang"))
            if near:  # a misspelt "lang" would drop the row from the figures by language without a word
                raise TypeError(near)
            for message in row["messages"]:
                _check_message(message, tools)
            out.append(Conversation(_conversation_id(row, number), tuple(row["messages"]), str(row.get("lang") or "")))
            lines.append(number)
        except TypeError as error:
            msg = f"conversations file {shown}: line {number} is not a conversation ({shorten(str(error), 300)})"
            raise ToolSpecError(msg) from None
    _refuse_shared_ids(out, lines, shown)
    return out


def _conversation_id(row: dict[str, object], number: int) -> str:
    """A row's id: a string that shows something or an integer; a row without one takes its line number.

    Raises:
        TypeError: the id is null, blank (``" "``, a zero-width space), a number with a decimal point (``3.0``),
            or another kind of value (``true``, an object).
    """
    if "id" not in row:
        return str(number)
    given = row["id"]
    if isinstance(given, str) and not blank(given):
        return given
    if isinstance(given, int) and not isinstance(given, bool):
        return str(given)
    shown = json.dumps(given, ensure_ascii=True)
    raise TypeError(
        f"its 'id' must be a string that shows something or an integer without a decimal point, not {shown}"
    )


def _refuse_shared_ids(conversations: Sequence[Conversation], lines: Sequence[int], shown: str) -> None:
    """Raise ``ToolSpecError`` naming each id two conversations share, and their lines.

    A missing id is its line's number. The bill by conversation is kept by id: two rows would be one.
    """
    at: dict[str, list[int]] = {}
    for conversation, number in zip(conversations, lines, strict=True):
        at.setdefault(conversation.id, []).append(number)
    shared = [f"{cid!r} (lines {', '.join(map(str, numbers))})" for cid, numbers in at.items() if len(numbers) > 1]
    if shared:
        msg = (
            f"conversations file {shown}: conversation ids used more than once: {'; '.join(shared)} "
            "(a line without an id takes its line number); give each conversation its own id"
        )
        raise ToolSpecError(msg)


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    parts = content if isinstance(content, list) else []
    return "\n".join(str(p.get("text", "")) for p in parts if isinstance(p, Mapping) and p.get("type") == "text")


def openai_turns(messages: Sequence[Mapping[str, Any]]) -> list[Turn]:
    """OpenAI-shaped messages as ``Turn``s: every message's text, the tools each called or answered for.

    A tool result that is a refusal (``refused_tools``: this library's, or "Tool X not found")
    marks its tool refused: the call did not run.
    """
    names: dict[str, str] = {}
    turns: list[Turn] = []
    for message in messages:
        role = str(message.get("role", ""))
        called: tuple[str, ...] = ()
        if role == "assistant":
            calls = message.get("tool_calls") or ()
            called = tuple(str(c.get("function", {}).get("name", "")) for c in calls)
            names.update({str(c.get("id")): name for c, name in zip(calls, called, strict=True)})
        elif role == "tool":
            name = message.get("name") or names.get(str(message.get("tool_call_id")), "")
            called = (str(name),) if name else ()
        text = _text(message.get("content"))
        refused = tuple(n for n in called if n in refused_tools(text)) if role == "tool" else ()
        turns.append(Turn(role, text, called, refused=refused))
    return turns


@dataclass(slots=True)
class _Call:
    """One model call of the replay."""

    user: int
    """Index of the user message this call answers."""
    at: int
    """Index of the message the call is made before (the recorded assistant message; past the last for a
    trailing user turn): its prompt is every message before it."""
    offered: tuple[str, ...]
    calls: tuple[str, ...]
    """Tools the recorded assistant message called at this point (none after a trailing user turn)."""
    kept_by: str = ""
    """The rule that kept an earlier turn's set for this call (``Offer.kept_by``), '' for none."""
    left_out: Mapping[str, str] = field(default_factory=dict)
    """Per candidate left out at this call, the step that cut it (``Offer.left_out``)."""


@dataclass(slots=True)
class _Totals:
    turns: list[dict[str, Any]] = field(default_factory=list)
    bills: dict[str, list[float]] = field(default_factory=dict)
    """Per set of prices: the bill, and the bill of every tool on every call."""
    calls: int = 0
    each: dict[str, float | None] = field(default_factory=dict)
    """Per conversation id, its bill against every tool's (under the first prices); None: no model call."""


def _calls(conversation: Conversation, turns: list[Turn], choose: Chooser) -> list[_Call]:
    """A call before each assistant message after a user one, and one after a trailing user turn.

    A conversation that ends on a user message (no reply recorded) is scored at the call the agent
    makes next, on every message: the last request is the one the file was written to ask.
    """
    out: list[_Call] = []
    user = -1
    for index, message in enumerate(conversation.messages):
        if message.get("role") == "user":
            user = index
        if message.get("role") == "assistant" and user >= 0:
            out.append(_call(choose, turns, user, index))
    if user >= 0 and not any(c.user == user for c in out):  # a trailing user turn: the agent's next call
        out.append(_call(choose, turns, user, len(conversation.messages)))
    return out


def _call(choose: Chooser, turns: list[Turn], user: int, at: int) -> _Call:
    """The call before message ``at`` (the turns before it chosen over), answering the user message ``user``."""
    offered = choose(turns[:at])
    kept_by, left_out = getattr(offered, "kept_by", ""), getattr(offered, "left_out", {})
    called = turns[at].called if at < len(turns) else ()
    return _Call(user, at, tuple(offered), called, kept_by, left_out)


def _bill(
    conversation: Conversation, calls: list[_Call], schemas: Mapping[str, Any], prices: CachePrices, everything: str
) -> tuple[float, float]:
    """The conversation's bill and the bill of sending every tool on every call."""
    messages = [json.dumps(m, ensure_ascii=False, sort_keys=True) for m in conversation.messages]
    mine = total = 0.0
    previous: list[str] | None = None
    previous_all: list[str] | None = None
    for call in calls:
        prompt = [tools_block([schemas[n] for n in call.offered if n in schemas]), *messages[: call.at]]
        prompt_all = [everything, *messages[: call.at]]
        mine += bill_call(prompt, previous, prices).cost
        total += bill_call(prompt_all, previous_all, prices).cost
        previous, previous_all = prompt, prompt_all
    return mine, total


def _turn_rows(
    conversation: Conversation, calls: list[_Call], destructive: Collection[str] = (), turns: Sequence[Turn] = ()
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    before: tuple[str, ...] | None = None
    earlier: dict[str, None] = {}  # every tool offered at a call before this user turn
    first_user = next((i for i, m in enumerate(conversation.messages) if m.get("role") == "user"), -1)
    for user in dict.fromkeys(c.user for c in calls):
        mine = [c for c in calls if c.user == user]
        message = conversation.messages[user]
        gold = tuple(message.get("gold") or ())
        used = {n for c in mine for n in c.calls}
        served = all(n in c.offered for c in mine for n in c.calls if n in gold)
        served = served and all(n in mine[0].offered for n in gold if n not in used)
        changed = any(c.offered != b for c, b in zip(mine, [before, *(c.offered for c in mine)], strict=False))
        before = mine[-1].offered
        first = mine[0].offered
        unasked = [n for n in dict.fromkeys(n for c in mine for n in c.offered) if n in destructive and n not in gold]
        rows.append(
            {
                "conversation": conversation.id,
                "lang": conversation.lang,
                "query": _text(message.get("content")),
                "kind": str(message.get("kind") or ("first" if user == first_user else "")),
                "later": user != first_user,
                "gold": list(gold),
                "offered": list(first),
                "served": served if gold else None,
                "given_none": (not first) if not gold else None,
                "dangerous": (bool(first) and not set(first) & set(gold)) if gold else None,
                "changed": changed if user != first_user else None,
                "unasked_destroyer": bool(unasked),
                "unasked": unasked,
            }
        )
        rows[-1]["why"] = _why(rows[-1], mine, _read_as(turns, mine[0].at), tuple(earlier))
        earlier.update(dict.fromkeys(n for c in mine for n in c.offered))
    return rows


def _read_as(turns: Sequence[Turn], at: int) -> str:
    """How the loop read a user turn before its first model call (made before message ``at``), in words."""
    if not turns:
        return ""
    reading = read_turn(turns[:at])
    if reading.advice:
        return "read as asking advice"
    if reading.question:
        return f"read as a {reading.kind} that asks a question, not one the tool results answer by its words"
    return f"read as a {reading.kind}, not advice nor a closing"


def _why(
    row: Mapping[str, Any], calls: Sequence[_Call], read_as: str = "", earlier: Sequence[str] | None = None
) -> str:
    """Why a user turn is a miss, in words ("" when it is none).

    ``earlier``: the tools offered at the calls before the turn; a turn needing no tool that was
    offered some of them says they were carried over, and the rule that kept them.
    """
    out: list[str] = []
    gold = row["gold"]
    if row["served"] is False:
        late = [n for n in gold if not all(n in c.offered for c in calls if n in c.calls)]
        missing = late or [n for n in gold if n not in calls[0].offered]
        out.append(f"not offered: {', '.join(missing)}" + _left_out(missing, calls))
    if row["given_none"] is False:
        out.append(_given_tools(row["offered"], calls[0].kept_by, read_as, earlier or ()))
    if row["unasked"]:
        at = next(i for i, c in enumerate(calls, 1) if set(row["unasked"]) & set(c.offered))
        out.append(f"destructive, not asked for: {', '.join(row['unasked'])} (call {at} of {len(calls)})")
    return "; ".join(out)


def _left_out(missing: Sequence[str], calls: Sequence[_Call]) -> str:
    """The step that left each of ``missing`` out at the first call it was not offered: " (name: step; ...)"."""
    steps = []
    for name in missing:
        call = next((c for c in calls if name not in c.offered), None)
        if call is not None:
            steps.append(f"{name}: {call.left_out.get(name, 'not among the candidates scored')}")
    return f" ({'; '.join(steps)})" if steps else ""


def _given_tools(offered: Sequence[str], kept_by: str, read_as: str, earlier: Sequence[str]) -> str:
    """Why a turn needing no tool was offered some: carried over from an earlier turn (and the rule), or its reading."""
    carried = [n for n in offered if n in earlier]
    said = f"needs no tool, offered {len(offered)}"
    if not carried:
        return said + (f" ({read_as})" if read_as else "")
    which = f"all {len(offered)}" if len(carried) == len(offered) > 3 else ", ".join(carried)
    if kept_by:
        return f"{said}: {which} carried over from an earlier turn, kept by the conversation policy ({kept_by})"
    return f"{said}: {which} carried over from an earlier turn" + (f" ({read_as})" if read_as else "")


def _share(rows: Sequence[Mapping[str, Any]], key: str) -> float | None:
    values = [r[key] for r in rows if r[key] is not None]
    return round(sum(values) / len(values), 4) if values else None


def _group(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    return {
        "turns": len(rows),
        "served": _share(rows, "served"),
        "given_none": _share(rows, "given_none"),
        "dangerous": _share(rows, "dangerous"),
        "unasked_destroyer": _share(rows, "unasked_destroyer"),
        "changed": _share(rows, "changed"),
    }


def _groups(rows: Sequence[Mapping[str, Any]], key: str) -> dict[str, Any]:
    return {value: _group([r for r in rows if r[key] == value]) for value in dict.fromkeys(r[key] for r in rows)}


@dataclass(frozen=True, slots=True)
class ConversationResult:
    """The figures of a conversation replay (keys of ``toolfilter eval --conversations --json``)."""

    conversations: int
    model_calls: int
    rows: tuple[dict[str, Any], ...]
    """One per user turn: its kind, gold, the first call's tools and what it came to."""
    bill: float
    bill_all_tools: float
    prices: CachePrices
    other_bills: Mapping[str, float] = field(default_factory=dict)
    """The bill against all tools under other prices (``replay_conversations``'s ``also``)."""
    each_bill: Mapping[str, float | None] = field(default_factory=dict)
    """Per conversation id, its own bill against sending every tool (under ``prices``); None: it made no model
    call."""

    def to_dict(self, *, with_misses: bool = False) -> dict[str, Any]:
        """The figures; ``with_misses``: also the turns missed, each with ``why``.

        A miss: a turn not served, given tools it did not need, or offered a destructive tool
        it did not ask for.
        """
        p = self.prices
        first = [r for r in self.rows if not r["later"]]
        later = [r for r in self.rows if r["later"]]
        by_kind = _groups(self.rows, "kind")
        by_lang = _groups(self.rows, "lang")
        out: dict[str, Any] = {
            "conversations": self.conversations,
            "user_turns": len(self.rows),
            "model_calls": self.model_calls,
            "first_served": _share(first, "served"),
            "later_served": _share(later, "served"),
            "no_tool_given_none": _share(self.rows, "given_none"),
            "dangerous": _share(self.rows, "dangerous"),
            "unasked_destroyer": _share(self.rows, "unasked_destroyer"),
            "later_unasked_destroyer": _share(later, "unasked_destroyer"),
            "later_changed": _share(later, "changed"),
            "bill_vs_all_tools": round(self.bill / self.bill_all_tools, 4) if self.bill_all_tools else None,
            **({"bill_vs_all_tools_under": dict(self.other_bills)} if self.other_bills else {}),
            "cache_prices": {"write": p.write, "read": p.read, "min_tokens": p.min_tokens},
            "by_kind": by_kind,
            "by_lang": by_lang,
            "bill_by_conversation": dict(self.each_bill),
        }
        if with_misses:
            out["misses"] = [r for r in self.rows if r["why"]]
        return out


def replay_conversations(
    conversations: Sequence[Conversation],
    choose: Callable[[], Chooser],
    schemas: Mapping[str, Mapping[str, Any]],
    prices: CachePrices,
    *,
    also: Mapping[str, CachePrices] | None = None,
    destructive: Collection[str] = (),
) -> ConversationResult:
    """Replay each conversation with ``choose`` before every model call and score it.

    Args:
        conversations: What to replay.
        choose: Makes, once per conversation, the chooser replayed: the turns before a
            call to the names offered (a chooser may remember what it offered).
        schemas: Every tool's OpenAI ``tools`` entry, by name, in registry order (the
            "every tool" baseline sends them all in this order).
        prices: The provider's cache prices.
        also: Other prices to bill the same calls under, by name (``other_bills``).
        destructive: The destructive tools (``destroyers``): a turn offered one outside
            its gold counts in ``unasked_destroyer``.
    """
    everything = tools_block(list(schemas.values()))
    totals = _Totals()
    priced = {"": prices, **(also or {})}
    for conversation in conversations:
        chooser = choose()
        turns = openai_turns(conversation.messages)
        calls = _calls(conversation, turns, chooser)
        for name, each in priced.items():
            mine, total = _bill(conversation, calls, schemas, each, everything)
            bill = totals.bills.setdefault(name, [0.0, 0.0])
            bill[0] += mine
            bill[1] += total
            if not name:
                totals.each[conversation.id] = _bill_share(mine, total)
        totals.calls += len(calls)
        totals.turns.extend(_turn_rows(conversation, calls, destructive, turns))
    mine, total = totals.bills.get("", [0.0, 0.0])
    others = {n: round(b[0] / b[1], 4) if b[1] else 0.0 for n, b in totals.bills.items() if n}
    return ConversationResult(
        len(conversations), totals.calls, tuple(totals.turns), mine, total, prices, others, dict(totals.each)
    )


def _bill_share(mine: float, total: float) -> float | None:
    """A conversation's bill against every tool's, rounded; None where it made no model call (nothing billed)."""
    return round(mine / total, 4) if total else None


def destroyers(tool_filter: ToolFilter) -> frozenset[str]:
    """The registry's destructive tools, by the core guard's rule (``says_destructive``)."""
    snapshot = tool_filter.snapshot
    return frozenset(t.name for i, t in enumerate(snapshot.tools) if snapshot.destructive(i))


def chooser(
    tool_filter: ToolFilter, *, policy: ConversationPolicy | None = None, max_tools: int | None = None
) -> Chooser:
    """What an adapter does before a model call: read the window, select (with ``policy``: the conversation's).

    ``max_tools``: the hard cap an adapter sets (``select(max_tools=N)``, the middleware's ``max_tools``):
    every selection within it, and a set the policy sends (kept, grown, every tool) cut to it, its
    best-scored tool first, as the LangChain middleware cuts it. Give the policy a ``budget`` no larger
    (``policy_for``) so that it grows no set the cut would break.
    """
    names = {t.name for t in tool_filter.tools}
    history = tool_filter.config.history_turns
    capped: dict[str, Any] = {} if max_tools is None else {"max_tools": max_tools}

    def choose(turns: Sequence[Turn]) -> Sequence[str]:
        window = conversation_window(turns, history_turns=history, tools=names)
        if not window.query:
            window = replace(window, missing="no user message with text")
        last = policy.last if policy is not None else None
        selection = select_window(tool_filter, window, conversation=policy, **capped)
        selected, left_out = selection.selected, left_out_by(selection)
        decided = policy.last if policy is not None else None
        offered = [s.name for s in selected]
        kept_by = ""
        if decided is not None and decided is not last and decided.action in {"keep", "grow", "none"}:
            kept_by = decided.rule if decided.action != "none" else ""
            said = f"the conversation policy ({decided.action}{': ' + decided.rule if decided.rule else ''})"
            left_out = {**{n: said for n in names if n not in offered}, **left_out}
        if max_tools is None or len(offered) <= max_tools:
            return Offer(offered, kept_by, left_out)
        best = max(selected, key=lambda s: s.score).name  # the first of the best
        kept = {best, *[n for n in offered if n != best][: max_tools - 1]}
        left_out |= {n: CAPPED for n in offered if n not in kept}
        return Offer((n for n in offered if n in kept), kept_by, left_out)

    return choose


def policy_for(prices: CachePrices, max_tools: int | None = None) -> ConversationPolicy:
    """The default conversation policy under ``prices``, its sets within ``max_tools`` (as the middleware's)."""
    default = ConversationPolicy(prices)
    return default if max_tools is None or max_tools >= default.budget else ConversationPolicy(prices, budget=max_tools)
