"""A question of what follows a condition, a relayed wish beside a question, an act's state by its id, a making act.

"如果客户取消的话，定金能退多少？先帮我看下WB-2200的详情" (if the customer cancels, how much of the deposit comes
back? first show me WB-2200) was sent ``refund_issue``; "客户说要退款，订单12现在到哪了" (the customer wants a refund;
where is order 12 now?) was sent ``order_refund``, its question asked without a mark; "refund R-991 was rejected, why?
check it" was sent ``payment_refund`` (the refund's id between the act and "was rejected"); "Order 40 packs from
Alliance then" was offered ``stock_writeoff``, whose profile request "Remove 40 recalled packs …" sat closest.
Here on registries of our own, by the readings and by a hashing embedder.
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.decide import asked_to_destroy, says_acts
from toolfilter_core._pipeline.reports import ask_and_reports

from .fakes import takes
from .music_shop_kit import DESTROYERS, TOOLS

_GONE = {"destructiveHint": True}
ORDERS = [
    ToolSpec("order_status", "Where an order is: shipped, delivered or waiting.", takes("order_id")),
    ToolSpec("order_refund", "Refund an order to the customer's card.", takes("order_id"), annotations=_GONE),
    ToolSpec("booking_cancel", "Cancel a booking and release the date.", takes("booking_id"), annotations=_GONE),
]
ROW = np.array([[False, True, True]])


def _said(text: str) -> list[str]:
    """The destroyers whose act the request's ask (its told spans apart) says."""
    row = says_acts(ask_and_reports(text)[0], ORDERS, ROW)
    return [t.name for j, t in enumerate(ORDERS) if row[0, j]]


@pytest.mark.parametrize(
    "text",
    [
        "如果客户取消的话，定金能退多少？先帮我看下订单 12 的详情",
        "要是客人取消的话，订金能退几成？先查一下订单 12",
        "定金能退多少，如果客户取消的话？先看下订单 12",
        "客户说要退款，订单12现在到哪了",  # a question by its word, no mark
        "客户说要退款，订单12是什么状态",
    ],
)
def test_a_supposed_acts_question_or_a_wish_beside_a_question_says_no_act(text: str) -> None:
    assert _said(text) == [], ask_and_reports(text)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("如果客户取消的话，退定金吧", "order_refund"),  # an act asked under the condition
        ("客户说要退款，帮他退一下订单12", "order_refund"),  # a wish relayed and handed on
        ("如果还没发货，可以取消预订 B-12 吗？先查一下", "booking_cancel"),  # yes or no: a polite ask
        ("如果客户不要了，哪怕扣手续费也给订单 12 退款，顺便查一下订单 13", "order_refund"),  # even if: a concession
        ("如果客户不要了，不管扣多少手续费都取消预订 B-12，顺便查一下订单 13", "booking_cancel"),  # no matter how much
    ],
)
def test_an_act_asked_beside_them_is_still_said(text: str, said: str) -> None:
    assert said in _said(text), ask_and_reports(text)


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("if the customer cancels, how much of the deposit comes back? first show me order 12", "how much"),
        ("what happens to the deposit if they cancel? show me order 12", "what happens"),
        ("如果客户取消的话，定金能退多少？先帮我看下订单 12 的详情", "能退多少"),
        ("refund R-991 was rejected, why? check it", "refund R-991 was rejected"),
        ("退款 R-991 被拒了，为什么？帮我查一下", "退款 R-991 被拒了"),
    ],
)
def test_the_told_span_holds_the_question_or_the_state(text: str, told: str) -> None:
    ask, spans = ask_and_reports(text)
    assert told in spans, (ask, spans)


@pytest.fixture(scope="module")
def shop() -> ToolFilter:
    return ToolFilter(TOOLS, embedder=HashingEmbedder())


def test_a_refunds_state_by_its_number_is_sent_the_read_only(shop: ToolFilter) -> None:
    names = shop.select("refund 6002 was rejected, why? check it").names
    assert "refund_status" in names, names
    assert not DESTROYERS & set(names), names


def test_a_refund_asked_again_beside_its_state_is_sent(shop: ToolFilter) -> None:
    names = shop.select("refund 6002 was rejected, refund it again").names
    assert "order_refund" in names, names


@pytest.mark.parametrize(
    "text",
    [
        "Order 40 packs from Alliance then",
        "please book a room for Friday",
        "add 3 units to the shelf",
        "从国药订 50 盒",
    ],
)
def test_a_making_act_is_no_destroy_ask_by_its_neighbours(text: str) -> None:
    # its closest profile request asks to destroy (0.6 against 0.2): the making act it opens with holds it
    assert not asked_to_destroy(text, np.array([0.2], np.float32), np.array([0.6], np.float32)), text


@pytest.mark.parametrize("text", ["order 4471 has to go", "we no longer need order 4471"])
def test_a_records_fate_is_still_a_destroy_ask_by_its_neighbours(text: str) -> None:
    assert asked_to_destroy(text, np.array([0.2], np.float32), np.array([0.6], np.float32)), text
