"""A correction that tells not to do a destroyer's act, and asks another, keeps no such destroyer.

"no, don't close it. just check her points balance", after a close proposed, still offered
``customer_account_close``: the fresh selection held it, but the conversation grew the set it kept from the turn
before. Fake embedder.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._conversation import Turn
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

from .fakes import takes

GONE = {"destructiveHint": True}
TOOLS = [
    ToolSpec(
        "customer_account_close", "Close a customer account and delete their data.", takes("id"), annotations=GONE
    ),
    ToolSpec("customer_get", "Look up a customer profile: name, phone, address.", takes("customer_id")),
    ToolSpec("loyalty_points_get", "Show a customer's loyalty points balance and tier.", takes("customer_id")),
    ToolSpec("ticket_close", "Close a support ticket for good.", takes("ticket_id"), annotations=GONE),
    ToolSpec("ticket_get", "Show a support ticket and its history.", takes("ticket_id")),
]


def _last_set(first: str, proposal: str, last: str) -> list[str]:
    tool_filter = ToolFilter(TOOLS, embedder=HashingEmbedder())
    turns = [Turn("user", first), Turn("assistant", proposal), Turn("user", last)]
    policy, names = ConversationPolicy(), []
    for end in (1, 3):
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        names = list(select_window(tool_filter, window, conversation=policy).names)
    return names


@pytest.mark.parametrize(
    ("first", "proposal", "last", "gone"),
    [
        (
            "close customer account C-4432",
            "I can close the account, but it is irreversible. Should I proceed?",
            "no, don't close it. just check her loyalty points balance",
            "customer_account_close",
        ),
        (
            "close ticket T-88, the customer account too",
            "I can close ticket T-88 now. Should I?",
            "no, don't close the ticket, show me its history instead",
            "ticket_close",
        ),
    ],
)
def test_a_destroyer_told_not_to_act_is_not_kept(first: str, proposal: str, last: str, gone: str) -> None:
    assert gone not in _last_set(first, proposal, last)


def test_a_turn_that_only_refuses_keeps_its_set() -> None:
    names = _last_set(
        "close customer account C-4432", "I can close the account. Should I proceed?", "no, don't close it yet"
    )
    assert "customer_account_close" in names
