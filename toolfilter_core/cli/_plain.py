r"""What the command line prints is plain text: control characters in it are shown, not obeyed.

A tool name, a description or a query comes from a file someone else wrote; an escape
sequence in it (``\x1b[2J`` clears the screen, ``\x1b]8;;...`` makes a link) would reach
the terminal. ``plain_streams`` wraps standard output and error so that every control
character but newline and tab (and, on standard error, the carriage return progress bars
use) is written as its escape (``\x1b``), and so are the bidirectional overrides that
reorder what is shown.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

__all__ = ["plain_streams", "visible"]

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_CONTROL_BUT_CR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def visible(text: str, *, carriage_return: bool = False) -> str:
    r"""``text`` with its control characters written as escapes (``\x1b``); newline and tab kept."""
    return (_CONTROL_BUT_CR if carriage_return else _CONTROL).sub(_escape, text)


class _Plain:
    """A text stream that writes control characters as escapes and passes the rest through."""

    def __init__(self, stream: TextIO, *, carriage_return: bool) -> None:
        self._stream = stream
        self._carriage_return = carriage_return

    def write(self, text: str) -> int:
        self._stream.write(visible(text, carriage_return=self._carriage_return))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def plain_streams() -> Iterator[None]:
    """Standard output and error as ``_Plain`` streams while the command runs."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = _Plain(out, carriage_return=False)
    sys.stderr = _Plain(err, carriage_return=True)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
