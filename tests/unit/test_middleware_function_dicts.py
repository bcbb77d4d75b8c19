"""ToolFilterMiddleware selects the functions tool dicts describe like BaseTools: max_tools counts them.

create_agent takes a dict among its tools as a provider tool: it binds it to the model and
never runs it. A dict that describes a function (OpenAI, Anthropic, Bedrock, Gemini formats)
is still a function the model may be offered, so the middleware indexes it, selects it within
``max_tools`` and hands it on as the very dict the agent gave; only provider built-ins (no
function schema) pass through.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain.agents.middleware import ModelRequest
from langchain_core.messages import HumanMessage
from langchain_core.utils.function_calling import convert_to_openai_tool

from langchain_toolfilter import ToolFilterMiddleware, ToolFilterSelector
from toolfilter_core import HashingEmbedder, ToolSpecError, ToolSpecWarning

from .langchain_kit import CONFIG, READ_INBOX, SEND_MAIL, RecordingChatModel, get_weather, read_file, write_file

TOOLS = [get_weather, SEND_MAIL, READ_INBOX, read_file, write_file]
MONEY = "convert 100 US dollars to euros at the currency exchange rate"

_FUNCTIONS = {
    "convert_currency": "Convert an amount of money from one currency to another at the exchange rate.",
    "book_flight": "Book a flight ticket between two airports on a date.",
    "translate_text": "Translate a text into another language.",
    "set_timer": "Start a countdown timer for a number of minutes.",
    "stock_price": "Get the latest share price of a listed company.",
    "news_headlines": "Read the top news headlines of the day.",
}
_SCHEMA = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}


def openai_dict(name: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": _FUNCTIONS[name], "parameters": _SCHEMA}}


DICTS = [openai_dict(name) for name in _FUNCTIONS]


def middleware(**options: Any) -> ToolFilterMiddleware:
    options.setdefault("config", CONFIG)
    options.setdefault("embedder", HashingEmbedder())
    return ToolFilterMiddleware(**options)


def filtered(mw: ToolFilterMiddleware, tools: Sequence[Any], text: str = MONEY, **override: Any) -> list[Any]:
    request = ModelRequest(
        model=RecordingChatModel(messages=iter(["ok"])), messages=[HumanMessage(text)], tools=list(tools)
    )
    return list(mw.filter_request(request.override(**override) if override else request).tools)


def names(tools: Sequence[Any]) -> list[str]:
    return [getattr(t, "name", None) or t.get("function", t).get("name") or t["type"] for t in tools]


# --------------------------------------------------------------------------- the agent


def test_an_agent_offers_function_dicts_within_max_tools() -> None:
    model = RecordingChatModel(messages=iter(["100 USD is 92 EUR."]))
    agent = create_agent(model, tools=[*TOOLS, *DICTS], middleware=[middleware(max_tools=2)])
    agent.invoke({"messages": [HumanMessage(MONEY)]})
    [offered] = model.seen
    assert "convert_currency" in offered
    assert len(offered) <= 2, offered  # not 2 + every dict


def test_the_selected_dict_is_the_one_the_agent_gave() -> None:
    out = filtered(middleware(max_tools=2), [*TOOLS, *DICTS])
    assert any(t is DICTS[0] for t in out)
    assert len(out) <= 2


def test_order_score_puts_a_dict_first_when_it_fits_best() -> None:
    out = filtered(middleware(max_tools=3, order="score"), [*TOOLS, *DICTS])
    assert out[0] is DICTS[0]


# --------------------------------------------------------------------------- the formats


def _formats(name: str) -> dict[str, dict[str, Any]]:
    description = _FUNCTIONS[name]
    return {
        "openai responses": {"type": "function", "name": name, "description": description, "parameters": _SCHEMA},
        "anthropic": {"name": name, "description": description, "input_schema": _SCHEMA},
        "bedrock": {"toolSpec": {"name": name, "description": description, "inputSchema": {"json": _SCHEMA}}},
        "mcp-style": {"name": name, "description": description, "inputSchema": _SCHEMA},
        "gemini": {"function_declarations": [{"name": name, "description": description, "parameters": _SCHEMA}]},
    }


BUILT_INS = [{"type": "web_search_preview"}, {"type": "web_search_20250305", "name": "web_search", "max_uses": 3}]


@pytest.mark.parametrize("fmt", list(_formats("set_timer")))
def test_every_function_dict_format_is_selected_and_built_ins_pass(fmt: str) -> None:
    money, timer = _formats("convert_currency")[fmt], _formats("set_timer")[fmt]
    out = filtered(middleware(max_tools=2), [*TOOLS, money, timer, *BUILT_INS])
    assert any(t is money for t in out)
    assert not any(t is timer for t in out)
    assert [t for t in out if t in BUILT_INS] == BUILT_INS  # no function schema: a provider built-in


RUN_SQL = {"type": "custom", "name": "run_sql", "description": "Run an SQL query against the sales warehouse database."}


def test_an_openai_custom_tool_is_selected_like_a_function_and_counted() -> None:
    out = filtered(middleware(max_tools=2), [*TOOLS, *DICTS, RUN_SQL])
    assert "run_sql" not in names(out)  # was: passed through uncounted, as a built-in
    assert len(out) <= 2
    out = filtered(middleware(max_tools=2), [*TOOLS, *DICTS, RUN_SQL], "run an SQL query on the sales warehouse")
    assert any(t is RUN_SQL for t in out)


def test_an_openai_custom_tool_is_gated() -> None:
    mw = middleware(max_tools=2, block_tools=["run_sql"])
    assert "run_sql" not in names(filtered(mw, [*TOOLS, *DICTS, RUN_SQL], "run an SQL query on the sales warehouse"))


def test_a_gemini_entry_keeps_the_declarations_selected() -> None:
    declarations = [{"name": n, "description": _FUNCTIONS[n], "parameters": _SCHEMA} for n in _FUNCTIONS]
    out = filtered(middleware(max_tools=2), [*TOOLS, {"function_declarations": declarations}])
    [entry] = [t for t in out if isinstance(t, dict)]
    assert [d["name"] for d in entry["function_declarations"]] == ["convert_currency"]


def test_a_gemini_entry_keeps_its_built_in_when_no_declaration_is_selected() -> None:
    timer = {"name": "set_timer", "description": _FUNCTIONS["set_timer"], "parameters": _SCHEMA}
    money = {"name": "convert_currency", "description": _FUNCTIONS["convert_currency"], "parameters": _SCHEMA}
    out = filtered(middleware(max_tools=2), [*TOOLS, {"function_declarations": [timer], "google_search": {}}])
    assert {"google_search": {}} in out  # was: the entry dropped whole, google_search with it
    out = filtered(middleware(max_tools=2), [*TOOLS, {"function_declarations": [timer, money], "google_search": {}}])
    assert {"function_declarations": [money], "google_search": {}} in out
    own_fields_only = {"function_declarations": [timer], "category": "time", "tags": ["clock"]}
    assert not [t for t in filtered(middleware(max_tools=2), [*TOOLS, own_fields_only]) if isinstance(t, dict)]


# --------------------------------------------------------------------------- tool_choice, always_include


def test_a_tool_choice_naming_a_dict_is_offered_within_max_tools() -> None:
    choice = {"type": "function", "function": {"name": "set_timer"}}
    out = filtered(middleware(max_tools=2), [*TOOLS, *DICTS], tool_choice=choice)
    assert "set_timer" in names(out)
    assert len(out) <= 2


def test_always_include_may_name_a_dict() -> None:
    out = filtered(middleware(max_tools=2, always_include=["set_timer"]), [*TOOLS, *DICTS])
    assert "set_timer" in names(out)
    assert "convert_currency" in names(out)
    assert len(out) <= 3  # always_include on top of max_tools


# --------------------------------------------------------------------------- the gates


def _renamed_copies(tool: Any, name: str) -> list[dict[str, Any]]:
    function = convert_to_openai_tool(tool)["function"]
    return [
        {"type": "function", "function": {**function, "name": name}},
        {"name": name, "description": function["description"], "input_schema": function["parameters"]},
    ]


@pytest.mark.parametrize("copy", _renamed_copies(write_file, "write_file_v2"), ids=["openai", "anthropic"])
def test_a_dict_copy_of_a_blocked_tool_under_another_name_is_refused(copy: dict[str, Any]) -> None:
    mw = middleware(max_tools=5, block_tools=["write_file"])
    out = filtered(mw, [*TOOLS, copy], "write the text hello into notes.txt file")
    assert "write_file_v2" not in names(out)  # was: offered, though the docs say dicts are gated


def test_a_dict_copy_of_a_blocked_dict_under_another_name_is_refused() -> None:
    copy = {"type": "function", "function": {**openai_dict("set_timer")["function"], "name": "start_timer"}}
    mw = middleware(max_tools=5, block_tools=["set_timer"])
    out = filtered(mw, [*TOOLS, *DICTS, copy], "start a countdown timer for 5 minutes")
    assert not {"set_timer", "start_timer"} & set(names(out))


# --------------------------------------------------------------------------- one name, one tool


def test_a_base_tool_and_a_dict_of_the_same_name_raise_at_construction_with_the_agents_positions() -> None:
    twin = convert_to_openai_tool(get_weather)
    with pytest.raises(ToolSpecError, match=r"^tools: tool #5 \(dict 'get_weather'\) .* tool #0 \(StructuredTool"):
        middleware(tools=[*TOOLS, twin])


def test_a_base_tool_and_a_dict_of_the_same_name_raise_at_the_first_call_naming_both() -> None:
    twin = convert_to_openai_tool(read_file)
    mw = middleware(max_tools=2, always_include=["get_weather"])
    # a request's positions are not the agent's (see the find_tools test below): no position
    with pytest.raises(ToolSpecError, match=r"^tools: the dict 'read_file' .* the StructuredTool 'read_file' "):
        filtered(mw, [*TOOLS, twin], "weather in Paris")


@pytest.mark.parametrize(
    ("unnamed", "field"),
    [
        ({"type": "function", "function": {"description": "Convert money.", "parameters": {}}}, "function.name"),
        ({"toolSpec": {"name": "", "inputSchema": {"json": {}}}}, "toolSpec.name"),
        (
            {"function_declarations": [{"name": "set_timer"}, {"description": "no name"}]},
            "function_declarations[1].name",
        ),
        ({"type": "custom", "description": "Run SQL."}, "name"),
    ],
)
def test_a_function_dict_without_a_name_is_refused_naming_its_field(unnamed: dict[str, object], field: str) -> None:
    """It passed through unselected and uncounted, as a provider built-in does."""
    with pytest.raises(ToolSpecError, match=rf"^tools: tool #5 \(dict\): field '{re.escape(field)}' is missing"):
        middleware(tools=[*TOOLS, unnamed])
    with pytest.raises(ToolSpecError, match="is missing or empty"):
        filtered(middleware(max_tools=2), [*TOOLS, unnamed], "weather in Paris")


# --------------------------------------------------------------------------- one index


def test_base_tools_and_their_dicts_share_one_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "store"
    # a dict carries a tool's category, tags and triggers as top-level keys
    own = [{**(t.metadata or {}), **({"tags": t.tags} if t.tags else {})} for t in TOOLS]
    as_dicts = [{**convert_to_openai_tool(t), **extras} for t, extras in zip(TOOLS, own, strict=True)]
    middleware(tools=TOOLS, store=store)  # the store is built from the BaseTools
    reopened = middleware(tools=as_dicts, store=store)  # and reopened with the dicts
    report = reopened.selector_for(as_dicts).tool_filter.last_report
    assert (report.added, report.updated, report.texts_embedded) == (0, 0, 0)

    builds: list[int] = []
    real = ToolFilterSelector.from_tools.__func__  # type: ignore[attr-defined]

    def counting(cls: type[ToolFilterSelector], tools: Sequence[Any], *args: Any, **kwargs: Any) -> Any:
        builds.append(len(tools))
        return real(cls, tools, *args, **kwargs)

    monkeypatch.setattr(ToolFilterSelector, "from_tools", classmethod(counting))
    mw = middleware()
    filtered(mw, TOOLS)
    assert "get_weather" in names(filtered(mw, as_dicts, "weather in Paris"))  # the dicts: the same cached index
    assert builds == [len(TOOLS)]


# --------------------------------------------------------------------------- said once


def test_it_says_once_that_create_agent_does_not_run_dicts(caplog: pytest.LogCaptureFixture) -> None:
    mw = middleware(max_tools=2)
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        filtered(mw, [*TOOLS, *DICTS])
        filtered(mw, [*TOOLS, *DICTS])
    said = [r.getMessage() for r in caplog.records if "create_agent does not run" in r.getMessage()]
    assert len(said) == 1
    assert "6 of the agent's tools are function dicts" in said[0]


def test_each_dict_is_read_into_openai_form_once_a_model_call(monkeypatch: pytest.MonkeyPatch) -> None:
    import langchain_toolfilter._middleware as module
    import langchain_toolfilter._tools as tools_module

    read: list[str] = []
    real = tools_module.function_tools

    def counting(tool: Any) -> list[Any]:
        read.append(str(tool.get("function", tool).get("name")))
        return real(tool)

    mw = middleware(max_tools=2)
    filtered(mw, [*TOOLS, *DICTS])  # the index built
    for reader in (module, tools_module):  # check_unique_names read them again (was: 2 reads a dict)
        monkeypatch.setattr(reader, "function_tools", counting)
    out = filtered(mw, [*TOOLS, *DICTS])
    assert "convert_currency" in names(out)
    assert sorted(read) == sorted(_FUNCTIONS)  # each dict once, not once to select and again to hand on


def test_each_dict_is_read_once_when_the_tools_are_given_to_the_constructor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import langchain_toolfilter._middleware as module

    read: list[str] = []
    real = module.function_tools

    def counting(tool: Any) -> list[Any]:
        read.append(str(tool.get("function", tool).get("name")))
        return real(tool)

    monkeypatch.setattr(module, "function_tools", counting)
    mw = middleware(max_tools=2, tools=[*TOOLS, *DICTS], store=tmp_path / "store")  # checked, then indexed
    assert sorted(read) == sorted(_FUNCTIONS)  # was: once to check the names, again to index
    assert "convert_currency" in names(filtered(mw, [*TOOLS, *DICTS]))


# --------------------------------------------------------------------------- a second review


BARE = [
    {"type": "custom", "name": "code_exec"},
    {"type": "custom", "name": "apply_patch"},
    {"type": "function", "function": {"name": "ping", "parameters": {"type": "object", "properties": {}}}},
]


def test_tools_with_no_description_and_no_parameters_are_not_copies_of_a_blocked_one() -> None:
    mw = middleware(max_tools=10, block_tools=["code_exec"])
    with pytest.warns(ToolSpecWarning, match="without a description"):
        out = names(filtered(mw, [*TOOLS, *BARE], "apply the patch then ping the server"))
    assert "code_exec" not in out
    assert {"apply_patch", "ping"} <= set(out)  # was: both refused as renamed copies of code_exec


def test_a_hand_made_dict_copy_with_pydantic_titles_of_a_blocked_tool_is_refused() -> None:
    function = convert_to_openai_tool(write_file)["function"]
    schema = {"type": "object", "properties": write_file.args, "required": function["parameters"]["required"]}
    assert any("title" in p for p in write_file.args.values())  # what a hand-made copy carries
    copy = {"name": "save_text", "description": function["description"], "input_schema": schema}
    mw = middleware(max_tools=5, block_tools=["write_file"])
    out = filtered(mw, [*TOOLS, copy], "write the text hello into notes.txt file")
    assert "save_text" not in names(out)  # was: offered, its hash differed by the titles


def test_a_parameter_named_title_still_tells_definitions_apart() -> None:
    def titled(name: str, *parameters: str) -> dict[str, Any]:
        properties = {p: {"type": "string", "title": p.title()} for p in parameters}
        schema = {"type": "object", "title": "Args", "properties": properties}
        return {"type": "function", "function": {"name": name, "description": "Rename a note.", "parameters": schema}}

    mw = middleware(max_tools=10, block_tools=["rename_note"])
    out = filtered(mw, [*TOOLS, titled("rename_note", "title"), titled("retitle_note")], "rename my note")
    assert "retitle_note" in names(out)  # its parameter 'title' is not a pydantic title


@pytest.mark.parametrize(
    "unnamed",
    [
        {"description": "Delete a user", "input_schema": {"type": "object", "properties": {"id": {"type": "string"}}}},
        {"name": "", "inputSchema": {"type": "object"}},
        {"name": None, "description": "Delete a user", "parameters": {"type": "object"}},
    ],
    ids=["anthropic", "mcp", "responses"],
)
def test_an_anthropic_or_mcp_dict_without_a_name_is_refused(unnamed: dict[str, object]) -> None:
    """It passed through unselected and uncounted, as a provider built-in does."""
    with pytest.raises(ToolSpecError, match=r"^tools: tool #5 \(dict\): field 'name' is missing or empty"):
        middleware(tools=[*TOOLS, unnamed])
    with pytest.raises(ToolSpecError, match="field 'name' is missing or empty"):
        filtered(middleware(max_tools=2), [*TOOLS, unnamed], "weather in Paris")


@pytest.mark.parametrize("dict_first", [False, True], ids=["dict last", "dict first"])
def test_an_agent_with_find_tools_names_the_tools_of_one_name_without_its_own_positions(dict_first: bool) -> None:
    twin = convert_to_openai_tool(read_file)
    agent_tools = [twin, *TOOLS] if dict_first else [*TOOLS, twin]
    model = RecordingChatModel(messages=iter(["ok"]))
    agent = create_agent(model, tools=agent_tools, middleware=[middleware(max_tools=2, find_tools=True)])
    with pytest.raises(ToolSpecError) as raised:
        agent.invoke({"messages": [HumanMessage("weather in Paris")]})
    # was: "tool #6 ... tool #4", positions in the agent's request (find_tools first, dicts last)
    assert str(raised.value).startswith(
        "tools: the dict 'read_file' has the name 'read_file', which the StructuredTool 'read_file' already has"
    )


def test_tools_with_no_description_and_the_same_parameters_are_not_copies_of_a_blocked_one() -> None:
    """``get_user`` and ``suspend_user`` ({user_id} each) were refused as renamed copies of ``delete_user``."""
    schema = {"type": "object", "properties": {"user_id": {"type": "string"}}}
    bare = [{"type": "function", "function": {"name": n, "parameters": schema}} for n in ("delete_user", "get_user")]
    mw = middleware(max_tools=10, block_tools=["delete_user"])
    with pytest.warns(ToolSpecWarning, match="without a description"):
        out = names(filtered(mw, [*TOOLS, *bare], "get user 42 from the user directory"))
    assert "delete_user" not in out and "get_user" in out
