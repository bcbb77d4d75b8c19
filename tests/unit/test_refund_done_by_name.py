"""A refund named as what a generic verb does is a refund: ``order_refund_process``, "Process a ... refund".

A box office's ``order_refund_process`` ("Process a ticket order refund back to the customer's payment method") was
not read as destructive, so the guard never held it: a refund status question was sent it. A last name word that only
says an act is done (process, issue, execute...) is read past, and a description whose opening verb is one reads its
object: a refund there is the tool's act. Reads of refunds stay reads. Fake embedder (``HashingEmbedder``).
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._hints import says_destructive
from toolfilter_core._pipeline.objects import destroyer_of_named_record, destroyer_of_said_object


def _takes(name: str) -> dict[str, object]:
    return {"type": "object", "properties": {name: {"type": "string"}}, "required": [name]}


PROCESS = ToolSpec(
    "order_refund_process",
    "Process a ticket order refund back to the customer's payment method (finance team API).",
    _takes("booking_ref"),
)
OFFICE = [
    ToolSpec("refund_status", "Check the status of a refund: requested, approved, paid out or rejected.", _takes("b")),
    ToolSpec("booking_get", "Look up a booking by its reference: seats, event, payment status.", _takes("booking_ref")),
    ToolSpec("booking_change_seats", "Move a booking to other seats of the same performance.", _takes("booking_ref")),
    PROCESS,
]


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("order_refund_process", PROCESS.description),
        ("order_refund_process", "Finance team API for ticket orders."),
        ("payment_refund_execute", "Finance endpoint."),
        ("finance_api_call", "Process a ticket order refund back to the customer's payment method."),
        ("card_api", "Issue a refund to the customer's card."),
        ("wallet_api", "Executes a partial refund for an order"),
    ],
)
def test_a_refund_done_by_a_generic_verb_is_destructive(name: str, description: str) -> None:
    assert says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("refund_status", "Check the status of a refund."),
        ("get_refund", "Get a refund by its id."),
        ("refund_status_process", "Process the refund status feed."),
        ("queue_worker", "Process refund requests from the support queue."),
        ("finance_reports", "Issue a refund report for a period."),
        ("order_process", "Process a ticket order for payment."),
    ],
)
def test_reads_and_other_objects_stay_reads(name: str, description: str) -> None:
    assert not says_destructive(ToolSpec(name, description))


def _names(text: str) -> list[str]:
    return list(ToolFilter(OFFICE, embedder=HashingEmbedder()).select(text).names)


@pytest.mark.parametrize(
    "text",
    ["was the refund for BK-88412 approved yet?", "don't cancel BK-55310, just move them to row F instead"],
)
def test_a_refund_status_question_is_not_sent_the_refund(text: str) -> None:
    assert "order_refund_process" not in _names(text)


def test_a_refund_asked_is_sent_it() -> None:
    assert "order_refund_process" in _names("please refund booking BK-88412 to the customer's card")


CANCEL = ToolSpec("booking_cancel", "Cancel a booking and release its seats back to sale.", _takes("booking_ref"))


@pytest.mark.parametrize("text", ["演出 EV-2031 我们去不了了，订单 BK-11223 不要了", "订单 BK-11223 不要了"])
def test_a_record_no_longer_wanted_asks_no_refund_tool(text: str) -> None:
    tools = [CANCEL, PROCESS]
    assert destroyer_of_said_object(text, tools, [True, True]) != 1
    assert destroyer_of_named_record(text, tools, [True, True]) != 1
