"""The documented rules of reading a conversation, at their edges, for both adapters.

``langchain_toolfilter/_messages.py`` (docs/langchain.md), ``llamaindex_toolfilter/_messages.py``
and the core's ``_conversation.py`` they share: a tool result names the tool it answers for;
every shape of tool-call record is read; no context and no sticky tool by default. Each row
sits next to a rule's edge so that a one-step change of the rule fails it (docs/mutation.md).
"""

from types import SimpleNamespace

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from llama_index.core.base.llms.types import ChatMessage

from langchain_toolfilter._messages import read_conversation
from llamaindex_toolfilter._messages import conversation_hints
from toolfilter_core.integration import Turn, conversation_window

TOOLS = {"get_weather", "read_file"}


@pytest.mark.parametrize(
    ("answer", "sticky"),
    [
        # a ToolMessage answers for the tool it names, even with its call out of the window
        (ToolMessage("sunny", tool_call_id="c1", name="get_weather"), ("get_weather",)),
        # ... and names none without a name
        (ToolMessage("sunny", tool_call_id="c1"), ()),
        (ToolMessage("sunny", tool_call_id="c1", name=""), ()),
    ],
    ids=["named", "no-name", "empty-name"],
)
def test_a_langchain_tool_result_is_sticky_for_the_tool_it_names(answer, sticky):
    messages = [HumanMessage("weather in Paris?"), answer, HumanMessage("and in Berlin?")]
    window = read_conversation(messages, history_turns=1)
    assert (window.called, window.sticky) == (sticky, sticky)


def test_langchain_reads_no_context_and_no_sticky_tool_by_default():
    messages = [
        HumanMessage("weather in Paris?"),
        AIMessage("", tool_calls=[{"name": "get_weather", "args": {}, "id": "c1"}]),
        HumanMessage("and in Berlin?"),
    ]
    window = read_conversation(messages)
    assert (window.query, window.context, window.sticky) == ("and in Berlin?", (), ())


def _calls(*records):
    return ChatMessage(role="assistant", content="", additional_kwargs={"tool_calls": list(records)})


@pytest.mark.parametrize(
    ("record", "sticky"),
    [
        # dicts: function.name, else tool_name, else name
        ({"function": {"name": "read_file"}}, ("read_file",)),
        ({"function": {"arguments": "{}"}, "name": "read_file"}, ("read_file",)),
        ({"function": "read_file", "tool_name": "read_file"}, ("read_file",)),
        ({"tool_name": "read_file"}, ("read_file",)),
        ({"name": "read_file"}, ("read_file",)),
        ({"id": "c1"}, ()),
        # objects: function.name, else tool_name, else name
        (SimpleNamespace(tool_name="read_file"), ("read_file",)),
        (SimpleNamespace(name="read_file"), ("read_file",)),
        (SimpleNamespace(function=SimpleNamespace(arguments="{}"), name="read_file"), ("read_file",)),
        (SimpleNamespace(id="c1"), ()),
    ],
    ids=[
        "dict-function",
        "dict-function-without-name",
        "dict-function-not-a-dict",
        "dict-tool-name",
        "dict-name",
        "dict-no-name",
        "object-tool-name",
        "object-name",
        "object-function-without-name",
        "object-no-name",
    ],
)
def test_every_llamaindex_tool_call_record_names_its_tool(record, sticky):
    messages = [ChatMessage(role="user", content="open it"), _calls(record), ChatMessage(role="user", content="again")]
    assert conversation_hints(messages, "again", turns=1, tool_names=TOOLS).sticky == sticky


CHAT = [
    Turn("user", "one"),
    Turn("assistant", called=("read_file",)),
    Turn("user", "two"),
    Turn("assistant", called=("get_weather",)),
    Turn("user", "three"),
]


@pytest.mark.parametrize(
    ("history", "context"),
    [(0, ()), (1, ("two",)), (2, ("one", "two")), (3, ("one", "two")), (-1, ())],
    ids=["none", "one", "two", "more-than-there-are", "negative"],
)
def test_context_is_up_to_history_turns_earlier_user_turns_oldest_first(history, context):
    assert conversation_window(CHAT, history_turns=history).context == context


def test_a_window_is_searched_only_when_a_turn_in_it_searched():
    assert conversation_window(CHAT, history_turns=2).searched is False
    searched = [*CHAT[:3], Turn("tool", found=("read_file",), searched=True), CHAT[4]]
    assert conversation_window(searched, history_turns=1).searched is True
    assert conversation_window(searched, history_turns=0).searched is False  # before the window


def test_no_user_turn_with_text_no_request_and_no_window():
    # the window starts at the request: a conversation without one keeps no tool
    turns = [Turn("assistant", called=("read_file",)), Turn("user", "  "), Turn("tool", called=("get_weather",))]
    window = conversation_window(turns, history_turns=2)
    assert (window.query, window.context, window.called) == ("", (), ())
