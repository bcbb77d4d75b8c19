"""A conversation that ends on a user message is scored at the model call the agent makes next.

On 84bca39 ``toolfilter eval --conversations`` dropped such a turn without a word: no row, no call,
no bill; a file written to test the last request measured every turn but that one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_eval import Conversation, replay_conversations
from toolfilter_core.cli import main
from toolfilter_core.integration import Turn

from .test_conversation_guard import CONFIG, TOOLS
from .test_conversation_reports import NO_TOOL_AFTER_RESULTS, SCHEMAS

WHERE = {"role": "user", "content": "where is the parcel of order 55121?", "gold": ["track_shipment"], "kind": "switch"}


def _replay(*conversations: list[dict[str, Any]], offered: Sequence[str] = ("track_shipment",)) -> Any:
    return replay_conversations(
        [Conversation(f"c{n}", tuple(messages), "en") for n, messages in enumerate(conversations, 1)],
        lambda: lambda _turns: list(offered),
        SCHEMAS,
        PROVIDERS["anthropic"],
    )


def test_a_trailing_user_turn_is_a_row_and_a_call() -> None:
    answered, trailing = _replay(NO_TOOL_AFTER_RESULTS), _replay([*NO_TOOL_AFTER_RESULTS, WHERE])
    before, after = answered.to_dict(), trailing.to_dict()
    assert (after["user_turns"], after["model_calls"]) == (before["user_turns"] + 1, before["model_calls"] + 1)
    last = trailing.rows[-1]
    assert (last["query"], last["gold"], last["served"], last["kind"]) == (
        WHERE["content"],
        ["track_shipment"],
        True,
        "switch",
    )
    assert trailing.bill > answered.bill  # the next call is billed, on every message


def test_a_trailing_turn_offered_none_of_its_gold_is_a_miss_with_its_why() -> None:
    replay = _replay([*NO_TOOL_AFTER_RESULTS, WHERE], offered=("get_order",))
    last = replay.to_dict(with_misses=True)["misses"][-1]
    assert last["query"] == WHERE["content"] and last["served"] is False and last["dangerous"] is True
    assert last["why"].startswith("not offered: track_shipment")


def test_the_trailing_call_chooses_over_every_message() -> None:
    seen: list[int] = []

    def choose(turns: Sequence[Turn]) -> list[str]:
        seen.append(len(turns))
        return []

    messages = [*NO_TOOL_AFTER_RESULTS, WHERE]
    replay_conversations([Conversation("c1", tuple(messages), "en")], lambda: choose, SCHEMAS, PROVIDERS["anthropic"])
    assert seen == [1, 3, len(messages)]


def test_a_conversation_of_one_user_message_is_scored() -> None:
    figures = _replay([WHERE]).to_dict()
    assert (figures["user_turns"], figures["model_calls"], figures["first_served"]) == (1, 1, 1.0)
    assert figures["bill_by_conversation"]["c1"] is not None


def test_eval_conversations_counts_the_trailing_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tools = tmp_path / "tools.jsonl"
    tools.write_text("\n".join(json.dumps(t) for t in TOOLS) + "\n", encoding="utf-8")
    path = tmp_path / "conversations.jsonl"
    path.write_text(json.dumps({"id": "c1", "messages": [*NO_TOOL_AFTER_RESULTS, WHERE]}) + "\n", encoding="utf-8")
    config = tmp_path / "config.yaml"
    config.write_text(json.dumps({**CONFIG, "embedder": "hashing"}), encoding="utf-8")
    argv = ["eval", "--conversations", str(path), "--tools", str(tools), "--config", str(config), "--json"]
    assert main(argv) == 0
    figures = json.loads(capsys.readouterr().out)
    assert (figures["user_turns"], figures["model_calls"]) == (3, 3)
    assert figures["by_kind"]["switch"]["turns"] == 1
