"""A bike-share operator's ticket conversation with the real default embedder: the ticket's close, no destroyer.

After ``repair_ticket_create`` opened RT-55 for bike B-1020 and ``repair_ticket_get`` read it, "那把这单关掉吧" (then
close this ticket) was offered ``bike_retire``; and "把 B-1020 报废下线" (retire B-1020), whose 报废 is the
bike's retire, kept the ticket's set without it.
"""

from __future__ import annotations

import pytest

from tests.unit.bikeshare_kit import CLOSE, DESTROYERS, TOOLS, replay
from toolfilter_core import Embedder, ToolFilter

pytestmark = [pytest.mark.integration]

CLOSES = ["ok, close it then", "then close that ticket", "好了，把工单关了吧", "那把这单关掉吧"]


def test_the_ticket_is_closed_and_the_bike_retired_only_when_asked(default_embedder: Embedder) -> None:
    tool_filter = ToolFilter(TOOLS, embedder=default_embedder)
    for last in CLOSES:
        offered = set(replay(tool_filter, last)[-1])
        assert CLOSE in offered and not DESTROYERS & offered, (last, offered)
    for last in ["retire bike B-1020", "把 B-1020 报废下线"]:
        assert "bike_retire" in replay(tool_filter, last)[-1], last
