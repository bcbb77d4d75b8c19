import pytest

from toolfilter_core import EmbedderMismatchError, HashingEmbedder, ToolFilter, ToolSpec, load_bundled_tools
from toolfilter_core.index._records import MemoryRecords
from toolfilter_core.index._tool_index import ToolIndex

TOOLS = [
    ToolSpec("a", "alpha tool", triggers=("first", "one")),
    ToolSpec("b", "beta tool"),
    ToolSpec("c", "gamma tool", tags=("x",)),
]


def test_sync_embeds_every_text_once_then_nothing():
    embedder = HashingEmbedder()
    index = ToolIndex(MemoryRecords(), embedder)
    first = index.sync(TOOLS)
    # a: doc + 2 triggers, b: doc, c: doc
    assert (first.added, first.texts_embedded) == (3, 5)
    calls = embedder.texts_embedded
    again = index.sync(TOOLS)
    assert (again.unchanged, again.texts_embedded) == (3, 0)
    assert embedder.texts_embedded == calls


def test_changed_tool_is_the_only_one_re_embedded_and_loses_old_triggers():
    store = MemoryRecords()
    index = ToolIndex(store, HashingEmbedder())
    index.sync(TOOLS)
    changed = [ToolSpec("a", "alpha tool, improved"), TOOLS[1], TOOLS[2]]
    report = index.sync(changed)
    assert (report.updated, report.unchanged, report.texts_embedded) == (1, 2, 1)
    kinds = sorted(r.metadata["kind"] for r in store.read(embeddings=False) if r.metadata["tool"] == "a")
    assert kinds == ["doc"]  # the two trigger records of the old version are gone


def test_tools_that_left_the_registry_are_deleted():
    store = MemoryRecords()
    index = ToolIndex(store, HashingEmbedder())
    index.sync(TOOLS)
    report = index.sync(TOOLS[:1])
    assert report.removed == 2
    # the manifest records (kind "manifest") list the registry; the tool records are a's only
    assert {r.metadata["tool"] for r in store.read(embeddings=False) if r.metadata["kind"] != "manifest"} == {"a"}
    assert [t.name for t in index.tools] == ["a"]


def test_another_embedder_rebuilds_by_default():
    store = MemoryRecords()
    ToolIndex(store, HashingEmbedder(64)).sync(TOOLS)
    report = ToolIndex(store, HashingEmbedder(128)).sync(TOOLS)
    assert report.rebuilt and report.texts_embedded == 5
    tool_records = [r for r in store.read(embeddings=False) if r.metadata["kind"] != "manifest"]
    assert {r.metadata["embedder"] for r in tool_records} == {"hashing-128"}


def test_another_embedder_is_refused_on_request():
    store = MemoryRecords()
    ToolIndex(store, HashingEmbedder(64)).sync(TOOLS)
    with pytest.raises(EmbedderMismatchError, match="hashing-64.*hashing-128"):
        ToolIndex(store, HashingEmbedder(128), on_embedder_change="error").sync(TOOLS)


def test_loading_a_store_of_another_embedder_is_refused():
    store = MemoryRecords()
    ToolIndex(store, HashingEmbedder(64)).sync(TOOLS)
    with pytest.raises(EmbedderMismatchError, match="re-index"):
        ToolIndex(store, HashingEmbedder(128)).load()


def test_similarity_is_max_over_doc_and_trigger_vectors():
    embedder = HashingEmbedder()
    index = ToolIndex(MemoryRecords(), embedder)
    index.sync(TOOLS)
    query = embedder.embed_queries(["first"])[0]
    best, second, _ = index.similarities(query)
    assert best[0] == pytest.approx(1.0, abs=1e-5)  # the trigger "first" matches exactly
    assert index.best_text(0, query) == "first"
    # the second best of "a" is one of its two other texts; "b" has one vector: both equal
    others = embedder.embed_documents(["a: alpha tool", "one"]) @ query
    assert second[0] == pytest.approx(max(others), abs=1e-5)
    assert second[1] == best[1]


@pytest.mark.parametrize(
    "tools", [TOOLS, [ToolSpec(t.name, t.description) for t in TOOLS]], ids=["triggers", "one-vector"]
)
def test_per_vector_similarities_are_each_vectors_best_per_tool(tools):
    embedder = HashingEmbedder()
    index = ToolIndex(MemoryRecords(), embedder)
    index.sync(tools)
    vectors = embedder.embed_queries(["first", "gamma"])
    per_vector = index.per_vector_similarities(vectors)
    assert per_vector.shape == (3, 2)
    for column, vector in enumerate(vectors):
        assert per_vector[:, column] == pytest.approx(index.similarities(vector)[0], abs=1e-6)
    assert index.per_vector_similarities(vectors[:0]).shape == (3, 0)


def test_second_best_ignores_ties_only_once():
    embedder = HashingEmbedder()
    index = ToolIndex(MemoryRecords(), embedder)
    index.sync([ToolSpec("t", "x", triggers=("same", "same words", "same"))])
    best, second, _ = index.similarities(embedder.embed_queries(["same"])[0])
    # two trigger vectors equal the query: best and second are both 1
    assert best[0] == pytest.approx(1.0, abs=1e-5) and second[0] == pytest.approx(1.0, abs=1e-5)


def test_registry_order_is_kept_by_the_filter():
    tools = list(reversed(load_bundled_tools()))
    tf = ToolFilter(tools, embedder=HashingEmbedder())
    assert [t.name for t in tf.tools] == [t.name for t in tools]


def test_set_tools_reports_and_serves_the_new_registry():
    tf = ToolFilter(TOOLS, config={"enabled": True}, embedder=HashingEmbedder())
    report = tf.set_tools([*TOOLS, ToolSpec("d", "delta tool")])
    assert (report.added, report.unchanged) == (1, 3)
    assert tf.select("delta").names[0] == "d"


def test_foreign_triggers_that_copy_other_tools_descriptions_are_left_out_of_the_search():
    from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec, load_bundled_tools

    kit = list(load_bundled_tools())
    copied = tuple(t.description for t in kit[:12])
    stuffed = ToolSpec("super_helper", "A helpful utility.", triggers=copied)
    tf = ToolFilter([*kit, stuffed], embedder=HashingEmbedder())
    ignored = tf.index.foreign_triggers
    assert int(ignored.sum()) >= 10  # the copies describe other tools
    assert not ToolFilter(kit, embedder=HashingEmbedder()).index.foreign_triggers.any()  # authored ones stay
    assert "super_helper" not in tf.select(kit[0].description).names
