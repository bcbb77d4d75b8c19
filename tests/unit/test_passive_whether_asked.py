"""A Chinese passive asked with 了吗 asks whether the act was done, whatever stands between 被 and the verb.

"小王被从周六的班次里撤下来了吗？查一下 BK-61120 是谁在做" sent ``shift_remove`` ("the request says its own act"):
the 被 …了吗 clause asks whether Xiao Wang was taken off the shift, no act; the ask is the check.
"""

from __future__ import annotations

import pytest

from toolfilter_core._pipeline.past_wishes import split_done
from toolfilter_core._pipeline.reports import ask_and_reports


@pytest.mark.parametrize(
    "question",
    ["小王被从周六的班次里撤下来了吗？", "这位客户被从黑名单里移掉了么？", "他的账号被管理员停掉了吗"],
)
def test_a_passive_asked_with_le_ma_is_told_done(question: str) -> None:
    ask, done = ask_and_reports(f"{question}，查一下 BK-61120 是谁在做")
    assert question in done
    assert "查一下 BK-61120" in ask and "被" not in ask


@pytest.mark.parametrize(
    "request_",
    [
        "能把小王从周六的班次里撤下来了吗？",  # asks the act (能, 把)
        "帮我把被投诉的小王从周六的班次里撤下来",  # 被 modifies who; no 了吗
    ],
)
def test_an_ask_of_the_act_stays(request_: str) -> None:
    assert split_done(request_) == (request_, "")
