"""What the library warns of the same tools and profiles once a process, keyed by their content.

A web app that builds a retriever and a middleware over one registry, or opens the store a
filter just wrote, builds the same index more than once: each would say what indexing finds of
the tools and profiles (a near miss left out, profile requests ignored, tools without a profile)
again. ``first_time`` keeps a hash of each warning said with the content it is about, so the
same words about the same content are said once; a changed file is other content, said again.
The command line runs each command with a memory of its own (``own_memory``): it has its own
once-for-these-files rule (``cli._warnings``).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["first_time", "forget", "own_memory"]

_SAID: set[str] = set()
"""The hashes of the warnings said in this process, each with the content it is about."""
_LOCK = threading.Lock()
_MEMORY: ContextVar[set[str] | None] = ContextVar("toolfilter_said_once", default=None)


def first_time(parts: Iterable[str]) -> bool:
    """Whether the warning ``parts`` name (its words, a hash of the content it is about) is new here; kept as said."""
    digest = hashlib.sha256("\x00".join(parts).encode("utf-8", "surrogatepass")).hexdigest()
    memory = _MEMORY.get()
    said = _SAID if memory is None else memory
    with _LOCK:
        if digest in said:
            return False
        said.add(digest)
    return True


def forget() -> None:
    """Forget what was said (a test's process of its own)."""
    with _LOCK:
        _SAID.clear()


@contextmanager
def own_memory() -> Iterator[None]:
    """Inside, what is said once is remembered apart, and forgotten after (one command line run)."""
    token = _MEMORY.set(set())
    try:
        yield
    finally:
        _MEMORY.reset(token)
