"""``toolfilter demo`` shows what its captions say, with the real model."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolfilter_core import Reason, Status, ToolFilter, recommended_config
from toolfilter_core._tool_defs import load_bundled_tools
from toolfilter_core.cli import main
from toolfilter_core.cli._demo import DEMO_REQUESTS


@pytest.fixture(scope="module")
def kit() -> ToolFilter:
    return ToolFilter(load_bundled_tools(), config=recommended_config())


def _held_back(selection: object, name: str) -> bool:
    rejected = getattr(selection, "rejected", [])
    return any(s.name == name and s.reason is Reason.DESTRUCTIVE_GUARD for s in rejected)


def test_each_demo_request_does_what_its_caption_says(kit: ToolFilter) -> None:
    said = dict(DEMO_REQUESTS)
    by_text = {q: kit.select(q) for q in said}
    calendar, delete, ocr, git, disk, question, thanks = (by_text[q] for q, _ in DEMO_REQUESTS)
    assert calendar.names[0] == "calendar_create" and _held_back(calendar, "calendar_cancel")
    assert delete.names[0] == "delete_file"
    assert ocr.names == ["ocr_image"]
    assert git.names[0] == "git_status"
    assert disk.status is Status.WIDENED and "disk_usage" in disk.names
    assert question.status is Status.NO_TOOL_NEEDED and thanks.status is Status.NO_TOOL_NEEDED


def test_the_demo_shows_each_verdict_a_newcomer_meets() -> None:
    # the old demo had no small talk, no request asking to destroy, and said nothing of what each showed
    shows = " ".join(s for _, s in DEMO_REQUESTS)
    for verdict in ("Chinese", "English", "destructive", "asks to destroy", "no tool answers", "small talk"):
        assert verdict in shows


def test_the_demo_prints_each_caption_before_its_request(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--store", str(tmp_path / "demo")]) == 0
    out = capsys.readouterr().out
    for query, shows in DEMO_REQUESTS:
        assert f"# {shows}\nquery: {query!r}" in out
