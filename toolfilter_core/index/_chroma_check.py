"""Damage to an embedded Chroma store: the sqlite check before chromadb opens it, and the panic boundary.

chromadb's Rust code reports some damage by panicking (a ``BaseException``) or by aborting
the process; ``check_sqlite`` refuses such a file first, and ``failure_of`` decides which
caught ``BaseException`` becomes a ``StoreError``.
"""

from __future__ import annotations

from pathlib import Path

from .._exceptions import StoreError

__all__ = [
    "DAMAGE_WORDS",
    "READ_ONLY_HINT",
    "DamagedStore",
    "check_sqlite",
    "excerpt_text",
    "failure_of",
    "is_panic",
    "rebuild_hint",
]

READ_ONLY_HINT = (
    "the store is read-only, and Chroma writes to its directory even to open it: give this process "
    "write access, or copy the directory somewhere writable"
)


def rebuild_hint(directory: str | None) -> str:
    """How to rebuild a damaged store: from a directory (``--store DIR``) or on a server (no directory)."""
    if directory is None:
        return "rebuild it from the registry: toolfilter index TOOLS --chroma-host H --chroma-port P --rebuild"
    return (
        f"rebuild it from the registry: toolfilter index TOOLS --store {directory} --rebuild "
        "(an unreadable directory is kept beside the new one)"
    )


class DamagedStore(StoreError):
    """A store directory Chroma cannot read: ``clear_store`` moves it aside (``index --rebuild``)."""


def failure_of(error: BaseException) -> BaseException:
    """The error to turn into a ``StoreError``; interrupts and exits are raised again.

    chromadb's Rust code reports a damaged store by panicking: ``pyo3_runtime.PanicException``
    derives from ``BaseException``, so ``except Exception`` misses it, and its class cannot
    be imported before the first panic. Any other ``BaseException`` (Ctrl-C, ``SystemExit``,
    a cancelled task) goes on up.
    """
    if isinstance(error, Exception) or is_panic(error):
        return error
    raise error


def is_panic(error: BaseException) -> bool:
    """True for the panic of chromadb's Rust code (``pyo3_runtime.PanicException``)."""
    return type(error).__name__ == "PanicException"


_SYSTEM_TABLES = ("migrations", "collections", "collection_metadata", "segments", "segment_metadata", "tenants")
DAMAGE_WORDS = ("not a database", "malformed", "corrupt", "migration", "no such table", "inconsistent hash")


def check_sqlite(directory: Path, timeout_s: float) -> None:
    """Refuse a damaged ``chroma.sqlite3`` before chromadb's Rust code opens it.

    Some damage makes chromadb abort the whole process (a panic while it reports an
    error whose text is not UTF-8: no Python code runs after it), so the file is checked
    first with Python's own sqlite3, read-only: ``PRAGMA quick_check`` (the b-tree
    structure, linear in the file's size: 0.8 s for a 228 MB file on a 2-core machine,
    about 3.4 s a gigabyte), then every text value of Chroma's small system tables must be
    valid UTF-8 (chromadb panics on one that is not). A file another process is writing
    (locked) is not judged.

    Raises:
        DamagedStore: the file is damaged; the message names the directory and the fix.
    """
    import sqlite3

    database = directory / "chroma.sqlite3"
    if not database.is_file():
        return
    problem: str | None = None
    try:
        connection = sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True, timeout=timeout_s)
    except sqlite3.Error:  # cannot even open it read-only: chromadb will say why
        return
    else:
        try:
            rows = connection.execute("PRAGMA quick_check(1)").fetchall()
            if rows != [("ok",)]:
                problem = str(rows[0][0]) if rows else "quick_check found damage"
            else:
                tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
                for table in _SYSTEM_TABLES:
                    if table in tables:
                        connection.execute(f'SELECT * FROM "{table}"').fetchall()  # decodes every text value
        except sqlite3.OperationalError as error:  # locked, read-only, I/O: not ours to judge
            if any(word in str(error).lower() for word in ("malformed", "not a database", "could not decode")):
                problem = str(error)
        except (sqlite3.DatabaseError, UnicodeDecodeError, ValueError) as error:
            problem = f"{type(error).__name__}: {error}"
        finally:
            connection.close()
    if problem is not None:
        msg = (
            f"store: Chroma directory {str(directory)!r} is damaged ({excerpt_text(problem)}); "
            f"the directory is not a readable Chroma store: {rebuild_hint(str(directory))}"
        )
        raise DamagedStore(msg)


def excerpt_text(text: str, limit: int = 160) -> str:
    """One line of at most ``limit`` characters of an error text (sqlite's can be long)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."
