"""Several processes on one registry: readers select while a writer re-indexes (Chroma server),
and index or record runs that overlap on one embedded directory.

The writer rewrites every tool each round (new description, a changing number of trigger
phrases, one tool that comes and goes), so a reader that assembled a half-written tool, or a
mix of two rounds, would see it. Readers read the store in small pages (37 records) so that
the writer's deletes shift the pages under them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from toolfilter_core import HashingEmbedder, StoreError, ToolFilter, ToolSpec, UsageMemory
from toolfilter_core._tool_defs import bundled_tools_path

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
N = 40
ROUNDS = 12
TOPICS = ["mail", "calendar", "disk", "database", "weather", "git", "invoice", "ticket", "photo", "printer"]
QUERIES = ["send a mail to the team", "is the disk full", "book a calendar slot", "query the database", "odd tool"]


def make_tools(revision: int) -> list[ToolSpec]:
    """The registry of one writer round: every tool's text and trigger count depend on it."""
    tools = []
    for i in range(N):
        topic = TOPICS[i % len(TOPICS)]
        triggers = tuple(f"{topic} request {j} of tool {i} at revision {revision}" for j in range((i + revision) % 3))
        description = f"Handles {topic} task number {i}; revision {revision}"
        tools.append(ToolSpec(f"tool_{i:02d}", description, category=topic, triggers=triggers))
    if revision % 2:
        tools.append(ToolSpec("odd_tool", f"Only in odd revisions; revision {revision}", category="odd"))
    return tools


def revision_of(tool: ToolSpec) -> int:
    return int(re.search(r"revision (\d+)", tool.description).group(1))


def check(tf, selection) -> str | None:
    """What is wrong with the registry the filter serves, or None."""
    reg, index = tf._snapshot, tf.index
    revisions = {revision_of(t) for t in reg.tools}
    if len(revisions) != 1:
        return f"a mix of revisions {sorted(revisions)}"
    revision = revisions.pop()
    expected = {t.name: t.to_dict() for t in make_tools(revision)}
    served = {t.name: t.to_dict() for t in reg.tools}
    if served != expected:
        return f"revision {revision}: tools differ from what the writer wrote ({sorted(set(expected) ^ set(served))})"
    for position, tool in enumerate(index.tools):
        vectors = int((index._rows.owner == position).sum())
        if vectors != 1 + len(tool.triggers):
            return f"{tool.name} at revision {revision} has {vectors} vectors, expected {1 + len(tool.triggers)}"
    for scored in selection.selected:
        if expected.get(scored.name) != scored.tool.to_dict():
            return f"selected {scored.name!r} is not a complete tool of revision {revision}"
    return None


def reader_main(host: str, port: int, stop: str, out: str) -> None:
    from toolfilter_core.index.chroma import ChromaRecords

    ChromaRecords.page_size = 37
    tf = ToolFilter(client=_client(host, port), embedder=HashingEmbedder(), config={"enabled": True})
    tf.refresh_interval = 0.0  # check the version stamp on every select
    selects, revisions, problems = 0, set(), []
    Path(out + ".ready").touch()
    while not os.path.exists(stop):
        for query in QUERIES:
            selection = tf.select(query)
            selects += 1
            problem = check(tf, selection)
            if problem:
                problems.append(problem)
            revisions.add(revision_of(tf._snapshot.tools[0]))
    Path(out).write_text(json.dumps({"selects": selects, "revisions": sorted(revisions), "problems": problems[:20]}))


def writer_main(host: str, port: int, stop: str, pause: float = 0.05) -> None:
    tf = ToolFilter(client=_client(host, port), embedder=HashingEmbedder(), config={"enabled": True})
    try:
        for revision in range(1, ROUNDS + 1):
            tf.set_tools(make_tools(revision))
            time.sleep(pause)  # a registry that was put back stays long enough to be seen
    finally:
        Path(stop).touch()


def _client(host, port):
    from toolfilter_core.index.chroma import connect

    return connect(host=host, port=int(port), timeout_s=30.0)


def spawn(code: str) -> subprocess.Popen:
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env)


def test_readers_never_see_a_half_written_or_lost_tool_while_a_writer_re_indexes(chroma_server, tmp_path):
    ToolFilter(make_tools(0), client=chroma_server.client(), embedder=HashingEmbedder())
    stop = tmp_path / "stop"
    outs = [tmp_path / f"reader-{i}.json" for i in range(2)]
    call = "from tests.integration.test_concurrency import {}; {}"
    readers = [
        spawn(
            call.format(
                "reader_main", f"reader_main({chroma_server.host!r}, {chroma_server.port}, {str(stop)!r}, {str(o)!r})"
            )
        )
        for o in outs
    ]
    deadline = time.monotonic() + 120
    while not all(Path(str(o) + ".ready").exists() for o in outs):
        assert time.monotonic() < deadline, "readers did not start"
        time.sleep(0.1)
    writer = spawn(
        call.format("writer_main", f"writer_main({chroma_server.host!r}, {chroma_server.port}, {str(stop)!r})")
    )
    try:
        assert writer.wait(timeout=600) == 0
        for reader in readers:
            assert reader.wait(timeout=120) == 0
    finally:
        for process in [writer, *readers]:
            if process.poll() is None:
                process.kill()
    for out in outs:
        result = json.loads(out.read_text())
        assert result["problems"] == []
        assert result["selects"] > 50
        assert len(result["revisions"]) >= 3, result  # it did follow the writer
    final = ToolFilter.open(client=chroma_server.client(), embedder=HashingEmbedder())
    assert {t.name: t.to_dict() for t in final.tools} == {t.name: t.to_dict() for t in make_tools(ROUNDS)}


def index_run(store: Path, tools: Path, timeout_s: float) -> subprocess.Popen:
    config = store.parent / f"timeout-{timeout_s}.yaml"
    config.write_text(f"store: {{timeout_s: {timeout_s}}}\n")
    argv = ["index", tools, "--store", store, "--embedder", "hashing", "--no-progress", "--config", config]
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "toolfilter_core.cli", *map(str, argv)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def write_tools(path: Path, revision: int) -> Path:
    path.write_text("\n".join(json.dumps(t.to_dict()) for t in make_tools(revision)))
    return path


def test_overlapping_index_runs_on_one_directory_take_turns_and_never_corrupt_it(tmp_path):
    store = tmp_path / "store"
    files = [write_tools(tmp_path / f"tools-{r}.jsonl", r) for r in range(4)]
    runs = [index_run(store, f, timeout_s=60.0) for f in files]  # all at once
    results = [(p.wait(timeout=600), *p.communicate()) for p in runs]
    assert all(code == 0 for code, _, _ in results), results
    # the store reads back whole: every vector of the last writer's registry
    opened = ToolFilter.open(store=store, embedder=HashingEmbedder())
    revision = revision_of(opened.tools[0])
    assert {t.name: t.to_dict() for t in opened.tools} == {t.name: t.to_dict() for t in make_tools(revision)}
    assert len(opened.index._rows.owner) == sum(1 + len(t.triggers) for t in make_tools(revision))


def test_an_index_run_while_another_process_serves_the_directory_is_refused_clearly(tmp_path):
    store = tmp_path / "store"
    first = index_run(store, write_tools(tmp_path / "t0.jsonl", 0), timeout_s=5.0)
    assert first.wait(timeout=600) == 0
    server = spawn(
        "import sys, time\n"
        "from toolfilter_core import ToolFilter, HashingEmbedder\n"
        f"tf = ToolFilter.open(store={str(store)!r}, embedder=HashingEmbedder())\n"
        "print('serving', flush=True)\n"
        f"while not __import__('os').path.exists({str(tmp_path / 'done')!r}): time.sleep(0.05)\n"
        "assert tf.select('tool_01').names == ['tool_01']\n"
    )
    try:
        time.sleep(3)  # let it open the store
        second = index_run(store, write_tools(tmp_path / "t1.jsonl", 1), timeout_s=0.5)
        code, _, err = second.wait(timeout=600), *second.communicate()
        assert code == 2
        assert "open in another process" in err and "Chroma server" in err and "Traceback" not in err
    finally:
        (tmp_path / "done").touch()
        assert server.wait(timeout=60) == 0
    # unharmed: the first registry, whole
    opened = ToolFilter.open(store=store, embedder=HashingEmbedder())
    assert {t.name: t.to_dict() for t in opened.tools} == {t.name: t.to_dict() for t in make_tools(0)}


def test_two_record_runs_on_one_directory_take_turns(tmp_path: Path) -> None:
    # as in tests/unit/test_friction.py: a second
    # `toolfilter record` on the directory waits its turn instead of failing or losing rows
    store = tmp_path / "store"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cli = [sys.executable, "-m", "toolfilter_core.cli"]
    index = [*cli, "index", str(bundled_tools_path()), "--store", str(store), "--embedder", "hashing", "--no-progress"]
    subprocess.run(index, env=env, check=True, capture_output=True, timeout=120)  # not this process: it would hold it
    logs = []
    for n in range(2):
        log = tmp_path / f"calls{n}.jsonl"
        rows = [{"query": f"run the tests please, take {n}.{i}", "tool": "run_tests"} for i in range(3)]
        log.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
        logs.append(log)
    command = [*cli, "record", "--store", str(store), "--embedder", "hashing"]
    runs = [
        subprocess.Popen([*command, "--log", str(log)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        for log in logs
    ]
    outs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], [err.decode()[-500:] for _, err in outs]
    examples = UsageMemory(ToolFilter.open(store=store, embedder=HashingEmbedder()).index).examples()
    assert len(examples["run_tests"]) == 6


def recorder_main(host: str, port: int, stop: str, out: str, limit: int = 400) -> None:
    """Learn from use on the shared registry until the writer is done (at most ``limit`` records)."""
    tf = ToolFilter(client=_client(host, port), embedder=HashingEmbedder(), config={"enabled": True})
    tf.refresh_interval = 0.0
    recorded = 0
    Path(out + ".ready").touch()
    for n in range(limit):
        if os.path.exists(stop):
            break
        tf.record(f"mail request number {n}", "tool_00")  # tool_00 is in every revision
        recorded += 1
    Path(out).write_text(json.dumps({"recorded": recorded}))


def watcher_main(host: str, port: int, stop: str, out: str, limit: int = 20000) -> None:
    """The committed registry's revision, in the order it was seen (at most ``limit`` reads)."""
    from toolfilter_core.index._records import scan
    from toolfilter_core.index.chroma import ChromaRecords

    records = ChromaRecords(_client(host, port), "toolfilter", timeout_s=30.0)
    seen: list[int] = []
    Path(out + ".ready").touch()
    for _ in range(limit):
        if os.path.exists(stop):
            break
        try:
            snap = scan(records.read_info(), records.read(embeddings=False))
        except StoreError:  # a writer deleted records under the read: read again
            continue
        if snap.manifest is None:
            continue
        digest = snap.manifest.get("tool_00")
        doc = snap.complete.get(("tool_00", digest or ""), [None])[0]
        if doc is None:
            continue
        revision = int(re.search(r"revision (\d+)", json.loads(doc.document)["description"]).group(1))
        if not seen or seen[-1] != revision:
            seen.append(revision)
    Path(out).write_text(json.dumps({"seen": seen}))


def test_learning_from_use_on_a_server_never_reverts_a_newer_registry(chroma_server, tmp_path):
    ToolFilter(make_tools(0), client=chroma_server.client(), embedder=HashingEmbedder())
    stop = tmp_path / "stop"
    call = "from tests.integration.test_concurrency import {0}; {0}({1!r}, {2}, {3!r}, {4!r})"
    outs = {name: tmp_path / f"{name}.json" for name in ("recorder", "watcher")}
    helpers = [
        spawn(call.format(f"{name}_main", chroma_server.host, chroma_server.port, str(stop), str(out)))
        for name, out in outs.items()
    ]
    deadline = time.monotonic() + 120
    while not all(Path(str(o) + ".ready").exists() for o in outs.values()):
        assert time.monotonic() < deadline, "helpers did not start"
        time.sleep(0.1)
    writer = spawn(
        "from tests.integration.test_concurrency import writer_main; "
        f"writer_main({chroma_server.host!r}, {chroma_server.port}, {str(stop)!r}, pause=0.4)"
    )
    try:
        assert writer.wait(timeout=600) == 0
        for helper in helpers:
            assert helper.wait(timeout=300) == 0
    finally:
        for process in [writer, *helpers]:
            if process.poll() is None:
                process.kill()
    recorded = json.loads(outs["recorder"].read_text())["recorded"]
    seen = json.loads(outs["watcher"].read_text())["seen"]
    assert recorded > 5, recorded  # it did overlap the writer's rounds
    assert seen == sorted(seen), f"a commit went back to an older registry: revisions seen in order {seen}"
    final = ToolFilter.open(client=chroma_server.client(), embedder=HashingEmbedder())
    assert {t.name: t.to_dict() for t in final.tools} == {t.name: t.to_dict() for t in make_tools(ROUNDS)}
