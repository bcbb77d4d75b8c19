"""A negation refuses the other tool only when it names it or its object (a reviewer's registry).

``customer_remove`` ("Remove a customer and their history. Does not delete their invoices.") beside ``client_delete``
("Delete a client and their history."): the negation says another object (invoices), so the two are still one errand
written twice; "Does NOT refund the deposit" still refuses ``deposit_refund``. The embedder is a fake that says each
pair's words alike (what the real one does).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose
from toolfilter_core._doctor.errand import said_apart

ALIKE = {"client": "customer", "remove": "delete", "refund": "cancel", "deposit": "booking"}


class AlikeEmbedder(HashingEmbedder):
    """Hashed words, each pair's words said alike first."""

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:  # type: ignore[override]
        return super().embed_documents([_alike(t) for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:  # type: ignore[override]
        return super().embed_queries([_alike(t) for t in texts])


def _alike(text: str) -> str:
    text = text.lower().replace("_", " ")
    for word, same in ALIKE.items():
        text = text.replace(word, same)
    return text


def _tool(name: str, description: str, key: str) -> ToolSpec:
    return ToolSpec(name, description, {"type": "object", "properties": {key: {"type": "string"}}, "required": [key]})


REMOVE = _tool("customer_remove", "Remove a customer and their history. Does not delete their invoices.", "customer_id")
DELETE = _tool("client_delete", "Delete a client and their history.", "customer_id")
OTHERS = [
    _tool("weather_forecast", "Weather forecast for an outdoor shoot location and date.", "location"),
    _tool("photographer_availability", "Which photographers are free on a given date.", "date"),
]


def test_a_negation_of_another_object_does_not_set_two_tools_apart() -> None:
    assert not said_apart(REMOVE, DELETE)
    found = {
        frozenset(f.tools)
        for f in diagnose([REMOVE, DELETE, *OTHERS], embedder=AlikeEmbedder()).of_kind("near_duplicate")
    }
    assert frozenset(("customer_remove", "client_delete")) in found


def test_a_negation_of_the_other_tools_act_on_its_object_still_does() -> None:
    cancel = _tool("booking_cancel", "Cancel a shoot booking. Does NOT refund the deposit.", "booking_id")
    refund = _tool("deposit_refund", "Refund a shoot deposit. Irreversible.", "booking_id")
    assert said_apart(cancel, refund)
    invoices = _tool("invoice_delete", "Delete an invoice.", "customer_id")
    assert said_apart(REMOVE, invoices)
