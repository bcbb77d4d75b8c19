"""A Chroma server that goes away, hangs, or comes back, under a filter that is serving."""

from __future__ import annotations

import os
import signal
import time

import pytest

from toolfilter_core import HashingEmbedder, StoreError, ToolFilter, ToolSpec, load_bundled_tools

pytestmark = pytest.mark.integration


def freeze(server):
    """SIGSTOP the server: it keeps accepting connections and never answers. Wait until it is stopped."""
    os.kill(server.process.pid, signal.SIGSTOP)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        with open(f"/proc/{server.process.pid}/stat") as stat:
            if stat.read().split(") ", 1)[1].startswith("T"):
                return
        time.sleep(0.01)


def config_for(server, **store):
    return {"enabled": True, "store": {"host": server.host, "port": server.port, **store}}


@pytest.mark.parametrize("fallback_to_empty", [True, False])
def test_a_loaded_filter_serves_from_memory_while_the_server_is_down_and_recovers(chroma_server, fallback_to_empty):
    config = {**config_for(chroma_server, timeout_s=2.0), "fallback_to_empty": fallback_to_empty}
    tf = ToolFilter(load_bundled_tools(), config=config, embedder=HashingEmbedder(), refresh_interval=0.0)
    before = tf.select("run the tests").names
    chroma_server.stop()
    down = tf.select("run the tests")
    assert down.names == before
    assert any("store unavailable" in note and str(chroma_server.port) in note for note in down.notes)
    chroma_server.start()  # same port, same data directory
    writer = ToolFilter(client=chroma_server.client(), config={"enabled": True}, embedder=HashingEmbedder())
    writer.set_tools([*load_bundled_tools(), ToolSpec("launch_rocket", "Launch the rocket into orbit")])
    up = tf.select("launch_rocket")
    assert up.names == ["launch_rocket"]
    assert not any("store unavailable" in note for note in up.notes)


def test_a_hung_server_costs_at_most_the_timeout_and_the_filter_keeps_serving(chroma_server):
    tf = ToolFilter(
        load_bundled_tools(),
        config=config_for(chroma_server, timeout_s=1.0),
        embedder=HashingEmbedder(),
        refresh_interval=0.0,
    )
    before = tf.select("run the tests").names
    freeze(chroma_server)  # accepts connections, never answers
    try:
        started = time.monotonic()
        hung = tf.select("run the tests")
        elapsed = time.monotonic() - started
        assert hung.names == before
        assert any("store unavailable" in note for note in hung.notes)
        assert elapsed < 5.0  # one version check that times out after 1 s (plus slack on a busy machine)
        started = time.monotonic()
        with pytest.raises(StoreError, match=rf"{chroma_server.port}.*did not answer within 1 s"):
            ToolFilter(
                load_bundled_tools(), config=config_for(chroma_server, timeout_s=1.0), embedder=HashingEmbedder()
            )
        assert time.monotonic() - started < 5.0
    finally:
        os.kill(chroma_server.process.pid, signal.SIGCONT)
    assert not any("store unavailable" in n for n in tf.select("run the tests").notes)


def test_an_injected_client_without_a_time_limit_gets_the_configured_one(chroma_server):
    client = chroma_server.client()  # chromadb's HttpClient waits forever by default
    tf = ToolFilter(
        load_bundled_tools(),
        client=client,
        config={"enabled": True, "store": {"timeout_s": 1.0}},
        embedder=HashingEmbedder(),
        refresh_interval=0.0,
    )
    freeze(chroma_server)
    try:
        started = time.monotonic()
        assert tf.select("run the tests").names
        assert time.monotonic() - started < 5.0
    finally:
        os.kill(chroma_server.process.pid, signal.SIGCONT)
