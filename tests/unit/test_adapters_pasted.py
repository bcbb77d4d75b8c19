"""The adapters pass a message with its pasted parts; the core selects on the ask, in either framework.

A pasted log full of another tool's words (weather, forecast, city) draws that tool when the
whole message is the query; the ask ("read the file ...") must win, in the message that
holds the paste and when the paste came one turn earlier.
"""

from __future__ import annotations

from langchain.agents import create_agent
from langchain_core.messages import AIMessage, HumanMessage

from langchain_toolfilter import ToolFilterMiddleware
from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import HashingEmbedder

from .langchain_kit import CONFIG, READ_INBOX, SEND_MAIL, RecordingChatModel, get_weather, read_file, write_file
from .llamaindex_kit import METADATA, make_tools

WEATHER_LOG = "\n".join(
    f"2026-12-02 10:{i:02d}:07 WARN weather-sync: forecast for city Paris current weather fetch slow ({i} retries)"
    for i in range(40)
)
ASK = "read the file notes/todo.txt please"


def _agent_run(*messages: str) -> list[list[str]]:
    model = RecordingChatModel(messages=iter([AIMessage("done")]))
    tools = [get_weather, SEND_MAIL, READ_INBOX, read_file, write_file]
    mw = ToolFilterMiddleware(config=CONFIG, embedder=HashingEmbedder())
    agent = create_agent(model, tools=tools, middleware=[mw])
    agent.invoke({"messages": [HumanMessage(m) for m in messages]})
    return model.seen


def test_the_middleware_selects_on_the_ask_not_on_the_paste() -> None:
    seen = _agent_run(f"{ASK}\n\n{WEATHER_LOG}")
    assert "read_file" in seen[0]
    assert "get_weather" not in seen[0]


def test_a_paste_in_one_message_and_the_ask_in_the_next_work_through_the_window() -> None:
    seen = _agent_run(WEATHER_LOG, ASK)
    assert "read_file" in seen[0]
    assert "get_weather" not in seen[0]  # the earlier paste blends in as weak context only


def test_the_llamaindex_retriever_selects_on_the_ask_not_on_the_paste() -> None:
    retriever = ToolFilterRetriever.from_tools(make_tools(), METADATA, embedder=HashingEmbedder())
    chosen = [t.metadata.name for t in retriever.retrieve(f"{WEATHER_LOG}\n\n{ASK}")]
    assert chosen[:1] == ["read_file"]
    assert "get_weather" not in chosen
    typed = [t.metadata.name for t in retriever.retrieve("current weather forecast for the city of Paris")]
    assert typed[:1] == ["get_weather"]  # the same words, typed as the ask, do draw the weather tool
