"""The conversation window: what earlier turns tell a selection about the request at hand.

Framework-neutral: each adapter maps its message types onto ``Turn`` and nothing more.

* The **request** is the last user turn with text (or a query the caller gives: then the
  last user turn is the request only when it says the same, else every user turn is
  earlier).
* **Context** is the text of up to ``history_turns`` earlier user turns, oldest first; the
  core blends it into the query vector with ``HISTORY_WEIGHT`` (0.3).
* The **task window** starts at the earliest of the ``sticky_turns`` user turns before the
  request (``sticky_turns`` None: ``history_turns``; 0: at the request). Every tool a turn
  in the window called or found is **sticky**: it stays selected, so a follow-up such as
  "and in Berlin?" keeps ``get_weather`` and a half-done task keeps its tools. A call that
  was **refused** (the tool was not offered, or a gate refused it) never makes its tool
  sticky, unless a result in the window shows the tool ran.
* ``ran_calls``: the conversation with every refused call taken out (the conversation policy
  reads that): a refused call is no call of the conversation for any purpose.
* ``current`` is what the request's own turn called or found (the calls after it): a
  destructive tool only an earlier turn used is not kept sticky unless the request asks
  for it again (``integration.sticky_tools``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Generic, NamedTuple, TypeVar, overload

__all__ = ["LazyTurns", "Turn", "Window", "conversation_window", "ran_calls"]

_M = TypeVar("_M")


class Turn(NamedTuple):
    """One message of a conversation, as the window reads it.

    A ``NamedTuple``, not a frozen dataclass: one is built per message read, on every
    selection, and a tuple is several times cheaper to make.
    """

    role: str
    """``"user"`` for the person's turns; any other role is read for tool calls only."""
    text: str = ""
    """The message's text: the request for a user turn; an assistant's words (a proposal a
    "yes" takes) and a tool result's text are read by the conversation policy."""
    called: tuple[str, ...] = ()
    """Tools the message called, or answered for as a tool result."""
    found: tuple[str, ...] = ()
    """Tools a registry search returned in this message."""
    searched: bool = False
    """True when the message is a registry search (its call or its result)."""
    refused: tuple[str, ...] = ()
    """Tools whose call this message refused (a tool result that is a refusal): not sticky."""


@dataclass(frozen=True, slots=True)
class Window:
    """What a conversation says about the request at hand."""

    query: str
    """The request's text."""
    context: tuple[str, ...] = ()
    """Earlier user turns, oldest first."""
    called: tuple[str, ...] = ()
    """Tools the task window called, in the order first called."""
    found: tuple[str, ...] = ()
    """Tools a registry search returned in the task window."""
    searched: bool = False
    """True when the task window holds a registry search."""
    missing: str = ""
    """Why the request has no text to select on (only images, no user turn), or ``""``."""
    turns: Sequence[Turn] = field(default=(), compare=False, repr=False)
    """The conversation the window was read from (the conversation policy reads it whole)."""
    current: tuple[str, ...] = ()
    """The sticky tools the request's own turn called or found (after the request)."""

    @property
    def sticky(self) -> tuple[str, ...]:
        """Called and found tools, without repeats."""
        return tuple(dict.fromkeys((*self.called, *self.found)))


class LazyTurns(Sequence[Turn], Generic[_M]):
    """A framework's messages read as ``Turn``s on first access, each converted once.

    ``conversation_window`` reads a conversation from its end, so the old messages of a
    long chat are never converted.
    """

    def __init__(self, messages: Sequence[_M], to_turn: Callable[[_M], Turn]) -> None:
        """Read ``messages`` with ``to_turn``."""
        self._messages = messages
        self._to_turn = to_turn
        self._turns: list[Turn | None] = [None] * len(messages)

    def __len__(self) -> int:
        """How many messages."""
        return len(self._turns)

    @overload
    def __getitem__(self, index: int) -> Turn: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Turn]: ...

    def __getitem__(self, index: int | slice) -> Turn | Sequence[Turn]:
        """The turn at ``index`` (or a list of them for a slice)."""
        if not isinstance(index, int):
            return [self[i] for i in range(*index.indices(len(self)))]
        turn = self._turns[index]
        if turn is None:
            turn = self._turns[index] = self._to_turn(self._messages[index])
        return turn


def conversation_window(
    turns: Sequence[Turn],
    *,
    history_turns: int,
    sticky_turns: int | None = None,
    query: str | None = None,
    tools: Collection[str] | None = None,
) -> Window:
    """Read the request, its context and the sticky tools from a conversation.

    The conversation is read from its end: turns before the task window and the context
    are never looked at.

    Args:
        turns: The conversation, oldest first (a ``LazyTurns`` converts only what is read).
        history_turns: How many earlier user turns to return as context.
        sticky_turns: How many earlier user turns the task window reaches back; None:
            ``history_turns``.
        query: The request, when the caller has it apart from ``turns``; None: the last
            user turn with text.
        tools: The tools that can be selected; other names are left out of ``called``
            and ``found``. None: every name.

    Returns:
        The window; with ``query`` None and no user turn with text, its query is empty.
    """
    reach = history_turns if sticky_turns is None else sticky_turns
    need = max(history_turns, reach, 0)
    total = len(turns)
    position, last_text = total - 1, ""
    while position >= 0:  # the last user turn with text
        turn = turns[position]
        if turn.role == "user" and (last_text := turn.text.strip()):
            break
        position -= 1
    current = total
    if position >= 0 and (query is None or last_text == query.strip()):
        current, position = position, position - 1
    if query is None:
        query = last_text
    earlier: list[tuple[int, str]] = []  # most recent first
    while position >= 0 and len(earlier) < need:
        turn = turns[position]
        if turn.role == "user" and (text := turn.text.strip()):
            earlier.append((position, text))
        position -= 1
    context = tuple(text for _, text in reversed(earlier[:history_turns])) if history_turns > 0 else ()
    reached = earlier[:reach] if reach > 0 else []
    start = reached[-1][0] if reached else current
    called: dict[str, None] = {}
    found: dict[str, None] = {}
    searched = False
    refused: set[str] = set()
    ran: set[str] = set()
    now: set[str] = set()  # used at or after the request
    for index in range(start, total):
        turn = turns[index]
        if index >= current:
            now.update(n for n in (*turn.called, *turn.found) if tools is None or n in tools)
        searched = searched or turn.searched
        refused.update(turn.refused)
        if turn.role == "tool":
            ran.update(name for name in turn.called if name not in turn.refused)
        for name in turn.called:
            if tools is None or name in tools:
                called.setdefault(name, None)
        for name in turn.found:
            if tools is None or name in tools:
                found.setdefault(name, None)
    kept = tuple(name for name in called if name not in refused or name in ran)  # a refused call is not sticky
    sticky = dict.fromkeys((*kept, *found))
    return Window(
        query=query,
        context=context,
        called=kept,
        found=tuple(found),
        searched=searched,
        turns=turns,
        current=tuple(n for n in sticky if n in now),
    )


def ran_calls(turns: Sequence[Turn]) -> list[Turn]:
    """``turns`` with every refused call taken out of ``called``: a refused call is no call of the conversation.

    A **round** is a message that calls tools and the messages after it up to the next user
    turn or the next message that calls (its results, the model's answer). A tool a result of
    the round refused, and no result of the round shows ran, leaves the ``called`` of every
    message of the round: it did not run, so it made or read nothing and no later turn redoes,
    keeps or confirms it. The turns keep their places (the policy reads them by index).
    """
    out = list(turns)
    start = 0
    for end in range(1, len(out) + 1):
        if end == len(out) or _opens_round(out[end]):
            _unrefused(out, start, end)
            start = end
    return out


def _opens_round(turn: Turn) -> bool:
    return turn.role == "user" or (turn.role != "tool" and bool(turn.called))


def _unrefused(turns: list[Turn], start: int, end: int) -> None:
    """Take the round ``turns[start:end]``'s refused calls out of its messages, in place."""
    refused = {n for t in turns[start:end] for n in t.refused}
    if not refused:
        return
    ran = {n for t in turns[start:end] if t.role == "tool" for n in t.called if n not in t.refused}
    drop = refused - ran
    for index in range(start, end):
        turn = turns[index]
        if drop.intersection(turn.called):
            called = tuple(n for n in turn.called if n not in drop)
            turns[index] = Turn(turn.role, turn.text, called, turn.found, turn.searched, turn.refused)
