"""A wedding venue's registry and its profiles' mentions, the real default embedder (``mentioned``).

"如果客户取消的话，定金能退多少？先帮我看下WB-2200的详情" (if the customer cancels, how much of the deposit comes
back? show me WB-2200 first) names the refund without asking it, and is sent ``refund_issue`` beside
``booking_get``. Its nearest mention of ``refund_issue`` is closer to it than any of the tool's asks, so with a
margin the guard holds the tool and its note quotes the mention; a destroy request of the same registry keeps its
tool. The shipped ``MENTION_MARGIN`` is None (``benchmarks/choose_mention_margin.py`` found no margin that helps):
mentions are not read, and the request gets what it got before.
Data: benchmarks/data/dev_walk_wedding_venue (benchmarks/data/README.md).
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, read_tools_file, recommended_config

pytestmark = pytest.mark.integration

FOLDER = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "dev_walk_wedding_venue"
MENTION = "如果客户取消的话，定金能退多少？先帮我看下WB-2200的详情"
mentioned = importlib.import_module("toolfilter_core._pipeline.mentioned")


@pytest.fixture(scope="module")
def venue(default_embedder: Embedder) -> ToolFilter:
    tools = read_tools_file(FOLDER / "tools.jsonl")
    return ToolFilter(tools, config=recommended_config(), embedder=default_embedder, profiles=FOLDER / "profiles.jsonl")


def test_with_a_margin_the_mentioned_refund_is_held_and_the_note_quotes_a_mention(
    venue: ToolFilter, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mentioned, "MENTION_MARGIN", 0.04)
    selection = venue.select(MENTION)
    assert "refund_issue" not in selection.names and "booking_get" in selection.names, selection.explain()
    assert any("refund_issue" in n and "a mention of its act, not an ask for it" in n for n in selection.notes)


@pytest.mark.parametrize(
    ("request_", "tool"),
    [
        ("refund the 3000 deposit on WB-1188 and email the couple that it's on its way", "refund_issue"),
        ("cancel booking WB-3301, the couple split up", "booking_cancel"),
    ],
)
def test_with_the_same_margin_a_destroy_request_keeps_its_tool(
    venue: ToolFilter, monkeypatch: pytest.MonkeyPatch, request_: str, tool: str
) -> None:
    monkeypatch.setattr(mentioned, "MENTION_MARGIN", 0.04)
    selection = venue.select(request_)
    assert tool in selection.names, selection.explain()


def test_as_shipped_mentions_are_not_read() -> None:
    assert mentioned.MENTION_MARGIN is None
