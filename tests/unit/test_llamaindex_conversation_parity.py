"""A LlamaIndex agent's conversation gets the core policy's tool sets, within a bound.

The conversations of a development registry are replayed through a real ``FunctionAgent``
(LlamaIndex's ``MockFunctionCallingLLM`` answering each model call with the recorded
assistant message) whose retriever is bound to the agent's memory, and compared call by call
with the core's replay of the same messages (``toolfilter eval --conversations``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from llama_index.core.base.llms.types import ChatMessage, TextBlock, ToolCallBlock
from llama_index.core.memory import ChatMemoryBuffer
from llama_index.core.tools import FunctionTool

from benchmarks.llamaindex_conversations import agent_offers, core_offers
from llamaindex_toolfilter import ToolFilterRetriever
from llamaindex_toolfilter._messages import chat_turns
from toolfilter_core import ConfigError, HashingEmbedder, ToolFilter
from toolfilter_core._conversation_eval import openai_turns, read_conversations
from toolfilter_core._tool_defs import read_tools_file
from toolfilter_core.integration import ConversationPolicy

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:inspect")

DEV = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "dev_hotel_pms"


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(read_tools_file(DEV / "tools.jsonl"), embedder=HashingEmbedder(), profiles=DEV / "profiles.jsonl")


@pytest.fixture(scope="module")
def conversations(tool_filter: ToolFilter) -> list[Any]:
    return read_conversations(DEV / "conversations.jsonl", tools={t.name for t in tool_filter.tools})


def test_the_agent_is_offered_the_cores_sets_call_by_call(tool_filter: ToolFilter, conversations: list[Any]) -> None:
    calls = 0
    for conversation in conversations:
        agent, core = agent_offers(tool_filter, conversation), core_offers(tool_filter, conversation)
        assert agent == core, conversation.id  # the same tools in the same order: the same tools block
        calls += len(agent)
    assert calls > 50


def test_a_conversations_sets_stay_within_the_policys_budget(tool_filter: ToolFilter, conversations: list[Any]) -> None:
    sizes = [len(o) for c in conversations for o in agent_offers(tool_filter, c)]
    assert max(sizes) <= ConversationPolicy().budget
    assert max(sizes) > tool_filter.config.top_k  # the policy grows past top_k: what max_tools bounds


def test_max_tools_bounds_every_set_of_a_conversation(tool_filter: ToolFilter, conversations: list[Any]) -> None:
    unbounded = [len(o) for c in conversations for o in agent_offers(tool_filter, c)]
    bounded = [len(o) for c in conversations for o in agent_offers(tool_filter, c, max_tools=3)]
    assert max(unbounded) > 3
    assert max(bounded) <= 3 and len(bounded) == len(unbounded)


def test_with_max_tools_the_agent_is_offered_the_cores_sets_or_their_best(
    tool_filter: ToolFilter, conversations: list[Any]
) -> None:
    # the core's replay with the same budget and select(max_tools=3); a set it still makes larger is cut
    same = 0
    for conversation in conversations:
        agent = agent_offers(tool_filter, conversation, max_tools=3)
        core = core_offers(tool_filter, conversation, max_tools=3)
        for mine, theirs in zip(agent, core, strict=True):
            assert mine == theirs if len(theirs) <= 3 else set(mine) < set(theirs), conversation.id
            same += mine == theirs
    assert same > 50


def _openai(message: ChatMessage) -> dict[str, Any]:
    calls = [b for b in message.blocks if isinstance(b, ToolCallBlock)]
    out: dict[str, Any] = {
        "role": message.role.value,
        "content": "\n".join(b.text for b in message.blocks if isinstance(b, TextBlock)),
    }
    if calls:
        out["tool_calls"] = [
            {"id": c.tool_call_id, "type": "function", "function": {"name": c.tool_name, "arguments": "{}"}}
            for c in calls
        ]
    if message.role.value == "tool":
        out["tool_call_id"] = message.additional_kwargs.get("tool_call_id")
    return out


def test_an_agents_memory_reads_as_the_core_reads_the_same_messages() -> None:
    # FunctionAgent stores a tool result with its tool_call_id only: it answers for that call's tool
    messages = [
        ChatMessage(role="user", content="book room 12 for Lin"),
        ChatMessage(role="assistant", blocks=[ToolCallBlock(tool_call_id="c1", tool_name="book_room", tool_kwargs={})]),
        ChatMessage(role="tool", content='{"ok": true}', additional_kwargs={"tool_call_id": "c1"}),
        ChatMessage(role="assistant", content="Booked."),
        ChatMessage(role="user", content="and breakfast too"),
    ]
    mine = [(t.role, t.text, t.called) for t in chat_turns(messages)]
    core = [(t.role, t.text, t.called) for t in openai_turns([_openai(m) for m in messages])]
    assert mine == core
    assert mine[2] == ("tool", '{"ok": true}', ("book_room",))


def _tool(name: str) -> FunctionTool:
    return FunctionTool.from_defaults(fn=lambda: name, name=name, description=f"{name.replace('_', ' ')} for a guest")


def test_with_memory_keeps_the_policys_settings() -> None:
    tools = [_tool(n) for n in ("book_room", "cancel_booking", "get_invoice", "send_receipt")]
    retriever = ToolFilterRetriever.from_tools(tools, embedder=HashingEmbedder())
    retriever.retriever.conversation = ConversationPolicy("openai", budget=3, prefetch=0, horizon=2)
    policy = retriever.with_memory(ChatMemoryBuffer.from_defaults()).retriever.conversation
    assert policy is not None and policy is not retriever.retriever.conversation  # nothing remembered is shared
    assert (policy.budget, policy.prefetch, policy.horizon, policy.prices.read) == (3, 0, 2, 0.5)


def test_max_tools_is_the_policys_budget_and_the_default_top_k() -> None:
    tools = [_tool(n) for n in ("book_room", "cancel_booking", "get_invoice", "send_receipt")]
    retriever = ToolFilterRetriever.from_tools(tools, embedder=HashingEmbedder(), max_tools=2)
    bound = retriever.with_memory(ChatMemoryBuffer.from_defaults())
    assert bound.max_tools == 2 and bound.config.top_k == 2
    assert bound.retriever.conversation is not None and bound.retriever.conversation.budget == 2
    assert ToolFilterRetriever.from_tools(tools, embedder=HashingEmbedder(), max_tools=2, top_k=1).config.top_k == 1
    assert ToolFilterRetriever.from_objects(tools, embedder=HashingEmbedder(), similarity_top_k=3).max_tools == 3
    assert "max_tools=2" in repr(retriever)


@pytest.mark.parametrize("value", [0, 129, "5", True, 2.5])
def test_a_bad_max_tools_names_the_field_and_what_is_allowed(value: Any) -> None:
    with pytest.raises(ConfigError, match=r"max_tools: got .*; allowed: an integer from 1 to 128"):
        ToolFilterRetriever.from_tools([_tool("book_room")], embedder=HashingEmbedder(), max_tools=value)


def test_the_dev_set_replayed_holds_user_turns_of_every_kind(conversations: list[Any]) -> None:
    kinds = {m.get("kind") for c in conversations for m in c.messages if m.get("role") == "user"}
    assert {"first", "follow_up", "confirmation", "closing"} <= kinds, json.dumps(sorted(map(str, kinds)))
