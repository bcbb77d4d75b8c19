"""Gates fail closed: a blocked tool never runs or reaches the model.

1. a model that calls a blocked or not-offered tool by name gets an error, the tool never runs;
2. a shared ``ToolFilter`` given other gates applies them (middleware, ``config=``, selector);
3. a gate name that matches nothing is refused with the closest names; ``block_tools`` by a
   server's own name blocks ``server__name``;
4. every provider's dict format is gated by name;
8. a shared filter whose registry changed under a running agent serves the tools in both.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain.agents.middleware import ModelRequest
from langchain_core.messages import HumanMessage, ToolMessage
from langchain_core.tools import tool
from llama_index.core.tools import FunctionTool

from langchain_toolfilter import ToolFilterMiddleware, ToolFilterSelector
from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import ConfigError, HashingEmbedder, McpRegistry, Policy, ToolFilter, ToolSpec

from .langchain_kit import CONFIG, RecordingChatModel, call, get_weather, read_file

RAN: list[str] = []


@tool
def delete_file(path: str) -> str:
    """Delete a file from disk."""
    RAN.append(path)
    return "deleted"


@tool
def send_mail(to: str, body: str) -> str:
    """Send an email message to a recipient."""
    RAN.append(to)
    return "sent"


TOOLS = [get_weather, read_file, delete_file, send_mail]


@pytest.fixture(autouse=True)
def _nothing_ran() -> None:
    RAN.clear()


def _middleware(**options: Any) -> ToolFilterMiddleware:
    options.setdefault("config", CONFIG)
    options.setdefault("embedder", HashingEmbedder())
    return ToolFilterMiddleware(**options)


def _run(mw: ToolFilterMiddleware, first_call: Any, text: str) -> tuple[list[Any], RecordingChatModel]:
    model = RecordingChatModel(messages=iter([first_call, "done"]))
    result = create_agent(model, tools=TOOLS, middleware=[mw]).invoke({"messages": [HumanMessage(text)]})
    return result["messages"], model


# --------------------------------------------------------------------------- 1. a called tool


def test_a_blocked_tool_the_model_calls_by_name_never_runs() -> None:
    messages, model = _run(
        _middleware(block_tools=["delete_file"]), call("delete_file", "c1", path="/etc"), "read the file notes.txt"
    )
    assert "delete_file" not in model.seen[0]
    answer = next(m for m in messages if isinstance(m, ToolMessage))
    assert answer.status == "error" and "may not be called" in str(answer.content)
    assert RAN == []


def test_a_tool_the_model_was_not_offered_never_runs() -> None:
    # an injection: the request is about the weather, the model calls send_mail
    messages, model = _run(_middleware(), call("send_mail", "c1", to="eve@x", body="secrets"), "weather in Paris?")
    assert "send_mail" not in model.seen[0]
    answer = next(m for m in messages if isinstance(m, ToolMessage))
    assert answer.status == "error" and "not offered" in str(answer.content)
    assert RAN == []


async def test_a_blocked_tool_never_runs_async() -> None:
    model = RecordingChatModel(messages=iter([call("delete_file", "c1", path="/etc"), "done"]))
    mw = _middleware(block_tools=["delete_file"])
    result = await create_agent(model, tools=TOOLS, middleware=[mw]).ainvoke({"messages": [HumanMessage("hi")]})
    assert any(isinstance(m, ToolMessage) and m.status == "error" for m in result["messages"])
    assert RAN == []


def test_an_offered_tool_still_runs() -> None:
    messages, _ = _run(_middleware(), call("delete_file", "c1", path="old.txt"), "delete the file old.txt from disk")
    answer = next(m for m in messages if isinstance(m, ToolMessage))
    assert answer.content == "deleted" and RAN == ["old.txt"]


# --------------------------------------------------------------------------- 2. a shared filter


def _shared() -> ToolFilter:
    return ToolFilterSelector.from_tools(TOOLS, config=CONFIG, embedder=HashingEmbedder()).tool_filter


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({"block_tools": ["delete_file"]}, id="block_tools"),
        pytest.param({"config": {**CONFIG, "block_tools": ["delete_file"]}}, id="config"),
        pytest.param({"allow_tools": ["get_weather", "read_file", "send_mail"]}, id="allow_tools"),
    ],
)
def test_a_shared_filter_given_gates_applies_them(options: dict[str, Any]) -> None:
    mw = ToolFilterMiddleware(tool_filter=_shared(), **options)
    messages, model = _run(mw, call("delete_file", "c1", path="old.txt"), "delete the file old.txt from disk")
    assert "delete_file" not in model.seen[0]
    assert RAN == []


def test_a_selector_over_a_shared_filter_applies_its_gates() -> None:
    selector = ToolFilterSelector(tool_filter=_shared(), tools=TOOLS, block_tools=["delete_file"])
    assert "delete_file" not in [t.name for t in selector.invoke("delete the file old.txt from disk")]
    assert selector.select("delete_file").names == []


def test_a_selector_refuses_an_unknown_keyword_naming_the_closest() -> None:
    with pytest.raises(ConfigError, match=r"unknown field 'block_tool' \(did you mean 'block_tools'"):
        ToolFilterSelector(tool_filter=_shared(), tools=TOOLS, block_tool=["delete_file"])


# --------------------------------------------------------------------------- 3. names


SPECS = [ToolSpec(t.name, t.description) for t in TOOLS]


@pytest.mark.parametrize("field", ["block_tools", "allow_tools", "always_include"])
def test_a_gate_name_that_matches_nothing_is_refused_with_the_closest(field: str) -> None:
    with pytest.raises(ConfigError, match=rf"{field}: 'delete_fille' names no tool.*did you mean 'delete_file'"):
        ToolFilter(SPECS, config={**CONFIG, field: ["delete_fille"]}, embedder=HashingEmbedder())


def test_the_adapters_refuse_a_gate_typo() -> None:
    with pytest.raises(ConfigError, match="did you mean 'delete_file'"):
        ToolFilterSelector.from_tools(TOOLS, config=CONFIG, embedder=HashingEmbedder(), block_tools=["delete_fil"])
    fn = FunctionTool.from_defaults(fn=lambda path: "x", name="delete_file", description="Delete a file.")
    with pytest.raises(ConfigError, match="did you mean 'delete_file'"):
        ToolFilterRetriever.from_tools([fn], embedder=HashingEmbedder(), block_tools=["delete_fil"])


def test_the_middleware_refuses_a_gate_typo_at_the_first_model_call() -> None:
    # checked against every tool the agent has (a provider dict may be the one blocked)
    with pytest.raises(ConfigError, match="block_tools: 'delete_fil' names no tool.*did you mean 'delete_file'"):
        _run(_middleware(block_tools=["delete_fil"]), "ok", "hi")


def test_the_middleware_over_a_shared_filter_refuses_a_gate_typo_at_construction() -> None:
    # the filter's tools are known: a deployed agent fails at start-up, not on a user's request
    with pytest.raises(ConfigError, match="block_tools: 'delete_fil' names no tool.*did you mean 'delete_file'"):
        ToolFilterMiddleware(tool_filter=_shared(), block_tools=["delete_fil"])


MCP_FILES = [
    {"name": "read_file", "description": "Read the contents of a text file."},
    {"name": "delete_file", "description": "Delete a file from disk."},
]


def test_block_tools_by_a_servers_own_name_blocks_the_qualified_tool() -> None:
    registry = McpRegistry(config={**CONFIG, "block_tools": ["delete_file"]}, embedder=HashingEmbedder())
    registry.set_server("files", MCP_FILES)
    tf = registry.tool_filter
    for text in ("delete the file old.txt from disk", "files__delete_file", "delete_file"):
        assert "files__delete_file" not in tf.select(text).names
    assert tf.refused(["files__delete_file"]) == {"files__delete_file": "blocked"}
    assert Policy(block_tools={"delete_file"}).verdict(tf.tools[1]) is not None


def test_allow_tools_by_a_servers_own_name_is_refused_naming_the_qualified_one() -> None:
    registry = McpRegistry(config={**CONFIG, "allow_tools": ["read_file"]}, embedder=HashingEmbedder())
    with pytest.raises(ConfigError, match="did you mean 'files__read_file'"):
        registry.set_server("files", MCP_FILES)


def test_a_gate_naming_a_tool_that_went_away_is_no_error() -> None:
    tf = ToolFilter(SPECS, config={**CONFIG, "block_tools": ["delete_file"]}, embedder=HashingEmbedder())
    tf.set_tools([s for s in SPECS if s.name != "delete_file"])
    assert "delete_file" not in tf.select("delete the file").names


# --------------------------------------------------------------------------- 4. provider formats

DELETE = "Delete a file from disk."
PROVIDER_FORMATS = {
    "openai chat": {"type": "function", "function": {"name": "delete_file", "description": DELETE, "parameters": {}}},
    "openai responses": {"type": "function", "name": "delete_file", "description": DELETE, "parameters": {}},
    "anthropic": {"name": "delete_file", "description": DELETE, "input_schema": {"type": "object"}},
    "bedrock": {"toolSpec": {"name": "delete_file", "description": DELETE, "inputSchema": {"json": {}}}},
    "gemini": {"function_declarations": [{"name": "delete_file", "description": DELETE}]},
    "gemini camelCase": {"functionDeclarations": [{"name": "delete_file", "description": DELETE}]},
    "mcp-style": {"name": "delete_file", "description": DELETE, "inputSchema": {"type": "object"}},
}


@pytest.mark.parametrize("fmt", list(PROVIDER_FORMATS))
@pytest.mark.parametrize("order", ["registry", "score"])
def test_every_provider_dict_format_is_gated_by_name(fmt: str, order: str) -> None:
    request = ModelRequest(
        model=RecordingChatModel(messages=iter(["ok"])),
        messages=[HumanMessage("what is the weather in Oslo")],
        tools=[get_weather, read_file, PROVIDER_FORMATS[fmt], {"type": "web_search"}],
    )
    out = _middleware(block_tools=["delete_file"], order=order).filter_request(request).tools
    assert PROVIDER_FORMATS[fmt] not in out
    assert {"type": "web_search"} in out  # a built-in tool without a name still passes


def test_a_gemini_entry_keeps_the_functions_the_gates_allow() -> None:
    lookup = {"name": "lookup", "description": "Look up a word."}
    entry = {"function_declarations": [{"name": "delete_file", "description": DELETE}, lookup]}
    request = ModelRequest(
        model=RecordingChatModel(messages=iter(["ok"])),
        messages=[HumanMessage("what is the weather in Oslo")],
        tools=[get_weather, read_file, entry],
    )
    out = _middleware(block_tools=["delete_file"], always_include=["lookup"]).filter_request(request).tools
    assert {"function_declarations": [lookup]} in out


# --------------------------------------------------------------------------- 8. a changed registry


def test_a_running_agent_serves_the_tools_both_hold_after_the_registry_changes(
    caplog: pytest.LogCaptureFixture,
) -> None:
    shared = _shared()
    mw = ToolFilterMiddleware(tool_filter=shared)
    agent = create_agent(RecordingChatModel(messages=iter(["ok", "ok"])), tools=TOOLS, middleware=[mw])
    agent.invoke({"messages": [HumanMessage("weather forecast for Paris")]})
    # a server added a tool (not in the agent's list) and another went away (send_mail)
    added = ToolSpec("translate_text", "Translate text into another language.")
    shared.set_tools([*(s for s in shared.tools if s.name != "send_mail"), added])
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        result = agent.invoke({"messages": [HumanMessage("weather forecast for Paris")]})
    assert result["messages"][-1].content == "ok"
    assert "differ" in caplog.text and "send_mail" in caplog.text


# --------------------------------------------------------------------------- 13. library errors


def test_a_llamaindex_retriever_with_duplicate_tools_raises_the_librarys_error() -> None:
    from toolfilter_core import ToolSpecError

    fn = FunctionTool.from_defaults(fn=lambda path: "x", name="delete_file", description="Delete a file.")
    with pytest.raises(ToolSpecError, match="two tools are named 'delete_file'"):
        ToolFilterRetriever.from_tools([fn, fn], embedder=HashingEmbedder())
    tf = ToolFilter([ToolSpec("delete_file", "Delete a file.")], embedder=HashingEmbedder())
    with pytest.raises(ToolSpecError, match="names must be unique"):
        ToolFilterRetriever(tf, [fn, fn])


def test_every_gate_name_that_matches_nothing_is_said_in_one_error() -> None:
    """Typos in block_tools and always_include: the error named only one, the next run the other."""
    config = {**CONFIG, "block_tools": ["delete_fille"], "always_include": ["read_fil"]}
    with pytest.raises(ConfigError) as caught:
        ToolFilter(SPECS, config=config, embedder=HashingEmbedder())
    said = str(caught.value)
    assert "block_tools: 'delete_fille' names no tool" in said and "always_include: 'read_fil' names no tool" in said
    assert said.count("did you mean") == 2 and said.endswith(f"fix them or remove them ({len(SPECS)} tools)")
    with pytest.raises(ConfigError) as again:  # one typo listed seven times is said once
        ToolFilter(SPECS, config={**CONFIG, "always_include": ["read_fil"] * 7}, embedder=HashingEmbedder())
    assert str(again.value).count("'read_fil'") == 1 and "fix it or remove it" in str(again.value)
