"""A destructive top the guard holds back does not shrink the rest of the selection.

"was Anna Schmidt's guest profile deleted after her GDPR request?"
(``dev_hotel_pms``, with profiles) ranked ``delete_guest_profile`` first by far; the guard held
it back, and the read tools below fell under the top's ``relative_cut``: the selection was
empty. The cut is now taken from the best tool not held back (``route.held_floor``). Cosines
are fixed by hand (``TableEmbedder``).
"""

import numpy as np
import pytest

from toolfilter_core import NoteKind, Reason, Status, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._pipeline.decide import decide_rows
from toolfilter_core._pipeline.route import Routing

from .fakes import TableEmbedder, unit

TOOLS = [
    ToolSpec("guest_profile_get", "Show a guest's profile", category="guests"),
    ToolSpec("guest_profile_erase", "Erase a guest's profile", category="guests"),
    ToolSpec("room_list", "List the hotel's rooms", category="rooms"),
]
TABLE = {t.document(): unit(*([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)} | {
    # ranked: erase .95 (confident), get .31: under half the top, over half of itself
    "is Anna's guest profile still on file": unit(0.31, 0.95, 0),
    # not held: the same cut from the top as ever
    "Anna's guest profile on file": unit(0.95, 0, 0.31),
}


def _filter(relative_cut: float = 0.5) -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True,
        top_k=3,
        min_score=0.5,
        min_gap=0.1,
        relative_cut=relative_cut,
        abstain_phrases=(),
        weights={"embed": 1.0},
    )
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE))


def test_a_held_top_leaves_the_read_tool_below_its_cut_in():
    s = _filter().select("is Anna's guest profile still on file")
    assert s.status is Status.SELECTED
    assert s.names == ["guest_profile_get"]
    reasons = {r.name: r.reason for r in s.rejected}
    assert reasons["guest_profile_erase"] is Reason.DESTRUCTIVE_GUARD
    assert any(n.kind is NoteKind.DESTRUCTIVE_LEFT_OUT for n in s.reasons)


def test_a_top_not_held_cuts_as_before():
    s = _filter().select("Anna's guest profile on file")
    assert s.names == ["guest_profile_get"]
    assert {r.name: r.reason for r in s.rejected}["room_list"] is Reason.BELOW_RELATIVE_CUT


def _routed(destructive, scores=(0.95, 0.31, 0.2), cut=0.5):
    routing = Routing(
        top_k=3,
        min_score=0.5,
        min_gap=0.1,
        relative_cut=cut,
        route_domains=0,
        fallback_domains=1,
        fallback_top_k=4,
        guard_destructive=True,
    )
    rows = decide_rows(
        np.array([scores]),
        np.ones((1, 3), dtype=bool),
        np.zeros((1, 3), dtype=np.int64),
        np.zeros((1, 3), dtype=np.int8),
        routing,
        np.array([destructive]),
        np.array([False]),
    )
    return rows.routed[0].tolist(), rows.guarded[0].tolist()


@pytest.mark.parametrize(
    ("destructive", "routed", "guarded"),
    [
        # the held top: the cut from .31 (.155) keeps both the rest
        ([True, False, False], [False, True, True], [True, False, False]),
        # the held top and second: the cut from .2
        ([True, True, False], [False, False, True], [True, False, False]),
        # nothing held: the top's cut (.475) as ever
        ([False, False, False], [True, False, False], [False, False, False]),
        # a held tool below the top moves no cut
        ([False, True, False], [True, False, False], [False, False, False]),
    ],
    ids=["held-top", "held-top-two", "none-held", "held-below"],
)
def test_the_cut_is_taken_from_the_best_tool_not_held(destructive, routed, guarded):
    assert _routed(destructive) == (routed, guarded)
