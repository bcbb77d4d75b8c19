"""Learned examples in a real Chroma directory: they persist, reload, and follow the tool's life."""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec, UsageMemory
from toolfilter_core.index.chroma import connect

pytestmark = pytest.mark.integration

TOOLS = [
    ToolSpec("weather", "current conditions and forecast for a city", category="info"),
    ToolSpec("send_email", "send an email message to a recipient", category="mail"),
    ToolSpec("create_event", "create a calendar event", category="calendar"),
]
CONFIG = {"base": "plain", "enabled": True, "top_k": 1, "weights": {"embed": 1.0}}
EXAMPLE = "do I need an umbrella in paris today"
PARAPHRASE = "do I need an umbrella in lyon tomorrow"


def test_examples_persist_in_a_chroma_directory_across_instances(tmp_path):
    store = tmp_path / "store"
    first = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder(), store=store)
    assert first.select(PARAPHRASE).names != ["weather"]
    report = first.record(EXAMPLE, "weather")
    assert (report.added, report.examples) == (1, 1)
    del first

    embedder = HashingEmbedder()
    second = ToolFilter.open(store=store, config=CONFIG, embedder=embedder)
    assert embedder.texts_embedded == 0  # nothing re-embedded: the example's vector came back from Chroma
    selection = second.select(PARAPHRASE)
    assert selection.names == ["weather"]
    assert selection.selected[0].breakdown.matched == EXAMPLE
    assert UsageMemory(second.index).examples() == {"weather": [EXAMPLE]}


def test_a_running_instance_sees_examples_another_one_recorded(tmp_path):
    store = tmp_path / "store"
    writer = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder(), store=store)
    reader = ToolFilter.open(store=store, config=CONFIG, embedder=HashingEmbedder())
    reader.refresh_interval = 0.0
    assert reader.select(PARAPHRASE).names != ["weather"]
    writer.record(EXAMPLE, "weather")
    assert reader.select(PARAPHRASE).names == ["weather"]


def test_examples_follow_the_tool_through_resyncs_in_chroma_and_outlive_its_absence(tmp_path):
    store = tmp_path / "store"
    tf = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder(), store=store)
    tf.record(EXAMPLE, "weather")
    changed = [ToolSpec("weather", "weather now and in the coming days", category="info"), *TOOLS[1:]]
    reopened = ToolFilter(changed, config=CONFIG, embedder=HashingEmbedder(), store=store)
    assert reopened.last_report.updated == 1
    assert UsageMemory(reopened.index).examples() == {"weather": [EXAMPLE]}
    assert reopened.select(PARAPHRASE).names == ["weather"]

    # the tool leaves (its server is down): nothing learned is lost
    gone = ToolFilter(TOOLS[1:], config=CONFIG, embedder=HashingEmbedder(), store=store)
    assert gone.last_report.removed == 1
    assert "weather" not in gone.select(PARAPHRASE).names
    records = gone.index.store.read(embeddings=False)
    assert [r.metadata["tool"] for r in records if r.metadata.get("kind") == "example"] == ["weather"]
    back = ToolFilter(changed, config=CONFIG, embedder=HashingEmbedder(), store=store)
    assert back.select(PARAPHRASE).names == ["weather"]


def test_examples_survive_a_rebuild_for_another_embedder(tmp_path):
    store = tmp_path / "store"
    ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder(64), store=store).record(EXAMPLE, "weather")
    rebuilt = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder(128), store=store)
    assert rebuilt.last_report.rebuilt
    assert UsageMemory(rebuilt.index).examples() == {"weather": [EXAMPLE]}
    assert rebuilt.select(PARAPHRASE).names == ["weather"]


def test_examples_through_a_chroma_server(chroma_server):
    client = chroma_server.client()
    writer = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder(), client=client, collection="learned")
    writer.record(EXAMPLE, "weather")
    other = connect(host=chroma_server.host, port=chroma_server.port)
    reader = ToolFilter.open(client=other, collection="learned", config=CONFIG, embedder=HashingEmbedder())
    assert reader.select(PARAPHRASE).names == ["weather"]


def test_a_real_model_learns_a_paraphrase(tmp_path, default_embedder):
    tools = [
        ToolSpec("get_weather", "Current weather conditions for a location."),
        ToolSpec("send_email", "Send an email to a recipient."),
        ToolSpec("translate_text", "Translate text between languages."),
    ]
    tf = ToolFilter(tools, config=CONFIG, embedder=default_embedder, store=tmp_path / "s")
    query = "should I bring a coat to the office this afternoon?"
    before = {s.name: s.breakdown.signals["embed"] for s in (*tf.select(query).selected, *tf.select(query).rejected)}
    tf.record("do I need a jacket when I go out later?", "get_weather")
    after = {s.name: s.breakdown.signals["embed"] for s in (*tf.select(query).selected, *tf.select(query).rejected)}
    assert after["get_weather"] > before["get_weather"]
    assert tf.select(query).names == ["get_weather"]
