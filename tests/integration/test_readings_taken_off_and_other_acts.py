"""A clinic's and a subscriptions desk's registries, the real default embedder: cancels said without "cancel".

"pull AP-2231 off the doctor's schedule", "take AP-2231 out of the queue", "I no longer need AP-2231" and "SUB-1180
不要自动续费了" sent no destroyer; "refund INV-3301" (no refund tool) and "void the payment link on INV-3301, keep the
invoice" sent ``void_invoice``.
"""

from __future__ import annotations

import pytest

from tests.unit.clinic_subscriptions_kit import registry
from toolfilter_core import Embedder, ToolFilter

pytestmark = pytest.mark.integration
CLINIC = registry(
    "get_appointment",
    "reschedule_appointment",
    "cancel_appointment",
    "refund_appointment",
    "delete_appointment_note",
    "list_doctors",
)
SUBS = registry("get_subscription", "cancel_subscription", "void_invoice", "get_invoice", "delete_account")
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
