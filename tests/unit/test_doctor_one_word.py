"""Without profiles, two tools on different things sharing one word are no crowded pair.

On bd450ed a hotel's doctor, run before any profile was written, told ``reservation_cancel`` and
``airport_transfer_cancel`` as a crowded pair for one shared word ("shared words: cancel"), and a courier's
``book_pickup`` and ``schedule_redelivery`` for "pickup": different things that share a verb or a word
(fake embedder).
"""

from __future__ import annotations

from typing import Any

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose
from toolfilter_core._doctor.acts import one_word_apart


def _tool(name: str, description: str, *required: str) -> ToolSpec:
    properties: dict[str, Any] = {p: {"type": "string"} for p in required}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": list(required)})


HOTEL = [
    _tool("reservation_cancel", "Cancel a reservation.", "confirmation_no"),
    _tool("airport_transfer_cancel", "Cancel an airport transfer.", "transfer_id"),
    _tool("book_pickup", "Book a courier pickup at an address in a time window.", "address"),
    _tool("schedule_redelivery", "Schedule a redelivery after a missed pickup.", "tracking_no"),
    _tool("minibar_record", "Record minibar items taken from a room.", "room"),
    _tool("keycard_issue", "Issue a keycard for a room to a guest.", "room"),
    _tool("spa_treatment_price", "Price a spa treatment by its length.", "treatment"),
    _tool("shop_hours", "Opening hours of the shop by weekday and holidays."),
    _tool("laundry_order", "Order laundry pressing for a guest's shirts.", "items"),
    _tool("parking_space_list", "List free parking spaces in the garage.", "level"),
]


def test_two_tools_on_different_things_sharing_one_word_are_not_told() -> None:
    report = diagnose(HOTEL, embedder=HashingEmbedder())
    told = {frozenset(f.tools) for f in report.findings if f.kind in ("crowded_pair", "crowded_cluster")}
    assert frozenset({"minibar_record", "keycard_issue"}) not in told  # on bd450ed: "shared words: room"
    scored = {frozenset((p.a, p.b)) for p in report.pairs}  # a pair's score weighs its own words 0
    assert frozenset({"reservation_cancel", "airport_transfer_cancel"}) not in scored
    assert frozenset({"book_pickup", "schedule_redelivery"}) not in scored


def test_one_word_apart_needs_one_word_and_names_on_different_things() -> None:
    assert one_word_apart("reservation_cancel", "airport_transfer_cancel", {"cancel"})
    assert one_word_apart("book_pickup", "schedule_redelivery", {"pickup"})
    assert not one_word_apart("book_pickup", "schedule_redelivery", {"pickup", "window"})  # two words
    # different acts on one thing: pairs the dev registries list as confusable (create / list calendar events)
    assert not one_word_apart("reservation_lookup", "reservation_modify_dates", {"reservation"})
    assert one_word_apart("reservation_lookup", "reservation_modify_dates", {"reservation"}, ways={"acts"})
    assert not one_word_apart("customer_find", "customer_lookup", {"customer"})
