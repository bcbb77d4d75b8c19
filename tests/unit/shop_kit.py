"""A shop's tools (orders, refunds, customers, products, e-mail), shared by the unit and integration tests of their
readings.

Each test takes the few tools it reads by name (``registry``), in its order. Written by a language model from a
shop's acts alone, with no toolfilter data in view.
"""

from __future__ import annotations

from toolfilter_core import ToolSpec

from .fakes import takes

GONE = {"destructiveHint": True}
_TOOLS = [
    ToolSpec("get_order", "Show an order's items, status and delivery date.", takes("order_id")),
    ToolSpec("update_order", "Change an order's delivery address or items.", takes("order_id")),
    ToolSpec("cancel_order", "Cancel an order before it ships.", takes("order_id"), annotations=GONE),
    ToolSpec("refund_order", "Refund an order's payment to the customer.", takes("order_id"), annotations=GONE),
    ToolSpec("delete_customer", "Delete a customer account and all its data.", takes("customer_id"), annotations=GONE),
    ToolSpec("list_products", "List products and prices.", takes("category")),
    ToolSpec("send_email", "Send an email to a customer.", takes("to")),
]
TOOLS = {tool.name: tool for tool in _TOOLS}


def registry(*names: str) -> list[ToolSpec]:
    """The kit's tools named ``names``, in that order."""
    return [TOOLS[name] for name in names]
