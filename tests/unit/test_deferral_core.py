"""The provider's deferral with toolfilter's search, for direct API users: a fake Anthropic exchange, no network.

The dicts below are what the Messages API takes and returns (and, for OpenAI, what the
Responses API does), as the providers' tool search pages show them.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from toolfilter_core import (
    ConfigError,
    HashingEmbedder,
    Policy,
    SelectionError,
    ToolFilter,
    ToolSpecError,
    answer_tool_search,
    deferred_tools,
    find_deferred,
    provider_specs,
)

CONFIG: dict[str, Any] = {
    "base": "plain",
    "enabled": True,
    "top_k": 3,
    "weights": {"embed": 0.7, "bm25": 0.3},
    "min_combined_score": 0.25,
}


def _tool(name: str, description: str, **properties: str) -> dict[str, Any]:
    schema = {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()}}
    return {"name": name, "description": description, "input_schema": schema}


TOOLS = [
    _tool("get_weather", "Get the current weather forecast for a city.", city="string"),
    _tool("send_email", "Send an email message to a recipient.", to="string", body="string"),
    _tool("read_inbox", "Read the newest email messages in the inbox."),
    _tool("delete_customer", "Delete a customer record from the CRM.", customer_id="string"),
    _tool("sql_query", "Run a read-only SQL query against the database.", sql="string"),
]


def tool_filter(**options: Any) -> ToolFilter:
    return ToolFilter(provider_specs(TOOLS), config={**CONFIG, **options}, embedder=HashingEmbedder())


def search_call(query: Any, call_id: str = "toolu_01") -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": "tool_search", "input": {"query": query}}


def referenced(result: dict[str, Any]) -> list[str]:
    content = result["content"]
    return [block["tool_name"] for block in content] if isinstance(content, list) else []


# --------------------------------------------------------------------------- the tools list


def test_every_tool_is_deferred_but_those_always_included_and_the_search_tool_comes_last() -> None:
    before = copy.deepcopy(TOOLS)
    tools = deferred_tools(tool_filter(), TOOLS, always_include=["read_inbox"])

    assert [t["name"] for t in tools] == [*(t["name"] for t in TOOLS), "tool_search"]
    deferred = {t["name"]: t.get("defer_loading") for t in tools}
    assert deferred == {
        "get_weather": True,
        "send_email": True,
        "read_inbox": None,
        "delete_customer": True,
        "sql_query": True,
        "tool_search": None,  # at least one tool must stay loaded: the search tool is never deferred
    }
    assert tools[-1]["input_schema"]["required"] == ["query"]
    assert TOOLS == before  # the caller's definitions are not touched


def test_the_tools_list_is_byte_identical_from_call_to_call() -> None:
    tf = tool_filter()
    assert json.dumps(deferred_tools(tf, TOOLS)) == json.dumps(deferred_tools(tf, copy.deepcopy(TOOLS)))


def test_the_config_always_include_is_the_default_and_defer_loading_false_is_kept_loaded() -> None:
    tools = [*TOOLS[:-1], {**TOOLS[-1], "defer_loading": False}]
    out = deferred_tools(tool_filter(always_include=["get_weather"]), tools)
    loaded = [t["name"] for t in out if not t.get("defer_loading")]
    assert loaded == ["get_weather", "sql_query", "tool_search"]


def test_a_server_tool_passes_through_untouched() -> None:
    web = {"type": "web_search_20250305", "name": "web_search"}
    out = deferred_tools(tool_filter(), [*TOOLS, web])
    assert web in out and "defer_loading" not in out[-2]


# --------------------------------------------------------------------------- the exchange


def test_a_fake_anthropic_exchange_loads_the_tool_the_search_finds_and_the_tools_never_change() -> None:
    tf = tool_filter()
    tools = deferred_tools(tf, TOOLS)
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Will it rain in Oslo tomorrow?"}]
    request_1 = {"model": "claude-opus-4-8", "max_tokens": 1024, "tools": tools, "messages": list(messages)}
    # the model's first response: it searches with toolfilter's search tool
    response_1 = {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Let me find a weather tool."},
            search_call("weather forecast for a city"),
        ],
        "stop_reason": "tool_use",
    }
    results = [answer_tool_search(tf, block, tools, messages=messages) for block in response_1["content"]]
    assert results[0] is None  # not a call of the search tool
    result = results[1]
    assert result is not None
    assert result["type"] == "tool_result" and result["tool_use_id"] == "toolu_01"
    assert referenced(result)[0] == "get_weather"
    assert all(block["type"] == "tool_reference" and set(block) == {"type", "tool_name"} for block in result["content"])
    assert "is_error" not in result
    # the provider refuses a reference to a tool not in `tools` with defer_loading: true (a 400)
    by_name = {t["name"]: t for t in tools}
    assert all(by_name[name].get("defer_loading") is True for name in referenced(result))

    messages += [response_1, {"role": "user", "content": [result]}]
    request_2 = {"model": "claude-opus-4-8", "max_tokens": 1024, "tools": tools, "messages": messages}
    assert json.dumps(request_2["tools"]) == json.dumps(request_1["tools"])  # the prompt cache holds


def test_the_last_user_turn_is_read_with_the_query() -> None:
    tf = tool_filter()
    seen: list[Any] = []
    select = tf.select

    def spy(query: str, **kwargs: Any) -> Any:
        seen.append((query, kwargs["context"]))
        return select(query, **kwargs)

    tf.select = spy  # type: ignore[method-assign]
    tools = deferred_tools(tf, TOOLS)
    messages = [
        {"role": "user", "content": [{"type": "text", "text": "email Bob the report"}]},
        {"role": "assistant", "content": [search_call("send")]},
    ]
    answer_tool_search(tf, search_call("send"), tools, messages=messages)
    answer_tool_search(tf, search_call("send"), tools)
    assert seen == [("send", ["email Bob the report"]), ("send", [])]


def test_a_turn_of_tool_results_alone_is_not_the_users_turn() -> None:
    tf = tool_filter()
    seen: list[Any] = []
    select = tf.select
    tf.select = lambda query, **kw: seen.append(kw["context"]) or select(query, **kw)  # type: ignore[method-assign]
    messages = [
        {"role": "user", "content": "check the weather in Oslo"},
        {"role": "assistant", "content": [search_call("weather")]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "sunny"}]},
    ]
    answer_tool_search(tf, search_call("weather"), deferred_tools(tf, TOOLS), messages=messages)
    assert seen == [["check the weather in Oslo"]]


def test_an_sdk_block_is_read_through_model_dump() -> None:
    class Block:
        def model_dump(self, **kwargs: Any) -> dict[str, Any]:
            return search_call("weather forecast")

    tf = tool_filter()
    result = answer_tool_search(tf, Block(), deferred_tools(tf, TOOLS))
    assert result is not None and "get_weather" in referenced(result)


# --------------------------------------------------------------------------- gates and names


def test_a_blocked_tool_is_left_out_of_the_list_and_never_referenced() -> None:
    tf = tool_filter(block_tools=["delete_customer"])
    tools = deferred_tools(tf, TOOLS)
    assert "delete_customer" not in [t["name"] for t in tools]
    result = answer_tool_search(tf, search_call("delete a customer record from the CRM"), TOOLS_ALL_DEFERRED)
    assert result is not None and "delete_customer" not in referenced(result)
    unblocked = answer_tool_search(tool_filter(), search_call("delete a customer record from the CRM"), tools)
    assert unblocked is not None and "delete_customer" not in referenced(unblocked)  # not in the list sent
    found = answer_tool_search(tool_filter(), search_call("delete a customer record from the CRM"), TOOLS_ALL_DEFERRED)
    assert found is not None and "delete_customer" in referenced(found)  # what the gate took away


TOOLS_ALL_DEFERRED = [{**t, "defer_loading": True} for t in TOOLS]
"""A tools list as a careless caller might send it: every tool deferred, the blocked one too."""


def test_a_tool_the_callers_policy_refuses_is_never_referenced() -> None:
    tf = tool_filter()
    policy = Policy(block_tools=frozenset({"send_email"}))
    assert "send_email" not in [t["name"] for t in deferred_tools(tf, TOOLS, policy=policy)]
    result = answer_tool_search(tf, search_call("send an email message"), TOOLS_ALL_DEFERRED, policy=policy)
    assert result is not None and "send_email" not in referenced(result)
    found = answer_tool_search(tf, search_call("send an email message"), TOOLS_ALL_DEFERRED)
    assert found is not None and referenced(found) == ["send_email"]  # what the policy took away


def test_only_tools_the_request_holds_deferred_are_referenced() -> None:
    tf = tool_filter()
    sent = deferred_tools(tf, [t for t in TOOLS if t["name"] != "get_weather"])
    # the registry holds get_weather, the request does not: no reference to it (a 400 otherwise)
    result = answer_tool_search(tf, search_call("weather forecast for a city"), sent)
    assert result is not None and "get_weather" not in referenced(result)
    loaded = deferred_tools(tf, TOOLS, always_include=["get_weather"])  # sent loaded: nothing to load
    result = answer_tool_search(tf, search_call("weather forecast for a city"), loaded)
    assert result is not None and "get_weather" not in referenced(result)


def test_find_deferred_is_the_search_both_answers_use() -> None:
    tf = tool_filter(block_tools=["delete_customer"])
    everything = [t["name"] for t in TOOLS]
    assert find_deferred(tf, "weather forecast for a city", everything)[0] == "get_weather"
    assert "delete_customer" not in find_deferred(tf, "delete a customer record", everything)
    assert find_deferred(tf, "weather forecast", ["send_email"]) == []


# --------------------------------------------------------------------------- the model's mistakes


def test_a_search_without_a_query_is_an_error_the_model_can_read() -> None:
    tf = tool_filter()
    tools = deferred_tools(tf, TOOLS)
    for query in ("", "   ", None, 42):
        result = answer_tool_search(tf, search_call(query), tools)
        assert result is not None and result["is_error"] is True and "query" in result["content"]


def test_an_over_long_query_is_cut_not_refused(monkeypatch) -> None:
    from .fakes import constants

    constants(monkeypatch, max_query_chars=50)
    tf = tool_filter()
    result = answer_tool_search(tf, search_call("weather forecast " + "x" * 500), deferred_tools(tf, TOOLS))
    assert result is not None and "is_error" not in result


def test_nothing_found_is_a_plain_answer() -> None:
    tf = tool_filter()
    result = answer_tool_search(tf, search_call("zzqx flurb"), deferred_tools(tf, TOOLS))
    assert result is not None and isinstance(result["content"], str) and "No tool" in result["content"]
    assert "is_error" not in result


def test_a_failed_selection_is_an_error_result_not_a_crash() -> None:
    tf = tool_filter()

    def fail(query: str, **kwargs: Any) -> Any:
        raise SelectionError("the store is gone")

    tf.select = fail  # type: ignore[method-assign]
    result = answer_tool_search(tf, search_call("weather"), TOOLS_ALL_DEFERRED)
    assert result is not None and result["is_error"] is True and "SelectionError" in result["content"]


# --------------------------------------------------------------------------- the caller's mistakes


def test_the_callers_mistakes_are_refused_by_name() -> None:
    tf = tool_filter()
    with pytest.raises(ConfigError, match="provider: got 'gemini'"):
        deferred_tools(tf, TOOLS, provider="gemini")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="always_include: \\['nope'\\]"):
        deferred_tools(tf, TOOLS, always_include=["nope"])
    with pytest.raises(ConfigError, match="Anthropic's own tool search"):
        deferred_tools(tf, [*TOOLS, {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}])
    with pytest.raises(ToolSpecError, match="named 'tool_search'"):
        deferred_tools(tf, [*TOOLS, _tool("tool_search", "mine")])
    with pytest.raises(ToolSpecError, match="cache_control"):
        deferred_tools(tf, [*TOOLS[:-1], {**TOOLS[-1], "cache_control": {"type": "ephemeral"}}])
    with pytest.raises(ConfigError, match="refused by the gates"):
        deferred_tools(tool_filter(block_tools=["sql_query"]), TOOLS, always_include=["sql_query"])


def test_a_tool_the_filter_does_not_hold_is_refused_not_silently_unreachable() -> None:
    tf = ToolFilter(provider_specs(TOOLS[:2]), config=CONFIG, embedder=HashingEmbedder())
    with pytest.raises(ToolSpecError, match="not in the ToolFilter's registry"):
        deferred_tools(tf, TOOLS)


# --------------------------------------------------------------------------- OpenAI's client-executed tool search


def _function(tool: dict[str, Any]) -> dict[str, Any]:
    schema = {**tool["input_schema"], "additionalProperties": False}
    return {"type": "function", "name": tool["name"], "description": tool["description"], "parameters": schema}


FUNCTIONS = [_function(t) for t in TOOLS]


def test_openai_gets_a_client_tool_search_and_deferred_functions() -> None:
    tf = ToolFilter(provider_specs(FUNCTIONS, provider="openai"), config=CONFIG, embedder=HashingEmbedder())
    tools = deferred_tools(tf, FUNCTIONS, provider="openai")
    search = tools[-1]
    assert search["type"] == "tool_search" and search["execution"] == "client"
    assert search["parameters"]["required"] == ["query"] and "name" not in search
    assert all(t["defer_loading"] is True for t in tools[:-1])


def test_a_fake_openai_exchange_answers_with_a_tool_search_output() -> None:
    tf = ToolFilter(provider_specs(FUNCTIONS, provider="openai"), config=CONFIG, embedder=HashingEmbedder())
    tools = deferred_tools(tf, FUNCTIONS, provider="openai")
    call = {
        "type": "tool_search_call",
        "execution": "client",
        "call_id": "call_abc123",
        "status": "completed",
        "arguments": {"query": "weather forecast for a city"},
    }
    output = answer_tool_search(tf, call, tools, provider="openai")
    assert output is not None
    assert {k: output[k] for k in ("type", "execution", "call_id", "status")} == {
        "type": "tool_search_output",
        "execution": "client",
        "call_id": "call_abc123",
        "status": "completed",
    }
    assert output["tools"][0] == {**FUNCTIONS[0], "defer_loading": True}  # the definition, as sent
    server = {**call, "execution": "server", "call_id": None}
    assert answer_tool_search(tf, server, tools, provider="openai") is None  # OpenAI ran that one
    as_text = {**call, "arguments": json.dumps(call["arguments"])}
    assert answer_tool_search(tf, as_text, tools, provider="openai") == output


def test_a_chat_completions_tool_is_refused_for_openai_tool_search() -> None:
    chat = {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}
    with pytest.raises(ToolSpecError, match="Responses API"):
        provider_specs([chat], provider="openai")


# --------------------------------------------------------------------------- profiles


def test_profiles_take_part_in_the_search() -> None:
    from toolfilter_core import Profiles, ToolProfile

    umbrella = "do I need an umbrella in Oslo tomorrow"
    profiles = Profiles({"get_weather": ToolProfile((umbrella, "will it rain this weekend"))})
    with_profiles = ToolFilter(provider_specs(TOOLS), embedder=HashingEmbedder(), profiles=profiles)
    without = ToolFilter(provider_specs(TOOLS), embedder=HashingEmbedder())
    everything = [t["name"] for t in TOOLS]
    assert find_deferred(with_profiles, umbrella, everything)[:1] == ["get_weather"]
    assert "get_weather" not in find_deferred(without, umbrella, everything)  # the tool's own words miss it


def test_an_always_include_typo_names_a_few_of_thirty_tools() -> None:
    many = [*TOOLS, *(_tool(f"report_{i:02d}", f"Print report number {i}.") for i in range(25))]
    tf = ToolFilter(provider_specs(many), config=CONFIG, embedder=HashingEmbedder())
    with pytest.raises(ConfigError) as raised:
        deferred_tools(tf, many, always_include=["get_wether"])
    said = str(raised.value)
    assert "(did you mean 'get_weather'?)" in said and said.endswith("+22 more"), said
    assert "report_07" not in said, said
