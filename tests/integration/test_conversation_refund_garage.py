"""A garage's conversation, its profiles, the real default embedder: a refund on the payment a call read.

"那退一半给他" (then refund him half), after ``payment_list`` answered
``[{"id":"P-9931","amount":300}]``, was offered ``reservation_cancel`` (its profile's 退订...
ranked it first) and not ``payment_refund``. Data: tests/integration/data/SOURCE.md.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpecWarning, read_tools_file, recommended_config
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_eval import chooser, destroyers, read_conversations, replay_conversations
from toolfilter_core._conversation_policy import ConversationPolicy

pytestmark = pytest.mark.integration

DATA = Path(__file__).resolve().parent / "data" / "garage_conversation"


@pytest.fixture(scope="module")
def garage(default_embedder: Embedder) -> ToolFilter:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        tools = read_tools_file(DATA / "tools.jsonl")
        return ToolFilter(
            tools, config=recommended_config(), embedder=default_embedder, profiles=DATA / "profiles.jsonl"
        )


def test_the_refund_after_the_payment_was_read_is_served_without_another_records_cancel(garage: ToolFilter) -> None:
    conversations = read_conversations(DATA / "conversations.jsonl", tools={t.name for t in garage.tools})
    result = replay_conversations(
        conversations,
        lambda: chooser(garage, policy=ConversationPolicy("anthropic")),
        {t.name: t.to_openai() for t in garage.tools},
        PROVIDERS["anthropic"],
        destructive=destroyers(garage),
    )
    figures = result.to_dict(with_misses=True)
    (refund,) = [r for r in result.rows if r["query"] == "那退一半给他"]
    assert "payment_refund" in refund["offered"] and "reservation_cancel" not in refund["offered"], refund
    assert figures["later_served"] == 1, figures["misses"]
    assert figures["later_unasked_destroyer"] == 0, figures["misses"]
