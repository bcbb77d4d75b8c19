"""Writes to a store are ordered and selections never fail while another thread writes.

* Learning from use writes its examples and a stamp, never the registry: a ``record`` that
  overlaps another process's re-index cannot put the older registry back (a server has no
  lock: the overlap is made here by a store that runs the other writer mid-write).
* A sync checks the version at commit: overtaken by another writer, it reads again and
  commits on top of the newer registry, with a newer version.
* One filter serving selections while another thread records and re-lists its tools: no
  selection fails, none serves a registry that mixes two writes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from toolfilter_core import HashingEmbedder, Status, ToolFilter, ToolSpec, UsageMemory
from toolfilter_core.index._records import MemoryRecords, scan
from toolfilter_core.index._tool_index import ToolIndex

BASE = [
    ToolSpec("send_mail", "Send an e-mail message to someone.", category="mail"),
    ToolSpec("read_file", "Read the contents of a text file.", category="files"),
    ToolSpec("get_weather", "Weather forecast for a city.", category="weather"),
    ToolSpec("book_room", "Book a meeting room in the calendar.", category="calendar"),
]
EXTRA = ToolSpec("print_page", "Print a document on the office printer.", category="printer")


class Overlapping:
    """A store shared with another writer, without a lock (a Chroma server): ``then`` runs at the first upsert."""

    def __init__(self, inner: MemoryRecords, then: Callable[[], object]) -> None:
        self.inner = inner
        self.then: Callable[[], object] | None = then
        self.persistent = False

    def upsert(self, records):  # type: ignore[no-untyped-def]
        self.inner.upsert(records)
        if self.then is not None:
            then, self.then = self.then, None
            then()

    def writing(self):  # type: ignore[no-untyped-def]
        return _NoLock()

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self.inner, name)


class _NoLock:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def committed(store: MemoryRecords) -> list[str]:
    return sorted(scan(store.read_info(), store.read(embeddings=False)).manifest or ())


def test_a_record_overlapping_a_re_index_never_puts_the_older_registry_back() -> None:
    shared, embedder = MemoryRecords(), HashingEmbedder()
    other = ToolIndex(shared, embedder)
    other.sync([*BASE, EXTRA])
    learner = ToolIndex(Overlapping(shared, lambda: other.sync(BASE, allow_shrink=True)), embedder)
    learner.load()
    assert EXTRA.name in {t.name for t in learner.tools}
    UsageMemory(learner).record([("mail the report to Ann", "send_mail")])  # the re-index lands mid-write
    assert committed(shared) == sorted(t.name for t in BASE)  # print_page stays removed
    assert [t.name for t in learner.tools] == sorted(t.name for t in BASE)
    assert UsageMemory(learner).examples() == {"send_mail": ["mail the report to Ann"]}


def test_a_sync_overtaken_at_commit_commits_on_top_with_a_newer_version() -> None:
    shared, embedder = MemoryRecords(), HashingEmbedder()
    other = ToolIndex(shared, embedder)
    other.sync(BASE)
    seen: list[str] = []

    def overtake() -> None:
        other.sync([*BASE, EXTRA])
        seen.append(str(shared.read_info()["version"]))

    writer = ToolIndex(Overlapping(shared, overtake), embedder)
    writer.sync(BASE[:3], allow_shrink=True)
    assert committed(shared) == sorted(t.name for t in BASE[:3])
    assert int(shared.read_info()["version"]) > int(seen[0])
    assert [t.name for t in writer.tools] == sorted(t.name for t in BASE[:3])


def test_a_learned_example_reaches_another_process_that_serves_the_store() -> None:
    shared, embedder = MemoryRecords(), HashingEmbedder()
    writer = ToolIndex(shared, embedder)
    writer.sync(BASE)
    reader = ToolIndex(shared, embedder)
    reader.load()
    assert not reader.stale()
    UsageMemory(writer).record([("mail the report to Ann", "send_mail")])
    assert reader.stale()  # the learned stamp changed, the registry's version did not
    reader.load()
    assert not reader.stale() and reader._rows.learned.sum() == 1


@pytest.mark.parametrize("where", ["memory", "directory"])
def test_selections_never_fail_while_another_thread_records_and_re_lists_the_tools(where: str, tmp_path: Path) -> None:
    store = str(tmp_path / "store") if where == "directory" else None
    tf = ToolFilter(BASE, embedder=HashingEmbedder(), store=store)
    failures: list[str] = []
    done = threading.Event()

    def select_until_done(limit: int = 3000) -> None:
        for n in range(limit):  # bounded, whatever the writer does
            if done.is_set() and n > 50:
                return
            selection = tf.select("send an e-mail message to Ann")
            if selection.status is Status.FAILED or "send_mail" not in selection.names:
                failures.append(f"{selection.status}: {selection.names} {selection.notes[:1]}")

    def re_list() -> None:
        for round_ in range(15):
            tf.set_tools([*BASE, EXTRA] if round_ % 2 == 0 else BASE)

    def learn() -> None:
        for round_ in range(15):
            tf.record(f"mail the weekly report number {round_}", "send_mail")

    readers = [threading.Thread(target=select_until_done) for _ in range(2)]
    writers = [threading.Thread(target=re_list), threading.Thread(target=learn)]
    for thread in [*readers, *writers]:
        thread.start()
    for writer in writers:
        writer.join(timeout=300)
    done.set()
    for reader in readers:
        reader.join(timeout=120)
    assert not any(t.is_alive() for t in [*readers, *writers])
    assert failures == []
    assert {t.name for t in tf.snapshot.tools} == {t.name for t in tf.index.tools}
