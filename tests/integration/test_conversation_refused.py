"""A bicycle shop's agents, the real default embedder: a refused destructive call never comes back.

On "has invoice INV-3301 been paid?" the model is offered ``invoice_get`` and ``payment_record``,
calls ``invoice_void`` anyway and is refused. The next turn, a correction ("不对，我是说
INV-3302"), a "好的" or the same request again, is not offered ``invoice_void``, and the model's
second call of it does not run: LangChain's agent with the middleware, and LlamaIndex's
``FunctionAgent`` with the retriever. Fake chat models stand in for the LLM. Data:
tests/integration/data/SOURCE.md.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import StructuredTool
from langgraph.checkpoint.memory import InMemorySaver
from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.llms import MockFunctionCallingLLM
from llama_index.core.memory import ChatMemoryBuffer
from llama_index.core.tools import FunctionTool

from langchain_toolfilter import ToolFilterMiddleware
from llamaindex_toolfilter import ToolFilterRetriever
from tests.unit.langchain_kit import RecordingChatModel, call
from toolfilter_core import Embedder, ToolSpec, ToolSpecWarning, read_tools_file

pytestmark = [pytest.mark.integration, pytest.mark.filterwarnings("ignore::DeprecationWarning:inspect")]

DATA = Path(__file__).resolve().parent / "data" / "bikeshop"
ASK = "has invoice INV-3301 been paid?"
PAID = "INV-3301 is paid, 120 EUR."
VOID = "invoice_void"
CORRECTIONS = ["不对，我是说 INV-3302", "no, I meant INV-3302"]


@pytest.fixture(scope="module")
def specs() -> list[ToolSpec]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        return read_tools_file(DATA / "tools.jsonl")


def _langchain_tool(spec: ToolSpec, ran: list[str]) -> StructuredTool:
    def run(**arguments: Any) -> str:
        ran.append(spec.name)
        return json.dumps({"ok": True, "tool": spec.name})

    return StructuredTool.from_function(
        func=run, name=spec.name, description=spec.description, args_schema=dict(spec.parameters)
    )


@pytest.mark.parametrize("second", [*CORRECTIONS, "好的", ASK])
def test_langchain_agent_never_offers_nor_runs_a_refused_void_on_the_next_turn(
    default_embedder: Embedder, specs: list[ToolSpec], second: str
) -> None:
    ran: list[str] = []
    tools = [_langchain_tool(spec, ran) for spec in specs]
    middleware = ToolFilterMiddleware(
        tools=tools, max_tools=5, embedder=default_embedder, profiles=DATA / "profiles.jsonl"
    )
    script: list[AIMessage | str] = [
        call(VOID, "x1", invoice_id="INV-3301"),
        PAID,
        call(VOID, "x2", invoice_id="INV-3302"),
        "done",
    ]
    model = RecordingChatModel(messages=iter(script))
    agent = create_agent(model, tools=tools, middleware=[middleware], checkpointer=InMemorySaver())
    thread: RunnableConfig = {"configurable": {"thread_id": "bikeshop"}}
    agent.invoke({"messages": [HumanMessage(ASK)]}, thread)
    assert VOID not in model.seen[0] and ran == []  # refused on the first turn, as before
    agent.invoke({"messages": [HumanMessage(second)]}, thread)
    assert len(model.seen) == 4
    assert all(VOID not in seen for seen in model.seen[2:]), model.seen
    assert ran == []
    if second in CORRECTIONS:
        assert "invoice_get" in model.seen[2]  # the task the correction redoes is served


def _calling(offered: list[list[str]]) -> MockFunctionCallingLLM:
    """A function-calling mock that calls ``invoice_void`` whatever it is offered, then answers."""

    def respond(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        offered.append([t.metadata.name for t in kwargs.get("tools") or []])
        if messages[-1].role == MessageRole.TOOL:
            return ChatMessage(role="assistant", content=PAID)
        block = ToolCallBlock(tool_call_id=f"c-{uuid4().hex[:8]}", tool_name=VOID, tool_kwargs={})
        return ChatMessage(role="assistant", blocks=[block])

    return MockFunctionCallingLLM(response_generator=respond)


@pytest.mark.parametrize("second", CORRECTIONS)
async def test_llamaindex_agent_never_offers_nor_runs_a_refused_void_after_a_correction(
    default_embedder: Embedder, specs: list[ToolSpec], second: str
) -> None:
    ran: list[str] = []

    def tool(spec: ToolSpec) -> FunctionTool:
        def act(**arguments: Any) -> str:
            ran.append(spec.name)
            return json.dumps({"ok": True, "tool": spec.name})

        return FunctionTool.from_defaults(fn=act, name=spec.name, description=spec.description)

    retriever = ToolFilterRetriever.from_tools(
        [tool(s) for s in specs], embedder=default_embedder, profiles=DATA / "profiles.jsonl", max_tools=5
    )
    memory = ChatMemoryBuffer.from_defaults(llm=MockFunctionCallingLLM())
    bound = retriever.with_memory(memory)
    first: list[list[str]] = []
    then: list[list[str]] = []
    await FunctionAgent(tool_retriever=bound, llm=_calling(first)).run(ASK, memory=memory)
    await FunctionAgent(tool_retriever=bound, llm=_calling(then)).run(second, memory=memory)
    assert first and all(VOID not in names for names in first)
    assert then and all(VOID not in names for names in then), then
    assert "invoice_get" in then[0]
    assert ran == []
