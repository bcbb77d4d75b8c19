"""A bare "no" keeps the act when what follows narrows, conditions or confirms it, and takes it back when what follows
asks another act; the request reader and the conversation reader know the same correction words.

On 84bca39 "Cancel all my bookings, no, just the one on Friday", "Delete drafts D-101 and D-102 — no, only D-101" and
"Cancel order O-5512, no, only if it hasn't shipped" sent no destroyer, while "cancel the live class? nope, just show
me the reviews for crs-7", "No. Just show me …" and "取消直播课？不——帮我看看 crs-7 的评价" still sent the cancel.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation import Turn
from toolfilter_core._conversation_read import correction_marked, read_turn
from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.reports import ask_and_reports
from toolfilter_core.integration import ConversationPolicy


def _tool(name: str, description: str, *required: str) -> dict[str, Any]:
    properties = {key: {"type": "string", "description": key} for key in required}
    parameters = {"type": "object", "properties": properties, "required": list(required)}
    return {"type": "function", "function": {"name": name, "description": description, "parameters": parameters}}


TOOLS = [
    _tool("certificate_get", "Show a TLS certificate's details and status by its id.", "cert_id"),
    _tool("certificate_revoke", "Revoke a TLS certificate so it is no longer trusted.", "cert_id"),
    _tool("certificate_list", "List TLS certificates, with their status."),
    _tool("order_get", "Show an order's status, items and payment by order id.", "order_id"),
    _tool("order_cancel", "Cancel an order by its id.", "order_id"),
    _tool("order_refund", "Refund an order's payment to the customer.", "order_id"),
    _tool("subscription_get", "Show a subscription's plan and renewal date.", "subscription_id"),
    _tool("subscription_cancel", "Cancel a subscription; it stops renewing.", "subscription_id"),
    _tool("booking_list", "List a customer's bookings.", "customer_id"),
    _tool("booking_cancel", "Cancel a booking by its id.", "booking_id"),
    _tool("draft_list", "List saved drafts."),
    _tool("draft_delete", "Delete drafts by id.", "draft_ids"),
    _tool("course_reviews", "Show the reviews students left for a course.", "course_id"),
    _tool("live_class_cancel", "Cancel a course's live class session.", "course_id"),
    _tool("account_delete", "Delete a customer's account permanently.", "customer_id"),
    _tool("account_export", "Export a customer's account data.", "customer_id"),
    _tool("weather", "Current weather for a city.", "city"),
]
DESTROYERS = {"order_cancel", "order_refund", "subscription_cancel", "booking_cancel", "draft_delete"}
DESTROYERS |= {"live_class_cancel", "account_delete", "certificate_revoke"}


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, embedder=HashingEmbedder())


KEPT = [
    ("Cancel all my bookings, no, just the one on Friday", "booking_cancel"),
    ("Delete all the drafts, no — only the ones from last year", "draft_delete"),
    ("Cancel my subscription S-100, no — I don't need a refund", "subscription_cancel"),
    ("Delete my account CU-1, no, just do it, I don't need an export", "account_delete"),
    ("Cancel order O-5512, no, only if it hasn't shipped", "order_cancel"),
    ("Refund order O-5512 — no, only half of it", "order_refund"),
    ("Delete drafts D-101 and D-102 — no, only D-101", "draft_delete"),
]
TAKEN_BACK = [
    "cancel the live class? no — just show me the reviews for crs-7",
    "cancel the live class? nope, just show me the reviews for crs-7",
    "cancel the live class? No. Just show me the reviews for crs-7",
    "cancel the live class? no, show me the reviews for crs-7 instead",
    "取消直播课？不，只看一下 crs-7 的评价",
    "取消直播课？不——帮我看看 crs-7 的评价",
]


@pytest.mark.parametrize(("text", "act"), KEPT)
def test_a_no_that_narrows_conditions_or_confirms_keeps_the_act(tool_filter: ToolFilter, text: str, act: str) -> None:
    assert request_is_destructive(ask_and_reports(text)[0])
    assert act in tool_filter.select(text).names


@pytest.mark.parametrize("text", TAKEN_BACK)
def test_a_no_before_another_act_takes_the_act_back(tool_filter: ToolFilter, text: str) -> None:
    assert not request_is_destructive(ask_and_reports(text)[0])
    assert not DESTROYERS & set(tool_filter.select(text).names)


def test_a_no_that_answers_a_question_of_another_thing_keeps_the_act() -> None:
    """The "no" answers "any data to export first?", it does not correct the delete."""
    ask, _ = ask_and_reports("Delete my account CU-1 — any data to export first? no — just close it out")
    assert "Delete my account CU-1" in ask


@pytest.mark.parametrize(
    "reply", ["nope, just show me the reviews", "No. Just show me the reviews", "不，只看一下评价", "不——只看一下评价"]
)
def test_both_readers_know_a_bare_no(reply: str) -> None:
    assert correction_marked(reply)
    assert not request_is_destructive(ask_and_reports(f"取消直播课？{reply}")[0])


def test_a_reply_no_with_a_dash_is_a_correction_in_chinese() -> None:
    turns = [Turn("user", "取消 crs-7 的直播课"), Turn("assistant", "要我取消 crs-7 的直播课吗？")]
    assert read_turn([*turns, Turn("user", "不——只看一下评价")]).kind == "correction"


def test_a_reply_no_that_narrows_the_proposal_keeps_its_act(tool_filter: ToolFilter) -> None:
    turns = [
        Turn("user", "cancel all my bookings for customer CU-1"),
        Turn("assistant", "Shall I cancel all 3 bookings of CU-1?"),
        Turn("user", "no, just the one on Friday"),
    ]
    assert DESTROYERS & set(ConversationPolicy().select(tool_filter, turns).names)
