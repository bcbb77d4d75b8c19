"""Whole selections, the real default embedder: the refused alternative, a named person looked up, a consequence.

A club registry: the act refused as the alternative ("freeze rather than cancel", "与其取消会员，不如先冻结") sends no
``membership_cancel``, the act preferred ("cancel rather than freeze", "与其冻结不如直接取消会员") sends it. A shop
registry that looks a customer up by name: "who is Mr Ito?", "王先生是谁" get the look-up, "你好，我是王先生" stays
unserved by it. After a passive report ("客户说被重复扣款了") a consequence that asks a refund sends it; one that asks
whether the cancelled order can be restored sends no cancel.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, Status, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration

CLUB = [
    ToolSpec("membership_cancel", "Cancel a member's membership permanently at the end of the billing period."),
    ToolSpec("membership_freeze", "Freeze (pause) a membership for 1 to 3 months. Billing is paused."),
    ToolSpec("membership_get", "Get a member's membership details: plan, status, freeze dates."),
    ToolSpec("class_book", "Book a member into a group class."),
    ToolSpec("send_email", "Send an email to a member."),
]
SHOP = [
    ToolSpec("get_customer", "Look up a customer by name"),
    ToolSpec("order_get", "Get an order's status and items by order id."),
    ToolSpec("order_cancel", "Cancel an order that has not shipped yet."),
    ToolSpec("order_restore", "Restore a cancelled order."),
    ToolSpec("refund_order", "Refund an order's payment to the customer's card."),
    ToolSpec("send_email", "Send an email to a customer."),
]


@pytest.fixture(scope="module")
def club(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(CLUB, embedder=default_embedder)


@pytest.fixture(scope="module")
def shop(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(SHOP, embedder=default_embedder)


@pytest.mark.parametrize(
    "request_",
    [
        "Member wants to freeze rather than cancel her membership.",
        "Rather than cancel her membership, freeze it for two months",
        "她不是要取消会员，是要暂停",
        "与其取消会员，不如先冻结两个月",
    ],
)
def test_the_act_refused_as_the_alternative_is_not_sent(club: ToolFilter, request_: str) -> None:
    names = club.select(request_).names
    assert "membership_cancel" not in names and "membership_freeze" in names, names


@pytest.mark.parametrize("request_", ["cancel rather than freeze her membership", "与其冻结不如直接取消会员"])
def test_the_act_preferred_to_the_alternative_is_sent(club: ToolFilter, request_: str) -> None:
    assert "membership_cancel" in club.select(request_).names


@pytest.mark.parametrize("request_", ["who is Mr Ito?", "王先生是谁"])
def test_who_a_named_person_is_gets_the_look_up_by_name(shop: ToolFilter, request_: str) -> None:
    selection = shop.select(request_)
    unsure = {Status.NO_TOOL_NEEDED, Status.NOT_SURE}  # not sure: the search alone where the agent has one
    assert selection.status not in unsure and "get_customer" in selection.names, selection.explain()


def test_an_introduction_by_name_is_still_no_ask(shop: ToolFilter) -> None:
    assert shop.select("你好，我是王先生").status in {Status.NO_TOOL_NEEDED, Status.NOT_SURE}


@pytest.mark.parametrize(
    "request_", ["客户说被重复扣款了，所以直接退款订单 ORD-1234", "客户说被重复扣款了，需要退款 ORD-1234"]
)
def test_a_consequence_asking_a_refund_after_a_report_sends_it(shop: ToolFilter, request_: str) -> None:
    assert "refund_order" in shop.select(request_).names


def test_a_consequence_asking_a_restore_after_a_cancel_reported_sends_no_cancel(shop: ToolFilter) -> None:
    selection = shop.select("客户说订单被取消了，所以想问一下还能不能恢复")
    assert "order_cancel" not in selection.names and "order_restore" in selection.names, selection.explain()
