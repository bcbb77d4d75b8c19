"""The doctor never advises merging different acts; its pointer words, unfed ids and JSON pairs.

A vet clinic's doctor said ``near_duplicate boarding_cancel, boarding_checkout`` ("merge them"),
read shared words off invoice_void's "Does NOT refund — use refund_issue", named one of three
tools needing ``stay_id``, and printed 59 pairs without saying which were findings (fake embedder).
"""

from __future__ import annotations

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._doctor.acts import act_kinds, acts_differ
from toolfilter_core._doctor.crowding import _words
from toolfilter_core._doctor.definitions import definition_findings

WHEN = " Use when the user asks for it; not for anything else."
STAY = {"type": "object", "properties": {"stay_id": {"type": "string"}}, "required": ["stay_id"]}
BOARDING = [
    ToolSpec("boarding_cancel", "Cancel a boarding reservation before check-in." + WHEN, STAY),
    ToolSpec("boarding_checkout", "Check a pet out of boarding at pickup: close the stay." + WHEN, STAY),
    ToolSpec("boarding_status", "查看寄养订单的详情和状态。", STAY),
    ToolSpec("calendar_create", "Create a calendar event with a title, a start time and guests." + WHEN),
    ToolSpec("translate_text", "Translate text between languages, English, Chinese, French." + WHEN),
]
SAME = ("rex boarding stay 41", "the stay of bella at boarding", "boarding stay 77 for milo", "stay 12 luna boarding")
PROFILES = Profiles(
    {
        # each tool's users write the same words: their requests cannot be told apart
        "boarding_cancel": ToolProfile(SAME),
        "boarding_checkout": ToolProfile(tuple(reversed(SAME))),
        "calendar_create": ToolProfile(("book a meeting tomorrow at 3", "put lunch with sam in my calendar")),
        "translate_text": ToolProfile(("say thank you in french", "what is this chinese sentence in english")),
    }
)


def _kinds(report, a: str, b: str) -> set[str]:
    return {f.kind for f in report.findings if set(f.tools) == {a, b}}


def test_a_destroyer_and_another_act_are_never_a_near_duplicate_but_a_crowded_pair():
    report = diagnose(BOARDING, profiles=PROFILES, embedder=HashingEmbedder())
    pair = next(p for p in report.pairs if {p.a, p.b} == {"boarding_cancel", "boarding_checkout"})
    assert pair.parts["mixed"] >= 0.5  # the users' requests mix: before, a near_duplicate ("merge them")
    assert _kinds(report, "boarding_cancel", "boarding_checkout") == {"crowded_pair"}
    finding = next(f for f in report.of_kind("crowded_pair") if "boarding_cancel" in f.tools)
    assert "merge" not in finding.action and "when to use it" in finding.action
    assert "boarding_cancel destroys or cancels" in finding.detail


def test_acts_differ_by_destruction_or_by_kinds_of_verb_on_one_object():
    cancel, checkout, status = BOARDING[:3]
    assert acts_differ(cancel, checkout) and acts_differ(checkout, cancel)
    book = ToolSpec("boarding_book", "Reserve a boarding stay for a pet.")
    assert act_kinds("boarding_book") == {"make"} and acts_differ(book, ToolSpec("boarding_get", "A stay's details."))
    start, stop = ToolSpec("aws__start_instances", "Start EC2 instances."), ToolSpec("aws__stop_instances", "Stop.")
    assert acts_differ(start, stop)  # opposite acts on one thing
    # the same act in other words: no reason to keep them apart
    assert not acts_differ(ToolSpec("get_guest", "A guest's profile."), ToolSpec("lookup_guest_history", "Guests."))
    assert not acts_differ(ToolSpec("slack__post_message", "Post."), ToolSpec("slack__send_channel_message", "Send."))
    assert not acts_differ(ToolSpec("cancel_booking", "Cancel a booking."), ToolSpec("void_reservation", "Void it."))


def test_a_definition_near_duplicate_of_different_acts_is_no_finding():
    tools = [
        ToolSpec("order_cancel", "Cancel the order of a customer by its order number in the shop."),
        ToolSpec("order_ship", "Ship the order of a customer by its order number in the shop."),
    ]
    assert not [f for f in definition_findings(tools) if f.kind == "near_duplicate"]


def test_words_of_a_sentence_pointing_to_another_tool_are_no_shared_meaning():
    tools = [
        ToolSpec("invoice_void", "Void an invoice issued by mistake. Does NOT refund payments — use refund_issue."),
        ToolSpec("refund_issue", "Refund all or part of a payment back to the client's card."),
        ToolSpec("calendar_create", "Create a calendar event with a title, a start time and guests."),
        ToolSpec("translate_text", "Translate text between languages, English, Chinese, French."),
    ]
    report = diagnose(tools, embedder=HashingEmbedder())
    pairs = [p for p in report.pairs if {p.a, p.b} == {"invoice_void", "refund_issue"}]
    assert all("refund" not in p.shared_words and "issue" not in p.shared_words for p in pairs)
    assert not [
        f
        for f in report.findings
        if set(f.tools) == {"invoice_void", "refund_issue"} and f.kind != "destructive_without_hint"
    ]


def test_the_pointer_sentence_is_left_out_only_when_it_names_another_tool():
    names = {"invoice_void": 0, "refund_issue": 1}
    pointing = ToolSpec("invoice_void", "Void an invoice. Does NOT refund payments — use refund_issue.")
    assert "refund" not in _words(pointing, names) and "invoice" in _words(pointing, names)
    plain = ToolSpec("invoice_void", "Void an invoice. Does not refund payments.")
    assert "refund" in _words(plain, names)  # no other tool named: its own words


def test_one_unfed_finding_names_every_tool_that_needs_the_id():
    found = [f for f in definition_findings(BOARDING) if f.kind == "unfed_id"]
    assert len(found) == 1
    assert set(found[0].tools) == {"boarding_cancel", "boarding_checkout", "boarding_status"}
    assert found[0].evidence["thing"] == "stay" and "3 tools require 'stay_id'" in found[0].detail


def test_the_json_pairs_say_which_are_findings_and_the_threshold():
    report = diagnose(BOARDING, profiles=PROFILES, embedder=HashingEmbedder(), crowded_score=0.5)
    data = report.to_dict()
    assert data["crowded_score"] == 0.5
    assert data["pairs"] and all({"above_threshold", "told_by"} <= set(p) for p in data["pairs"])
    assert all(p["above_threshold"] == (p["score"] >= 0.5) for p in data["pairs"] if abs(p["score"] - 0.5) > 1e-3)
    told = {frozenset(f.tools) for f in report.findings if f.kind in ("crowded_pair", "near_duplicate")}
    told |= {frozenset(p) for f in report.of_kind("crowded_cluster") for p in f.evidence["pairs"]}
    assert {frozenset((p["a"], p["b"])) for p in data["pairs"] if p["told_by"]} == told


def test_a_pair_no_user_request_confuses_gives_no_when_to_use_neighbour():
    from toolfilter_core._doctor.run import _neighbours, users_tell_apart
    from toolfilter_core._doctor.values import CrowdedPair, Finding

    apart = CrowdedPair("sms_send", "email_send", 0.6, mixed_counts=(0, 8, 0, 8))
    assert users_tell_apart(apart)
    assert not users_tell_apart(CrowdedPair("a", "b", 0.6, first_ab=0.125))
    assert not users_tell_apart(CrowdedPair("a", "b", 0.6, mixed_counts=(0, 8, 1, 8)))
    findings = [
        Finding("crowded_pair", ("sms_send", "email_send"), "", ""),
        Finding("crowded_pair", ("lab_order", "lab_result_get"), "", ""),
    ]
    neighbours = _neighbours(findings, {frozenset(("sms_send", "email_send"))})
    assert neighbours == {"lab_order": ["lab_result_get"], "lab_result_get": ["lab_order"]}
    tools = [ToolSpec("sms_send", "Send a text message."), ToolSpec("email_send", "Send an e-mail.")]
    assert not [f for f in definition_findings(tools, crowded=neighbours) if f.kind == "no_when_to_use"]


def test_with_profiles_a_tool_whose_users_never_confuse_its_neighbour_needs_no_when_line():
    bare = [ToolSpec(t.name, t.description.replace(WHEN, ""), t.parameters) for t in BOARDING]
    report = diagnose(bare, profiles=PROFILES, embedder=HashingEmbedder(), crowded_score=0.1)
    pair = next(p for p in report.pairs if {p.a, p.b} == {"boarding_cancel", "translate_text"})
    assert pair.score >= 0.1 and _apart(pair)  # crowded by graded shares; no request picks the other
    when = {f.tools[0] for f in report.findings if f.kind == "no_when_to_use" or f.evidence.get("no_when_to_use")}
    assert "boarding_cancel" in when  # its requests mix with boarding_checkout's
    assert "translate_text" not in when  # before: "it crowds boarding_cancel and never says when to use it"
    confused = {frozenset((p.a, p.b)) for p in report.pairs if p.score >= 0.1 and not _apart(p)}
    assert all(any(name in pair for pair in confused) for name in when)


def _apart(pair) -> bool:
    return not (pair.first_ab or pair.first_ba or pair.mixed_counts[0] or pair.mixed_counts[2])
