"""Profiles added to a store indexed with the same tools embed only the profile requests.

``toolfilter index --profiles P`` over a store holding the same 30 tools said "30 updated" and embedded all
30 tool texts again: a tool's profile is part of its content hash, so every tool was a new version.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from toolfilter_core import HashingEmbedder, ToolProfile, ToolSpec
from toolfilter_core.index._records import MemoryRecords, Record
from toolfilter_core.index._tool_index import ToolIndex
from toolfilter_core.index.chroma import ChromaRecords

TOOLS = [
    ToolSpec("a", "alpha tool", triggers=("first", "one")),
    ToolSpec("b", "beta tool"),
    ToolSpec("c", "gamma tool"),
]


def _profiled(tool: ToolSpec, *requests: str) -> ToolSpec:
    return ToolSpec(tool.name, tool.description, triggers=tool.triggers, profile=ToolProfile(requests))


def _vectors(store: MemoryRecords, kinds: tuple[str, ...] = ("doc", "trigger")) -> dict[tuple[str, str], bytes]:
    out = {}
    for record in store.read(embeddings=True):
        if record.metadata.get("kind") in kinds and record.embedding is not None:
            out[str(record.metadata["tool"]), record.document] = record.embedding.tobytes()
    return out


def test_profiles_added_to_the_same_tools_embed_only_their_requests() -> None:
    embedder, store = HashingEmbedder(), MemoryRecords()
    index = ToolIndex(store, embedder)
    index.sync(TOOLS)
    before, calls = _vectors(store), embedder.texts_embedded
    profiled = [_profiled(TOOLS[0], "first thing", "alpha please"), _profiled(TOOLS[1], "beta now"), TOOLS[2]]
    report = index.sync(profiled)
    assert embedder.texts_embedded - calls == 3  # the three profile requests, not the tools' texts
    assert (report.updated, report.unchanged, report.texts_embedded, report.reused) == (2, 1, 3, 4)
    assert report.profiles_only == 2
    assert "2 updated (their profile requests only)" in report.summary()
    assert "3 texts embedded in" in report.summary() and ", 4 reused" in report.summary()
    docs = {k for k in _vectors(store) if k[1].startswith("{")}
    assert {t for t, _ in docs} == {"a", "b", "c"}
    assert {k: v for k, v in _vectors(store).items() if not k[1].startswith("{")} == {
        k: v for k, v in before.items() if not k[1].startswith("{")
    }  # the triggers' vectors kept as they were
    index.load(force=True)
    assert np.isfinite(index.per_vector_similarities(embedder.embed_queries(["alpha please"]))).all()


def test_a_tool_whose_description_changed_with_its_profile_embeds_its_description_again() -> None:
    embedder, store = HashingEmbedder(), MemoryRecords()
    index = ToolIndex(store, embedder)
    index.sync(TOOLS)
    calls = embedder.texts_embedded
    edited = ToolSpec("a", "alpha tool, improved", triggers=("first", "one"), profile=ToolProfile(("x",)))
    report = index.sync([edited, TOOLS[1], TOOLS[2]])
    assert embedder.texts_embedded - calls == 2  # its description and its one request; the triggers reused
    assert (report.updated, report.profiles_only, report.reused) == (1, 0, 2)
    assert "1 updated," in report.summary()


class _Counting(MemoryRecords):
    """Memory records that count the reads with vectors: every record's, and by id."""

    def __init__(self) -> None:
        super().__init__()
        self.read_vectors = 0
        self.got_vectors: list[str] = []

    def read(self, *, embeddings: bool) -> list[Record]:
        self.read_vectors += embeddings
        return super().read(embeddings=embeddings)

    def get(self, ids: Sequence[str], *, embeddings: bool = False) -> list[Record]:
        if embeddings:
            self.got_vectors += ids
        return super().get(ids, embeddings=embeddings)


def test_the_vectors_reused_are_read_by_id_not_with_every_records() -> None:
    # Failed on 397f633: the changed tools' vectors were found by reading every record with its vector.
    embedder, store = HashingEmbedder(), _Counting()
    index = ToolIndex(store, embedder)
    index.sync(TOOLS)
    store.read_vectors = 0
    report = index.sync([_profiled(TOOLS[0], "first thing"), TOOLS[1], TOOLS[2]])
    assert report.reused == 3  # a's description and its two triggers
    assert store.read_vectors == 1  # the load that serves the new registry, not one more to reuse a few
    assert len(store.got_vectors) == 3


def test_chroma_records_are_got_by_id_with_their_vectors_in_pages() -> None:
    import chromadb
    from chromadb.config import Settings

    records = ChromaRecords(chromadb.EphemeralClient(settings=Settings(anonymized_telemetry=False)), "paged")
    records.page_size = 2
    rows = [
        Record(f"r{i}", {"tool": "a", "kind": "doc"}, f"text {i}", np.full(4, i, dtype=np.float32)) for i in range(5)
    ]
    records.upsert(rows)
    got = records.get(["r0", "r3", "r4", "nope", "r1"], embeddings=True)
    assert sorted(r.id for r in got) == ["r0", "r1", "r3", "r4"]
    assert all(r.embedding is not None and r.embedding[0] == int(r.id[1]) for r in got)
    assert all(r.embedding is None for r in records.get(["r0"]))
