"""A Chinese read whose object names a cancel or a refund is no destroyer.

A swimming pool's ``get_centre_policy`` "查询场馆规定：预订取消时限、退款规则..." was called destructive by the 取消 in
its first clause, and every policy question lost it ("destructive and not asked for"). Cosines are fixed by hand
(``TableEmbedder``).
"""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import says_destructive

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

POLICY = ToolSpec("get_centre_policy", "查询场馆规定：预订取消时限、退款规则、次卡有效期与作废、课程退课等条款原文。")
CANCEL = ToolSpec("cancel_lane_booking", "取消订道，释放泳道。", takes("booking_id"))
TOOLS = [POLICY, CANCEL]
TABLE = tool_axes(TOOLS, padded) | act_phrases(4, 5, padded)
QUESTION = "订道提前多久取消可以退款？查一下场馆的规定"
TABLE[QUESTION] = padded(0, 0.8, 0.5, 0, 0, 0.5)


@pytest.mark.parametrize(
    ("description", "destructive"),
    [
        ("查询场馆规定：预订取消时限、退款规则、次卡有效期与作废", False),
        ("查询网店条款：订单取消时限、订阅取消与暂停规则、退款条件", False),
        ("显示已删除的文件列表", False),
        ("查询订单并取消", True),
        ("查看订单后取消", True),
        ("查询订单，取消订单", True),
        ("取消订单并退款", True),
    ],
)
def test_a_read_of_a_destroy_word_is_no_destroyer(description: str, destructive: bool) -> None:
    assert says_destructive(ToolSpec("t", description)) is destructive


def test_the_policy_read_is_sent_for_a_policy_question() -> None:
    s = hand_filter(TOOLS, TABLE, min_score=0.5).select(QUESTION)
    assert "get_centre_policy" in s.names, s.explain()
