"""A sign maker's registry, the real default embedder: a destroyer only where the request asks its act.

A print shop's walk found them: another's own act reported ("客户说他们把旧 logo 从招牌上去掉了") sent the artwork's
delete; a question whether a job was taken off the schedule ("…撤下来了没有？") sent its removal; stopping a discount
code (停掉) sent an account's close beside the code's revoke; "pull SO-1301 off Thursday's install schedule" held the
removal as not asked for. With and without tool profiles.
"""

from __future__ import annotations

import pytest

from tests.unit.sign_shop_kit import PROFILED, SIGNS
from toolfilter_core import Embedder, Profiles, ToolFilter

pytestmark = pytest.mark.integration

PROFILES = Profiles(PROFILED)
CASES = [
    ("客户说他们把旧 logo 从招牌上去掉了，新的设计稿我要上传到 SO-1201", "artwork_upload", None),
    ("SO-1202 的安装任务从排期里撤下来了没有？看一下周五的排期", "install_schedule_get", None),
    ("把折扣码 BLACKFRIDAY 停掉，别让人再用了", "promo_code_revoke", "promo_code_revoke"),
    (
        "pull SO-1301 off Thursday's install schedule, the brackets haven't arrived",
        "install_job_remove",
        "install_job_remove",
    ),
]


@pytest.fixture(scope="module")
def choosers(default_embedder: Embedder) -> dict[bool, ToolFilter]:
    return {p: ToolFilter(SIGNS, embedder=default_embedder, profiles=PROFILES if p else None) for p in (False, True)}


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize(("text", "wanted", "destroyer"), CASES)
def test_only_the_destroyer_asked_is_sent(
    choosers: dict[bool, ToolFilter], text: str, wanted: str, destroyer: str | None, profiled: bool
) -> None:
    names = choosers[profiled].select(text).names
    assert wanted in names, names
    sent = [t.name for t in SIGNS if t.annotations.get("destructiveHint") and t.name in names]
    assert sent == ([destroyer] if destroyer else []), names
