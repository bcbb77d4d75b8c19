"""Two tools whose descriptions say different acts are no near-duplicate (a photo studio's registry).

The doctor told ``booking_cancel`` ("Cancel a shoot booking ... Does NOT refund the deposit (use deposit_refund)")
and ``deposit_refund`` as one errand in other words (similarity 0.67), and, with profiles, ``deposit_payment_link``
("Create a payment link ...") and ``invoice_send_reminder`` ("Send a payment reminder ..."). Here the embedder is a
fake that brings each pair's words together (what the real one did); tests/integration runs the default one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose

KNOWN = {
    "refund": "cancel",
    "deposit": "booking",
    "reservation": "booking",
    "void": "cancel",
    "invoice": "deposit",
    "send reminder": "payment link",
}


class KnowingEmbedder(HashingEmbedder):
    """Hashed words, each pair's words said alike first (what the real embedder brought near)."""

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:  # type: ignore[override]
        return super().embed_documents([_known(t) for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:  # type: ignore[override]
        return super().embed_queries([_known(t) for t in texts])


def _known(text: str) -> str:
    text = text.lower().replace("_", " ")
    for word, same in KNOWN.items():
        text = text.replace(word, same)
    return text


def _tool(name: str, description: str, key: str) -> ToolSpec:
    return ToolSpec(name, description, {"type": "object", "properties": {key: {"type": "string"}}, "required": [key]})


CANCEL = _tool(
    "booking_cancel",
    "Cancel a shoot booking. Does NOT refund the deposit (use deposit_refund). Irreversible.",
    "booking_id",
)
REFUND = _tool("deposit_refund", "Refund a shoot deposit. Irreversible.", "booking_id")
OTHERS = [
    _tool("weather_forecast", "Weather forecast for an outdoor shoot location and date.", "location"),
    _tool("photographer_availability", "Which photographers are free on a given date.", "date"),
]


def _duplicates(tools: Sequence[ToolSpec]) -> set[frozenset[str]]:
    return {frozenset(f.tools) for f in diagnose(tools, embedder=KnowingEmbedder()).of_kind("near_duplicate")}


def test_a_cancel_that_says_it_does_not_refund_is_no_refund_written_twice() -> None:
    assert frozenset(("booking_cancel", "deposit_refund")) not in _duplicates([CANCEL, REFUND, *OTHERS])


def test_a_refund_and_a_cancel_are_two_acts_though_no_description_says_so() -> None:
    """A party venue's "Cancel a party booking ..." beside "Refund a deposit ..." was "one tool written twice"."""
    cancel = _tool("booking_cancel", "Cancel a shoot booking. Irreversible.", "booking_id")
    refund = _tool("deposit_refund", "Refund a shoot deposit. Irreversible.", "booking_id")
    assert frozenset(("booking_cancel", "deposit_refund")) not in _duplicates([cancel, refund, *OTHERS])


def test_two_destroyers_neither_paying_money_back_are_still_told() -> None:
    cancel = _tool("booking_cancel", "Cancel a shoot booking. Irreversible.", "booking_id")
    void = _tool("reservation_void", "Void a shoot reservation. Irreversible.", "booking_id")
    assert frozenset(("booking_cancel", "reservation_void")) in _duplicates([cancel, void, *OTHERS])


@pytest.mark.parametrize(
    ("a", "b", "apart"),
    [
        (CANCEL, REFUND, True),
        (
            _tool("deposit_payment_link", "Create a payment link so the client can pay the deposit online.", "id"),
            _tool("invoice_send_reminder", "Send a payment reminder for an unpaid invoice to the client.", "id"),
            True,
        ),
        (
            _tool("send_notice", "Send a notice to a patron by SMS, email or WeChat.", "patron"),
            _tool("notify_patron", "Notify a library patron about a hold.", "patron"),
            False,
        ),
    ],
)
def test_descriptions_saying_different_acts_tell_a_pair_apart(a: ToolSpec, b: ToolSpec, apart: bool) -> None:
    from toolfilter_core._doctor.errand import said_apart

    assert said_apart(a, b) is apart
