"""Reading earlier turns and used tools out of a LlamaIndex chat history."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from llama_index.core.base.llms.types import ChatMessage, ToolCallBlock
from llama_index.core.llms.llm import ToolSelection

from llamaindex_toolfilter._messages import conversation_hints

Hints = tuple[tuple[str, ...], tuple[str, ...]]
"""``(context, sticky)`` of a window."""

TOOLS = {"get_weather", "send_email", "read_file"}


def user(text: str) -> ChatMessage:
    return ChatMessage(role="user", content=text)


def called(name: str) -> ChatMessage:
    return ChatMessage(role="assistant", blocks=[ToolCallBlock(tool_call_id="1", tool_name=name, tool_kwargs={})])


def answer(text: str = "ok") -> ChatMessage:
    return ChatMessage(role="assistant", content=text)


CHAT = [
    user("send a mail to Bob"),
    called("send_email"),
    answer(),
    user("weather in Paris?"),
    called("get_weather"),
    answer(),
    user("and tomorrow?"),
]


@pytest.mark.parametrize(
    ("messages", "query", "turns", "expected"),
    [
        # the agent stored the request before asking: the turns before it are the earlier ones
        pytest.param(
            CHAT,
            "and tomorrow?",
            2,
            (("send a mail to Bob", "weather in Paris?"), ("send_email", "get_weather")),
            id="two-turns",
        ),
        # one earlier turn: the mail tool was used before it, so it is not sticky
        pytest.param(CHAT, "and tomorrow?", 1, (("weather in Paris?",), ("get_weather",)), id="one-turn"),
        # no history turns: only tools called in the current turn would be kept
        pytest.param(CHAT, "and tomorrow?", 0, ((), ()), id="no-turns"),
        pytest.param([*CHAT, called("read_file")], "and tomorrow?", 0, ((), ("read_file",)), id="current-turn"),
        # the request is not in the history yet: every user turn is an earlier one
        pytest.param(
            CHAT[:6],
            "and tomorrow?",
            1,
            (("weather in Paris?",), ("get_weather",)),
            id="not-stored-yet",
        ),
        pytest.param([], "hello", 2, ((), ()), id="empty"),
        # names that are not our tools (e.g. AgentWorkflow's handoff) are ignored
        pytest.param([user("a"), called("handoff"), user("b")], "b", 2, (("a",), ()), id="foreign-tool"),
    ],
)
def test_window(messages: list[ChatMessage], query: str, turns: int, expected: Hints) -> None:
    window = conversation_hints(messages, query, turns=turns, tool_names=TOOLS)
    assert (window.context, window.sticky) == expected


@pytest.mark.parametrize(
    "message",
    [
        pytest.param(called("read_file"), id="tool-call-block"),
        pytest.param(
            answer("").model_copy(
                update={
                    "additional_kwargs": {
                        "tool_calls": [{"id": "c", "function": {"name": "read_file", "arguments": "{}"}}]
                    }
                }
            ),
            id="openai-dict",
        ),
        pytest.param(
            answer("").model_copy(
                update={
                    "additional_kwargs": {"tool_calls": [SimpleNamespace(function=SimpleNamespace(name="read_file"))]}
                }
            ),
            id="openai-object",
        ),
        pytest.param(
            answer("").model_copy(
                update={
                    "additional_kwargs": {
                        "tool_calls": [ToolSelection(tool_id="c", tool_name="read_file", tool_kwargs={})]
                    }
                }
            ),
            id="tool-selection",
        ),
        pytest.param(
            ChatMessage(role="tool", content="...", additional_kwargs={"name": "read_file"}), id="tool-result-name"
        ),
        pytest.param(answer("Thought: I need the file.\nAction: read_file\nAction Input: {}"), id="react-text"),
    ],
)
def test_every_tool_call_shape_is_read(message: ChatMessage) -> None:
    hints = conversation_hints([user("open it"), message, user("again")], "again", turns=1, tool_names=TOOLS)
    assert hints.sticky == ("read_file",)


def test_a_user_saying_action_is_not_a_tool_call() -> None:
    hints = conversation_hints([user("Action: read_file"), user("go")], "go", turns=1, tool_names=TOOLS)
    assert (hints.context, hints.sticky) == (("Action: read_file",), ())
