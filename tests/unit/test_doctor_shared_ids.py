"""Pairs the doctor must not make: requests sharing invented ids, one generic word, a one-tool registry."""

from __future__ import annotations

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._doctor.probes import shared_ids
from toolfilter_core._doctor.values import Probe

WHEN = " Use when the user asks for it; not for anything else."
SALON = [
    ToolSpec("client_get", "Get a client's profile: name, birthday, allergies and past visits." + WHEN),
    ToolSpec("message_send", "Send an SMS or e-mail reminder to a client." + WHEN),
    ToolSpec("voucher_check", "Check the balance left on a gift voucher." + WHEN),
    ToolSpec("artist_schedule", "Show which days an artist works this month." + WHEN),
]
IDS = (
    "C-220 BK-55102 2026-03-14",
    "C-509 BK-66210 2026-04-02",
    "C-731 BK-70381 2026-05-19",
    "C-118 BK-81944 2026-06-07",
)
"""The same invented client, booking and date values, in the same order, in both tools' requests (as one writer
answering both prompts): the requests share more ids than words."""
SALON_PROFILES = Profiles(
    {
        "client_get": ToolProfile(tuple(f"{i} details" for i in IDS)),
        "message_send": ToolProfile(tuple(f"{i} sms" for i in IDS)),
        "voucher_check": ToolProfile(("balance on voucher GV-88120", "how much is left on GV-10442")),
        "artist_schedule": ToolProfile(("when does mia work this month", "which days is leo in")),
    }
)


def _kinds(report, a: str, b: str) -> set[str]:
    return {f.kind for f in report.findings if set(f.tools) == {a, b}}


def test_requests_sharing_only_invented_ids_are_no_near_duplicate():
    report = diagnose(SALON, profiles=SALON_PROFILES, embedder=HashingEmbedder())
    assert not _kinds(report, "client_get", "message_send") & {"near_duplicate", "crowded_pair"}
    pair = next((p for p in report.pairs if {p.a, p.b} == {"client_get", "message_send"}), None)
    assert pair is None or pair.mixed_counts[0] + pair.mixed_counts[2] == 0


def test_requests_alike_in_their_words_still_mix():
    # the same words around the same ids: without the ids too, the requests cannot be told apart
    alike = Profiles({**SALON_PROFILES.tools, "message_send": ToolProfile(tuple(f"{i} details" for i in IDS))})
    report = diagnose(SALON, profiles=alike, embedder=HashingEmbedder())
    assert "near_duplicate" in _kinds(report, "client_get", "message_send")


def test_the_ids_left_out_are_those_of_more_than_one_tools_requests():
    requests = [
        Probe("a", "request", "C-220 details, 2026-03-14."),
        Probe("b", "request", "C-220 sms"),
        Probe("b", "request", "BK-7781 2026"),
    ]
    assert shared_ids(requests) == {"C-220"}


LEASING = [
    ToolSpec("return_status_get", "Status of a return by its id."),
    ToolSpec("refund_status_get", "Status of the refund by its id."),
    ToolSpec("lease_create", "Create a lease for a customer with a start date, a term and monthly price."),
    ToolSpec("invoice_pay", "Record a payment against an invoice with its amount and method."),
    ToolSpec("device_assign", "Assign a device from stock to a lease from a given billing date."),
    ToolSpec("customer_note_add", "Add a free-text note to a customer's account for the support team."),
]


def test_two_tools_sharing_one_generic_word_are_no_crowded_pair():
    # "status" is all the two definitions share but stop words: a return's and a refund's are other things
    report = diagnose(LEASING, embedder=HashingEmbedder())
    pair = next((p for p in report.pairs if {p.a, p.b} == {"return_status_get", "refund_status_get"}), None)
    assert pair is None or set(pair.shared_words) <= {"status"}
    assert not _kinds(report, "return_status_get", "refund_status_get")


def test_a_one_tool_registry_says_nothing_of_other_tools():
    report = diagnose([ToolSpec("lease_get", "Get a lease")], embedder=HashingEmbedder())
    assert [f.kind for f in report.findings] == ["thin_description"]
    assert "neighbour" not in report.text() and "crowd" not in report.text()
    empty = diagnose([ToolSpec("lease_get", "")], embedder=HashingEmbedder())
    assert "instead" not in empty.text() and "crowd" not in empty.text()


def test_without_profiles_the_report_says_it_may_miss_two_teams_duplicates():
    report = diagnose(LEASING, embedder=HashingEmbedder())
    line = next(f for f in report.findings if f.kind == "unchecked_duplicates")
    assert "may be missed" in line.detail and "other words" in line.detail
