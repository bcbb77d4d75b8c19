"""不要只, 不用光 before an act ask it and more: they tell no one not to act.

On 65c0de7 "不要只取消，退款也办" (after "Shall I cancel ORD-1 and refund the payment?") was read as telling not to
cancel: its 不要 stood before two characters of an act, so the request less what it tells not to do lost the cancel.
"""

import pytest

from toolfilter_core._negated import told_not_apart


@pytest.mark.parametrize("text", ["不要只取消，退款也办", "不用光退一半，全退", "不要单取消这一单"])
def test_not_only_an_act_keeps_the_act(text: str) -> None:
    assert told_not_apart(text) == text


@pytest.mark.parametrize(("text", "ask"), [("不要取消，退款也办", "退款也办"), ("不用取消了，改到周五", "改到周五")])
def test_not_an_act_still_tells_not_to_act(text: str, ask: str) -> None:
    told = told_not_apart(text)
    assert ask in told and "取消" not in told
