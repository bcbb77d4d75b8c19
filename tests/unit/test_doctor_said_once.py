"""The doctor says each pair once, and every list it prints holds the threshold it states.

On 554aec0: the text's act siblings line named their tools, then the same pairs again; the HTML page listed them in
its "Act siblings" table and again in an ``act_siblings`` section (a party venue's ``booking_cancel`` /
``deposit_refund`` said twice); its "Close pairs" table showed a pair scoring 0.18, under the threshold (0.4) the text
holds crowded pairs to (two names of one search kept apart by their users, forced in by their names); and a vet
clinic's ``vaccination_record`` ("Record a vaccination ...") beside ``vaccination_history`` ("List the vaccinations
...") was a crowded pair, each named in the when-to-use line, though one records and the other lists.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose
from toolfilter_core._doctor.acts import acts_differ, said_kinds, sibling_acts
from toolfilter_core._doctor.run import _crowding_findings
from toolfilter_core._doctor.values import CrowdedPair, DoctorReport, Finding

PAIRS = [
    ("booking_cancel", "deposit_refund"),
    ("booking_create", "booking_get"),
    ("room_hire", "room_release"),
    ("menu_get", "menu_update"),
    ("invoice_create", "invoice_get"),
]


def _siblings_report() -> DoctorReport:
    tools = tuple(dict.fromkeys(name for pair in PAIRS for name in pair))
    shown = ", ".join(f"{a} / {b}" for a, b in PAIRS[:4])
    siblings = Finding(
        "act_siblings",
        tools,
        f"{len(PAIRS)} pairs whose names say different acts on one thing: {shown} and 1 more (--json)",
        "nothing to fix while requests say the act",
        evidence={"pairs": [list(p) for p in PAIRS]},
    )
    pairs = tuple(CrowdedPair(a, b, 0.5 + i / 10) for i, (a, b) in enumerate(PAIRS))
    return DoctorReport(tools=10, profiled=0, top_k=5, embedder="hashing", findings=(siblings,), pairs=pairs)


def test_the_text_says_each_act_sibling_pair_once() -> None:
    text = _siblings_report().text()
    assert text.count("booking_cancel") == 1, text  # on 554aec0: its tools, then its pairs again
    (line,) = [x for x in text.splitlines() if x.startswith("  - ")]
    assert line.startswith("  - 5 pairs whose names say different acts on one thing: booking_cancel / deposit_refund")


def test_the_page_says_each_act_sibling_pair_once_and_what_to_do(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from toolfilter_core._report.doctor_page import doctor_html

    page = doctor_html(tmp_path / "d.html", _siblings_report()).read_text("utf-8")
    assert page.count("booking_cancel") == 1  # on 554aec0: in the table and again in the act_siblings section
    table = page.split("Act siblings (5;", 1)[1].split("</table>", 1)[0]
    assert "deposit_refund" in table and "what to do: nothing to fix while requests say the act" in table


def test_a_close_pair_scores_at_least_the_threshold() -> None:
    below = CrowdedPair("hall_search", "hall_lookup", 0.18, parts={"names": 1.0}, group="apart")
    above = CrowdedPair("hall_book", "hall_hold", 0.9, group="apart")
    found = _crowding_findings([above, below], 0.4, profiled=True)
    (close,) = [f for f in found if f.kind == "close_pairs"]
    assert close.evidence["pairs"] == [["hall_book", "hall_hold"]]  # on 554aec0: hall_search ~ hall_lookup too
    assert not [f for f in found if "hall_search" in f.tools]


def test_every_pair_the_report_tells_by_its_score_is_at_the_threshold() -> None:
    below = CrowdedPair("hall_search", "hall_lookup", 0.18, parts={"names": 1.0}, group="apart")
    found = _crowding_findings([below], 0.4, profiled=True)
    report = DoctorReport(tools=2, profiled=2, top_k=5, embedder="h", findings=tuple(found), pairs=(below,))
    assert all(p["told_by"] is None for p in report.to_dict()["pairs"])


RECORD = ToolSpec("vaccination_record", "Record a vaccination given to a pet: vaccine, batch number, next due date.")
HISTORY = ToolSpec("vaccination_history", "List the vaccinations a pet has had and which are due or overdue.")


def test_a_name_saying_no_act_reads_by_the_verb_opening_its_description() -> None:
    assert said_kinds(HISTORY) == {"read"}
    assert said_kinds(ToolSpec("ticket_history", "History of a support ticket: every change.")) == frozenset()
    assert said_kinds(ToolSpec("booking_get", "Show a booking.")) == {"read"}  # the name's own kind first


def test_a_function_tools_signature_line_is_not_its_opening_verb() -> None:
    signed = ToolSpec(HISTORY.name, f"{HISTORY.name}(pet_id: str) -> str\n{HISTORY.description}")
    assert said_kinds(signed) == {"read"}
    act = ToolSpec(RECORD.name, f"{RECORD.name}(pet_id: str, vaccine: str) -> str\n{RECORD.description}")
    assert "vaccination_record acts (record), vaccination_history reads" in acts_differ(act, signed)


def test_a_record_beside_a_listing_of_one_thing_are_act_siblings() -> None:
    assert "vaccination_record acts (record), vaccination_history reads" in acts_differ(RECORD, HISTORY)
    assert sibling_acts(HISTORY, RECORD)  # on 554aec0: '' (a crowded pair, both in the when-to-use line)
    made = ToolSpec("invoice_create", "Create an invoice for a visit.")
    listed = ToolSpec("invoice_history", "List the invoices of an owner, newest first.")
    assert "invoice_create make, invoice_history read" in acts_differ(made, listed)


def test_the_registry_tells_the_record_and_the_listing_as_act_siblings() -> None:
    others = [ToolSpec(f"tool_{w}", f"Handle the {w} of the clinic every morning.") for w in ("rota", "stock", "mail")]
    report = diagnose([RECORD, HISTORY, *others], embedder=HashingEmbedder(), crowded_score=0.01)
    told = report.told_by()
    assert told.get(frozenset((RECORD.name, HISTORY.name))) in ("act_siblings", None)
    assert not [f for f in report.of_kind("crowded_pair") if RECORD.name in f.tools]


DRIVER = ToolSpec(
    "driver_lookup",
    "Look up a renter by name, email or driving licence number. Returns their contact details, licence expiry and "
    "loyalty tier.",
    {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
)
CONTACT = ToolSpec(
    "crm_contact_find",
    "Find a customer contact in the CRM: search by name, email or phone and get the contact card with addresses, "
    "phone numbers and membership tier.",
    {"type": "object", "properties": {"term": {"type": "string"}, "limit": {"type": "integer"}}, "required": ["term"]},
)
DRUG = ToolSpec(
    "drug_formulary_search",
    "Search the clinic's drug formulary by drug name or active ingredient: strengths and stock level.",
    {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
)
FLEET = [
    ToolSpec(f"{thing}_{verb}", f"{verb.capitalize()} a {thing} of the branch's {extra}.")
    for thing, verb, extra in (
        ("vehicle", "transfer", "fleet to another branch"),
        ("toll", "list", "road operators for a rental"),
        ("extra", "add", "counter to a reservation: child seat or GPS"),
    )
]


def test_two_searches_of_people_from_the_same_free_text_are_paired() -> None:
    from toolfilter_core._doctor.samekey import one_search_reads

    found = one_search_reads([DRIVER, CONTACT, DRUG])
    assert found == {(0, 1): "email, name"}  # a drug's name alone is no person's


def test_a_two_team_duplicate_is_told_whatever_its_score() -> None:
    report = diagnose([DRIVER, CONTACT, DRUG, *FLEET], embedder=HashingEmbedder(), crowded_score=10)
    (pair,) = [f for f in report.of_kind("crowded_pair") if DRIVER.name in f.tools]  # on 554aec0: none (0.36 < 0.4)
    assert set(pair.tools) == {DRIVER.name, CONTACT.name}
    assert "both find a person from free text by the same words (email, name)" in pair.detail
    assert pair.action.startswith("merge them into one tool or remove one; if both stay, say in each which people")
    assert not [f for f in report.of_kind("crowded_pair") if DRUG.name in f.tools]


def test_with_profiles_the_users_requests_tell_the_two_searches() -> None:
    from toolfilter_core import Profiles, ToolProfile

    asked = {
        DRIVER.name: ["driving licence of Anna Kowalski", "is Jo Smith's licence still valid"],
        CONTACT.name: ["CRM contact card for Anna Kowalski", "membership tier of the CRM contact jo@x.com"],
    }
    profiles = Profiles({n: ToolProfile(requests=tuple(r)) for n, r in asked.items()})
    report = diagnose([DRIVER, CONTACT, DRUG, *FLEET], embedder=HashingEmbedder(), crowded_score=10, profiles=profiles)
    pair = next(p for p in report.pairs if {p.a, p.b} == {DRIVER.name, CONTACT.name})
    assert pair.group == "apart" and pair.parts["one_search"] == 1.0  # their requests never cross: users tell them
    assert not [f for f in report.findings if DRIVER.name in f.tools and f.kind != "unchecked_duplicates"]


def test_each_pair_table_of_the_page_states_its_threshold(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from toolfilter_core._report.doctor_page import doctor_html

    page = doctor_html(tmp_path / "d.html", _siblings_report()).read_text("utf-8")
    assert "Act siblings (5; threshold 0.4)" in page  # on 554aec0: no threshold said
