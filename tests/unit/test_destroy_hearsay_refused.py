"""Another's passive report and an act refused as the alternative ask no destroy.

A carrier desk's "这个客户的账户资料帮我看一下，他说账户被删了登不上" sent ``customer_account_delete`` and
"查一下之前那笔调账 ADJ-7710 是谁做的，客户说被重复减免了" sent ``bill_adjustment_void``: the customer reports what
befell him (``past_wishes.split_hearsay``). A sports club's "Member asks whether she can pause her membership while
her ankle heals instead of cancelling." sent ``membership_cancel``: the cancel is the alternative refused
(``unasked.split_refused``). Cosines are fixed by hand (``TableEmbedder``).
"""

import numpy as np
import pytest

from toolfilter_core import Reason, ToolFilter, ToolSpec
from toolfilter_core._pipeline.ask_acts import other_acts
from toolfilter_core._pipeline.past_wishes import split_hearsay
from toolfilter_core._pipeline.reports import ask_and_reports
from toolfilter_core._pipeline.unasked import split_refused

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

ACCOUNT_DELETE = ToolSpec(
    "customer_account_delete", "Delete a customer account and all personal data. Cannot be undone.", takes("account_id")
)
ADJ_VOID = ToolSpec("bill_adjustment_void", "Void a bill adjustment that was created in error.", takes("adjustment_id"))
CANCEL = ToolSpec("membership_cancel", "Cancel a member's membership.", takes("member_id"))
CUSTOMER_GET = ToolSpec("customer_get", "Customer account profile: name, contact details.", takes("account_id"))
ADJ_QUERY = ToolSpec("billing_adjustments_query", "Query adjustments posted to an account.", takes("adjustment_id"))
FREEZE = ToolSpec("membership_freeze", "Freeze a membership for injury or travel.", takes("member_id"))
TOOLS = [ACCOUNT_DELETE, ADJ_VOID, CANCEL, CUSTOMER_GET, ADJ_QUERY, FREEZE]
DESTROYERS = {"customer_account_delete", "bill_adjustment_void", "membership_cancel"}
CASES = [
    ("这个客户的账户资料帮我看一下，他说账户被删了登不上", 0),
    ("查一下之前那笔调账 ADJ-7710 是谁做的，客户说被重复减免了", 1),
    ("Member asks whether she can pause her membership while her ankle heals instead of cancelling.", 2),
    ("先把她的会员暂停两个月，而不是取消", 2),
]
ASKED = [("他说账户被删了，帮他把账户注销掉", 0), ("cancel her membership instead of pausing it", 2)]


def _vector(destroyer: int) -> list[float]:
    """Closest to the destroyer's axis (1 + its index), then to its read's (4 + its index)."""
    out = padded(0)
    out[1 + destroyer], out[4 + destroyer] = 0.8, 0.7
    return out


TABLE = tool_axes(TOOLS, padded) | act_phrases(8, 9, padded) | {text: _vector(k) for text, k in [*CASES, *ASKED]}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        ("这个客户的账户资料帮我看一下，他说账户被删了登不上", "他说账户被删了登不上"),
        ("查一下之前那笔调账 ADJ-7710 是谁做的，客户说被重复减免了", "客户说被重复减免了"),
    ],
)
def test_another_s_passive_report_is_read_apart(text: str, apart: str) -> None:
    ask, said = split_hearsay(text)
    assert said == apart and apart not in ask


@pytest.mark.parametrize("text", ["他说被删了，帮我恢复一下吧", "客户说账户被删了，请帮他恢复", "把账户删掉"])
def test_an_ask_or_no_report_is_kept_by_hearsay(text: str) -> None:
    ask, said = split_hearsay(text)
    assert "帮" in ask or said == ""


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        ("can she pause her membership instead of cancelling", "instead of cancelling"),
        ("freeze it rather than cancelling the plan", "rather than cancelling the plan"),
        ("先暂停会员而不是取消", "而不是取消"),
        ("先把她的会员暂停两个月，而不是取消", "而不是取消"),  # the select case below is held by other readings too
        ("暂停一下，不取消", "不取消"),
    ],
)
def test_an_act_refused_as_the_alternative_is_read_apart(text: str, apart: str) -> None:
    ask, said = split_refused(text)
    assert said == apart and apart not in ask


@pytest.mark.parametrize("text", ["cancel her membership", "要不要取消会员", "取消会员"])
def test_an_asked_act_is_not_refused(text: str) -> None:
    assert split_refused(text) == (text, "")


def test_the_report_and_the_refusal_join_the_reports() -> None:
    ask, reports = ask_and_reports("帮我看下账户资料，他说账户被删了登不上")
    assert "被删了" in reports and "删" not in ask
    ask, reports = ask_and_reports("pause her membership instead of cancelling")
    assert "cancelling" in reports and "cancel" not in ask


@pytest.mark.parametrize(("text", "k"), CASES)
def test_a_report_or_a_refused_act_sends_no_destroyer(text: str, k: int) -> None:
    s = _filter().select(text)
    assert not DESTROYERS & set(s.names), s.explain()
    held = {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}
    assert TOOLS[k].name in held, s.explain()


@pytest.mark.parametrize(("text", "k"), ASKED)
def test_the_act_asked_beside_them_is_sent(text: str, k: int) -> None:
    assert TOOLS[k].name in _filter().select(text).names


REPAIR_CANCEL = ToolSpec("repair_order_cancel", "Cancel a repair order.", takes("repair_id"))
SEND_COPY = ToolSpec("bill_send_copy", "Email a copy of a bill to the customer.", takes("account_id"))
CARRIER = [REPAIR_CANCEL, SEND_COPY]
REFUND = "refund X and e-mail the customer"
CANCEL_REPAIR = "cancel repair RO-55102 and e-mail the customer"
CARRIER_TABLE = (
    tool_axes(CARRIER, padded)
    | act_phrases(8, 9, padded)
    | dict.fromkeys([REFUND, CANCEL_REPAIR], padded(0, 0.3, 0.9))
    | dict.fromkeys(["refund X", "cancel repair RO-55102"], padded(0, 0.9, 0.2))
    | {"e-mail the customer": padded(0, 0.1, 0.9)}
)


def test_an_ask_that_says_another_destroy_verb_does_not_send_its_best() -> None:
    s = hand_filter(CARRIER, CARRIER_TABLE).select(REFUND)
    assert "repair_order_cancel" not in s.names, s.explain()


def test_an_ask_that_says_its_best_s_act_sends_it() -> None:
    assert "repair_order_cancel" in hand_filter(CARRIER, CARRIER_TABLE).select(CANCEL_REPAIR).names


def test_other_acts_reads_each_ask() -> None:
    destructive = np.array([[True, False]])
    assert other_acts((("repair_order_cancel", "refund X"),), CARRIER, destructive).tolist() == [[True, False]]
    asks = (("repair_order_cancel", "refund X"), ("repair_order_cancel", "cancel RO-1"))
    assert other_acts(asks, CARRIER, destructive).tolist() == [[False, False]]
