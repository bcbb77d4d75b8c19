"""The ``no_when_to_use`` line names a tool only where a neighbour's name does not already say another act.

On 2f8e813 the line named every silent tool of a crowded pair: 13 and 20 of two 30-tool registries
(``admission_ticket_sell`` beside ``admission_ticket_refund``, ``permit_status_get`` beside
``permit_application_submit``), where the names say which to take.
"""

from __future__ import annotations

from toolfilter_core import ToolSpec, load_tools
from toolfilter_core._doctor.run import _when_once, names_tell_apart
from toolfilter_core._doctor.values import CrowdedPair, Finding

TOOLS = {
    "admission_ticket_sell": "Sell timed-entry admission tickets at the front desk.",
    "admission_ticket_refund": "Refund admission tickets sold in error. Money goes back to the original card.",
    "permit_application_submit": "Submit the building permit application for an installation to the council.",
    "permit_status_get": "Status of a project's building permit application.",
    "schedule_guided_tour": "Book a guided tour with a docent for a school or adult group.",
    "docent_booking_new": "Education dept. group visits: reserve a volunteer guide to walk a group through.",
    "payment_refund": "Refund a payment (fully or partly) back to the original card.",
    "finance_issue_refund": "Finance team tool. Issues a refund for a transaction to the payer's original card.",
    "member_search": "Find members by name.",
    "find_member": "Look a member up by name.",
}


def _by_name() -> dict[str, ToolSpec]:
    return {t.name: t for t in load_tools([{"name": n, "description": d} for n, d in TOOLS.items()])}


def test_names_that_say_another_act_tell_a_pair_apart() -> None:
    pairs = [
        CrowdedPair("admission_ticket_sell", "admission_ticket_refund", 0.9),
        CrowdedPair("permit_application_submit", "permit_status_get", 0.9),
        CrowdedPair("schedule_guided_tour", "docent_booking_new", 0.9),  # one act in other words
        CrowdedPair("payment_refund", "finance_issue_refund", 0.9),  # both refund
        CrowdedPair("member_search", "find_member", 0.5, parts={"names": 1.0}),  # one search
    ]
    apart = names_tell_apart(pairs, _by_name())
    assert apart == {
        frozenset(("admission_ticket_sell", "admission_ticket_refund")),
        frozenset(("permit_application_submit", "permit_status_get")),
    }


def _silent(*pairs: tuple[str, str]) -> list[Finding]:
    crowded = [Finding("crowded_pair", pair, "", "", score=0.6) for pair in pairs]
    names = dict.fromkeys(name for pair in pairs for name in pair)
    return crowded + [Finding("no_when_to_use", (name,), "", "") for name in names]


def test_a_tool_whose_neighbours_names_say_another_act_is_counted_not_named() -> None:
    findings = _silent(("payment_refund", "finance_issue_refund"), ("take_payment", "payment_refund"))
    by_names = {frozenset(("take_payment", "payment_refund"))}
    (when,) = [f for f in _when_once(findings, (), (), by_names) if f.kind == "no_when_to_use"]
    assert set(when.tools) == {"payment_refund", "finance_issue_refund"}  # on 2f8e813: take_payment too
    assert when.evidence["crowds"]["payment_refund"] == ["finance_issue_refund"]
    assert when.evidence["names_apart"] == {"take_payment": ["payment_refund"]}
    assert when.detail.endswith("; 1 more crowds only tools whose names say another act (--json)")


def test_no_line_when_every_silent_tool_has_names_that_say_another_act() -> None:
    findings = _silent(("admission_ticket_sell", "admission_ticket_refund"))
    by_names = {frozenset(("admission_ticket_sell", "admission_ticket_refund"))}
    assert not [f for f in _when_once(findings, (), (), by_names) if f.kind == "no_when_to_use"]
    assert [f for f in _when_once(findings) if f.kind == "no_when_to_use"]  # not told apart: named
