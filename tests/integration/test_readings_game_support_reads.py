"""A game's support desk, no profiles, the real default embedder: reads named on a ban are reads.

``ban_history`` ("List a player's past bans and their reasons") was read as a ban by its name's word and held even
ranked first, beside ``player_ban``. The tools are a game support registry's, written by a language model from a
description of the business alone.
"""

from __future__ import annotations

import warnings

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec, ToolSpecWarning, recommended_config
from toolfilter_core._hints import says_destructive

pytestmark = pytest.mark.integration


def _tool(name: str, description: str, names: list[str]) -> ToolSpec:
    properties = {n: {"type": "string"} for n in names}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": names[:1]})


TOOLS = [
    _tool("player_get", "Look up a player by id or nickname: level, region, linked accounts, purchases.", ["player"]),
    _tool("ban_history", "List a player's past bans and their reasons, newest first.", ["player_id"]),
    _tool("appeal_list", "List open ban appeals, oldest first.", ["status"]),
    _tool("player_ban", "Ban a player from all game servers for a number of days or for good.", ["player_id", "days"]),
    _tool("appeal_decide", "Accept or reject a ban appeal with a note to the player.", ["appeal_id", "decision"]),
    _tool("purchase_refund", "Refund an in-game purchase to the player's store account.", ["purchase_id"]),
    _tool("player_message_send", "Send an in-game message to a player.", ["player_id", "text"]),
    _tool("match_report_get", "Get the report of a match: players, score, chat, cheat flags.", ["match_id"]),
    _tool("ticket_create", "Open a support ticket for a player's problem.", ["player_id", "text"]),
]


@pytest.fixture(scope="module")
def desk(default_embedder: Embedder) -> ToolFilter:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        return ToolFilter(TOOLS, config=recommended_config(), embedder=default_embedder)


def test_reads_named_on_a_ban_are_no_destroyers() -> None:
    by_name = {t.name: t for t in TOOLS}
    assert not says_destructive(by_name["ban_history"])
    assert not says_destructive(by_name["appeal_list"])
    assert says_destructive(by_name["player_ban"])


@pytest.mark.parametrize(
    "request_",
    [
        "show me the ban history of player P-20931",
        "why was P-20931 banned before? list his past bans",
        "玩家 P-20931 以前被封过几次？",
    ],
)
def test_a_ban_history_asked_gets_its_read(desk: ToolFilter, request_: str) -> None:
    selection = desk.select(request_)
    assert "ban_history" in selection.names, selection.explain()
    assert "player_ban" not in selection.names, selection.explain()


def test_a_ban_asked_still_gets_the_ban(desk: ToolFilter) -> None:
    selection = desk.select("ban player P-20931 for 7 days, he was cheating in match M-881")
    assert "player_ban" in selection.names, selection.explain()
