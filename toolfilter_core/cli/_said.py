"""Which files' index warnings ``select --tools`` has said: kept in the user's cache directory.

``select --tools`` indexes its files on every run, and is run once a request: the count of
what indexing them warns is said on the first run on given content (the tools file, the
profiles file, the config, the version) and not again until one of them changes. What was
said is a short list of hashes in ``said-warnings.json`` in the cache directory
(``cache_dir``), the newest ``KEPT`` kept. The cache is a convenience: a directory that cannot
be written, or a file that cannot be read as such a list, never fails the command; the line
is then said (and the file written anew when it can be).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

__all__ = ["CACHE_ENV", "KEPT", "SAID_FILE", "cache_dir", "content_key", "remember", "said_before"]

CACHE_ENV = "TOOLFILTER_CACHE_DIR"
"""The environment variable naming the cache directory (before ``$XDG_CACHE_HOME/toolfilter``)."""
SAID_FILE = "said-warnings.json"
"""The file in the cache directory that lists the hashes of the files whose warnings were said."""
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
    """The hashes kept, oldest first; empty when the file is missing, unreadable or not such a list."""
    try:
        with open(cache_dir() / SAID_FILE, "rb") as file:
            data = file.read(_MAX_BYTES + 1)
        found = json.loads(data.decode("utf-8")) if len(data) <= _MAX_BYTES else None
    except (OSError, ValueError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return []
    said = found.get("said") if isinstance(found, dict) else None
    if not isinstance(said, list):
        return []
    return [key for key in said if isinstance(key, str) and _HASH.fullmatch(key)]


def said_before(key: str) -> bool:
    """Whether the warnings of ``key`` were said before (and kept)."""
    return key in _said()


def remember(key: str) -> None:
    """Keep ``key`` as said, with the newest ``KEPT`` before it; a cache that cannot be written is left as it is."""
    keys = [k for k in _said() if k != key][-(KEPT - 1) :] + [key]
    text = json.dumps({"said": keys}, indent=0)
    where = cache_dir()
    try:
        where.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=where, prefix=".said-", suffix=".tmp")
    except (OSError, ValueError):
        return
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, where / SAID_FILE)  # whole or not at all: two runs at once keep one list
    except OSError:
        with contextlib.suppress(OSError):
            Path(temporary).unlink(missing_ok=True)
