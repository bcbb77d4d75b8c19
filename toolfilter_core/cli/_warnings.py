"""The library's warnings on the command line: one line each, said once, in the CLI's style.

``toolfilter select: warning: ...``, without the library's file and line. What the index
finds about the registry (profile requests that sit closer to other tools) is said where
it arises, in one line for every tool, as is a registry whose tools are profiled in part:
by ``index`` and ``demo``, and by a command given a tools file (``select --tools``,
``eval --tools``), which indexes it on every run and so says what ``index`` would say of
the same files; a command that reads a store does not repeat what ``index`` said.
``select --tools`` (run once a request, so each run would say them again) says what
indexing its files says shortened instead (``registry_warnings``): the first ``SHOWN`` lines,
each to its first clause (``_short``), then one line that counts the rest, and only on the
first run on given files (kept as said in the user's cache directory, ``_said``);
``--verbose`` says each in full, on every run. Only what is about the files is counted (a ``ToolSpecWarning``, the
index's lines on profiles, ``_OF_FILES``): a warning about the store or the embedder is said
as it comes, on every run.
"""

from __future__ import annotations

import logging
import re
import shlex
import sys
import warnings
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

__all__ = [
    "ONCE_COMMANDS",
    "config_warnings",
    "one_line_warnings",
    "registry_warnings",
    "remember_findings",
]

INDEX_COMMANDS = frozenset({"index", "demo"})
"""Commands that build an index: what indexing finds is theirs to say."""
_FOREIGN_START = "toolfilter: tool %r: %d of its "
"""The start of the index's per-tool log line (``coverage.IGNORED``), gathered into one; its wording
is read from there when a line starts so (the library loads on first use)."""
_UNPROFILED = re.compile(r"toolfilter: \d+ of \d+ tools have no profile")
"""The start of the warning that a registry is profiled in part: said by the indexing commands alone."""
_OF_FILES = re.compile(rf"{_UNPROFILED.pattern}|toolfilter: near miss ")
"""The index's log lines about the tools and profiles files (beside ``_FOREIGN``'s): the others are not."""


class _Sayer:
    """Says each warning text once, as one line; while ``held`` is a list, keeps them there instead."""

    def __init__(self, command: str, files: Mapping[str, str], *, once: bool = False) -> None:
        self.command = command
        self.files = files
        self.said: set[str] = set()
        self.held: list[str] | None = None
        self.config_held: list[str] | None = None
        self.once = once
        """The files' warnings said once for the files' content, across runs and commands (``ONCE_COMMANDS``)."""
        self.pending: list[str] = []
        """The keys of what was said once now, kept as said when the command ends well."""

    def say(self, message: str, *, of_files: bool = True, of_config: bool = False) -> None:
        """Say ``message``, or hold it while a list holds its kind.

        ``config_held`` holds a ``ConfigWarning`` (``of_config``), ``held`` one about the files (``of_files``).
        """
        text = " ".join(message.split()).removeprefix("toolfilter: ")  # made visible by _plain
        text = _EXPORT.sub(lambda m: _filled(m, self.files), text)
        if text and text not in self.said:
            self.said.add(text)
            if self.config_held is not None and of_config:
                self.config_held.append(text)
            elif self.held is not None and of_files:
                self.held.append(text)
            elif not (of_files and self.once and self.said_before(files_key(self.files, "warning", text))):
                self.line(text)

    def said_before(self, key: str | None) -> bool:
        """Whether ``key`` was said before (by any command); if not, it is kept as said when the command ends well."""
        from ._said import said_before

        if key is None:  # a pipe, or a file gone: said on every run
            return False
        if said_before(key):
            return True
        self.pending.append(key)
        return False

    def line(self, text: str) -> None:
        """Print ``text`` as the command's one warning line, now."""
        print(f"toolfilter {self.command}: warning: {text}", file=sys.stderr)


class _OneLine(logging.Handler):
    """The library's log warnings as one line each; the index's per-tool lines gathered."""

    def __init__(self, sayer: _Sayer, indexes: bool) -> None:
        super().__init__(logging.WARNING)
        self.sayer = sayer
        self.indexes = indexes
        self.foreign: dict[str, str] = {}

    def emit(self, record: logging.LogRecord) -> None:
        if isinstance(record.msg, str) and _is_foreign(record.msg) and len(record.args or ()) in (2, 3):
            name, count, *which = tuple(record.args)  # type: ignore[arg-type]
            self.foreign[str(name)] = f"{count}: {which[0]}" if which else str(count)
            return
        message = record.getMessage()
        if self._said_by_import(message):
            return
        if self.indexes or not _OF_FILES.match(message):  # a store's reader does not repeat what ``index`` said
            self.sayer.say(message, of_files=bool(_OF_FILES.match(message)))

    def _said_by_import(self, message: str) -> bool:
        """A near miss left out that ``profiles import`` said of the profiles file (``remember_findings``)."""
        quiet = self.sayer.once or self.sayer.held is not None  # said in full on every run: --verbose
        if not quiet or not message.startswith("toolfilter: near miss ") or not self.sayer.files.get("PROFILES"):
            return False
        from ._said import said_before

        key = near_key(self.sayer.files["PROFILES"], message.removeprefix("toolfilter: "))
        return key is not None and said_before(key)

    def gathered(self) -> None:
        """Say the gathered per-tool lines as one, if this command builds the index.

        Saying once (``_Sayer.once``), a tool's finding said before for the same profiles file is
        left out, by ``profiles import`` (``remember_findings``) as by an earlier run.
        """
        found = sorted(self.foreign.items()) if self.indexes else []
        if self.sayer.once:
            profiles = self.sayer.files.get("PROFILES") or None
            found = [(n, said) for n, said in found if not self.sayer.said_before(finding_key(profiles, n, said))]
        if found:
            from toolfilter_core._tool_profiles.coverage import few  # the library loads on first use

            shown = few([f"{name} ({said})" for name, said in found])
            self.sayer.say(
                f"{len(found)} tool(s) have profile requests or triggers that sit closer to other tools' "
                f"descriptions or profiles, ignored: {shown}"
            )
        self.foreign = {}


def _is_foreign(msg: str) -> bool:
    """The index's per-tool line of ignored triggers or profile requests (``coverage.IGNORED``)."""
    if not msg.startswith(_FOREIGN_START):
        return False
    from toolfilter_core._tool_profiles.coverage import IGNORED

    return msg.startswith("toolfilter: " + IGNORED[: IGNORED.index(" closer")])


ONCE_COMMANDS = frozenset({"index", "eval", "fit"})
"""Commands that say each warning about the tools and profiles files once for the files' content (across runs
and commands; ``--verbose``: on every run): each reads and indexes them, and is run again on the same files."""


def files_key(files: Mapping[str, str], *texts: str) -> str | None:
    """A hash of the tools and profiles files' bytes (``TOOLS``, ``PROFILES``), toolfilter's version and ``texts``."""
    from toolfilter_core._version import __version__

    from ._said import content_key

    paths = [files.get(name) or None for name in ("TOOLS", "PROFILES")]
    return content_key(paths, (__version__, *texts))


def finding_key(profiles: str | None, name: str, said: str) -> str | None:
    """The key of one tool's ignored profile requests (``said``: ``count: which``) for the profiles file's bytes.

    Told apart from the tools file, so that what ``profiles import`` said of the file it wrote is
    not said again by ``index`` or ``eval`` reading that file beside an edited tools file.
    """
    from toolfilter_core._version import __version__

    from ._said import content_key

    return content_key((profiles,), (__version__, "ignored", name, said))


def remember_findings(profiles: str, found: list[tuple[str, int, str]], near: Sequence[str] = ()) -> None:
    """Keep ``profiles import``'s findings as said, for the file it wrote.

    ``found``: its ignored requests (``(tool, count, which)``); ``near``: the lines of its near misses left out.
    """
    from ._said import remember

    keys = [finding_key(profiles, name, f"{count}: {named}") for name, count, named in found]
    for key in [*keys, *(near_key(profiles, line) for line in near)]:
        if key is not None:
            remember(key)


def near_key(profiles: str | None, line: str) -> str | None:
    """The key of a near miss left out (its line, without ``toolfilter: ``) for the profiles file's bytes."""
    return finding_key(profiles, "near miss", line)


_ACTIVE: list[tuple[_Sayer, _OneLine]] = []
"""The command's sayer and log handler while ``one_line_warnings`` runs (for ``registry_warnings``)."""


_EXPORT = re.compile(r"`toolfilter profiles (?:export|import) [^`]*`")
"""A command of the library's re-export hint, with placeholders for the files (``_tool_profiles``)."""
_PLACEHOLDER = re.compile(r"\b(TOOLS|PROFILES)\b|<your (tools|profiles) file>")
"""A file the hint does not know: ``TOOLS``, or as a Python warning says it (``coverage.files_named``)."""


def _filled(found: re.Match[str], files: Mapping[str, str]) -> str:
    """A command of the re-export hint with the files the user gave (``TOOLS``, ``PROFILES``), shell-quoted."""

    def given(m: re.Match[str]) -> str:
        name = m[1] or m[2].upper()
        return shlex.quote(files[name]) if files.get(name) else m[0]

    return _PLACEHOLDER.sub(given, found[0])


@contextmanager
def one_line_warnings(
    command: str, *, indexes: bool | None = None, files: Mapping[str, str] | None = None, once: bool = False
) -> Iterator[None]:
    """Inside: Python warnings and the ``toolfilter`` logger's warnings as one line each, once.

    ``indexes``: the command indexes a registry (default: ``command`` is one of
    ``INDEX_COMMANDS``), so what indexing finds is its to say. ``files``: the files the user
    gave (``TOOLS``, ``PROFILES``), put in the re-export hint in place of its placeholders.
    ``once``: what is said about the files is said once for their content (``files_key``),
    by this command or another, and kept as said when the command ends well.
    """
    sayer = _Sayer(command, dict(files or {}), once=once)
    logger = logging.getLogger("toolfilter")
    handler = _OneLine(sayer, command in INDEX_COMMANDS if indexes is None else indexes)
    propagate = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False

    def show(message: Any, category: Any, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
        from toolfilter_core._exceptions import ConfigWarning, ToolSpecWarning  # loaded by then: the library warns

        kind = category if isinstance(category, type) else type(None)
        sayer.say(str(message), of_files=issubclass(kind, ToolSpecWarning), of_config=issubclass(kind, ConfigWarning))

    from toolfilter_core._said_once import own_memory  # a command's run: its own once-a-process memory

    with warnings.catch_warnings(), own_memory():
        warnings.simplefilter("always")  # every one reaches ``show``, which says each text once
        warnings.showwarning = show
        _ACTIVE.append((sayer, handler))
        try:
            yield
        finally:
            _ACTIVE.pop()
            handler.gathered()
            logger.removeHandler(handler)
            logger.propagate = propagate
        _kept_as_said(sayer)


def _kept_as_said(sayer: _Sayer) -> None:
    """After a command that ended well: what it said once kept as said (a failed one says it again next time)."""
    from ._said import remember

    for key in sayer.pending:
        remember(key)


@contextmanager
def registry_warnings(*, verbose: bool, once: str | None = None) -> Iterator[None]:
    """Inside: what reading and indexing the files says of them, shortened after (``verbose``: each line in full).

    For ``select --tools``, which indexes its files on every run: each run would say the
    same lines about the files again, before the one request it is run for. What is not
    about the files (the store, the embedder) is said as it comes, on every run. The first
    ``SHOWN`` lines are said to their first clause, then a line that counts the rest and names
    the way to see them in full: ``--verbose``, or ``toolfilter index`` on the same files.
    ``once``: a hash of what the files are (``_said.content_key``): the lines are said on
    the first run on them and kept as said in the cache directory, so later runs on the
    same files say nothing (``None``: said on every run).
    """
    if not _ACTIVE:
        yield
        return
    sayer, handler = _ACTIVE[-1]
    sayer.held = None if verbose else []
    try:
        yield
        handler.gathered()  # the index's per-tool lines, as the one line they make
    except BaseException:
        for text in sayer.held or ():  # the command fails: what led there is said in full
            sayer.line(text)
        raise
    finally:
        held, sayer.held = sayer.held, None
    if held:
        _say_count(sayer, held, once)


SHOWN = 3
"""How many of the held lines ``select`` says, shortened (``_short``), on the first run on given files."""
LONGEST = 160
"""The most characters of a held line said shortened, cut at a word (its first clause is most often shorter)."""
_OPENS = {"(": ")", "[": "]", "`": "`"}
_ABBREVIATION = re.compile(r"(?:^|\W)\w\.\w$")
"""The text before a full stop that ends in an abbreviation ("e.g", "i.e"): no sentence ends there."""


def _scan(text: str) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    """Each character of ``text``, its index, and the closers of the brackets and quotes open before it."""
    closing: list[str] = []
    for i, char in enumerate(text):
        yield i, char, tuple(closing)
        if closing and char == closing[-1]:
            closing.pop()
        elif char in _OPENS or (char in "'\"" and (i == 0 or not text[i - 1].isalnum())):
            closing.append(_OPENS.get(char, char))


def _first_clause(text: str) -> str:
    """``text`` up to the first sentence end or ``; `` outside brackets and quotes (not "e.g. ")."""
    for i, char, closing in _scan(text):
        if not closing and char in ";." and text[i + 1 : i + 2] == " ":
            if char == "." and _ABBREVIATION.search(text[:i]):
                continue
            return text[: i + (char == ".")]
    return text


def _without_asides(text: str) -> str:
    """``text`` less its bracketed asides (after a space) outside quotes: what it names in quotes stays."""
    kept, aside = [], False
    for i, char, closing in _scan(text):
        if not closing and char in "([" and text[i - 1 : i].isspace():
            aside = True
        elif not closing:
            aside = False
        if not aside:
            kept.append(char)
    return re.sub(r"\s+(?=[,:;.]|$)", "", re.sub(r"\s{2,}", " ", "".join(kept)))


def _short(text: str) -> str:
    """``text``'s first clause (``_first_clause``), at most ``LONGEST`` characters.

    A warning names what it is about (the tools) first and the way to mend it after a ``; ``
    (the commands ``--verbose`` shows in full). A longer clause loses its bracketed asides first (the
    tools it names stay: "1 tool name(s) that model providers reject: 'c d'"), then is cut at a word (or
    anywhere, when it has no space: a Chinese one).
    """
    first = _first_clause(text)
    if len(first) > LONGEST:
        first = _without_asides(first)
    if len(first) <= LONGEST:
        return first
    cut = first.rfind(" ", 0, LONGEST - 1)
    return (first[:cut] if cut > 0 else first[: LONGEST - 2]).rstrip(",;: ") + " …"


def _say_count(sayer: _Sayer, held: list[str], once: str | None) -> None:
    """The first ``SHOWN`` of ``held`` shortened, and a line counting the rest; once for the content ``once`` names."""
    from ._said import content_key, remember, said_before

    key = content_key((), (once, str(len(held)))) if once is not None else None
    if key is not None and said_before(key):
        return
    for text in held[:SHOWN]:
        sayer.line(_short(text))
    what = "the tools and profiles files" if sayer.files.get("PROFILES") else "the tools file"
    more = len(held) - SHOWN
    said = "; said once for these files, again when one changes" if key is not None else ""
    first = f"and {more} more" if more > 0 else "the above"
    sayer.say(
        f"{first} from reading and indexing {what} (--verbose shows them in full; `toolfilter index` says them too)"
        f"{said}"
    )
    if key is not None:
        remember(key)


@contextmanager
def config_warnings(*, verbose: bool, once: str | None) -> Iterator[None]:
    """Inside: the config's warnings (``ConfigWarning``) said in full once for the config ``once`` names.

    For ``select``, run once a request: each run would say the same lines about the config (an
    old key, a setting that became a constant) again; wrapped around reading it alone. ``once``:
    a hash of the config (``_said.content_key`` of the ``--config`` file and the flags): the
    lines are said on the first run on it, then a line saying so, and kept as said in the cache
    directory (``None``: said on every run). ``verbose``: said as they come, on every run; a run
    that fails says them all.
    """
    if not _ACTIVE or verbose:
        yield
        return
    sayer = _ACTIVE[-1][0]
    sayer.config_held = []
    try:
        yield
    except BaseException:
        for text in sayer.config_held or ():
            sayer.line(text)
        raise
    finally:
        held, sayer.config_held = sayer.config_held, None
    if held:
        _say_config(sayer, held, once)


def _say_config(sayer: _Sayer, held: list[str], once: str | None) -> None:
    """``held`` in full, and a line saying they are said once for this config (``once``); nothing if said before."""
    from ._said import content_key, remember, said_before

    key = content_key((), ("config", once, str(len(held)))) if once is not None else None
    if key is not None and said_before(key):
        return
    for text in held:
        sayer.line(text)
    if key is not None:
        sayer.say(
            "the above from reading the config (--verbose says it on every run); "
            "said once for this config, again when it or a flag changes"
        )
        remember(key)
