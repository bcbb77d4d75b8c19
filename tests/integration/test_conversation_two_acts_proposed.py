"""Whole conversations, the real default embedder: a yes to a proposal of two acts takes both.

"Shall I cancel ORD-1 and refund the payment?" proposes two acts, each its own tool's verb: "yes", "yes, both" and
"好的，都办了" offer ``order_cancel`` and ``payment_refund``; "only the refund" offers the refund alone.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

pytestmark = pytest.mark.integration

TOOLS = [
    ToolSpec("order_get", "Get an order's status and items by order id."),
    ToolSpec("order_cancel", "Cancel an order that has not shipped yet."),
    ToolSpec("payment_refund", "Refund a payment to the customer's card."),
    ToolSpec("customer_get", "Look up a customer by name."),
    ToolSpec("send_email", "Send an email to a customer."),
]
PROPOSED = [
    ("user", "ORD-1 arrived broken, the customer wants her money back"),
    ("assistant", "Shall I cancel ORD-1 and refund the payment?"),
]


def _last_set(embedder: Embedder, conversation: list[tuple[str, str]]) -> list[str]:
    tool_filter = ToolFilter(TOOLS, embedder=embedder)
    turns = openai_turns([{"role": role, "content": text} for role, text in conversation])
    policy, names = ConversationPolicy(), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        names = list(select_window(tool_filter, window, conversation=policy).names)
    return names


@pytest.mark.parametrize("last", ["yes, both", "好的，都办了", "yes"])
def test_a_yes_to_two_acts_proposed_offers_both(default_embedder: Embedder, last: str) -> None:
    names = _last_set(default_embedder, [*PROPOSED, ("user", last)])
    assert {"order_cancel", "payment_refund"} <= set(names), names


def test_only_one_of_the_two_acts_offers_that_one(default_embedder: Embedder) -> None:
    names = _last_set(default_embedder, [*PROPOSED, ("user", "only the refund")])
    assert "payment_refund" in names and "order_cancel" not in names, names


def test_two_acts_asked_send_both(default_embedder: Embedder) -> None:
    for request_ in ["cancel ORD-1 and refund the payment", "取消订单 ORD-1 并退款"]:
        names = ToolFilter(TOOLS, embedder=default_embedder).select(request_).names
        assert {"order_cancel", "payment_refund"} <= set(names), (request_, names)
