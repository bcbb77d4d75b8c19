"""Whole selections, the real default embedder: a Chinese act undone (取消订阅) keeps its tool, a refund paid by check
stays a refund, a withdrawal negated or of another clause offers no withdrawal."""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration


def _takes(*keys: str) -> dict[str, object]:
    return {"type": "object", "properties": {k: {"type": "string"} for k in keys}}


UNDO = [
    ToolSpec("newsletter_subscribe", "Subscribe a customer's email to the newsletter.", _takes("email")),
    ToolSpec("newsletter_unsubscribe", "Unsubscribe a customer's email from the newsletter.", _takes("email")),
    ToolSpec("card_freeze", "Freeze a customer's bank card so it cannot be used.", _takes("card_id")),
    ToolSpec("card_unfreeze", "Unfreeze a customer's bank card.", _takes("card_id")),
    ToolSpec("account_lock", "Lock a user account.", _takes("account_id")),
    ToolSpec("account_unlock", "Unlock a user account.", _takes("account_id")),
    ToolSpec("user_block", "Block a user from messaging.", _takes("user_id")),
    ToolSpec("user_unblock", "Unblock a user.", _takes("user_id")),
]
SHOP = [
    ToolSpec("sales_order_get", "Get a sales order.", _takes("order_id")),
    ToolSpec("refund_by_check", "Issue a refund to a customer as a paper check.", _takes("order_id", "amount")),
    ToolSpec("refund_status_get", "Get the status of a refund.", _takes("refund_id")),
]
CLUB = [
    ToolSpec(
        "tournament_withdraw_team",
        "Withdraw a team from a tournament. Entry fee is forfeited after the deadline.",
        _takes("tournament_id", "team_id"),
        annotations={"destructiveHint": True},
    ),
    ToolSpec("tournament_list", "List upcoming tournaments.", _takes()),
    ToolSpec("tournament_register_team", "Enter a team into a tournament.", _takes("tournament_id")),
]


@pytest.mark.parametrize(
    ("request_", "tool"),
    [
        ("帮我取消订阅邮件通讯 a@b.com", "newsletter_unsubscribe"),
        ("取消冻结银行卡 C-1234", "card_unfreeze"),
        ("解除锁定账户 U-55", "account_unlock"),
        ("取消屏蔽用户 U-9", "user_unblock"),
    ],
)
def test_a_chinese_act_undone_keeps_the_undoing_tool(default_embedder: Embedder, request_: str, tool: str) -> None:
    selection = ToolFilter(UNDO, embedder=default_embedder).select(request_)
    assert tool in selection.names, selection.explain()


@pytest.mark.parametrize(
    "request_", ["has my refund for order O-77 gone through?", "when will I get my refund, order O-77"]
)
def test_a_refund_paid_by_check_is_no_read(default_embedder: Embedder, request_: str) -> None:
    selection = ToolFilter(SHOP, embedder=default_embedder).select(request_)
    assert "refund_status_get" in selection.names, selection.explain()
    assert "refund_by_check" not in selection.names, selection.explain()


@pytest.mark.parametrize(
    "request_",
    [
        "我们不退赛了，队伍 T-9，看下赛程",
        "we are not pulling out of the spring open, team T-9, list tournaments",
        "退出登录后看不到比赛赛程了，帮我查一下赛程",
    ],
)
def test_a_withdrawal_negated_or_of_another_clause_is_not_offered(default_embedder: Embedder, request_: str) -> None:
    selection = ToolFilter(CLUB, embedder=default_embedder).select(request_)
    assert "tournament_withdraw_team" not in selection.names, selection.explain()


def test_a_withdrawal_asked_is_offered(default_embedder: Embedder) -> None:
    selection = ToolFilter(CLUB, embedder=default_embedder).select("we're pulling out of the spring open, team T-9")
    assert "tournament_withdraw_team" in selection.names, selection.explain()
