"""A topic told asks no act, with the real default embedder: a sports club's league withdrawal, then a text about it.

After the team's withdrawal and a read of its payments, "好吧，那给队长发个短信说一下退赛的事" (then text the
captain about the withdrawal) was offered ``payment_refund``: the bare 退 of 退赛 read as a refund of the payment
the conversation read, though alone the turn is offered no destroyer. A turn that says the act, outside a topic told,
still gets it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from toolfilter_core import Embedder, ToolFilter
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

pytestmark = [pytest.mark.integration]

DESTROY = {"destructiveHint": True}


def _tool(name: str, description: str, keys: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    props = {k: {"type": "string"} for k in keys}
    return {"name": name, "description": description, "parameters": {"type": "object", "properties": props}, **extra}


TOOLS: list[dict[str, Any]] = [
    _tool("member_lookup", "Look up a club member by name, phone, email or member number.", ("query",)),
    _tool("member_update", "Update a member's contact details or marketing preferences.", ("member_id",)),
    _tool(
        "membership_cancel", "Cancel a member's membership; stops auto-renewal.", ("member_id",), annotations=DESTROY
    ),
    _tool("tournament_list", "List upcoming club tournaments and leagues with dates and entry fees.", ("sport",)),
    _tool(
        "tournament_register_team", "Enter a team into a tournament division. Pays the entry fee.", ("tournament_id",)
    ),
    _tool(
        "tournament_withdraw_team",
        "Withdraw a team from a tournament. Entry fee is forfeited after the deadline.",
        ("tournament_id", "team_id"),
        annotations=DESTROY,
    ),
    _tool("tournament_fixtures", "Draw, fixtures, results and standings for a tournament.", ("tournament_id",)),
    _tool("payment_history", "List a member's payments, invoices and receipts.", ("member_id",)),
    _tool("take_payment", "Charge a member's card or record a cash payment for fees.", ("member_id", "amount")),
    _tool(
        "payment_refund",
        "Refund a payment (fully or partly) back to the original card.",
        ("payment_id", "amount"),
        annotations=DESTROY,
    ),
    _tool(
        "send_member_message", "Send an email or SMS to a member (confirmations, reminders, anything).", ("member_id",)
    ),
    _tool("club_info", "Opening hours, facilities, prices, parking, rules and FAQ of the club.", ("topic",)),
]
DESTROYERS = {"membership_cancel", "tournament_withdraw_team", "payment_refund"}
TURNS = {
    "zh": (
        "我们队报名了冬季联赛，现在赛程是怎样的？",
        "队里两个人受伤了，我们只能退赛了",
        "报名费能退吗？我们之前付了多少？",
    ),
    "en": (
        "Our team entered the winter league, what's the schedule now?",
        "Two of our players are injured, we have to withdraw from the league",
        "Can we get the entry fee back? How much did we pay?",
    ),
}
CALLS = (
    ("tournament_fixtures", {"tournament_id": "WL-2026"}, {"next": "Dec 12 vs Thunder"}),
    ("tournament_withdraw_team", {"tournament_id": "WL-2026", "team_id": "T-17"}, {"ok": True}),
    ("payment_history", {"member_id": "M-3300"}, {"payments": [{"payment_id": "P-5501", "amount": 300}]}),
)


def _last_set(embedder: Embedder, lang: str, last: str) -> list[str]:
    """The tools offered for ``last``, after the fixtures, the withdrawal and the payments read."""
    messages: list[dict[str, Any]] = []
    for i, (turn, (name, arguments, result)) in enumerate(zip(TURNS[lang], CALLS, strict=True)):
        call = {"id": f"c{i}", "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}
        messages += [
            {"role": "user", "content": turn},
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"c{i}", "content": json.dumps(result)},
            {"role": "assistant", "content": "Done." if lang == "en" else "好的。"},
        ]
    messages.append({"role": "user", "content": last})
    tool_filter = ToolFilter(TOOLS, embedder=embedder)
    policy, turns, names = ConversationPolicy(), openai_turns(messages), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:  # every model call
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        names = list(select_window(tool_filter, window, conversation=policy).names)
    return names


@pytest.mark.parametrize(
    "last",
    [
        "好吧，那给队长发个短信说一下退赛的事",
        "那跟队长说一声退赛的事",
        "把退赛的事发短信告诉队长",
        "ok, then text the captain about the refund",
        "fine, email the captain about the refund situation",
        "那跟队长说一下退款的情况",
        "ask the treasurer about the refund",
    ],
)
def test_a_topic_told_gets_no_destroyer(default_embedder: Embedder, last: str) -> None:
    names = _last_set(default_embedder, "en" if last.isascii() else "zh", last)
    assert not DESTROYERS & set(names), names


@pytest.mark.parametrize(
    "last",
    [
        "那把报名费退给我们",
        "ok, refund the entry fee then",
        "跟队长讲一下退款的事，顺便把报名费退给我们",
        "给队长发短信说一下退款的事，然后把报名费退了",
    ],
)
def test_a_turn_that_asks_the_refund_still_gets_it(default_embedder: Embedder, last: str) -> None:
    assert "payment_refund" in _last_set(default_embedder, "en" if last.isascii() else "zh", last)
