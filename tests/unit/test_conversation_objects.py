"""Two turns of an agent loop: an undo acts on the conversation's object, a follow-up's new act joins the set."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation import Turn
from toolfilter_core._conversation_eval import (
    Conversation,
    chooser,
    destroyers,
    openai_turns,
    replay_conversations,
)
from toolfilter_core._conversation_objects import object_keys, on_objects
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

DESTROY = {"destructiveHint": True}
READ = {"readOnlyHint": True}


def _params(*names: str) -> dict[str, Any]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": [names[0]]}


TOOLS: list[dict[str, Any]] = [
    {"name": "enrolment_create", "description": "Enrol a student in a class.", "parameters": _params("student_id")},
    {
        "name": "enrolment_list",
        "description": "List a student's enrolments or a class's roster.",
        "parameters": _params("student_id"),
        "annotations": READ,
    },
    {
        "name": "enrolment_withdraw",
        "description": "Withdraw a student from a class; frees the seat.",
        "parameters": _params("enrolment_id"),
        "annotations": DESTROY,
    },
    {
        "name": "refund_issue",
        "description": "Refund money a student paid, undo the payment to the card.",
        "parameters": _params("invoice_id", "amount"),
        "annotations": DESTROY,
    },
    {
        "name": "invoice_list",
        "description": "List a student's invoices and their status.",
        "parameters": _params("student_id"),
        "annotations": READ,
    },
    {
        "name": "payment_record",
        "description": "Record a payment a student made on an invoice.",
        "parameters": _params("invoice_id", "amount"),
    },
    {
        "name": "email_send",
        "description": "Send an email to a student, a parent or a teacher.",
        "parameters": _params("to"),
    },
    {
        "name": "class_list",
        "description": "List scheduled classes with free seats.",
        "parameters": _params("course_id"),
        "annotations": READ,
    },
]
CONFIG: dict[str, Any] = {"base": "plain", "enabled": True, "top_k": 2, "weights": {"embed": 0.7, "bm25": 0.3}}
PROFILES = [
    {
        "tool": "refund_issue",
        "requests": ["give her money back", "she wants her money back for that one"],
        "destroy": ["take that one back and give the money back"],
    }
]


@pytest.fixture(scope="module")
def tool_filter(tmp_path_factory: pytest.TempPathFactory) -> ToolFilter:
    path = tmp_path_factory.mktemp("school") / "profiles.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in PROFILES), encoding="utf-8")
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder(), profiles=Path(path))


def _call(name: str, result: str) -> list[dict[str, Any]]:
    call = {"id": "c1", "type": "function", "function": {"name": name, "arguments": "{}"}}
    return [
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": result},
    ]


def _enrolled(then: str) -> list[dict[str, Any]]:
    return [
        {
            "role": "user",
            "content": "enrol Wang Fang in the Japanese N3 class",
            "gold": ["enrolment_create"],
            "kind": "first",
        },
        *_call("enrolment_create", '{"ok": true, "enrolment_id": "E-901"}'),
        {"role": "assistant", "content": "Done."},
        {"role": "user", "content": then, "gold": ["enrolment_withdraw"], "kind": "correction"},
    ]


def _paid(then: str) -> list[dict[str, Any]]:
    return [
        {
            "role": "user",
            "content": "invoice INV-7781: she paid 2400 by card, record the payment",
            "gold": ["payment_record"],
            "kind": "first",
        },
        *_call("payment_record", '{"ok": true}'),
        {"role": "assistant", "content": "Recorded."},
        {"role": "user", "content": then, "gold": ["email_send"], "kind": "follow_up"},
    ]


def _offered(tool_filter: ToolFilter, messages: list[dict[str, Any]]) -> tuple[ConversationPolicy, list[str]]:
    """The policy's set at each model call, as a middleware replays it; the set of the last message's call."""
    policy = ConversationPolicy()
    names: list[str] = []
    for end in [i for i, m in enumerate(messages) if m["role"] == "assistant"] + [len(messages)]:
        turns = openai_turns(messages[:end])
        window = conversation_window(turns, history_turns=tool_filter.config.history_turns)
        names = select_window(tool_filter, window, conversation=policy).names
    return policy, names


@pytest.mark.parametrize("undo", ["forget it, take back Wang Fang's one", "no, undo Wang Fang's one"])
def test_an_undo_gets_the_destroyer_of_the_object_the_earlier_call_made(tool_filter: ToolFilter, undo: str) -> None:
    # on its words alone the turn ranks refund_issue (its profile) or no destroyer; the enrolment
    # the conversation made (enrolment_id E-901) is what enrolment_withdraw acts on
    _, names = _offered(tool_filter, _enrolled(undo))
    assert "enrolment_withdraw" in names
    assert "refund_issue" not in names


def test_an_undo_that_names_another_objects_act_keeps_the_cores_choice(tool_filter: ToolFilter) -> None:
    _, names = _offered(tool_filter, _enrolled("forget it, refund Wang Fang's payment"))
    assert "refund_issue" in names
    assert "enrolment_withdraw" not in names


def test_an_undo_without_an_earlier_object_is_left_as_selected(tool_filter: ToolFilter) -> None:
    messages = _enrolled("forget it, take back Wang Fang's one")
    messages[2]["content"] = "Done, she is enrolled."  # a result with no identifier of what it made
    _, names = _offered(tool_filter, messages)
    assert "enrolment_withdraw" not in names


def test_a_follow_up_whose_own_words_name_a_new_act_adds_its_tool(tool_filter: ToolFilter) -> None:
    # with the earlier turn blended in, payment_record (in the set) ranks first: the set was kept
    policy, names = _offered(tool_filter, _paid("email her the receipt for that payment"))
    assert "email_send" in names and "payment_record" in names
    assert policy.last is not None and policy.last.action == "grow"


def test_a_follow_up_of_the_same_act_keeps_the_set(tool_filter: ToolFilter) -> None:
    policy, names = _offered(tool_filter, _paid("record the payment on the invoice too"))
    assert "email_send" not in names
    assert policy.last is not None and policy.last.action == "keep"


def test_the_replay_serves_both_later_turns(tool_filter: ToolFilter) -> None:
    conversations = [
        Conversation("undo", (*_enrolled("forget it, take back Wang Fang's one"), *_call("enrolment_withdraw", "{}"))),
        Conversation("email", (*_paid("email her the receipt for that payment"), *_call("email_send", "{}"))),
    ]
    schemas = {t.name: t.to_openai() for t in tool_filter.tools}
    make = lambda: chooser(tool_filter, policy=ConversationPolicy())  # noqa: E731
    figures = replay_conversations(
        conversations, make, schemas, PROVIDERS["anthropic"], destructive=destroyers(tool_filter)
    ).to_dict()
    assert figures["later_served"] == 1.0
    assert figures["later_unasked_destroyer"] == 0.0


def test_object_keys_are_the_identifier_keys_of_earlier_tool_results() -> None:
    turns = [
        Turn("user", "enrol her"),
        Turn("tool", '{"ok": true, "enrolment_id": "E-1", "id": 3, "items": [{"classId": "CL-3"}]}', ("a",)),
        Turn("tool", "not json {", ("b",)),
        Turn("tool", '{"invoice_id": "INV-1"}', ("c",)),
    ]
    assert object_keys(turns, 3) == {"enrolment_id", "classId"}
    assert object_keys(turns, 4) == {"enrolment_id", "classId", "invoice_id"}
    tools = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder()).tools
    assert [t.name for t in on_objects(tools, frozenset({"enrolment_id"}))] == ["enrolment_withdraw"]
    assert on_objects(tools, frozenset()) == []


def test_a_follow_up_unsure_on_its_own_words_adds_the_tool_both_readings_select() -> None:
    # every selection widened (min_score): on its own words the turn ranks email_send first, unsure; read with
    # the earlier turn it ranks payment_record (in the set) first and selects email_send too: it joins the set
    config = {**CONFIG, "min_score": 0.5, "fallback_top_k": 3}
    widened = ToolFilter(TOOLS, config=config, embedder=HashingEmbedder())
    policy, names = _offered(widened, _paid("email her the receipt for that payment"))
    assert "email_send" in names and "payment_record" in names
    assert policy.last is not None and policy.last.action == "grow"
