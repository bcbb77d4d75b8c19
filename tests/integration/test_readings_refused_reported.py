"""Whole selections on a registry with the destroyers, the real default embedder: acts refused, asked after, reported.

A supply cut refused ("明天别切断3号楼的电"), asked whether ("do we have to cut off the power ...?", "…，对吗"),
labelled ("Note: ...") or named ("下周切断电源的事情取消了") sent ``utility_disconnect``; 退出 refused, reported or
of a course's stream sent ``class_student_remove``; a pause with a participle or a time after it ("cancel the freeze
starting next week") sent ``cancel_membership``; a refund's status read as the refund told; "关闭账号１２３４５"
(full-width) asked no close, "I didn't ask you to close my account" and "请关闭账号abc_99的短信提醒" sent one.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration

TOOLS = [
    ToolSpec("close_account", "Close a customer account permanently and delete its data."),
    ToolSpec("account_get", "Get a customer account's details: plan, status, auto-renew, notifications."),
    ToolSpec("autorenew_disable", "Turn off auto-renew for a customer's subscription."),
    ToolSpec("notification_settings_update", "Update a customer's notification settings: email, SMS, login alerts."),
    ToolSpec("utility_disconnect", "Disconnect electricity or water supply at a property (tenant moved out, unpaid)."),
    ToolSpec("utility_status", "Show the electricity and water supply status of a property and planned outages."),
    ToolSpec("refund_payment", "Refund a payment to the member's card or account, in full or in part."),
    ToolSpec("list_payments", "Payment history of a member: card charges, refunds, failed payments."),
    ToolSpec("freeze_membership", "Freeze (pause) a membership for 1 to 3 months. Billing is paused."),
    ToolSpec("unfreeze_membership", "End a membership freeze early and resume billing."),
    ToolSpec("cancel_membership", "Cancel a membership at the end of the billing period."),
    ToolSpec("order_cancel", "Cancel an order that has not shipped yet."),
    ToolSpec("order_get", "Get an order's status and items by order id."),
    ToolSpec("class_student_remove", "Remove a student from a group class roster. Their seat is released."),
    ToolSpec("class_enroll_student", "Enroll a student in a group class (checks seats left and level fit)."),
    ToolSpec("class_roster", "List the students in a group class."),
    ToolSpec("send_email", "Send an email to a contact."),
]
DESTROYERS = {
    "close_account",
    "autorenew_disable",
    "utility_disconnect",
    "refund_payment",
    "cancel_membership",
    "order_cancel",
    "class_student_remove",
}


@pytest.fixture(scope="module")
def chooser(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(TOOLS, embedder=default_embedder)


@pytest.mark.parametrize(
    "request_",
    [
        "明天别切断3号楼的电",
        "今晚不用切断3号楼的电了",
        "Note: cut off the power at 5 Lake View happened yesterday",
        "do we have to cut off the power at 5 Lake View?",
        "明天切断3号楼的电，对吗",
        "下周切断电源的事情取消了",
        "don't cut off the power at 5 Lake View",
        "别让 S-3333 退出 C-12 班",
        "S-3333 已经退出 C-12 班了",
        "老师退出了课程直播，怎么办",
        "cancel the freeze starting next week",
        "cancel the hold placed on my account",
        "could you get my refund status",
        "退款请尽快处理一下进度查询",
        "I didn't ask you to close my account",
        "请关闭账号abc_99的短信提醒",
    ],
)
def test_an_act_refused_asked_after_or_reported_sends_no_destroyer(chooser: ToolFilter, request_: str) -> None:
    selection = chooser.select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("cut off the power at 5 Lake View", "utility_disconnect"),
        ("明天切断3号楼的电", "utility_disconnect"),
        ("让 S-3333 退出 C-12 班", "class_student_remove"),
        ("关闭账号１２３４５", "close_account"),
        ("关闭账号12345", "close_account"),
        ("请关闭账号abc_99", "close_account"),
    ],
)
def test_the_act_asked_still_sends_its_destroyer(chooser: ToolFilter, request_: str, destroyer: str) -> None:
    selection = chooser.select(request_)
    assert destroyer in selection.names, selection.explain()
