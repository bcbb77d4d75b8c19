"""Reading a message runs in time linear in its length, and select() reads a bounded part of it.

Hostile shapes (runs of spaces, tabs, no-break spaces, punctuation, brackets, line separators,
a word every 40 characters) once made the ask finder backtrack: 2,000 spaces then "!" took
1.1 s, 20,000 over 20 s. Growth is checked by a generous ratio (ten times the text may take at
most thirty times as long; a quadratic reading takes a hundred); the timing curve itself is
a benchmark (benchmarks/bench_long_request.py --shapes). The rewritten patterns are checked
against the old ones on short random lines: the same lines match.
"""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolfilter_core import NoteKind, ToolFilter, ToolSpec
from toolfilter_core import _ask as ask_module
from toolfilter_core._ask import READ_CHARS, READ_LINES, find_ask, plain_runs, within_budget
from toolfilter_core._clauses import split_clauses
from toolfilter_core._embedders import HashingEmbedder
from toolfilter_core._pipeline.request import matched

UNITS = {
    "spaces": " ",
    "tabs": "\t",
    "nbsp": "\u00a0",
    "punctuation": "!?.,;:",
    "brackets": "([{<",
    "closing": ">}])",
    "separators": "\u2028\u2029\x85",
    "empty lines": "\n",
    "word every 40": " " * 39 + "w",
    "key value": "k:  v   ",
    "asides": "(a), ",
}


def shape(unit: str, chars: int) -> str:
    """``unit`` repeated to ``chars`` characters, then a bang (a failing end makes a regex backtrack)."""
    return (unit * (chars // len(unit) + 1))[: chars - 1] + "!"


class TooSlow(Exception):
    """A reading ran past its bound."""


@contextmanager
def bounded(seconds: float) -> Iterator[None]:
    """Raise ``TooSlow`` in the block after ``seconds`` (a quadratic reading never ends in a test)."""

    def stop(*_: object) -> None:
        raise TooSlow

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def took(read: Callable[[str], object], text: str) -> float:
    """CPU seconds of this thread, best of three (bounded: 20 s of wall time).

    CPU time, not wall time: on a loaded machine a run longer than a scheduler slice waits
    for the other processes, which makes wall time grow faster than the work.
    """
    best = float("inf")
    with bounded(20.0):
        for _ in range(3):
            start = time.thread_time()
            read(text)
            best = min(best, time.thread_time() - start)
    return best


READERS: dict[str, Callable[[str], object]] = {
    "find_ask": find_ask,
    "split_clauses": split_clauses,
    "matched": lambda text: matched(text, 2500),
}


@settings(max_examples=12, deadline=None, derandomize=True)
@given(
    unit=st.sampled_from(sorted(UNITS)),
    reader=st.sampled_from(sorted(READERS)),
    ask=st.sampled_from(["", "restart the payments worker\n", "看看 worker 的日志，然后重启\n"]),
)
def test_reading_grows_linearly(unit: str, reader: str, ask: str) -> None:
    read = READERS[reader]
    small = took(read, ask + shape(UNITS[unit], 2_000))
    middle = took(read, ask + shape(UNITS[unit], 20_000))
    large = took(read, ask + shape(UNITS[unit], 200_000))
    slack = 0.005  # the CPU clock's grain
    assert middle <= 30 * small + slack, (unit, reader, small, middle)
    assert large <= 30 * middle + slack, (unit, reader, middle, large)


@pytest.mark.parametrize("unit", sorted(UNITS))
def test_hostile_shapes_at_twenty_thousand_read_in_a_blink(unit: str) -> None:
    """The old reading took over 20 s on 20,000 spaces then a bang; linear, it takes milliseconds."""
    assert took(find_ask, shape(UNITS[unit], 20_000)) < 2.0


# --- the rewritten patterns read the same lines as the old ones ------------------------------

OLD_COLUMNS = re.compile(r"^\s*\S.*?[^\s.!?] {2,}\S.*?[^\s.!?] {2,}\S")
LINES = st.text(alphabet=" \t\u00a0ab.!?:：-|>[{(\"'=,#@0123", max_size=40)


def _old(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The pattern as it was: leading white space that backtracks (``\\s*`` for ``\\s*+``)."""
    return re.compile(pattern.pattern.replace(r"\s*+", r"\s*"), pattern.flags)


CHANGED = ["_FENCE", "_MACHINE", "_QUOTED", "_MAIL_HEADER", "_MAIL_START", "_SIGN_OFF", "_RULE", "_CHAT", "_SPEAKER"]


@settings(max_examples=400, deadline=None, derandomize=True)
@given(line=LINES, name=st.sampled_from(CHANGED))
def test_possessive_patterns_match_as_before(line: str, name: str) -> None:
    pattern = getattr(ask_module, name)
    new, old = pattern.match(line), _old(pattern).match(line)
    assert bool(new) == bool(old)
    assert new is None or old is None or new.groups() == old.groups()


@settings(max_examples=400, deadline=None, derandomize=True)
@given(line=LINES)
def test_key_value_matches_as_before_but_for_a_key_of_blanks(line: str) -> None:
    """One difference, on purpose: a "key" of spaces or dashes alone ("  : x") is no key now."""
    new = ask_module._KEY_VALUE.match(line)
    old = _old(ask_module._KEY_VALUE).match(line)
    if old and not new:
        key = re.split("[:：]", line, maxsplit=1)[0]
        assert not key.strip(" -\t\u00a0"), line
    else:
        assert bool(new) == bool(old), line


@settings(max_examples=600, deadline=None, derandomize=True)
@given(line=st.text(alphabet="  \tab.!?", max_size=30))
def test_column_gaps_read_in_one_pass_match_as_before(line: str) -> None:
    assert ask_module._columns(line) == bool(OLD_COLUMNS.match(line))


# --- the reading budget -------------------------------------------------------------------


def test_a_message_within_the_budget_is_read_whole() -> None:
    text = "restart the worker\n" * 100
    assert within_budget(text) == (text, 0)


@pytest.mark.parametrize(
    "text",
    [
        "restart the payments worker\n" + "x" * 3_000_000 + "\nthanks",
        "restart the payments worker\n" + "\n" * (READ_LINES * 3) + "thanks",
        "restart the payments worker\n" + "a\n" * (READ_CHARS // 2) + "thanks",
    ],
    ids=["characters", "empty lines", "short lines"],
)
def test_a_huge_message_is_read_on_its_start_and_end(text: str) -> None:
    read, unread = within_budget(text)
    assert len(read) <= READ_CHARS + 1
    assert len(read.splitlines()) <= READ_LINES + 1
    assert read.startswith("restart the payments worker")
    assert read.endswith("thanks")
    assert unread == len(text) - len(read) + 1 or unread > 0


def test_select_says_it_left_the_middle_unread(monkeypatch) -> None:
    from .fakes import constants

    constants(monkeypatch, max_query_chars=3_000_000)
    tools = [ToolSpec("restart_worker", "Restart a worker process"), ToolSpec("send_email", "Send an e-mail")]
    tf = ToolFilter(tools, embedder=HashingEmbedder())
    selection = tf.select("restart the payments worker\n" + "\u2028 " * 1_000_000)
    unread = [n for n in selection.reasons if n.kind is NoteKind.UNREAD]
    assert unread
    assert unread[0].values["chars"] == 2_000_028
    assert unread[0].values["unread"] > 1_900_000


def test_runs_of_white_space_and_separators_are_given_as_one() -> None:
    assert plain_runs("restart\u2028\u2028\u2029it") == "restart\nit"
    assert plain_runs("restart   \t it\x85") == "restart it\n"
    assert plain_runs("restart it\n\nplease") == "restart it\n\nplease"  # two are kept as they are
    text, _ = matched("restart the worker" + "\u2028" * 1_000, 2500)
    assert text == "restart the worker\n"
