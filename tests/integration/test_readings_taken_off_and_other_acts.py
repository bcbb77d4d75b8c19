"""A clinic's and a subscriptions desk's registries, the real default embedder: cancels said without "cancel".

"pull AP-2231 off the doctor's schedule", "take AP-2231 out of the queue", "I no longer need AP-2231" and "SUB-1180
不要自动续费了" sent no destroyer; "refund INV-3301" (no refund tool) and "void the payment link on INV-3301, keep the
invoice" sent ``void_invoice``.
"""

from __future__ import annotations

import pytest

from tests.unit.fakes import takes
from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration
GONE = {"destructiveHint": True}
CLINIC = [
    ToolSpec("get_appointment", "Show an appointment's date, doctor and status.", takes("appointment_id")),
    ToolSpec("reschedule_appointment", "Move an appointment to another date or time.", takes("appointment_id")),
    ToolSpec("cancel_appointment", "Cancel an appointment.", takes("appointment_id"), annotations=GONE),
    ToolSpec("refund_appointment", "Refund the payment for an appointment.", takes("appointment_id"), annotations=GONE),
    ToolSpec(
        "delete_appointment_note", "Delete a note from an appointment.", takes("appointment_id"), annotations=GONE
    ),
    ToolSpec("list_doctors", "List doctors and their specialties.", takes("specialty")),
]
SUBS = [
    ToolSpec("get_subscription", "Show a subscription's plan, status and renewal date.", takes("subscription_id")),
    ToolSpec(
        "cancel_subscription", "Cancel a subscription so it does not renew.", takes("subscription_id"), annotations=GONE
    ),
    ToolSpec("void_invoice", "Void an invoice so it is no longer payable.", takes("invoice_id"), annotations=GONE),
    ToolSpec("get_invoice", "Look up an invoice's lines, total and status.", takes("invoice_id")),
    ToolSpec("delete_account", "Delete a customer account and all its data.", takes("account_id"), annotations=GONE),
]
DESTROYERS = {t.name for t in CLINIC + SUBS if t.annotations}


@pytest.fixture(scope="module")
def filters(default_embedder: Embedder) -> dict[str, ToolFilter]:
    return {
        "clinic": ToolFilter(CLINIC, embedder=default_embedder),
        "subs": ToolFilter(SUBS, embedder=default_embedder),
    }


@pytest.mark.parametrize(
    ("registry", "text", "tool"),
    [
        ("clinic", "pull AP-2231 off the doctor's schedule", "cancel_appointment"),
        ("clinic", "take AP-2231 out of the queue", "cancel_appointment"),
        ("clinic", "I no longer need AP-2231", "cancel_appointment"),
        ("subs", "SUB-1180 不要自动续费了", "cancel_subscription"),
    ],
)
def test_the_cancel_is_sent_alone(filters: dict[str, ToolFilter], registry: str, text: str, tool: str) -> None:
    names = set(filters[registry].select(text).names)
    assert names & DESTROYERS == {tool}, names


@pytest.mark.parametrize(
    "text", ["refund INV-3301", "void the payment link on INV-3301, keep the invoice", "SUB-1180 不要自动续费了吗？"]
)
def test_no_destroyer_is_sent(filters: dict[str, ToolFilter], text: str) -> None:
    names = set(filters["subs"].select(text).names)
    assert not names & DESTROYERS, names
