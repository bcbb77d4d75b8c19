"""Whole selections, the real default embedder: a which- or whether-question beside an ask of the act itself.

"Cancel all the bookings which we can cancel" asks the cancel (the which-question is only its object's limit);
"无论是否付清都删除…" is a concession, not a question whether to delete; a bracketed aside
("（是否需要备份我稍后再说）") is a clause of its own; "下周一说明会取消" cancels the briefing (说明会),
it tells no one anything.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration

TOOLS = [
    ToolSpec("client_delete", "Delete a client account. It cannot be undone."),
    ToolSpec("client_statement", "A client's statement: unpaid invoices, ageing."),
    ToolSpec("booking_cancel", "Cancel a booking and refund it."),
    ToolSpec("booking_list_by_customer", "List a customer's bookings by phone."),
    ToolSpec("meeting_cancel", "Cancel a meeting and notify attendees."),
    ToolSpec("meeting_list", "List upcoming meetings and briefings."),
    ToolSpec("send_email", "Send an email to customers or attendees."),
]


@pytest.fixture(scope="module")
def chooser(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(TOOLS, embedder=default_embedder)


@pytest.mark.parametrize(
    ("request_", "tool"),
    [
        ("Cancel all the bookings which we can cancel, phone 13911112222", "booking_cancel"),
        ("list my bookings, phone 13911112222, then cancel the ones which I can cancel", "booking_cancel"),
        ("无论是否付清都删除客户 C-3390 的账户，再给我看对账单", "client_delete"),
        ("删除客户 C-3390 的账户（是否需要备份我稍后再说），再给我看对账单", "client_delete"),
        ("下周一说明会取消，发邮件通知所有人", "meeting_cancel"),
    ],
)
def test_the_act_asked_beside_a_question_is_sent(chooser: ToolFilter, request_: str, tool: str) -> None:
    assert tool in chooser.select(request_).names


@pytest.mark.parametrize(
    ("request_", "tool"),
    [
        ("list my bookings, phone 13911112222, and tell me which ones I can cancel", "booking_cancel"),
        ("是否删除客户 C-3390 的账户？先查一下他的对账单", "client_delete"),
    ],
)
def test_a_question_alone_still_holds_the_act(chooser: ToolFilter, request_: str, tool: str) -> None:
    assert tool not in chooser.select(request_).names
