"""A status question in few words asks no destructive act.

"Refund approved? R-9" opens with "Refund", which read as a command, and "刚才那笔交易没有作废吧？查下退款状态 R-1"
(that sale wasn't voided, was it? check refund status R-1) said 作废 beside the refund's status: both sent the
refunding tool beside ``refund_status``. Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import ToolFilter, ToolSpec
from toolfilter_core._pipeline.ask_form import about_state

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

STATUS = ToolSpec("refund_status", "Look up whether a refund was approved, pending or paid.", takes("payment_id"))
REFUND = ToolSpec("payment_refund", "Refund a payment to the customer's card.", takes("payment_id"))
TOOLS = [STATUS, REFUND, ToolSpec("order_get", "Show an order.", takes("order_id"))]
ASKED = ["Refund approved? R-9", "refund processed for R-9?", "刚才那笔交易没有作废吧？查下退款状态 R-1"]
COMMANDS = ["Refund R-9?", "refund R-9 please", "Refund damaged items for R-9"]
TABLE = tool_axes(TOOLS) | act_phrases(5, 6) | {q: unit(0, 0.8, 0.6, 0.1) for q in ASKED + COMMANDS}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize("query", ASKED)
def test_a_status_question_in_few_words_asks_a_state(query: str) -> None:
    assert about_state(query)


@pytest.mark.parametrize("query", COMMANDS)
def test_a_destroy_word_before_its_object_still_commands(query: str) -> None:
    assert not about_state(query)


@pytest.mark.parametrize("query", ASKED)
def test_a_status_question_is_not_sent_the_refunding_tool(query: str) -> None:
    names = _filter().select(query).names
    assert "refund_status" in names and "payment_refund" not in names


def test_a_refund_asked_bare_is_sent_the_refunding_tool() -> None:
    assert "payment_refund" in _filter().select("refund R-9 please").names
