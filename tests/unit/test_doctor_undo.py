"""An act and its undo are never one tool; two names of one search told apart by one description still crowd.

On 21a989a a home-cleaning registry's doctor said ``near_duplicate cleaner_assign, cleaner_unassign``
("merge them") because their users' requests mixed, and told ``booking_search`` ("Search bookings.")
beside ``booking_find_by_customer`` ("... Does NOT search by date — use booking_search") as a close
pair, nothing to fix, though nothing in ``booking_search`` says when to use it (a
fake embedder).
"""

from __future__ import annotations

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._doctor.acts import acts_differ, undoes

PAIR = {"type": "object", "properties": {"booking_id": {"type": "string"}}, "required": ["booking_id"]}
WHEN = " Use when the user asks for it; not for anything else."
CLEANING = [
    ToolSpec("cleaner_assign", "Assign a cleaner to a booking." + WHEN, PAIR),
    ToolSpec("cleaner_unassign", "Take a cleaner off a job; the booking goes back to unassigned." + WHEN, PAIR),
    ToolSpec("calendar_create", "Create a calendar event with a title, a start time and guests." + WHEN),
    ToolSpec("translate_text", "Translate text between languages, English, Chinese, French." + WHEN),
]
SAME = ("cleaner ana on booking 41", "booking 77 cleaner bo", "the cleaner of booking 12", "booking 9 and cleaner li")
PROFILES = Profiles(
    {
        # the users of both write the same words: their requests cannot be told apart
        "cleaner_assign": ToolProfile(SAME),
        "cleaner_unassign": ToolProfile(tuple(reversed(SAME))),
        "calendar_create": ToolProfile(("book a meeting tomorrow at 3", "put lunch with sam in my calendar")),
        "translate_text": ToolProfile(("say thank you in french", "what is this chinese sentence in english")),
    }
)


def _spec(name: str, description: str = "Does it.") -> ToolSpec:
    return ToolSpec(name, description)


def test_an_act_and_its_undo_by_a_negating_prefix_do_different_acts() -> None:
    for act, undo in (
        ("cleaner_assign", "cleaner_unassign"),
        ("enroll_student", "unenroll_student"),
        ("newsletter_subscribe", "newsletter_unsubscribe"),
        ("link_account", "unlink_account"),
        ("block_user", "unblock_user"),
        ("publishPost", "unpublishPost"),
        ("connect_printer", "disconnect_printer"),
        ("shift_assign", "shift_un_assign"),  # the prefix apart
        ("shop__coupon_activate", "shop__coupon_deactivate"),
    ):
        assert undoes(_spec(act), _spec(undo)), (act, undo)
        assert acts_differ(_spec(act), _spec(undo)) and acts_differ(_spec(undo), _spec(act)), (act, undo)
    assert "cleaner_unassign undoes cleaner_assign" in acts_differ(_spec("cleaner_assign"), _spec("cleaner_unassign"))
    assert not undoes(_spec("cleaner_assign"), _spec("invoice_unassign"))  # nothing shared but the verb
    assert not acts_differ(_spec("cleaner_assign"), _spec("cleaner_reassign"))  # again, not undone
    assert not undoes(_spec("user_search"), _spec("user_find"))


def test_a_chinese_act_and_its_undo_in_the_first_sentence_do_different_acts() -> None:
    for act, undo in (
        ("给预约派一位保洁员。", "把保洁员从预约上撤下来。"),
        ("把设备绑定到账户。", "解绑账户上的设备。"),
        ("订阅每周的清洁提醒。", "退订每周的清洁提醒。"),
    ):
        assert acts_differ(_spec("tool_a", act), _spec("tool_b", undo)), (act, undo)
    assert not acts_differ(_spec("tool_a", "把设备绑定到账户。"), _spec("tool_b", "查看账户上的设备。"))
    # only the first sentence says the act: a later one may name the undo (a pointer to another tool)
    assert not undoes(_spec("tool_a", "查看设备。解绑请用别的工具。"), _spec("tool_b", "把设备绑定到账户。"))


def test_an_act_and_its_undo_whose_requests_mix_are_a_crowded_pair_not_a_near_duplicate() -> None:
    report = diagnose(CLEANING, profiles=PROFILES, embedder=HashingEmbedder())
    pair = next(p for p in report.pairs if {p.a, p.b} == {"cleaner_assign", "cleaner_unassign"})
    assert pair.parts["mixed"] >= 0.5  # before: near_duplicate, "merge them into one tool"
    told = [
        f for f in report.findings if set(f.tools) == {"cleaner_assign", "cleaner_unassign"} and f.kind != "unfed_id"
    ]
    assert [f.kind for f in told] == ["crowded_pair"]
    assert "cleaner_unassign undoes cleaner_assign" in told[0].detail and "merge" not in told[0].action


BOOKINGS = [
    ToolSpec("booking_search", "Search bookings.", {"type": "object", "properties": {"query": {"type": "string"}}}),
    ToolSpec(
        "booking_find_by_customer",
        "List all bookings of one customer, past and upcoming. Does NOT search by date or cleaner — use booking_search "
        "for that.",
    ),
    ToolSpec("calendar_create", "Create a calendar event with a title, a start time and guests." + WHEN),
    ToolSpec("translate_text", "Translate text between languages, English, Chinese, French." + WHEN),
]
APART = Profiles(
    {
        "booking_search": ToolProfile(("bookings next monday on maple avenue", "jobs with move-out clean in notes")),
        "booking_find_by_customer": ToolProfile(("every booking of customer c-441", "what has mrs patel had with us")),
        "calendar_create": ToolProfile(("book a meeting tomorrow at 3", "put lunch with sam in my calendar")),
        "translate_text": ToolProfile(("say thank you in french", "what is this chinese sentence in english")),
    }
)


def _told(report) -> list:
    return [f for f in report.findings if set(f.tools) == {"booking_search", "booking_find_by_customer"}]


def test_names_of_one_search_told_apart_by_one_description_are_a_crowded_pair_for_the_silent_one() -> None:
    for profiles in (APART, None):
        report = diagnose(BOOKINGS, profiles=profiles, embedder=HashingEmbedder())
        pair = next(p for p in report.pairs if {p.a, p.b} == {"booking_search", "booking_find_by_customer"})
        assert pair.parts["named_apart"] == 1.0 and not pair.parts["names"]
        told = _told(report)
        assert [f.kind for f in told] == ["crowded_pair"], profiles  # before: a close pair at best, or nothing
        assert "told apart only by booking_find_by_customer's description" in told[0].detail
        assert "booking_search never says when to use it" in told[0].detail
        assert told[0].action.startswith("start with booking_search ('Search bookings.', one short line)")
        assert "when to use it rather than booking_find_by_customer; what each" in told[0].action  # said once
        assert not [f for f in report.of_kind("close_pairs") if "booking_search" in f.tools]


def test_names_of_one_search_whose_descriptions_both_say_when_are_not_told_by_their_names() -> None:
    said = ToolSpec("booking_search", "Search bookings by text, date or area. Not for one customer's bookings.")
    for profiles in (APART, None):
        report = diagnose([said, *BOOKINGS[1:]], profiles=profiles, embedder=HashingEmbedder())
        assert not [f for f in _told(report) if "told apart only" in f.detail or "booking_search's" in f.action]


def test_a_word_that_only_begins_with_un_de_or_dis_undoes_nothing() -> None:
    # on bd450ed each was "undoes" (discount, dispatch, display, decode): a prefix and a word, not an undo verb
    for act, other in (
        ("order_count", "order_discount"),
        ("server_patch", "server_dispatch"),
        ("video_play", "video_display"),
        ("qr_code", "qr_decode"),
    ):
        assert not undoes(_spec(act), _spec(other)), (act, other)
        assert not acts_differ(_spec(act), _spec(other)) and not acts_differ(_spec(other), _spec(act)), (act, other)


def test_chinese_undo_needs_the_words_of_the_act_and_a_thing_of_both() -> None:
    # on bd450ed "parcel_track_cn undoes parcel_track (撤, 派)": 派 of 派送 (delivers), 撤 of 撤回, read as characters
    track = _spec("parcel_track", "查询快递派送到哪里了。")
    track_cn = _spec("parcel_track_cn", "查询快递是否已撤回。")
    assert not undoes(track, track_cn) and not undoes(track_cn, track)
    assert not acts_differ(track, track_cn)
    # an act and its undo on different things share nothing: no undo
    assert not undoes(_spec("tool_a", "把设备绑定到账户。"), _spec("tool_b", "解绑优惠券。"))
    assert undoes(_spec("tool_a", "给订单指派一名骑手。"), _spec("tool_b", "把骑手从订单上撤下。"))
