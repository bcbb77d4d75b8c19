"""Whole selections, the real default embedder: an undo, a past act told with its object, a correction that adds,
stresses or names another record.

"restore customer C-12" asks no ``customer_delete`` (restore undoes a delete); "I cancelled booking B-77 yesterday,
now cancel order O-5512" asks the order's cancel alone; "删除订单 O-5512，我是说真的" asks the delete it stresses;
"取消订单 O-5512，不对，是订单 O-5513" cancels O-5513.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration


def _schema(key: str) -> dict[str, object]:
    return {"type": "object", "properties": {key: {"type": "string"}}}


D = {"destructiveHint": True}
TOOLS = [
    ToolSpec("order_get", "Get an order by id.", _schema("order_id")),
    ToolSpec("order_cancel", "Cancel an order.", _schema("order_id"), annotations=D),
    ToolSpec("order_refund", "Refund an order's payment to the customer.", _schema("order_id"), annotations=D),
    ToolSpec("order_delete", "Delete an order record.", _schema("order_id"), annotations=D),
    ToolSpec("customer_get", "Look up a customer by id.", _schema("customer_id")),
    ToolSpec("customer_delete", "Delete a customer account.", _schema("customer_id"), annotations=D),
    ToolSpec("booking_list", "List a customer's bookings.", _schema("customer_id")),
    ToolSpec("booking_cancel", "Cancel a booking.", _schema("booking_id"), annotations=D),
    ToolSpec("send_email", "Send an e-mail to a customer.", _schema("to")),
]
DESTROYERS = {t.name for t in TOOLS if t.annotations}


@pytest.fixture(scope="module")
def chooser(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(TOOLS, embedder=default_embedder)


@pytest.mark.parametrize(
    ("request_", "sent"),
    [
        ("restore customer C-12", set()),
        ("恢复客户 C-12", set()),
        ("We deleted customer C-12 by mistake, restore him", set()),
        ("I cancelled booking B-77 yesterday, now cancel order O-5512", {"order_cancel"}),
        ("删除订单 O-5512，我是说真的", {"order_delete"}),
        ("取消订单 O-5512，不对，是订单 O-5513", {"order_cancel"}),
        ("delete customer C-12", {"customer_delete"}),
        ("cancel booking B-77", {"booking_cancel"}),
        ("Hold off on the refund, but cancel order O-5512", {"order_cancel"}),
    ],
)
def test_the_destroyers_sent(chooser: ToolFilter, request_: str, sent: set[str]) -> None:
    assert set(chooser.select(request_).names) & DESTROYERS == sent
