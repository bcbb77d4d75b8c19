"""A sign maker's registry, the real default embedder: a destroyer only where the request asks its act.

A print shop's walk found them: another's own act reported ("客户说他们把旧 logo 从招牌上去掉了") sent the artwork's
delete; a question whether a job was taken off the schedule ("…撤下来了没有？") sent its removal; stopping a discount
code (停掉) sent an account's close beside the code's revoke; "pull SO-1301 off Thursday's install schedule" held the
removal as not asked for. With and without tool profiles.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, Profiles, ToolFilter, ToolProfile, ToolSpec

pytestmark = pytest.mark.integration

GONE = {"destructiveHint": True}
SIGNS = [
    ToolSpec("artwork_upload", "Attach a new artwork file to a sign order."),
    ToolSpec("artwork_delete", "Permanently delete an artwork file from a sign order.", annotations=GONE),
    ToolSpec("install_schedule_get", "Show the installation schedule: which sign jobs are fitted on which day."),
    ToolSpec("install_job_remove", "Remove a sign job from the installation schedule.", annotations=GONE),
    ToolSpec("promo_code_create", "Create a promo code with a discount and an expiry date."),
    ToolSpec("promo_code_revoke", "Revoke a promo code so it can no longer be used.", annotations=GONE),
    ToolSpec("customer_account_close", "Close a customer's account for good.", annotations=GONE),
    ToolSpec("email_customer", "Send an e-mail to a customer about their sign order."),
]
PROFILES = Profiles(
    {
        "artwork_upload": ToolProfile(("SO-1001 的新设计稿帮我传上去", "upload the new artwork to SO-1002")),
        "artwork_delete": ToolProfile(("把 SO-1003 那个旧设计稿彻底删掉", "delete the old artwork file of SO-1004")),
        "install_schedule_get": ToolProfile(("周五的安装排期怎么样", "what's on the install schedule on Friday")),
        "install_job_remove": ToolProfile(
            ("支架还没到，SO-1005 撤下安装排期", "take SO-1006 off the install schedule")
        ),
        "promo_code_create": ToolProfile(("搞一个优惠码 NEWYEAR，1 月 31 号到期",)),
        "promo_code_revoke": ToolProfile(("撤销折扣码 SUMMER10", "revoke promo code SUMMER10")),
        "customer_account_close": ToolProfile(("C-3301 不再合作了，账号关掉", "close C-3302's account")),
        "email_customer": ToolProfile(("发封邮件给客户说设计稿收到了",)),
    }
)
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
