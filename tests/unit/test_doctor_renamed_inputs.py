"""Without profiles, two teams' tools of one errand told by their parameters or by one message to one recipient.

On a4bea7b a house-moving company's ``quote_estimate(origin, destination, ...)`` beside the sales team's
``move_price_calculator(from_address, to_address, ...)`` (each pair described "Pickup address", "Delivery address")
was named by no finding, and ``email_send_customer`` beside ``customer_notify_email`` only a ``crowded_pair``. Their
honest neighbours (a booking taking the same addresses, a read and a write of one account, dated tools, an SMS to the
same customer) stay apart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose


def _tool(name: str, description: str, **params: str) -> ToolSpec:
    properties: dict[str, Any] = {k: {"type": "string", "description": v} for k, v in params.items()}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": list(params)})


MOVERS = [
    _tool(
        "quote_estimate",
        "Estimate the price of a move from origin, destination, home size and move date.",
        origin="Pickup address",
        destination="Delivery address",
        rooms="Number of rooms",
        move_date="ISO date",
    ),
    _tool(
        "move_price_calculator",
        "Sales team: calculate a moving price quote for a customer given from/to addresses, volume and date.",
        from_address="Pickup address",
        to_address="Delivery address",
        volume_m3="Estimated volume",
        date="Move date",
    ),
    _tool(
        "booking_create",
        "Book a move for a customer on a date.",
        customer_id="Customer account id",
        pickup="Pickup address",
        dropoff="Delivery address",
        date="ISO date",
    ),
    _tool("booking_cancel", "Cancel a booked move.", booking_id="Booking reference", reason="Why it is cancelled"),
    _tool("booking_reschedule", "Move a booking to another date.", booking_id="Booking reference", day="ISO date"),
    _tool("customer_account_get", "Get a customer's account.", customer_id="Customer account id"),
    _tool(
        "customer_account_update",
        "Update a customer's phone or e-mail.",
        account="Customer account id",
        phone="Customer phone",
        mail="Customer e-mail",
    ),
    _tool("email_send_customer", "Send an e-mail to a customer about their move.", customer_id="Customer account id"),
    _tool(
        "customer_notify_email",
        "Customer Care team: e-mail a notification to the customer (confirmation, reminder, update).",
        email="Customer e-mail",
        message="Text",
    ),
    _tool("sms_send_customer", "Send an SMS to a customer.", phone="Customer phone", text="Text"),
    _tool("truck_reserve", "Reserve a truck for a date.", truck_id="Truck plate", day="ISO date"),
    _tool("crew_assign", "Assign a crew to a booked move.", booking_id="Booking reference", crew_id="Crew id"),
]


def _found(tools: list[ToolSpec]) -> dict[frozenset[str], str]:
    report = diagnose(tools, embedder=HashingEmbedder())
    return {frozenset(f.tools): f.detail for f in report.of_kind("near_duplicate")}


def test_two_teams_tools_of_one_errand_are_near_duplicates_and_their_neighbours_are_not() -> None:
    found = _found(MOVERS)
    quote = frozenset(("quote_estimate", "move_price_calculator"))
    mail = frozenset(("email_send_customer", "customer_notify_email"))
    assert set(found) == {quote, mail}
    assert "origin ~ from_address, destination ~ to_address" in found[quote]
    assert "to customer" in found[mail] and "(email)" in found[mail]


def test_the_words_of_each_rule() -> None:
    from toolfilter_core._doctor.errand import one_recipient, same_inputs
    from toolfilter_core._doctor.inputs import renamed_inputs

    by = {t.name: t for t in MOVERS}
    assert renamed_inputs(by["quote_estimate"], by["move_price_calculator"]) == (
        ("origin", "from_address"),
        ("destination", "to_address"),
    )
    assert same_inputs(by["quote_estimate"], by["move_price_calculator"])
    assert not same_inputs(by["move_price_calculator"], by["booking_create"])  # a move's change beside a make
    assert not same_inputs(by["customer_account_get"], by["customer_account_update"])  # one key: no two inputs
    assert not renamed_inputs(by["booking_reschedule"], by["truck_reserve"])  # "ISO date" is a format, no thing
    assert not renamed_inputs(by["booking_cancel"], by["booking_reschedule"])  # the same names: one team's siblings
    assert one_recipient(by["email_send_customer"], by["customer_notify_email"])
    assert not one_recipient(by["sms_send_customer"], by["email_send_customer"])  # two channels
    logged = _tool("mail_log_incoming", "Log incoming post for a member.", member_id="Member id")
    forwarded = _tool("mail_forward", "Forward a member's post by e-mail.", member_id="Member id")
    assert not one_recipient(logged, forwarded)  # only the message word shared


def test_text_and_page_headings_count_the_same_things(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from toolfilter_core._report.doctor_page import doctor_html

    report = diagnose(MOVERS, embedder=HashingEmbedder())
    assert len(report.of_kind("thin_description")) == 1 and report.count("thin_description") > 1
    heading = report.heading("thin_description")
    assert heading == f"thin_description ({report.count('thin_description')} tools)"
    assert f"\n{heading}: " in report.text()
    assert f"{heading}</h2>" in doctor_html(tmp_path / "d.html", report).read_text("utf-8")
