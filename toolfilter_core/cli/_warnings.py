"""The library's warnings on the command line: one line each, said once, in the CLI's style.

``toolfilter select: warning: ...``, without the library's file and line. What the index
finds about the registry (profile requests that sit closer to other tools) is said where
it arises, in one line for every tool, as is a registry whose tools are profiled in part:
by ``index`` and ``demo``, and by a command given a tools file (``select --tools``,
``eval --tools``), which indexes it on every run and so says what ``index`` would say of
the same files; a command that reads a store does not repeat what ``index`` said.
"""

from __future__ import annotations

import logging
import re
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["one_line_warnings"]

INDEX_COMMANDS = frozenset({"index", "demo"})
"""Commands that build an index: what indexing finds is theirs to say."""
_FOREIGN = "toolfilter: tool %r: %d of its triggers or profile requests sit closer"
"""The start of the index's per-tool log line (``index/_matrix.py``), gathered into one."""
_UNPROFILED = re.compile(r"toolfilter: \d+ of \d+ tools have no profile")
"""The start of the warning that a registry is profiled in part: said by the indexing commands alone."""


class _OneLine(logging.Handler):
    """The library's log warnings as one line each; the index's per-tool lines gathered."""

    def __init__(self, command: str, said: set[str], indexes: bool) -> None:
        super().__init__(logging.WARNING)
        self.command = command
        self.indexes = indexes
        self.said = said
        self.foreign: dict[str, str] = {}

    def emit(self, record: logging.LogRecord) -> None:
        if isinstance(record.msg, str) and record.msg.startswith(_FOREIGN) and len(record.args or ()) in (2, 3):
            name, count, *which = tuple(record.args)  # type: ignore[arg-type]
            self.foreign[str(name)] = f"{count}: {which[0]}" if which else str(count)
            return
        if self.indexes or not _UNPROFILED.match(record.getMessage()):
            _say(self.command, record.getMessage(), self.said)

    def gathered(self) -> None:
        """Say the gathered per-tool lines as one, if this command builds the index."""
        if self.foreign and self.indexes:
            from toolfilter_core._tool_profiles.coverage import few  # the library loads on first use

            shown = few([f"{name} ({said})" for name, said in sorted(self.foreign.items())])
            _say(
                self.command,
                f"{len(self.foreign)} tool(s) have profile requests or triggers that sit closer to other tools' "
                f"descriptions or profiles, ignored: {shown}",
                self.said,
            )


def _say(command: str, message: str, said: set[str]) -> None:
    text = " ".join(message.split()).removeprefix("toolfilter: ")  # made visible by _plain
    if text and text not in said:
        said.add(text)
        print(f"toolfilter {command}: warning: {text}", file=sys.stderr)


@contextmanager
def one_line_warnings(command: str, *, indexes: bool | None = None) -> Iterator[None]:
    """Inside: Python warnings and the ``toolfilter`` logger's warnings as one line each, once.

    ``indexes``: the command indexes a registry (default: ``command`` is one of
    ``INDEX_COMMANDS``), so what indexing finds is its to say.
    """
    said: set[str] = set()
    logger = logging.getLogger("toolfilter")
    handler = _OneLine(command, said, command in INDEX_COMMANDS if indexes is None else indexes)
    propagate = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False

    def show(message: Any, category: Any, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
        _say(command, str(message), said)

    with warnings.catch_warnings():
        warnings.simplefilter("always")  # every one reaches ``show``, which says each text once
        warnings.showwarning = show
        try:
            yield
        finally:
            handler.gathered()
            logger.removeHandler(handler)
            logger.propagate = propagate
