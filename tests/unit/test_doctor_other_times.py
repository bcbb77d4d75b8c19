"""Two reads of other times are two tools; a pause said mid-text is no destroying act.

A climbing gym's ``account_dues_lookup`` ("what a member currently owes") and ``payment_list`` ("List a member's
payments and charges") were one ``near_duplicate`` ("merge them or remove one") because their users' requests mix:
one says what is owed now and the other lists the past, so the pair is a crowded pair whose action is to say in each
when to use it (``timeframe.now_beside_history``, through ``mixing.mixed_apart``). "billing stops during the freeze"
was an ``unread_destroyer`` quoted "stops during the": "stops during ..." is a time, and a quote ends on a word that
is not a function word (``destroying_said``).
"""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._doctor.mixing import mixed_apart
from toolfilter_core._doctor.timeframe import now_beside_history
from toolfilter_core._doctor.unread_destroyers import unread_destroyers
from toolfilter_core._hints import destroying_said

OWED = ToolSpec("tenant_arrears_lookup", "Look up what a tenant currently owes in rent and late fees.")
PAID = ToolSpec("rent_payment_list", "List a tenant's rent payments and fees: amounts, dates, methods.")
HISTORY = ToolSpec("invoice_get", "Show an account's invoice history: every invoice and what it charged.")
BALANCE = ToolSpec("balance_get", "Get the outstanding balance of an account.")


@pytest.mark.parametrize(("now", "many"), [(OWED, PAID), (BALANCE, HISTORY)])
def test_now_beside_a_history_is_two_reads(now: ToolSpec, many: ToolSpec) -> None:
    said = mixed_apart(many, now, {})
    assert now.name in said and many.name in said and "now" in said
    assert mixed_apart(now, many, {}) == said


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (PAID, ToolSpec("rent_payment_search", "Search a tenant's rent payments by date or method.")),
        (OWED, ToolSpec("tenant_dues_get", "Get what a tenant currently owes, rent and fees.")),
        (PAID, ToolSpec("rent_payment_cancel", "Cancel a tenant's rent payment that is currently pending.")),
        (ToolSpec("listar_pagos", "Lista los pagos de un inquilino."), OWED),
    ],
)
def test_two_lists_two_nows_or_an_act_stay_for_the_other_readings(a: ToolSpec, b: ToolSpec) -> None:
    assert now_beside_history(a, b) == ""


@pytest.mark.parametrize(
    "description",
    [
        "Put a subscription on hold for up to 60 days; charging stops during the hold.",
        "Pause a rental for a while; the meter stops throughout the pause.",
        "Suspend a phone line; billing stops till the line is resumed.",
    ],
)
def test_a_pause_is_no_destroying_act(description: str) -> None:
    tool = ToolSpec("plan_pause", description)
    assert destroying_said(tool) == ()
    assert unread_destroyers([tool]) == []


def test_a_quoted_act_runs_to_its_object() -> None:
    tool = ToolSpec("basket_tidy", "Tidy a basket: removes one of the coupons and stops billing.")
    assert destroying_said(tool) == ("removes one of the coupons", "stops billing")
    assert all(not w.endswith((" the", " of", " a")) for w in destroying_said(tool))
