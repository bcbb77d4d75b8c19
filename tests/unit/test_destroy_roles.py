"""The role an act's word plays in its clause (``_pipeline.unasked``, ``_pipeline.wishes``): told, or asked.

A thing ("退款金额", "all cancelled orders"), a condition ("如果客户不要了"), a question of its time or amount
("退款要多久到账"), another person's worry, question, refusal or act elsewhere, another's wish beside an ask of
another act: read apart from the ask (``reports.ask_and_reports``); an act asked stays in the ask.
"""

import pytest

from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.reports import ask_and_reports
from toolfilter_core._pipeline.unasked import split_unasked
from toolfilter_core._pipeline.wishes import split_wishes

TOLD = [
    "Show me all cancelled orders from this week",
    "Refund amount for KD-2102's March meals, how much did we send back?",
    "退款金额对不上，流水 TX-99120 到底退了多少？",
    "350g 铜版纸还有多少？之前那个取消的名片订单应该没用掉",
    "删除会员数据的请求要多久处理完？会员 M-77102 的积分记录给我看一下",
    "如果客户不要了，这个订单 GC-118420 退款要多久到账？先查一下付款方式",
    "If we cancel the museum trip, how many families paid the trip fee? TRIP-79",
    "PRM-60231 吊销之后能不能重新申请？先看这个许可证现在的状态",
    "这位车主的罚单 PCN-8812555 是哪天开的？他问能不能取消",
    "APP-2026-0402 的面试安排在哪天？家长说如果时间不行就取消申请",
    "豆豆妈妈说她想撤销外婆的接送权限，先看看现在授权的有哪些人，KD-2150",
    "会员 M-88120 说想注销会员卡，但先别动，看看他还有多少积分",
    "客户 C-1204 之前说要注销合作，现在他们的月结额度是多少？",
    "帮我看下 GC-118120 这个单，客户昨天说要取消，后来又说不取消了",
    "Run preflight on file F-88120, the customer is worried we'll cancel the job if it fails",
    "Quote for 500 A5 flyers, 170gsm silk — the customer cancelled with the other printer",
    "Book DPD next-day for PJ-30471, the customer said cancel the collection they'd planned",
]
ASKED = [
    "Cancel order GC-118290 please",
    "帮我把订单 GC-118377 取消掉",
    "APP-2026-0402 家长决定不来了，帮他办一下取消申请",
    "客户 C-1204 要求删除他们的客户资料，请处理",
    "客户说想取消订单5521",
    "如果还没发货就取消",
    "cancel it if it isn't shipped yet",
    "if power dies shut down the nas + proxmox after 5 min on battery",
    "if you could cancel PK-449120 that would be great",
    "Would you cancel PJ-30499 and void its invoice INV-22060? Duplicate order",
]


@pytest.mark.parametrize("text", TOLD)
def test_an_act_told_leaves_the_ask(text: str) -> None:
    assert request_is_destructive(text)
    ask, told = ask_and_reports(text)
    assert told
    assert not request_is_destructive(ask), ask


@pytest.mark.parametrize("text", ASKED)
def test_an_act_asked_stays_in_the_ask(text: str) -> None:
    ask, _ = ask_and_reports(text)
    assert request_is_destructive(ask), ask


def test_the_act_word_leaves_its_noun_in_the_ask() -> None:
    ask, told = split_unasked("Show me all cancelled orders from this week")
    assert "orders" in ask
    assert told == "cancelled"
    ask, told = split_unasked("删除会员数据的请求要多久处理完")
    assert told.splitlines()[0] == "删除"


def test_a_wish_beside_a_read_is_told_alone_it_is_relayed() -> None:
    assert split_wishes("客户昨天说要取消，帮我看下 GC-118120 这个单")[1] == "客户昨天说要取消"
    assert split_wishes("客户昨天说要取消 GC-118120")[1] == ""
    assert split_wishes("KD-2120 请病假三天，家长不想退伙食费")[1] == "家长不想退伙食费"


def test_a_person_s_data_is_no_person_who_wished() -> None:
    assert split_unasked("查一下要求注销账号的客户 C-9")[1] == "要求注销账号的"
    assert split_unasked("客户 C-1204 要求删除他们的客户资料，请处理")[1] == ""
