"""A destroyer that takes only the id the request carries beside its destroy act stays out.

Not where the destroy clause points back to its record: "ORD-5521 was a duplicate. Customer C-1188 asked us to cancel
it" was sent no destroyer, ``cancel_order`` held as taking only an id beside the act. Nor where the destroy clause
names the destroyer's thing in other words: "Cancel ORD-5521 and close their account as well; customer number C-1188"
held ``delete_customer`` (its account, not a word of its name), and then sent ``cancel_order`` alone.

"Cancel visit V-8812 and let customer C-6612 know by email" was sent ``account_close`` beside ``visit_cancel``: the
customer's id, there for the e-mail, let the account closer in as taking "the id the request carries".
Cosines are fixed by hand (``TableEmbedder``); the ids' owners are read from the parameters' examples.
"""

from collections.abc import Callable

import numpy as np
import pytest
from numpy.typing import NDArray

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.ids_beside import taken_beside

from .fakes import hand_filter, unit


def _takes(name: str, description: str = "") -> dict[str, object]:
    said = {"description": description} if description else {}
    return {"type": "object", "properties": {name: {"type": "string", **said}}, "required": [name]}


_CLOSE = "Close a customer's account permanently: ends all contracts, stops billing and deletes payment methods."


TOOLS = [
    ToolSpec("visit_cancel", "Cancel a scheduled visit", _takes("visit_id")),  # its ids' shape unknown
    ToolSpec("account_close", _CLOSE, _takes("customer_id", "customer id, e.g. C-1001")),
    ToolSpec("send_email", "Send an e-mail to a customer", _takes("customer_id", "customer id, e.g. C-1001")),
]
TABLE = {t.document(): unit(*([0.0] * (i + 1) + [1.0])) for i, t in enumerate(TOOLS)} | {
    # nearest the account closer, then the e-mail and the visit canceller
    "Cancel visit V-8812 and let customer C-6612 know by email": unit(0, 0.5, 0.7, 0.5),
    "Nuke visit V-3391, customer C-2020 moved out": unit(0, 0.4, 0.85, 0.2),
    "把 V-4410 那次上门取消掉，并给客户发个短信说一声，客户号 C-1188": unit(0, 0.4, 0.7, 0.55),
    "close customer C-6612's account": unit(0, 0.2, 0.95, 0.2),
}


def _beside(
    takes: Callable[[str], list[bool]], text: str, tools: list[ToolSpec], rows: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """``taken_beside`` with ``takes`` read on the whole text too, as ``decide`` reads it."""
    return taken_beside(takes(text), takes, text, tools, rows)


@pytest.mark.parametrize("request_", [r for r in TABLE if "V-" in r])
def test_the_customer_id_beside_a_visit_cancel_lets_no_account_closer_in(request_: str) -> None:
    chosen = hand_filter(TOOLS, TABLE, min_score=0.3).select(request_).names
    assert "account_close" not in chosen


@pytest.mark.parametrize("request_", [r for r in TABLE if "V-" in r])
def test_the_visit_cancel_beside_the_customer_id_is_sent(request_: str) -> None:
    """In Chinese too: 取消 says ``account_close``'s act across the languages; the customer's id is the message's."""
    chosen = hand_filter(TOOLS, TABLE, min_score=0.3).select(request_).names
    assert "visit_cancel" in chosen
    assert "send_email" in chosen


def test_an_account_close_asked_on_its_id_is_still_sent() -> None:
    assert "account_close" in hand_filter(TOOLS, TABLE, min_score=0.3).select("close customer C-6612's account").names


def test_taken_beside_reads_the_ids_of_the_clause_saying_the_destroy_act() -> None:
    def takes(text: str) -> list[bool]:
        return ["V-" in text, "C-" in text]

    destructive = np.array([[True, True]])
    tools = TOOLS[:2]
    beside = _beside(takes, "把 V-4410 那次上门取消掉，并给客户发个短信说一声，客户号 C-1188", tools, destructive)
    assert beside.tolist() == [[False, True]]
    assert not _beside(takes, "close customer C-1188's account", tools, destructive).any()
    assert not _beside(takes, "For customer C-5, delete the account", tools, destructive).any()


def test_a_destroyer_whose_object_the_destroy_clause_names_is_not_beside() -> None:
    # the child's id is where the act is; the pickup person's id, the tool's, is said beside it
    tools = [
        ToolSpec("withdraw_child", "办理幼儿退园，删除在园记录。", _takes("child_id")),
        ToolSpec("revoke_pickup_person", "撤销某位接送人的接送授权，门禁立即失效。", _takes("person_id")),
    ]

    def takes(text: str) -> list[bool]:
        return ["KD-" in text, "PP-" in text]

    destructive = np.array([[True, True]])
    assert not _beside(takes, "撤销 KD-2150 外婆的接送授权，接送人编号 PP-901", tools, destructive).any()
    assert _beside(takes, "把 KD-2150 那次体检取消掉，接送人编号 PP-901", tools, destructive).tolist() == [
        [False, True]
    ]


_G = {"destructiveHint": True}


def _order_tools() -> list[ToolSpec]:
    return [
        ToolSpec("get_order", "Show an order's items, status and delivery date.", _takes("order_id")),
        ToolSpec("cancel_order", "Cancel an order before it ships.", _takes("order_id"), annotations=_G),
        ToolSpec("refund_order", "Refund an order's payment to the customer.", _takes("order_id"), annotations=_G),
        ToolSpec("delete_customer", "Delete a customer account and its data.", _takes("customer_id"), annotations=_G),
        ToolSpec("send_email", "Send an email to a customer.", _takes("to")),
    ]


@pytest.mark.parametrize(
    "request_",
    ["ORD-5521 was a duplicate. Customer C-1188 asked us to cancel it", "ORD-5521 重复了，客户 C-1188 让我们把它取消"],
)
def test_a_destroy_clause_pointing_back_to_its_record_holds_nothing(request_: str) -> None:
    def takes(text: str) -> list[bool]:
        return ["ORD-" in text, "ORD-" in text, "C-" in text]

    tools = [t for t in _order_tools() if t.annotations]
    assert not _beside(takes, request_, tools, np.array([[True, True, True]])).any()


def test_a_cancel_of_it_beside_the_customers_id_is_sent() -> None:
    text = "ORD-5521 was a duplicate. Customer C-1188 asked us to cancel it"
    assert "cancel_order" in ToolFilter(_order_tools(), embedder=HashingEmbedder()).select(text).names


_BOTH = "Cancel ORD-5521 and close their account as well; customer number C-1188"


def test_a_destroyer_whose_thing_the_destroy_clause_names_in_other_words_is_not_beside() -> None:
    def takes(text: str) -> list[bool]:
        return ["ORD-" in text, "ORD-" in text, "C-" in text]

    tools = [t for t in _order_tools() if t.annotations]
    assert not _beside(takes, _BOTH, tools, np.array([[True, True, True]])).any()


def test_a_cancel_and_an_account_closed_with_its_id_after_are_both_sent() -> None:
    names = ToolFilter(_order_tools(), embedder=HashingEmbedder()).select(_BOTH).names
    assert {"cancel_order", "delete_customer"} <= set(names) and "refund_order" not in names, names
