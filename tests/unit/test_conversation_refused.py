"""A call the gates refused is no call of the conversation: a correction, a "yes" or a retry never brings its tool back.

A bicycle shop's agent was asked "has invoice INV-3301 been paid?" and offered ``invoice_get``
and ``payment_record``; the model called ``invoice_void`` anyway and was refused. On "不对，我是说
INV-3302" (a correction) the policy redid "the tools the last task called", the refused one
among them: ``invoice_void`` was offered and ran.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation import ran_calls
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import (
    ConversationPolicy,
    Turn,
    conversation_window,
    refusal_text,
    select_window,
    sticky_tools,
)

READ = {"readOnlyHint": True}
TOOLS: list[dict[str, Any]] = [
    {
        "name": "invoice_get",
        "description": "Look up an invoice by number: total, whether it is paid.",
        "annotations": READ,
    },
    {"name": "payment_record", "description": "Record a payment against an invoice (cash, card, Alipay)."},
    {"name": "invoice_create", "description": "Create an invoice for a sale, rental or finished repair."},
    {
        "name": "invoice_void",
        "description": "Void an invoice that was issued by mistake; it stays on record as void.",
        "annotations": {"destructiveHint": True},
    },
    {"name": "email_send", "description": "Send an e-mail to a customer, optionally with an invoice attached."},
    {"name": "bike_search", "description": "Search the bikes for sale by type, size, brand or price range."},
]
for row in TOOLS:
    row["category"] = "billing"
CONFIG: dict[str, Any] = {"base": "plain", "enabled": True, "top_k": 2, "weights": {"embed": 0.7, "bm25": 0.3}}
ASK = "has invoice INV-3301 been paid?"
PAID = "INV-3301 is paid, 120 EUR."
VOID = "invoice_void"


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


def refused_round(shape: str) -> list[Turn]:
    """The model's call of ``invoice_void`` and its refusal, as each adapter reads them."""
    call = Turn("assistant", "", called=(VOID,))
    if shape == "langchain":  # the middleware's refusal: a ToolMessage marked refused
        return [call, Turn("tool", refusal_text(VOID, "it was not offered for this request"), refused=(VOID,))]
    if shape == "llamaindex":  # the agent's own answer: the result names the tool and refuses it
        text = f"Tool {VOID} not found. Please select a tool that is available."
        return [call, Turn("tool", text, called=(VOID,), refused=(VOID,))]
    message = {"role": "assistant", "content": "", "tool_calls": [_call("x1", VOID)]}
    result = {"role": "tool", "tool_call_id": "x1", "content": refusal_text(VOID, "it was not offered")}
    return openai_turns([message, result])  # an OpenAI-shaped history: the refusal is read from its text


def _call(call_id: str, name: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": '{"invoice_id": "INV-3301"}'}}


def replay(tool_filter: ToolFilter, turns: list[Turn]) -> list[list[str]]:
    """The policy's set at every model call of ``turns`` (before each assistant message, and at the end)."""
    policy = ConversationPolicy()
    ends = [i for i, t in enumerate(turns) if t.role == "assistant" and i > 0] + [len(turns)]
    out = []
    for end in ends:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        out.append(select_window(tool_filter, window, conversation=policy).names)
    return out


SHAPES = ["langchain", "llamaindex", "openai"]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("second", ["不对，我是说 INV-3302", "no, I meant INV-3302"])
def test_a_correction_does_not_redo_a_refused_destructive_call(
    tool_filter: ToolFilter, shape: str, second: str
) -> None:
    turns = [Turn("user", ASK), *refused_round(shape), Turn("assistant", PAID), Turn("user", second)]
    sets = replay(tool_filter, turns)
    assert VOID not in sets[0]  # the call was refused: it was never offered
    assert all(VOID not in names for names in sets), sets
    assert "invoice_get" in sets[-1]  # the task the correction redoes is still served


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("second", ["yes", "好的", ASK])
def test_a_yes_or_the_same_request_after_a_refused_call_gets_no_destroyer(
    tool_filter: ToolFilter, shape: str, second: str
) -> None:
    turns = [Turn("user", ASK), *refused_round(shape), Turn("assistant", PAID), Turn("user", second)]
    assert all(VOID not in names for names in replay(tool_filter, turns))


def test_a_destroyer_that_ran_comes_with_a_correction_only_when_the_corrected_request_asks_its_act(
    tool_filter: ToolFilter,
) -> None:
    def ran_then(first: str) -> list[Turn]:
        message = {"role": "assistant", "content": "", "tool_calls": [_call("x1", VOID)]}
        result = {"role": "tool", "tool_call_id": "x1", "content": '{"ok": true}'}
        return [
            Turn("user", first),
            *openai_turns([message, result]),
            Turn("assistant", "Done."),
            Turn("user", "不对，我是说 INV-3302"),
        ]

    # an agent without the gates ran it on a question: the correction does not redo the act
    assert VOID not in replay(tool_filter, ran_then(ASK))[-1]
    # the request asked to void: the correction redoes it on the other invoice
    assert VOID in replay(tool_filter, ran_then("void invoice INV-3301, it was issued by mistake"))[-1]


def test_the_window_keeps_a_destroyer_that_ran_for_a_correction_only_when_the_corrected_request_asks_it(
    tool_filter: ToolFilter,
) -> None:
    for first, kept in ((ASK, False), ("void invoice INV-3301, it was issued by mistake", True)):
        messages = [
            {"role": "user", "content": first},
            {"role": "assistant", "content": "", "tool_calls": [_call("x1", VOID)]},
            {"role": "tool", "tool_call_id": "x1", "content": '{"ok": true}'},
            {"role": "assistant", "content": "Done."},
            {"role": "user", "content": "no, I meant INV-3302"},
        ]
        window = conversation_window(openai_turns(messages), history_turns=2)
        assert (VOID in sticky_tools(tool_filter, window)) is kept, first


def test_ran_calls_takes_a_refused_call_out_of_its_round_only() -> None:
    refusal = refusal_text(VOID, "blocked")
    turns = [
        Turn("user", "void INV-1 and e-mail the customer"),
        Turn("assistant", "", called=(VOID, "email_send")),
        Turn("tool", refusal, refused=(VOID,)),
        Turn("tool", '{"sent": true}', called=("email_send",)),
        Turn("assistant", "Sent; the void was refused."),
        Turn("user", "try again"),
        Turn("assistant", "", called=(VOID,)),
        Turn("tool", '{"void": "INV-1"}', called=(VOID,)),
    ]
    ran = ran_calls(turns)
    assert [t.called for t in ran] == [(), ("email_send",), (), ("email_send",), (), (), (VOID,), (VOID,)]
    assert [t.text for t in ran] == [t.text for t in turns]  # every message keeps its place and words


def test_openai_turns_read_a_refusal_from_the_results_text() -> None:
    messages = [
        {"role": "assistant", "content": "", "tool_calls": [_call("x1", VOID), _call("x2", "invoice_get")]},
        {"role": "tool", "tool_call_id": "x1", "content": refusal_text(VOID, "it was not offered")},
        {"role": "tool", "tool_call_id": "x2", "content": '{"paid": true}'},
    ]
    turns = openai_turns(messages)
    assert turns[1].refused == (VOID,) and turns[2].refused == ()


def test_the_window_and_the_policy_read_a_correction_s_act_the_same_way() -> None:
    """The act a correction still asks is read once: "归档" says ``channel_archive``'s act in both paths."""
    tools = [
        {"name": "channel_get", "description": "Show a chat channel: its members and topic.", "annotations": READ},
        {
            "name": "channel_archive",
            "description": "Archive a chat channel: it is closed and read-only.",
            "annotations": {"destructiveHint": True},
        },
    ]
    tf = ToolFilter(tools, config={**CONFIG, "top_k": 1}, embedder=HashingEmbedder())
    call = {"id": "x1", "type": "function", "function": {"name": "channel_archive", "arguments": '{"c": "a"}'}}
    messages = [
        {"role": "user", "content": "把 #proj-a 频道归档"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "x1", "content": '{"ok": true}'},
        {"role": "assistant", "content": "好了。"},
        {"role": "user", "content": "不对，我是说 #proj-b"},
    ]
    turns = openai_turns(messages)
    window = conversation_window(turns, history_turns=2)
    assert "channel_archive" in sticky_tools(tf, window)
    assert "channel_archive" in replay(tf, turns)[-1]
