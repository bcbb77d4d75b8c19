"""Putting a part of a thing out of use, or asking or telling that it is, says no revoke act.

"停用门禁卡 B-902 的短信提醒" (turn off badge B-902's SMS reminders) and "disable notifications for guest badge B-902"
put the badge's reminders out of use, not the badge; "门禁卡 B-902 停用了吗？" asks, "被停用" and "deactivated" tell.
``guest_badge_revoke`` was sent for the first without profiles. Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core._hints import request_says_its_act

from . import test_destroy_out_of_use as base
from .fakes import hand_filter, unit

PARTS = ["停用门禁卡 B-902 的短信提醒", "停用门禁卡 B-902 的到期通知"]
TABLE = base.TABLE | {text: unit(0, 0.6, 0.3, 0.4, 0, 0.4) for text in PARTS}  # the revoke first, as the asks


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("停用门禁卡 B-902 的短信提醒", False),
        ("disable notifications for guest badge B-902", False),
        ("disable the reminders of badge B-902", False),
        ("disable the badge of guest Wang", True),
        ("停用王先生的门禁卡", True),
        ("门禁卡 B-902 停用了吗？", False),
        ("门禁卡 B-902 被停用了，帮我查一下为什么", False),
        ("重新启用已停用的门禁卡 B-902", False),
        ("B-902 停用中吗", False),
        ("把门禁卡 B-902 的停用状态解除", False),
        ("re-enable badge B-902, it was deactivated by mistake", False),
        ("disabling badge B-902 was a mistake, look it up", False),
        ("show badges disabling at midnight", False),
        ("门禁卡 B-902 立刻停用", True),
        ("deactivate guest badge B-902 now", True),
    ],
)
def test_only_the_thing_itself_put_out_of_use_says_a_revoke(text, says):
    assert request_says_its_act(text, base.REVOKE) is says


@pytest.mark.parametrize("text", PARTS)
def test_a_part_put_out_of_use_gets_no_revoke(text):
    s = hand_filter(base.TOOLS, TABLE, min_score=0.5).select(text)
    assert "guest_badge_revoke" not in s.names, s.explain()


@pytest.mark.parametrize("text", ["不要停用门禁卡 B-902", "don't disable badge B-902"])
def test_a_refusal_to_put_it_out_of_use_gets_no_revoke(text):
    table = base.TABLE | {text: unit(0, 0.6, 0.3, 0.4, 0, 0.4)}
    s = hand_filter(base.TOOLS, table, min_score=0.5).select(text)
    assert "guest_badge_revoke" not in s.names, s.explain()
