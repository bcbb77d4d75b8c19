"""After a refund ran, "PAY-1202 也退了吧" asks the refund again, on another payment.

The refund of PAY-1201 ran; "PAY-1202 也退了吧" says a bare 退 with no money word and no English verb: the kept
``payment_refund`` was dropped as an act the turn did not ask. An act asked again (也, "too") on an id no earlier
message names asks the act that ran; "发短信告诉她退款已经处理" still asks none.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

TOOLS = [
    ToolSpec("payment_get", "Look up a payment by id: amount, status, customer."),
    ToolSpec("payment_refund", "Refund a payment to the customer's card.", annotations={"destructiveHint": True}),
    ToolSpec("send_sms", "Send a text message to a customer."),
    ToolSpec("customer_get", "Look up a customer by name."),
]


def _messages(first: str, last: str) -> list[dict[str, Any]]:
    call = {"id": "c1", "type": "function", "function": {"name": "payment_refund", "arguments": '{"id": "PAY-1201"}'}}
    return [
        {"role": "user", "content": first},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "PAY-1201 refunded"},
        {"role": "assistant", "content": "已退款 PAY-1201。"},
        {"role": "user", "content": last},
    ]


def _last_set(first: str, last: str) -> list[str]:
    tool_filter = ToolFilter(TOOLS, embedder=HashingEmbedder())
    turns = openai_turns(_messages(first, last))
    policy, names = ConversationPolicy(), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        names = list(select_window(tool_filter, window, conversation=policy).names)
    return names


@pytest.mark.parametrize("last", ["PAY-1202 也退了吧", "refund PAY-1202 too"])
def test_the_act_asked_again_on_another_id_is_offered(last: str) -> None:
    assert "payment_refund" in _last_set("refund PAY-1201", last)


@pytest.mark.parametrize("last", ["发短信告诉她退款已经处理", "PAY-1201 也退了吧"])
def test_a_turn_telling_the_refund_or_naming_the_same_id_is_not_offered_it(last: str) -> None:
    assert "payment_refund" not in _last_set("refund PAY-1201", last)
