"""Which files' index warnings ``select --tools`` has said: kept in the user's cache directory.

``select --tools`` indexes its files on every run, and is run once a request: the count of
what indexing them warns is said on the first run on given content (the tools file, the
profiles file, the config, the version) and not again until one of them changes; so are the
config's own warnings (``_warnings.config_warnings``), for ``select`` with a store too. What was
said is a short list of hashes in ``said-warnings.json`` in the cache directory
(``cache_dir``), the newest ``KEPT`` kept. The cache is a convenience: a directory that cannot
be written, or a file that cannot be read as such a list, never fails the command; the line
is then said (and the file written anew when it can be). Anything but a regular file there
(a named pipe, a device) is read as empty without waiting on it, and is replaced, never
written into. Runs at once each add their hash: the list is read, added to and written under
a lock on ``LOCK_FILE`` (``fcntl.flock``; none on Windows), waited for ``LOCK_WAIT`` seconds at
most; a lock not had in time leaves the list as it is (the line is said again next run).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

if sys.platform != "win32":
    import fcntl

__all__ = [
    "CACHE_ENV",
    "KEPT",
    "LOCK_FILE",
    "SAID_FILE",
    "cache_dir",
    "content_key",
    "remember",
    "said_before",
]

CACHE_ENV = "TOOLFILTER_CACHE_DIR"
"""The environment variable naming the cache directory (before ``$XDG_CACHE_HOME/toolfilter``)."""
SAID_FILE = "said-warnings.json"
"""The file in the cache directory that lists the hashes of the files whose warnings were said."""
LOCK_FILE = "said-warnings.lock"
"""The file in the cache directory locked while a run adds its hash to the list (left in place, empty)."""
LOCK_WAIT = 0.5
"""Seconds a run waits at most for the lock; then it leaves the list as it is (``select`` is not held up)."""
KEPT = 256
"""At most this many hashes are kept (the newest): the file stays under 20 kB."""
_MAX_BYTES = 64 * 1024
"""A file longer than this is no list this module wrote: read as empty, and written anew."""
_HASH = re.compile(r"[0-9a-f]{64}")


def cache_dir() -> Path:
    """``$TOOLFILTER_CACHE_DIR``, else ``$XDG_CACHE_HOME/toolfilter``, else ``~/.cache/toolfilter``.

    A relative ``XDG_CACHE_HOME`` is ignored, as the XDG base directory specification says.
    """
    given = os.environ.get(CACHE_ENV)
    if given:
        return Path(given).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "toolfilter"
    return Path.home() / ".cache" / "toolfilter"


def content_key(paths: Iterable[str | None], texts: Iterable[str]) -> str | None:
    """A hash of the files' bytes (``None``: no file) and of ``texts``; ``None`` if a file is not a regular file.

    A pipe or standard input cannot be read again, nor told apart from the next one: its
    warnings are then said on every run.
    """
    digest = hashlib.sha256()
    for path in paths:
        if path is None:
            digest.update(b"\x00none\x00")
            continue
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):
                return None
            data = Path(path).read_bytes()
        except (OSError, ValueError):  # ValueError: a NUL in the path
            return None
        digest.update(len(data).to_bytes(8, "big") + data)
    for text in texts:
        data = text.encode("utf-8", "surrogatepass")
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def _said() -> list[str]:
    """The hashes kept, oldest first; empty when the file is missing, unreadable, not regular or not such a list."""
    data = _read(cache_dir() / SAID_FILE)
    try:
        found = json.loads(data.decode("utf-8")) if data is not None else None
    except ValueError:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return []
    said = found.get("said") if isinstance(found, dict) else None
    if not isinstance(said, list):
        return []
    return [key for key in said if isinstance(key, str) and _HASH.fullmatch(key)]


def _read(path: Path) -> bytes | None:
    """The bytes of ``path`` if it is a regular file of at most ``_MAX_BYTES``; never waits on a pipe.

    Opened without blocking (a named pipe with no writer would hold the open), then checked
    on the open file, so what is read is what was checked.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        handle = os.open(path, flags)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return None
    with os.fdopen(handle, "rb") as file:
        try:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                return None
            data = file.read(_MAX_BYTES + 1)
        except OSError:
            return None
    return data if len(data) <= _MAX_BYTES else None


def said_before(key: str) -> bool:
    """Whether the warnings of ``key`` were said before (and kept)."""
    return key in _said()


def remember(key: str) -> None:
    """Keep ``key`` as said, with the newest ``KEPT`` before it; a cache that cannot be written is left as it is.

    Read, added to and written under the lock (``_locked``), so that runs at once keep each
    other's hashes; without the lock in time, the list is left as it is.
    """
    where = cache_dir()
    try:
        where.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError):
        return
    with _locked(where) as held:
        if held:
            _write(where, [k for k in _said() if k != key][-(KEPT - 1) :] + [key])


def _write(where: Path, keys: list[str]) -> None:
    """Write the list whole, as a new file put in place of the old (never written into what is there)."""
    try:
        handle, temporary = tempfile.mkstemp(dir=where, prefix=".said-", suffix=".tmp")
    except (OSError, ValueError):
        return
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(json.dumps({"said": keys}, indent=0))
        os.replace(temporary, where / SAID_FILE)  # replaces a pipe or a link there, never follows it
    except OSError:
        with contextlib.suppress(OSError):
            Path(temporary).unlink(missing_ok=True)


@contextlib.contextmanager
def _locked(where: Path) -> Iterator[bool]:
    """Inside: whether this run holds the lock on ``where / LOCK_FILE`` (always, on Windows: no ``fcntl``).

    Tried without blocking, again every few milliseconds for ``LOCK_WAIT`` seconds; a lock file that
    is not a regular file (a pipe, a link) is removed first, as the list is replaced; one that cannot be
    made is no lock: False.
    """
    if sys.platform == "win32":
        yield True
        return
    flags = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISREG(os.lstat(where / LOCK_FILE).st_mode):
                os.unlink(where / LOCK_FILE)
        handle = os.open(where / LOCK_FILE, flags, 0o600)
    except (OSError, ValueError):
        yield False
        return
    try:
        try:
            held = stat.S_ISREG(os.fstat(handle).st_mode) and _flock(handle)
        except OSError:
            held = False
        yield held
    finally:
        os.close(handle)  # closing it lets the lock go


def _flock(handle: int) -> bool:
    """Whether ``handle`` was locked (exclusively) within ``LOCK_WAIT`` seconds."""
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.005)
        except OSError:
            return False
        else:
            return True
