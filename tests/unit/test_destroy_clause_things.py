"""A destroy clause's act goes to the destroyer whose thing it names; another's wish beside an ask is news.

"scrap the move MV-41000 and give the customer their deposit back" was sent ``inventory_item_remove`` and
``crew_unassign`` (they say "remove", the plain verb of "scrap", and take the move's id) and held ``booking_cancel``,
whose thing ("Cancel a move booking") the clause names. "take the sofa off the inventory for MV-20417" held
``inventory_item_remove`` (ranked first) and sent ``crew_unassign``. "customer says she wants her money back for the
broken mirror - file a damage claim for the mirror" was sent ``payment_refund``: the ask is the claim. "我们把 E-114
从 MV-20988 撤下来了，给客户发个短信" (we took E-114 off the job; text the customer) was sent ``crew_unassign``: a 把
after the speaker as subject tells their own act done.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._hints import split_reports
from toolfilter_core._pipeline.clause_things import clause_acts, described_thing
from toolfilter_core._pipeline.wishes import split_wishes

GONE = {"destructiveHint": True}


def _params(*names: str) -> dict[str, Any]:
    return {"type": "object", "properties": {name: {"type": "string"} for name in names}}


MOVES = [
    ToolSpec("booking_get", "Look up a move booking: date, addresses, crew and status.", _params("booking_id")),
    ToolSpec("booking_cancel", "Cancel a move booking.", _params("booking_id", "reason"), annotations=GONE),
    ToolSpec("crew_assign", "Assign movers to a booking.", _params("booking_id", "crew_ids")),
    ToolSpec(
        "crew_unassign",
        "Remove a crew member from a booking's team.",
        _params("booking_id", "employee_id"),
        annotations=GONE,
    ),
    ToolSpec("inventory_list_get", "Get the list of items recorded for a move.", _params("booking_id")),
    ToolSpec("inventory_item_add", "Add an item to a move's inventory.", _params("booking_id", "item")),
    ToolSpec(
        "inventory_item_remove",
        "Delete an item from a move's inventory list.",
        _params("booking_id", "item"),
        annotations=GONE,
    ),
    ToolSpec("payment_charge", "Charge the customer's card for a deposit.", _params("booking_id", "amount")),
    ToolSpec(
        "payment_refund",
        "Refund money to the customer's card for a booking.",
        _params("booking_id", "amount"),
        annotations=GONE,
    ),
    ToolSpec("damage_claim_file", "File a damage claim for an item broken during a move.", _params("booking_id")),
    ToolSpec("sms_send_customer", "Send a text message to the customer.", _params("customer_id", "text")),
]


def _names(text: str) -> list[str]:
    return list(ToolFilter(MOVES, embedder=HashingEmbedder()).select(text).names)


def test_a_move_scrapped_is_the_bookings_cancel_not_an_items_removal() -> None:
    names = _names("scrap the move MV-41000")
    assert "booking_cancel" in names
    assert "inventory_item_remove" not in names


def test_a_move_scrapped_beside_a_refund_sends_no_removal() -> None:
    names = _names("scrap the move MV-41000 and give the customer their deposit back")
    assert "payment_refund" in names  # the second clause's own act
    assert not {"inventory_item_remove", "crew_unassign"} & set(names)


@pytest.mark.parametrize(
    "text",
    ["take the sofa off the inventory for MV-20417, they're selling it", "take the piano off the inventory for MV-1"],
)
def test_a_thing_taken_off_the_inventory_is_the_items_removal(text: str) -> None:
    names = _names(text)
    assert "inventory_item_remove" in names
    assert "crew_unassign" not in names


def test_a_crew_member_removed_still_is() -> None:
    assert "crew_unassign" in _names("remove the crew member E-114 from MV-20988")


def test_the_clause_naming_a_thing_ranked_first_holds_the_verbs_other_destroyer() -> None:
    tools = [MOVES[6], MOVES[1], MOVES[3]]  # inventory_item_remove ranked first
    destructive = np.array([[True, True, True]])
    said = np.array([[True, False, True]])  # the sofa taken off the list, and crew_unassign's verb

    def says(part: str) -> np.ndarray:  # the verb read as crew_unassign's ("take ... off": remove)
        return np.array([[False, False, "inventory" in part]])

    text = "take the sofa off the inventory for MV-20417"
    read = clause_acts(text, tools, destructive, [True, False, False], says, said)
    assert read.owners.tolist() == [[True, False, False]]
    assert read.displaced.tolist() == [[False, False, True]]
    not_first = clause_acts(text, tools, destructive, [False, True, False], says, said)
    assert not not_first.displaced.any()  # the inventory's destroyer neither first nor an ask's best: no reading
    unsaid = clause_acts(text, tools, destructive, [True, False, False], says, np.array([[False, False, True]]))
    assert not unsaid.displaced.any()  # named and first, but no reading says its act: "Customer says "cancel R-1""
    nothing = clause_acts(text, tools, destructive, [True, False, False], says, np.zeros((1, 3), dtype=bool))
    assert not nothing.displaced.any()  # the whole request says no act ("想注销账户，需要什么手续？")


def test_a_clause_that_names_no_thing_displaces_nothing() -> None:
    tools = [MOVES[8], MOVES[3]]  # payment_refund, crew_unassign
    destructive = np.array([[True, True]])

    def says(part: str) -> np.ndarray:
        return np.array([["back" in part, False]])

    text = "give the customer their deposit back"
    read = clause_acts(text, tools, destructive, [True, False], says, np.array([[True, False]]))
    assert not read.owners.any()
    assert not read.displaced.any()


@pytest.mark.parametrize(
    ("description", "thing"),
    [
        ("Cancel a move booking.", {"move", "booking"}),
        ("Delete an item from a move's inventory list.", {"item"}),
        ("Remove a crew member from a booking's team.", {"crew", "member"}),
        ("Terminate a storage unit rental and free the unit.", {"storage", "unit", "rental"}),
    ],
)
def test_a_descriptions_thing_is_what_its_opening_verb_acts_on(description: str, thing: set[str]) -> None:
    assert described_thing(ToolSpec("t", description)) == thing


def test_anothers_wish_beside_the_speakers_own_ask_sends_no_refund() -> None:
    text = (
        "customer says she wants her money back for the broken mirror - file a damage claim for the mirror on MV-20988"
    )
    names = _names(text)
    assert "damage_claim_file" in names
    assert "payment_refund" not in names
    ask, wishes = split_wishes(text)
    assert "money back" in wishes
    assert "damage claim" in ask


@pytest.mark.parametrize(
    "text",
    [
        "customer says she wants her money back for MV-20988, please refund it",
        "customer says she wants her money back for MV-20988",
        "the customer called: the mirror is broken, she wants her money back, then text her that it's done",
    ],
)
def test_a_wish_handed_on_alone_or_before_its_follow_up_still_asks(text: str) -> None:
    assert split_wishes(text)[1] == ""


@pytest.mark.parametrize(
    ("text", "report"),
    [
        ("我们把 E-114 从 MV-20988 撤下来了，给客户发个短信", "我们把 E-114 从 MV-20988 撤下来了"),
        ("我已经把订单取消了，给客户发个短信", "我已经把订单取消了"),
        ("帮我把订单取消了", ""),  # asked
        ("把订单取消了", ""),
        ("我想把订单取消了", ""),  # the speaker's want: asked
        ("我们把它删了吧", ""),  # a suggestion
    ],
)
def test_a_ba_clause_after_the_speaker_as_subject_reports_their_act(text: str, report: str) -> None:
    assert split_reports(text)[1] == report


@pytest.mark.parametrize("text", ["remove Jake from the crew on MV-41000", "Remove Jake from the crew for MV-41000"])
def test_a_member_removed_from_the_crew_of_a_move_is_the_crews_removal(text: str) -> None:
    names = _names(text)
    assert "crew_unassign" in names
    assert "inventory_item_remove" not in names
