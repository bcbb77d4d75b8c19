"""A cinema's refunds, no profiles, the real default embedder: a refund's read, a refund by booking code, 退 on tickets.

``refund_status_get`` ("Where a refund is: ...") was read as a refund and held; ``ticket_refund(booking_code)`` was
held for "refund BK-550123 ...", its id read as ``booking_create``'s ("returns a booking code like BK-123456").
The tools are a cinema registry's, written by a language model from a description of the business alone.
"""

from __future__ import annotations

import warnings

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec, ToolSpecWarning, recommended_config

pytestmark = pytest.mark.integration


def _tool(name: str, description: str, names: list[str], required: list[str]) -> ToolSpec:
    properties = {n: {"type": "string"} for n in names}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": required})


TOOLS = [
    _tool(
        "booking_create",
        (
            "Book seats for a customer on a screening. Holds the seats for 10 minutes, takes payment (card, "
            "WeChat Pay, Alipay, gift card or points) and returns a booking code like BK-123456. Applies member "
            "discounts and promo codes automatically when given."
        ),
        ["screening_id", "seats", "member_id", "payment_method", "promo_code"],
        ["screening_id"],
    ),
    _tool(
        "booking_get",
        "Look up a booking by booking code: film, time, seats, payment state, whether tickets were collected.",
        ["booking_code"],
        ["booking_code"],
    ),
    _tool(
        "booking_list_by_customer",
        "List a customer's bookings by phone number, e-mail or member id, newest first.",
        ["phone", "email", "member_id"],
        [],
    ),
    _tool(
        "booking_cancel",
        (
            "Cancel a booking. Releases the seats. Cancelling less than 2 hours before the show is not allowed "
            "for non-members. Does not refund by itself; call ticket_refund for the money."
        ),
        ["booking_code", "reason"],
        ["booking_code"],
    ),
    _tool(
        "ticket_refund",
        (
            "Refund one or more tickets of a booking to the original payment method (card/WeChat/Alipay) or to a "
            "gift card. Partial refunds supported."
        ),
        ["booking_code", "ticket_ids", "to_gift_card"],
        ["booking_code"],
    ),
    _tool(
        "payment_get",
        "payment record for an order/booking (amount, method, transaction id, time)",
        ["booking_code", "order_id"],
        [],
    ),
    _tool(
        "customer_email_send",
        "Send an e-mail to a customer (booking confirmations, apologies, refund notices). Plain text or template.",
        ["to", "subject", "body", "template"],
        ["to"],
    ),
    _tool(
        "refund_status_get",
        "Where a refund is: pending, sent to the bank, completed, failed.",
        ["refund_id", "booking_code"],
        [],
    ),
]


@pytest.fixture(scope="module")
def cinema(default_embedder: Embedder) -> ToolFilter:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        return ToolFilter(TOOLS, config=recommended_config(), embedder=default_embedder)


def test_where_a_refund_is_gets_its_read(cinema: ToolFilter) -> None:
    selection = cinema.select("where is my refund for BK-550123")
    assert "refund_status_get" in selection.names, selection.explain()
    assert "booking_cancel" not in selection.names, selection.explain()


def test_a_refund_by_booking_code_gets_the_refund(cinema: ToolFilter) -> None:
    selection = cinema.select("refund BK-550123 and email the customer")
    assert "ticket_refund" in selection.names, selection.explain()
    assert "booking_cancel" not in selection.names, selection.explain()


def test_tickets_given_back_get_the_refund(cinema: ToolFilter) -> None:
    selection = cinema.select("BK-901223 的两张票给客户退了")
    assert "ticket_refund" in selection.names, selection.explain()
    assert "booking_cancel" not in selection.names, selection.explain()
