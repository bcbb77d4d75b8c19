"""A refusal of a proposed delete, with the real default embedder: no destroyer, and no tool of its own.

After "会员 7721 还有 340 积分。要我现在删除这个会员账户吗？", the answers "先别删", "不要删，先留着" and "先不删吧"
were offered ``loyalty_account_delete`` or a tool the turn's own words came nearest (a staff message, a catering
quote). After "Shall I delete this loyalty account now?", "perfect" got no tool while "ok" and "sounds good"
confirmed the delete.
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


PROPOSALS = {
    "zh": ("会员 7721 还有多少积分？", "会员 7721 还有 340 积分。要我现在删除这个会员账户吗？删除后不可恢复。"),
    "en": (
        "How many points does member 7721 have?",
        "Member 7721 has 340 points. Shall I delete this loyalty account now? It cannot be undone.",
    ),
}


def _sets(embedder: Embedder, lang: str, last: str) -> list[list[str]]:
    """The tools offered at every model call of the conversation: a balance read, a delete proposed, ``last``."""
    call = {"id": "c1", "type": "function", "function": {"name": "loyalty_points_balance", "arguments": "{}"}}
    first, proposal = PROPOSALS[lang]
    messages = [
        {"role": "user", "content": first},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"points": 340}'},
        {"role": "assistant", "content": proposal},
        {"role": "user", "content": last},
    ]
    tool_filter = ToolFilter(TOOLS, embedder=embedder)
    policy, turns, sets = ConversationPolicy(), openai_turns(messages), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:  # every model call
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        sets.append(select_window(tool_filter, window, conversation=policy).names)
    return sets


@pytest.mark.parametrize("last", ["先别删", "不要删，先留着", "先不删吧", "no, don't delete it yet"])
def test_a_refused_delete_gets_no_destroyer_nor_a_new_tool(default_embedder: Embedder, last: str) -> None:
    sets = _sets(default_embedder, "en" if last.isascii() else "zh", last)
    assert not DESTROYERS & set(sets[-1]), sets
    assert set(sets[-1]) <= set(sets[-2]), sets


@pytest.mark.parametrize("last", ["ok", "sounds good", "perfect", "great"])
def test_a_short_approval_confirms_the_delete(default_embedder: Embedder, last: str) -> None:
    assert "loyalty_account_delete" in _sets(default_embedder, "en", last)[-1]
