"""A shop's and a mover's registries, the real default embedder: a customer said beside an order's id.

"帮客户取消 ORD-5521", "等客户确认后再取消 ORD-5521", "客户说 ORD-5521 要取消" and "ORD-5521 客户不要了" sent
``delete_customer``: the customer is served, waited on or speaks, and the order is the thing. "客户确认了，取消
ORD-5521", "客户打电话说 ORD-5521 不要了，帮我取消" and "MV-41000 客户不搬了，取消吧" sent no destroyer.
"""

from __future__ import annotations

import pytest

from tests.unit import shop_kit as shop
from tests.unit.fakes import takes
from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration
GONE = shop.GONE
SHOP = shop.registry(
    "get_order", "update_order", "cancel_order", "refund_order", "delete_customer", "list_products", "send_email"
)
MOVE = [
    ToolSpec("booking_get", "Show a move booking's date, address and crew.", takes("move_id")),
    ToolSpec("booking_update", "Change a move booking's date or address.", takes("move_id")),
    ToolSpec("booking_cancel", "Cancel a move booking.", takes("move_id"), annotations=GONE),
    ToolSpec(
        "inventory_item_remove", "Delete an item from a move's inventory list.", takes("move_id"), annotations=GONE
    ),
    ToolSpec("crew_unassign", "Remove a crew member from a move.", takes("move_id"), annotations=GONE),
    ToolSpec("send_sms", "Send a text message to a customer.", takes("to")),
]
DESTROYERS = {t.name for t in SHOP + MOVE if t.annotations}


@pytest.fixture(scope="module")
def filters(default_embedder: Embedder) -> dict[str, ToolFilter]:
    return {"shop": ToolFilter(SHOP, embedder=default_embedder), "move": ToolFilter(MOVE, embedder=default_embedder)}


@pytest.mark.parametrize(
    ("registry", "text", "destroyer"),
    [
        ("shop", "帮客户取消 ORD-5521", "cancel_order"),  # served
        ("shop", "等客户确认后再取消 ORD-5521", "cancel_order"),  # waited on
        ("shop", "客户说 ORD-5521 要取消", "cancel_order"),  # speaks
        ("shop", "ORD-5521 客户不要了", "cancel_order"),  # no longer wants the order
        ("shop", "客户确认了，取消 ORD-5521", "cancel_order"),  # confirms
        ("shop", "客户打电话说 ORD-5521 不要了，帮我取消", "cancel_order"),  # the speaker's own ask beside
        ("shop", "客户说ORD-5521那单他不要了，帮忙取消", "cancel_order"),
        ("move", "MV-41000 客户不搬了，取消吧", "booking_cancel"),
        ("shop", "删除客户 C-1188", "delete_customer"),  # the customer asked destroyed
    ],
)
def test_the_wanted_destroyer_alone(
    filters: dict[str, ToolFilter], registry: str, text: str, destroyer: str | None
) -> None:
    names = set(filters[registry].select(text).names)
    assert names & DESTROYERS == ({destroyer} if destroyer else set()), names
