"""A bike-share operator's 30 tools and its repair-ticket conversation, replayed through the conversation API.

The tools and the conversation were written by a language model from an imagined bike-share operator alone.
A rider reports bike B-1020's broken brake; ``repair_ticket_create`` opens RT-55; ``repair_ticket_get`` reads it
twice; then the user asks to close the ticket, or to retire the bike.
"""

from __future__ import annotations

import json
from typing import Any

from toolfilter_core import ToolFilter
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

DESTROY = {"destructiveHint": True}
READ = {"readOnlyHint": True}


def _tool(name: str, description: str, keys: list[str], annotations: dict[str, bool] | None = None) -> dict[str, Any]:
    row: dict[str, Any] = {
        "name": name,
        "description": description,
        "parameters": {"type": "object", "properties": {k: {"type": "string"} for k in keys}, "required": keys},
    }
    if annotations:
        row["annotations"] = annotations
    return row


TOOLS: list[dict[str, Any]] = [
    _tool("ride_start", "Start a ride: unlock a bike for a rider at a station.", ["rider_id", "bike_id"]),
    _tool("ride_end", "End a ride normally: lock the bike at a station and compute the fare.", ["ride_id"]),
    _tool("ride_get", "Look up a ride: rider, bike, start and end time, fare.", ["ride_id"], READ),
    _tool("ride_list", "List a rider's recent rides.", ["rider_id"], READ),
    _tool(
        "ride_force_end",
        "Force-end a ride remotely: lock the bike wherever it is and close the ride; the rider is charged.",
        ["ride_id"],
        DESTROY,
    ),
    _tool("bike_get", "Look up a bike: model, battery, location, status, open issues.", ["bike_id"], READ),
    _tool("bike_list", "List bikes at a station or in an area, by status.", ["station_id"], READ),
    _tool("bike_locate", "Show a bike's last GPS position.", ["bike_id"], READ),
    _tool("bike_lock_remote", "Lock or unlock a bike remotely.", ["bike_id"]),
    _tool("bike_status_set", "Set a bike's status: available, maintenance, or out of service.", ["bike_id", "status"]),
    _tool(
        "bike_retire",
        "Permanently retire a bike from the fleet and remove it from service. Cannot be undone.",
        ["bike_id"],
        DESTROY,
    ),
    _tool("bike_relocate", "Schedule moving a bike to another station.", ["bike_id", "station_id"]),
    _tool("station_get", "Look up a docking station: address, docks, bikes available.", ["station_id"], READ),
    _tool("station_list", "List stations near an address or in a district.", ["district"], READ),
    _tool("station_dock_report", "Report a broken dock at a station so it gets fixed.", ["station_id", "dock"]),
    _tool(
        "repair_ticket_create", "Open a repair ticket for a bike: the problem, the reporter.", ["bike_id", "problem"]
    ),
    _tool("repair_ticket_get", "Look up a repair ticket: status, mechanic, notes.", ["ticket_id"], READ),
    _tool("repair_ticket_list", "List open repair tickets, by bike or by station.", [], READ),
    _tool("repair_ticket_assign", "Assign a repair ticket to a mechanic.", ["ticket_id", "mechanic"]),
    _tool("repair_ticket_update", "Add a note or change the priority of a repair ticket.", ["ticket_id", "note"]),
    _tool("repair_ticket_close", "Close a repair ticket once the repair is done.", ["ticket_id"]),
    _tool("rider_get", "Look up a rider's account: name, phone, plan, balance.", ["rider_id"], READ),
    _tool("rider_search", "Find a rider by phone number, e-mail or name.", ["query"], READ),
    _tool("rider_update", "Update a rider's phone, e-mail or plan.", ["rider_id"]),
    _tool(
        "rider_account_delete", "Delete a rider's account and all their data. Cannot be undone.", ["rider_id"], DESTROY
    ),
    _tool("rider_message_send", "Send a rider an SMS or app notification.", ["rider_id", "text"]),
    _tool("payment_list", "List a rider's payments and charges.", ["rider_id"], READ),
    _tool("payment_refund", "Refund a rider's payment or part of it.", ["payment_id", "amount"], DESTROY),
    _tool("pass_purchase", "Sell a rider a day, month or year pass.", ["rider_id", "pass"]),
    _tool("coupon_issue", "Issue a rider a ride coupon or credit.", ["rider_id", "amount"]),
]
DESTROYERS = {"bike_retire", "ride_force_end", "rider_account_delete", "payment_refund"}
CLOSE = "repair_ticket_close"

_SAID = {
    "en": (
        "A rider says bike B-1020 has a broken brake, open a repair ticket",
        "I opened repair ticket RT-55 for B-1020 (broken brake).",
        "What's the status of RT-55?",
        "RT-55 is assigned to mechanic Zhang and in progress.",
        "The mechanic says it's fixed",
        "Good, RT-55's notes also say the brake was replaced.",
    ),
    "zh": (
        "有用户反映 B-1020 这辆车刹车坏了，帮我开个维修单",
        "已为 B-1020 开了维修工单 RT-55（刹车故障）。",
        "RT-55 现在什么状态？",
        "RT-55 已派给师傅老张，正在维修。",
        "师傅说修好了",
        "好的，RT-55 的备注里也写了刹车已更换。",
    ),
}


def _call(call_id: str, name: str, arguments: dict[str, str], result: dict[str, str]) -> list[dict[str, Any]]:
    call = {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}
    return [
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": call_id, "content": json.dumps(result)},
    ]


def conversation(last: str) -> list[dict[str, Any]]:
    """The ticket's conversation (in the language ``last`` is written in), then ``last``."""
    ask, opened, status, assigned, fixed, noted = _SAID["zh" if any(ord(c) > 0x2E80 for c in last) else "en"]
    ticket = {"ticket_id": "RT-55"}
    return [
        {"role": "user", "content": ask},
        *_call(
            "c1",
            "repair_ticket_create",
            {"bike_id": "B-1020", "problem": "broken brake"},
            {**ticket, "bike_id": "B-1020", "status": "open"},
        ),
        {"role": "assistant", "content": opened},
        {"role": "user", "content": status},
        *_call("c2", "repair_ticket_get", ticket, {**ticket, "status": "in_progress", "mechanic": "Zhang"}),
        {"role": "assistant", "content": assigned},
        {"role": "user", "content": fixed},
        *_call("c3", "repair_ticket_get", ticket, {**ticket, "status": "repaired", "notes": "brake replaced"}),
        {"role": "assistant", "content": noted},
        {"role": "user", "content": last},
    ]


def replay(tool_filter: ToolFilter, last: str) -> list[tuple[str, ...]]:
    """The set the policy offers at every model call of the conversation ending with ``last``."""
    turns, policy = openai_turns(conversation(last)), ConversationPolicy()
    sets = []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        sets.append(select_window(tool_filter, window, conversation=policy).names)
    return sets
