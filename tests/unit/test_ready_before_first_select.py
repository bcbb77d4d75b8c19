"""The first select after opening a store reads no tool again ("speed from the first call").

A 30-tool store reopened with profiles took 45-99 ms for its first select and 4-25 ms for the
next: the first read every tool's words for the destructive guard (``says_destructive``) and
for the reads a question about an act's state brings (``reads_about``), and compiled the
patterns of the paths it took. Construction now does it (``_pipeline.warm``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import toolfilter_core._pipeline.state_reads as state_reads_module
import toolfilter_core._snapshot as snapshot_module
from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec

TOOLS = [
    ToolSpec("order_get", "Get an order's status and items by order id."),
    ToolSpec("order_cancel", "Cancel an order that has not shipped yet."),
    ToolSpec("customer_delete", "Delete a customer record permanently."),
    ToolSpec("lesson_list", "List the lessons left in a student's package."),
    ToolSpec("send_email", "Send an email to a contact."),
    ToolSpec("get_weather", "Weather forecast for a city."),
]

REQUESTS = [
    "how many lessons are left in my package?",
    "cancel order 5512 please",
    "给 S-1 发个邮件",
    "is order 991 cancelled yet?",
]


def _spied(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The tools whose words are read for the guard or a state question, one entry a reading."""
    read: list[str] = []
    says = snapshot_module.says_destructive
    about = state_reads_module.reads_about

    def says_destructive(tool: ToolSpec) -> bool:
        read.append(tool.name)
        return says(tool)

    def reads_about(tool: ToolSpec) -> Any:
        read.append(tool.name)
        return about(tool)

    monkeypatch.setattr(snapshot_module, "says_destructive", says_destructive)
    monkeypatch.setattr(state_reads_module, "reads_about", reads_about)
    return read


@pytest.mark.parametrize("request_text", REQUESTS)
def test_a_reopened_stores_first_select_reads_no_tools_words(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, request_text: str
) -> None:
    ToolFilter(TOOLS, embedder=HashingEmbedder(), store=tmp_path / "store")
    tf = ToolFilter.open(tmp_path / "store", embedder=HashingEmbedder())
    read = _spied(monkeypatch)
    tf.select(request_text)
    assert read == []  # worked out when the store was opened


def test_set_tools_serves_a_registry_read_before_its_first_select(monkeypatch: pytest.MonkeyPatch) -> None:
    tf = ToolFilter(TOOLS[:3], embedder=HashingEmbedder())
    tf.set_tools(TOOLS)
    read = _spied(monkeypatch)
    tf.select("how many lessons are left in my package?")
    assert read == []


class Counting(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def embed_queries(self, texts: list[str]) -> np.ndarray:  # type: ignore[override]
        self.texts.extend(texts)
        return super().embed_queries(texts)


def test_the_warm_up_calls_no_model_and_keeps_nothing_a_caller_sees() -> None:
    """The warm-up's requests are not embedded (the registry's rows stand in), nor in the filter's turn cache."""
    from toolfilter_core._pipeline.warm import WARM_REQUESTS

    embedder = Counting()
    tf = ToolFilter(TOOLS, embedder=embedder)
    assert not any(t in embedder.texts for t in WARM_REQUESTS)
    selection = tf.select(WARM_REQUESTS[0])
    assert WARM_REQUESTS[0] in embedder.texts and selection.query == WARM_REQUESTS[0]


def test_a_warm_up_that_raises_is_logged_shortly_and_construction_goes_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import logging

    import toolfilter_core._pipeline as pipeline

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise ValueError("a bug in the warm-up reading " + "a long pasted request " * 500)

    monkeypatch.setattr(pipeline, "warm_up", broken)
    with caplog.at_level(logging.DEBUG, logger="toolfilter"):
        tools = [ToolSpec("order_get", "Get an order."), ToolSpec("order_cancel", "Cancel an order.")]
        tf = ToolFilter(tools, embedder=HashingEmbedder())
    said = [r.getMessage() for r in caplog.records if "warming up" in r.getMessage()]
    assert len(said) == 1 and "ValueError: a bug in the warm-up reading" in said[0], said
    assert len(said[0]) < 400
    assert tf.select("cancel order 4471").names
