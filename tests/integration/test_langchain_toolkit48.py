"""The LangChain adapter over the bundled 48-tool kit with the real default embedder.

One selector is built per module (loading the real models once); the middleware reuses its
embedder. LangChain's own fake chat model stands in for the LLM, so nothing leaves the
machine, and records which tools each model call received.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import HumanMessage
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import BaseTool, StructuredTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langchain_tests.integration_tests import RetrieversIntegrationTests
from langgraph.checkpoint.memory import InMemorySaver

from benchmarks.harness import kit_structured_tool
from langchain_toolfilter import SELECTION_EVENT, ToolFilterMiddleware, ToolFilterRetriever, ToolFilterSelector
from tests.unit.langchain_kit import EventRecorder, RecordingChatModel, call
from toolfilter_core import load_bundled_tools

pytestmark = pytest.mark.integration


@functools.cache
def kit() -> tuple[StructuredTool, ...]:
    return tuple(kit_structured_tool(spec) for spec in load_bundled_tools())


@functools.cache
def shared_selector() -> ToolFilterSelector:
    """The module's one real-model selector (embedder=None: the offline default)."""
    return ToolFilterSelector.from_tools(list(kit()), embedder=None)


@pytest.fixture(scope="module")
def selector() -> ToolFilterSelector:
    return shared_selector()


@pytest.fixture(scope="module")
def by_name() -> dict[str, StructuredTool]:
    return {t.name: t for t in kit()}


@pytest.fixture(scope="module")
def filter_middleware(selector: ToolFilterSelector) -> ToolFilterMiddleware:
    # Reuse the loaded models: a second real-model construction is not needed.
    return ToolFilterMiddleware(max_tools=3, embedder=selector.tool_filter.embedder)


# Requests in both languages (most from the kit's queries.jsonl) with the tool they need.
REQUESTS = [
    pytest.param("重启 nginx 服务", "restart_service", id="zh-restart"),
    pytest.param("给数据库做个备份", "db_backup", id="zh-backup"),
    pytest.param("收件箱里有没有新邮件", "read_inbox", id="zh-inbox"),
    pytest.param("Send an email to the team about the outage", "send_mail", id="en-mail"),
    pytest.param("Convert logo.png to webp", "image_convert", id="en-image"),
    pytest.param("Run the test suite", "run_tests", id="en-tests"),
]


@pytest.mark.parametrize(("query", "gold"), REQUESTS)
def test_selects_the_right_tool_as_the_users_object(
    selector: ToolFilterSelector, by_name: dict[str, StructuredTool], query: str, gold: str
) -> None:
    recorder = EventRecorder()
    out = selector.invoke(query, config={"callbacks": [recorder]})

    assert by_name[gold] in out  # the StructuredTool passed in, not a copy
    assert all(isinstance(t, BaseTool) and by_name[t.name] is t for t in out)
    assert len(out) <= (selector.config.fallback_top_k or 2 * selector.config.top_k)
    [(name, data)] = recorder.events
    assert name == SELECTION_EVENT and data["total_chars"] > data["selected_chars"]


@pytest.mark.parametrize(("query", "gold"), [REQUESTS[0], REQUESTS[3]])
async def test_lcel_chain_sends_only_the_selected_tools(selector: ToolFilterSelector, query: str, gold: str) -> None:
    prompt = ChatPromptTemplate.from_messages([("system", "You are an operations assistant."), ("human", "{q}")])
    model = RecordingChatModel(messages=iter(["ok", "ok"]))
    chain = prompt | selector.bind_model(model)

    chain.invoke({"q": query})
    await chain.ainvoke({"q": query})

    expected = set(selector.select(query).names)
    registry = [t.name for t in kit()]
    assert gold in model.seen[0]
    assert model.seen[0] == [name for name in registry if name in expected]  # registry order
    assert model.seen[1] == model.seen[0]  # sync and async agree, same order
    assert len(model.seen[0]) < len(kit())


def _agent(model: RecordingChatModel, middleware: ToolFilterMiddleware) -> Any:
    return create_agent(model, tools=list(kit()), middleware=[middleware], checkpointer=InMemorySaver())


def test_agent_follow_up_keeps_its_tool_english(filter_middleware: ToolFilterMiddleware) -> None:
    model = RecordingChatModel(
        messages=iter(
            [
                call("send_mail", "c1", to="team@example.com", subject="Outage", body="We are down."),
                "Sent to the team.",
                call("send_mail", "c2", to="bob@example.com", subject="Outage", body="We are down."),
                "Sent to Bob too.",
            ]
        )
    )
    agent = _agent(model, filter_middleware)
    thread: RunnableConfig = {"configurable": {"thread_id": "en"}}

    agent.invoke({"messages": [HumanMessage("Send an email to the team about the outage")]}, thread)
    result = agent.invoke({"messages": [HumanMessage("and to Bob as well")]}, thread)

    assert result["messages"][-1].content == "Sent to Bob too."
    assert len(model.seen) == 4
    assert all("send_mail" in seen for seen in model.seen)
    assert all(len(seen) < len(kit()) for seen in model.seen)


async def test_agent_follow_up_keeps_its_tool_chinese_async(filter_middleware: ToolFilterMiddleware) -> None:
    model = RecordingChatModel(
        messages=iter(
            [
                call("read_inbox", "c1", limit=10),
                "有 2 封新邮件。",
                call("read_inbox", "c2", limit=20),
                "昨天有 5 封。",
            ]
        )
    )
    agent = _agent(model, filter_middleware)
    thread: RunnableConfig = {"configurable": {"thread_id": "zh"}}

    await agent.ainvoke({"messages": [HumanMessage("收件箱里有没有新邮件")]}, thread)
    result = await agent.ainvoke({"messages": [HumanMessage("那昨天的呢？")]}, thread)

    assert result["messages"][-1].content == "昨天有 5 封。"
    assert len(model.seen) == 4
    assert all("read_inbox" in seen for seen in model.seen)
    assert all(len(seen) < len(kit()) for seen in model.seen)


@pytest.mark.parametrize(
    ("query", "gold"),
    [
        pytest.param("Send an email to the team about the outage", "send_mail", id="a-dict"),
        pytest.param("给数据库做个备份", "db_backup", id="a-dict-zh"),
        pytest.param("Convert logo.png to webp", "image_convert", id="a-tool"),
    ],
)
def test_agent_offers_function_dicts_within_max_tools(selector: ToolFilterSelector, query: str, gold: str) -> None:
    # every other kit tool as an OpenAI function dict: create_agent would bind them all
    tools: list[Any] = [convert_to_openai_tool(t) if i % 2 else t for i, t in enumerate(kit())]
    model = RecordingChatModel(messages=iter(["Done."]))
    middleware = ToolFilterMiddleware(max_tools=3, embedder=selector.tool_filter.embedder)
    agent = create_agent(model, tools=tools, middleware=[middleware])
    agent.invoke({"messages": [HumanMessage(query)]})

    [offered] = model.seen
    assert gold in offered
    assert len(offered) <= 3, offered


class TestToolFilterRetrieverStandard(RetrieversIntegrationTests):
    """LangChain's standard retriever tests, over the real selector."""

    @property
    def retriever_constructor(self) -> type[BaseRetriever]:
        return ToolFilterRetriever

    @property
    def retriever_constructor_params(self) -> dict[str, Any]:
        return {"selector": shared_selector(), "k": 3}

    @property
    def retriever_query_example(self) -> str:
        # A request that several git tools fit, so k=3 returns three.
        return "git repository: status, diff, log and branches"


def test_a_refused_call_never_becomes_sticky_and_its_retry_never_runs(selector: ToolFilterSelector) -> None:
    # "who still owes us money?"-style: the model (an injection) calls a tool it was not offered,
    # then retries it; across the next user turn too
    ran: list[str] = []
    tools = [t if t.name != "delete_file" else _recording(t, ran) for t in kit()]
    middleware = ToolFilterMiddleware(max_tools=3, embedder=selector.tool_filter.embedder, tools=tools)
    model = RecordingChatModel(
        messages=iter(
            [
                call("delete_file", "c1", path="/"),
                call("delete_file", "", path="/"),  # an empty id decides nothing
                "Here are the files.",
                call("delete_file", "c1", path="/"),  # an id used before decides nothing either
                "Done.",
            ]
        )
    )
    agent = create_agent(model, tools=tools, middleware=[middleware], checkpointer=InMemorySaver())
    thread: RunnableConfig = {"configurable": {"thread_id": "refused"}}
    agent.invoke({"messages": [HumanMessage("列出 ~/projects 目录下的文件")]}, thread)
    agent.invoke({"messages": [HumanMessage("and the hidden ones too")]}, thread)
    assert ran == []
    assert all("delete_file" not in seen for seen in model.seen)


def _recording(tool: StructuredTool, ran: list[str]) -> StructuredTool:
    def act(**arguments: Any) -> str:
        ran.append(tool.name)
        return "deleted"

    return StructuredTool(name=tool.name, description=tool.description, args_schema=tool.args_schema, func=act)


def test_agent_offers_a_confirmed_delete_once_not_to_the_turns_after_it(selector: ToolFilterSelector) -> None:
    destroyers = {"delete_file", "calendar_cancel", "restart_service"}  # the kit's, by the core's guard
    model = RecordingChatModel(
        messages=iter(
            [
                "要我删除 old.txt 吗？删除后无法恢复。",
                call("delete_file", "c1", path="old.txt"),
                "已删除 old.txt。",
                "不客气。",
                call("list_dir", "c2", path="."),
                "当前目录有 3 个文件。",
            ]
        )
    )
    middleware = ToolFilterMiddleware(max_tools=5, embedder=selector.tool_filter.embedder)
    agent = _agent(model, middleware)
    thread: RunnableConfig = {"configurable": {"thread_id": "destroy"}}
    for text in ("old.txt 这个文件不要了", "好的，删吧", "谢谢", "列一下当前目录的文件"):
        agent.invoke({"messages": [HumanMessage(text)]}, thread)

    _asked, confirmed, after_result, _thanks, later, last = model.seen
    assert "delete_file" in confirmed and not (destroyers - {"delete_file"}) & set(confirmed)
    assert "delete_file" in after_result  # the same turn
    assert "list_dir" in later and not destroyers & {*later, *last}
