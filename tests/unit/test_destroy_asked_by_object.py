"""A destroyer whose act and object a request without an id says, alone of the destroyers, is kept past the cuts.

A brewery's "帮我取消周六下午的酒厂参观预约，客人姓王" (cancel Saturday afternoon's brewery tour booking, the guest is
Mr Wang) without profiles ranked ``tour_booking_cancel`` ninth: the told clause 客人姓王 drew the keg deposits'
客户 above it. Its act (取消, "cancel") and its object (预约, "booking") are said, and no other destroyer's are.
Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import Profiles, ToolFilter, ToolFilterConfig, ToolProfile, ToolSpec

from .fakes import TableEmbedder, act_phrases, padded, takes, tool_axes

DESTROYS = {"destructiveHint": True}
CANCEL = ToolSpec("tour_booking_cancel", "Cancel a tour booking. Releases the seats.", takes("booking_ref"))
KEG_REMOVE = ToolSpec("keg_deposit_remove", "删除批发客户的押桶记录。", takes("deposit_id"), annotations=DESTROYS)
KEG_RECORD = ToolSpec("keg_deposit_record", "登记批发客户新押的酒桶及押金。", takes("customer"))
LOOKUP = ToolSpec("tour_booking_lookup", "Look up a brewery tour booking by guest name or date.", takes("guest"))
EVENTS = ToolSpec("event_calendar_list", "Taproom events.", takes("date"))
STAFF = ToolSpec("staff_shift_list", "Staff rota: who works which shift.", takes("date"))
SLOTS = ToolSpec("tour_slots_list", "Free tour slots.", takes("date"))
ROOM_CANCEL = ToolSpec("room_booking_cancel", "Cancel a room booking.", takes("room_ref"))
TOOLS = [KEG_RECORD, LOOKUP, EVENTS, STAFF, SLOTS, CANCEL, KEG_REMOVE]
BOTH = [*TOOLS[:6], ROOM_CANCEL]  # axis 7: the room booking's cancel in the keg deposits' place
ASKS = ["帮我取消周六下午的酒厂参观预约，客人姓王", "客人姓王，帮我取消周六下午的酒厂参观预约"]
READ = "帮我查一下周六下午的酒厂参观预约，客人姓王"
TABLE = tool_axes(TOOLS, padded) | tool_axes(BOTH, padded) | act_phrases(8, 9, padded)
TABLE |= {text: padded(0, 0.5, 0.45, 0.4, 0.38, 0.36, 0.25, 0.25, 0.3) for text in ASKS}  # cancels under the top 5
TABLE |= {READ: padded(0, 0.5, 0.45, 0.4, 0.38, 0.36, 0.25, 0.25, 0, 0.3)}
TABLE |= {"把张先生周六的酒厂导览预约取消掉": padded(0, 0, 0, 0, 0, 0, 1)}
PROFILES = Profiles({"tour_booking_cancel": ToolProfile(("把张先生周六的酒厂导览预约取消掉",))})


def _filter(tools: list[ToolSpec] = TOOLS, profiles: Profiles | None = None) -> ToolFilter:
    """``fakes.hand_filter``'s settings, a widened selection holding the best 5."""
    cfg = ToolFilterConfig(
        enabled=True,
        top_k=3,
        fallback_top_k=5,
        min_score=0.9,
        min_gap=0.1,
        abstain_phrases=(),
        weights={"embed": 1.0, "support": 1.0},
    )
    return ToolFilter(tools, config=cfg, embedder=TableEmbedder(TABLE), profiles=profiles)


@pytest.mark.parametrize("text", ASKS)
@pytest.mark.parametrize("profiles", [None, PROFILES])
def test_the_one_destroyer_of_the_act_and_object_said_is_sent(text, profiles):
    s = _filter(profiles=profiles).select(text)
    assert "tour_booking_cancel" in s.names, s.explain()
    assert "keg_deposit_remove" not in s.names


def test_a_read_of_the_booking_gets_no_destroyer():
    s = _filter().select(READ)
    assert not {"tour_booking_cancel", "keg_deposit_remove"} & set(s.names), s.explain()


def test_two_destroyers_of_the_act_and_object_said_are_left_to_the_ranking():
    """A second destroyer that cancels a booking: the request's words tell them apart no more (neither kept)."""
    s = _filter(BOTH).select(ASKS[0])
    assert not {"tour_booking_cancel", "room_booking_cancel"} & set(s.names), s.explain()
