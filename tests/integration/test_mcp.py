"""Live MCP servers (stdio, started and stopped here) through the registry, LangChain and LlamaIndex."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.llms import MockFunctionCallingLLM
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

import langchain_toolfilter
import llamaindex_toolfilter
from langchain_toolfilter import ToolFilterMiddleware
from llamaindex_toolfilter import ToolFilterRetriever
from tests.unit.langchain_kit import RecordingChatModel, call
from tests.unit.llamaindex_kit import run, tool_results
from toolfilter_core import McpRegistry, Policy, ToolFilter, UsageMemory
from toolfilter_core._mcp import McpOrigin

pytestmark = pytest.mark.integration

SERVERS = Path(__file__).with_name("mcp_servers.py")
BROKEN = StdioServerParameters(command=sys.executable, args=["-c", "import sys; sys.exit(3)"])


def params(name: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=[str(SERVERS), name])


@asynccontextmanager
async def live_sessions(registry: McpRegistry, names: Sequence[str]) -> AsyncIterator[dict[str, Any]]:
    """Start each server over stdio (``ghost`` never starts); every process is stopped on exit."""
    async with AsyncExitStack() as stack:
        sessions: dict[str, Any] = {}
        for name in names:
            own = AsyncExitStack()
            try:
                server = params(name) if name != "ghost" else BROKEN
                read, write = await own.enter_async_context(stdio_client(server))
                session = await own.enter_async_context(
                    ClientSession(read, write, message_handler=registry.message_handler(name))
                )
                with anyio.fail_after(20):
                    await session.initialize()
            except Exception:  # a server that does not start is down, not a failed test set-up
                await own.aclose()
                sessions[name] = None
                continue
            stack.push_async_callback(own.aclose)
            sessions[name] = session
        yield sessions


@pytest.fixture
def registry(default_embedder) -> McpRegistry:
    return McpRegistry(ToolFilter(embedder=default_embedder, config={"top_k": 3}))


async def test_three_servers_one_down_same_names_distinct_and_re_indexing(
    registry: McpRegistry, caplog: pytest.LogCaptureFixture
) -> None:
    async with live_sessions(registry, ["weather", "files", "mail", "ghost"]) as sessions:
        with caplog.at_level(logging.WARNING, logger="toolfilter"):
            tools, first = await langchain_toolfilter.load_mcp_tools(registry, sessions)
        assert "'ghost' is unavailable" in caplog.text and set(registry.down) == {"ghost"}
        assert registry.servers == ("weather", "files", "mail")
        assert {"weather__search", "files__search"} <= set(registry.names)  # one name, two servers
        assert [t.name for t in tools] == registry.names and first.added == len(tools) == 8

        picked = registry.tool_filter.select("search the files on disk for TODO notes")
        assert "files__search" in picked.names and "weather__search" not in picked.names
        assert registry.origin("files__search") == McpOrigin("files", "search")
        specs = {t.name: t for t in registry.tool_filter.tools}
        assert specs["files__search"].category == "files"
        assert specs["files__delete_file"].annotations["destructiveHint"] is True

        careful = registry.tool_filter.select("delete the file old.log", policy=Policy(allow_destructive=False))
        assert "files__delete_file" not in careful.names and "mail__send_mail" not in careful.names

        # the files server adds a tool and says so: only that tool is embedded
        enable = next(t for t in tools if t.name == "files__enable_archive")
        assert await enable.ainvoke({}) == "files server: archive tools on"
        with anyio.fail_after(10):
            while "files" not in registry.changed:
                await anyio.sleep(0.05)
        tools, changed = await langchain_toolfilter.load_mcp_tools(registry, sessions, only_changed=True)
        assert (changed.added, changed.updated, changed.removed, changed.unchanged) == (1, 0, 0, 8)
        assert changed.texts_embedded == 1 and "files__restore_archive" in registry.names

        # the mail server is gone from the configuration: its tools are out
        left = {k: v for k, v in sessions.items() if k != "mail"}
        tools, gone = await langchain_toolfilter.load_mcp_tools(registry, left)
        assert gone.removed == 2 and gone.texts_embedded == 0
        assert not any(n.startswith("mail__") for n in registry.names)


async def test_langchain_agent_gets_the_selected_tools_and_runs_one_on_its_server(registry: McpRegistry) -> None:
    async with live_sessions(registry, ["weather", "files", "mail"]) as sessions:
        tools, _ = await langchain_toolfilter.load_mcp_tools(registry, sessions)
        model = RecordingChatModel(
            messages=iter([call("weather__get_forecast", "c1", city="Paris"), AIMessage("Rain."), AIMessage("Sent.")])
        )
        middleware = ToolFilterMiddleware(tool_filter=registry.tool_filter)
        agent = create_agent(model, tools, middleware=[middleware])
        result = await agent.ainvoke({"messages": [HumanMessage("Will it rain in Paris tomorrow?")]})
        assert "weather__get_forecast" in model.seen[0]
        assert not {"files__delete_file", "mail__send_mail"} & set(model.seen[0])
        assert len(model.seen[0]) <= 3 < len(tools)
        answer = next(m for m in result["messages"] if isinstance(m, ToolMessage))
        assert answer.name == "weather__get_forecast"
        assert answer.content == "weather server: rain tomorrow in Paris"  # it ran on the weather server

        later = await agent.ainvoke({"messages": [HumanMessage("Email bob@example.com that I am late")]})
        assert "mail__send_mail" in model.seen[-1] and "files__delete_file" not in model.seen[-1]
        assert later["messages"][-1].content == "Sent."


def mock_llm(offered: list[list[str]], arguments: dict[str, Any]) -> MockFunctionCallingLLM:
    """Calls the best tool offered with ``arguments``, then answers with what the tool returned."""

    def respond(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        tools = kwargs.get("tools") or []
        offered.append([t.metadata.name for t in tools])
        if messages[-1].role == MessageRole.TOOL:
            return ChatMessage(role="assistant", content=f"done: {messages[-1].content}")
        if not tools:
            return ChatMessage(role="assistant", content="No tool fits.")
        block = ToolCallBlock(tool_call_id="call-1", tool_name=tools[0].metadata.name, tool_kwargs=arguments)
        return ChatMessage(role="assistant", blocks=[block])

    return MockFunctionCallingLLM(response_generator=respond)


async def test_llamaindex_agent_with_basic_mcp_clients(registry: McpRegistry) -> None:
    from llama_index.tools.mcp import BasicMCPClient

    clients = {name: BasicMCPClient(sys.executable, args=[str(SERVERS), name]) for name in ("weather", "files")}
    tools, report = await llamaindex_toolfilter.load_mcp_tools(registry, clients)
    assert report.added == len(tools) == 6
    retriever = ToolFilterRetriever(registry.tool_filter, tools)
    offered: list[list[str]] = []
    agent = FunctionAgent(tool_retriever=retriever, llm=mock_llm(offered, {"path": "notes.txt"}))
    result = await run(agent, "Show me what is inside the file notes.txt")
    assert offered[0][0] == "files__read_file" and "weather__get_forecast" not in offered[0]
    done = tool_results(result)[0]
    assert done.tool_name == "files__read_file" and not done.tool_output.is_error
    assert "files server: contents of notes.txt" in done.tool_output.content  # ran on the files server


async def test_tools_from_aget_tools_from_mcp_url_register_under_their_own_names(default_embedder) -> None:
    from llama_index.tools.mcp import BasicMCPClient, aget_tools_from_mcp_url

    registry = McpRegistry(ToolFilter(embedder=default_embedder, config={"top_k": 3}), qualify=False)
    client = BasicMCPClient(sys.executable, args=[str(SERVERS), "mail"])
    tools = await aget_tools_from_mcp_url(sys.executable, client=client)  # McpToolSpec's FunctionTools
    listed = {t.name: t for t in (await client.list_tools()).tools}  # the definitions, with annotations
    registry.set_server("mail", [listed[t.metadata.name] for t in tools], objects=tools)
    retriever = ToolFilterRetriever(registry.tool_filter, tools)
    found = await retriever.aretrieve("email bob@example.com that I am late")
    assert found[0] is registry.object("send_mail")
    assert {t.name: t.category for t in registry.tool_filter.tools} == {"send_mail": "mail", "read_inbox": "mail"}
    result = await found[0].acall(to="bob@example.com", body="late")
    assert "mail server: sent to bob@example.com" in result.content


async def test_bad_servers_go_down_alone_a_dead_call_is_a_tool_error_and_a_returning_server_keeps_its_examples(
    default_embedder, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Against live stdio servers: a duplicate name, a hang, a death, a return."""
    registry = McpRegistry(ToolFilter(embedder=default_embedder, store=tmp_path / "store", config={"top_k": 3}))
    async with live_sessions(registry, ["weather", "files", "dupes", "hang", "flaky"]) as sessions:
        with caplog.at_level(logging.WARNING, logger="toolfilter"), anyio.fail_after(60):
            tools, _ = await langchain_toolfilter.load_mcp_tools(registry, sessions, timeout=2)
        assert set(registry.down) == {"dupes", "hang"}  # 6: each named, the others serve
        assert "'dupes' is unavailable" in caplog.text and "'hang' is unavailable" in caplog.text
        assert registry.servers == ("weather", "files", "flaky")

        # 7: the flaky server dies during the call; the model hears of it and the run goes on
        replies = [call("flaky__convert_units", "c1", value=3, unit="km"), "Sorry.", "Here it is."]
        model = RecordingChatModel(messages=iter(replies))
        agent = create_agent(model, tools, middleware=[ToolFilterMiddleware(tool_filter=registry.tool_filter)])
        with anyio.fail_after(30):
            result = await agent.ainvoke({"messages": [HumanMessage("convert 3 km to miles")]})
        answer = next(m for m in result["messages"] if isinstance(m, ToolMessage))
        assert answer.status == "error" and "could not be called" in str(answer.content)
        assert result["messages"][-1].content == "Sorry."

        # 9: weather goes away for a refresh and comes back: what it learned is still there
        registry.tool_filter.record("do I need an umbrella in Oslo", "weather__get_forecast")
        without = {**sessions, "weather": None}
        await registry.refresh(without, timeout=2)
        assert "weather" in registry.down and not any(n.startswith("weather__") for n in registry.names)
        # 8: a running agent over the changed registry serves what both hold, without an error
        again = await agent.ainvoke({"messages": [HumanMessage("read the file notes.txt")]})
        assert again["messages"][-1].content == "Here it is."
    async with live_sessions(registry, ["weather", "files"]) as back:
        await registry.refresh(back, timeout=2)
        assert "weather" not in registry.down
        learned = UsageMemory(registry.tool_filter.index).examples()
        assert learned == {"weather__get_forecast": ["do I need an umbrella in Oslo"]}
        assert "weather__get_forecast" in registry.tool_filter.select("do I need an umbrella in Oslo").names


async def test_under_churn_no_selection_names_a_tool_no_longer_registered(registry: McpRegistry) -> None:
    # selections in a worker thread while list_changed refreshes replace a tool
    stale: list[str] = []
    selections = 0
    async with live_sessions(registry, ["churn", "weather"]) as sessions:
        await langchain_toolfilter.load_mcp_tools(registry, sessions)
        rotate = next(t for t in registry.all_objects() if t.name == "churn__rotate")
        for _ in range(20):  # bounded: twenty refreshes
            await rotate.ainvoke({})
            with anyio.fail_after(10):
                while "churn" not in registry.changed:
                    await anyio.sleep(0.02)

            def select() -> None:
                nonlocal selections
                for text in ("sales report for March", "weather in Paris", "churn__sales_report_v0"):
                    names = registry.select(text).names
                    selections += 1
                    stale.extend(n for n in names if n not in registry.names)

            await asyncio.gather(
                asyncio.to_thread(select), langchain_toolfilter.load_mcp_tools(registry, sessions, only_changed=True)
            )
        assert "churn__sales_report_v20" in registry.names and "churn__sales_report_v0" not in registry.names
    assert selections == 60 and stale == []
