"""The abstain phrases' vectors are stored with the registry.

Opening a store written with the same phrases embeds nothing (``open`` and the constructor
alike); a store without them (an older toolfilter's) or a config with other phrases embeds
them once, at construction, never in a select; the selections are the same either way.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core.index._records import PHRASE_KIND
from toolfilter_core.index.chroma import open_records

SPECS = [
    ToolSpec("read_file", "Read the contents of a text file."),
    ToolSpec("get_weather", "Weather forecast for a city."),
    ToolSpec("send_mail", "Send an e-mail to someone."),
]
QUERIES = ["read the file notes.txt", "hi, how are you?", "will it rain in Paris", "write a poem about the sea"]


class Counting(HashingEmbedder):
    """Counts the texts it embeds as requests."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def embed_queries(self, texts):  # type: ignore[no-untyped-def,override]
        self.texts.extend(texts)
        return super().embed_queries(texts)


def rows(tf: ToolFilter) -> list[tuple[list[str], list[float], list[str]]]:
    return [
        ([s.name for s in sel.selected], [round(s.score, 6) for s in sel.selected], [n.kind.value for n in sel.reasons])
        for sel in (tf.select(q) for q in QUERIES)
    ]


def test_opening_a_store_embeds_no_phrase_and_the_first_select_only_its_request(tmp_path: Path) -> None:
    written = ToolFilter(SPECS, embedder=HashingEmbedder(), store=tmp_path / "s")
    for opened_by in ("open", "constructor"):
        embedder = Counting()
        if opened_by == "open":
            tf = ToolFilter.open(store=tmp_path / "s", embedder=embedder)
        else:
            tf = ToolFilter(store=tmp_path / "s", embedder=embedder)
        assert embedder.texts == [], opened_by
        tf.select(QUERIES[0])
        assert embedder.texts == [QUERIES[0]], opened_by
        assert tf.snapshot.abstain_levels, "the no-tool level is placed at open, not in the first select"
        assert rows(tf) == rows(written)


def test_stored_phrase_vectors_are_the_ones_the_embedder_gives(tmp_path: Path) -> None:
    tf = ToolFilter(SPECS, embedder=HashingEmbedder(), store=tmp_path / "s")
    phrases = tf.config.abstain_phrases
    stored = ToolFilter.open(store=tmp_path / "s", embedder=HashingEmbedder()).index.stored_phrases(phrases)
    assert stored is not None
    np.testing.assert_array_equal(stored, HashingEmbedder().embed_queries(list(phrases)))


def test_a_store_without_phrases_or_with_other_phrases_embeds_them_at_open_not_in_select(tmp_path: Path) -> None:
    ToolFilter(SPECS, embedder=HashingEmbedder(), store=tmp_path / "s")
    records = open_records(
        ToolFilter(store=tmp_path / "s", embedder=HashingEmbedder()).config.store, store=tmp_path / "s"
    )
    info = records.read_info()
    records.delete([r.id for r in records.read(embeddings=False) if r.metadata.get("kind") == PHRASE_KIND])
    records.write_info({k: v for k, v in info.items() if k != "phrases"})  # as an older toolfilter wrote it
    for config in (None, {"abstain_phrases": ["just chatting", "tell me a joke"]}):
        embedder = Counting()
        tf = ToolFilter(store=tmp_path / "s", embedder=embedder, config=config)
        assert sorted(embedder.texts) == sorted(tf.config.abstain_phrases)
        embedder.texts.clear()
        tf.select(QUERIES[1])
        assert embedder.texts == [QUERIES[1]]


def test_set_tools_writes_the_phrases_once_and_a_later_sync_reuses_them(tmp_path: Path) -> None:
    ToolFilter(SPECS, embedder=HashingEmbedder(), store=tmp_path / "s")
    embedder = Counting()
    tf = ToolFilter(SPECS, embedder=embedder, store=tmp_path / "s")
    assert tf.last_report.texts_embedded == 0 and embedder.texts == []


def test_plain_mode_neither_embeds_nor_stores_the_phrases(tmp_path: Path) -> None:
    embedder = Counting()
    tf = ToolFilter(SPECS, embedder=embedder, store=tmp_path / "s", config={"enabled": False})
    assert not set(embedder.texts) & set(tf.config.abstain_phrases)
    assert tf.index.stored_phrases(tf.config.abstain_phrases) is None


def test_learning_from_use_keeps_what_the_snapshot_derived_from_the_tools(tmp_path: Path) -> None:
    tf = ToolFilter(SPECS, embedder=HashingEmbedder(), store=tmp_path / "s")
    before = tf.snapshot
    tf.record("mail the minutes to the team", "send_mail")
    after = tf.snapshot
    assert after is not before and after.index is tf.index and after.bm25 is before.bm25
    assert after.index._rows.learned.sum() == 1 and not before.index._rows.learned.any()


def test_other_phrases_alone_never_write_to_a_store_another_filter_has_open(tmp_path: Path) -> None:
    # a process opening a directory another one serves, with an unchanged registry, must not need its lock
    ToolFilter(SPECS, embedder=HashingEmbedder(), store=tmp_path / "s", config={"abstain_phrases": ["just chatting"]})
    embedder = Counting()
    tf = ToolFilter(SPECS, embedder=embedder, store=tmp_path / "s")
    assert tf.last_report.unchanged == len(SPECS) and tf.last_report.texts_embedded == 0
    assert sorted(embedder.texts) == sorted(tf.config.abstain_phrases)  # embedded in memory, not written
    assert tf.index.stored_phrases(tf.config.abstain_phrases) is None


def test_phrase_vectors_of_another_embedder_are_never_used(tmp_path: Path) -> None:
    ToolFilter(SPECS, embedder=HashingEmbedder(), store=tmp_path / "s")
    settings = ToolFilter(store=tmp_path / "s", embedder=HashingEmbedder()).config.store
    records = open_records(settings, store=tmp_path / "s")
    phrases = [r for r in records.read(embeddings=True) if r.metadata.get("kind") == PHRASE_KIND]
    records.upsert(
        [type(r)(r.id, {**r.metadata, "embedder": "another-model@1"}, r.document, r.embedding) for r in phrases]
    )
    embedder = Counting()
    tf = ToolFilter(store=tmp_path / "s", embedder=embedder)
    assert sorted(embedder.texts) == sorted(tf.config.abstain_phrases)  # embedded again, not read


def test_a_store_opened_with_another_model_is_still_refused(tmp_path: Path) -> None:
    from toolfilter_core import EmbedderMismatchError

    ToolFilter(SPECS, embedder=HashingEmbedder(), store=tmp_path / "s")
    with pytest.raises(EmbedderMismatchError):
        ToolFilter(store=tmp_path / "s", embedder=HashingEmbedder(dim=128))
