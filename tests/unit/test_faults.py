"""Faults of the store: a write that fails part-way, a store that goes away, read-only, locked,
corrupt, and a changed embedder. No network and no models: MemoryRecords wrapped to fail on
cue, and real embedded Chroma directories under tmp_path."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
import threading
import time
import uuid

import numpy as np
import pytest

from toolfilter_core import (
    ConfigError,
    EmbedderMismatchError,
    HashingEmbedder,
    SelectionError,
    StoreError,
    ToolFilter,
    ToolSpec,
    load_bundled_tools,
)
from toolfilter_core._tool_defs import bundled_tools_path
from toolfilter_core.cli import main
from toolfilter_core.index._records import SCHEMA, MemoryRecords, Record
from toolfilter_core.index._tool_index import ToolIndex
from toolfilter_core.index.chroma import LOCK_FILE, ChromaRecords

V1 = [
    ToolSpec("mail_send", "Send an email to a contact", category="mail", triggers=("email bob", "write a mail")),
    ToolSpec("mail_read", "Read the inbox", category="mail"),
    ToolSpec("db_query", "Run a SQL query", category="db", triggers=("select rows",)),
    ToolSpec("db_backup", "Back up the database", category="db"),
    ToolSpec("disk_usage", "Report disk usage", category="ops", triggers=("is the disk full",)),
    ToolSpec("old_tool", "Leaves in the next version", category="ops"),
]
# v2: two descriptions change, one tool gains triggers, one loses them, one leaves, one arrives
V2 = [
    ToolSpec("mail_send", "Send an email message to a contact", category="mail", triggers=("email bob",)),
    ToolSpec("mail_read", "Read the inbox", category="mail", triggers=("any new mail", "check my inbox")),
    ToolSpec("db_query", "Run a read-only SQL query", category="db", triggers=("select rows",)),
    ToolSpec("db_backup", "Back up the database", category="db"),
    ToolSpec("disk_usage", "Report disk usage", category="ops"),
    ToolSpec("new_tool", "Arrives in v2", category="ops", triggers=("the new one",)),
]
V2_TEXTS = 10  # records of the changed and new tools: mail_send 2, mail_read 3, db_query 2, disk_usage 1, new_tool 2


class FaultyStore:
    """A RecordStore that passes calls through and fails the ones a test asks for."""

    def __init__(self, inner):
        self.inner = inner
        self.upsert_budget: int | None = None  # records that still fit on the "disk"
        self.failing: set[str] = set()  # operations that raise
        self.calls: dict[str, int] = {}

    def _enter(self, op):
        self.calls[op] = self.calls.get(op, 0) + 1
        if op in self.failing:
            raise StoreError(f"store {self.describe()}: cannot {op}: simulated failure")

    def read_info(self):
        self._enter("read_info")
        return self.inner.read_info()

    def write_info(self, info):
        self._enter("write_info")
        self.inner.write_info(info)

    def read(self, *, embeddings):
        self._enter("read")
        return self.inner.read(embeddings=embeddings)

    def upsert(self, records):
        self._enter("upsert")
        if self.upsert_budget is not None:
            fits = list(records)[: self.upsert_budget]
            self.inner.upsert(fits)
            self.upsert_budget -= len(fits)
            if len(fits) < len(records):
                raise StoreError(
                    f"store {self.describe()}: cannot write records: OperationalError: database or disk is full"
                )
            return
        self.inner.upsert(records)

    def delete(self, ids):
        self._enter("delete")
        self.inner.delete(ids)

    def get(self, ids, *, embeddings=False):
        self._enter("get")
        return self.inner.get(ids, embeddings=embeddings)

    def reset(self):
        self._enter("reset")
        self.inner.reset()

    def describe(self):
        return "faulty memory"

    def writing(self):
        return self.inner.writing()


def as_dicts(tools):
    return sorted((t.to_dict() for t in tools), key=lambda d: d["name"])


def vectors_per_tool(index):
    return {t.name: int((index._rows.owner == i).sum()) for i, t in enumerate(index.tools)}


def expected_vectors(tools):
    return {t.name: 1 + len(t.triggers) for t in tools}


def tool_records(store):
    return [r for r in store.read(embeddings=False) if r.metadata["kind"] != "manifest"]


# ----- a write that fails part-way (disk full, server gone) -----


@pytest.mark.parametrize(
    ("budget", "failing"),
    [
        pytest.param(0, set(), id="disk-full-before-the-first-record"),
        pytest.param(1, set(), id="disk-full-after-one-record"),
        pytest.param(5, set(), id="disk-full-mid-tool"),
        pytest.param(V2_TEXTS, set(), id="disk-full-at-the-manifest"),
        pytest.param(None, {"write_info"}, id="commit-fails"),
    ],
)
def test_a_failed_index_leaves_the_previous_registry_and_a_retry_completes(budget, failing):
    inner = MemoryRecords()
    embedder = HashingEmbedder()
    ToolIndex(inner, embedder).sync(V1)
    loaded = ToolIndex(inner, embedder)
    loaded.load()

    faulty = FaultyStore(inner)
    faulty.upsert_budget = budget
    faulty.failing = set(failing)
    with pytest.raises(StoreError, match="disk is full|simulated failure"):
        ToolIndex(faulty, embedder).sync(V2)

    # a reader that was serving keeps serving v1: the version stamp did not move
    assert not loaded.stale()
    # a reader that starts now assembles exactly v1, every tool with all its vectors
    fresh = ToolIndex(inner, embedder)
    fresh.load()
    assert as_dicts(fresh.tools) == as_dicts(V1)
    assert vectors_per_tool(fresh) == expected_vectors(V1)

    # the retry embeds only what the failed run did not write completely
    retry = ToolIndex(inner, embedder).sync(V2)
    assert (retry.added, retry.updated, retry.removed, retry.unchanged) == (1, 4, 1, 1)
    assert retry.texts_embedded <= V2_TEXTS
    if budget == V2_TEXTS or failing:
        assert retry.texts_embedded == 0  # every v2 record was already written
    fresh.load()
    assert as_dicts(fresh.tools) == as_dicts(V2)
    assert vectors_per_tool(fresh) == expected_vectors(V2)
    # and nothing of v1 is left behind
    assert len(tool_records(inner)) == sum(expected_vectors(V2).values())


def test_a_failed_clean_up_still_commits_and_the_next_writing_index_removes_the_leftovers():
    inner = MemoryRecords()
    embedder = HashingEmbedder()
    ToolIndex(inner, embedder).sync(V1)
    faulty = FaultyStore(inner)
    faulty.failing = {"delete"}
    report = ToolIndex(faulty, embedder).sync(V2)  # committed; the old records stay for now
    assert report.added == 1
    fresh = ToolIndex(inner, embedder)
    fresh.load()
    assert as_dicts(fresh.tools) == as_dicts(V2)
    assert len(tool_records(inner)) > sum(expected_vectors(V2).values())
    # a sync that changes nothing writes nothing (it must not delete what a concurrent writer
    # has written but not committed yet), so the leftovers wait for the next sync that writes
    again = ToolIndex(inner, embedder).sync(V2)
    assert again.texts_embedded == 0
    v3 = [*V2, ToolSpec("third", "One more tool")]
    ToolIndex(inner, embedder).sync(v3)
    assert len(tool_records(inner)) == sum(expected_vectors(v3).values())


def test_a_reader_mid_write_never_assembles_a_half_written_tool():
    """Every prefix of a v1 -> v2 write: a reader sees exactly v1 or exactly v2."""
    embedder = HashingEmbedder()
    source = MemoryRecords()
    ToolIndex(source, embedder).sync(V1)
    operations = []

    class Recorder(FaultyStore):
        def upsert(self, records):
            operations.append(("upsert", list(records)))
            super().upsert(records)

        def delete(self, ids):
            operations.append(("delete", list(ids)))
            super().delete(ids)

        def write_info(self, info):
            operations.append(("info", dict(info)))
            super().write_info(info)

    ToolIndex(Recorder(source), embedder).sync(V2)
    # replay the write one record (or one info write) at a time onto a copy of v1
    steps = []
    for op, payload in operations:
        if op == "info":
            steps.append(("info", payload))
        else:
            steps.extend((op, [item]) for item in payload)
    for cut in range(len(steps) + 1):
        store = MemoryRecords()
        ToolIndex(store, embedder).sync(V1)
        for op, payload in steps[:cut]:
            if op == "info":
                store.write_info(payload)
            elif op == "upsert":
                store.upsert(payload)
            else:
                store.delete(payload)
        reader = ToolIndex(store, embedder)
        reader.load()
        seen = as_dicts(reader.tools)
        assert seen in (as_dicts(V1), as_dicts(V2)), f"after {cut} steps"
        version = V1 if seen == as_dicts(V1) else V2
        assert vectors_per_tool(reader) == expected_vectors(version), f"after {cut} steps"


def test_a_store_that_never_settles_serves_complete_tools_and_reads_again(caplog):
    embedder = HashingEmbedder()
    store = MemoryRecords()
    ToolIndex(store, embedder).sync(V1)
    # a broken writer: the records of one tool of the committed manifest are gone
    doomed = [r.id for r in store.read(embeddings=False) if r.metadata.get("tool") == "db_query"]
    store.delete(doomed)
    reader = ToolIndex(store, embedder)
    reader.load()
    assert "db_query" not in [t.name for t in reader.tools]
    assert vectors_per_tool(reader) == expected_vectors([t for t in V1 if t.name != "db_query"])
    assert "did not settle" in caplog.text
    assert reader.stale()  # so the next check reads it again


# ----- a reader caches, and notices a re-index by the version stamp -----


def test_a_reader_does_not_read_the_store_per_query():
    tf = ToolFilter(V1, embedder=HashingEmbedder(), config={"enabled": True}, refresh_interval=3600)
    counting = FaultyStore(tf.index.store)
    tf.index.store = counting
    for query in ["email bob", "select rows", "is the disk full"] * 20:
        tf.select(query)
    assert counting.calls == {}  # not even the version stamp: the interval has not passed


def test_a_reader_picks_up_a_re_index_after_the_interval(monkeypatch):
    import toolfilter_core._filter as selector

    clock = [1000.0]
    monkeypatch.setattr(selector.time, "monotonic", lambda: clock[0])
    reader = ToolFilter(V1, embedder=HashingEmbedder(), config={"enabled": True}, refresh_interval=2.0)
    counting = FaultyStore(reader.index.store)
    reader.index.store = counting
    writer = ToolIndex(counting.inner, HashingEmbedder())
    writer.sync(V2)  # another process re-indexes

    clock[0] += 1.0  # within the interval: the old registry, no store access at all
    assert reader.select("new_tool").names != ["new_tool"]
    assert counting.calls == {}
    clock[0] += 1.5  # past the interval: one stamp check and one full read
    assert reader.select("new_tool").names == ["new_tool"]
    # stale() and load() each read the stamp; load() reads the learned stamp (one record) first
    assert counting.calls == {"read_info": 2, "get": 1, "read": 1}
    for query in ["email bob", "select rows"] * 10:
        reader.select(query)
    assert counting.calls["read"] == 1  # still one: the new registry is cached


class SlowStore(FaultyStore):
    """Reads of the records wait until the test lets them through: a very large registry."""

    def __init__(self, inner):
        super().__init__(inner)
        self.release = threading.Event()

    def read(self, *, embeddings):
        self._enter("read")
        assert self.release.wait(10), "the test never released the read"
        return self.inner.read(embeddings=embeddings)


def test_a_slow_reload_runs_in_the_background_and_swaps_in_whole():
    reader = ToolFilter(V1, embedder=HashingEmbedder(), config={"enabled": True}, refresh_interval=0.0, reload_wait=0.0)
    slow = SlowStore(reader.index.store)
    reader.index.store = slow
    ToolIndex(slow.inner, HashingEmbedder()).sync(V2)  # another process re-indexes

    # the reload is stuck reading: selections go on, from the registry loaded before
    for _ in range(3):
        assert reader.select("new_tool").names != ["new_tool"]
        assert [t.name for t in reader.tools] == [t.name for t in V1]
    assert slow.calls["read"] == 1  # one reload in flight, not one per selection

    slow.release.set()
    reader._reload.done.wait(10)
    assert reader.select("new_tool").names == ["new_tool"]  # swapped in at the next selection
    assert sorted(t.name for t in reader.tools) == sorted(t.name for t in V2)
    assert reader.index is reader._snapshot.index  # index and registry swapped together


class SlowStampStore(FaultyStore):
    """Reading the version stamp waits until the test lets it through: a slow server."""

    def __init__(self, inner):
        super().__init__(inner)
        self.release = threading.Event()

    def read_info(self):
        self._enter("read_info")
        assert self.release.wait(10), "the test never released read_info"
        return self.inner.read_info()


def test_selections_in_other_threads_do_not_queue_behind_a_stamp_check_or_start_their_own():
    reader = ToolFilter(V1, embedder=HashingEmbedder(), config={"enabled": True}, refresh_interval=0.0)
    slow = SlowStampStore(reader.index.store)
    reader.index.store = slow
    ToolIndex(slow.inner, HashingEmbedder()).sync(V2)

    checking = threading.Thread(target=reader.select, args=("email bob",))
    checking.start()  # stuck reading the version stamp
    while slow.calls.get("read_info", 0) == 0:
        time.sleep(0.01)
    names = []
    workers = [threading.Thread(target=lambda: names.append(reader.select("email bob").names)) for _ in range(8)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(10)
    assert len(names) == 8 and all(names)  # all served from memory while the check is stuck
    assert slow.calls["read_info"] == 1  # and none of them checked the store again
    slow.release.set()
    checking.join(10)
    assert sorted(t.name for t in reader.tools) == sorted(t.name for t in V2)


def test_a_reload_that_breaks_is_reported_by_the_selecting_thread():
    config = {"enabled": True, "fallback_to_empty": False}
    reader = ToolFilter(V1, embedder=HashingEmbedder(), config=config, refresh_interval=0.0)
    broken = FaultyStore(reader.index.store)
    reader.index.store = broken
    ToolIndex(broken.inner, HashingEmbedder()).sync(V2)

    def read(*, embeddings):
        raise RuntimeError("a bug while reading")

    broken.read = read
    with pytest.raises(SelectionError, match="RuntimeError: a bug while reading"):
        reader.select("email bob")


# ----- the store goes away under a loaded filter -----


@pytest.mark.parametrize("fallback_to_empty", [True, False])
def test_a_loaded_filter_keeps_serving_when_the_store_goes_away(fallback_to_empty, caplog):
    config = {"enabled": True, "fallback_to_empty": fallback_to_empty}
    tf = ToolFilter(V1, embedder=HashingEmbedder(), config=config, refresh_interval=0.0)
    before = tf.select("email bob").names
    flaky = FaultyStore(tf.index.store)
    tf.index.store = flaky
    flaky.failing = {"read_info", "read"}  # the server is down
    during = tf.select("email bob")
    assert during.names == before
    assert any("store unavailable" in note for note in during.notes)
    assert "serving the registry in memory" in caplog.text
    flaky.failing = set()  # back up
    after = tf.select("email bob")
    assert after.names == before and not any("store unavailable" in n for n in after.notes)


def test_a_reload_that_fails_half_way_keeps_the_old_registry():
    tf = ToolFilter(V1, embedder=HashingEmbedder(), config={"enabled": True}, refresh_interval=0.0)
    flaky = FaultyStore(tf.index.store)
    tf.index.store = flaky
    ToolIndex(flaky.inner, HashingEmbedder()).sync(V2)  # the stamp moves ...
    flaky.failing = {"read"}  # ... but the records cannot be read
    selection = tf.select("email bob")
    assert [t.name for t in tf.tools] == [t.name for t in V1]
    assert selection.names and any("store unavailable" in n for n in selection.notes)


def test_an_embedder_failure_follows_fallback_to_empty():
    class Broken(HashingEmbedder):
        fail = False

        def embed_queries(self, texts):
            if self.fail:
                raise RuntimeError("model crashed")
            return super().embed_queries(texts)

    embedder = Broken()
    quiet = ToolFilter(V1, embedder=embedder, config={"enabled": True})
    loud = ToolFilter(V1, embedder=embedder, config={"enabled": True, "fallback_to_empty": False})
    embedder.fail = True
    assert quiet.select("email bob").names == []
    with pytest.raises(SelectionError, match="model crashed"):
        loud.select("email bob")


# ----- what ChromaRecords tells the user -----


@pytest.mark.parametrize(
    ("error", "hint"),
    [
        pytest.param(PermissionError(13, "Permission denied"), "read-only", id="read-only"),
        pytest.param(RuntimeError("attempt to write a readonly database"), "read-only", id="sqlite-read-only"),
        pytest.param(RuntimeError("database or disk is full"), "disk is full", id="disk-full"),
        pytest.param(RuntimeError("database is locked"), "Chroma server", id="locked"),
        pytest.param(TimeoutError("timed out"), "store.timeout_s", id="slow-server"),
        pytest.param(RuntimeError("Error getting embedding"), "--rebuild", id="damaged"),
    ],
)
def test_chroma_write_errors_become_store_errors_with_a_hint(error, hint):
    import chromadb
    from chromadb.config import Settings

    client = chromadb.EphemeralClient(settings=Settings(anonymized_telemetry=False))
    records = ChromaRecords(client, f"faults-{uuid.uuid4().hex[:8]}")
    records._create()  # opening creates nothing; the first write does

    def fail(**_):
        raise error

    records._collection.upsert = fail
    record = Record("a", {"tool": "a", "kind": "doc"}, "{}", np.ones(4, dtype=np.float32))
    with pytest.raises(StoreError, match="cannot write records") as caught:
        records.upsert([record])
    assert hint in str(caught.value)
    assert "chroma collection" in str(caught.value)


# ----- stores another process holds (embedded directories) -----


def hold_lock(directory, mode):
    """A child process that holds the store's lock file, as another toolfilter process would."""
    script = textwrap.dedent(
        f"""
        import fcntl, os, sys, time
        fd = os.open({str(directory / LOCK_FILE)!r}, os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.lockf(fd, fcntl.{mode})
        print("held", flush=True)
        sys.stdin.read()
        """
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "held"
    return child


def release(child):
    child.stdin.close()
    child.wait(timeout=10)


def test_writing_a_directory_another_process_has_open_is_refused_clearly(tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    reader = hold_lock(store, "LOCK_SH")  # another process serving from the directory
    try:
        with pytest.raises(StoreError, match="open in another process.*Chroma server"):
            ToolFilter(V1, store=store, embedder=HashingEmbedder(), config={"store": {"timeout_s": 0.3}})
    finally:
        release(reader)
    tf = ToolFilter(V1, store=store, embedder=HashingEmbedder(), config={"store": {"timeout_s": 0.3}})
    assert len(tf.tools) == len(V1)


def test_opening_a_directory_another_process_is_writing_waits_then_says_so(tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    writer = hold_lock(store, "LOCK_EX")
    try:
        with pytest.raises(StoreError, match="another process is writing it"):
            ToolFilter(V1, store=store, embedder=HashingEmbedder(), config={"store": {"timeout_s": 0.3}})
    finally:
        release(writer)


def test_reading_needs_no_exclusive_lock(tmp_path):
    store = tmp_path / "store"
    ToolFilter(V1, store=store, embedder=HashingEmbedder())
    reader = hold_lock(store, "LOCK_SH")
    try:  # nothing changed: syncing the same registry writes nothing, so it is allowed
        tf = ToolFilter(V1, store=store, embedder=HashingEmbedder(), config={"store": {"timeout_s": 0.3}})
        assert tf.last_report.unchanged == len(V1)
    finally:
        release(reader)


# ----- corrupt, legacy and other-embedder stores -----


def test_a_corrupt_record_is_a_store_error_naming_it():
    store = MemoryRecords()
    ToolIndex(store, HashingEmbedder()).sync(V1)
    doc = next(r for r in store.read(embeddings=True) if r.metadata.get("tool") == "db_backup")
    store.upsert([Record(doc.id, doc.metadata, "{not json", doc.embedding)])
    with pytest.raises(StoreError, match=r"is corrupt.*rebuild"):
        ToolIndex(store, HashingEmbedder()).load()


def test_a_store_of_the_older_layout_is_rebuilt_by_index_and_refused_by_open():
    store = MemoryRecords()
    store.upsert([Record("x:doc:0", {"tool": "x", "kind": "doc", "hash": "h"}, "{}", np.ones(256, np.float32))])
    store.write_info({"embedder": "hashing-256", "version": "1", "tools": 1})  # layout 1: no schema key
    with pytest.raises(StoreError, match="older toolfilter"):
        ToolIndex(store, HashingEmbedder()).load()
    report = ToolIndex(store, HashingEmbedder()).sync(V1)
    assert report.rebuilt and store.read_info()["schema"] == SCHEMA


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_corrupt_directory_is_rebuilt_from_the_registry_through_the_cli(capsys, tmp_path):
    tools = str(bundled_tools_path())
    store = tmp_path / "store"
    assert run(capsys, "index", tools, "--store", store, "--embedder", "hashing", "--no-progress")[0] == 0
    (store / "chroma.sqlite3").write_bytes(b"garbage" * 10_000)
    code, _, err = run(capsys, "select", "run the tests", "--store", store, "--embedder", "hashing")
    assert code == 2 and "not a readable Chroma store" in err and "--rebuild" in err
    code, out, _ = run(capsys, "index", tools, "--store", store, "--embedder", "hashing", "--no-progress", "--rebuild")
    assert code == 0 and "moved the unreadable store" in out and "48 added" in out
    assert len(list(tmp_path.glob("store.broken-*"))) == 1  # kept, not deleted
    code, out, _ = run(capsys, "select", "run_tests", "--store", store, "--embedder", "hashing")
    assert code == 0 and out.split() == ["run_tests"]


def test_rebuild_re_embeds_everything_on_a_healthy_store(capsys, tmp_path):
    tools = str(bundled_tools_path())
    store = tmp_path / "store"
    run(capsys, "index", tools, "--store", store, "--embedder", "hashing", "--no-progress")
    code, out, _ = run(capsys, "index", tools, "--store", store, "--embedder", "hashing", "--no-progress", "--rebuild")
    assert code == 0 and "dropped chroma collection" in out and "48 added" in out


def test_rebuild_refuses_a_directory_that_is_not_a_chroma_store(capsys, tmp_path):
    tools = str(bundled_tools_path())
    store = tmp_path / "mine"
    store.mkdir()
    (store / "notes.txt").write_text("precious")
    (store / "chroma.sqlite3").mkdir()  # cannot be opened, and is not a database file
    code, _, err = run(capsys, "index", tools, "--store", store, "--embedder", "hashing", "--no-progress", "--rebuild")
    assert code == 2
    assert (store / "notes.txt").read_text() == "precious"


def test_an_embedder_change_is_detected_through_the_cli(capsys, tmp_path, monkeypatch):
    from toolfilter_core import _embedders

    monkeypatch.setitem(_embedders._FACTORIES, "hashing64", lambda: HashingEmbedder(64))
    tools = str(bundled_tools_path())
    store = tmp_path / "store"
    assert run(capsys, "index", tools, "--store", store, "--embedder", "hashing", "--no-progress")[0] == 0
    code, _, err = run(capsys, "select", "run the tests", "--store", store, "--embedder", "hashing64")
    assert code == 2 and "'hashing-256'" in err and "'hashing-64'" in err and "re-index" in err
    strict = tmp_path / "strict.yaml"
    strict.write_text("store: {on_embedder_change: error}\n")
    code, _, err = run(
        capsys, "index", tools, "--store", store, "--embedder", "hashing64", "--config", strict, "--no-progress"
    )
    assert code == 2 and "built with embedder 'hashing-256'" in err
    code, out, _ = run(capsys, "index", tools, "--store", store, "--embedder", "hashing64", "--no-progress")
    assert code == 0 and "rebuilt" in out and "48 added" in out
    code, out, _ = run(capsys, "select", "run_tests", "--store", store, "--embedder", "hashing64")
    assert code == 0 and out.split() == ["run_tests"]


def test_an_embedder_change_is_refused_by_the_api_when_asked():
    store = MemoryRecords()
    ToolIndex(store, HashingEmbedder(64)).sync(V1)
    with pytest.raises(EmbedderMismatchError):
        ToolIndex(store, HashingEmbedder(32), on_embedder_change="error").sync(V1)


# ----- policy flags of the CLI -----


def test_select_policy_flags(capsys, tmp_path):
    rows = [
        {"name": "list_files", "description": "List files", "annotations": {"readOnlyHint": True}},
        {"name": "delete_files", "description": "Delete files", "annotations": {"destructiveHint": True}},
        {"name": "admin_files", "description": "Admin files", "tags": ["admin"], "annotations": {"readOnlyHint": True}},
    ]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows))
    base = ["select", "files", "--tools", path, "--embedder", "hashing", "--config", tmp_path / "c.yaml", "--json"]
    (tmp_path / "c.yaml").write_text("enabled: false\ntop_k: 3\n")
    names = lambda out: [s["name"] for s in json.loads(out)["selected"]]  # noqa: E731
    assert set(names(run(capsys, *base)[1])) == {"list_files", "delete_files", "admin_files"}
    assert set(names(run(capsys, *base, "--read-only")[1])) == {"list_files", "admin_files"}
    assert names(run(capsys, *base, "--read-only", "--block-tag", "admin")[1]) == ["list_files"]
    assert run(capsys, "select", "delete_files", "--tools", path, "--embedder", "hashing", "--read-only")[1] == ""


def test_bundled_kit_survives_a_round_trip_through_a_real_directory(tmp_path):
    store = tmp_path / "store"
    ToolFilter(load_bundled_tools(), store=store, embedder=HashingEmbedder())
    opened = ToolFilter.open(store=store, embedder=HashingEmbedder())
    assert as_dicts(opened.tools) == as_dicts(load_bundled_tools())
    assert vectors_per_tool(opened.index) == expected_vectors(load_bundled_tools())


# ----- a read-only store (we run as root, so chmod does not stop writes: the file is made immutable) -----


@pytest.fixture
def immutable():
    """Make files immutable with chattr +i (root in a container may); undone afterwards."""
    made = []

    def make(path):
        if shutil.which("chattr") is None:
            pytest.skip("chattr is not available")
        out = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
        if out.returncode != 0:
            pytest.skip(f"cannot make files immutable here: {out.stderr.strip()}")
        made.append(path)

    try:
        yield make
    finally:
        for path in made:
            subprocess.run(["chattr", "-i", str(path)], check=False)


def test_a_read_only_store_is_a_clear_error_and_a_loaded_filter_keeps_serving(capsys, tmp_path, immutable):
    store = tmp_path / "store"
    tf = ToolFilter(V1, store=store, embedder=HashingEmbedder(), config={"enabled": True}, refresh_interval=0.0)
    before = tf.select("email bob").names
    immutable(store / "chroma.sqlite3")
    # the process that has it open keeps serving; a write fails whole, and nothing changes
    # SQLite says "disk I/O error" or "attempt to write a readonly database" (the timing decides): both name it
    with pytest.raises(StoreError, match=r"disk refused the write: the store's files are read-only|store is read-only"):
        tf.set_tools(V2)
    assert tf.select("email bob").names == before
    assert [t.name for t in tf.tools] == [t.name for t in V1]
    # a new process cannot even open it: Chroma writes to its directory when it opens it
    script = (
        "from toolfilter_core import ToolFilter, HashingEmbedder, StoreError\n"
        f"try:\n    ToolFilter.open(store={str(store)!r}, embedder=HashingEmbedder())\n"
        "except StoreError as error:\n    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert "read-only" in out.stdout and "write access" in out.stdout


def test_an_empty_store_path_is_refused_and_creates_nothing_in_the_current_directory(tmp_path, monkeypatch):
    # Failed on fb957fc: ToolFilter.open("") made chroma.sqlite3 and .toolfilter.lock in the current directory.
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=r"store: got '', an empty path .*allowed: a directory path"):
        ToolFilter.open("", embedder=HashingEmbedder())
    with pytest.raises(ConfigError, match="store: got ''"):
        ToolFilter([ToolSpec("get_time", "Tell the time.")], store="", embedder=HashingEmbedder())
    assert not list(tmp_path.iterdir())


def test_opening_a_store_directory_that_does_not_exist_is_refused_and_creates_nothing(tmp_path):
    missing = tmp_path / "nowhere"
    with pytest.raises(StoreError, match="does not exist"):
        ToolFilter.open(store=missing, embedder=HashingEmbedder())
    with pytest.raises(StoreError, match="does not exist"):  # the same from the config's store.path
        ToolFilter.open(config={"store": {"path": str(missing)}}, embedder=HashingEmbedder())
    assert not missing.exists()
