"""A sign maker's registry and its tool profiles, shared by the unit and integration tests of its readings.

Written by a language model from a sign maker's acts alone (artwork, installs, promo codes, accounts), with no
toolfilter data in view.
"""

from __future__ import annotations

from toolfilter_core import ToolProfile, ToolSpec

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
PROFILED = {
    "artwork_upload": ToolProfile(("SO-1001 的新设计稿帮我传上去", "upload the new artwork to SO-1002")),
    "artwork_delete": ToolProfile(("把 SO-1003 那个旧设计稿彻底删掉", "delete the old artwork file of SO-1004")),
    "install_schedule_get": ToolProfile(("周五的安装排期怎么样", "what's on the install schedule on Friday")),
    "install_job_remove": ToolProfile(("支架还没到，SO-1005 撤下安装排期", "take SO-1006 off the install schedule")),
    "promo_code_create": ToolProfile(("搞一个优惠码 NEWYEAR，1 月 31 号到期",)),
    "promo_code_revoke": ToolProfile(("撤销折扣码 SUMMER10", "revoke promo code SUMMER10")),
    "customer_account_close": ToolProfile(("C-3301 不再合作了，账号关掉", "close C-3302's account")),
    "email_customer": ToolProfile(("发封邮件给客户说设计稿收到了",)),
}
