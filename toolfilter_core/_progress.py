"""Progress of a long stage (embedding a registry): a bar on a terminal, one plain line elsewhere.

On a terminal, tqdm draws its bar on stderr. In a log (stderr not a terminal: CI, a
service, a notebook's captured output) a bar's redraws would print one line each, so a
stage prints exactly one line instead, when it ends::

    embedding tools: 480/480 texts, 3.1 s
"""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

__all__ = ["StageProgress"]


class StageProgress:
    """Counts the items of one stage; ``close()`` ends it (also as a context manager).

    Args:
        total: How many items the stage has.
        desc: What the stage does (``"embedding tools"``).
        unit: The items' name, singular (``"text"``).
        enabled: False: nothing is shown at all.
        stream: Where to write; default ``sys.stderr``. A bar only when it is a terminal.
    """

    def __init__(
        self, total: int, desc: str, *, unit: str = "item", enabled: bool = True, stream: TextIO | None = None
    ) -> None:
        """Start the stage (a bar appears at once on a terminal)."""
        self.total = total
        self.desc = desc
        self.unit = unit
        self.done = 0
        self._stream = stream if stream is not None else sys.stderr
        self._enabled = enabled
        self._started = time.perf_counter()
        self._closed = False
        self._bar: Any = None
        if enabled and _is_terminal(self._stream):
            from tqdm import tqdm

            self._bar = tqdm(total=total, desc=desc, unit=unit, file=self._stream)

    def update(self, n: int) -> None:
        """``n`` more items are done."""
        self.done += n
        if self._bar is not None:
            self._bar.update(n)

    def close(self) -> None:
        """End the stage: close the bar, or write the one line (only once)."""
        if self._closed:
            return
        self._closed = True
        if self._bar is not None:
            self._bar.close()
        elif self._enabled:
            seconds = time.perf_counter() - self._started
            self._stream.write(f"{self.desc}: {self.done}/{self.total} {self.unit}s, {seconds:.1f} s\n")
            self._stream.flush()

    def __enter__(self) -> StageProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or foreign stream
        return False
