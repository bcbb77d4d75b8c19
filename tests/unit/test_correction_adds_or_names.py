"""A correction's word that adds to the act before it or stresses it takes nothing back; one that names another
record alone keeps the act on that record.

On 3397520 "Can you cancel O-5512? No wait, also refund it" and "cancel order O-5512, actually also refund it" asked
the refund alone, "删除订单 O-5512，我是说真的" asked no delete, and "取消订单 O-5512，不对，是订单 O-5513" no
cancel at all.
"""

import pytest

from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.reports import ask_and_reports


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Can you cancel O-5512? No wait, also refund it", "cancel"),
        ("cancel order O-5512, actually also refund it", "cancel"),
        ("cancel order O-5512, no wait, refund it too", "cancel"),
        ("删除订单 O-5512，我是说真的", "删除"),
        ("取消订单 O-5512，算了，也退款吧", "取消"),
    ],
)
def test_a_correction_that_adds_or_stresses_keeps_the_act(text: str, act: str) -> None:
    ask, _ = ask_and_reports(text)
    assert act in ask and request_is_destructive(ask)


@pytest.mark.parametrize(
    ("text", "kept", "gone"),
    [
        ("取消订单 O-5512，不对，是订单 O-5513", "取消订单 O-5513", "O-5512"),
        ("cancel order O-5512, no wait, order O-5513", "cancel order O-5513", "O-5512"),
        ("cancel order O-5512, actually I meant O-5513", "cancel order O-5513", "O-5512"),
        ("取消订单 R-21030，不对，是订单 R-21031 那个", "取消订单 R-21031", "R-21030"),
        ("cancel order R-21030, no wait, order R-21031 is the one", "cancel order R-21031", "R-21030"),
    ],
)
def test_a_correction_of_the_record_keeps_the_act_on_the_new_one(text: str, kept: str, gone: str) -> None:
    ask, reports = ask_and_reports(text)
    assert kept in ask and gone not in ask and gone in reports


@pytest.mark.parametrize(
    "text",
    [
        "remove the blue-light line? no wait, first tell me what lines GO-60213 has",
        "删掉订单 GO-60213，算了，先查一下它的状态",
        "cancel order O-5512, actually just show order O-5513",
        "删除订单 O-5512，算了，查一下订单 O-5513",
        "cancel order R-21030, no wait, order R-21031 is the one to check",
        "cancel the live class? no — just show me the reviews for crs-7",
        "cancel order O-1? no, just show me its status",
    ],
)
def test_a_correction_that_says_another_act_still_takes_the_first_back(text: str) -> None:
    assert not request_is_destructive(ask_and_reports(text)[0])
