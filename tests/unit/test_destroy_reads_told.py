"""Accounts closed, supplies cut and money back: asked, refused or only reported.

"关闭账号12345的自动续费" (turn off the auto-renew of account 12345) read as closing the account: the id swallowed the
Chinese after it. "don't close my account", "请不要关闭账号12345" read as asking the close. "go cut off the power
at 5 Lake View", "let's disconnect ...", "明天切断3号楼的电" asked no supply cut; "can I get the 45 back you took
from my card", "租借的自行车押金请退还", "别忘了把押金退给我" asked no money back.
"""

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import (
    _CLOSE_ACCOUNT,
    _cut_supply_asked,
    _money_back_asked,
    asks_money_back_zh,
    request_is_destructive,
)
from toolfilter_core._negated import refused_acts, refused_apart

CLOSE_ACCOUNT = ToolSpec("close_account", "Close a customer account permanently and delete its data.")


@pytest.mark.parametrize(
    "text",
    ["关闭账号12345的自动续费", "关闭账号12345的通知", "帮我关闭账号A1的登录提醒", "关闭账号A-1的短信提醒"],
)
def test_a_noun_after_the_accounts_id_asks_no_close(text: str) -> None:
    assert not _CLOSE_ACCOUNT.search(text), text


@pytest.mark.parametrize("text", ["关闭账号12345", "关闭账号A-1吧", "关闭账号 12345，谢谢", "请关闭账号ab12cd 谢谢"])
def test_an_accounts_id_at_its_clauses_end_asks_the_close(text: str) -> None:
    assert _CLOSE_ACCOUNT.search(text), text


@pytest.mark.parametrize(
    "text",
    [
        "don't close my account",
        "do not close my account next week",
        "I never asked you to close my account too",
        "please don't close my library account",
        "请不要关闭账号12345",
        "别关闭账号12345，谢谢",
        "先别把账户关闭",
    ],
)
def test_a_refused_account_close_asks_none_and_holds_the_closer(text: str) -> None:
    ask, refused = refused_apart(text)
    assert not request_is_destructive(ask), ask
    assert refused_acts(refused, [CLOSE_ACCOUNT], np.array([[True]]), np.array([[False]]))[0, 0], refused


@pytest.mark.parametrize("text", ["close my account", "关闭账号12345", "don't email me, close my account"])
def test_an_account_close_asked_is_no_refusal(text: str) -> None:
    assert request_is_destructive(refused_apart(text)[0]), text


@pytest.mark.parametrize(
    "text",
    [
        "go cut off the power at 5 Lake View",
        "Tenant moved out - cut off the power at 5 Lake View",
        "Tenant moved out — cut off the power at 5 Lake View",
        "let's disconnect the electricity at 5 Lake View",
        "we have to cut off the power at 5 Lake View",
        "time to cut off the power at 5 Lake View",
        "明天切断3号楼的电",
        "今晚把3号楼的电停掉",
    ],
)
def test_a_supply_cut_told_in_other_words_asks_the_cut(text: str) -> None:
    assert _cut_supply_asked(text), text


@pytest.mark.parametrize(
    "text",
    [
        "the storm cut off power",
        "The storm cut off power to our block",
        "we had to cut off the power last winter",
        "明天要停水",
        "明天停电",
        "听说明天要切断3号楼的电",
        "明天会切断3号楼的电",
    ],
)
def test_a_supply_cut_reported_or_forecast_asks_none(text: str) -> None:
    assert not _cut_supply_asked(text), text


@pytest.mark.parametrize(
    "text",
    ["can I get the 45 back you took from my card", "could I get the 45 back that you charged me"],
)
def test_an_amount_got_back_that_was_taken_asks_a_refund(text: str) -> None:
    assert _money_back_asked(text), text


@pytest.mark.parametrize(
    "text",
    ["the money I borrowed", "can I get my 2 tickets back?", "can I get the 2 back you took from the shelf"],
)
def test_no_money_got_back_asks_no_refund(text: str) -> None:
    assert not _money_back_asked(text), text


@pytest.mark.parametrize(
    "text",
    [
        "租借的自行车押金请退还",
        "借书押金请退还给我",
        "别忘了把押金退给我",
        "没问题的话押金退给我吧",
        "不要忘了把押金退还给我",
    ],
)
def test_a_deposit_back_asked_with_a_borrow_or_a_not_asks_a_refund_zh(text: str) -> None:
    assert asks_money_back_zh(text), text


@pytest.mark.parametrize("text", ["押金不要退给我", "借朋友的钱", "我要退还借朋友的钱", "押金别退给我", "押金没退给我"])
def test_a_refund_refused_or_a_loan_still_asks_none_zh(text: str) -> None:
    assert not asks_money_back_zh(text), text
