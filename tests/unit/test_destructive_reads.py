"""A read never gets a destructive tool alone; a request in its users' words gets it.

"SPRING15 这个码现在还能用吗？" (is this code still valid?), in a
registry with no tool that reads coupons, ranked ``coupon_delete`` first and confidently, and
a destructive tool that scored like a confident pick entered whatever the request asked
(``decide.SCORE_UNLOCKS``). Now a destructive tool needs the request to ask for its act
however it scores; and a request may ask in the words the tool's own users ask in
(``act_words``: "unfollow" for ``delete_me_following``), which no verb list holds; the users'
words are off by default (``act_words.SAID_IN``: tests/unit/test_destroy_reading.py says why),
and the tests of them turn them on.
Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import NoteKind, Profiles, Reason, ToolFilter, ToolFilterConfig, ToolProfile, ToolSpec
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._evaluate import LabelledQuery
from toolfilter_core._fit.simulate import Simulator
from toolfilter_core._pipeline.act_words import act_words

from .fakes import TableEmbedder, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")  # the module, not its function

# axes 1-3: one a tool; axis 4: what requests naming a coupon code share
COUPONS = [
    ToolSpec("coupon_create", "Create a discount coupon code", category="marketing"),
    ToolSpec("coupon_delete", "Delete a coupon code so it can no longer be used", category="marketing"),
    ToolSpec("order_get", "Get one order by its order number", category="orders"),
]
COUPON_PROFILES = Profiles(
    {
        "coupon_create": ToolProfile(("make a code AUTUMN10 for 10% off",)),
        "coupon_delete": ToolProfile(("AUTUMN10 这个码别用了，作废",), ("delete coupon code NEW20 now",)),
        "order_get": ToolProfile(("has LT-19999 been paid yet?",)),
    }
)
READ = "SPRING15 这个码现在还能用吗？"
COUPON_TABLE = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(COUPONS)} | {
    "make a code AUTUMN10 for 10% off": unit(0, 0.8, 0, 0, 0.6),
    "AUTUMN10 这个码别用了，作废": unit(0, 0, 0.6, 0, 0.8),
    "delete coupon code NEW20 now": unit(0, 0, 1.0),
    "has LT-19999 been paid yet?": unit(0, 0, 0, 1.0),
    # closest profile request: coupon_delete's plain one (.96) over its destroy one (.8):
    # no destroy word, no destroy neighbour; coupon_delete ranks first, confidently
    READ: unit(0, 0, 0.8, 0, 0.6),
    "SPRING15 这个码作废": unit(0, 0, 0.8, 0, 0.6),  # the same, asking by its word 作废
}


def _coupons() -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, min_score=0.5, min_gap=0.1, abstain_phrases=(), weights={"embed": 1.0, "support": 1.0}
    )
    return ToolFilter(COUPONS, config=cfg, embedder=TableEmbedder(COUPON_TABLE), profiles=COUPON_PROFILES)


def test_a_read_gets_no_destroy_tool_however_it_scores():
    s = _coupons().select(READ)
    assert "coupon_delete" not in s.names, s.names
    assert [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD] == ["coupon_delete"]
    note = next(r for r in s.reasons if r.kind is NoteKind.DESTRUCTIVE_LEFT_OUT)
    assert list(note.values["tools"]) == ["coupon_delete"]


def test_before_a_confident_score_let_the_destroy_tool_in(monkeypatch):
    monkeypatch.setattr(decide, "SCORE_UNLOCKS", True)
    assert _coupons().select(READ).names[0] == "coupon_delete"


def test_the_destroy_request_of_the_same_code_still_gets_it():
    assert _coupons().select("SPRING15 这个码作废").names[0] == "coupon_delete"


# axes 1-3: one a tool; axis 4: what requests about following share; 5, 6: elsewhere
FOLLOWS = [
    ToolSpec("delete_me_following", "Remove the current user as a follower of artists", category="follow"),
    ToolSpec("put_me_following", "Add the current user as a follower of artists", category="follow"),
    ToolSpec("get_me_following", "Get the artists the current user follows", category="follow"),
]
FOLLOW_PROFILES = Profiles(
    {
        "delete_me_following": ToolProfile(
            ("unfollow artist 4Z8W4fKe", "I'm no longer into these artists, unfollow them"),
            ("remove me as a follower of user jmperez",),
        ),
        "put_me_following": ToolProfile(("follow Imagine Dragons", "start following this artist")),
        "get_me_following": ToolProfile(("which artists do I follow?",)),
    }
)
UNFOLLOW = "unfollow Imagine Dragons. I'm done with them"
FOLLOW_TABLE = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(FOLLOWS)} | {
    "unfollow artist 4Z8W4fKe": unit(0, 0, 0, 0, 0, 1.0),
    "I'm no longer into these artists, unfollow them": unit(0, 0, 0, 0, 0, 1.0),
    "remove me as a follower of user jmperez": unit(0, 0, 0, 0, 0, 0, 1.0),
    "follow Imagine Dragons": unit(0, 0, 1.0),
    "start following this artist": unit(0, 0, 1.0),
    "which artists do I follow?": unit(0, 0, 0, 0, 0.3, 0, 0, 0.954),
    # closest profile request: get_me_following's (.21), none destroy-asking; no destroy word
    # ("unfollow" is in no verb list); ranked first, unsure: delete_me_following
    UNFOLLOW: unit(0, 0.7, 0, 0.1, 0.707),
}


def _follows(profiled: bool = True) -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, min_score=0.9, min_gap=0.1, abstain_phrases=(), weights={"embed": 1.0, "support": 1.0}
    )
    profiles = FOLLOW_PROFILES if profiled else None
    return ToolFilter(FOLLOWS, config=cfg, embedder=TableEmbedder(FOLLOW_TABLE), profiles=profiles)


@pytest.fixture
def users_words(monkeypatch):
    """The users' words read (``act_words.SAID_IN`` 2, as ``choose_guard_words`` chose before the act phrases)."""
    monkeypatch.setattr(importlib.import_module("toolfilter_core._pipeline.act_words"), "SAID_IN", 2)


def test_a_request_in_the_tools_users_words_gets_it(users_words):
    s = _follows().select(UNFOLLOW)
    assert s.names[0] == "delete_me_following", s.names


@pytest.mark.parametrize("said_in", [0, 3], ids=["off (the default)", "said-in-three"])
def test_without_the_users_words_it_is_held(monkeypatch, said_in):
    monkeypatch.setattr(importlib.import_module("toolfilter_core._pipeline.act_words"), "SAID_IN", said_in)
    assert "delete_me_following" not in _follows().select(UNFOLLOW).names


def test_the_users_words_are_the_act_not_the_object_nor_a_chance_word(users_words):
    words = act_words(_follows().snapshot)
    # "artists", "follower": a tool that is not destructive says them; "them", "done": said once
    assert [words.words(i) for i in range(3)] == [frozenset({"unfollow"}), frozenset(), frozenset()]
    assert words.says("please UNFOLLOW them", FOLLOWS) == [True, False, False]
    assert words.says("unfollowed", FOLLOWS) == [False, False, False]  # a word, not a stem


def test_no_profiles_no_users_words():
    assert act_words(_follows(profiled=False).snapshot).words(0) == frozenset()
    assert "delete_me_following" not in _follows(profiled=False).select(UNFOLLOW).names


def test_the_fit_reads_the_users_words_as_select_does(users_words):
    cfg = _follows().config
    query = LabelledQuery("unfollow", UNFOLLOW, ("delete_me_following",))
    sim = Simulator(FOLLOWS, [query], cfg, CachingEmbedder(TableEmbedder(FOLLOW_TABLE)), profiles=FOLLOW_PROFILES)
    assert sim.users_words.tolist() == [[True, False, False]]
