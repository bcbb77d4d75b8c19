"""Whole selections, the real default embedder: a destroyer's act told in a role other than asked.

An act's word used as a thing ("all cancelled orders", "退款金额", "取消的名片订单", "删除会员数据的请求"), a
condition ("如果客户不要了"), a question of its time or amount ("退款要多久到账", "吊销之后能不能重新申请"), another
person's worry, question, refusal or act elsewhere ("the customer is worried we'll cancel the job", "他问能不能取消",
"家长不想退伙食费", "the customer cancelled with the other printer") and another's wish beside an ask of another act
("Book DPD for PJ-30471, the customer said cancel the collection") sent the destroyer (the garden
centre, parking, kindergarten and print shop registries).
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration

GARDEN = [
    ToolSpec(
        "get_order", "Fetch one customer order (click & collect or delivery) by order number: lines, totals, status."
    ),
    ToolSpec("search_orders", "Search orders by customer, date range or status (placed, ready, collected, cancelled)."),
    ToolSpec("cancel_order", "Cancel a customer order before it is dispatched or collected. Releases reserved stock."),
    ToolSpec("get_payment", "Payment record for an order: method, amount captured, refunds already made, card last 4."),
    ToolSpec("refund_payment", "Refund an order's payment in full or in part to the original payment method."),
    ToolSpec("get_loyalty_member", "Green Club loyalty member: points balance, tier, vouchers, marketing consent."),
    ToolSpec("get_points_history", "Points earned and spent by a Green Club member, by transaction."),
    ToolSpec("delete_loyalty_member", "Delete a Green Club member and all their points and vouchers (GDPR erasure)."),
]
PARKING = [
    ToolSpec("get_permit", "Get a parking permit by permit number: holder, plates, zone, valid dates, status."),
    ToolSpec("revoke_permit", "Revoke a permit immediately (misuse, fraud, holder moved out)."),
    ToolSpec("get_pcn", "查询罚单（停车告知单 PCN）：车牌、地点、时间、照片、金额、申诉状态、缴费状态。"),
    ToolSpec("cancel_pcn", "撤销罚单：申诉成功或开错时作废，不再追缴。"),
    ToolSpec("get_transaction", "支付流水：某次停车或预订的扣款、退款记录。"),
    ToolSpec("refund_transaction", "退款：将停车费或预订费原路退回，可部分退款。"),
    ToolSpec("create_support_ticket", "Open a support ticket for a customer issue (barrier fault, wrong charge)."),
]
SCHOOL = [
    ToolSpec("get_child_profile", "查询幼儿档案：姓名、班级、出生日期、过敏与用药、紧急联系人。"),
    ToolSpec("record_leave", "登记请假（病假、事假），家长可在家长端提交。"),
    ToolSpec("get_invoice", "Fee invoice for a child and month: tuition, meals, after-care, discounts, paid/unpaid."),
    ToolSpec("refund_fee", "退费：按月退还已缴的保育费或伙食费到原支付账户。"),
    ToolSpec("get_enrollment_application", "Look up an enrollment application (waitlist position, interview date)."),
    ToolSpec(
        "cancel_enrollment_application", "Cancel an enrollment application and remove the family from the waitlist."
    ),
    ToolSpec("get_pickup_authorizations", "查看幼儿的授权接送人名单及照片、有效期。"),
    ToolSpec("revoke_pickup_person", "撤销某位接送人的接送授权，门禁立即失效。"),
]
PRINT = [
    ToolSpec("get_print_job", "Get a print job: product, quantity, paper, proof status, press slot, due date."),
    ToolSpec("search_print_jobs", "Search print jobs by customer, product, status (on_press, shipped, cancelled)."),
    ToolSpec("cancel_print_job", "Cancel a print job. Jobs already on press are charged for paper and plates."),
    ToolSpec("create_quote", "Price a job (product, size, paper, qty, finishing) and save it as a quote."),
    ToolSpec("book_courier", "Book a courier collection for finished jobs."),
    ToolSpec("preflight_file", "Run the preflight check on an artwork file: bleed, fonts, colour space, resolution."),
    ToolSpec("get_paper_stock", "纸张库存：克重、尺寸、剩余数量。"),
    ToolSpec("get_customer", "客户资料：公司名、联系人、开票信息、月结额度。"),
    ToolSpec("delete_customer", "删除客户及其联系人、开票信息（历史订单保留匿名记录）。"),
]
DESTROYERS = {
    "cancel_order",
    "refund_payment",
    "delete_loyalty_member",
    "revoke_permit",
    "cancel_pcn",
    "refund_transaction",
    "refund_fee",
    "cancel_enrollment_application",
    "revoke_pickup_person",
    "cancel_print_job",
    "delete_customer",
}


@pytest.fixture(scope="module")
def chooser(default_embedder: Embedder) -> dict[str, ToolFilter]:
    registries = {"garden": GARDEN, "parking": PARKING, "school": SCHOOL, "print": PRINT}
    return {name: ToolFilter(tools, embedder=default_embedder) for name, tools in registries.items()}


@pytest.mark.parametrize(
    ("registry", "request_"),
    [
        ("garden", "Show me all cancelled orders from this week"),
        ("garden", "如果客户不要了，这个订单 GC-118420 退款要多久到账？先查一下付款方式"),
        ("garden", "会员 M-88120 说想注销会员卡，但先别动，看看他还有多少积分"),
        ("garden", "帮我看下 GC-118120 这个单，客户昨天说要取消，后来又说不取消了"),
        ("garden", "删除会员数据的请求要多久处理完？会员 M-77102 的积分记录给我看一下"),
        ("parking", "退款金额对不上，流水 TX-99120 到底退了多少？"),
        ("parking", "这位车主的罚单 PCN-8812555 是哪天开的？他问能不能取消"),
        ("parking", "PRM-60231 吊销之后能不能重新申请？先看这个许可证现在的状态"),
        ("school", "Refund amount for KD-2102's March meals — how much did we send back?"),
        ("school", "豆豆妈妈说她想撤销外婆的接送权限，先看看现在授权的有哪些人，KD-2150"),
        ("school", "KD-2120 请病假三天，从明天开始，家长不想退伙食费"),
        ("school", "APP-2026-0402 的面试安排在哪天？家长说如果时间不行就取消申请"),
        ("print", "Show all cancelled jobs from last week for the monthly report"),
        ("print", "350g 铜版纸还有多少？之前那个取消的名片订单应该没用掉"),
        ("print", "Quote for 500 A5 flyers, 170gsm silk — the customer cancelled with the other printer"),
        ("print", "Book DPD next-day for PJ-30471, the customer said cancel the collection they'd planned"),
        ("print", "Run preflight on file F-88120, the customer is worried we'll cancel the job if it fails"),
        ("print", "客户 C-1204 之前说要注销合作，现在他们的月结额度是多少？"),
    ],
)
def test_an_act_told_sends_no_destroyer(chooser: dict[str, ToolFilter], registry: str, request_: str) -> None:
    selection = chooser[registry].select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.mark.parametrize(
    ("registry", "request_", "destroyer"),
    [
        ("garden", "Cancel order GC-118290 please, the customer bought the same tree elsewhere", "cancel_order"),
        ("garden", "GC-117950 退款吧，全额", "refund_payment"),
        ("parking", "罚单 PCN-8812034 作废，申诉成立", "cancel_pcn"),
        ("parking", "Refund TX-99120 in full, the barrier was broken and he couldn't get in", "refund_transaction"),
        ("school", "APP-2026-0402 家长决定不来了，帮他办一下取消申请", "cancel_enrollment_application"),
        ("school", "撤销 KD-2150 外婆的接送授权，接送人编号 PP-901", "revoke_pickup_person"),
        ("print", "客户 C-1204 要求删除他们的客户资料，请处理", "delete_customer"),
        ("print", "Cancel job PJ-30417, the client found a typo", "cancel_print_job"),
        ("print", "the customer is worried: cancel job PJ-30417", "cancel_print_job"),
        ("print", "客户很担心：取消 PJ-30417", "cancel_print_job"),
    ],
)
def test_the_act_asked_still_sends_its_destroyer(
    chooser: dict[str, ToolFilter], registry: str, request_: str, destroyer: str
) -> None:
    assert destroyer in chooser[registry].select(request_).names
