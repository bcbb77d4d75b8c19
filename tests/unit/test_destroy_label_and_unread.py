"""A destroyer read past a label and by its termination; one said mid-text, told by the doctor.

A moving company's ``release_storage_unit`` ("Move-out: end the lease and release the unit back to inventory.
Marks the unit empty, deletes the gate code and stops billing.") was not read as destructive: the label before
its lead verb hid the opening readings, and "end the lease" (a termination) was read only opening a description.
It was sent to requests that did not ask for it ("J-40990 这单是不是被取消了？帮我看看状态"), and the doctor's
``destructive_without_hint`` said nothing (``_hints._LABEL``, ``_TERMINATION``). A destroying act said past the
opening ("deletes the gate code") is the doctor's ``unread_destroyer`` when the reading still misses it
(``destroying_said``). Cosines fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import Reason, ToolSpec
from toolfilter_core._doctor.definitions import definition_findings
from toolfilter_core._hints import destroying_said, says_destructive

from .fakes import act_phrases, hand_filter, tool_axes, unit

RELEASE = ToolSpec(
    "release_storage_unit",
    "Move-out: end the lease and release the unit back to inventory. Marks the unit empty, deletes the gate code "
    "and stops billing. Use when the tenant has vacated.",
)
JOB = ToolSpec("get_move_job", "Move job details and live status (scheduled, crew en route, loading, delivered).")
STATUS = "J-40990 这单是不是被取消了？帮我看看状态"


@pytest.mark.parametrize(
    "description",
    [
        RELEASE.description,
        "Admin: refund a payment to the member's card.",
        "Move-out: release the unit back to inventory.",
        "Offboarding: end a customer's subscription on a date.",
        "Move a tenant out and end the lease on the given date.",
        "Close a tenant's account, then end the storage contract.",
        "End a trial subscription.",
    ],
)
def test_a_label_or_a_termination_reads_destructive(description: str) -> None:
    assert says_destructive(ToolSpec("tool", description))


@pytest.mark.parametrize(
    "description",
    [
        "End a membership freeze early and resume billing.",
        "End a free trial early and start the paid plan.",
        "Pause a membership, then end the membership freeze when the member is back.",
        "Quote the fee to end the lease early.",
        "Get a lease: end date, rent and deposit.",
        "End of day report: takings, refunds and tips.",
        "Storage unit info: tenant, size, rent, paid-through date, gate code status.",
    ],
)
def test_a_pause_a_trial_a_purpose_or_a_read_stays_no_destroy(description: str) -> None:
    assert not says_destructive(ToolSpec("tool", description))


def test_a_status_question_is_not_sent_the_move_out() -> None:
    table = tool_axes([RELEASE, JOB]) | act_phrases(4, 5) | {STATUS: unit(0, 0.9, 0.6)}
    s = hand_filter([RELEASE, JOB], table, min_score=0.5).select(STATUS)
    assert "release_storage_unit" not in s.names, s.explain()
    assert "release_storage_unit" in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]


MARK = ToolSpec(
    "mark_unit_vacated", "Mark a unit vacated. Marks the unit empty, deletes the gate code and stops billing."
)


def test_a_destroying_act_said_past_the_opening_is_read_with_its_words() -> None:
    assert destroying_said(MARK) == ("deletes the gate code", "stops billing")
    assert destroying_said(ToolSpec("t", "Archive a ticket. Does not delete the ticket.")) == ()
    assert destroying_said(ToolSpec("t", "Notify the owner when a user deletes a file.")) == ()
    assert destroying_said(ToolSpec("t", "List payments and refunds of a customer.")) == ()


def test_a_noun_after_a_quantifier_or_before_a_participle_is_no_act() -> None:
    """A read listing past refunds ("any refunds already made") says no refund of its own."""
    payments = "Show the payments on an order: amount paid, method, date, and any refunds already made"
    assert destroying_said(ToolSpec("payment_get", payments)) == ()
    assert destroying_said(ToolSpec("t", "Show an order. Lists refunds issued to the customer.")) == ()
    assert destroying_said(ToolSpec("t", "Show an order, its items and all cancels.")) == ()
    # the act itself, an adjective of its object or a subject before it, is still read
    assert destroying_said(ToolSpec("t", "Clean up. Removes expired tokens.")) == ("Removes expired tokens",)
    assert destroying_said(ToolSpec("t", "Close it. This deletes the profile.")) == ("deletes the profile",)
    assert destroying_said(ToolSpec("t", "Close it and refunds the balance.")) == ("refunds the balance",)


def _unread(tools: list[ToolSpec]) -> list[tuple[str, ...]]:
    return [f.tools for f in definition_findings(tools) if f.kind == "unread_destroyer"]


def test_the_doctor_names_a_destroyer_the_reading_misses() -> None:
    (finding,) = [f for f in definition_findings([MARK, JOB]) if f.kind == "unread_destroyer"]
    assert finding.tools == ("mark_unit_vacated",)
    assert '"deletes the gate code"' in finding.detail and '"stops billing"' in finding.detail
    assert '{"destructiveHint": true}' in finding.action and '{"destructiveHint": false}' in finding.action


def test_the_doctor_leaves_a_hinted_a_read_only_or_a_read_destroyer_alone() -> None:
    hinted = ToolSpec(MARK.name, MARK.description, annotations={"destructiveHint": False})
    read_only = ToolSpec(MARK.name, MARK.description, annotations={"readOnlyHint": True})
    assert _unread([hinted, JOB]) == []
    assert _unread([read_only, JOB]) == []
    assert _unread([RELEASE, JOB]) == []  # read as destructive: destructive_without_hint names it
    assert "release_storage_unit" in next(
        f.tools for f in definition_findings([RELEASE, JOB]) if f.kind == "destructive_without_hint"
    )
