"""``eval --conversations --max-tools N``: the replay offers what a middleware with ``max_tools=N`` offers.

On e6038fd the flag was read by ``eval`` and ignored by ``--conversations``: a user whose middleware
set ``max_tools=5`` saw a replayed turn offered 11 tools.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_eval import chooser, openai_turns, policy_for
from toolfilter_core.cli import main

from .test_conversation_guard import ASK, CONFIG, TOOLS

MESSAGES: list[dict[str, Any]] = [
    {"role": "user", "content": ASK, "gold": [], "kind": "first"},  # gold []: every turn offered tools is a miss
    {"role": "assistant", "content": "It holds two items, paid."},
    {"role": "user", "content": "and where is the parcel now?", "gold": [], "kind": "follow_up"},
    {"role": "assistant", "content": "In Lyon."},
]


def _offered(tmp_path: Path, capsys: pytest.CaptureFixture[str], *cap: str) -> list[list[str]]:
    tools = tmp_path / "tools.jsonl"
    tools.write_text("\n".join(json.dumps(t) for t in TOOLS) + "\n", encoding="utf-8")
    path = tmp_path / "conversations.jsonl"
    path.write_text(json.dumps({"id": "c1", "messages": MESSAGES}) + "\n", encoding="utf-8")
    config = tmp_path / "config.yaml"
    config.write_text(json.dumps({**CONFIG, "embedder": "hashing"}), encoding="utf-8")
    argv = ["eval", "--conversations", str(path), "--tools", str(tools), "--config", str(config), "--misses"]
    assert main([*argv, "--json", *cap]) == 0
    return [m["offered"] for m in json.loads(capsys.readouterr().out)["misses"]]


def test_eval_conversations_max_tools_caps_every_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert max(len(o) for o in _offered(tmp_path, capsys)) > 2  # the policy's set, its domain prefetched
    capped = _offered(tmp_path, capsys, "--max-tools", "2")
    assert capped and all(1 <= len(o) <= 2 for o in capped), capped


def test_eval_conversations_max_tools_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--conversations", str(tmp_path / "c.jsonl"), "--max-tools", "0"]) == 2
    assert "--max-tools: got 0" in capsys.readouterr().err


def test_the_chooser_cuts_every_call_to_max_tools_keeping_the_best() -> None:
    tool_filter = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())
    turns = openai_turns(MESSAGES)
    free = chooser(tool_filter, policy=policy_for(PROVIDERS["anthropic"]))
    capped = chooser(tool_filter, policy=policy_for(PROVIDERS["anthropic"], 1), max_tools=1)
    assert policy_for(PROVIDERS["anthropic"], 1).budget == 1
    first, later = turns[:1], turns[:3]
    assert len(free(first)) > 1
    assert list(capped(first)) == tool_filter.select(ASK).names[:1]  # the best tool stays
    assert len(capped(later)) == 1
