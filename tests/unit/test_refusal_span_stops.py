"""A refusal's span stops where another refusal starts ("不取消也不退款": both held) and a weighed act's span stops at
不如 ("与其等待不如直接取消会员": the act after 不如 is asked). Cosines are fixed by hand, as in the span-ends tests."""

import pytest

from toolfilter_core import Reason, ToolSpec
from toolfilter_core._pipeline.unasked import split_refused

from .test_destroy_span_ends import CANCEL, FREEZE, MEMBERSHIP_CANCEL, ORDER_GET, REFUND, _select

_BOTH_REFUSED = [
    "不取消也不退款，查一下订单 ORD-1234",
    "不取消不退款，先查一下订单 ORD-1234",
    "既不取消也不退款订单 ORD-1234",
]


@pytest.mark.parametrize("text", _BOTH_REFUSED)
def test_two_refused_acts_are_both_held(text: str) -> None:
    s = _select(text, [REFUND, CANCEL, ORDER_GET])
    held = {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}
    assert {"order_refund", "order_cancel"} <= held, s.explain()


@pytest.mark.parametrize("text", _BOTH_REFUSED)
def test_each_refusal_is_its_own_span(text: str) -> None:
    spans = split_refused(text)[1].split("\n")
    assert spans[0] == "不取消" and spans[1].startswith("不退款")


@pytest.mark.parametrize("text", ["与其等待不如直接取消会员", "与其冻结不如取消会员"])
def test_the_act_after_buru_is_asked(text: str) -> None:
    tools: list[ToolSpec] = [MEMBERSHIP_CANCEL, FREEZE]
    assert "membership_cancel" in _select(text, tools, "membership_cancel").names
    assert "取消" not in split_refused(text)[1]
