"""Reading a LangChain input as a request: query, context turns, sticky and found tools."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.prompts import ChatPromptTemplate, PromptTemplate

from langchain_toolfilter._messages import model_input, read_conversation
from toolfilter_core import QueryError
from toolfilter_core._conversation import Window


def _call(name: str, call_id: str, **args: Any) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": name, "args": args, "id": call_id}])


WEATHER_TASK: list[BaseMessage] = [
    SystemMessage("You are helpful."),
    HumanMessage("What's the weather in Paris?"),
    _call("get_weather", "c1", city="Paris"),
    ToolMessage("sunny", tool_call_id="c1", name="get_weather"),
    AIMessage("It is sunny in Paris."),
    HumanMessage("and in Berlin?"),
]


@pytest.mark.parametrize(
    "input_",
    [
        pytest.param("  send an email  ", id="a string"),
        pytest.param(HumanMessage("send an email"), id="one message"),
        pytest.param([HumanMessage("send an email")], id="a message list"),
        pytest.param([("system", "be brief"), ("human", "send an email")], id="message tuples"),
        pytest.param([{"role": "user", "content": "send an email"}], id="message dicts"),
        pytest.param(PromptTemplate.from_template("send an {what}").invoke({"what": "email"}), id="string prompt"),
        pytest.param(
            ChatPromptTemplate.from_messages([("system", "hi"), ("human", "send an {what}")]).invoke({"what": "email"}),
            id="chat prompt",
        ),
        pytest.param({"messages": [HumanMessage("send an email")]}, id="dict with messages"),
        pytest.param({"input": "send an email", "chat_history": []}, id="dict with input"),
        pytest.param(
            [HumanMessage([{"type": "text", "text": "send an email"}, {"type": "image", "url": "x"}])],
            id="content blocks",
        ),
    ],
)
def test_every_input_form_gives_the_query(input_: Any) -> None:
    assert read_conversation(input_).query == "send an email"


def test_the_query_is_the_last_human_message_and_earlier_turns_are_context() -> None:
    turns = read_conversation(WEATHER_TASK, history_turns=2)
    assert turns.query == "and in Berlin?"
    assert turns.context == ("What's the weather in Paris?",)


def test_context_keeps_only_history_turns_oldest_first() -> None:
    messages = [HumanMessage(f"turn {i}") for i in range(5)]
    assert read_conversation(messages, history_turns=2).context == ("turn 2", "turn 3")
    assert read_conversation(messages, history_turns=0).context == ()


def test_context_skips_blank_turns_and_counts_only_the_turns_kept() -> None:
    messages = [HumanMessage(t) for t in ("turn 0", "turn 1", "", "  ", "turn 4", "now")]
    assert read_conversation(messages, history_turns=2).context == ("turn 1", "turn 4")
    assert read_conversation(messages, history_turns=9).context == ("turn 0", "turn 1", "turn 4")


def test_a_tuple_of_messages_and_a_mixed_list_read_alike() -> None:
    expected = read_conversation(WEATHER_TASK, history_turns=1)
    assert read_conversation(tuple(WEATHER_TASK), history_turns=1) == expected
    mixed = [*WEATHER_TASK[:-1], ("human", "and in Berlin?")]
    assert read_conversation(mixed, history_turns=1) == expected


def test_tools_used_in_the_task_window_are_sticky() -> None:
    # window = last human message + history_turns earlier ones: the Paris turn is inside.
    turns = read_conversation(WEATHER_TASK, history_turns=2)
    assert turns.called == ("get_weather",)
    assert turns.sticky == ("get_weather",)


def test_tools_used_before_the_window_are_not_sticky() -> None:
    turns = read_conversation(WEATHER_TASK, history_turns=0)
    assert turns.sticky == ()
    # sticky_turns widens the window independently of the context turns
    assert read_conversation(WEATHER_TASK, history_turns=0, window_turns=1).sticky == ("get_weather",)


def test_an_unanswered_tool_call_is_sticky_too() -> None:
    messages = [HumanMessage("mail Bob and then check the calendar"), _call("send_mail", "c1", to="bob")]
    assert read_conversation(messages).sticky == ("send_mail",)


def test_tools_found_by_find_tools_come_from_the_artifact() -> None:
    messages = [
        HumanMessage("what's on tv tonight"),
        _call("find_tools", "c1", query="tv guide"),
        ToolMessage("Found 1 tool(s)...", tool_call_id="c1", name="find_tools", artifact=["tv_guide"]),
    ]
    turns = read_conversation(messages)
    assert turns.found == ("tv_guide",)
    assert turns.searched is True
    assert turns.called == ()  # find_tools itself is not a registry tool


def test_found_tools_are_parsed_from_the_text_when_the_artifact_is_lost() -> None:
    text = "Found 2 tool(s); you can call them on your next step:\n- tv_guide: TV listings\n- http_get: GET a URL"
    messages = [HumanMessage("what's on tv"), ToolMessage(text, tool_call_id="c1", name="find_tools")]
    assert read_conversation(messages).found == ("tv_guide", "http_get")


@pytest.mark.parametrize(
    ("input_", "why"),
    [
        pytest.param("", "empty string", id="empty string"),
        pytest.param("   \n", "empty string", id="blank string"),
        pytest.param([], "empty message list", id="no messages"),
        pytest.param([SystemMessage("be nice"), AIMessage("hello")], "no human message", id="no human"),
        pytest.param([SystemMessage("be nice")], "no human message among 1 (system)", id="only a system message"),
        pytest.param([HumanMessage("")], "has no text", id="empty human message"),
        pytest.param(
            [HumanMessage([{"type": "image_url", "image_url": {"url": "data:image/png;base64,AA"}}])],
            "no text, only image_url content",
            id="image only",
        ),
    ],
)
def test_an_input_with_no_text_is_read_as_no_request(input_: Any, why: str) -> None:
    window = read_conversation(input_)
    assert window.query == "" and why in window.missing


@pytest.mark.parametrize(
    ("input_", "match"),
    [
        pytest.param({"question": "hi"}, "'messages' or an 'input' key", id="dict without key"),
        pytest.param({"messages": {"a": 1}}, "itself a dict", id="nested dict"),
        pytest.param(42, "cannot read a request from int", id="a number"),
    ],
)
def test_unreadable_inputs_are_the_callers_mistake(input_: Any, match: str) -> None:
    with pytest.raises(QueryError, match=match):
        read_conversation(input_)


def test_a_configured_input_key_is_required() -> None:
    assert read_conversation({"question": "hi"}, input_key="question").query == "hi"
    with pytest.raises(QueryError, match=r"no key 'q' \(input_key\)"):
        read_conversation({"question": "hi"}, input_key="q")


def test_model_input_unwraps_a_dict() -> None:
    messages = [HumanMessage("hi")]
    assert model_input({"messages": messages}) is messages
    assert model_input("hi") == "hi"


def test_turns_sticky_has_no_repeats() -> None:
    assert Window(query="q", called=("a", "b"), found=("b", "c")).sticky == ("a", "b", "c")
