"""An adapter that knows its tools and store when it opens is ready then.

The LangChain middleware given ``tools=`` and a built store constructed in 0.02 s and the
first user request took 2 to 7 s (the store opened and the model loaded inside it). And the
constructor's report said 0.004 s of model after 1.7 s: the model loaded inside the sync.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from langchain.agents import create_agent
from langchain_core.messages import HumanMessage

import langchain_toolfilter._middleware as middleware_module
import toolfilter_core._filter as filter_module
from langchain_toolfilter import ToolFilterMiddleware
from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec

from .langchain_kit import CONFIG, READ_INBOX, SEND_MAIL, RecordingChatModel, get_weather, read_file

TOOLS = [get_weather, SEND_MAIL, READ_INBOX, read_file]


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Names the middleware builds an index over, one entry a build."""
    built: list[str] = []
    original = middleware_module.ToolFilterSelector.from_tools

    def from_tools(tools: Any, *args: Any, **kwargs: Any) -> Any:
        built.append(",".join(t.name for t in tools))
        return original(tools, *args, **kwargs)

    monkeypatch.setattr(middleware_module.ToolFilterSelector, "from_tools", from_tools)
    return built


def _ask(mw: ToolFilterMiddleware) -> list[list[str]]:
    model = RecordingChatModel(messages=iter(["It is sunny."]))
    create_agent(model, tools=TOOLS, middleware=[mw]).invoke({"messages": [HumanMessage("weather in Paris")]})
    return model.seen


def test_the_middleware_with_tools_and_a_store_opens_its_index_at_construction(monkeypatch, tmp_path: Path) -> None:
    built = _counted(monkeypatch)
    mw = ToolFilterMiddleware(tools=TOOLS, store=tmp_path / "s", config=CONFIG, embedder=HashingEmbedder())
    assert len(built) == 1 and (tmp_path / "s").exists()  # built (and stored) before any request
    assert "get_weather" in _ask(mw)[0]
    assert len(built) == 1  # the first request found it ready


def test_the_middleware_without_a_store_still_builds_on_the_first_model_call(monkeypatch) -> None:
    built = _counted(monkeypatch)
    mw = ToolFilterMiddleware(tools=TOOLS, config=CONFIG, embedder=HashingEmbedder())
    assert built == []
    assert "get_weather" in _ask(mw)[0] and len(built) == 1


class _LazyEmbedder(HashingEmbedder):
    """Loads its "model" (0.2 s) on first use, as a sentence-transformers model does."""

    loaded = False

    def _embed(self, texts: Any) -> np.ndarray:
        _load(self)
        return super()._embed(texts)


def _load(embedder: Any) -> None:
    if isinstance(embedder, _LazyEmbedder) and not embedder.loaded:
        time.sleep(0.2)
        embedder.loaded = True


def test_the_constructors_report_counts_a_model_load_the_sync_would_have_done(monkeypatch) -> None:
    monkeypatch.setattr(filter_module, "load_model", _load)
    started = time.perf_counter()
    report = ToolFilter([ToolSpec("ping", "Check that a host answers")], embedder=_LazyEmbedder()).last_report
    took = time.perf_counter() - started
    assert report.texts_embedded > 0 and report.model_seconds >= 0.2
    assert report.seconds + report.model_seconds <= took
    assert report.summary().endswith(f"; embedding model loaded in {report.model_seconds:.1f} s")
