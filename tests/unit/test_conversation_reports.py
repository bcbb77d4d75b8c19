"""A "yes" takes the latest proposal, a report of a done act asks for nothing, and the replay names such turns."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_acts import names_act, only_reports_acts, reports_destroying, unreported
from toolfilter_core._conversation_eval import (
    FIGURES,
    Conversation,
    Offer,
    chooser,
    openai_turns,
    policy_for,
    replay_conversations,
)
from toolfilter_core._conversation_policy import KEPT_BY, _asked_acts
from toolfilter_core._conversation_read import Reading, read_turn
from toolfilter_core.cli import main
from toolfilter_core.cli._conversations import _print
from toolfilter_core.integration import ConversationPolicy, Turn, conversation_window, select_window, sticky_tools

from .test_conversation_guard import ASK, CONFIG, DESTROYERS, TOOLS

CANCEL = "cancel the order 55120 before it ships"


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


def offered(policy: ConversationPolicy, tool_filter: ToolFilter, messages: list[dict[str, Any]]) -> list[str]:
    window = conversation_window(openai_turns(messages), history_turns=tool_filter.config.history_turns)
    return select_window(tool_filter, window, conversation=policy).names


def _ran_cancel(report: str, *after: dict[str, Any]) -> list[dict[str, Any]]:
    call = {"id": "c1", "type": "function", "function": {"name": "cancel_order", "arguments": "{}"}}
    return [
        {"role": "user", "content": CANCEL},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "55120 cancelled"},
        {"role": "assistant", "content": report},
        *after,
    ]


@pytest.mark.parametrize(
    ("text", "reports"),
    [
        ("发邮件告诉客户已经取消了", True),
        ("已取消。需要给客户发邮件吗？", True),
        ("tell the buyer I've cancelled it", True),
        ("it was deleted by mistake", True),
        ("Cancelled. Shall I change the delivery address?", True),
        ("好的，撤了吧", False),
        ("cancel the order 55121 too", False),
        ("please have it removed", False),
        ("I've cancelled 55120, now cancel 55121", False),
        ("已取消并删除客户", False),
        ("把这些都删了", False),
        ("明早删掉", False),
        ("被删的那个恢复一下", False),
        ("已经不需要了，取消吧", False),
        ("刚刚取消掉了", True),
    ],
)
def test_a_report_of_a_done_act_is_read_apart_from_a_request(text: str, reports: bool) -> None:
    assert only_reports_acts(text) is reports, unreported(text)


def test_a_yes_to_a_new_proposal_after_a_reported_cancel_keeps_no_cancel(tool_filter: ToolFilter) -> None:
    messages = _ran_cancel(
        "Cancelled. Shall I change the delivery address of order 55121?", {"role": "user", "content": "yes"}
    )
    policy = ConversationPolicy()
    for end in (1, 3):
        assert "cancel_order" in offered(policy, tool_filter, messages[:end])  # the turn that asked for it
    names = offered(policy, tool_filter, messages)
    assert policy.last is not None and policy.last.kind == "confirmation"
    assert not DESTROYERS & set(names), names
    window = conversation_window(openai_turns(messages), history_turns=2)
    assert "cancel_order" in window.sticky and "cancel_order" not in sticky_tools(tool_filter, window)


def test_a_yes_after_a_chinese_report_of_the_act_keeps_no_cancel(tool_filter: ToolFilter) -> None:
    turns = openai_turns(_ran_cancel("已取消。需要给客户发邮件吗？", {"role": "user", "content": "嗯，发邮件告诉客户"}))
    reading = read_turn(turns)
    assert reading.kind == "confirmation"
    kept = tool_filter.select(CANCEL, top_k=3).selected
    fresh = tool_filter.select("show the items of order 55120", top_k=1)
    assert "cancel_order" in {s.name for s in kept} and not DESTROYERS & set(fresh.names)
    _, left = _asked_acts(tool_filter, fresh, kept, reading, turns, {})
    assert not DESTROYERS & {s.name for s in left}
    dry = openai_turns(
        _ran_cancel("The dry run refunds 20 EUR. Apply it for real?", {"role": "user", "content": "yes"})
    )
    _, redo = _asked_acts(tool_filter, fresh, kept, read_turn(dry), dry, {})
    assert "cancel_order" in {s.name for s in redo}  # not reported done: the "yes" redoes it


def test_a_turn_reporting_the_act_done_is_offered_no_destroyer(tool_filter: ToolFilter, monkeypatch) -> None:
    kept = tool_filter.select(CANCEL, top_k=3).selected
    report = "tell the buyer the order 55120 is cancelled"
    assert "cancel_order" not in tool_filter.select(report, context=(CANCEL,), top_k=4).names  # the core's reports
    monkeypatch.setattr(importlib.import_module("toolfilter_core._pipeline.reports"), "REPORTS_HOLD", False)
    fresh = tool_filter.select(report, context=(CANCEL,), top_k=4)
    assert "cancel_order" in fresh.names  # without them the core reads "cancelled" as asking: the loop knows better
    turns = [Turn("user", CANCEL), Turn("assistant", "Done."), Turn("user", report)]
    chosen, left = _asked_acts(tool_filter, fresh, kept, Reading("request", report, 2, 2), turns, {})
    assert not DESTROYERS & {*chosen.names, *(s.name for s in left)}
    asked = "the order 55120 is cancelled, now cancel 55121 too"
    chosen, left = _asked_acts(tool_filter, fresh, kept, Reading("request", asked, 2, 2), turns, {})
    assert "cancel_order" in {s.name for s in left}


def test_reports_destroying_reads_the_assistant_in_either_language() -> None:
    assert reports_destroying("已取消，取消费 300 元。需要给客户发邮件吗？")
    assert reports_destroying("Order 55120 is cancelled.")
    assert not reports_destroying("The dry run refunds 20 EUR. Apply it for real?")


def _replayed() -> dict[str, Any]:
    messages = [
        {"role": "user", "content": "track order 55120", "gold": ["track_shipment"], "kind": "first"},
        {"role": "assistant", "content": "On its way."},
    ]
    conversation = Conversation("c9", tuple(messages), "en")
    schemas = {t["name"]: {"type": "function", "function": {"name": t["name"]}} for t in TOOLS}
    replay = replay_conversations(
        [conversation],
        lambda: lambda _turns: ["track_shipment", "cancel_order"],
        schemas,
        PROVIDERS["anthropic"],
        destructive=DESTROYERS,
    )
    return replay.to_dict(with_misses=True)


def test_the_misses_list_a_turn_offered_an_unasked_destroyer_with_why() -> None:
    figures = _replayed()
    assert figures["unasked_destroyer"] == 1.0 and figures["first_served"] == 1.0
    (miss,) = figures["misses"]
    assert miss["unasked"] == ["cancel_order"]
    assert miss["why"] == "destructive, not asked for: cancel_order (call 1 of 1)"


def test_the_cli_prints_why_under_each_miss(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools = tmp_path / "tools.jsonl"
    tools.write_text("\n".join(json.dumps(t) for t in TOOLS) + "\n", encoding="utf-8")
    messages = _ran_cancel("Cancelled.")
    messages[0] = {**messages[0], "gold": ["get_order"]}  # a destroyer offered to it is one it did not ask for
    path = tmp_path / "conversations.jsonl"
    path.write_text(json.dumps({"id": "c1", "messages": messages}) + "\n", encoding="utf-8")
    config = tmp_path / "config.yaml"
    config.write_text(json.dumps({**CONFIG, "embedder": "hashing"}), encoding="utf-8")
    code = main(["eval", "--conversations", str(path), "--tools", str(tools), "--config", str(config), "--misses"])
    out = capsys.readouterr().out
    assert code == 0
    assert "\n    why: " in out and "destructive, not asked for: cancel_order" in out


def test_the_cli_says_none_when_nothing_was_missed(capsys: pytest.CaptureFixture[str]) -> None:
    figures = {"misses": [], "by_kind": {}, "cache_prices": {}} | dict.fromkeys(FIGURES, 0)
    _print(figures, misses=True)
    assert "misses: none" in capsys.readouterr().out


NO_TOOL_AFTER_RESULTS: list[dict[str, Any]] = [
    {"role": "user", "content": "track order 55120", "gold": ["track_shipment"], "kind": "first"},
    {"role": "assistant", "content": "On its way, due Friday."},
    {"role": "user", "content": "how much was it again?", "gold": [], "kind": "answered"},
    {"role": "assistant", "content": "20 EUR."},
]
SCHEMAS = {t["name"]: {"type": "function", "function": {"name": t["name"]}} for t in TOOLS}


def test_a_no_tool_miss_says_how_the_loop_read_the_turn() -> None:
    replay = replay_conversations(
        [Conversation("c9", tuple(NO_TOOL_AFTER_RESULTS), "en")],
        lambda: lambda _turns: ["track_shipment"],
        SCHEMAS,
        PROVIDERS["anthropic"],
    )
    (miss,) = replay.to_dict(with_misses=True)["misses"]
    assert miss["why"] == (
        "needs no tool, offered 1: track_shipment carried over from an earlier turn "
        "(read as a request that asks a question, not one the tool results answer by its words)"
    )


def test_a_no_tool_miss_offered_a_new_tool_says_how_the_loop_read_the_turn() -> None:
    replay = replay_conversations(
        [Conversation("c9", tuple(NO_TOOL_AFTER_RESULTS), "en")],
        lambda: lambda turns: ["track_shipment"] if len(turns) < 3 else ["get_order"],
        SCHEMAS,
        PROVIDERS["anthropic"],
    )
    (miss,) = replay.to_dict(with_misses=True)["misses"]
    assert miss["why"] == (
        "needs no tool, offered 1 "
        "(read as a request that asks a question, not one the tool results answer by its words)"
    )


def test_a_no_tool_miss_says_the_tools_were_carried_over_and_the_rule_that_kept_them() -> None:
    # Failed on e6038fd: "阶梯电价一般是怎么算的？" kept 11 tools of earlier turns, and the why said only
    # "read as a request that asks a question".
    offers = [Offer(["track_shipment", "get_order"]), Offer(["track_shipment", "get_order"], KEPT_BY["question"])]
    replay = replay_conversations(
        [Conversation("c9", tuple(NO_TOOL_AFTER_RESULTS), "en")],
        lambda: lambda turns: offers[len(turns) > 2],
        SCHEMAS,
        PROVIDERS["anthropic"],
    )
    (miss,) = replay.to_dict(with_misses=True)["misses"]
    assert miss["why"] == (
        "needs no tool, offered 2: track_shipment, get_order carried over from an earlier turn, kept by the "
        "conversation policy (a question after the tool results, read as one about them)"
    )


def test_the_policy_says_the_rule_that_kept_the_set(tool_filter: ToolFilter) -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "get_order", "arguments": "{}"}}
    messages = [
        {"role": "user", "content": ASK},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"items": 2, "payment": "pending"}'},
        {"role": "assistant", "content": "Two items, payment pending."},
        {"role": "user", "content": "is it paid?"},
    ]
    turns = openai_turns(messages)
    choose = chooser(tool_filter, policy=policy_for(PROVIDERS["anthropic"]))
    first = choose(turns[:1])
    assert isinstance(first, Offer) and first.kept_by == ""  # a new set
    choose(turns[:3])
    kept = choose(turns)
    assert isinstance(kept, Offer) and kept.kept_by == f"{KEPT_BY['held']}: get_order"


def test_a_name_word_names_the_act_only_as_a_verb() -> None:
    refund = ToolSpec("refund_issue", "Issue a refund for an order.")
    cancel = ToolSpec("order_cancel", "Cancel an order.")
    delete = ToolSpec("file_delete", "Remove a file.")
    assert not names_act("sorry, I meant the refunds report", refund)
    assert not names_act("what's the cancellation policy for B", cancel)
    assert names_act("refund her", refund)
    assert names_act("yes, it should be refunded", refund)
    assert names_act("go ahead with cancelling it", cancel)
    assert names_act("ok, deleting it is fine", delete)


def test_each_conversation_has_its_own_bill(capsys: pytest.CaptureFixture[str]) -> None:
    """Users split their files to price one conversation: the figures gave only the total."""
    replay = replay_conversations(
        [Conversation(c, tuple(NO_TOOL_AFTER_RESULTS), "en") for c in ("c1", "c2")],
        lambda: lambda _turns: ["track_shipment"],
        SCHEMAS,
        PROVIDERS["anthropic"],
    )
    figures = replay.to_dict()
    each = figures["bill_by_conversation"]
    assert set(each) == {"c1", "c2"} and each["c1"] == each["c2"] > 0
    _print(figures, misses=False)
    out = capsys.readouterr().out
    assert "bill vs all tools, by conversation:" in out and f"  c1{' ' * 18} {each['c1']}" in out


def test_the_cli_prints_the_figures_by_language(capsys: pytest.CaptureFixture[str]) -> None:
    """Users writing in two languages read each one's figures, as ``eval`` prints them for requests."""
    replay = replay_conversations(
        [
            Conversation("c1", tuple(NO_TOOL_AFTER_RESULTS), "en"),
            Conversation("c2", tuple(NO_TOOL_AFTER_RESULTS), "zh"),
        ],
        lambda: lambda _turns: ["track_shipment"],
        SCHEMAS,
        PROVIDERS["anthropic"],
    )
    _print(replay.to_dict(), misses=False)
    out = capsys.readouterr().out
    assert "\nby language: turns, served, given none, dangerous, unasked destroyer, changed" in out
    assert "\n  en             2, " in out and "\n  zh             2, " in out
