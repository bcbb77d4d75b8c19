"""A destroyer is held where the request sits closer to its mentions than to its asks (``mentioned``).

"RB-5512 has to go" sits closest to ``rental_booking_cancel``'s destroy-asking request and gets the cancel tool.
Given a mention of the act (a request that names it without asking it) closer still, the tool is held and the
guard's note quotes the mention; a mention farther than its asks changes nothing, nor does a registry without
mentions. Mention rows are never ranked: the tools' cosines stay what they were. Cosines fixed by hand.
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import Profiles, Reason, ToolFilter, ToolProfile

from .fakes import unit
from .test_destroy_neighbour_reads import OTHER_WORDS, RENTAL_PROFILES, RENTAL_TABLE, RENTALS, hand_filter

mentioned = importlib.import_module("toolfilter_core._pipeline.mentioned")

NEAR = "RB-220 had to go last week, was the deposit returned?"
FAR = "how long do refunds take once a booking is gone?"
TABLE = RENTAL_TABLE | {NEAR: unit(0, 0.5, 0.3, 0.8), FAR: unit(0, 0, 1, 0)}


def _filter(*mentions: str) -> ToolFilter:
    cancel = RENTAL_PROFILES.tools["rental_booking_cancel"]
    profiles = Profiles(
        {
            **RENTAL_PROFILES.tools,
            "rental_booking_cancel": ToolProfile(cancel.requests, cancel.destroy, mentions=mentions, destructive=True),
        }
    )
    return hand_filter(RENTALS, TABLE, min_score=0.5, profiles=profiles if mentions else RENTAL_PROFILES)


@pytest.fixture(autouse=True)
def _margin(monkeypatch):
    monkeypatch.setattr(mentioned, "MENTION_MARGIN", 0.02)


def test_a_request_closer_to_a_mention_than_to_the_asks_is_held_and_the_note_quotes_the_mention():
    s = _filter(NEAR, FAR).select(OTHER_WORDS)
    assert "rental_booking_cancel" not in s.names, s.explain()
    assert [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD] == ["rental_booking_cancel"]
    [note] = [n for n in s.notes if "a mention of its act" in n]
    assert "rental_booking_cancel: 'RB-220 had to go last week, was the deposit returned?'" in note, s.notes


def test_a_mention_farther_than_the_asks_leaves_the_destroy_ask_served():
    assert _filter(FAR).select(OTHER_WORDS).names[0] == "rental_booking_cancel"


def test_without_mentions_or_with_the_margin_off_the_tool_is_sent_as_before(monkeypatch):
    assert _filter().select(OTHER_WORDS).names[0] == "rental_booking_cancel"
    monkeypatch.setattr(mentioned, "MENTION_MARGIN", None)
    assert _filter(NEAR).select(OTHER_WORDS).names[0] == "rental_booking_cancel"


def test_mentions_are_never_ranked_nor_a_voice():
    vector = np.asarray(TABLE[OTHER_WORDS], dtype=np.float32)
    vector /= np.linalg.norm(vector)
    before, after = _filter().index.search(vector), _filter(NEAR).index.search(vector)
    for field in ("best", "second", "authored", "voice", "destroy", "plain"):
        assert np.allclose(getattr(before, field), getattr(after, field)), field
    assert before.mention is None and after.mention is not None
    position = [t.name for t in _filter(NEAR).index.tools].index("rental_booking_cancel")
    assert float(after.mention[position]) == pytest.approx(1.0, abs=1e-5)
    assert _filter(NEAR).index.profile_words() == _filter().index.profile_words()
