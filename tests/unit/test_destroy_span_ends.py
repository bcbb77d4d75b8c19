"""A refused, weighed or reported act's span ends where its act's object ends; a refund is not a cancel.

"reject the refund request for TK-1" sent ``takeaway_order_refund`` ("request" asks the act only once granted).
"客户在考虑：要不要取消订单 ORD-1234，先查下状态" sent ``order_cancel`` (a colon parts a clause only after a worry).
"我们不得不取消订单" (have to) held the cancel; "不退款直接取消订单" read the cancel as refused too. "客户说被
重复扣款了直接退款" read the refund asked as the report. "freeze rather than cancel her membership", "她不是要取消会员",
"与其取消会员" sent ``membership_cancel``. "refund the repair RO-55102 …" sent ``repair_order_cancel``, ranked first.
"他说账户没被删" sent ``customer_account_delete``; "暂时不擦除" sent ``device_wipe``. Cosines are fixed by hand
(``TableEmbedder``): the first tool of each registry ranks first, the second next.
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import Reason, Selection, ToolSpec
from toolfilter_core._pipeline.noun_acts import names_acts_only
from toolfilter_core._pipeline.past_wishes import split_hearsay
from toolfilter_core._pipeline.unasked import split_refused
from toolfilter_core._pipeline.wishes import split_wishes

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

id_acts = importlib.import_module("toolfilter_core._pipeline.id_acts")

ORDER = takes("order_id")
CANCEL = ToolSpec("order_cancel", "Cancel an order that has not shipped.", ORDER)
REFUND = ToolSpec("order_refund", "Refund an order to the original payment method.", ORDER)
ORDER_GET = ToolSpec("order_get", "Get an order by its id: items, status, total.", ORDER)
TAKEAWAY_REFUND = ToolSpec("takeaway_order_refund", "Refund a takeaway order to the customer.", takes("order_id"))
TAKEAWAY_STATUS = ToolSpec("takeaway_order_status", "Status of a takeaway order.", takes("order_id"))
MEMBERSHIP_CANCEL = ToolSpec("membership_cancel", "Cancel a member's membership.", takes("member_id"))
FREEZE = ToolSpec("membership_freeze", "Freeze (pause) a membership for injury or travel.", takes("member_id"))
REPAIR_CANCEL = ToolSpec("repair_order_cancel", "Cancel a repair order.", takes("repair_id"))
SEND_COPY = ToolSpec("bill_send_copy", "Email a copy of a bill to the customer.", takes("account_id"))
POLICY_CANCEL = ToolSpec(
    "policy_cancel", "Cancel a policy. Ends coverage and triggers a pro-rata refund.", takes("policy_id")
)
POLICY_GET = ToolSpec("policy_get", "Get a policy: holder, cover, premium.", takes("policy_id"))
PAYMENT_VOID = ToolSpec(
    "premium_payment_void", "Void a premium payment: reverses the recorded payment.", takes("payment_id")
)
ACCOUNT_DELETE = ToolSpec(
    "customer_account_delete", "Delete a customer account and all personal data.", takes("account_id")
)
CUSTOMER_GET = ToolSpec("customer_get", "Customer account profile: name, contact details.", takes("account_id"))
WIPE = ToolSpec("device_wipe", "Remotely wipe a managed device (factory reset, all data erased).", takes("asset"))
LOCK = ToolSpec("device_lock", "Remote lock a lost device.", takes("asset"))

HELD = [
    ("reject the refund request for TK-1", [TAKEAWAY_REFUND, TAKEAWAY_STATUS]),
    ("show me the refund request for TK-1", [TAKEAWAY_REFUND, TAKEAWAY_STATUS]),
    ("客户在考虑：要不要取消订单 ORD-1234，先查下状态", [CANCEL, ORDER_GET]),
    ("不退款直接取消订单 ORD-1234", [REFUND, CANCEL, ORDER_GET]),
    ("不要退款只要取消订单 ORD-1234", [REFUND, CANCEL, ORDER_GET]),
    ("Member wants to freeze rather than cancel her membership.", [MEMBERSHIP_CANCEL, FREEZE]),
    ("Rather than cancel her membership, freeze it for two months", [MEMBERSHIP_CANCEL, FREEZE]),
    ("她不是要取消会员，是要暂停", [MEMBERSHIP_CANCEL, FREEZE]),
    ("与其取消会员，不如先冻结两个月", [MEMBERSHIP_CANCEL, FREEZE]),
    ("refund the repair RO-55102 and e-mail the customer", [REPAIR_CANCEL, SEND_COPY]),
    ("refund the customer for the already cancelled policy P-2024-00123", [POLICY_CANCEL, POLICY_GET]),
    ("帮我看一下账户资料，他说账户没被删，但是登不上", [ACCOUNT_DELETE, CUSTOMER_GET]),
    ("笔记本 UNI-5521 被偷了，先锁定，暂时不擦除", [WIPE, LOCK]),
]
SENT = [
    ("approve the refund request for TK-1", [TAKEAWAY_REFUND, TAKEAWAY_STATUS], "takeaway_order_refund"),
    ("客户很担心：取消订单 ORD-1234", [CANCEL, ORDER_GET], "order_cancel"),
    ("仓库没货了，我们不得不取消订单 ORD-1234", [CANCEL, ORDER_GET], "order_cancel"),
    ("不退款直接取消订单 ORD-1234", [REFUND, CANCEL, ORDER_GET], "order_cancel"),
    ("不要退款只要取消订单 ORD-1234", [REFUND, CANCEL, ORDER_GET], "order_cancel"),
    ("客户说被重复扣款了直接退款订单 ORD-1234", [REFUND, ORDER_GET], "order_refund"),
    ("cancel the repair RO-55102 and e-mail the customer", [REPAIR_CANCEL, SEND_COPY], "repair_order_cancel"),
    ("refund the double payment on P-2021-777", [PAYMENT_VOID, POLICY_GET], "premium_payment_void"),
    ("Cancel her membership instead of freezing it", [MEMBERSHIP_CANCEL, FREEZE], "membership_cancel"),
]


def _select(text: str, tools: list[ToolSpec], first: str | None = None) -> Selection:
    """``text`` through a filter of ``tools`` whose first tool (or ``first``) ranks first, the next ones after it."""
    order = sorted(range(len(tools)), key=lambda i: tools[i].name != first) if first else range(len(tools))
    vector = padded(0)
    for rank, i in enumerate(order):
        vector[1 + i] = 0.8 - 0.1 * rank
    table = tool_axes(tools, padded) | act_phrases(8, 9, padded) | {text: vector}
    return hand_filter(tools, table).select(text)


@pytest.mark.parametrize(("text", "tools"), HELD)
def test_a_refused_weighed_or_reported_act_sends_no_destroyer(text: str, tools: list[ToolSpec]) -> None:
    s = _select(text, tools)
    assert tools[0].name not in s.names, s.explain()
    assert tools[0].name in {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}, s.explain()


@pytest.mark.parametrize(("text", "tools", "name"), SENT)
def test_the_act_asked_beside_them_is_sent(text: str, tools: list[ToolSpec], name: str) -> None:
    s = _select(text, tools, name)
    assert name in s.names, s.explain()


@pytest.mark.parametrize(
    ("text", "noun"),
    [
        ("reject the refund request for TK-1", True),
        ("show me the refund request for TK-1", True),
        ("approve the refund request for TK-1", False),
        ("go ahead with the refund request on TK-1", False),
    ],
)
def test_a_request_asks_its_act_only_once_granted(text: str, noun: bool) -> None:
    assert names_acts_only(text) is noun


def test_a_colon_parts_only_after_a_worry() -> None:
    assert "取消" in split_wishes("客户在考虑：要不要取消订单 ORD-1234，先查下状态")[1]
    assert "取消" not in split_wishes("客户很担心：取消 PJ-30417")[1]


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        ("不退款直接取消订单 ORD-1234", "不退款"),
        ("不要退款只要取消订单 ORD-1234", "不要退款"),
        ("仓库没货了，我们不得不取消订单 ORD-1234", ""),
        ("Member wants to freeze rather than cancel her membership.", "rather than cancel her membership"),
        ("她不是要取消会员，是要暂停", "不是要取消会员"),
        ("与其取消会员，不如先冻结两个月", "与其取消会员"),
        ("先锁定，暂时不擦除", "不擦除"),
    ],
)
def test_a_refused_span_ends_at_its_object(text: str, apart: str) -> None:
    assert split_refused(text)[1] == apart


def test_a_passive_report_ends_where_an_ask_starts() -> None:
    assert split_hearsay("客户说被重复扣款了直接退款订单 ORD-1234")[1] == "客户说被重复扣款了"
    assert split_hearsay("帮我看一下账户资料，他说账户没被删，但是登不上")[1] == "他说账户没被删"


def test_a_refund_is_no_cancel_unless_a_reversal_of_the_object_named() -> None:
    tools = [REPAIR_CANCEL, PAYMENT_VOID, SEND_COPY]
    destructive, said = np.array([[True, True, False]]), np.zeros((1, 3), dtype=bool)
    assert id_acts.another_act_only("refund the repair RO-1", tools, destructive, said).tolist() == [
        [True, False, False]
    ]
    assert not id_acts.another_act_only("cancel the repair RO-1 and refund it", tools, destructive, said).any()
    assert id_acts.another_act_only("refund the double payment", tools, destructive, said).tolist() == [
        [True, False, False]
    ]


def test_a_refund_to_a_customer_is_no_customer_delete() -> None:
    """ "the cancellation can wait, first refund the customer for R-21030" let ``delete_customer`` in, ranked first."""
    delete = ToolSpec("delete_customer", "Delete a customer account and personal data.")
    refund = ToolSpec("refund_payment", "Refund a payment in full or in part.")
    destructive, said = np.array([[True, True]]), np.zeros((1, 2), dtype=bool)
    ask = "first refund the customer for R-21030"
    assert id_acts.another_act_only(ask, [delete, refund], destructive, said).tolist() == [[True, False]]
    asked = "refund the customer and delete their account"
    assert not id_acts.another_act_only(asked, [delete, refund], destructive, said).any()
