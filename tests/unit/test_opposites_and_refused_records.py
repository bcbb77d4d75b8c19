"""An act's opposite and a record's destroy refused: the readings, no embedder."""

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.opposites import opposite_of_said, side_of, sides_said
from toolfilter_core._pipeline.refused_records import refused_records

APPROVE = ToolSpec("claim_approve", "Approve a claim and set the payout amount.")
REJECT = ToolSpec("claim_reject", "Reject (deny) a claim.")
DECIDE = ToolSpec("claim_decide", "Approve or reject a claim.")
LOCK = ToolSpec("door_lock", "Lock a door remotely.")
UNLOCK = ToolSpec("door_unlock", "Unlock a door remotely.")
CUSTOMER_DELETE = ToolSpec("customer_delete", "Permanently delete a customer and all their data.")
ORDER_DELETE = ToolSpec("order_delete", "Delete an order.")


def test_a_tool_does_one_side_and_one_doing_both_none() -> None:
    assert side_of(APPROVE) == {(0, 0)}
    assert side_of(REJECT) == {(0, 1)}
    assert side_of(DECIDE) == set()


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("deny claim CL-40021", {(0, 1)}),
        ("理赔 CL-40021 拒赔", {(0, 1)}),
        ("unlock door 3", {(2, 1)}),
        ("lock door 3", {(2, 0)}),
        ("the lock on door 3 is stuck", set()),
        ("my account is locked", set()),
    ],
)
def test_the_sides_a_request_says(text: str, said: set[tuple[int, int]]) -> None:
    assert sides_said(text) == said


@pytest.mark.parametrize(
    ("text", "out"),
    [
        ("deny claim CL-40021", [True, False]),
        ("don't approve claim CL-40021, deny it", [True, False]),
        ("approve claim CL-40021", [False, True]),
        ("approve claim CL-1 and reject claim CL-2", [False, False]),
    ],
)
def test_the_opposite_of_the_act_asked(text: str, out: list[bool]) -> None:
    assert opposite_of_said(text, [APPROVE, REJECT], [APPROVE, REJECT]) == out


def test_no_opposite_without_a_candidate_doing_the_act() -> None:
    assert opposite_of_said("deny claim CL-40021", [APPROVE], [APPROVE]) == [False]
    assert opposite_of_said("unlock door 3", [LOCK], [LOCK, UNLOCK, APPROVE]) == [True]
    assert opposite_of_said("unlock door 3", [APPROVE], [LOCK, UNLOCK, APPROVE, REJECT]) == [False]


def test_a_record_refused_stays_held_unless_the_ask_names_it() -> None:
    tools, destructive = [CUSTOMER_DELETE, ORDER_DELETE], np.array([[True, True]])
    held = refused_records("don't delete customer CU-5120", "delete order O-1 instead", tools, destructive)
    assert held.tolist() == [[True, False]]
    again = refused_records("don't delete customer CU-5120", "delete customer CU-7000", tools, destructive)
    assert again.tolist() == [[False, False]]
    assert not refused_records("", "delete order O-1", tools, destructive).any()
