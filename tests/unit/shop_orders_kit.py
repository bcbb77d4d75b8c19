"""A shop's registry with three destroyers of an order and one of a customer, and a three-turn conversation.

Written by a language model from a shop's acts alone (orders, refunds, notes, customers), with no toolfilter data
in view. Its guard holds both destroyers of "cancel order ORD-5521 and refund the payment".
"""

from __future__ import annotations

from toolfilter_core import ToolFilter, ToolSpec
from toolfilter_core._conversation import Turn
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

GONE = {"destructiveHint": True}


def _tool(name: str, description: str, key: str, annotations: dict[str, bool] | None = None) -> ToolSpec:
    schema = {"type": "object", "properties": {key: {"type": "string"}}, "required": [key]}
    return ToolSpec(name, description, schema, annotations=annotations)


TOOLS = [
    _tool("get_order", "Look up an order's status, items and total by order id.", "order_id"),
    _tool("update_order", "Change an order's shipping address or items before it ships.", "order_id"),
    _tool("cancel_order", "Cancel an order that has not shipped yet.", "order_id", GONE),
    _tool("refund_order", "Refund an order's payment to the customer.", "order_id", GONE),
    _tool("delete_order_note", "Delete a note from an order.", "order_id", GONE),
    _tool("get_customer", "Look up a customer's profile and contact details.", "customer_id"),
    _tool("delete_customer", "Delete a customer account and all its data.", "customer_id", GONE),
    _tool("send_email", "Send an email to a customer.", "to"),
    _tool("list_products", "List products in the catalog with prices and stock.", "category"),
]
DESTROYERS = {t.name for t in TOOLS if t.annotations}
WIDE = [
    *TOOLS[:8],
    _tool("get_weather", "Current weather forecast for a city.", "city"),
    TOOLS[8],
    _tool("create_coupon", "Create a discount coupon code.", "percent"),
]
"""The shop's tools with two unrelated ones (weather, coupons) among them."""


def turns(first: str, offer: str, reply: str) -> list[Turn]:
    """A user turn, the assistant's ``offer``, the user's ``reply``."""
    return [Turn("user", first), Turn("assistant", offer), Turn("user", reply)]


def last_destroyers(tool_filter: ToolFilter, first: str, offer: str, reply: str) -> set[str]:
    """The destroyers the policy offers at the conversation's last model call."""
    said = turns(first, offer, reply)
    policy, names = ConversationPolicy(), []
    for end in [i for i, t in enumerate(said) if t.role == "assistant"] + [len(said)]:
        window = conversation_window(said[:end], history_turns=tool_filter.config.history_turns)
        names = list(select_window(tool_filter, window, conversation=policy).names)
    return set(names) & DESTROYERS
