"""Each destroy clause of a request in the other language than the tools' says its own destroyer's act.

"取消订单 ORD-5521 并注销他的账号，客户号 C-1188": 取消 (cancel) and 注销 (close, deregister) translate the verbs of
``cancel_order`` and ``delete_customer``; the whole request's act across the languages went to one of them, the order's
(it takes the order's id), and the account's closer was held as not asked. Cosines are fixed by hand
(``TableEmbedder``), near what a multilingual model gives.
"""

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.clause_things import said_across_by_clause

from .fakes import hand_filter, unit

_G = {"destructiveHint": True}


def _takes(name: str) -> dict[str, object]:
    return {"type": "object", "properties": {name: {"type": "string"}}, "required": [name]}


TOOLS = [
    ToolSpec("get_order", "Show an order's items, status and delivery date.", _takes("order_id")),
    ToolSpec("cancel_order", "Cancel an order before it ships.", _takes("order_id"), annotations=_G),
    ToolSpec("refund_order", "Refund an order's payment to the customer.", _takes("order_id"), annotations=_G),
    ToolSpec("delete_customer", "Delete a customer account and all its data.", _takes("customer_id"), annotations=_G),
    ToolSpec("send_email", "Send an email to a customer.", _takes("to")),
]
_NEAR = unit(0, 0.32, 0.43, 0.27, 0.28, 0.18)  # the order's canceller first, the account's closer fourth
_BOTH = "取消订单 ORD-5521 并注销他的账号，客户号 C-1188"
_ONE = "取消订单 ORD-5521，别注销他的账号，客户号 C-1188"
TABLE = {t.document(): unit(*([0.0] * (i + 1) + [1.0])) for i, t in enumerate(TOOLS)} | {_BOTH: _NEAR, _ONE: _NEAR}


def test_each_clause_sends_its_own_destroyer() -> None:
    names = hand_filter(TOOLS, TABLE, min_score=0.2).select(_BOTH).names
    assert {"cancel_order", "delete_customer"} <= set(names), names
    assert "refund_order" not in names


def test_a_clause_told_not_to_sends_none() -> None:
    names = hand_filter(TOOLS, TABLE, min_score=0.2).select(_ONE).names
    assert "cancel_order" in names
    assert "delete_customer" not in names


@pytest.mark.parametrize(
    ("text", "said", "want"),
    [
        (_BOTH, [True, False, False], [True, False, True]),  # the second clause's on its account
        ("取消那个，注销那个", [True, False, False], [True, False, False]),  # on no thing of a destroyer's
        (_BOTH, [False, False, False], [False, False, False]),  # the request says no act to begin with
    ],
)
def test_said_across_by_clause_reads_each_clause(text: str, said: list[bool], want: list[bool]) -> None:
    tools = [t for t in TOOLS if t.annotations]
    out = said_across_by_clause(text, tools, np.array([[True, True, True]]), None, np.array([said]))
    assert out.tolist() == [want]
