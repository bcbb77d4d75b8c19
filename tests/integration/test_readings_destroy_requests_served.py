"""Whole selections, the real default embedder: destroy requests the guard held back, though they ask for the act.

"pull out of the spring doubles" and "我们只能退赛了" (a tournament withdrawal), "erase all my personal data"
(``member_delete``, whose description names a "GDPR erasure"), "KD-2041 办理退园" (a kindergarten withdrawal), "pls
kill order GC-118702" (the order's destroyer, ranked fourth) and "cancel appointment A-3310 and refund S-4455" (S of
the product sale) each sent no destroyer, or only the first. The requests that only tell of those acts still send none.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec
from toolfilter_core._conversation_eval import chooser, openai_turns
from toolfilter_core.integration import ConversationPolicy

pytestmark = pytest.mark.integration


def _takes(*names: str) -> dict[str, object]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": list(names)}


CLUB = [
    ToolSpec("member_lookup", "Look up a club member by name or member number.", _takes("query")),
    ToolSpec(
        "member_delete",
        "Permanently delete a member record and all personal data (GDPR erasure). Cannot be undone.",
        _takes("member_id"),
    ),
    ToolSpec("membership_cancel", "Cancel a membership at the end of its term.", _takes("member_id")),
    ToolSpec("membership_renew", "Renew a membership for another term.", _takes("member_id")),
    ToolSpec("tournament_list", "List upcoming club tournaments with dates and entry fees."),
    ToolSpec("tournament_register_team", "Enter a team into a tournament division.", _takes("tournament_id")),
    ToolSpec(
        "tournament_withdraw_team",
        "Withdraw a team from a tournament. Entry fee is forfeited after the deadline.",
        _takes("tournament_id", "team_id"),
    ),
    ToolSpec("tournament_fixtures", "Draw, fixtures, results and standings for a tournament.", _takes("tournament_id")),
    ToolSpec("send_member_message", "Send a member an SMS or e-mail.", _takes("member_id", "body")),
]
GARDEN = [
    ToolSpec("get_order", "Fetch one customer order by order number: lines, totals, payment and status."),
    ToolSpec("create_order", "Place a new order for a customer."),
    ToolSpec("get_payment", "Payment record for an order: method, amount captured, refunds already made."),
    ToolSpec("book_delivery", "Book a delivery slot for an order's bulky items."),
    ToolSpec("cancel_order", "Cancel a customer order before it is dispatched.", _takes("order_id")),
    ToolSpec("refund_payment", "Refund an order's payment to the original payment method.", _takes("order_id")),
]
KINDERGARTEN = [
    ToolSpec("withdraw_child", "办理幼儿退园：注销学籍、释放学位、停止后续收费。", _takes("child_id")),
    ToolSpec("record_leave", "登记请假（病假、事假），家长可在家长端提交。", _takes("child_id")),
    ToolSpec("get_attendance", "出勤记录：某幼儿或某班级某天/某月的到园、请假、缺勤情况。"),
    ToolSpec("get_invoice", "查询幼儿某月的保育费账单与缴费状态。", _takes("child_id")),
]
SALON = [
    ToolSpec("client_delete", "Permanently delete a client's profile and personal data (privacy request)."),
    ToolSpec("appointment_get", "Get one appointment's time, stylist, services and status by appointment id."),
    ToolSpec("appointment_cancel", "Cancel an appointment. Frees the slot; cannot be undone."),
    ToolSpec("appointment_book", "Book an appointment for a client with a stylist."),
    ToolSpec("product_sale_get", "Look up a product sale by sale id (S-xxxx): items, amount, payment."),
    ToolSpec("product_sale_refund", "Refund a product sale in full or in part."),
]
REGISTRIES = {"club": CLUB, "garden": GARDEN, "kindergarten": KINDERGARTEN, "salon": SALON}
DESTROYERS = {
    "member_delete",
    "membership_cancel",
    "tournament_withdraw_team",
    "cancel_order",
    "refund_payment",
    "withdraw_child",
    "client_delete",
    "appointment_cancel",
    "product_sale_refund",
}


@pytest.fixture(scope="module")
def choosers(default_embedder: Embedder) -> dict[str, ToolFilter]:
    return {name: ToolFilter(tools, embedder=default_embedder) for name, tools in REGISTRIES.items()}


@pytest.mark.parametrize(
    ("registry", "request_", "wanted"),
    [
        ("club", "Our team Smash Bros wants to pull out of the spring doubles tournament.", "tournament_withdraw_team"),
        ("club", "队里两个人受伤了，我们只能退赛了", "tournament_withdraw_team"),
        ("club", "Please erase all my personal data, I'm leaving the club for good. Member M-1001.", "member_delete"),
        ("kindergarten", "KD-2041 办理退园，最后一天是 12 月 31 日", "withdraw_child"),
        ("garden", "pls kill order GC-118702, duplicate", "cancel_order"),
        ("salon", "cancel appointment A-3310 and refund S-4455", "product_sale_refund"),
    ],
)
def test_a_destroy_request_is_sent_its_destroyer(
    choosers: dict[str, ToolFilter], registry: str, request_: str, wanted: str
) -> None:
    selection = choosers[registry].select(request_)
    assert wanted in selection.names, selection.explain()
    assert not (DESTROYERS - {wanted, "appointment_cancel"}) & set(selection.names), selection.explain()


@pytest.mark.parametrize(
    ("registry", "request_"),
    [
        ("club", "we pulled out of the spring doubles last year, when is the next tournament?"),
        ("club", "给队长发个短信说一下退赛的事"),
        ("kindergarten", "KD-2041 的家长说下个月可能要退园，现在这个月的费用交了没有？"),
        ("garden", "what's the status of order GC-118702?"),
    ],
)
def test_a_request_that_only_tells_of_the_act_sends_no_destroyer(
    choosers: dict[str, ToolFilter], registry: str, request_: str
) -> None:
    selection = choosers[registry].select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


LEAGUE = [
    {"role": "user", "content": "我们队“飞羽”报名了冬季联赛，现在赛程是怎样的？"},
    {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {
                "id": "call_5",
                "type": "function",
                "function": {"name": "tournament_fixtures", "arguments": '{"tournament_id": "WL-2026"}'},
            }
        ],
    },
    {"role": "tool", "tool_call_id": "call_5", "content": '{"next": "12月12日 对 雷霆"}'},
    {"role": "assistant", "content": "下一场是12月12日对雷霆。"},
    {"role": "user", "content": "队里两个人受伤了，我们只能退赛了"},
]


def test_a_withdrawal_decided_in_a_conversation_is_sent_the_withdrawer(choosers: dict[str, ToolFilter]) -> None:
    """Replayed as ``toolfilter eval --conversations`` does: a selection before each model call, one policy."""
    choose = chooser(choosers["club"], policy=ConversationPolicy())
    choose(openai_turns(LEAGUE[:1]))
    choose(openai_turns(LEAGUE[:3]))
    offered = choose(openai_turns(LEAGUE))
    assert "tournament_withdraw_team" in offered, offered
