"""An act put off named as a thing ("hold off on the refund") is refused like its verb ("hold off on refunding it").

On 3397520 "Hold off on the refund, but cancel order O-5512" kept the refund in the ask, so the cancel and the refund
were both said of one order and neither destroyer was sent.
"""

import pytest

from toolfilter_core._negated import told_not_apart


@pytest.mark.parametrize(
    "text",
    ["Hold off on the refund, but cancel order O-5512", "hold off on refunding it, but cancel order O-5512"],
)
def test_an_act_put_off_leaves_the_ask(text: str) -> None:
    ask = told_not_apart(text)
    assert "refund" not in ask and "cancel order O-5512" in ask


@pytest.mark.parametrize("text", ["hold off on the order list, cancel booking B-1", "hold on, cancel the refund"])
def test_a_thing_put_off_that_is_no_act_stays(text: str) -> None:
    assert "cancel" in told_not_apart(text)
