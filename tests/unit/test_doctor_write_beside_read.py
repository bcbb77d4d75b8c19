"""Two names of no kind of act, a write and a read by their descriptions, are no errand in other words.

On d9ce474 a wedding venue's ``deposit_record`` ("Record a deposit or balance payment received ...") beside
``payment_history`` ("Show every payment and refund on a booking ...") was a candidate of one errand (the doctor,
with profiles, told them "one kind of act" and advised merging): neither name says a kind of act, so the two were
taken as one kind. Here the vectors make them each other's nearest; the rule reads the descriptions' opening verbs.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from toolfilter_core import ToolSpec
from toolfilter_core._doctor.errand import errand_candidates

BOOKING = {"type": "object", "properties": {"booking_id": {"type": "string"}}, "required": ["booking_id"]}


def _tool(name: str, description: str) -> ToolSpec:
    return ToolSpec(name, description, BOOKING)


def _near(texts: Sequence[str]) -> NDArray[np.float32]:
    """Every name phrase one vector: names near in meaning, whatever they say."""
    return np.ones((len(texts), 4), dtype=np.float32)


def _candidates(a: ToolSpec, b: ToolSpec) -> dict[tuple[int, int], float]:
    other = _tool("hall_availability", "Use before booking: which halls are free on a date.")
    vectors = np.asarray([[1.0, 0.1, 0.0], [1.0, 0.0, 0.1], [0.0, 0.0, 1.0]], dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return errand_candidates([a, b, other], vectors, _near)


def test_a_write_beside_a_read_both_names_of_no_kind_is_no_candidate() -> None:
    record = _tool("deposit_record", "Record a deposit or balance payment received for a booking.")
    history = _tool("payment_history", "Show every payment and refund on a booking: amounts, dates, methods.")
    assert _candidates(record, history) == {}
    assert _candidates(history, record) == {}


def test_a_read_said_in_the_third_person_is_a_read() -> None:
    shows = _tool("payment_history", "Shows every payment and refund on a booking.")
    ledger = _tool("booking_ledger", "Show the payments made on a booking.")
    assert (0, 1) in _candidates(shows, ledger)


def test_two_writes_of_names_of_no_kind_stay_candidates() -> None:
    record = _tool("deposit_record", "Record a deposit or balance payment received for a booking.")
    log = _tool("payment_intake", "Log a payment taken at the front desk for a booking.")
    assert (0, 1) in _candidates(record, log)
