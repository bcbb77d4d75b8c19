"""With profiles, two tools whose users' requests do not cross are no duplicate, whatever their definitions share.

On 84bca39 a car dealership's ``booking_cancel`` ("Cancel a service booking.") and ``deposit_refund`` ("Refund a
customer's deposit."), and its ``deposit_take`` and ``loaner_reserve`` (both "... for a booking"), were told
``near_duplicate``s by their names (one errand in other words) though no profile request of either sits nearer the
other tool (the pairs scored 0.43 and 0.62: their requests' graded share of the rankings reached the users' floor).
The embedder is a fake that knows what the users' embedder took their names for (one errand); its rankings give no
graded share, so the floor is lowered to 0 here to let the pairs score as the users' did.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._doctor import crowding

REFUND = frozenset(("booking_cancel", "deposit_refund"))
LOANER = frozenset(("deposit_take", "loaner_reserve"))
NAMES = {"deposit refund": "booking cancel", "deposit": "booking", "loaner reserve": "deposit take"}
"""What the users' embedder made of the names: one errand each (the names' phrases alone are replaced)."""


class NamesEmbedder(HashingEmbedder):
    """Hashed words; the names' phrases of ``NAMES`` embedded as the other name's."""

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:  # type: ignore[override]
        return super().embed_documents([NAMES.get(t, t) for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:  # type: ignore[override]
        return super().embed_queries([NAMES.get(t, t) for t in texts])


TOOLS = [
    ToolSpec("vehicle_search", "Search the stock of new and used cars by make, model, year or price."),
    ToolSpec("booking_create", "Book a service appointment in the workshop for a customer's car."),
    ToolSpec("booking_cancel", "Cancel a service booking."),
    ToolSpec("booking_list", "List the workshop's service bookings for a day."),
    ToolSpec("deposit_take", "Take a deposit for a booking."),
    ToolSpec("deposit_refund", "Refund a customer's deposit."),
    ToolSpec("loaner_reserve", "Reserve a loaner car for a booking."),
    ToolSpec("customer_find", "Find a customer by name, phone or e-mail."),
    ToolSpec("invoice_create", "Create an invoice for a sale or a service job."),
    ToolSpec("message_customer", "Send a text message to a customer."),
]
REQUESTS = {
    "vehicle_search": ("any used golfs under 15k", "show me hybrids in stock", "red fiesta available?"),
    "booking_create": ("mrs lee needs her car serviced on the 14th", "get the astra in for a clutch job next week"),
    "booking_cancel": ("cancel the service booking and its deposit", "cancel service booking SB-1187, the customer's"),
    "booking_list": ("what's in the workshop tomorrow", "who is booked in this morning"),
    "deposit_take": ("take a 200 deposit for the booking", "take a deposit in cash for a booking"),
    "deposit_refund": ("refund the customer's deposit for the booking", "refund mr shah's deposit, he pulled out"),
    "loaner_reserve": ("reserve a loaner car for the booking", "reserve a loaner car for tuesday"),
    "customer_find": ("look up sarah jones", "who has the number 07700 900123"),
    "invoice_create": ("bill mrs lee for the clutch job", "raise an invoice for stock 4471"),
    "message_customer": ("text mrs lee that her car is ready", "sms tom hill his total"),
}
PROFILES = Profiles({name: ToolProfile(requests) for name, requests in REQUESTS.items()})


@pytest.fixture(autouse=True)
def _floor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crowding, "USERS_FLOOR", 0.0)


def _duplicates(profiles: Profiles | None) -> set[frozenset[str]]:
    report = diagnose(TOOLS, profiles=profiles, embedder=NamesEmbedder())
    return {frozenset(f.tools) for f in report.of_kind("near_duplicate")}


def test_without_profiles_the_names_tell_one_errand() -> None:
    duplicates = _duplicates(None)
    assert LOANER in duplicates
    assert REFUND not in duplicates  # a refund and a cancel are two acts, whatever the names' embedding


def test_with_profiles_requests_that_do_not_cross_tell_no_duplicate_and_no_crowding() -> None:
    report = diagnose(TOOLS, profiles=PROFILES, embedder=NamesEmbedder())
    pairs = {frozenset((p.a, p.b)): p for p in report.pairs}
    for pair in (REFUND, LOANER):
        assert pairs[pair].parts["foreign"] == 0 and pairs[pair].group == "apart"  # no request crosses
        assert pairs[pair].score > 0 and not any(pairs[pair].mixed_counts[::2])
        assert not any(set(f.tools) == pair for f in report.findings if f.kind in ("near_duplicate", "crowded_pair"))


def test_with_profiles_requests_that_cross_still_tell_the_errand() -> None:
    crossing = dict(REQUESTS, loaner_reserve=(*REQUESTS["loaner_reserve"], "take a deposit for a loaner car"))
    assert LOANER in _duplicates(Profiles({name: ToolProfile(r) for name, r in crossing.items()}))
