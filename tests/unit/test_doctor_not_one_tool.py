"""Pairs the doctor called one tool written twice on 48e4843, though they are two (a sports club's, a carrier's).

``member_delete`` (erasure) beside ``membership_cancel``: two destroyers of other things; ``member_lookup`` beside
``membership_status``: a record and a status; ``bill_get`` beside ``bill_list`` (by ``account_id``): one record and
many. A fake embedder here (vectors written by hand): every name near every other.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from toolfilter_core import load_tools
from toolfilter_core._doctor.acts import acts_differ
from toolfilter_core._doctor.errand import one_errand
from toolfilter_core._doctor.onething import one_thing_reads


def _tool(name: str, description: str, *inputs: str) -> dict[str, object]:
    properties = {p: {"type": "string"} for p in inputs}
    return {"name": name, "description": description, "parameters": {"type": "object", "properties": properties}}


def _near(words: Sequence[str]) -> NDArray[np.float32]:
    return np.ones((len(words), 2), dtype=np.float32)


CLUB = load_tools(
    [
        _tool("member_delete", "Permanently delete a member record and all personal data (GDPR erasure).", "member_id"),
        _tool("membership_cancel", "Cancel a member's membership. Stops auto-renewal.", "member_id"),
        _tool("member_lookup", "Look up a club member by name, phone or email.", "query"),
        _tool("membership_status", "Membership status: tier, expiry dates, auto-renew on/off.", "member_id"),
        _tool("court_booking_create", "Book a court.", "court", "time"),
    ]
)
VECTORS = np.asarray([[1, 0, 0, 0], [0.95, 0.2, 0, 0], [0, 0, 1, 0], [0, 0, 0.9, 0.2], [0, 0, 0, 1]], np.float32)


def test_two_destroyers_of_other_things_do_different_acts() -> None:
    assert "other things" in acts_differ(CLUB[0], CLUB[1])
    deletes = load_tools([_tool("user_delete", "Delete a user.", "id"), _tool("user_remove", "Remove a user.", "id")])
    assert acts_differ(*deletes) == ""  # one thing destroyed: no reason said


def test_no_errand_of_two_destroyers_nor_of_a_record_and_its_status() -> None:
    assert one_errand(CLUB, VECTORS, _near) == set()


def test_a_get_of_one_bill_and_a_list_of_bills_are_no_one_thing() -> None:
    carrier = load_tools(
        [
            _tool("bill_get", "Get a bill.", "account_id", "month"),
            _tool("bill_list", "List bills for an account over a period.", "account_id", "months"),
            _tool("plan_change", "Change a plan.", "account_id", "plan"),
        ]
    )
    for tool, required in zip(carrier, (["account_id"], ["account_id"], ["account_id", "plan"]), strict=True):
        tool.parameters["required"] = required
    vectors = np.asarray([[1.0, 0.1], [0.95, 0.2], [0, 1.0]], dtype=np.float32)
    assert one_thing_reads(carrier, vectors, _near) == set()


def test_two_destroyers_of_one_thing_in_other_words_are_left_to_the_embedder() -> None:
    hotel = load_tools(
        [
            _tool("cancel_booking", "Cancel a booking; a fee may apply.", "booking_id"),
            _tool("void_reservation", "Void a reservation (the guest is not coming).", "reservation_no"),
        ]
    )
    assert acts_differ(*hotel) == ""  # booking ~ reservation: a made duplicate of the dev registries
