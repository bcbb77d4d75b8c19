"""A "yes" takes the offer's object as well as its act; a close asked in everyday Chinese gets the record's closer.

A bike shop's conversation read rental R-240, the assistant offered "R-240: city bike L, 8-9 Dec. Shall I cancel
it?", and "yes, cancel it" was offered ``order_cancel`` (its words rank the order's cancel first) with
``rental_cancel`` held. Another read repair ticket T-77, and "太贵了，要不就别修了，把单子关了吧" (too expensive,
don't repair it, close the ticket) held ``repair_ticket_close``: 把…关了吧 read as no ask. Here on a music shop's
registry (``music_shop_kit``): a lesson booking's cancel, a repair job's close.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._hints import request_is_destructive

from .music_shop_kit import DESTROYERS, TOOLS, read_then, replay

BOOKING = ("lesson_booking_get", {"booking_id": "LB-204"}, {"id": "LB-204", "teacher": "Ms Wu", "date": "2026-12-08"})
JOB = ("repair_job_get", {"job_id": "RJ-77"}, {"id": "RJ-77", "status": "waiting for parts", "quote": 180})


@pytest.fixture(scope="module")
def shop() -> ToolFilter:
    return ToolFilter(TOOLS, embedder=HashingEmbedder())


def test_a_yes_to_cancel_the_booking_gets_the_bookings_cancel(shop: ToolFilter) -> None:
    said = "LB-204: piano with Ms Wu, 8 Dec. Shall I cancel it?"
    last = replay(shop, read_then("can you check lesson booking LB-204 for me?", BOOKING, said, "yes, cancel it"))[-1]
    assert "lesson_booking_cancel" in last, last
    assert DESTROYERS & set(last) == {"lesson_booking_cancel"}, last


@pytest.mark.parametrize(
    "text", ["太贵了，要不就别修了，把单子关了吧", "把单子关了吧", "我们把单子关了吧", "把单子关了"]
)
def test_ba_then_guan_le_asks_to_close(text: str) -> None:
    assert request_is_destructive(text), text


@pytest.mark.parametrize("text", ["我把单子关了", "他把单子关了吧？", "把单子关了吗", "把单子关了没有"])
def test_ba_then_guan_le_told_or_asked_whether_asks_nothing(text: str) -> None:
    assert not request_is_destructive(text), text


def test_closing_the_job_in_everyday_words_gets_its_closer(shop: ToolFilter) -> None:
    messages = read_then(
        "维修单RJ-77现在什么状态？", JOB, "RJ-77 在等配件，报价180元。", "太贵了，要不就别修了，把单子关了吧"
    )
    last = replay(shop, messages)[-1]
    assert "repair_job_close" in last, last
    assert DESTROYERS & set(last) == {"repair_job_close"}, last


def test_a_close_not_asked_gets_no_closer(shop: ToolFilter) -> None:
    messages = read_then(
        "维修单RJ-77现在什么状态？", JOB, "RJ-77 在等配件，报价180元。", "先别关，给客户发封邮件问问他的意见"
    )
    assert not DESTROYERS & set(replay(shop, messages)[-1])
