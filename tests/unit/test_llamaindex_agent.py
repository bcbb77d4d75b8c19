"""ToolFilterRetriever inside real LlamaIndex agents, driven by LlamaIndex's mock LLMs.

The mock function-calling LLM calls the first tool it is offered (the retriever's best),
so a run shows which tool our selection put in front of the model, that the agent's
by-name look-up before running it finds the tool, and what a follow-up turn is offered.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Sequence
from typing import Any
from uuid import uuid4

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from llama_index.core.agent.workflow import AgentWorkflow, FunctionAgent, ReActAgent
from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.llms import MockFunctionCallingLLM
from llama_index.core.memory import ChatMemoryBuffer
from llama_index.core.tools import BaseTool

from llamaindex_toolfilter import ToolFilterRetriever, ToolSelectionEvent
from toolfilter_core import HashingEmbedder, recommended_config

from .llamaindex_kit import METADATA, collect_selection_events, make_tools, run, tool_results

# The workflows runtime walks agent attributes with inspect.getmembers, touching pydantic's
# deprecated ``__fields__``, ``__fields_set__`` and ``model_computed_fields``; the warnings
# are attributed to ``inspect``, so pyproject's ``pydantic.*`` filter misses them.
# Third-party, not ours.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:inspect")


@pytest.fixture
def tools() -> list[BaseTool]:
    return make_tools()


@pytest.fixture
def retriever(tools: list[BaseTool]) -> ToolFilterRetriever:
    return ToolFilterRetriever.from_tools(tools, METADATA, embedder=HashingEmbedder())


@pytest.fixture
def selection_events() -> Iterator[list[ToolSelectionEvent]]:
    """Every ToolSelectionEvent dispatched during the test, via a real root event handler."""
    with collect_selection_events() as events:
        yield events


def _arguments(tool: Any) -> dict[str, Any]:
    """Plausible values for a tool's required arguments."""
    samples = {str: "Paris", int: 2, float: 100.0, bool: True}
    schema = tool.metadata.fn_schema
    return {
        name: samples.get(field.annotation, "x") for name, field in schema.model_fields.items() if field.is_required()
    }


def function_calling_llm(offered: list[list[str]]) -> MockFunctionCallingLLM:
    """LlamaIndex's mock function-calling LLM, calling the first tool it is offered."""

    def respond(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        tools = kwargs.get("tools") or []
        offered.append([t.metadata.name for t in tools])
        if messages[-1].role == MessageRole.TOOL:
            return ChatMessage(role="assistant", content=f"done: {messages[-1].content}")
        if not tools:
            return ChatMessage(role="assistant", content="I have no tool for that.")
        call = ToolCallBlock(
            tool_call_id=f"call-{uuid4().hex[:8]}", tool_name=tools[0].metadata.name, tool_kwargs=_arguments(tools[0])
        )
        return ChatMessage(role="assistant", blocks=[call])

    return MockFunctionCallingLLM(response_generator=respond)


@pytest.mark.parametrize(
    ("request_text", "tool"),
    [
        pytest.param("what is the weather forecast for Paris", "get_weather", id="en-weather"),
        pytest.param("明天北京会下雨吗", "get_weather", id="zh-weather"),
        pytest.param("please send an email to my boss", "send_email", id="en-mail"),
        pytest.param("给老板发封邮件说我晚点到", "send_email", id="zh-mail"),
        pytest.param("一百美元是多少人民币", "convert_currency", id="zh-currency"),
    ],
)
async def test_function_agent_runs_the_tool_our_retriever_picked(
    retriever: ToolFilterRetriever,
    selection_events: list[ToolSelectionEvent],
    request_text: str,
    tool: str,
) -> None:
    offered: list[list[str]] = []
    agent = FunctionAgent(tool_retriever=retriever, llm=function_calling_llm(offered))
    result = await run(agent, request_text)
    assert offered[0][0] == tool
    config = retriever.config
    assert len(offered[0]) <= max(config.top_k, config.fallback_top_k or 2 * config.top_k)
    assert [c.tool_name for c in result.tool_calls] == [tool]
    assert not tool_results(result)[0].tool_output.is_error  # the by-name look-up found it
    assert str(result.response.content).startswith("done: ")
    # the agent asked for tools with the request, then re-queried the bare name before running it
    queries = [e.query for e in selection_events]
    assert queries[:2] == [request_text, tool]
    assert selection_events[1].selected == [tool]


async def test_the_name_look_up_works_even_when_scores_are_below_every_threshold(tools: list[BaseTool]) -> None:
    # min_combined_score=1.0 lets no scored tool through: the model is offered nothing by
    # score, but a tool it names (here forced through always_include) still runs.
    strict = ToolFilterRetriever.from_tools(
        tools,
        METADATA,
        embedder=HashingEmbedder(),
        min_combined_score=1.0,
        widen_when_empty=False,
        always_include=["read_file"],
    )
    offered: list[list[str]] = []
    agent = FunctionAgent(tool_retriever=strict, llm=function_calling_llm(offered))
    result = await run(agent, "please open the notes")
    assert offered[0] == ["read_file"]
    assert result.tool_calls[0].tool_name == "read_file"
    assert not tool_results(result)[0].tool_output.is_error


async def test_no_tool_fits_the_model_gets_no_tools(retriever: ToolFilterRetriever) -> None:
    offered: list[list[str]] = []
    agent = FunctionAgent(tool_retriever=retriever, llm=function_calling_llm(offered))
    result = await run(agent, "zzqx vvbn")
    assert offered == [[]]
    assert result.tool_calls == []


def react_llm(offered: list[list[str]]) -> MockFunctionCallingLLM:
    """The mock LLM speaking ReAct: reads the tools from the prompt, acts with the first."""

    def respond(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        prompt = "\n".join(m.content or "" for m in messages)
        if "Observation:" in (messages[-1].content or ""):
            return ChatMessage(
                role="assistant", content="Thought: I can answer without using any more tools.\nAnswer: done"
            )
        tools = re.findall(r"> Tool Name: (\S+)", prompt)
        offered.append(tools)
        if not tools:
            return ChatMessage(role="assistant", content="Thought: no tool fits.\nAnswer: sorry")
        arguments = json.dumps({"city": "Paris"} if tools[0] == "get_weather" else {})
        return ChatMessage(
            role="assistant", content=f"Thought: I need a tool.\nAction: {tools[0]}\nAction Input: {arguments}"
        )

    return MockFunctionCallingLLM(response_generator=respond)


# ReActAgent.take_step itself calls the deprecated ctx.is_running (llama-index-core 0.14).
@pytest.mark.filterwarnings("ignore:is_running called from within a step:DeprecationWarning")
async def test_react_agent_runs_the_tool_our_retriever_picked(retriever: ToolFilterRetriever) -> None:
    offered: list[list[str]] = []
    agent = ReActAgent(tool_retriever=retriever, llm=react_llm(offered))
    result = await run(agent, "明天北京会下雨吗")
    assert offered[0][0] == "get_weather"
    assert [c.tool_name for c in result.tool_calls] == ["get_weather"]
    assert tool_results(result)[0].tool_output.content == "sunny in Paris for 1 day(s)"


async def test_agent_workflow_uses_the_retriever_of_its_agent(retriever: ToolFilterRetriever) -> None:
    offered: list[list[str]] = []
    llm = function_calling_llm(offered)
    assistant = FunctionAgent(
        name="assistant", description="Does things with tools.", tool_retriever=retriever, llm=llm
    )
    writer = FunctionAgent(name="writer", description="Writes prose.", tools=[], llm=llm)
    workflow = AgentWorkflow(agents=[assistant, writer], root_agent="assistant")
    result = await run(workflow, user_msg="please send an email to my boss")
    assert offered[0][0] == "send_email" and offered[0][-1] == "handoff"
    assert [c.tool_name for c in result.tool_calls] == ["send_email"]
    assert not tool_results(result)[0].tool_output.is_error


# --- conversation: the agent passes only the latest message; the memory has the rest ------


async def test_a_follow_up_keeps_the_tool_it_is_about(
    retriever: ToolFilterRetriever, selection_events: list[ToolSelectionEvent]
) -> None:
    memory = ChatMemoryBuffer.from_defaults(llm=MockFunctionCallingLLM())
    session = retriever.with_memory(memory)
    assert session.memory is memory and retriever.memory is None
    assert session.tool_filter is retriever.tool_filter  # one index, nothing re-embedded
    offered: list[list[str]] = []
    agent = FunctionAgent(tool_retriever=session, llm=function_calling_llm(offered))

    first = await run(agent, "明天北京会下雨吗", memory=memory)
    assert first.tool_calls[0].tool_name == "get_weather"
    offered.clear()
    follow_up = await run(agent, "那上海呢？", memory=memory)  # "and Shanghai?": names no tool
    assert offered[0][0] == "get_weather"
    assert follow_up.tool_calls[0].tool_name == "get_weather"
    event = next(e for e in selection_events if e.query == "那上海呢？")
    assert event.context == ["明天北京会下雨吗"]
    assert event.sticky == ["get_weather"]

    # the same follow-up without the conversation carries no earlier turn and no sticky tool
    selection_events.clear()
    await run(FunctionAgent(tool_retriever=retriever, llm=function_calling_llm(offered := [])), "那上海呢？")
    alone = next(e for e in selection_events if e.query == "那上海呢？")
    assert alone.context == [] and alone.sticky == []


async def test_with_history_reads_a_given_chat(tools: list[BaseTool]) -> None:
    # abstention off: the fake embedder reads the bare follow-up as chit-chat, and this turn's
    # "no tool" would win over the sticky tool (test_filter covers that rule)
    retriever = ToolFilterRetriever.from_tools(
        tools, METADATA, embedder=HashingEmbedder(), config=recommended_config().merged({"abstain_phrases": []})
    )
    history = [
        ChatMessage(role="user", content="what is the weather forecast for Paris"),
        ChatMessage(
            role="assistant",
            content="",
            additional_kwargs={
                "tool_calls": [{"id": "1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]
            },
        ),
        ChatMessage(role="tool", content="sunny", additional_kwargs={"tool_call_id": "1", "name": "get_weather"}),
    ]
    found = await retriever.with_history(history).aretrieve("and in Berlin?")
    assert [t.metadata.name for t in found][:1] == ["get_weather"]
    assert retriever.retrieve("and in Berlin?") == []
