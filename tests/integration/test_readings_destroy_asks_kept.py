"""Destroy asks whose destroyer was not sent, the real default embedder, no profiles.

Four registries (``data/coffee_roaster``, ``swimming_pool``, ``baggage_desk``, ``print_shop``). At the base each
request below got no destroyer: an id format written with a placeholder ("One web-shop order by number (R-xxxxx)")
named no prefix, a destroyer whose act (in the other language) and id the request says ranked under the score cuts or
outside the domains kept, a removal said as taking a bag off a courier run, and the slang of a removal (拿掉, 干掉,
把…废了) had no English.
"""

from __future__ import annotations

import warnings
from functools import cache
from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpecWarning, read_tools_file, recommended_config

pytestmark = pytest.mark.integration

DATA = Path(__file__).resolve().parent / "data"


@cache
def _filter(registry: str, embedder: Embedder) -> ToolFilter:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        tools = read_tools_file(DATA / registry / "tools.jsonl")
        return ToolFilter(tools, config=recommended_config(), embedder=embedder)


@pytest.mark.parametrize(
    ("registry", "text", "destroyer"),
    [
        ("coffee_roaster", "We have no choice but to cancel R-21020 — the Geisha lot sold out.", "cancel_order"),
        ("coffee_roaster", "取消订单 R-21030", "cancel_order"),
        ("coffee_roaster", "把 COFFEE30 这个码废了", "void_discount_code"),
        ("swimming_pool", "这个测试账户 CU-0001 干掉吧", "delete_customer_account"),
        ("baggage_desk", "CD-4460 里那件 XA447300 拿掉，旅客自己来取", "remove_bag_from_delivery"),
        (
            "baggage_desk",
            "Frankfurt station asked us to take bag XA447201 off courier run CD-4450, the passenger will collect it.",
            "remove_bag_from_delivery",
        ),
        ("print_shop", "帮我把 PJ-30502 取消掉，客户电话里说的", "cancel_print_job"),
        ("swimming_pool", "删除 CU-0001 的账户", "delete_customer_account"),
        ("coffee_roaster", "取消 R-21030 的订单", "cancel_order"),
        ("coffee_roaster", 'Customer says "cancel R-21030". Do it.', "cancel_order"),
        ("baggage_desk", "take bag XA447201 off courier run CD-4450", "remove_bag_from_delivery"),
    ],
)
def test_the_destroyer_asked_is_sent(default_embedder: Embedder, registry: str, text: str, destroyer: str) -> None:
    selection = _filter(registry, default_embedder).select(text)
    assert destroyer in selection.names, selection.explain()


@pytest.mark.parametrize(
    ("registry", "text", "destroyer"),
    [
        ("coffee_roaster", "where is order R-21030, has it shipped?", "cancel_order"),
        ("coffee_roaster", "订单 R-21030 到哪了", "cancel_order"),
        ("baggage_desk", "what bags are on courier run CD-4450", "remove_bag_from_delivery"),
        ("baggage_desk", "move courier run CD-4450 to Friday morning", "remove_bag_from_delivery"),
        ("swimming_pool", "CU-0001 的账户信息看一下", "delete_customer_account"),
        ("coffee_roaster", "不要把 COFFEE30 这个码废了", "void_discount_code"),
        ("coffee_roaster", "别把 COFFEE30 这个码废了，查一下它还剩几次", "void_discount_code"),
        ("baggage_desk", "don't take bag XA447201 off courier run CD-4450", "remove_bag_from_delivery"),
        ("baggage_desk", "CD-4460 里那件 XA447300 别拿掉", "remove_bag_from_delivery"),
        ("baggage_desk", "take the hold off order O-12", "remove_bag_from_delivery"),
        ("swimming_pool", "账号 CU-0001 在前台电脑上注销登录一下", "delete_customer_account"),
        ("swimming_pool", "想注销账户，需要什么手续？", "delete_customer_account"),
        ("swimming_pool", "去掉 CU-0001 的会员折扣", "remove_from_lesson_course"),
        ("coffee_roaster", "取消 R-21030 的订阅提醒邮件", "cancel_order"),
        ("coffee_roaster", "remove the member discount of CU-0001", "delete_customer"),
        ("swimming_pool", "remove the member discount of CU-0001", "remove_from_lesson_course"),
        ("baggage_desk", "take the sticker off bag XA447201", "remove_bag_from_delivery"),
        ("coffee_roaster", 'Customer says: "cancel R-21030". Don\'t do it yet.', "cancel_order"),
    ],
)
def test_no_destroyer_rides_along(default_embedder: Embedder, registry: str, text: str, destroyer: str) -> None:
    selection = _filter(registry, default_embedder).select(text)
    assert destroyer not in selection.names, selection.explain()
