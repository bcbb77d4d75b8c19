"""Requests read as destroying when they ask for nothing destroyed.

A supply outage forecast or reported ("明天要停水", "The storm cut off power to our block") read as asking a supply
cut; a refund refused ("押金不要退给我") or a private debt ("我要退还借朋友的钱") as asking a refund, and a third
person's "give back my deposit" as a private debt; "close my account too" and "关闭账号12345" asked no account
closed; "can I get my 2 tickets back?" read as a refund with no money said.
"""

import pytest

from toolfilter_core._hints import (
    _CLOSE_ACCOUNT,
    _cut_supply_asked,
    _money_back_asked,
    asks_money_back_zh,
)


@pytest.mark.parametrize(
    "text",
    [
        "明天要停水",
        "听说明天要停电",
        "小区现在停电，怎么办",
        "物业说马上停水",
        "The storm cut off power to our block",
        "they cut our water off yesterday",
    ],
)
def test_a_supply_cut_forecast_or_reported_asks_no_cut(text: str) -> None:
    assert not _cut_supply_asked(text), text


@pytest.mark.parametrize(
    "text",
    [
        "请给幸福路18号停水",
        "把这个空房的电停掉",
        "这户长期欠费，马上停电",
        "请明天给幸福路18号停水",
        "disconnect the electricity at 18 Xingfu Rd",
        "please cut off the power at 5 Lake View",
        "can you shut the water off at unit 5?",
        "The tenant left, cut off the power at 5 Lake View",
    ],
)
def test_a_supply_cut_told_asks_the_cut(text: str) -> None:
    assert _cut_supply_asked(text), text


@pytest.mark.parametrize(
    "text",
    [
        "押金不要退给我，直接抵下个月房租",
        "我不想退回押金",
        "押金能不能不退还？",
        "我要退还借朋友的钱",
        "我得把钱还给朋友",
    ],
)
def test_a_refund_refused_or_a_private_debt_asks_no_refund_zh(text: str) -> None:
    assert not asks_money_back_zh(text), text


@pytest.mark.parametrize(
    "text",
    ["我多交了 300 块钱，能退回来吗？", "押金能不能退还给我？", "余额退回到借记卡可以吗？", "多交的钱请退还给我"],
)
def test_a_refund_asked_in_chinese_still_asks(text: str) -> None:
    assert asks_money_back_zh(text), text


@pytest.mark.parametrize(
    "text",
    [
        "my landlord should give back my deposit",
        "they need to give back my deposit",
        "you should give back my deposit",
        "can I get the 300 I overpaid back?",
        "could I get the $45 extra back please",
        "can I get the 20 dollars back",
    ],
)
def test_money_given_back_to_the_asker_asks_a_refund(text: str) -> None:
    assert _money_back_asked(text), text


@pytest.mark.parametrize(
    "text",
    [
        "my flatmate should give back the money I lent her",
        "he has to pay back the money he borrowed from me",
        "my friend will pay back the money",
        "I'll pay back the fee next week",
        "can I get my 2 tickets back?",
        "I want to get 3 days of leave back",
    ],
)
def test_a_private_debt_or_no_money_asks_no_refund(text: str) -> None:
    assert not _money_back_asked(text), text


@pytest.mark.parametrize(
    "text",
    [
        "please close my account too",
        "close my account next week",
        "close my account this week",
        "I want to close my account entirely",
        "close my account — I'm done",
        "close my account as well",
        "请关闭我的账号 谢谢",
        "关闭账号12345",
        "关闭账号 12345，谢谢",
    ],
)
def test_an_account_closed_with_a_word_after_asks_the_close(text: str) -> None:
    assert _CLOSE_ACCOUNT.search(text), text


@pytest.mark.parametrize(
    "text", ["帮我关闭账号的登录提醒", "close the account settings page", "close the accounts payable period"]
)
def test_a_noun_after_the_account_asks_no_close(text: str) -> None:
    assert not _CLOSE_ACCOUNT.search(text), text
