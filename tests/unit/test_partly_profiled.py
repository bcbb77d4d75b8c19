"""A registry profiled in part: its unprofiled tools are scored on the profiled tools' scale."""

import numpy as np
import pytest

from toolfilter_core import Profiles, Status, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core.index._evened import evened

from .fakes import TableEmbedder

# axes: 1 flower_stock_check's description, 2 place_order's, 3 track_delivery's, 8 gift_card's; 4
# place_order's profile request, 5 track_delivery's, 9 gift_card's; 6 the near miss. The abstain
# phrases are unknown texts: they point along -axis 0, away from everything here.


def v(**axes):
    out = [0.0] * 10
    for axis, value in axes.items():
        out[int(axis[1:])] = value
    return out


TOOLS = [
    ToolSpec(
        "flower_stock_check", "Check the stock of a flower variety", {"type": "object", "properties": {"sku": {}}}
    ),
    ToolSpec("place_order", "Place a customer order", {"type": "object", "properties": {"items": {}}}),
    ToolSpec("track_delivery", "Track a delivery by its number", {"type": "object", "properties": {"number": {}}}),
    ToolSpec("gift_card", "Sell a gift card", {"type": "object", "properties": {"amount": {}}}),
]
ORDER = "send a dozen tulips to my mum on friday"
TRACK = "where is the bouquet I ordered"
GIFT = "something she can spend herself"
NEAR_MISS = "which flowers suit a funeral"
# its parameter was renamed after profiling: flower_stock_check's profile was left out
PART = Profiles(
    {"place_order": ToolProfile((ORDER,)), "track_delivery": ToolProfile((TRACK,)), "gift_card": ToolProfile((GIFT,))},
    (NEAR_MISS,),
)
WHITE_ROSES = "白玫瑰还有吗"
TABLE = {t.document(): v(**{f"e{i}": 1.0}) for i, t in zip((1, 2, 3, 8), TOOLS, strict=True)} | {
    ORDER: v(e4=1.0),
    TRACK: v(e5=1.0),
    GIFT: v(e9=1.0),
    NEAR_MISS: v(e6=1.0),
    # .3^2 + .1^2 + .35^2 + .46^2 + .1^2 + .3^2 + .68257^2 = 1
    WHITE_ROSES: v(e1=0.3, e2=0.1, e4=0.35, e6=0.46, e8=0.1, e9=0.3, e7=0.68257),
}
EMBED_ONLY = {"weights": {"embed": 1.0, "support": 0.0, "bm25": 0.0, "argument": 0.0}}


def table_filter(profiles):
    return ToolFilter(TOOLS, config=EMBED_ONLY, embedder=TableEmbedder(TABLE), profiles=profiles)


def test_a_request_for_an_unprofiled_tool_is_not_read_as_needing_no_tool():
    # The profiled tools' own words: place_order .1 (its profile request .35), track_delivery 0
    # (0), gift_card .1 (.3). place_order, the one its profile lifts most (.25), is the one the
    # request singles out: the scale is the other two's. flower_stock_check's description (.3)
    # stands .2 above gift_card's, the closest of them: .3 + .2 = .5. The near miss (.46) is
    # no longer .1 closer than every tool (it was: .46 - .35 = .11).
    selection = table_filter(PART).select(WHITE_ROSES)
    assert selection.status is not Status.NO_TOOL_NEEDED
    assert selection.names[0] == "flower_stock_check"
    assert selection.selected[0].score == pytest.approx(0.5, abs=5e-3)  # stored vectors: within .003


def test_the_near_miss_itself_still_gets_no_tools():
    selection = table_filter(PART).select(NEAR_MISS)
    assert (selection.selected, selection.status) == ((), Status.NO_TOOL_NEEDED)


def test_a_request_for_a_profiled_tool_still_ranks_it_first():
    assert table_filter(PART).select(ORDER).names[0] == "place_order"


@pytest.mark.parametrize(
    "profiles",
    [
        pytest.param(None, id="none"),
        pytest.param(
            Profiles({**PART.tools, "flower_stock_check": ToolProfile(("do you have white roses",))}, (NEAR_MISS,)),
            id="all",
        ),
        pytest.param(PART, id="part"),
    ],
)
def test_only_a_registry_profiled_in_part_is_evened(profiles):
    rows = table_filter(profiles).index.rows
    assert rows.partly is (profiles is PART)
    names = sorted(t.name for t in TOOLS)  # the index's order
    assert rows.profiled.tolist() == [profiles is not None and n in profiles.tools for n in names]


def test_evened_places_an_unprofiled_tool_among_the_profiled_ones_by_its_own_words():
    profiled = np.array([True, True, True, False, False, False])
    own = np.array([0.1, 0.2, 0.3, 0.15, 0.35, 0.0], dtype=np.float32)
    values = np.array([0.4, 0.5, 0.7, 0.15, 0.35, 0.0], dtype=np.float32)
    out = evened(own, values, profiled)
    assert out[:3].tolist() == values[:3].tolist()  # the profiled tools are never moved
    # the scale leaves out the tool lifted most (.7 over .3): halfway between .1 and .2 -> halfway
    # between .4 and .5; past the top (.2) by .15 -> .5 + .15; below the bottom by .1 -> .4 - .1
    assert out[3:].tolist() == pytest.approx([0.45, 0.65, 0.3], abs=1e-6)
    lower = np.array([0.4, 0.5, 0.7, 0.9, 0.35, 0.0], dtype=np.float32)
    assert evened(own, lower, profiled)[3] == pytest.approx(0.9)  # lifted, never lowered
    tied = np.array([0.1, 0.1, 0.2, 0.1, 0.35, 0.0], dtype=np.float32)
    assert evened(tied, values, profiled)[3] == pytest.approx(0.45)  # tied with two: their mean
    one = np.array([True, False, False])
    assert evened(own[:3], values[:3], one).tolist() == values[:3].tolist()  # one profiled tool: no scale
