"""Without profiles, act siblings are said once and pairs of different things joined by their words are no finding.

On 65c0de7 a new user's first run (an escape room's 30 tools) told 21 crowded pairs, most of them siblings whose
names say different acts on one thing (``player_account_get`` / ``player_account_update``, ``guest_badge_issue`` /
``guest_badge_revoke``) and pairs of different things sharing words (``cafe_table_reserve`` / ``game_checkout``:
"board, game, table"); the real near-duplicate (``send_customer_message`` / ``notify_customer``) drowned among them.
"""

from __future__ import annotations

from pathlib import Path

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._doctor.acts import one_act_read, sibling_acts, things_apart
from toolfilter_core._doctor.crowding import APART_SCORE, CROWDED_SCORE
from toolfilter_core._report.doctor_page import doctor_html

CAFE = [
    ToolSpec("player_account_get", "Show a player's account: name, email, phone, marketing consent and past bookings."),
    ToolSpec("player_account_update", "Update a player's account: name, email, phone or marketing consent."),
    ToolSpec("guest_badge_issue", "Issue a guest badge to a visitor for the day, printed at the front desk."),
    ToolSpec("guest_badge_revoke", "Revoke a guest badge a visitor was issued; the badge no longer opens doors."),
    ToolSpec("send_customer_message", "Send a customer a message by email or text about their booking."),
    ToolSpec("notify_customer", "Notify a customer by email: a reminder or a change to their visit."),
    ToolSpec(
        "cafe_table_reserve", "Reserve a café table for a group, with a board game from the game library on the table."
    ),
    ToolSpec("game_checkout", "Lend a board game from the game library to a café table."),
    ToolSpec("room_list", "List the escape rooms with their themes, difficulty and group sizes."),
    ToolSpec("staff_rota", "The staff rota for the week: who works which shift."),
    ToolSpec("supplier_order", "Order café stock from a supplier for next week's deliveries."),
    ToolSpec("review_reply", "Reply to an online review of the venue on the review site."),
]
SIBLINGS = {
    frozenset({"player_account_get", "player_account_update"}),
    frozenset({"guest_badge_issue", "guest_badge_revoke"}),
}
REAL = frozenset({"send_customer_message", "notify_customer"})
APART = frozenset({"cafe_table_reserve", "game_checkout"})


def test_act_siblings_are_one_finding_not_a_crowded_pair_each() -> None:
    report = diagnose(CAFE, embedder=HashingEmbedder())
    crowded = {frozenset(f.tools) for f in report.of_kind("crowded_pair")}
    assert not crowded  # on 65c0de7: the siblings and the pair of different things too; the real one (below)
    assert {frozenset(f.tools) for f in report.of_kind("near_duplicate")} == {REAL}
    (siblings,) = report.of_kind("act_siblings")
    assert {frozenset(p) for p in siblings.evidence["pairs"]} == SIBLINGS
    assert siblings.detail.startswith("2 pairs whose names say different acts on one thing: ")
    assert "the selection tells them apart by the act a request says" in siblings.detail
    assert "only if your users' requests do not say it" in siblings.action


def test_the_real_near_duplicate_is_told_first() -> None:
    """On 65c0de7 4 crowded pairs, the siblings' first; on a4bea7b the one crowded pair: one message to one customer."""
    text = diagnose(CAFE, embedder=HashingEmbedder()).text()
    section = text.split("\nnear_duplicate (")[1].split("\n\n")[0]
    assert section.startswith("1): ") and "\ncrowded_pair (" not in text
    assert "  - send_customer_message, notify_customer: " in section
    assert "both names send a message on one channel (email) to customer" in section
    assert text.count("\nact_siblings (1): ") == 1


def test_names_on_different_things_joined_by_their_words_are_no_finding() -> None:
    report = diagnose(CAFE, embedder=HashingEmbedder())
    scored = {frozenset((p.a, p.b)): p.score for p in report.pairs}
    assert scored.get(APART, 0.0) < CROWDED_SCORE  # on 65c0de7: 0.49, a crowded pair
    assert APART not in {frozenset(f.tools) for f in report.findings}


def test_names_on_different_things_saying_no_one_act() -> None:
    assert things_apart("cafe_table_reserve", "game_checkout")
    assert not things_apart("customer_lookup", "crm_find_contact")  # one act (read), two words for the thing
    assert not things_apart("voucher_sell", "voucher_redeem")  # one thing
    assert APART_SCORE > CROWDED_SCORE


def test_json_and_html_tell_the_siblings_as_the_text(tmp_path: Path) -> None:
    report = diagnose(CAFE, embedder=HashingEmbedder())
    told = {frozenset((p["a"], p["b"])): p["told_by"] for p in report.to_dict()["pairs"]}
    assert {told[pair] for pair in SIBLINGS} == {"act_siblings"}
    assert told[REAL] == "near_duplicate"
    page = doctor_html(tmp_path / "doctor.html", report).read_text("utf-8")
    assert "Act siblings (2; threshold 0.4): names that say different acts on one thing" in page
    assert "Crowded pairs (" not in page and "near_duplicate (1)" in page  # on a4bea7b the real one a crowded pair


def test_with_profiles_the_siblings_are_told_as_before() -> None:
    asks = {
        "player_account_get": ("show my account details", "what email do you have for me"),
        "player_account_update": ("change my phone number", "update my email address"),
        "guest_badge_issue": ("a badge for my visitor today", "print a guest badge"),
        "guest_badge_revoke": ("cancel the visitor's badge", "the guest badge should stop working"),
    }
    profiles = Profiles({name: ToolProfile(texts) for name, texts in asks.items()})
    report = diagnose(CAFE, profiles=profiles, embedder=HashingEmbedder())
    assert not report.of_kind("act_siblings")
    assert all(p["told_by"] != "act_siblings" for p in report.to_dict()["pairs"])


DESK = [
    ToolSpec("staff_badge_deactivate", "Deactivate a staff member's door badge so it no longer opens doors."),
    ToolSpec("staff_badge_revoke", "Revoke a staff member's door badge; the badge no longer opens doors."),
    ToolSpec(
        "support_ticket_close",
        "Close a customer's support ticket once the problem is fixed.",
        annotations={"destructiveHint": True},
    ),
    ToolSpec("support_ticket_resolve", "Resolve a customer's support ticket once the problem is fixed."),
    *CAFE[:2],
    *CAFE[8:],
]
ONE_ACT = {
    frozenset({"staff_badge_deactivate", "staff_badge_revoke"}),  # "deactivate badge B-902" asks the revoke
    frozenset({"support_ticket_close", "support_ticket_resolve"}),  # apart only by the one's destructive hint
}


def test_two_tools_the_selection_reads_as_one_act_are_no_act_siblings() -> None:
    report = diagnose(DESK, embedder=HashingEmbedder())
    told = {frozenset((p["a"], p["b"])): p["told_by"] for p in report.to_dict()["pairs"]}
    assert {told[pair] for pair in ONE_ACT} == {"crowded_pair"}  # on b04bbe9: act_siblings, "nothing to fix"
    (siblings,) = report.of_kind("act_siblings")
    assert {frozenset(p) for p in siblings.evidence["pairs"]} == {frozenset(t.name for t in CAFE[:2])}


def test_one_destructive_hint_alone_makes_no_other_act() -> None:
    close, resolve = DESK[2], DESK[3]
    assert sibling_acts(close, resolve) == ""  # on b04bbe9 (acts_differ): "support_ticket_close destroys ..."
    assert sibling_acts(DESK[0], DESK[1]) == ""
    assert one_act_read(DESK[1], DESK[0])
    assert sibling_acts(CAFE[2], CAFE[3]) == "guest_badge_revoke destroys or cancels, guest_badge_issue does not"


def test_names_of_no_word_are_not_apart() -> None:
    assert not things_apart("", "")  # on b04bbe9: True
    assert not things_apart("a", "b")
    assert not things_apart("", "game_checkout")
