"""A destroy ask on a pronoun acts on the thing an earlier turn named.

A household-waste conversation (``waste_kit``): ``garden_subscription_get`` read GS-1029, then
"住户要搬走了，把它取消吧" (the resident is moving out, cancel it). 取消 ("cancel") is ``bulky_pickup_cancel``'s
verb, and the turn was offered that destroyer, "destructive, not asked for"; 它 points to the subscription read,
whose close the turn asks.
"""

from __future__ import annotations

import pytest

from tests.unit.waste_kit import DESTROYERS, TOOLS, replay
from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation_policy import points_back


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, embedder=HashingEmbedder())


@pytest.mark.parametrize(
    ("first", "last"),
    [
        ("帮我查一下花园垃圾订阅 GS-1029 的状态", "住户要搬走了，把它取消吧。"),
        ("帮我查一下花园垃圾订阅 GS-1029 的状态", "住户要搬走了，把它注销吧。"),
        ("Check garden subscription GS-1029", "The resident is moving out, cancel it."),
        ("Check garden subscription GS-1029", "They're moving away, get rid of it."),
    ],
)
def test_a_pronouns_destroy_ask_gets_the_earlier_things_act(tool_filter: ToolFilter, first: str, last: str) -> None:
    offered = set(replay(tool_filter, first, last)[-1])
    assert "garden_subscription_close" in offered, offered
    assert not (DESTROYERS - {"garden_subscription_close"}) & offered, offered


@pytest.mark.parametrize("last", ["取消吧", "那就取消掉吧", "把这个订阅取消掉", "帮我取消这个订阅"])
def test_a_chinese_cancel_with_no_pronoun_gets_the_subscriptions_close(tool_filter: ToolFilter, last: str) -> None:
    # 7ad5d50 sent bulky_pickup_cancel, or nothing: 取消 was not the close's act, and Chinese drops the pronoun
    offered = set(replay(tool_filter, "看看我的花园垃圾订阅 GS-1029", last)[-1])
    assert "garden_subscription_close" in offered, offered
    assert not (DESTROYERS - {"garden_subscription_close"}) & offered, offered


def test_a_pronoun_with_no_destroy_ask_gets_no_destroyer(tool_filter: ToolFilter) -> None:
    offered = set(replay(tool_filter, "Check garden subscription GS-1029", "ok, renew it for another year")[-1])
    assert not DESTROYERS & offered, offered


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("把它取消吧", True),
        ("cancel it", True),
        ("get rid of it", True),
        ("把它和 B-2 都删了", False),  # another object beside it
        ("把这个工单关掉", False),  # a noun names the object
        ("renew it", False),
        ("cancel the bulky pickup BW-1", False),
    ],
)
def test_points_back(text: str, expected: bool) -> None:
    assert points_back(text) is expected
