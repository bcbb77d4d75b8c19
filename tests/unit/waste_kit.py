"""A household-waste service's registry and one conversation, shared by the tests of its readings.

Written by a language model from the service's acts alone (collections, bins, bulky pickups, garden-waste
subscriptions), with no toolfilter data in view.
"""

from __future__ import annotations

import json
from typing import Any

from toolfilter_core import ToolFilter, ToolSpec
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window


def _tool(name: str, description: str, *keys: str) -> ToolSpec:
    properties = {k: {"type": "string"} for k in keys}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": list(keys)})


TOOLS = [
    _tool(
        "bulky_pickup_book",
        "Book a bulky-waste collection (furniture, mattresses, white goods) for a household.",
        "address",
    ),
    _tool("bulky_pickup_cancel", "Cancel a bulky-waste pickup booking. The slot is released.", "booking_ref"),
    _tool("bulky_pickup_status", "Get a bulky pickup booking by reference: date, items, status.", "booking_ref"),
    _tool(
        "bin_registration_delete", "Delete a resident's bin registration from the property record.", "registration_id"
    ),
    _tool("bin_registration_get", "查询住户的垃圾桶登记信息：该地址登记了哪些桶、桶的编号和容量。", "address"),
    _tool("missed_collection_report", "Log a missed collection for an address.", "address"),
    _tool("missed_collection_void", "Void a missed-collection report logged in error.", "report_id"),
    _tool(
        "garden_subscription_get",
        "Garden waste subscription details for a property: status, bins, expiry.",
        "subscription_id",
    ),
    _tool("garden_subscription_renew", "Renew a garden waste subscription for another year.", "subscription_id"),
    _tool(
        "garden_subscription_close",
        "Close a garden-waste subscription. Collections stop from the next round.",
        "subscription_id",
    ),
    _tool("send_sms_notice", "给住户发送短信通知（收运变更、预约确认等）。", "phone", "message"),
]
DESTROYERS = {"bulky_pickup_cancel", "bin_registration_delete", "missed_collection_void", "garden_subscription_close"}


def _call(call_id: str, name: str, arguments: dict[str, str], result: dict[str, str]) -> list[dict[str, Any]]:
    call = {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}
    return [
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": call_id, "content": json.dumps(result, ensure_ascii=False)},
    ]


def conversation(first: str, last: str) -> list[dict[str, Any]]:
    """A subscription read (GS-1029), then ``last``."""
    read = {"id": "GS-1029", "status": "active", "expires": "2027-03-31", "address": "梧桐街6号"}
    return [
        {"role": "user", "content": first},
        *_call("c1", "garden_subscription_get", {"subscription_id": "GS-1029"}, read),
        {"role": "assistant", "content": "GS-1029 is active until 2027-03-31."},
        {"role": "user", "content": last},
    ]


def replay(tool_filter: ToolFilter, first: str, last: str) -> list[tuple[str, ...]]:
    """The set the policy offers at every model call of the conversation ending with ``last``."""
    turns, policy = openai_turns(conversation(first, last)), ConversationPolicy()
    sets = []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        sets.append(select_window(tool_filter, window, conversation=policy).names)
    return sets
