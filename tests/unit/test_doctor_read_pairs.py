"""Without profiles, a read beside a destroyer and two reads of different things are no crowding.

On 8da26c4 a grocer's first run told ``voucher_check`` ~ ``voucher_void`` and ``refund_missing_item`` ~
``refund_status`` (one reads, the other destroys: the destructive guard keeps the destroyer off a read
request) and ``slot_list_available`` ~ ``driver_list`` (two reads of different things) as crowded pairs.
Two reads of one thing, and a read beside a make, stay told.
"""

from __future__ import annotations

from typing import Any

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose
from toolfilter_core._doctor.acts import other_reads, read_beside_destroyer

GROCER = [
    ToolSpec("voucher_check", "Check a voucher code: whether the voucher code is valid, its amount and expiry date."),
    ToolSpec(
        "voucher_void", "Void a voucher code: the voucher code is no longer valid, whatever its amount and expiry date."
    ),
    ToolSpec("voucher_create", "Create a voucher code with an amount and expiry date, valid for one customer."),
    ToolSpec("slot_list_available", "List free delivery slots for a postcode and date."),
    ToolSpec("driver_list", "List drivers on shift today and their vans."),
    ToolSpec("basket_get", "Show a customer's basket: the items in the basket, quantities and price."),
    ToolSpec("basket_search", "Search customers' baskets by item: the items in each basket, quantities and price."),
    ToolSpec("store_hours", "Opening hours of the store by weekday and bank holidays."),
    ToolSpec("recipe_suggest", "Suggest a recipe from the items a customer buys most, with a shopping list."),
    ToolSpec("loyalty_points", "Points a customer earned on past orders and the rewards they can claim."),
    ToolSpec("complaint_log", "Log a complaint about a damaged or late delivery, with photos."),
    ToolSpec("supplier_order", "Order stock from a supplier for next week's deliveries to the warehouse."),
    ToolSpec("email_send", "Send an e-mail to a member of staff about a shift change."),
]


def _told(report: Any) -> set[frozenset[str]]:
    """The pairs told: crowded pairs, clusters' pairs, and act siblings (names of different acts on one thing)."""
    return {frozenset(f.tools) for f in report.findings if f.kind == "crowded_pair"} | {
        frozenset(pair)
        for kind in ("crowded_cluster", "act_siblings")
        for f in report.of_kind(kind)
        for pair in f.evidence["pairs"]
    }


def test_a_read_beside_a_destroyer_of_one_thing_is_not_told() -> None:
    report = diagnose(GROCER, embedder=HashingEmbedder())
    assert frozenset({"voucher_check", "voucher_void"}) not in _told(report)  # on 8da26c4: a crowded pair


def test_two_reads_of_different_things_are_not_told() -> None:
    report = diagnose(GROCER, embedder=HashingEmbedder())
    assert frozenset({"slot_list_available", "driver_list"}) not in _told(report)  # on 8da26c4: a crowded pair


def test_two_reads_of_one_thing_and_a_read_beside_a_make_stay_told() -> None:
    told = _told(diagnose(GROCER, embedder=HashingEmbedder()))
    assert frozenset({"basket_get", "basket_search"}) in told
    assert frozenset({"voucher_check", "voucher_create"}) in told


def test_the_json_pair_says_its_parts() -> None:
    pairs = {frozenset((p["a"], p["b"])): p for p in diagnose(GROCER, embedder=HashingEmbedder()).to_dict()["pairs"]}
    parts = pairs[frozenset({"voucher_check", "voucher_create"})]["parts"]
    assert parts["guarded"] == 0.0
    assert parts["reads"] == 0.0


def test_read_beside_destroyer_needs_one_destroyer_a_read_and_a_destroy_verb() -> None:
    assert read_beside_destroyer("voucher_check", "voucher_void", (False, True))
    assert read_beside_destroyer("refund_missing_item", "refund_status", (True, False))  # refund: a noun here
    assert not read_beside_destroyer("subscription_get", "subscription_end", (False, True))  # end: no destroy verb
    assert read_beside_destroyer("subscription_get", "subscription_end", (False, True), named=False)
    assert not read_beside_destroyer("voucher_create", "voucher_void", (False, True))  # a make, no read
    assert not read_beside_destroyer("voucher_check", "voucher_void", (False, False))  # the guard holds neither back
    assert not read_beside_destroyer("order_delete", "order_cancel", (True, True))


CRM = [
    ToolSpec("customer_lookup", "Look up a client's contact card in the shop records: full name, phone and address."),
    ToolSpec("crm_find_contact", "Find a client's contact card in the CRM records: full name, phone and address."),
    *GROCER[5:],
]


def test_one_read_of_one_thing_in_other_words_stays_told() -> None:
    report = diagnose(CRM, embedder=HashingEmbedder())
    assert frozenset({"customer_lookup", "crm_find_contact"}) in _told(report)  # they share a contact card
    pair = next(p for p in report.pairs if {p.a, p.b} == {"customer_lookup", "crm_find_contact"})
    assert pair.parts["reads"] == 0.0


def test_other_reads_need_two_reads_on_different_things() -> None:
    assert other_reads("slot_list_available", "driver_list")
    assert other_reads("stripe__get_balance", "stripe__list_payouts")
    assert not other_reads("basket_get", "basket_search")  # one thing
    assert not other_reads("drivers_list", "driver_find")  # one thing, once plural
    assert not other_reads("driver_list", "slot_book")  # a make: the errand rule's case
    assert not other_reads("driver_list", "price_quote")  # no kind of act
