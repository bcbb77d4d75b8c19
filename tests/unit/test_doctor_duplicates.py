"""The doctor tells a duplicate in other words from a sibling by its users' requests (fake embedder)."""

from __future__ import annotations

import numpy as np

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._doctor.crowding import DUPLICATE_MIXED
from toolfilter_core._doctor.mixing import centroid_mixing

WHEN = " Use when the user asks for it; not for anything else."
TOOLS = [
    # the same act in other words: no word of the two descriptions is shared
    ToolSpec("customer_lookup", "Look up a customer by e-mail or name." + WHEN),
    ToolSpec("crm_find_contact", "Find a contact in the CRM." + WHEN),
    # siblings: close definitions, distinct acts
    ToolSpec("order_cancel", "Cancel an order before it ships." + WHEN),
    ToolSpec("order_refund", "Refund the payment of an order." + WHEN),
    ToolSpec("calendar_create", "Create a calendar event with a title, a start time and guests." + WHEN),
    ToolSpec("translate_text", "Translate text between languages, English, Chinese, French." + WHEN),
]
PROFILES = Profiles(
    {
        # each tool's users ask the same things as the other's
        "customer_lookup": ToolProfile(
            ("who is jane doe jane@acme.com", "details for bob smith", "carol lee record", "dan wu phone number")
        ),
        "crm_find_contact": ToolProfile(
            ("jane doe jane@acme.com who", "bob smith details please", "record of carol lee", "phone number of dan wu")
        ),
        # each asks for its own act
        "order_cancel": ToolProfile(
            ("cancel order 1234", "please cancel my order 998", "cancel order 5521 now", "cancel 77 before it ships")
        ),
        "order_refund": ToolProfile(
            ("refund order 1234", "i want my money back for 998", "refund the payment for 5521", "refund 77")
        ),
        "calendar_create": ToolProfile(("book a meeting tomorrow at 3", "put lunch with sam in my calendar")),
        "translate_text": ToolProfile(("say thank you in french", "what is this chinese sentence in english")),
    }
)


def _kinds(report, a: str, b: str) -> set[str]:
    return {f.kind for f in report.findings if set(f.tools) == {a, b}}


def test_a_duplicate_whose_users_ask_alike_is_a_near_duplicate_and_a_sibling_is_not():
    report = diagnose(TOOLS, profiles=PROFILES, embedder=HashingEmbedder())
    assert "near_duplicate" in _kinds(report, "customer_lookup", "crm_find_contact")
    assert "crowded_pair" not in _kinds(report, "customer_lookup", "crm_find_contact")  # told once, as a duplicate
    assert "near_duplicate" not in _kinds(report, "order_cancel", "order_refund")
    sibling = next(p for p in report.pairs if {p.a, p.b} == {"order_cancel", "order_refund"})
    assert sibling.parts["mixed"] < DUPLICATE_MIXED


def test_the_finding_says_how_many_requests_go_to_the_other_and_what_to_do():
    report = diagnose(TOOLS, profiles=PROFILES, embedder=HashingEmbedder())
    finding = next(f for f in report.of_kind("near_duplicate") if "customer_lookup" in f.tools)
    assert "cannot be told apart" in finding.detail and " of 4 of customer_lookup's" in finding.detail
    assert "merge" in finding.action and "remove one" in finding.action
    n_ab, m_a, n_ba, m_b = finding.evidence["mixed_counts"]
    assert (m_a, m_b) == (4, 4) and min(n_ab / m_a, n_ba / m_b) >= DUPLICATE_MIXED
    assert "cannot be told apart" in report.text(limit=20)
    assert any(f["kind"] == "near_duplicate" and "crm_find_contact" in f["tools"] for f in report.to_dict()["findings"])


def test_without_profiles_no_duplicate_is_read_from_requests():
    report = diagnose(TOOLS, embedder=HashingEmbedder())
    assert "near_duplicate" not in _kinds(report, "customer_lookup", "crm_find_contact")
    assert all(p.parts["mixed"] == 0 for p in report.pairs)


def test_one_side_without_requests_is_no_evidence_both_ways():
    one_sided = Profiles({k: v for k, v in PROFILES.tools.items() if k != "crm_find_contact"})
    report = diagnose(TOOLS, profiles=one_sided, embedder=HashingEmbedder())
    assert "near_duplicate" not in _kinds(report, "customer_lookup", "crm_find_contact")


def test_the_html_page_lists_the_duplicates_and_no_pair_below_the_bar(tmp_path):
    from toolfilter_core._report.doctor_page import doctor_html

    report = diagnose(TOOLS, profiles=PROFILES, embedder=HashingEmbedder())
    page = doctor_html(tmp_path / "d.html", report).read_text("utf-8")
    section = page.split("near_duplicate (", 1)[1].split("</table>", 1)[0]
    assert "customer_lookup" in section and "cannot be told apart" in section
    assert "order_refund" not in section  # the sibling, below the bar
    listed = page.split("Crowded pairs", 1)[1].split("</table>", 1)[0] if "Crowded pairs" in page else ""
    rows = listed.split("<tr>")
    assert not [r for r in rows if "customer_lookup" in r and "crm_find_contact" in r]  # not again as crowded


def test_centroid_mixing_counts_requests_nearer_the_others_centroid():
    documents = np.eye(4, dtype=np.float32)
    # tool 0 and 1: their requests sit between the two; tools 2 and 3: each near its own
    requests = np.array(
        [[0.7, 0.7, 0, 0], [0.6, 0.8, 0, 0], [0.8, 0.6, 0, 0], [0.7, 0.7, 0, 0], [0, 0, 1, 0.1], [0, 0, 0.1, 1]],
        dtype=np.float32,
    )
    requests /= np.linalg.norm(requests, axis=1, keepdims=True)
    mix = centroid_mixing([0, 0, 1, 1, 2, 3], requests, documents)
    assert mix.get((0, 1), 0.0) >= 0.5 and mix.get((1, 0), 0.0) >= 0.5
    assert mix.get((2, 3), 0.0) == 0.0 and mix.get((3, 2), 0.0) == 0.0
