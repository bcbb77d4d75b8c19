"""Acts told, not asked: a part taken out of a record, an act undone, can-I questions, quoted words.

A gym's "会员 M-20777 被禁入了，门禁卡直接停掉" was sent ``member_delete`` (a GDPR erasure that takes the member
id) and held the asked ``access_card_revoke``: 停掉 of a card is its revoke. "订单 GO-7745 里那件大衣拿掉" takes a
coat out of an order, no cancel of it; "昨天不小心把…取消了，帮他重新订回" tells a mistake and asks the re-do;
"我能不能自己在网上取消？" asks how; "Customer texted: 'pls cancel …'" and "“取消预约”按钮" quote words, asking
nothing; "RMA-7800 是谁取消的？" asks who. The readings alone; the selections with the real embedder:
``tests/integration/test_readings_gym_parts_told.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import request_says_its_act, request_says_its_act_across
from toolfilter_core._pipeline.id_acts import by_id_and_act
from toolfilter_core._pipeline.reports import ask_and_reports
from toolfilter_core._pipeline.said_objects import taken_by_its_own_act, things_of_ids

from .fakes import takes

GONE = {"destructiveHint": True}
REVOKE = ToolSpec(
    "access_card_revoke",
    "Revoke a member's key fob / access card so it no longer opens the doors (lost card, banned member).",
    takes("card_id"),
    annotations=GONE,
)
ERASE = ToolSpec(
    "member_delete",
    "Permanently delete a member record and all personal data (GDPR erasure). Irreversible.",
    takes("member_id"),
    annotations=GONE,
)
CANCEL = ToolSpec(
    "garment_order_cancel",
    "Cancel a garment order that has not started cleaning; the garments are returned untouched.",
    takes("order_id"),
    annotations=GONE,
)
ARTWORK = ToolSpec(
    "artwork_delete", "Permanently delete an artwork file from an order and from storage.", takes("order_id")
)
ITEM = ToolSpec("order_item_remove", "Remove an item from an order before it is cleaned.", takes("order_id"))


@pytest.mark.parametrize(
    ("text", "said"), [("门禁卡直接停掉", True), ("把 AC-1 停掉", True), ("门禁卡停掉了吗？", False)]
)
def test_tingdiao_puts_a_revoked_thing_out_of_use(text: str, said: bool) -> None:
    assert request_says_its_act(text, REVOKE) is said


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("订单 GO-7745 里那件大衣拿掉，客人说先不洗了，其他照常", CANCEL),
        ("订单 PO-55250 的送货地址里把“三楼”去掉，改成一楼前台", CANCEL),
        ("Remove the old emergency contact from Leo Park's profile and put his sister, 555-0142", ERASE),
    ],
)
def test_a_part_taken_out_of_a_record_holds_its_destroyer(text: str, tool: ToolSpec) -> None:
    assert things_of_ids(text, [tool], np.array([[True]]))[0, 0]


def test_only_a_thing_of_its_kind_says_a_remover_from_its_act() -> None:
    tools, destructive = [ARTWORK, ITEM], np.array([[True, True]])
    assert not taken_by_its_own_act("订单 PO-55250 的送货地址里把“三楼”去掉", tools, destructive)[0, 0]
    assert taken_by_its_own_act("订单 GO-7745 里那件大衣拿掉", tools, destructive)[0, 1]


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("昨天不小心把王先生的泊位预订取消了，帮他重新订回 A-12", "不小心把王先生的泊位预订取消了"),
        ("刚才误把 GO-7770 取消了，帮客人重新开一张干洗单", "误把 GO-7770 取消了"),
        ("I accidentally cancelled her booking B-1, please rebook it", "accidentally cancelled her booking B-1"),
        ("我能不能自己在网上取消泊位预订？", "能不能自己在网上取消泊位预订"),
        ("员工离职了，客户能不能自己在门户里删掉他的账号？", "能不能自己在门户里删掉他的账号"),
        ("RMA-7800 是谁取消的？看下退货状态", "是谁取消的？"),
        ("是谁把会员 M-20512 的门禁卡停掉的？查一下他的会员资料", "是谁把会员 M-20512 的门禁卡停掉的？"),
        ("Customer texted: 'pls cancel the delivery tmrw, I'll come in myself'. Does she owe money?", "pls cancel"),
        ("会员说 app 上的“取消预约”按钮点不了，是不是系统出问题了", "“取消预约”按钮"),
    ],
)
def test_an_act_told_is_read_apart(text: str, told: str) -> None:
    ask, reports = ask_and_reports(text)
    assert told in reports
    assert told not in ask


@pytest.mark.parametrize(
    "text",
    [
        "你能不能帮我取消泊位预订？",
        "能不能取消一下 SR-1",
        "你能不能自己取消一下 SR-1",
        "谁能帮我取消一下 SR-1？",
        "Can you cancel the 'Summer Gala' booking?",
        "帮我把订单 O-1 取消了",
    ],
)
def test_an_ask_stays_asked(text: str) -> None:
    assert ask_and_reports(text) == (text, "")


def test_another_destroyers_act_said_takes_the_id_from_one_whose_act_is_not() -> None:
    # member_delete takes M-20777, but the request says the card's revoke (停掉), not an erasure
    tools, destructive = [ERASE, REVOKE], np.array([[True, True]])
    texts = ("会员 M-20777 被禁入了，门禁卡直接停掉",) * 2
    by_id = by_id_and_act([True, False], texts, tools, destructive, said=np.array([[False, True]]))
    assert by_id is not None and not by_id.any()
    assert by_id_and_act([True, False], ("delete member M-20777",) * 2, tools, destructive, said=None)[0, 0]


def test_chediao_takes_down_a_membership_by_its_revoke() -> None:
    revoke = ToolSpec(
        "loyalty_membership_revoke",
        "Revoke a customer's loyalty membership (fraud, abuse); points are forfeited.",
        takes("customer_id"),
        annotations=GONE,
    )
    assert request_says_its_act_across("这个客户用假优惠刷积分，撤掉他的积分会员，客户号 C-1210", revoke)
