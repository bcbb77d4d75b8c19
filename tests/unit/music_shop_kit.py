"""A music shop's 18 tools (lessons, orders, memberships, vouchers, repair jobs) and a replay of its conversations.

The tools and conversations were written by a language model from an imagined music shop alone. Each destroyer has a
sibling that reads the same record, so that a request's words may rank another record's destroyer first.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from toolfilter_core import ToolFilter
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

from .bikeshare_kit import DESTROY, READ
from .bikeshare_kit import _tool as _tool

TOOLS: list[dict[str, Any]] = [
    _tool("lesson_booking_get", "Look up a lesson booking: teacher, room, date and time.", ["booking_id"], READ),
    _tool("lesson_booking_create", "Book a music lesson with a teacher.", ["student_id", "teacher"]),
    _tool(
        "lesson_booking_cancel",
        "Cancel a lesson booking and free the room; applies the late-cancellation fee rules.",
        ["booking_id"],
        DESTROY,
    ),
    _tool("order_get", "Look up a sales order: items, total, payment, pickup.", ["order_id"], READ),
    _tool("order_cancel", "Cancel an open sales order before pickup and release the stock.", ["order_id"], DESTROY),
    _tool("order_refund", "Refund a paid sales order, fully or partly.", ["order_id", "amount"], DESTROY),
    _tool("refund_status", "Check the status of a refund: pending, paid out or rejected, and why.", ["order_id"], READ),
    _tool("member_lookup", "Look up a member's record: name, contact details, history.", ["member_id"], READ),
    _tool("member_delete", "Delete a member record and all personal data (erasure request).", ["member_id"], DESTROY),
    _tool("membership_get", "Show a member's membership plan and renewal date.", ["member_id"], READ),
    _tool("membership_start", "Start a membership plan for a member.", ["member_id", "plan"]),
    _tool(
        "membership_terminate",
        "Terminate a member's membership plan immediately and stop auto-renewal.",
        ["member_id"],
        DESTROY,
    ),
    _tool("voucher_balance", "Show a gift voucher's balance and whether it is still valid.", ["voucher_code"], READ),
    _tool("voucher_issue", "Issue a new gift voucher.", ["amount"]),
    _tool("voucher_void", "Void a gift voucher so it can no longer be used.", ["voucher_code"], DESTROY),
    _tool("repair_job_get", "Look up an instrument repair job: status, quote, notes.", ["job_id"], READ),
    _tool("repair_job_update", "Add a note or change the quote of a repair job.", ["job_id", "note"]),
    _tool(
        "repair_job_close",
        "Close (cancel) a repair job without doing the work; the instrument is returned as is.",
        ["job_id"],
        DESTROY,
    ),
    _tool("send_email", "Send an e-mail to a customer.", ["to", "body"]),
]
DESTROYERS = {t["name"] for t in TOOLS if t.get("annotations") == DESTROY}


def _call(name: str, arguments: dict[str, str], result: dict[str, Any], at: int) -> list[dict[str, Any]]:
    call = {"id": f"c{at}", "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}
    return [
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": f"c{at}", "content": json.dumps(result)},
    ]


def read_then(
    first: str, read: tuple[str, dict[str, str], dict[str, Any]], said: str, last: str
) -> list[dict[str, Any]]:
    """A user's first request, the read it ran (tool, arguments, result), the assistant's words, the last turn."""
    name, arguments, result = read
    return [
        {"role": "user", "content": first},
        *_call(name, arguments, result, 1),
        {"role": "assistant", "content": said},
        {"role": "user", "content": last},
    ]


def replay(tool_filter: ToolFilter, messages: Sequence[dict[str, Any]]) -> list[tuple[str, ...]]:
    """The set the policy offers at every model call of ``messages`` (before each assistant message, and at its end)."""
    turns, policy = openai_turns(messages), ConversationPolicy()
    sets = []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        sets.append(select_window(tool_filter, window, conversation=policy).names)
    return sets
