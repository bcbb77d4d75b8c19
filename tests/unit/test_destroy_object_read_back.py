"""The destroyer of the thing a request acts on, where it names that thing before its verb or only as its owner.

A studio's "booking AP-51 is dead, bin it" threw away a booking, and ``artist_remove`` (whose verb "bin" stood for)
was sent; "take it out of circulation permanently" retires a gear item, and no verb read it; "bill B-702's second
latte was a mistake, delete it from the bill" takes a line off the bill; "drop the 5pm delivery for customer C-12"
drops a delivery, the customer's, and ``customer_account_close`` was sent; "take vessel V-3381 off customer C-10293's
account" takes a vessel off, and ``waitlist_remove`` (which takes the customer's id) was sent beside its remover.
Fake embedder (``HashingEmbedder``).
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.owners import owner_only
from toolfilter_core._pipeline.plain_verbs import in_plain_verbs

from .test_destroy_item_of_record import OTHERS, _tool

STUDIO = [
    _tool("appointment_get", "Get one appointment's details: time, artist, deposit.", "appointment_id"),
    _tool("appointment_cancel", "Cancel an appointment and free the slot.", "appointment_id", gone=True),
    _tool(
        "artist_remove", "Remove an artist from the roster and deactivate their booking page.", "artist_id", gone=True
    ),
    *OTHERS,
]
GEAR = [
    _tool("gear_inventory_get", "Stock of rental gear by item and size, and items retired.", "item"),
    _tool(
        "gear_item_retire", "Remove a worn or damaged gear item from the rental pool for good.", "item_id", gone=True
    ),
    _tool("member_delete", "Permanently delete a member record.", "member_id", gone=True),
    *OTHERS,
]
BILLS = [
    _tool("bill_get", "Show a bill with its line items and totals.", "bill_id"),
    _tool("bill_item_add", "Add a line item (dish or drink) to a bill.", "bill_id", "item"),
    _tool("bill_void", "Void an entire bill so it is no longer payable.", "bill_id", gone=True),
    _tool("bill_item_remove", "Remove a line item from a bill.", "bill_id", "item_id", gone=True),
    *OTHERS,
]
CLOSE = _tool("customer_account_close", "Close a customer account and delete their data.", "customer_id", gone=True)
LAUNDRY = [
    _tool("delivery_schedule", "Book delivery of finished garments back to the customer's address.", "order_id"),
    _tool("pickup_cancel", "Cancel a scheduled van pickup or delivery.", "pickup_id", gone=True),
    _tool("customer_get", "Look up a customer by id.", "customer_id"),
    CLOSE,
    *OTHERS,
]
MARINA = [
    _tool("customer_lookup", "Find a customer account by name or customer id: vessels, slip.", "query"),
    _tool("vessel_register", "Add a vessel to a customer's account.", "customer_id", "vessel_name"),
    _tool("vessel_remove", "Remove a vessel from a customer's account.", "customer_id", "vessel_id", gone=True),
    _tool("waitlist_remove", "Take a customer off the seasonal slip waitlist.", "customer_id", gone=True),
    *OTHERS,
]


def _names(tools: list[ToolSpec], text: str) -> list[str]:
    return list(ToolFilter(tools, embedder=HashingEmbedder()).select(text).names)


@pytest.mark.parametrize(
    ("tools", "text", "sent", "held"),
    [
        (STUDIO, "booking AP-51 is dead, bin it", "appointment_cancel", "artist_remove"),
        (GEAR, "harness H-0231 failed inspection, take it out of circulation permanently", "gear_item_retire", ""),
        (BILLS, "bill B-702's second latte was a mistake, delete it from the bill", "bill_item_remove", "bill_void"),
        (LAUNDRY, "drop the 5pm delivery for customer C-12", "pickup_cancel", "customer_account_close"),
        (MARINA, "take vessel V-3381 off customer C-10293's account", "vessel_remove", "waitlist_remove"),
    ],
)
def test_the_thing_acted_on_gets_its_destroyer_and_no_other(
    tools: list[ToolSpec], text: str, sent: str, held: str
) -> None:
    names = _names(tools, text)
    assert sent in names and held not in names, names


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("booking AP-51 is dead, bin it", "booking AP-51 is dead, cancel it"),  # "it": the booking named before
        ("Tattoo booking AP-51 is off. Bin it.", "Tattoo booking AP-51 is off. cancel it."),
        ("the note on order ORD-1 is wrong, bin it", "the note on order ORD-1 is wrong, remove it"),  # the note's
        ("take it out of circulation permanently", "remove it from circulation permanently"),
        ("take the van out of service", "remove the van from service"),
        ("take the eggs out of M-1890 this week", "remove the eggs from M-1890 this week"),  # a record by its id
        ("take £20 out of service fees", "take £20 out of service fees"),  # money
    ],
)
def test_a_thing_pointed_back_to_or_put_out_of_use_is_read_as_its_plain_verb(text: str, read: str) -> None:
    assert in_plain_verbs(text) == read


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("drop the 5pm delivery for customer C-12", True),  # a delivery, the customer's
        ("cancel the order for the customer", True),
        ("close the account for customer C-12", False),  # the customer's own record
        ("cancel it for customer C-12", False),  # a pronoun names no thing
        ("delete everything for customer C-12", False),
        ("delete customer C-12", False),
    ],
)
def test_a_record_after_for_is_the_owner_of_the_thing_destroyed(text: str, held: bool) -> None:
    assert owner_only(text, CLOSE) is held
