"""A household-waste registry (``waste_kit``), no profiles, the real default embedder: a subscription cancelled.

``garden_subscription_close`` ("Close a garden-waste subscription") took "close" as its only act, and "取消花园垃圾
订阅 GS-1029", "停掉花园垃圾订阅", "退订花园垃圾服务", "end my garden waste subscription" got no destroyer: a
subscription closed is one cancelled, ended, unsubscribed from.
"""

from __future__ import annotations

import pytest

from tests.unit.waste_kit import DESTROYERS, TOOLS, replay
from toolfilter_core import Embedder, ToolFilter, recommended_config

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def waste(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(TOOLS, config=recommended_config(), embedder=default_embedder)


@pytest.mark.parametrize(
    "text",
    [
        "取消花园垃圾订阅 GS-1029",
        "把花园垃圾订阅 GS-1029 取消掉",
        "停掉花园垃圾订阅",
        "退订花园垃圾服务",
        "end my garden waste subscription",
        "关闭花园垃圾订阅",
        "注销我的花园垃圾订阅",
    ],
)
def test_cancelling_the_subscription_gets_its_close(waste: ToolFilter, text: str) -> None:
    s = waste.select(text)
    assert "garden_subscription_close" in s.names, s.explain()
    assert not (DESTROYERS - {"garden_subscription_close"}) & set(s.names), s.explain()


@pytest.mark.parametrize("last", ["取消吧", "那就取消掉吧", "把这个订阅取消掉", "帮我取消这个订阅"])
def test_a_cancel_after_reading_the_subscription_gets_its_close(waste: ToolFilter, last: str) -> None:
    offered = set(replay(waste, "看看我的花园垃圾订阅 GS-1029", last)[-1])
    assert "garden_subscription_close" in offered, offered
    assert not (DESTROYERS - {"garden_subscription_close"}) & offered, offered


def test_a_bin_not_emptied_still_gets_no_destroyer(waste: ToolFilter) -> None:
    s = waste.select("my bin was not emptied")
    assert not DESTROYERS & set(s.names), s.explain()
