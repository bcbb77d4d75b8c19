"""A closing particle after a Chinese removal verb is no thing taken off: the list's entry is removed.

A box office's "把我从 EV-4410 的候补名单里拿掉吧，不需要了" (take me off the waitlist) held ``waitlist_remove``, ranked
first, as not asked and sent ``waitlist_join``: the 吧 after 拿掉 was read as the thing taken from the event's list
(as 水印 in "从 G-551 的照片中删除水印"), so the act was on another thing of the event's. A clause's closing particles
alone name no thing. Fake embedder (``HashingEmbedder``), profiles.
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.said_objects import things_of_ids


def _takes(*names: str) -> dict[str, object]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": list(names)}


OFFICE = [
    ToolSpec("waitlist_join", "Add a customer to the waitlist for a sold-out performance.", _takes("event_id", "c")),
    ToolSpec("waitlist_remove", "Remove a customer from a performance's waitlist.", _takes("event_id", "c")),
    ToolSpec("event_search", "Search upcoming concerts and theatre shows by performer or date.", _takes("q")),
    ToolSpec("promo_code_delete", "Delete a promo code permanently.", _takes("code")),
]
PROFILES = Profiles(
    {
        "waitlist_join": ToolProfile(("帮顾客 C-1 加入 EV-1 的候补名单", "put C-1 on the EV-1 waitlist")),
        "waitlist_remove": ToolProfile((), ("把顾客 C-1 从 EV-1 的候补名单里移除", "take C-1 off the EV-1 waitlist")),
    }
)
OFF_THE_LIST = [
    "把我从 EV-4410 的候补名单里拿掉吧，不需要了",
    "把我从 EV-4410 的候补名单里拿掉吧",
    "把我从 EV-4410 的候补名单里移除吧",
    "帮我从 EV-4410 的候补名单里删掉了吧",
]


@pytest.mark.parametrize("text", OFF_THE_LIST)
def test_taken_off_the_list_with_a_particle_sends_the_removal(text: str) -> None:
    names = ToolFilter(OFFICE, embedder=HashingEmbedder(), profiles=PROFILES).select(text).names
    assert "waitlist_remove" in names


@pytest.mark.parametrize("text", OFF_THE_LIST)
def test_a_particle_is_no_thing_of_the_event(text: str) -> None:
    assert not things_of_ids(text, OFFICE, np.array([[False, True, False, True]])).any()


def test_a_thing_after_the_verb_still_is_one() -> None:
    held = things_of_ids("从 G-551 的照片中删除水印吧", OFFICE, np.array([[False, True, False, True]]))
    assert held[0, 1]
