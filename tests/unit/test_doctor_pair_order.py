"""Crowded pairs in the order of what they cost, then how close they are.

Without profiles a user's one real duplicate, ``search_members`` / ``find_member`` (2.9 sd above their usual,
the closest pair), was listed 11th of 11 crowded pairs, hidden in "... and 6 more", and drawn the faintest cell
of the map: its score was low (only a generic word shared, kept by its names), and the pairs were ordered by score.
"""

from __future__ import annotations

from toolfilter_core._doctor.crowding import CROWDED_SCORE
from toolfilter_core._doctor.run import _crowding_findings, order_findings
from toolfilter_core._doctor.values import CrowdedPair
from toolfilter_core._report.plots import map_grids

FREEZE = CrowdedPair("freeze_membership", "unfreeze_membership", 0.8652, first_ab=0.5, z=2.4)
GUEST = CrowdedPair("issue_guest_pass", "revoke_guest_pass", 0.8635, z=2.626)
TRAINER = CrowdedPair("book_trainer_session", "reschedule_trainer_session", 0.7903, z=2.509)
STATUS = CrowdedPair("get_membership_status", "renew_membership", 0.5172, z=2.028)
SEARCH = CrowdedPair(
    "search_members", "find_member", 0.2923, z=2.923, parts={"generic": 0.3, "names": 1.0}
)  # kept by its names
PAIRS = [FREEZE, GUEST, TRAINER, STATUS, SEARCH]  # by score, as crowded_pairs gives them


def test_a_pair_stating_no_cost_is_placed_by_how_close_it_is_not_by_its_score() -> None:
    found = order_findings(_crowding_findings(PAIRS, CROWDED_SCORE, profiled=False), PAIRS)
    said = [f.tools for f in found if f.kind == "crowded_pair"]
    # the freeze pair's line says its description ranks the other first half the time: a cost, first
    assert said == [
        ("freeze_membership", "unfreeze_membership"),
        ("search_members", "find_member"),
        ("issue_guest_pass", "revoke_guest_pass"),
        ("book_trainer_session", "reschedule_trainer_session"),
        ("get_membership_status", "renew_membership"),
    ]


def test_requests_lost_come_before_requests_ranking_the_other_first() -> None:
    lost = CrowdedPair("book_class", "join_waitlist", 0.6, z=1.2, lost_counts=(0, 8, 1, 8), group="lost")
    ranked = CrowdedPair("search_members", "find_member", 1.9, first_ab=0.5, z=2.9, group="apart")
    assert sorted([ranked, lost], key=CrowdedPair.order) == [lost, ranked]


def test_the_map_shades_a_pair_by_how_close_it_is() -> None:
    index = {name: i for i, name in enumerate(n for p in PAIRS for n in (p.a, p.b))}
    red, _ = map_grids(PAIRS, index)
    search, guest = (
        red[index["search_members"], index["find_member"]],
        red[index["issue_guest_pass"], index["revoke_guest_pass"]],
    )
    assert search == 2.923 and guest == 2.626 and red.max() == search
