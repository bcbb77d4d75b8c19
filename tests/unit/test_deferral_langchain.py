"""``ToolFilterMiddleware(deferral="anthropic")`` inside ``create_agent``, with LangChain's fake chat model.

langchain-anthropic is not installed here: the fake model records what ``ChatAnthropic`` would
be handed (the ``BaseTool``s with their ``extras``, the messages), and the tests assert on it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.language_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool, tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field

from langchain_toolfilter import ToolFilterMiddleware
from langchain_toolfilter._deferral import TOOL_SEARCH_NAME
from toolfilter_core import ConfigError, HashingEmbedder, ToolSpecError

from .langchain_kit import CONFIG, READ_INBOX, SEND_MAIL, call, get_weather, read_file, write_file


@tool
def sql_query(sql: str) -> str:
    """Run a read-only SQL query against the database."""
    return "42 rows"


TOOLS = [get_weather, SEND_MAIL, READ_INBOX, read_file, write_file, sql_query]


class DeferralModel(GenericFakeChatModel):
    """The fake chat model, recording per model call the tools handed (name, extras) and the messages."""

    handed: list[list[tuple[str, dict[str, Any]]]] = Field(default_factory=list)
    wire: list[str] = Field(default_factory=list)
    received: list[list[BaseMessage]] = Field(default_factory=list)

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: Any = None, **kwargs: Any) -> Runnable[Any, Any]:
        handed = [(t.name, dict(t.extras or {})) if isinstance(t, BaseTool) else (t["type"], {}) for t in tools]
        self.handed.append(handed)
        # what a provider integration serialises: the definition and the extras, per tool
        pairs = zip(tools, handed, strict=True)
        self.wire.append(json.dumps([[convert_to_openai_tool(t), extras] for t, (_, extras) in pairs]))
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _generate(
        self, messages: list[BaseMessage], stop: list[str] | None = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        self.received.append(list(messages))
        return super()._generate(messages, stop=stop, run_manager=run_manager, **kwargs)


def fake_model(*replies: str | AIMessage) -> DeferralModel:
    return DeferralModel(messages=iter(replies))


def middleware(**options: Any) -> ToolFilterMiddleware:
    options.setdefault("config", CONFIG)
    options.setdefault("embedder", HashingEmbedder())
    options.setdefault("deferral", "anthropic")
    return ToolFilterMiddleware(**options)


def deferred(handed: list[tuple[str, dict[str, Any]]]) -> dict[str, bool]:
    return {name: extras.get("defer_loading") is True for name, extras in handed}


WEATHER_RUN = (
    call(TOOL_SEARCH_NAME, "c1", query="weather forecast for a city"),
    call("get_weather", "c2", city="Oslo"),
    "Take an umbrella.",
)


# --------------------------------------------------------------------------- the exchange


def test_every_tool_is_handed_deferred_but_always_include_and_the_search_tool() -> None:
    model = fake_model(*WEATHER_RUN)
    mw = middleware(always_include=["read_file"])
    assert [t.name for t in mw.tools] == [TOOL_SEARCH_NAME]  # registered with the agent, so it runs
    agent = create_agent(model, tools=TOOLS, middleware=[mw])

    agent.invoke({"messages": [HumanMessage("do I need an umbrella in Oslo tomorrow?")]})

    assert deferred(model.handed[0]) == {
        "get_weather": True,
        "send_mail": True,
        "read_inbox": True,
        "read_file": False,
        "write_file": True,
        "sql_query": True,
        TOOL_SEARCH_NAME: False,  # the provider refuses a request whose every tool is deferred
    }


def test_the_search_answers_with_tool_references_and_the_tools_never_change() -> None:
    model = fake_model(*WEATHER_RUN)
    agent = create_agent(model, tools=TOOLS, middleware=[middleware()])

    result = agent.invoke({"messages": [HumanMessage("do I need an umbrella in Oslo tomorrow?")]})

    found = result["messages"][2]
    assert isinstance(found, ToolMessage) and found.name == TOOL_SEARCH_NAME and found.tool_call_id == "c1"
    assert found.content[0] == {"type": "tool_reference", "tool_name": "get_weather"}
    assert all(isinstance(b, dict) and set(b) == {"type", "tool_name"} for b in found.content)
    assert found.artifact == [b["tool_name"] for b in found.content]  # type: ignore[index]
    assert found in model.received[1]  # the references reached the next model call
    ran = result["messages"][4]
    assert isinstance(ran, ToolMessage) and ran.content == "sunny in Oslo"
    assert len(model.wire) == 3 and len(set(model.wire)) == 1  # byte-identical tools on every call
    assert result["messages"][-1].content == "Take an umbrella."


async def test_the_exchange_async() -> None:
    model = fake_model(*WEATHER_RUN)
    agent = create_agent(model, tools=TOOLS, middleware=[middleware()])

    result = await agent.ainvoke({"messages": [HumanMessage("do I need an umbrella in Oslo tomorrow?")]})

    found = result["messages"][2]
    assert isinstance(found, ToolMessage) and found.content[0] == {"type": "tool_reference", "tool_name": "get_weather"}
    assert len(set(model.wire)) == 1 and deferred(model.handed[0])["get_weather"] is True


def test_the_users_last_turn_is_read_with_the_models_query(monkeypatch: pytest.MonkeyPatch) -> None:
    from langchain_toolfilter import _deferral

    seen: list[tuple[str, list[str]]] = []
    find = _deferral.find_deferred

    def spy(tool_filter: Any, query: str, deferred: Any, **kwargs: Any) -> list[str]:
        seen.append((query, kwargs["context"]))
        return find(tool_filter, query, deferred, **kwargs)

    monkeypatch.setattr(_deferral, "find_deferred", spy)
    agent = create_agent(fake_model(*WEATHER_RUN), tools=TOOLS, middleware=[middleware()])
    agent.invoke({"messages": [HumanMessage("do I need an umbrella in Oslo tomorrow?")]})
    assert seen == [("weather forecast for a city", ["do I need an umbrella in Oslo tomorrow?"])]


def test_nothing_found_is_a_plain_answer() -> None:
    model = fake_model(call(TOOL_SEARCH_NAME, "c1", query="zzqx flurb"), "I cannot do that.")
    result = create_agent(model, tools=TOOLS, middleware=[middleware()]).invoke({"messages": [HumanMessage("hm")]})
    found = result["messages"][2]
    assert isinstance(found, ToolMessage) and isinstance(found.content, str) and "No tool" in found.content


# --------------------------------------------------------------------------- gates


def test_a_blocked_tool_is_not_handed_and_never_referenced() -> None:
    query = "write text content to a file"
    open_model = fake_model(call(TOOL_SEARCH_NAME, "c1", query=query), "done")
    open_result = create_agent(open_model, tools=TOOLS, middleware=[middleware()]).invoke(
        {"messages": [HumanMessage("save my notes")]}
    )
    assert "write_file" in open_result["messages"][2].artifact  # what the gate takes away

    model = fake_model(call(TOOL_SEARCH_NAME, "c1", query=query), call("write_file", "c2", path="a", content="b"), "ok")
    agent = create_agent(model, tools=TOOLS, middleware=[middleware(block_tools=["write_file"])])
    result = agent.invoke({"messages": [HumanMessage("save my notes")]})

    assert "write_file" not in deferred(model.handed[0])
    found = result["messages"][2]
    assert "write_file" not in found.artifact and "write_file" not in json.dumps(found.content)
    refused = result["messages"][4]  # the model called it anyway: refused, never run
    assert isinstance(refused, ToolMessage) and refused.status == "error" and refused.content != "ok"


# --------------------------------------------------------------------------- the caller's mistakes


def test_the_callers_mistakes_are_refused_at_construction() -> None:
    with pytest.raises(ConfigError, match="deferral: got 'openai'"):
        middleware(deferral="openai")
    with pytest.raises(ConfigError, match="find_tools"):
        middleware(find_tools=True)


def test_an_agent_tool_named_like_the_search_tool_is_refused() -> None:
    @tool
    def tool_search(query: str) -> str:
        """My own search."""
        return ""

    agent = create_agent(fake_model("ok"), tools=[*TOOLS, tool_search], middleware=[middleware()])
    with pytest.raises(ToolSpecError, match="reserves for its search tool"):
        agent.invoke({"messages": [HumanMessage("hi")]})


def test_without_deferral_the_middleware_filters_as_before() -> None:
    model = fake_model("ok")
    agent = create_agent(model, tools=TOOLS, middleware=[middleware(deferral=None)])
    agent.invoke({"messages": [HumanMessage("send an email to Bob")]})
    handed = model.handed[0]
    assert handed[0][0] == "send_mail" and TOOL_SEARCH_NAME not in [name for name, _ in handed]
    assert not any(extras for _, extras in handed)  # nothing deferred: the selected tools themselves


def test_profiles_take_part_in_the_search() -> None:
    from toolfilter_core import Profiles, ToolProfile

    umbrella = "do I need an umbrella in Oslo tomorrow"
    profiles = Profiles({"get_weather": ToolProfile((umbrella, "will it rain this weekend"))})
    found = {}
    for name, mw in (("with", middleware(profiles=profiles)), ("without", middleware())):
        model = fake_model(call(TOOL_SEARCH_NAME, "c1", query=umbrella), "ok")
        result = create_agent(model, tools=TOOLS, middleware=[mw]).invoke({"messages": [HumanMessage(umbrella)]})
        found[name] = result["messages"][2].artifact
    assert found["with"][:1] == ["get_weather"]
    assert "get_weather" not in found["without"]


def test_a_shared_tool_filter_serves_the_search() -> None:
    from langchain_toolfilter._tools import describe_tools
    from toolfilter_core import ToolFilter
    from toolfilter_core.integration import resolve_config

    shared = ToolFilter(describe_tools(TOOLS), config=resolve_config(CONFIG, None), embedder=HashingEmbedder())
    model = fake_model(*WEATHER_RUN)
    mw = ToolFilterMiddleware(tool_filter=shared, deferral="anthropic")
    result = create_agent(model, tools=TOOLS, middleware=[mw]).invoke({"messages": [HumanMessage("umbrella?")]})
    assert result["messages"][2].artifact[0] == "get_weather"
    assert deferred(model.handed[0])["get_weather"] is True


def test_with_nothing_to_defer_the_search_tool_is_not_handed() -> None:
    model = fake_model("ok")
    mw = middleware(always_include=[t.name for t in TOOLS])
    create_agent(model, tools=TOOLS, middleware=[mw]).invoke({"messages": [HumanMessage("hi")]})
    assert deferred(model.handed[0]) == dict.fromkeys((t.name for t in TOOLS), False)
