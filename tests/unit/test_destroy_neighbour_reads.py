"""A read is not a destroy ask by its profile neighbours; everyday Chinese call-offs ask to destroy.

A destructive tool enters a set only for a request that asks for its act.
With profiles, "status of rental booking RB-5512" sat closest to ``rental_booking_cancel``'s
destroy-asking request "cancel rental booking RB-771" (the object and the id pattern shared)
and got the cancel tool first: a request that says a read ("status of", "show me", 查一下, 状态)
and no destroy word is not a destroy ask by its neighbours (``destroy_ask.READS_HOLD_NEIGHBOURS``).
"RB-5512 has to go", as close to the same neighbour, still is. And "撤了吧", "算了，不租了",
"不修了", "把会员退了", "wants out of" ask to call something off (``_hints.EVERYDAY_STOPS``);
"客户不来了" (the customer is not coming) gives a reason and asks nothing.
Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import Profiles, Reason, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.decide import asked_to_destroy
from toolfilter_core._pipeline.destroy_ask import says_a_read

from .fakes import act_phrases, hand_filter, tool_axes, unit

destroy_ask = importlib.import_module("toolfilter_core._pipeline.destroy_ask")
hints = importlib.import_module("toolfilter_core._hints")

# axes 1-2: one a tool; axis 3: what requests naming an RB- booking share; 7 and 8: the act phrases
PHRASES = act_phrases(7, 6)
RENTALS = [
    ToolSpec("rental_booking_cancel", "Cancel a rental booking and release the bike", category="rentals"),
    ToolSpec("rental_booking_get", "Look up a rental booking by id: bike, dates, status", category="rentals"),
]
RENTAL_PROFILES = Profiles(
    {
        "rental_booking_cancel": ToolProfile(("RB-220 we can't make it, drop it",), ("cancel rental booking RB-771",)),
        "rental_booking_get": ToolProfile(("what's the status of rental RB-5512?",)),
    }
)
READ = "status of rental booking RB-5512"
OTHER_WORDS = "RB-5512 has to go"
RENTAL_TABLE = tool_axes(RENTALS) | PHRASES
RENTAL_TABLE |= {
    "RB-220 we can't make it, drop it": unit(0, 0.8, 0, 0.6),
    "cancel rental booking RB-771": unit(0, 0.6, 0, 0.8),
    "what's the status of rental RB-5512?": unit(0, 0, 0.6, 0.8),
    # closest profile request: the destroy-asking one (.94 against .82 and .88); cancel ranks first
    READ: unit(0, 0.5, 0.3, 0.8),
    OTHER_WORDS: unit(0, 0.5, 0.3, 0.8),  # the same cosines, no read said
}


def _rentals() -> ToolFilter:
    return hand_filter(RENTALS, RENTAL_TABLE, min_score=0.5, profiles=RENTAL_PROFILES)


def test_a_read_near_a_destroy_asking_profile_request_gets_no_destructive_tool():
    s = _rentals().select(READ)
    assert "rental_booking_cancel" not in s.names, s.explain()
    assert "rental_booking_get" in s.names
    assert [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD] == ["rental_booking_cancel"]


def test_before_the_neighbour_sent_the_cancel_tool_to_the_read(monkeypatch):
    monkeypatch.setattr(destroy_ask, "READS_HOLD_NEIGHBOURS", False)
    assert _rentals().select(READ).names[0] == "rental_booking_cancel"


def test_the_same_neighbour_still_makes_a_request_in_other_words_a_destroy_ask():
    assert _rentals().select(OTHER_WORDS).names[0] == "rental_booking_cancel"


def test_a_read_with_a_destroy_word_still_asks():
    near = np.array([0.8, 0.2], dtype=np.float32), np.array([0.9, -np.inf], dtype=np.float32)
    assert asked_to_destroy("look up booking RB-5512 and cancel it", *near) is True
    assert asked_to_destroy("look up booking RB-5512", *near) is False
    assert asked_to_destroy("RB-5512 has to go", *near) is True


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("status of rental booking RB-5512", True),
        ("show me repair ticket T-90", True),
        ("look up invoice INV-3301", True),
        ("what's on invoice INV-3301?", True),
        ("查一下租车单RB-5512", True),
        ("看看维修单T-90", True),
        ("RB-5512现在什么状态", True),
        ("RB-5512 has to go", False),
        ("we no longer need order 4471", False),
        ("维修单T-88不修了，撤了", False),
    ],
)
def test_says_a_read(text, expected):
    assert says_a_read(text) is expected


@pytest.mark.parametrize(
    "text",
    [
        "租车单R-5512撤了吧",
        "维修单T-88不修了，撤了",
        "维修单T-88不修了",
        "RB-5512 算了，不租了",
        "客户打电话说RB-220不租了",
        "会员明年不续了",
        "把会员退了，C-201",
        "customer C-88 wants out of the membership",
        "算了，周四的评审会不开了",
    ],
)
def test_everyday_call_offs_ask_to_destroy(text):
    assert request_is_destructive(text)


@pytest.mark.parametrize(
    "text",
    [
        "客户不来了",  # the customer is not coming: a reason, no ask
        "BK-66021 客人不来了",
        "明天我不去了",
        "不租了吗？",  # not the clause's end: a question goes on
        "这个不用了，谢谢",
        "附件打不开了",  # won't open: a fault
        "把1208房退了",  # a check-out
        "Liam 今天不上了",  # not attending today
        "status of rental booking RB-5512",
        "the customer wants out",  # out of nothing named
        "我撤了，明天见",  # I'm off: leaving
        "R-5512撤了没有？",  # asks whether
        "把会员退了吗？",
        "灯不开了",  # won't turn on
        "空调不开了",
        "把房间退了",  # a check-out
        "我把房子退了",
    ],
)
def test_a_reason_or_a_read_asks_nothing(text):
    assert not request_is_destructive(text)


def test_without_the_everyday_words_the_call_offs_said_no_destroy_word(monkeypatch):
    monkeypatch.setattr(hints, "EVERYDAY_STOPS", False)
    assert not request_is_destructive("租车单R-5512撤了吧")
    assert not request_is_destructive("RB-5512 算了，不租了")
    assert not request_is_destructive("把会员退了，C-201")
