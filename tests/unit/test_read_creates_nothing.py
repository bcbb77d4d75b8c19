"""Reads create nothing, and a registry that would empty or gut a store is refused (issue 14, defect 9).

Rule (docs/reliability.md): writing a registry into a persistent store (a directory or a
server) is refused, before anything is written, when it is empty while the store holds tools,
or when it would remove more than half of the stored tools (and more than one). ``toolfilter
index --allow-shrink`` (``ToolIndex.sync(allow_shrink=True)``) writes it anyway.
"""

from __future__ import annotations

import json
import uuid

import pytest

from toolfilter_core import HashingEmbedder, StoreError, ToolFilter, load_tools
from toolfilter_core.cli import main
from toolfilter_core.index._records import MemoryRecords
from toolfilter_core.index._tool_index import ToolIndex

TOOLS = [{"name": f"tool_{i}", "description": f"does thing number {i}"} for i in range(15)]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def tools_file(tmp_path, rows, name="tools.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def index(capsys, path, store, *flags):
    return run(capsys, "index", path, "--store", store, "--embedder", "hashing", "--no-progress", *flags)


def test_index_of_an_empty_file_refuses_before_creating_the_directory(capsys, tmp_path):
    empty = tools_file(tmp_path, [], "empty.jsonl")
    store = tmp_path / "store"
    code, _, err = index(capsys, empty, store)
    assert code == 2 and "holds no tools" in err
    assert not store.exists()
    code, _, err = index(capsys, empty, store, "--allow-shrink")
    assert code == 2 and "does not exist: nothing to index" in err and not store.exists()


def test_an_empty_registry_into_a_store_of_15_is_refused_unless_allowed(capsys, tmp_path):
    store = tmp_path / "store"
    assert index(capsys, tools_file(tmp_path, TOOLS), store)[0] == 0
    empty = tools_file(tmp_path, [], "empty.jsonl")
    code, _, err = index(capsys, empty, store)
    assert code == 2 and "would empty the store" in err and "--allow-shrink" in err
    code, out, _ = run(capsys, "select", "tool_3", "--store", store, "--embedder", "hashing")
    assert code == 0 and out.split() == ["tool_3"]  # untouched
    code, out, err = index(capsys, empty, store, "--allow-shrink")
    assert code == 0, err
    assert "15 removed" in out


def test_a_one_line_file_that_would_remove_14_of_15_is_refused_unless_allowed(capsys, tmp_path):
    store = tmp_path / "store"
    assert index(capsys, tools_file(tmp_path, TOOLS), store)[0] == 0
    one = tools_file(tmp_path, TOOLS[:1], "one.jsonl")
    for flags in ([], ["--rebuild"]):
        code, _, err = index(capsys, one, store, *flags)
        assert code == 2 and "would remove 14 of the 15 tools" in err and "--allow-shrink" in err
        assert "Traceback" not in err
    assert len(ToolFilter.open(store=store, embedder=HashingEmbedder()).tools) == 15  # nothing was changed
    code, out, err = index(capsys, one, store, "--allow-shrink")
    assert code == 0 and "14 removed" in out, err
    assert [t.name for t in ToolFilter.open(store=store, embedder=HashingEmbedder()).tools] == ["tool_0"]


def test_the_library_refuses_a_gutting_registry_too(tmp_path):
    store = tmp_path / "store"
    ToolFilter(TOOLS, store=store, embedder=HashingEmbedder())
    with pytest.raises(StoreError, match="would remove 13 of the 15 tools"):
        ToolFilter(TOOLS[:2], store=store, embedder=HashingEmbedder())
    # growing, changing and losing a few tools are ordinary
    ToolFilter([*TOOLS[:10], {"name": "new_tool", "description": "x"}], store=store, embedder=HashingEmbedder())


@pytest.mark.parametrize(
    ("stored", "wanted", "refused"),
    [
        pytest.param(15, 0, True, id="empty"),
        pytest.param(15, 1, True, id="15-to-1"),
        pytest.param(15, 7, True, id="removes-8-of-15"),
        pytest.param(15, 8, False, id="removes-7-of-15"),
        pytest.param(1, 0, True, id="empty-into-1"),
        pytest.param(2, 1, False, id="removes-1-of-2"),
        pytest.param(0, 0, False, id="empty-store"),
    ],
)
def test_the_shrink_rule(stored, wanted, refused):
    from toolfilter_core.index._tool_index import shrink_problem

    names = [f"t{i}" for i in range(stored)]
    assert (shrink_problem(names, dict.fromkeys(names[:wanted], "h")) is not None) is refused


def test_memory_stores_are_never_guarded():
    index = ToolIndex(MemoryRecords(), HashingEmbedder())
    index.sync(load_tools(TOOLS))
    assert index.sync(load_tools(TOOLS[:1])).removed == 14


def test_a_persistent_store_refuses_before_writing_anything():
    records = MemoryRecords()
    records.persistent = True  # type: ignore[misc]
    index = ToolIndex(records, HashingEmbedder())
    index.sync(load_tools(TOOLS))
    before = records.read(embeddings=False)
    with pytest.raises(StoreError, match="refusing to write this registry"):
        index.sync(load_tools(TOOLS[:1]))
    assert records.read(embeddings=False) == before
    assert index.sync(load_tools(TOOLS[:1]), allow_shrink=True).removed == 14


def test_opening_a_collection_that_does_not_exist_creates_nothing():
    import chromadb
    from chromadb.config import Settings

    client = chromadb.EphemeralClient(settings=Settings(anonymized_telemetry=False))
    name = f"missing-{uuid.uuid4().hex[:8]}"
    with pytest.raises(StoreError, match="holds no tools"):
        ToolFilter.open(client=client, collection=name, embedder=HashingEmbedder())
    assert name not in [c.name for c in client.list_collections()]
    ToolFilter(TOOLS, client=client, collection=name, embedder=HashingEmbedder())  # a write creates it
    assert name in [c.name for c in client.list_collections()]


def test_select_against_a_directory_without_the_collection_creates_nothing(capsys, tmp_path):
    store = tmp_path / "store"
    assert index(capsys, tools_file(tmp_path, TOOLS), store)[0] == 0
    code, _, err = run(capsys, "select", "x", "--store", store, "--collection", "other_team", "--embedder", "hashing")
    assert code == 2 and "holds no tools" in err
    import chromadb
    from chromadb.config import Settings

    client = chromadb.PersistentClient(path=str(store), settings=Settings(anonymized_telemetry=False))
    assert [c.name for c in client.list_collections()] == ["toolfilter"]
