"""The policy's price check: a set against every tool the turn may have, under the cache's prices."""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_price import price_sets
from toolfilter_core._exceptions import ConfigError
from toolfilter_core._tool_defs import load_tools
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window


def _tool(name: str, words: str, destroy: bool = False) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "name": name,
        "description": f"{words.capitalize()}: " + "the workshop record with every field it holds. " * 6,
        "parameters": {"type": "object", "properties": {"record_id": {"type": "string"}}, "required": ["record_id"]},
    }
    if destroy:
        spec["annotations"] = {"destructiveHint": True}
    return spec


TOOLS = [
    _tool("repair_get", "get a repair order"),
    _tool("repair_close", "close a repair order"),
    _tool("parts_search", "search the parts stock"),
    _tool("parts_order", "order parts from the supplier"),
    _tool("parts_order_cancel", "cancel a parts order", destroy=True),
    _tool("invoice_get", "get an invoice"),
    _tool("invoice_void", "void an invoice", destroy=True),
    _tool("email_send", "send an email to a customer"),
    _tool("vehicle_get", "get a vehicle"),
    _tool("calendar_list", "list the workshop calendar"),
    _tool("calendar_book", "book a workshop slot"),
    _tool("customer_find", "find a customer"),
]
CONFIG: dict[str, Any] = {"base": "plain", "enabled": True, "top_k": 2, "weights": {"embed": 0.7, "bm25": 0.3}}


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


def _first(tool_filter: ToolFilter, policy: ConversationPolicy) -> tuple[list[str], tuple[str, ...]]:
    messages = [{"role": "user", "content": "what's the status of repair W-1093?"}]
    window = conversation_window(openai_turns(messages), history_turns=tool_filter.config.history_turns)
    selection = select_window(tool_filter, window, conversation=policy)
    return selection.names, selection.notes


def test_a_set_under_the_cache_minimum_costs_more_than_every_tool_read_from_the_cache() -> None:
    small = load_tools(TOOLS[:4])  # ~500 tokens
    every = load_tools(TOOLS)
    price = price_sets(small, every, None, 50, prices=PROVIDERS["anthropic"], horizon=8, growth=20)
    assert price.every_is_cheaper  # the set is written on every call; every tool is read after the first
    price = price_sets(small, every, None, 50, prices=PROVIDERS["anthropic"], horizon=1, growth=20)
    assert not price.every_is_cheaper  # one call: writing every tool once costs more


def test_with_growth_a_first_call_sends_every_tool_but_the_unasked_destroyers(tool_filter: ToolFilter) -> None:
    names, notes = _first(tool_filter, ConversationPolicy(growth=20))
    assert len(names) == len(TOOLS) - 2
    assert "parts_order_cancel" not in names and "invoice_void" not in names
    assert any("every tool the turn may have" in n for n in notes)


def test_by_default_the_first_call_keeps_its_set(tool_filter: ToolFilter) -> None:
    names, _ = _first(tool_filter, ConversationPolicy())
    assert len(names) < len(TOOLS) - 2


def test_a_negative_growth_is_refused() -> None:
    with pytest.raises(ConfigError, match="growth"):
        ConversationPolicy(growth=-1)
