"""A damaged store is a StoreError naming the directory and the fix, and --rebuild recovers (issue 14, defect 1).

chromadb's Rust code reports some damage by panicking (``pyo3_runtime.PanicException``, a
``BaseException`` that ``except Exception`` misses), and some by aborting the process while it
formats an error whose text is not UTF-8. toolfilter checks the file with Python's sqlite3
before chromadb opens it, and turns any panic at the store boundary into a ``StoreError``.
"""

from __future__ import annotations

import shutil
import sqlite3
import uuid
from typing import Any

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, StoreError, ToolFilter
from toolfilter_core._tool_defs import bundled_tools_path
from toolfilter_core.cli import main
from toolfilter_core.index._records import Record
from toolfilter_core.index.chroma import ChromaRecords

TOOLS = str(bundled_tools_path())


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def indexed(capsys, tmp_path):
    """A store indexed in another directory, copied: chromadb caches each directory it opened in this process."""
    built = tmp_path / "built"
    assert run(capsys, "index", TOOLS, "--store", built, "--embedder", "hashing", "--no-progress")[0] == 0
    store = tmp_path / "store"
    shutil.copytree(built, store)
    return store


def spoil(store, sql):
    connection = sqlite3.connect(store / "chroma.sqlite3")
    connection.execute(sql)
    connection.commit()
    connection.close()


@pytest.mark.parametrize(
    "sql",
    [
        # chromadb 1.5.9 panics in its Rust start-up on this (ColumnDecode ... Utf8Error)
        pytest.param("UPDATE migrations SET filename = CAST(x'66ff6f' AS TEXT) WHERE version = 1", id="migrations"),
        # ... and on this one when it opens the collection
        pytest.param(
            "UPDATE collection_metadata SET str_value = CAST(x'66ff6f' AS TEXT) WHERE key = 'toolfilter:version'",
            id="collection-metadata",
        ),
    ],
)
def test_a_store_chroma_panics_on_is_a_store_error_and_rebuild_recovers(capsys, tmp_path, sql):
    store = indexed(capsys, tmp_path)
    spoil(store, sql)
    with pytest.raises(
        StoreError, match=r"Chroma directory .* is damaged .*not a readable Chroma store.*--rebuild"
    ) as caught:
        ToolFilter.open(store=store, embedder=HashingEmbedder())
    assert str(store) in str(caught.value)
    code, out, err = run(capsys, "select", "run the tests", "--store", store, "--embedder", "hashing")
    assert code == 2 and out == "" and "Traceback" not in err and str(store) in err and "--rebuild" in err
    code, out, err = run(
        capsys, "index", TOOLS, "--store", store, "--embedder", "hashing", "--no-progress", "--rebuild"
    )
    assert code == 0, err
    assert "moved the unreadable store" in out and "48 added" in out
    (aside,) = tmp_path.glob("store.broken-*")
    assert str(aside) in out and (aside / "chroma.sqlite3").exists()  # kept, and the message says where
    code, out, _ = run(capsys, "select", "run_tests", "--store", store, "--embedder", "hashing")
    assert code == 0 and out.split() == ["run_tests"]


class PanicException(BaseException):
    """Stands in for ``pyo3_runtime.PanicException`` (it cannot be imported before a panic)."""


@pytest.mark.parametrize("method", ["get", "count", "upsert", "modify"])
def test_a_panic_at_the_store_boundary_is_a_store_error(method):
    import chromadb
    from chromadb.config import Settings

    client = chromadb.EphemeralClient(settings=Settings(anonymized_telemetry=False))
    records = ChromaRecords(client, f"panic-{uuid.uuid4().hex[:8]}")
    collection = records._create()

    def panic(*_, **__):
        raise PanicException("called `Result::unwrap()` on an `Err` value: ColumnDecode")

    setattr(collection, method, panic)
    collection.count = panic if method in ("get", "count") else collection.count
    record = Record("a", {"tool": "a", "kind": "doc"}, "{}", np.ones(4, dtype=np.float32))
    with pytest.raises(StoreError, match="PanicException.*damaged"):
        if method == "upsert":
            records.upsert([record])
        elif method == "modify":
            records.write_info({"version": "1"})
        else:
            records.read(embeddings=False)


def test_an_interrupt_is_not_swallowed_at_the_store_boundary():
    import chromadb
    from chromadb.config import Settings

    client = chromadb.EphemeralClient(settings=Settings(anonymized_telemetry=False))
    records = ChromaRecords(client, f"interrupt-{uuid.uuid4().hex[:8]}")
    collection = records._create()

    def interrupt(*_, **__):
        raise KeyboardInterrupt

    collection.count = interrupt
    with pytest.raises(KeyboardInterrupt):
        records.read(embeddings=False)


def test_a_collection_dropped_while_its_records_are_paged_is_an_error_not_none() -> None:
    # Failed on fb957fc: the pages read were thrown away and get() said no record exists ([]).
    import chromadb
    from chromadb.config import Settings

    client = chromadb.EphemeralClient(settings=Settings(anonymized_telemetry=False))
    name = f"dropped-{uuid.uuid4().hex[:8]}"
    records = ChromaRecords(client, name)
    records.page_size = 2
    ids = [f"r{i}" for i in range(5)]
    records.upsert([Record(i, {"tool": i, "kind": "doc"}, "{}", np.ones(4, dtype=np.float32)) for i in ids])
    assert len(records.get(ids)) == 5
    collection = records._create()
    real = collection.get
    pages: list[int] = []

    def dropped_after_a_page(*args: Any, **kwargs: Any) -> Any:
        if pages:
            client.delete_collection(name)
        pages.append(1)
        return real(*args, **kwargs)

    collection.get = dropped_after_a_page
    with pytest.raises(StoreError, match="read records"):
        records.get(ids)
    assert len(pages) == 2
