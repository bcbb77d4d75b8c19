"""Only what was offered runs, in LlamaIndex agents.

The agents look a tool up by its bare name before running it (``tool_retriever.aretrieve``);
an exact name used to return the tool whatever the model was offered, so a never-offered
tool ran on the model's first call. The look-up now finds only a tool of the last offer, and
the agent's "Tool X not found" answer never makes X sticky.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from typing import Any
from uuid import uuid4

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from llama_index.core.agent.workflow import FunctionAgent, ReActAgent
from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.llms import MockFunctionCallingLLM
from llama_index.core.memory import ChatMemoryBuffer
from llama_index.core.tools import FunctionTool

from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import HashingEmbedder

from .llamaindex_kit import run, tool_results

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:inspect")

RAN: list[str] = []


def _tool(name: str, description: str) -> FunctionTool:
    def act(customer: str = "") -> str:
        RAN.append(name)
        return f"{name} done"

    return FunctionTool.from_defaults(fn=act, name=name, description=description)


TOOLS = [
    _tool("invoice_list_unpaid", "List unpaid invoices: the customers who still owe money."),
    _tool("customer_delete", "Delete a customer record permanently."),
    _tool("get_weather", "Get the current weather forecast for a city."),
]


@pytest.fixture(autouse=True)
def _nothing_ran() -> None:
    RAN.clear()


@pytest.fixture
def retriever() -> ToolFilterRetriever:
    return ToolFilterRetriever.from_tools(TOOLS, embedder=HashingEmbedder(), top_k=1)


def calling(name: str, offered: list[list[str]]) -> MockFunctionCallingLLM:
    """A function-calling mock that calls ``name`` whatever it is offered (an injection), then answers."""

    def respond(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        offered.append([t.metadata.name for t in kwargs.get("tools") or []])
        if messages[-1].role == MessageRole.TOOL:
            return ChatMessage(role="assistant", content=f"done: {messages[-1].content}")
        call = ToolCallBlock(tool_call_id=f"call-{uuid4().hex[:8]}", tool_name=name, tool_kwargs={})
        return ChatMessage(role="assistant", blocks=[call])

    return MockFunctionCallingLLM(response_generator=respond)


async def test_a_never_offered_tool_never_runs_in_a_function_agent(retriever: ToolFilterRetriever) -> None:
    offered: list[list[str]] = []
    agent = FunctionAgent(tool_retriever=retriever, llm=calling("customer_delete", offered))
    result = await run(agent, "who still owes us money?")
    assert "customer_delete" not in offered[0]
    assert RAN == []
    output = tool_results(result)[0].tool_output
    assert output.is_error and "not found" in str(output.content)


async def test_an_offered_tool_still_runs(retriever: ToolFilterRetriever) -> None:
    offered: list[list[str]] = []
    agent = FunctionAgent(tool_retriever=retriever, llm=calling("invoice_list_unpaid", offered))
    await run(agent, "who still owes us money?")
    assert offered[0] == ["invoice_list_unpaid"] and RAN == ["invoice_list_unpaid"]


async def test_a_refused_call_is_not_sticky_on_the_next_turn(retriever: ToolFilterRetriever) -> None:
    memory = ChatMemoryBuffer.from_defaults(llm=MockFunctionCallingLLM())
    session = retriever.with_memory(memory)
    offered: list[list[str]] = []
    await run(
        FunctionAgent(tool_retriever=session, llm=calling("customer_delete", offered)), "who owes us?", memory=memory
    )
    offered.clear()
    await run(FunctionAgent(tool_retriever=session, llm=calling("customer_delete", offered)), "and now?", memory=memory)
    assert all("customer_delete" not in seen for seen in offered)
    assert RAN == []


def reacting(name: str, offered: list[list[str]]) -> MockFunctionCallingLLM:
    """The mock speaking ReAct: acts with ``name`` whatever the prompt offers, then answers."""

    def respond(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        prompt = "\n".join(m.content or "" for m in messages)
        if "Observation:" in (messages[-1].content or ""):
            return ChatMessage(role="assistant", content="Thought: I can answer now.\nAnswer: done")
        offered.append(re.findall(r"> Tool Name: (\S+)", prompt))
        return ChatMessage(
            role="assistant", content=f"Thought: I need a tool.\nAction: {name}\nAction Input: {json.dumps({})}"
        )

    return MockFunctionCallingLLM(response_generator=respond)


@pytest.mark.filterwarnings("ignore:is_running called from within a step:DeprecationWarning")
async def test_a_never_offered_tool_never_runs_in_a_react_agent(retriever: ToolFilterRetriever) -> None:
    offered: list[list[str]] = []
    result = await run(ReActAgent(tool_retriever=retriever, llm=reacting("customer_delete", offered)), "who owes us?")
    assert "customer_delete" not in offered[0]
    assert RAN == [] and tool_results(result)[0].tool_output.is_error


def test_a_conversation_of_its_own_has_an_offer_of_its_own(retriever: ToolFilterRetriever) -> None:
    alice, bob = retriever.with_history([]), retriever.with_history([])
    assert [t.metadata.name for t in alice.retrieve("who still owes us money?")] == ["invoice_list_unpaid"]
    assert [t.metadata.name for t in bob.retrieve("delete the customer record acme permanently")] == ["customer_delete"]
    assert alice.retrieve("customer_delete") == []  # bob's offer is not alice's
    assert [t.metadata.name for t in bob.retrieve("customer_delete")] == ["customer_delete"]


def test_a_look_up_leaves_the_offer_as_it_was_for_the_next_parallel_call() -> None:
    retriever = ToolFilterRetriever.from_tools(TOOLS, embedder=HashingEmbedder(), top_k=3)
    offer = [t.metadata.name for t in retriever.retrieve("who still owes us money, and the weather in Paris?")]
    assert sorted(offer) == ["get_weather", "invoice_list_unpaid"]
    for name in ("invoice_list_unpaid", "get_weather", "invoice_list_unpaid"):  # the calls of one model message
        assert [t.metadata.name for t in retriever.retrieve(name)] == [name]
    assert retriever.retrieve("customer_delete") == []
