"""Putting a thing out of use (停用, 禁用, "deactivate", "disable") says the act of a tool that revokes it.

An airport lounge's ``guest_badge_revoke`` ("Revoke a guest's access badge immediately") was held for
"访客 王先生 的门禁卡 B-902 立刻停用" (deactivate guest Mr Wang's access badge B-902 now) without profiles: its act
was not read as said, and the id's prefix fits ``lounge_booking_cancel``'s booking too. Cosines are fixed by hand
(``TableEmbedder``).
"""

import pytest

from toolfilter_core import Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._hints import request_says_its_act

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

DESTROYS = {"destructiveHint": True}
REVOKE = ToolSpec(
    "guest_badge_revoke",
    "Revoke a guest's access badge immediately; the gate will refuse it.",
    takes("badge_id"),
    annotations=DESTROYS,
)
CANCEL = ToolSpec("lounge_booking_cancel", "Cancel a lounge booking.", takes("booking_ref"), annotations=DESTROYS)
STATUS = ToolSpec("guest_badge_status", "Is a guest's access badge active?", takes("badge_id"))
TOOLS = [REVOKE, CANCEL, STATUS]
ASKS = ["访客 王先生 的门禁卡 B-902 立刻停用", "请把B-902那张门禁卡禁用", "deactivate guest badge B-902 now"]
QUESTION = "门禁卡 B-902 停用了吗？"
TABLE = tool_axes(TOOLS) | act_phrases(5, 6)
TABLE |= {text: unit(0, 0.6, 0.3, 0.4, 0, 0.4) for text in ASKS}  # the revoke first
TABLE |= {QUESTION: unit(0, 0.6, 0.3, 0.5, 0, 0, 0.3), "吊销访客门禁卡 B-808": unit(0, 0.9, 0, 0.2, 0, 0.4)}
PROFILES = Profiles({"guest_badge_revoke": ToolProfile(("吊销访客门禁卡 B-808",))})


def _filter(profiles: Profiles | None = None) -> ToolFilter:
    return hand_filter(TOOLS, TABLE, min_score=0.5, profiles=profiles)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("门禁卡 B-902 立刻停用", True),
        ("把这张卡禁用", True),
        ("please deactivate badge B-902", True),
        ("disable the badge", True),
        ("book a collection for a disabled guest", False),  # "disabled": a person's
        ("look up badge B-902", False),
    ],
)
def test_out_of_use_says_a_revoke(text, says):
    assert request_says_its_act(text, REVOKE) is says
    assert request_says_its_act(text, CANCEL) is False  # a cancel is no putting out of use


@pytest.mark.parametrize("text", ASKS)
@pytest.mark.parametrize("profiles", [None, PROFILES])
def test_a_badge_put_out_of_use_is_sent_its_revoke(text, profiles):
    s = _filter(profiles).select(text)
    assert "guest_badge_revoke" in s.names, s.explain()
    assert "lounge_booking_cancel" not in s.names


def test_a_question_whether_it_was_put_out_of_use_gets_no_revoke():
    s = _filter().select(QUESTION)
    assert "guest_badge_revoke" not in s.names, s.explain()
