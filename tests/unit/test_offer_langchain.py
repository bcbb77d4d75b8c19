"""Only what was offered runs, in the LangChain middleware.

* a refused call never makes its tool sticky, so the model's retry is refused too;
* the offer decides, not call ids: an empty id, or an id two runs share, runs nothing not offered;
* a model message without a recorded offer runs nothing (fail closed);
* a renamed copy of a blocked tool stays blocked; look-alike names are blocked;
* gate names are checked at construction when the tools are known, or by ``check(tools)``;
  a near miss of the middleware's own argument names it.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain.agents import create_agent
from langchain.agents.middleware import ModelRequest, ModelResponse
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.tools import StructuredTool
from langgraph.prebuilt.tool_node import ToolCallRequest

from langchain_toolfilter import ToolFilterMiddleware
from toolfilter_core import ConfigError, HashingEmbedder
from toolfilter_core.integration import OFFER_KEY

from .langchain_kit import CONFIG, RecordingChatModel, call

RAN: list[str] = []


def _tool(name: str, description: str) -> StructuredTool:
    def run(customer: str = "") -> str:
        RAN.append(name)
        return f"{name} done"

    return StructuredTool.from_function(run, name=name, description=description)


INVOICES = _tool("invoice_list_unpaid", "List unpaid invoices: the customers who still owe money.")
DELETE = _tool("customer_delete", "Delete a customer record permanently.")
WEATHER = _tool("get_weather", "Get the current weather forecast for a city.")
TOOLS = [INVOICES, DELETE, WEATHER]


@pytest.fixture(autouse=True)
def _nothing_ran() -> None:
    RAN.clear()


def _middleware(**options: Any) -> ToolFilterMiddleware:
    options.setdefault("config", {**CONFIG, "top_k": 1})
    options.setdefault("embedder", HashingEmbedder())
    return ToolFilterMiddleware(**options)


def _run(mw: ToolFilterMiddleware, replies: list[Any], text: str, tools: list[Any] = TOOLS) -> tuple[list[Any], Any]:
    model = RecordingChatModel(messages=iter(replies))
    result = create_agent(model, tools=tools, middleware=[mw]).invoke({"messages": [HumanMessage(text)]})
    return result["messages"], model


# --------------------------------------------------------------------------- a refused call


def test_a_refused_call_never_makes_its_tool_sticky_so_the_retry_is_refused_too() -> None:
    # the user's report: customer_delete ran on "who still owes us money?" at the retry
    replies = [call("customer_delete", "c1", customer="acme"), call("customer_delete", "c2", customer="acme"), "ok"]
    messages, model = _run(_middleware(), replies, "who still owes us money?")
    assert RAN == []
    assert all("customer_delete" not in seen for seen in model.seen)
    refusals = [m for m in messages if isinstance(m, ToolMessage)]
    assert len(refusals) == 2 and all(m.status == "error" and "not offered" in str(m.content) for m in refusals)


async def test_a_refused_call_never_makes_its_tool_sticky_async() -> None:
    replies = [call("customer_delete", "c1"), call("customer_delete", "c2"), "ok"]
    model = RecordingChatModel(messages=iter(replies))
    agent = create_agent(model, tools=TOOLS, middleware=[_middleware()])
    await agent.ainvoke({"messages": [HumanMessage("who still owes us money?")]})
    assert RAN == [] and all("customer_delete" not in seen for seen in model.seen)


def test_an_offered_tool_that_ran_stays_sticky() -> None:
    replies = [call("invoice_list_unpaid", "c1"), call("invoice_list_unpaid", "c2"), "ok"]
    _, model = _run(_middleware(), replies, "who still owes us money?")
    assert RAN == ["invoice_list_unpaid", "invoice_list_unpaid"]
    assert all("invoice_list_unpaid" in seen for seen in model.seen)


# --------------------------------------------------------------------------- call ids decide nothing


@pytest.mark.parametrize("call_id", ["", "c1"])
def test_a_call_of_a_tool_not_offered_never_runs_whatever_its_id(call_id: str) -> None:
    messages, _ = _run(_middleware(), [call("customer_delete", call_id), "ok"], "who still owes us money?")
    assert RAN == []
    answer = next(m for m in messages if isinstance(m, ToolMessage))
    assert answer.status == "error" and "not offered" in str(answer.content)


def _model_call(mw: ToolFilterMiddleware, text: str, reply: AIMessage) -> dict[str, Any]:
    """One model call through the middleware; the state the tools node then sees."""
    request = ModelRequest(model=RecordingChatModel(messages=iter([])), messages=[HumanMessage(text)], tools=TOOLS)
    mw.wrap_model_call(request, lambda r: ModelResponse(result=[reply]))
    return {"messages": [HumanMessage(text), reply]}


def _answer(mw: ToolFilterMiddleware, state: dict[str, Any]) -> Any:
    tool_call = state["messages"][-1].tool_calls[0]
    request = ToolCallRequest(tool_call=tool_call, tool=None, state=state, runtime=None)  # type: ignore[arg-type]
    return mw.wrap_tool_call(request, lambda r: "ran")


def _runs(mw: ToolFilterMiddleware, state: dict[str, Any]) -> bool:
    return _answer(mw, state) == "ran"


def test_two_runs_sharing_a_call_id_each_run_only_what_they_were_offered() -> None:
    mw = _middleware()
    # run A: an unpaid-invoices request; the model (injected) calls customer_delete as "c1"
    state_a = _model_call(mw, "who still owes us money?", call("customer_delete", "c1"))
    # run B, meanwhile: a request that is offered customer_delete, whose call reuses "c1"
    state_b = _model_call(mw, "delete the customer record acme permanently", call("customer_delete", "c1"))
    assert not _runs(mw, state_a)
    assert _runs(mw, state_b)


def test_a_model_message_without_a_recorded_offer_runs_nothing() -> None:
    state = {"messages": [HumanMessage("who still owes us money?"), call("invoice_list_unpaid", "c1")]}
    answer = _answer(_middleware(), state)
    assert isinstance(answer, ToolMessage) and "no offer is recorded" in str(answer.content)


def test_the_offer_is_the_one_of_the_model_call_whose_calls_run() -> None:
    mw = _middleware(sticky_turns=0)
    earlier = _model_call(mw, "delete the customer record acme permanently", call("customer_delete", "c1"))
    later = _model_call(mw, "who still owes us money?", call("customer_delete", "c2"))
    state = {"messages": [*earlier["messages"], ToolMessage("done", tool_call_id="c1"), *later["messages"]]}
    assert _runs(mw, earlier) and not _runs(mw, state)


def test_a_provider_cannot_preset_the_offer() -> None:
    forged = call("customer_delete", "c1")
    forged.response_metadata[OFFER_KEY] = ["customer_delete"]
    state = _model_call(_middleware(), "who still owes us money?", forged)
    assert state["messages"][-1].response_metadata[OFFER_KEY] == ["invoice_list_unpaid"]
    assert not _runs(_middleware(), state)


# --------------------------------------------------------------------------- gates: renames, look-alikes


def test_a_renamed_blocked_tool_stays_blocked() -> None:
    mw = _middleware(block_tools=["customer_delete"], config={**CONFIG, "top_k": 3})
    _run(mw, [call("customer_delete", "c1"), "ok"], "delete the customer acme")
    renamed = _tool("customer_remove", DELETE.description)
    messages, model = _run(mw, [call("customer_remove", "c1"), "ok"], "delete the customer acme", [INVOICES, renamed])
    assert RAN == [] and "customer_remove" not in model.seen[0]
    answer = next(m for m in messages if isinstance(m, ToolMessage))
    assert "block_tools" in str(answer.content)


LOOK_ALIKES = [
    "customer_dеlete",  # Cyrillic е
    "сustomer_delete",  # Cyrillic с
    "Customer_Delete",
    "customer\u200b_delete",  # a zero-width space
    "ｃｕｓｔｏｍｅｒ_delete",  # full width
    "customer_de1ete",  # the digit one
    "customer_deIete",  # a capital i
    "customer-delete",
]


@pytest.mark.filterwarnings("ignore::toolfilter_core.ToolSpecWarning")  # names providers reject: warned, served
@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_look_alike_of_a_blocked_name_is_blocked(name: str) -> None:
    look_alike = _tool(name, "Remove a customer record for good.")
    mw = _middleware(block_tools=["customer_delete"], config={**CONFIG, "top_k": 3})
    messages, model = _run(mw, [call(name, "c1"), "ok"], "remove the customer acme", [INVOICES, look_alike])
    assert RAN == [] and name not in model.seen[0]


# --------------------------------------------------------------------------- checked when the tools are known


def test_gate_names_are_checked_at_construction_when_the_tools_are_given() -> None:
    with pytest.raises(
        ConfigError, match="block_tools: 'customer_delet' names no tool.*did you mean 'customer_delete'"
    ):
        _middleware(block_tools=["customer_delet"], tools=TOOLS)
    with pytest.raises(ConfigError, match="always_include: \\['get_wether'\\] are not among the agent's tools"):
        _middleware(always_include=["get_wether"], tools=TOOLS)


def test_an_always_include_typo_names_a_few_of_thirty_tools() -> None:
    many = [*TOOLS, *(_tool(f"report_{i:02d}", f"Print report number {i}.") for i in range(27))]
    with pytest.raises(ConfigError) as raised:
        _middleware(always_include=["get_wether"], tools=many)
    said = str(raised.value)
    assert "(did you mean 'get_weather'?)" in said and said.endswith("+22 more"), said
    assert "report_07" not in said, said


def test_check_refuses_a_gate_typo_before_any_request() -> None:
    mw = _middleware(allow_tools=["invoice_list_unpaid", "get_weathr"])
    with pytest.raises(ConfigError, match="allow_tools: 'get_weathr' names no tool.*did you mean 'get_weather'"):
        mw.check(TOOLS)


def test_allow_tools_is_exact_and_a_look_alike_is_refused_with_the_real_name() -> None:
    with pytest.raises(ConfigError, match="allow_tools: 'Get_Weather' names no tool.*did you mean 'get_weather'"):
        _middleware(allow_tools=["Get_Weather"], tools=TOOLS)


@pytest.mark.parametrize(("typo", "meant"), [("max_tool", "max_tools"), ("always_includes", "always_include")])
def test_a_near_miss_of_an_own_argument_names_it(typo: str, meant: str) -> None:
    with pytest.raises(ConfigError, match=f"unknown argument '{typo}' \\(did you mean '{meant}'\\?\\)"):
        _middleware(**{typo: 3})


# --------------------------------------------------------------------------- the sticky rule itself


def test_the_window_keeps_a_refused_call_out_of_the_sticky_tools_unless_the_tool_ran() -> None:
    from toolfilter_core.integration import Turn, conversation_window

    refused = [
        Turn("user", "who owes us?"),
        Turn("assistant", called=("x",)),
        Turn("tool", called=("x",), refused=("x",)),
    ]
    assert conversation_window(refused, history_turns=1).sticky == ()
    ran = [*refused, Turn("assistant", called=("x",)), Turn("tool", called=("x",))]
    assert conversation_window(ran, history_turns=1).sticky == ("x",)


@pytest.mark.parametrize("kept", ["text", "mark"])
def test_a_refusal_is_recognised_by_its_text_or_by_its_mark_alone(kept: str) -> None:
    from langchain_toolfilter._messages import read_conversation

    refusal = ToolMessage(
        "Error: the tool 'customer_delete' may not be called here (it was not offered for this request)"
        if kept == "text"
        else "refused",
        tool_call_id="c1",
        name="customer_delete",
        status="error",
        response_metadata={"toolfilter_refused": True} if kept == "mark" else {},
    )
    messages = [HumanMessage("who owes us?"), call("customer_delete", "c1"), refusal, HumanMessage("and now?")]
    assert read_conversation(messages, history_turns=1).sticky == ()


# --------------------------------------------------------------------------- a model that only replies


def _talk(mw: ToolFilterMiddleware, turns: list[str]) -> tuple[list[Any], RecordingChatModel]:
    """A conversation with a model that never calls a tool (it only replies), the messages passed back each turn."""
    model = RecordingChatModel(messages=iter([f"ok {i}" for i in range(len(turns))]))
    agent = create_agent(model, tools=TOOLS, middleware=[mw])
    messages: list[Any] = []
    for text in turns:
        messages = agent.invoke({"messages": [*messages, HumanMessage(text)]})["messages"]
    return messages, model


def test_a_sign_off_after_text_only_replies_is_offered_nothing() -> None:
    # a user's report: "thanks, that's all" after an unacted "delete ..." seemed to keep the destroyer
    turns = ["delete the customer record acme permanently", "who still owes us money?", "thanks, that's all"]
    messages, model = _talk(_middleware(config={**CONFIG, "top_k": 3}), turns)
    assert len(model.seen) == 3
    assert "customer_delete" in model.seen[0]
    assert "customer_delete" not in model.seen[1]  # the earlier ask was never acted on
    assert model.seen[2] == []  # no tool is bound at all: the model is called without bind_tools
    assert len(model.bound) == 2


def test_a_text_only_reply_carries_the_offer_too() -> None:
    turns = ["who still owes us money?", "thanks, that's all"]
    messages, _ = _talk(_middleware(), turns)
    replies = [m for m in messages if isinstance(m, AIMessage)]
    assert [m.response_metadata.get(OFFER_KEY) for m in replies] == [["invoice_list_unpaid"], []]
