"""Whole selections, the real default embedder: a climbing gym's key card stopped, a part taken out of a record, a
quoted button label.

"会员 M-20777 被禁入了，门禁卡直接停掉" asks the card's revoke (停掉 puts the card out of use), not
``member_delete``, the GDPR erasure that takes the member id; "Remove the old emergency contact from Leo Park's
profile" edits the profile; "会员说 app 上的“取消预约”按钮点不了" quotes a button's label. The asks stay asked.
Registry: ``data/climbing_gym``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, read_tools_file
from toolfilter_core._hints import says_destructive

pytestmark = pytest.mark.integration

DATA = Path(__file__).resolve().parent / "data" / "climbing_gym"
TOOLS = read_tools_file(DATA / "tools.jsonl")
DESTROYERS = {t.name for t in TOOLS if says_destructive(t)}


@pytest.fixture(scope="module", params=[False, True], ids=["plain", "profiles"])
def gym(request: pytest.FixtureRequest, default_embedder: Embedder) -> ToolFilter:
    profiles = DATA / "profiles.jsonl" if request.param else None
    return ToolFilter(TOOLS, embedder=default_embedder, profiles=profiles)


@pytest.mark.parametrize(
    ("request_", "sent"),
    [
        ("会员 M-20777 被禁入了，门禁卡直接停掉", {"access_card_revoke"}),
        ("Remove the old emergency contact from Leo Park's profile and put his sister, 555-0142", set()),
        ("会员说 app 上的“取消预约”按钮点不了，是不是系统出问题了", set()),
        (
            "Member Chris Wong asked to be erased under GDPR - please go ahead and delete his record, M-20144",
            {"member_delete"},
        ),
        ("Could you cancel Priya's spot in Saturday's bouldering intro? booking CB-8812", {"class_booking_cancel"}),
        ("void daypass DP-44120", {"daypass_void"}),
    ],
)
def test_the_destroyers_sent(gym: ToolFilter, request_: str, sent: set[str]) -> None:
    assert set(gym.select(request_).names) & DESTROYERS == sent
