"""An act beside the read of its status is a crowded pair, never "merge them" (a vet clinic's doctor).

``prescription_refill`` ("Refill a prescription ...") and ``prescription_status`` were a near_duplicate
advising "merge them into one tool or remove one": the refill's name says no kind of act the doctor knows.
"""

from __future__ import annotations

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._doctor.acts import acts_differ

RX = {"type": "object", "properties": {"prescription_id": {"type": "string"}}, "required": ["prescription_id"]}
REFILL = ToolSpec("prescription_refill", "Refill a prescription if refills remain; sends to the clinic pharmacy.", RX)
STATUS = ToolSpec("prescription_status", "Is a prescription or refill ready for pick-up?", RX)
TOOLS = [
    REFILL,
    STATUS,
    ToolSpec("calendar_create", "Create a calendar event with a title, a start time and guests."),
    ToolSpec("translate_text", "Translate text between languages, English, Chinese, French."),
]
SAME = ("rex prescription 41 refill", "the refill of bella's prescription", "prescription 77 refill milo", "luna rx")


def test_an_act_beside_the_read_of_its_status_do_different_acts() -> None:
    assert "prescription_refill acts (refill), prescription_status reads" in acts_differ(REFILL, STATUS)
    assert acts_differ(STATUS, REFILL)
    # a name without a verb of its own opening its description is no act: nothing told
    assert not acts_differ(ToolSpec("pet_info", "A pet's record."), ToolSpec("pet_status", "A pet's status."))
    assert not acts_differ(ToolSpec("order_history", "Orders placed."), ToolSpec("order_lookup", "Find an order."))


def test_an_act_and_its_status_whose_requests_mix_are_a_crowded_pair_not_merged() -> None:
    profiles = Profiles(
        {
            "prescription_refill": ToolProfile(SAME),
            "prescription_status": ToolProfile(tuple(reversed(SAME))),
            "calendar_create": ToolProfile(("book a meeting tomorrow at 3", "put lunch with sam in my calendar")),
            "translate_text": ToolProfile(("say thank you in french", "what is this chinese sentence in english")),
        }
    )
    report = diagnose(TOOLS, profiles=profiles, embedder=HashingEmbedder())
    pair = next(p for p in report.pairs if {p.a, p.b} == {"prescription_refill", "prescription_status"})
    assert pair.parts["mixed"] >= 0.5  # the users' requests mix: before, a near_duplicate ("merge them")
    pair_of = {"prescription_refill", "prescription_status"}
    assert not [f for f in report.findings if f.kind == "near_duplicate" and set(f.tools) == pair_of]
    found = [f for f in report.findings if f.kind == "crowded_pair" and set(f.tools) == pair_of]
    assert len(found) == 1
    assert "merge" not in found[0].action and "when to use it" in found[0].action


def test_a_noun_opening_a_description_is_no_act() -> None:
    ticket = {"type": "object", "properties": {"ticket_id": {"type": "string"}}, "required": ["ticket_id"]}
    history = ToolSpec("ticket_history", "History of a support ticket: its status, changes and comments.", ticket)
    assert not acts_differ(history, ToolSpec("ticket_get", "Get a support ticket: its status and comments.", ticket))
    details = ToolSpec("prescription_details", "Details of a prescription: drug, dose, refills left.", RX)
    assert not acts_differ(details, STATUS)
    pdf = ToolSpec("invoice_pdf", "PDF of an invoice, for printing.")
    assert not acts_differ(pdf, ToolSpec("invoice_get", "Get an invoice's lines and totals."))
    tracking = ToolSpec("shipment_tracking", "Tracking events for a shipment, newest first.")
    assert not acts_differ(tracking, ToolSpec("shipment_get", "Get a shipment's address and parcels."))
    # a verb opening it before a determiner is an act
    ack = ToolSpec("incident_acknowledge", "Acknowledge one or more incidents.")
    assert "incident_acknowledge acts (acknowledge)" in acts_differ(ack, ToolSpec("incident_get", "Get an incident."))


def test_a_noun_beside_a_read_of_its_thing_whose_requests_mix_is_a_near_duplicate() -> None:
    ticket = {"type": "object", "properties": {"ticket_id": {"type": "string"}}, "required": ["ticket_id"]}
    history = ToolSpec("ticket_history", "History of a support ticket: its status, changes and comments.", ticket)
    get = ToolSpec("ticket_get", "Get a support ticket: its status, changes and comments.", ticket)
    same = ("show ticket 41", "what happened on ticket 77", "ticket 12 comments", "status of my ticket")
    profiles = Profiles(
        {
            "ticket_history": ToolProfile(same),
            "ticket_get": ToolProfile(tuple(reversed(same))),
            "calendar_create": ToolProfile(("book a meeting tomorrow at 3", "put lunch with sam in my calendar")),
            "translate_text": ToolProfile(("say thank you in french", "what is this chinese sentence in english")),
        }
    )
    report = diagnose([history, get, *TOOLS[2:]], profiles=profiles, embedder=HashingEmbedder())
    kinds = {f.kind for f in report.findings if set(f.tools) == {"ticket_history", "ticket_get"}}
    assert "near_duplicate" in kinds and "crowded_pair" not in kinds, kinds


def test_a_verb_before_its_thing_plural_or_with_an_id_is_an_act() -> None:
    for said in ("Refill prescriptions for a patient.", "Refill prescription P-1."):
        assert "prescription_refill acts (refill)" in acts_differ(ToolSpec("prescription_refill", said, RX), STATUS)
    # the thing singular without an id, or another word after the opening, is still no act
    export = ToolSpec("export_gradebook", "Export gradebook as CSV.")
    assert not acts_differ(export, ToolSpec("get_gradebook", "Get a course's gradebook."))
    tracking = ToolSpec("shipment_tracking", "Tracking events for shipments, newest first.")
    assert not acts_differ(tracking, ToolSpec("shipment_get", "Get a shipment's address and parcels."))
