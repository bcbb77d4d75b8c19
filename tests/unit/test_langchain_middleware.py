"""ToolFilterMiddleware inside langchain.agents.create_agent, with LangChain's fake chat model."""

from __future__ import annotations

import inspect
import logging
from collections.abc import Sequence
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain.agents.middleware import AgentMiddleware, LLMToolSelectorMiddleware, ModelRequest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver

from langchain_toolfilter import FIND_TOOLS_NAME, SELECTION_EVENT, ToolFilterMiddleware, ToolFilterSelector, _engine
from toolfilter_core import ConfigError, HashingEmbedder

from .langchain_kit import (
    CONFIG,
    READ_INBOX,
    SEND_MAIL,
    EventRecorder,
    RecordingChatModel,
    call,
    get_weather,
    names,
    read_file,
    write_file,
)

# --------------------------------------------------------------------------- the kit


@tool
def sql_query(sql: str) -> str:
    """Run a read-only SQL query against the database."""
    return "42 rows"


TOOLS = [get_weather, SEND_MAIL, READ_INBOX, read_file, write_file, sql_query]
METADATA = {"sql_query": {"category": "db", "triggers": ["查一下数据库"]}}


def middleware(**options: Any) -> ToolFilterMiddleware:
    options.setdefault("config", CONFIG)
    options.setdefault("embedder", HashingEmbedder())
    options.setdefault("metadata", METADATA)
    return ToolFilterMiddleware(**options)


def fake_model(*replies: str | AIMessage) -> RecordingChatModel:
    return RecordingChatModel(messages=iter(replies))


# --------------------------------------------------------------------------- the swap


def test_it_is_an_agent_middleware_with_the_llm_selector_constructor_feel() -> None:
    assert issubclass(ToolFilterMiddleware, AgentMiddleware)
    ours = inspect.signature(ToolFilterMiddleware.__init__).parameters
    theirs = inspect.signature(LLMToolSelectorMiddleware.__init__).parameters
    for shared in ("max_tools", "always_include"):
        assert ours[shared].kind is theirs[shared].kind is inspect.Parameter.KEYWORD_ONLY
        assert ours[shared].default is theirs[shared].default is None
    mw = ToolFilterMiddleware(max_tools=2, always_include=["read_file"], embedder=HashingEmbedder())
    assert (mw.max_tools, mw.always_include, mw.tools) == (2, ["read_file"], [])


def test_a_bad_option_fails_at_construction() -> None:
    with pytest.raises(ConfigError, match="max_tools: got 0"):  # its own name, not the config's top_k
        ToolFilterMiddleware(max_tools=0)
    with pytest.raises(ConfigError, match="history_turnz"):
        ToolFilterMiddleware(history_turnz=1)


# --------------------------------------------------------------------------- filtering


def test_only_the_selected_tools_reach_the_model() -> None:
    model = fake_model(call("get_weather", "c1", city="Paris"), "It is sunny in Paris.")
    agent = create_agent(model, tools=TOOLS, middleware=[middleware()])

    result = agent.invoke({"messages": [HumanMessage("weather forecast for Paris")]})

    assert result["messages"][-1].content == "It is sunny in Paris."
    assert isinstance(result["messages"][2], ToolMessage) and result["messages"][2].content == "sunny in Paris"
    # both model calls of the task: the tool stays (sticky), nothing else is added
    assert model.seen == [["get_weather"], ["get_weather"]]


async def test_only_the_selected_tools_reach_the_model_async() -> None:
    model = fake_model(call("sql_query", "c1", sql="select count(*) from orders"), "42 订单")
    agent = create_agent(model, tools=TOOLS, middleware=[middleware()])

    result = await agent.ainvoke({"messages": [HumanMessage("查一下数据库 orders 表有多少行")]})

    assert result["messages"][-1].content == "42 订单"
    assert model.seen == [["sql_query"], ["sql_query"]]


def test_nothing_fits_means_no_tools() -> None:
    model = fake_model("Why did the chicken cross the road?")
    agent = create_agent(model, tools=TOOLS, middleware=[middleware()])
    agent.invoke({"messages": [HumanMessage("tell me a joke")]})
    assert model.seen == [[]]


def test_always_include_is_kept_and_not_counted() -> None:
    model = fake_model("ok")
    agent = create_agent(model, tools=TOOLS, middleware=[middleware(max_tools=1, always_include=["read_file"])])
    agent.invoke({"messages": [HumanMessage("send an email to Bob")]})
    # registry order: send_mail (#1) before read_file (#3)
    assert model.seen == [["send_mail", "read_file"]]


def test_max_tools_is_a_hard_cap_like_the_llm_selector() -> None:
    model = fake_model("ok")
    # min_score=0.95: low confidence, the core widens the search; max_tools still caps it
    agent = create_agent(model, tools=TOOLS, middleware=[middleware(max_tools=1, min_score=0.95)])
    agent.invoke({"messages": [HumanMessage("read the file and write the file")]})
    assert model.seen == [["read_file"]]


def test_always_include_must_exist() -> None:
    agent = create_agent(fake_model("ok"), tools=TOOLS, middleware=[middleware(always_include=["no_such_tool"])])
    with pytest.raises(ValueError, match=r"always_include: \['no_such_tool'\] are not among the agent's tools"):
        agent.invoke({"messages": [HumanMessage("send an email")]})


def test_provider_tools_pass_through() -> None:
    model = fake_model("ok")
    web = {"type": "web_search_preview"}
    agent = create_agent(model, tools=[*TOOLS, web], middleware=[middleware()])
    agent.invoke({"messages": [HumanMessage("send an email to Bob")]})
    assert model.seen == [["send_mail", "read_inbox", "web_search_preview"]]  # + the mail domain (prefetch)


def test_order_score_puts_the_best_first() -> None:
    model = fake_model("ok")
    agent = create_agent(model, tools=TOOLS, middleware=[middleware(order="score")])
    agent.invoke({"messages": [HumanMessage("read the file and write the file")]})
    assert model.seen[0][:2] == ["read_file", "write_file"]


def test_the_index_is_built_once_and_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    builds: list[list[str]] = []
    real = ToolFilterSelector.from_tools.__func__  # type: ignore[attr-defined]

    def counting(cls: type[ToolFilterSelector], tools: Sequence[Any], *args: Any, **kwargs: Any) -> Any:
        builds.append(names(tools))
        return real(cls, tools, *args, **kwargs)

    monkeypatch.setattr(ToolFilterSelector, "from_tools", classmethod(counting))
    mw = middleware()
    model = fake_model(call("get_weather", "c1", city="Paris"), "sunny", "ok")
    agent = create_agent(model, tools=TOOLS, middleware=[mw])
    agent.invoke({"messages": [HumanMessage("weather forecast for Paris")]})
    agent.invoke({"messages": [HumanMessage("send an email to Bob")]})
    assert builds == [names(TOOLS)]  # three model calls, one index
    assert len(mw._cache) == 1

    # a different tool set (another agent) gets its own index; the loaded embedder is reused
    embedder = next(iter(mw._cache.values())).tool_filter.embedder
    create_agent(fake_model("ok"), tools=TOOLS[:3], middleware=[mw]).invoke({"messages": [HumanMessage("hi mail")]})
    assert len(builds) == 2 and len(mw._cache) == 2
    assert all(s.tool_filter.embedder is embedder for s in mw._cache.values())


# --------------------------------------------------------------------------- conversations


def test_a_follow_up_keeps_its_tool_across_turns() -> None:
    model = fake_model(
        call("get_weather", "c1", city="Paris"),
        "Sunny in Paris.",
        call("get_weather", "c2", city="Berlin"),
        "Sunny in Berlin too.",
    )
    agent = create_agent(model, tools=TOOLS, middleware=[middleware()], checkpointer=InMemorySaver())
    thread: RunnableConfig = {"configurable": {"thread_id": "t1"}}

    agent.invoke({"messages": [HumanMessage("weather forecast for Paris")]}, thread)
    result = agent.invoke({"messages": [HumanMessage("and Berlin?")]}, thread)

    assert result["messages"][-1].content == "Sunny in Berlin too."
    # "and Berlin?" alone matches nothing; the task window keeps get_weather
    assert model.seen == [["get_weather"]] * 4


async def test_a_follow_up_keeps_its_tool_across_turns_async() -> None:
    model = fake_model(call("send_mail", "c1", to="bob", body="hi"), "Sent.", "Sent to Alice as well.")
    mw = middleware()
    agent = create_agent(model, tools=TOOLS, middleware=[mw], checkpointer=InMemorySaver())
    thread: RunnableConfig = {"configurable": {"thread_id": "t2"}}

    await agent.ainvoke({"messages": [HumanMessage("发封邮件给老板")]}, thread)
    result = await agent.ainvoke({"messages": [HumanMessage("还有 Alice")]}, thread)

    assert model.seen[0] == ["send_mail", "read_inbox"]
    # turn 2 needs no tool the model lacks: the conversation policy keeps the set the model
    # saw, in its order (the selection's order; the list handed out keeps registry order)
    [selector] = mw._cache.values()
    assert selector.select(result["messages"][:-1]).names == ["send_mail", "read_inbox"]
    assert model.seen[2] == ["send_mail", "read_inbox"]


def test_a_new_task_drops_the_old_tools_once_out_of_the_window() -> None:
    model = fake_model(call("get_weather", "c1", city="Paris"), "Sunny.", "ok")
    agent = create_agent(model, tools=TOOLS, middleware=[middleware(history_turns=0)], checkpointer=InMemorySaver())
    thread: RunnableConfig = {"configurable": {"thread_id": "t3"}}
    agent.invoke({"messages": [HumanMessage("weather forecast for Paris")]}, thread)
    agent.invoke({"messages": [HumanMessage("send an email to Bob")]}, thread)
    assert model.seen[2] == ["send_mail", "read_inbox"]  # get_weather left; the mail domain came (prefetch)


# --------------------------------------------------------------------------- find_tools


def test_find_tools_lets_the_model_search_and_brings_the_tool_in() -> None:
    model = fake_model(
        call(FIND_TOOLS_NAME, "c1", query="weather forecast"),
        call("get_weather", "c2", city="Oslo"),
        "Take an umbrella.",
    )
    mw = middleware(find_tools=True)
    assert [t.name for t in mw.tools] == [FIND_TOOLS_NAME]  # registered with the agent
    agent = create_agent(model, tools=TOOLS, middleware=[mw])

    result = agent.invoke({"messages": [HumanMessage("do I need an umbrella in Oslo tomorrow?")]})

    found = result["messages"][2]
    assert isinstance(found, ToolMessage) and found.name == FIND_TOOLS_NAME
    assert found.artifact[0] == "get_weather"
    assert model.seen[0] == [FIND_TOOLS_NAME]  # nothing fit: only the search tool
    assert "get_weather" in model.seen[1]  # the search result reached the next call
    assert FIND_TOOLS_NAME in model.seen[1]  # still searching is allowed
    assert result["messages"][-1].content == "Take an umbrella."


def test_find_tools_is_hidden_when_the_selection_is_confident() -> None:
    model = fake_model("ok")
    agent = create_agent(model, tools=TOOLS, middleware=[middleware(find_tools=True)])
    agent.invoke({"messages": [HumanMessage("send an email to Bob")]})
    assert model.seen == [["send_mail", "read_inbox"]]  # a new set brings its domain's other tool (prefetch)


def test_find_tools_before_any_index_says_so() -> None:
    mw = middleware(find_tools=True)
    text, found = mw._search("weather")
    assert found == [] and "No tool registry" in text


# --------------------------------------------------------------------------- explanations


def test_the_selection_is_reported_inside_the_agent_run() -> None:
    recorder = EventRecorder()
    agent = create_agent(fake_model("ok"), tools=TOOLS, middleware=[middleware()])
    agent.invoke({"messages": [HumanMessage("send an email to Bob")]}, {"callbacks": [recorder]})
    [(name, data)] = recorder.events
    assert name == SELECTION_EVENT
    assert data["offered"] == ["send_mail", "read_inbox"]  # + the mail domain (prefetch)


def test_with_no_handler_the_agent_builds_no_report(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int] = []
    real = _engine.event_payload

    def payload(*args: Any, **kwargs: Any) -> Any:
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(_engine, "event_payload", payload)
    model = fake_model("ok", "ok")
    agent = create_agent(model, tools=TOOLS, middleware=[middleware()])
    agent.invoke({"messages": [HumanMessage("send an email to Bob")]})
    assert model.seen == [["send_mail", "read_inbox"]] and built == []

    recorder = EventRecorder()
    agent.invoke({"messages": [HumanMessage("send an email to Bob")]}, {"callbacks": [recorder]})
    assert model.seen[-1] == ["send_mail", "read_inbox"] and built == [1]
    [(name, data)] = recorder.events
    assert name == SELECTION_EVENT and data["offered"] == ["send_mail", "read_inbox"]


def test_filter_request_can_be_used_directly() -> None:
    mw = middleware(always_include=["read_file"])
    request = ModelRequest(model=fake_model("ok"), messages=[HumanMessage("查一下数据库")], tools=list(TOOLS))
    filtered = mw.filter_request(request)
    assert names(filtered.tools) == ["read_file", "sql_query"]
    assert filtered is not request and len(request.tools) == len(TOOLS)  # the original is untouched


def test_a_tool_named_by_tool_choice_is_never_filtered_out() -> None:
    mw = middleware()
    request = ModelRequest(
        model=fake_model("ok"),
        messages=[HumanMessage("send an email to Bob")],
        tools=list(TOOLS),
        tool_choice="read_file",
    )
    assert names(mw.filter_request(request).tools) == ["send_mail", "read_inbox", "read_file"]  # prefetch
    forced = request.override(tool_choice={"type": "function", "function": {"name": "sql_query"}})
    assert names(mw.filter_request(forced).tools) == ["send_mail", "read_inbox", "sql_query"]
    assert names(mw.filter_request(request.override(tool_choice="any")).tools) == ["send_mail", "read_inbox"]


# --------------------------------------------------------------------------- no text to select on

IMAGE = {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}


@pytest.mark.parametrize(
    ("messages", "why"),
    [
        pytest.param([HumanMessage([IMAGE])], "only image_url content", id="image only"),
        pytest.param([HumanMessage("")], "has no text", id="empty human message"),
        pytest.param([SystemMessage("You are helpful.")], "no human message", id="only a system message"),
    ],
)
@pytest.mark.parametrize("fallback_to_empty", [True, False])
def test_a_message_with_no_text_binds_no_tools_and_the_agent_runs_on(
    messages: list[Any], why: str, fallback_to_empty: bool
) -> None:
    recorder = EventRecorder()
    model = fake_model("I see a picture.", "ok")
    mw = middleware(fallback_to_empty=fallback_to_empty)
    agent = create_agent(model, tools=TOOLS, middleware=[mw])
    result = agent.invoke({"messages": messages}, {"callbacks": [recorder]})
    assert result["messages"][-1].content == "I see a picture."
    assert model.seen == [[]]
    [(name, data)] = recorder.events
    assert name == SELECTION_EVENT and data["offered"] == []
    assert data["status"] == "no_text" and why in data["detail"]

    # only always_include and find_tools are bound
    model = fake_model("ok")
    mw = middleware(fallback_to_empty=fallback_to_empty, always_include=["read_file"], find_tools=True)
    create_agent(model, tools=TOOLS, middleware=[mw]).invoke({"messages": messages})
    assert [sorted(s) for s in model.seen] == [[FIND_TOOLS_NAME, "read_file"]]


def test_a_message_with_no_text_is_logged_with_its_why(caplog: pytest.LogCaptureFixture) -> None:
    """The developer sees why an image alone got no tools, on the ``toolfilter`` logger (INFO)."""
    caplog.set_level(logging.INFO, logger="toolfilter")
    create_agent(fake_model("ok"), tools=TOOLS, middleware=[middleware()]).invoke({"messages": [HumanMessage([IMAGE])]})
    [line] = [r.getMessage() for r in caplog.records if "no tools selected" in r.getMessage()]
    assert "only image_url content" in line and "base64" not in line


async def test_a_message_with_no_text_binds_no_tools_async() -> None:
    model = fake_model("ok")
    agent = create_agent(model, tools=TOOLS, middleware=[middleware()])
    await agent.ainvoke({"messages": [HumanMessage([IMAGE])]})
    assert model.seen == [[]]


def test_a_callers_mistake_still_raises() -> None:
    with pytest.raises(ConfigError, match="always_include: \\[.nope.\\] are not among the agent.s tools"):
        create_agent(fake_model("ok"), tools=TOOLS, middleware=[middleware(always_include=["nope"])]).invoke(
            {"messages": [HumanMessage("send an email")]}
        )


# --------------------------------------------------------------------------- max_tools, every model call


def _counted(seen: list[list[str]], always: set[str]) -> list[int]:
    return [len([name for name in call_tools if name not in always]) for call_tools in seen]


@pytest.mark.parametrize("max_tools", [2, 4])
def test_max_tools_holds_on_every_model_call_of_a_turn(max_tools: int) -> None:
    # Two turns of several model calls each: sticky tools, a find_tools search and its result,
    # always_include and a widened selection all pull more tools in; only always_include is
    # not counted (as documented), everything else fits in max_tools on every call.
    model = fake_model(
        call("get_weather", "c1", city="Paris"),
        call("send_mail", "c2", to="bob", body="sunny"),
        "Sent Bob the forecast.",
        call(FIND_TOOLS_NAME, "c3", query="run a sql query on the database"),
        call("sql_query", "c4", sql="select 1"),
        call("write_file", "c5", path="out.txt", content="1"),
        "Done.",
    )
    mw = middleware(max_tools=max_tools, always_include=["read_inbox"], find_tools=True, min_score=0.95)
    agent = create_agent(model, tools=TOOLS, middleware=[mw], checkpointer=InMemorySaver())
    thread: RunnableConfig = {"configurable": {"thread_id": f"cap-{max_tools}"}}
    agent.invoke({"messages": [HumanMessage("weather forecast for Paris and send an email to Bob")]}, thread)
    result = agent.invoke({"messages": [HumanMessage("read the file and write the file")]}, thread)

    assert result["messages"][-1].content == "Done."
    assert len(model.seen) == 7
    assert all("read_inbox" in call_tools for call_tools in model.seen)  # always_include, on top
    counted = _counted(model.seen, {"read_inbox"})
    assert max(counted) <= max_tools, model.seen
    # the search's result reaches the next call even at the cap
    assert "sql_query" in model.seen[4]


def test_an_abstained_request_after_a_tool_turn_binds_nothing() -> None:
    # "no tool fits" wins over stickiness in the core; the middleware adds nothing back
    recorder = EventRecorder()
    model = fake_model(call("get_weather", "c1", city="Paris"), "Sunny.", "Ha!")
    mw = middleware(max_tools=4, abstain_phrases=["tell me a joke"])
    agent = create_agent(model, tools=TOOLS, middleware=[mw], checkpointer=InMemorySaver())
    thread: RunnableConfig = {"configurable": {"thread_id": "abstain"}, "callbacks": [recorder]}
    agent.invoke({"messages": [HumanMessage("weather forecast for Paris")]}, thread)
    agent.invoke({"messages": [HumanMessage("thanks! tell me a joke")]}, thread)
    assert model.seen[:2] == [["get_weather"], ["get_weather"]]
    assert model.seen[2] == []
    event = recorder.events[-1][1]
    assert any(n.startswith("conversation: none") for n in event["notes"])  # the conversation policy gave none
    assert event["detail"].startswith("no tool needed")  # the no-tool verdict says why (a joke: the model's own words)


# --------------------------------------------------------------------------- a given ToolFilter


def test_a_given_tool_filter_serves_and_its_new_registry_is_used_without_embedding_here() -> None:
    from langchain_toolfilter import ToolFilterSelector as Selector
    from toolfilter_core import ToolFilter

    base = Selector.from_tools(TOOLS, METADATA, config=CONFIG, embedder=HashingEmbedder())
    shared: ToolFilter = base.tool_filter
    model = fake_model(call("get_weather", "c1", city="Paris"), "Sunny.", "ok")
    mw = ToolFilterMiddleware(tool_filter=shared)
    agent = create_agent(model, tools=TOOLS, middleware=[mw])
    agent.invoke({"messages": [HumanMessage("weather forecast for Paris")]})
    assert model.seen[0] == ["get_weather"]

    fewer = [t for t in TOOLS if t.name != "get_weather"]
    shared.set_tools([s for s in shared.tools if s.name != "get_weather"])
    create_agent(model, tools=fewer, middleware=[mw]).invoke({"messages": [HumanMessage("查一下数据库 orders 表")]})
    assert model.seen[-1] == ["sql_query"]
    assert mw.selector_for(fewer).tool_filter is shared  # one filter, no index of the middleware's own
