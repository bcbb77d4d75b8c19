"""Closing the conversation's ticket is not retiring its bike: "那把这单关掉吧" gets the ticket's close.

A bike-share operator's conversation (``bikeshare_kit``): ``repair_ticket_create`` opened RT-55 for bike B-1020
(``{"ticket_id": "RT-55", "bike_id": "B-1020"}``), then "那把这单关掉吧" (then close this ticket) was offered
``bike_retire`` and not ``repair_ticket_close``: 关掉 is a destroying word (it shuts things down), and the destroyer
that takes the result's ``bike_id`` was brought in on the conversation's object. The close acts on that record too,
and it is the act the turn says.
"""

from __future__ import annotations

import pytest

from tests.unit.bikeshare_kit import CLOSE, DESTROYERS, TOOLS, replay
from toolfilter_core import HashingEmbedder, ToolFilter


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, embedder=HashingEmbedder())


@pytest.mark.parametrize("last", ["那把这单关掉吧", "把这个工单关掉", "then close that ticket", "ok, close it then"])
def test_closing_the_ticket_gets_its_close_and_no_destroyer(tool_filter: ToolFilter, last: str) -> None:
    sets = replay(tool_filter, last)
    assert CLOSE in sets[-1], sets[-1]
    assert not DESTROYERS & set(sets[-1]), sets[-1]


def test_the_bikes_retire_still_comes_when_asked(tool_filter: ToolFilter) -> None:
    for last in ["retire bike B-1020", "把 B-1020 报废下线"]:
        assert "bike_retire" in replay(tool_filter, last)[-1], last
