"""With the real default embedder: a LlamaIndex agent's conversation gets the core policy's sets.

A development registry's conversations (with its profiles) are replayed through a real
``FunctionAgent`` whose retriever reads the agent's memory, and compared call by call with
the core's replay of the same messages (``toolfilter eval --conversations``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from benchmarks.llamaindex_conversations import agent_offers, core_offers
from toolfilter_core import ToolFilter
from toolfilter_core._conversation_eval import read_conversations
from toolfilter_core._tool_defs import read_tools_file

pytestmark = [pytest.mark.integration, pytest.mark.filterwarnings("ignore::DeprecationWarning:inspect")]

DEV = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "dev_hotel_pms"


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(read_tools_file(DEV / "tools.jsonl"), profiles=DEV / "profiles.jsonl")


@pytest.fixture(scope="module")
def conversations(tool_filter: ToolFilter) -> list[Any]:
    return read_conversations(DEV / "conversations.jsonl", tools={t.name for t in tool_filter.tools})


def test_the_agent_is_offered_the_cores_sets_with_the_real_model(
    tool_filter: ToolFilter, conversations: list[Any]
) -> None:
    sizes: list[int] = []
    for conversation in conversations:
        agent = agent_offers(tool_filter, conversation)
        assert agent == core_offers(tool_filter, conversation), conversation.id
        sizes += [len(o) for o in agent]
    assert len(sizes) > 50 and max(sizes) <= 12  # the policy's budget


def test_max_tools_bounds_the_sets_with_the_real_model(tool_filter: ToolFilter, conversations: list[Any]) -> None:
    sizes = [len(o) for c in conversations for o in agent_offers(tool_filter, c, max_tools=4)]
    assert max(sizes) <= 4
