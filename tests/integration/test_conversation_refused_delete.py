"""A refusal of a proposed delete, with the real default embedder: no destroyer, and no tool of its own.

After "会员 7721 还有 340 积分。要我现在删除这个会员账户吗？", the answers "先别删" and "不要删，先留着" were offered
``loyalty_account_delete`` or a tool the turn's own words came nearest (a staff message, a catering quote).
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import Embedder, ToolFilter
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

pytestmark = [pytest.mark.integration]

DESTROY = {"destructiveHint": True}
TOOLS: list[dict[str, Any]] = [
    {"name": "loyalty_points_balance", "description": "Show a loyalty member's points balance and tier."},
    {"name": "loyalty_points_adjust", "description": "Add or deduct loyalty points for a member, with a reason."},
    {
        "name": "loyalty_account_delete",
        "description": "Delete a loyalty member's account and all its points. Cannot be undone.",
        "annotations": DESTROY,
    },
    {"name": "order_cancel", "description": "Cancel a bakery order. Cannot be undone.", "annotations": DESTROY},
    {"name": "order_lookup", "description": "Look up a bakery order: items, payment, pickup time."},
    {"name": "staff_message_send", "description": "Send a message to a staff member or to all staff."},
    {"name": "catering_quote", "description": "Quote a catering event: people, menu, date; nothing is booked."},
    {"name": "shift_swap_request", "description": "Request a shift swap between two employees."},
    {"name": "giftcard_balance", "description": "Check the balance of a gift card."},
]
DESTROYERS = {"loyalty_account_delete", "order_cancel"}


@pytest.mark.parametrize("last", ["先别删", "不要删，先留着", "no, don't delete it yet"])
def test_a_refused_delete_gets_no_destroyer_nor_a_new_tool(default_embedder: Embedder, last: str) -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "loyalty_points_balance", "arguments": "{}"}}
    messages = [
        {"role": "user", "content": "会员 7721 还有多少积分？"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"points": 340}'},
        {"role": "assistant", "content": "会员 7721 还有 340 积分。要我现在删除这个会员账户吗？删除后不可恢复。"},
        {"role": "user", "content": last},
    ]
    tool_filter = ToolFilter(TOOLS, embedder=default_embedder)
    policy, turns, sets = ConversationPolicy(), openai_turns(messages), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:  # every model call
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        sets.append(select_window(tool_filter, window, conversation=policy).names)
    assert not DESTROYERS & set(sets[-1]), sets
    assert set(sets[-1]) <= set(sets[-2]), sets
