"""The advisory lock toolfilter keeps in an embedded Chroma directory (``.toolfilter.lock``).

Chroma does not coordinate processes writing one directory (see ``chroma.py``): each
process that opens it holds a shared lock for the rest of its life, and a write needs the
lock alone.
"""

from __future__ import annotations

import errno
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .._exceptions import StoreError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks, one process per directory is on the user
    fcntl = None  # type: ignore[assignment]

__all__ = ["LOCK_FILE", "SHARE_HINT", "DirectoryLock", "hold_directory"]

LOCK_FILE = ".toolfilter.lock"
"""Advisory lock file toolfilter keeps inside an embedded store directory."""

SHARE_HINT = (
    "an embedded Chroma directory can be written only while no other process has it open; "
    "stop the other process, or share the registry through a Chroma server "
    "(chroma run --path DIR, then --chroma-host/--chroma-port)"
)


class DirectoryLock:
    """A shared/exclusive POSIX lock on ``DIR/.toolfilter.lock``: one per directory per process.

    POSIX record locks (``lockf``), not ``flock``: turning a shared lock into an exclusive
    one is atomic, so a writer that has to wait keeps its shared lock meanwhile, and no
    other process can write the directory under this process's cached copy of it.
    """

    _by_path: dict[str, DirectoryLock] = {}
    _guard = threading.Lock()

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._mutex = threading.RLock()
        self._shared = False
        self._depth = 0
        self._fd: int | None = None
        if fcntl is not None:
            try:
                self._fd = os.open(directory / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:  # a read-only directory: nobody writes it through toolfilter
                self._fd = None

    @classmethod
    def of(cls, directory: str | Path) -> DirectoryLock:
        key = os.path.realpath(directory)
        with cls._guard:
            lock = cls._by_path.get(key)
            if lock is None:
                lock = cls._by_path[key] = cls(Path(key))
            return lock

    @classmethod
    def drop(cls, directory: str | Path) -> None:
        """Forget (and release) the lock of a directory that was moved away."""
        with cls._guard:
            lock = cls._by_path.pop(os.path.realpath(directory), None)
        if lock is not None and lock._fd is not None:
            os.close(lock._fd)
            lock._fd = None

    def _try(self, mode: int, wait_s: float) -> bool:
        assert self._fd is not None and fcntl is not None
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.lockf(self._fd, mode | fcntl.LOCK_NB)
                return True
            except OSError as error:
                if error.errno not in (errno.EACCES, errno.EAGAIN) or time.monotonic() >= deadline:
                    return False
                time.sleep(0.05)

    def share(self, wait_s: float) -> None:
        """Hold the directory open (many processes may), waiting out a writer."""
        with self._mutex:
            if self._fd is None or self._shared or self._depth:  # held exclusively: already ours
                return
            if not self._try(fcntl.LOCK_SH, wait_s):
                msg = (
                    f"store directory {str(self.directory)!r}: another process is writing it "
                    f"(waited {wait_s:g} s); retry when it is done, or {SHARE_HINT}"
                )
                raise StoreError(msg)
            self._shared = True

    @contextmanager
    def exclusive(self, wait_s: float) -> Iterator[None]:
        """Hold the directory alone for a write; other processes must not have it open."""
        with self._mutex:
            if self._fd is None:
                yield
                return
            if self._depth == 0 and not self._try(fcntl.LOCK_EX, wait_s):
                msg = (
                    f"store directory {str(self.directory)!r} is open in another process "
                    f"(waited {wait_s:g} s for it to let go); {SHARE_HINT}"
                )
                raise StoreError(msg)
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0 and self._fd is not None:
                    fcntl.lockf(self._fd, fcntl.LOCK_SH)  # back to shared: never blocks
                    self._shared = True


@contextmanager
def hold_directory(path: str | Path, timeout_s: float = 10.0) -> Iterator[None]:
    """Hold an embedded store directory alone for a whole block (``toolfilter index``).

    A process that knows it will write takes the lock before it opens the store, so that
    two such processes run one after the other instead of waiting on each other's shared
    lock. Other processes that have the directory open make it wait up to ``timeout_s``.

    Raises:
        StoreError: another process keeps the directory open for longer than ``timeout_s``.
    """
    directory = Path(path)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        msg = f"store: cannot create directory {str(directory)!r}: {error.strerror or error}"
        raise StoreError(msg) from None
    with DirectoryLock.of(directory).exclusive(timeout_s):
        yield
