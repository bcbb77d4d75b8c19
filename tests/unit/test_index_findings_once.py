"""What the index finds about a registry is said when it embeds, not at every opening.

A user's Python runs printed "tool 'booking_cancel': 1 of its triggers or profile requests
sit closer to other tools' ... and are ignored" at every process start, though the store already
held the profiles and nothing was embedded.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import toolfilter_core.index._tool_index as tool_index
from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core.index._matrix import search_rows
from toolfilter_core.index._records import Record

TOOLS = [
    ToolSpec("booking_cancel", "Cancel a cleaning booking."),
    ToolSpec("booking_get", "Look up a cleaning booking."),
]


def _said(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each load of the search rows says the index's findings."""
    said: list[bool] = []

    def recording(*args: Any, **kwargs: Any) -> Any:
        if args[0]:  # a registry's rows (not the empty index a filter starts from)
            said.append(bool(kwargs["say"]))
        return search_rows(*args, **kwargs)

    monkeypatch.setattr(tool_index, "search_rows", recording)
    return said


def test_a_store_that_already_holds_the_registry_says_nothing_again(tmp_path: Path, monkeypatch) -> None:
    said = _said(monkeypatch)
    store = str(tmp_path / "store")
    ToolFilter(TOOLS, embedder=HashingEmbedder(), store=store)
    assert said[-1] is True  # embedded now: index time
    said.clear()
    ToolFilter(TOOLS, embedder=HashingEmbedder(), store=store)
    assert said == [False]  # opened, nothing embedded


def _record(rid: str, vector: list[float], kind: str) -> Record:
    return Record(rid, {"kind": kind}, rid, np.array(vector, dtype=np.float32))


def test_ignored_requests_are_a_warning_only_when_said(caplog: pytest.LogCaptureFixture) -> None:
    rows = [
        _record("a-doc", [1.0, 0.0], "doc"),
        _record("a-p1", [1.0, 0.0], "profile"),
        _record("a-p2", [1.0, 0.0], "profile"),
        _record("a-p3", [0.0, 1.0], "profile"),  # the other tool's own words
        _record("b-doc", [0.0, 1.0], "doc"),
        _record("b-p1", [0.0, 1.0], "profile"),
    ]
    with caplog.at_level(logging.DEBUG, logger="toolfilter"):
        search_rows(TOOLS, rows, [0, 0, 0, 0, 1, 1], say=False)
    quiet = [r for r in caplog.records if "sit closer" in r.getMessage()]
    caplog.clear()
    with caplog.at_level(logging.DEBUG, logger="toolfilter"):
        search_rows(TOOLS, [_record(r.id, list(r.embedding), r.metadata["kind"]) for r in rows], [0, 0, 0, 0, 1, 1])
    loud = [r for r in caplog.records if "sit closer" in r.getMessage()]
    assert quiet and all(r.levelno == logging.DEBUG for r in quiet)
    assert loud and all(r.levelno == logging.WARNING for r in loud)


def test_the_warning_names_the_ignored_requests_and_the_tools_they_sit_closer_to(
    caplog: pytest.LogCaptureFixture,
) -> None:
    tools = [ToolSpec("locker_assign", "Assign a locker."), ToolSpec("locker_get", "Look up a locker.")]
    tools.append(ToolSpec("locker_release", "Release a locker."))
    long = "which locker is free on the second floor near the east stairs, please"  # 70 characters
    rows = [
        _record("assign-doc", [1.0, 0.0, 0.0], "doc"),
        _record("give me a locker", [1.0, 0.0, 0.0], "profile"),
        _record("assign me one", [1.0, 0.0, 0.0], "profile"),
        _record(long, [0.0, 1.0, 0.0], "profile"),
        _record("let my locker go", [0.0, 0.0, 1.0], "profile"),
        _record("free it up", [0.0, 0.0, 1.0], "profile"),
        _record("get-doc", [0.0, 1.0, 0.0], "doc"),
        _record("release-doc", [0.0, 0.0, 1.0], "doc"),
    ]
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        search_rows(tools, rows, [0, 0, 0, 0, 0, 0, 1, 2])
    [said] = [r.getMessage() for r in caplog.records if "sit closer" in r.getMessage()]
    excerpt = long[:59] + "…"
    assert said.startswith("toolfilter: tool 'locker_assign': 3 of its triggers or profile requests sit closer")
    named = f"'{excerpt}' (closer to locker_get), 'let my locker go' (closer to locker_release) +1 more"
    assert said.endswith(f"ignored: {named}")


def test_a_load_that_raises_after_embedding_leaves_no_later_load_saying(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolfilter_core import StoreError
    from toolfilter_core.index._records import MemoryRecords
    from toolfilter_core.index._tool_index import ToolIndex

    said: list[bool] = []
    failed: list[bool] = []

    def failing_once(*args: Any, **kwargs: Any) -> Any:
        if args[0]:
            said.append(bool(kwargs["say"]))
            if not failed:
                failed.append(True)
                raise StoreError("the store went away mid-load")
        return search_rows(*args, **kwargs)

    monkeypatch.setattr(tool_index, "search_rows", failing_once)
    index = ToolIndex(MemoryRecords(), HashingEmbedder())
    with pytest.raises(StoreError, match="mid-load"):
        index.sync(TOOLS)
    index.load(force=True)  # nothing embedded by this load
    assert said == [True, False]
