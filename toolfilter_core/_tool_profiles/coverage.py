"""A registry profiled in part: said once, with the command that profiles the rest."""

from __future__ import annotations

import hashlib
import logging
import re
import shlex
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from .._files import first_few
from .._said_once import first_time
from .._types import ToolSpec

__all__ = [
    "IGNORED",
    "few",
    "files_named",
    "ignored_line",
    "reprofile",
    "unprofiled_said_before",
    "warn_partly_profiled",
]

logger = logging.getLogger("toolfilter")

SHOWN = 3
"""Tool names a warning shows before ``+N more``: a display choice (one short line), not a tuned value."""


IGNORED = (
    "tool %r: %d of its triggers or profile requests sit closer to other tools' descriptions or profiles "
    "and are ignored: %s"
)
"""What the index says of a tool whose triggers or profile requests it ignores (its name, how many, the first
few each with the tool it sits closer to: ``index._matrix.ignored_rows``), and ``profiles import`` of the
answers it reads: one wording, ``ignored_line``."""


def ignored_line(name: str, count: int, named: str) -> str:
    """``IGNORED`` said of one tool: ``tool 'a': 1 of its ... ignored: 'text' (closer to b)``."""
    return IGNORED % (name, count, named)


def few(names: Sequence[str]) -> str:
    """``a, b, c +4 more``: the first ``SHOWN`` of ``names``, and how many it leaves out."""
    return first_few(names, SHOWN)


def reprofile(
    out: str, *, tools: str = "TOOLS", profiles: str | None = "PROFILES", write: str | None = None, asked: str = ""
) -> str:
    """The commands that profile some tools again, alone: their prompts to ``out``, answered, imported into the file.

    ``out`` is a new file, not the prompts file of the first export; ``TOOLS``, ``PROFILES`` and
    ``ANSWERS`` are placeholders (the command line fills the first two with the files it was given).
    ``tools``, ``profiles`` (None: no profiles yet, every tool is asked for) and ``write`` (the file the
    import writes; default ``profiles``) are given shell-quoted; ``asked``: the export's other flags as
    given (`` --languages en``), so the prompts ask as the command that needed them would have.
    """
    given = f" --profiles {profiles}" if profiles else ""
    into = f" --into {profiles}" if profiles else ""
    return (
        f"`toolfilter profiles export {tools}{given} --out {out}{asked}`, answer it, then "
        f"`toolfilter profiles import --prompts {out} --answers ANSWERS{into} --out {write or profiles}`"
    )


YOUR_TOOLS = "<your tools file>"
"""What a Python warning's command names the tools file by: the library is given tools, never their file."""
YOUR_PROFILES = "<your profiles file>"
"""What it names the profiles file by when the profiles were not read from a file (built in code)."""
_COMMAND = re.compile(r"`toolfilter profiles (?:export|import) [^`]*`")
_PLACEHOLDER = re.compile(r"\b(TOOLS|PROFILES)\b")

_UNPROFILED_SAID: ContextVar[frozenset[str]] = ContextVar("toolfilter_unprofiled_said", default=frozenset())


def files_named(text: str, profiles: str = "") -> str:
    """``text`` with its commands' ``TOOLS`` and ``PROFILES`` said as a Python caller knows them.

    ``profiles``: the profiles file the caller gave (shell-quoted in), else ``YOUR_PROFILES``;
    the tools file is ``YOUR_TOOLS``. The command line says its own files in their place (``cli._warnings``).
    """

    def named(found: re.Match[str]) -> str:
        if found[1] == "TOOLS":
            return YOUR_TOOLS
        return shlex.quote(profiles) if profiles else YOUR_PROFILES

    return _COMMAND.sub(lambda command: _PLACEHOLDER.sub(named, command[0]), text)


@contextmanager
def unprofiled_said_before(said: frozenset[str]) -> Iterator[None]:
    """Inside, ``warn_partly_profiled`` does not say again that the tools ``said`` have no profile."""
    token = _UNPROFILED_SAID.set(said)
    try:
        yield
    finally:
        _UNPROFILED_SAID.reset(token)


def unprofiled(tools: Sequence[ToolSpec]) -> frozenset[str]:
    """The tools without profile requests, when some other tool has them (else nothing)."""
    without = frozenset(t.name for t in tools if t.profile is None or not t.profile.requests)
    return without if len(without) < len(tools) else frozenset()


def content_of(tools: Sequence[ToolSpec]) -> str:
    """A hash of the tools as indexed, their profiles included."""
    return hashlib.sha256("\x00".join(tool.content_hash() for tool in tools).encode()).hexdigest()


def warn_partly_profiled(tools: Sequence[ToolSpec], said: frozenset[str], profiles: str = "") -> frozenset[str]:
    """Log a warning when some tools have profiles and others none, unless ``said`` already.

    ``profiles``: the profiles file, named in the command (``files_named``). Returns what is said now
    (the tools without one), for the next call to compare. Said once a process for the same tools
    and profiles (``_said_once``): a second filter built over them says nothing.
    """
    without = unprofiled(tools)
    if without and without not in (said, _UNPROFILED_SAID.get()) and first_time(("unprofiled", content_of(tools))):
        names = sorted(without)
        msg = (
            f"toolfilter: {len(names)} of {len(tools)} tools have no profile ({few(names)}): found less often; "
            f"profile them: {reprofile('prompts_more.jsonl')}"
        )
        msg = files_named(msg, profiles)
        logger.warning(msg)
    return without
