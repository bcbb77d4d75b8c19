"""A question the tool results answer needs no tool, when the read tool names its act last (``repair_order_get``)."""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window


def _tool(name: str, description: str) -> dict[str, Any]:
    params = {"type": "object", "properties": {"repair_id": {"type": "string"}}, "required": ["repair_id"]}
    return {"name": name, "description": description, "parameters": params}


TOOLS = [
    _tool("repair_order_get", "Get a repair order: status, the parts used, the expected date."),
    _tool("repair_order_close", "Close a finished repair order."),
    _tool("stock_search", "Search the stock by name."),
    _tool("vehicle_get", "Get a vehicle's details."),
]
CONFIG: dict[str, Any] = {"base": "plain", "enabled": True, "top_k": 2, "weights": {"embed": 0.7, "bm25": 0.3}}


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


def test_a_question_the_last_result_answers_gets_no_tool(tool_filter: ToolFilter) -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "repair_order_get", "arguments": "{}"}}
    messages = [
        {"role": "user", "content": "what's the status of repair W-1093?"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"status": "in progress", "parts": ["brake pads"]}'},
        {"role": "assistant", "content": "W-1093 is in progress: brake pads."},
        {"role": "user", "content": "which parts did they use?"},
    ]
    policy = ConversationPolicy()
    names: list[str] = []
    for end in (1, 3, 5):
        window = conversation_window(openai_turns(messages[:end]), history_turns=tool_filter.config.history_turns)
        names = select_window(tool_filter, window, conversation=policy).names
    assert names == []
