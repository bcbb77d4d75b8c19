"""A restaurant's registry, its profiles, the real default embedder: four destroyer readings.

"delete the email I sent the customer" and "删掉刚才发给客人的那条短信" were sent ``menu_item_delete`` for its verb
alone; "the customer wants a refund policy explanation for TK-1" was sent ``takeaway_order_refund``; "gift card
balance GC-1" widened to eight tools because the held ``gift_card_expire`` scored within the gap of the top; in a
conversation, "Tom is sick on Sunday, take his shift off" after a rota read was not offered ``staff_shift_remove``,
and the miss said only "not offered"; a bare confirmation after the shift's delete was asked ("好的，删吧", "确认",
"yes do it"), with no proposal or one that names no act, was offered ``menu_item_delete`` for its 删 or no destroyer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import Embedder, ToolFilter, recommended_config
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_eval import (
    chooser,
    destroyers,
    openai_turns,
    read_conversations,
    replay_conversations,
)
from toolfilter_core._conversation_policy import ConversationPolicy
from toolfilter_core.integration import conversation_window, select_window

pytestmark = pytest.mark.integration


def _tool(name: str, description: str, parameters: list[str]) -> dict[str, Any]:
    properties = {p: {"type": "string", "description": ""} for p in parameters}
    return {"name": name, "description": description, "parameters": {"type": "object", "properties": properties}}


TOOLS: list[dict[str, Any]] = [
    _tool(
        "reservation_create",
        "Book a table for a guest at one of our restaurants. Checks availability for the party size and time, holds"
        " the table and sends an SMS confirmation to the guest.",
        ["restaurant_id", "guest_name", "phone", "party_size", "datetime"],
    ),
    _tool(
        "takeaway_order_create",
        "Place a takeaway / pickup or delivery order from menu items for a customer.",
        ["restaurant_id", "items", "pickup_time", "customer_phone"],
    ),
    _tool(
        "takeaway_order_status",
        "Status of a takeaway order (received, in kitchen, ready, out for delivery, delivered).",
        ["order_id"],
    ),
    _tool(
        "takeaway_order_void",
        "Void a takeaway order in the POS. The order disappears from kitchen screens and the payment is reversed."
        " Manager only.",
        ["order_id", "manager_pin"],
    ),
    _tool(
        "takeaway_order_refund",
        "Refund all or part of a paid takeaway order to the original payment method.",
        ["order_id", "amount", "reason"],
    ),
    _tool("menu_get", "menu items + prices for a branch", ["restaurant_id", "category"]),
    _tool("menu_item_create", "Add a new dish to a branch's menu.", ["restaurant_id", "name", "price", "category"]),
    _tool(
        "menu_item_delete",
        "Permanently delete a menu item from all branches. Removes it from POS and online ordering.",
        ["item_id"],
    ),
    _tool("purchase_order_status", "Delivery status of a purchase order sent to a supplier.", ["po_id"]),
    _tool("staff_shift_list", "List staff shifts (rota) for a branch and week.", ["restaurant_id", "week"]),
    _tool("staff_shift_create", "Schedule a staff member on a shift.", ["staff_id", "start", "end", "role"]),
    _tool(
        "staff_shift_remove",
        "Remove a staff member's shift from the rota. The employee is notified that the shift is taken off.",
        ["shift_id"],
    ),
    _tool(
        "shift_swap_request",
        "Record a request by an employee to swap a shift with a colleague; the manager approves it later.",
        ["shift_id", "with_staff_id"],
    ),
    _tool("loyalty_points_balance", "Loyalty member's points balance and tier.", ["member_id", "phone"]),
    _tool(
        "loyalty_points_adjust",
        "Add or deduct loyalty points for a member (goodwill, missed stamp, correction).",
        ["member_id", "points", "reason"],
    ),
    _tool("gift_card_balance", "Balance and expiry date of a gift card.", ["card_number"]),
    _tool("gift_card_issue", "Sell / issue a new gift card with an amount.", ["amount", "buyer_email"]),
    _tool(
        "gift_card_expire",
        "Expire a gift card immediately, zeroing its balance (lost/stolen or fraud). Irreversible.",
        ["card_number", "reason"],
    ),
    _tool(
        "send_customer_message", "Send an SMS or e-mail to a customer (confirmation, apology, promo).", ["to", "body"]
    ),
]
PROFILES: dict[str, tuple[list[str], list[str]]] = {
    "gift_card_balance": (
        [
            "礼品卡 GC-88120 还剩多少钱",
            "这张卡 GC-40017 什么时候过期",
            "帮我查下礼品卡余额，卡号 GC-71234",
            "客人的礼品卡 GC-50990 还能用吗",
            "what's the balance on gift card GC-30311?",
            "when does gift card GC-22019 expire?",
            "check how much is left on GC-61450",
            "is there still money on this card GC-91007",
        ],
        [],
    ),
    "gift_card_expire": (
        [
            "礼品卡 GC-33018 丢了，马上作废",
            "GC-90412 涉嫌盗刷，立刻让这张卡失效",
            "客户报失礼品卡 GC-12234，余额清零",
            "这张卡 GC-55109 是欺诈购买的，直接注销",
            "gift card GC-47781 was stolen, expire it now",
            "block and zero out GC-60022, fraud",
            "customer lost GC-18870, deactivate it immediately",
            "kill gift card GC-73300, reported stolen",
        ],
        ["作废礼品卡 GC-20019", "expire gift card GC-88004 immediately", "把 GC-31102 余额清零注销掉"],
    ),
    "gift_card_issue": (
        [
            "卖一张300块的礼品卡，发到 li@example.com",
            "开一张1000元的礼品卡给公司客户",
            "客人要买两张200的礼品卡",
            "新发一张礼品卡，面额 500",
            "issue a $50 gift card to sam@example.com",
            "sell a 100 dollar gift voucher",
            "customer wants to buy a gift card for 75, email it to them",
            "create a new gift card worth 250",
        ],
        [],
    ),
    "loyalty_points_adjust": (
        [
            "给会员 M-3301 加100分作为补偿",
            "上次消费漏积分了，帮 M-8802 补上 150",
            "M-4470 多给了积分，扣掉 80",
            "客人生日，给 M-1205 送 50 积分",
            "add 200 goodwill points to member M-5581",
            "deduct 60 points from M-2290, double counted",
            "member M-7740 missed a stamp, credit them 30 points",
            "fix M-6010's points, they should have 40 more",
        ],
        [],
    ),
    "loyalty_points_balance": (
        [
            "会员 M-5520 现在有多少积分",
            "查一下这个会员是什么等级，卡号 M-30012",
            "我的积分够换一份甜品吗？会员号 M-1188",
            "会员 M-7801 积分余额",
            "how many loyalty points does member M-4402 have?",
            "what tier is member M-9023 on?",
            "check points balance for M-2260",
            "am I gold yet? member id M-6631",
        ],
        [],
    ),
    "menu_get": (
        [
            "滨江店的菜单发我看看",
            "你们有什么素菜？价格多少",
            "甜品都有哪些，多少钱",
            "看看午市套餐的菜单",
            "what's on the menu at Riverside?",
            "how much is the beef brisket noodle?",
            "show me the dessert menu with prices",
            "do you guys have any vegan mains?",
        ],
        [],
    ),
    "menu_item_create": (
        [
            "菜单上新增一道椒麻鸡，58元，凉菜",
            "新菜品：番茄牛腩饭，42元，放主食类",
            "加一道季节限定的桂花糕到甜品",
            "徐汇店要上一个新汤品：菌菇汤 28块",
            "add a new dish: miso salmon, $29, mains",
            "we're launching a pumpkin soup, 12.50, put it under starters",
            "create menu item 'truffle fries' for 9 dollars in sides",
            "new dessert for the Central menu: matcha tiramisu 11",
        ],
        [],
    ),
    "menu_item_delete": (
        [
            "这道干锅花菜以后不卖了，从菜单上彻底删掉",
            "把菜品 MI-2231 从所有门店删除",
            "旧的圣诞套餐下线删掉吧",
            "菜单里的错误菜品 MI-9087 删了",
            "delete the discontinued duck salad from the menu everywhere",
            "remove item MI-4410 permanently from POS and online ordering",
            "we stopped selling the fish tacos, take them off the menu for good",
            "get rid of the test item MI-0007",
        ],
        ["删除菜品 MI-3310", "permanently delete menu item MI-7702", "把这道菜从菜单删掉：MI-5123"],
    ),
    "purchase_order_status": (
        [
            "采购单 PO-70021 到货了吗",
            "蔬菜的货什么时候送到？单号 PO-11934",
            "查一下 PO-50288 的配送状态",
            "今天海鲜的采购单发货没有，PO-66120",
            "has PO-20117 been delivered?",
            "where's the meat delivery, PO-88310",
            "is the supplier on track for PO-41009 arriving tomorrow?",
            "status of purchase order PO-30552",
        ],
        [],
    ),
    "reservation_create": (
        [
            "帮我在徐汇店订个桌，周六中午12点，6位，姓陈，电话13900001111",
            "订位：今晚8点两个人，靠窗最好",
            "下周三晚上公司聚餐12个人，帮忙留一张大桌",
            "我想预约周日晚上六点半的位置，3大1小",
            "book a table for 4 at the Riverside branch this Saturday 7:30pm, name is Patel",
            "can u reserve a spot for 2 tmrw night around 8? phone 0455 100 200",
            "we'd like to book dinner for a party of 10 on the 23rd, is that doable — go ahead and hold it",
            "put me down for lunch friday 1pm, 3 ppl, under Garcia",
        ],
        [],
    ),
    "send_customer_message": (
        [
            "给客人 13800005555 发短信确认明天的订位",
            "发封邮件给 chen@example.com 道歉外卖送晚了",
            "群发一条优惠短信给这个客人：周末8折",
            "短信通知客人他们的桌子准备好了",
            "text 0400 123 777 that their table is ready",
            "email the customer an apology for the long wait",
            "send a promo sms to 0455 300 210: 2-for-1 tuesdays",
            "message the guest to confirm their booking tomorrow at 7",
        ],
        [],
    ),
    "shift_swap_request": (
        [
            "我想跟小陈换周六的班，帮我提交一下",
            "员工 ST-150 申请和 ST-162 调班",
            "阿美想周五跟阿华对调",
            "帮我登记一个换班申请，SH-3300 换给 ST-177",
            "I want to swap my Saturday shift with Tom",
            "log a swap request: SH-6012 with ST-240",
            "can Lisa and I trade Sunday shifts? put it in for approval",
            "request a shift swap for me and Raj on Friday night",
        ],
        [],
    ),
    "staff_shift_create": (
        [
            "给小张排周三晚班，17点到23点",
            "安排阿梅周日早上9点到下午3点收银",
            "加一个班：员工 ST-120，周五 11:00-15:00 服务员",
            "下周一给新来的厨师排个早班",
            "schedule Jake for Saturday 5pm to close as server",
            "add a shift for ST-331 on Tuesday 10-4, kitchen porter",
            "put Ana on the Sunday brunch shift 8 to 2",
            "book Leo in for a double on Friday",
        ],
        [],
    ),
    "staff_shift_list": (
        [
            "这周滨江店的排班表发我",
            "周六晚上谁上班？",
            "下周厨房都排了谁",
            "看看小李这周几号上班",
            "show me this week's rota for Central",
            "who's on the closing shift Friday?",
            "what does next week's schedule look like for the kitchen",
            "when am I working this week? my name is Priya",
        ],
        [],
    ),
    "staff_shift_remove": (
        [
            "把小刘周四的班撤掉，排重了",
            "员工 ST-208 周日的班从排班表上拿掉",
            "阿强周五那个班不用上了，删掉",
            "排班 SH-4410 删除",
            "take Ben off Thursday's shift, he's not needed",
            "remove shift SH-3021 from the rota",
            "delete Maria's Sunday shift, we're overstaffed",
            "drop the extra Friday lunch shift SH-7788",
        ],
        ["删除排班 SH-5120", "remove shift SH-9003 from the rota", "把 ST-101 周六的班删了"],
    ),
    "takeaway_order_create": (
        [
            "帮我下个外卖单：宫保鸡丁两份、米饭两碗，6点半自取",
            "给客人 13700003333 下一单外送，酸辣粉一份",
            "我要打包一份麻婆豆腐和一份炒青菜，七点来拿",
            "点两份牛肉面外卖送到公司",
            "place a pickup order: 2 pad thai and 1 spring rolls for 6:15",
            "I'd like to order delivery — one large ramen and gyoza to 12 King St",
            "put in a takeaway for phone 0422 555 019, three burgers, ready at noon",
            "can I get the lunch special to go, 1pm pickup",
        ],
        [],
    ),
    "takeaway_order_refund": (
        [
            "TK-40155 的菜少了一份，退客人15块",
            "客人投诉汤洒了，TK-62030 全额退款",
            "外卖 TK-21904 部分退款 20 元，原路退回",
            "TK-73300 送晚了，退一半钱给顾客",
            "refund $8.50 on TK-31877, missing side",
            "customer wants a full refund for TK-50412, food was cold",
            "partial refund of 12 dollars to the card on TK-90633",
            "give them their money back for TK-27119, wrong order delivered",
        ],
        ["TK-84011 全额退款", "refund order TK-55208 in full", "退掉 TK-19377 的钱"],
    ),
    "takeaway_order_status": (
        [
            "我的外卖 TK-30412 做好了吗？",
            "订单 TK-90021 送到哪了",
            "外卖什么时候到啊，单号 TK-12009",
            "TK-55330 还在厨房吗？",
            "where's my takeaway TK-40877, it's been an hour",
            "is order TK-23109 ready for pickup yet?",
            "has TK-81100 gone out for delivery?",
            "status on takeaway TK-60544 pls",
        ],
        [],
    ),
    "takeaway_order_void": (
        [
            "收银打错了，TK-70113 这单在系统里作废",
            "把 TK-22018 从厨房屏幕上撤掉，单子作废",
            "重复下单了，TK-50990 作废一张",
            "经理授权：TK-31207 作废，PIN 4321",
            "void TK-44310 in the POS, it was a duplicate",
            "kill order TK-90188 from the kitchen screen, wrong branch",
            "manager here, void takeaway TK-12875 pin 8899",
            "that test order TK-00519 needs to be voided",
        ],
        ["作废外卖单 TK-66701", "void order TK-39002", "把 TK-18220 这单作废掉"],
    ),
}
_SHIFTS = [{"shift_id": "S-301", "staff": "Mia", "day": "Sat"}, {"shift_id": "S-302", "staff": "Tom", "day": "Sun"}]
_LIST = {"name": "staff_shift_list", "arguments": '{"restaurant_id": "central"}'}
ROTA: list[dict[str, Any]] = [
    {
        "role": "user",
        "content": "who's on the rota at Central this week?",
        "gold": ["staff_shift_list"],
        "kind": "first",
    },
    {"role": "assistant", "content": "", "tool_calls": [{"id": "c7", "type": "function", "function": _LIST}]},
    {"role": "tool", "tool_call_id": "c7", "content": json.dumps(_SHIFTS)},
    {"role": "assistant", "content": "Mia Sat 17-23 (S-301), Tom Sun 10-16 (S-302)."},
    {
        "role": "user",
        "content": "Tom is sick on Sunday, take his shift off",
        "gold": ["staff_shift_remove"],
        "kind": "follow_up",
    },
    {"role": "assistant", "content": "Shall I remove Tom's Sunday shift S-302? He will be notified."},
]
"""A rota read, then a shift taken off (the conversation of the module's docstring)."""


def _filter(embedder: Embedder, tmp: Path, profiled: bool = True) -> ToolFilter:
    path = tmp / "profiles.jsonl"
    rows = [{"tool": name, "requests": asks, "destroy": destroy} for name, (asks, destroy) in PROFILES.items()]
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    profiles = path if profiled else None
    return ToolFilter(TOOLS, config=recommended_config(), embedder=embedder, profiles=profiles)


@pytest.fixture(scope="module")
def restaurant(default_embedder: Embedder, tmp_path_factory: pytest.TempPathFactory) -> ToolFilter:
    return _filter(default_embedder, tmp_path_factory.mktemp("restaurant"))


@pytest.mark.parametrize("profiled", [True, False])
@pytest.mark.parametrize("query", ["delete the email I sent the customer", "删掉刚才发给客人的那条短信"])
def test_a_destroyer_of_another_object_is_not_sent_for_its_verb_alone(
    default_embedder: Embedder, tmp_path: Path, query: str, profiled: bool
) -> None:
    assert "menu_item_delete" not in _filter(default_embedder, tmp_path, profiled).select(query).names


def test_a_destroyer_whose_object_is_named_still_enters(restaurant: ToolFilter) -> None:
    assert restaurant.select("delete menu item MI-7702").names[:1] == ["menu_item_delete"]


@pytest.mark.parametrize("profiled", [True, False])
def test_a_refund_policy_explanation_asks_no_refund(default_embedder: Embedder, tmp_path: Path, profiled: bool) -> None:
    tool_filter = _filter(default_embedder, tmp_path, profiled)
    assert (
        "takeaway_order_refund"
        not in tool_filter.select("the customer wants a refund policy explanation for TK-1").names
    )
    assert "takeaway_order_refund" in tool_filter.select("the customer wants a refund for TK-1").names


@pytest.mark.parametrize(
    ("query", "destroyer"),
    [
        ("approve the refund request for TK-1", "takeaway_order_refund"),
        ("process the refund request for TK-1", "takeaway_order_refund"),
        ("TK-1: refund request approved, please process", "takeaway_order_refund"),
        ("go ahead with the refund request on TK-1", "takeaway_order_refund"),
        ("the void request for TK-1 is approved, do it", "takeaway_order_void"),
    ],
)
def test_a_destroy_request_approved_asks_its_act(restaurant: ToolFilter, query: str, destroyer: str) -> None:
    selection = restaurant.select(query)
    assert destroyer in selection.names, selection.explain()


def test_a_held_destroyer_leaves_a_clear_read_confident(restaurant: ToolFilter) -> None:
    selection = restaurant.select("gift card balance GC-1")
    assert selection.status.value == "selected", selection.explain()
    assert selection.names[0] == "gift_card_balance"
    assert len(selection.names) <= restaurant.config.top_k, selection.names


def test_a_shift_taken_off_after_a_rota_read_is_offered_its_remove(restaurant: ToolFilter, tmp_path: Path) -> None:
    path = tmp_path / "conversations.jsonl"
    path.write_text(json.dumps({"id": "rota", "lang": "en", "messages": ROTA}) + "\n", encoding="utf-8")
    conversations = read_conversations(path, tools={t.name for t in restaurant.tools})
    result = replay_conversations(
        conversations,
        lambda: chooser(restaurant, policy=ConversationPolicy("anthropic")),
        {t.name: t.to_openai() for t in restaurant.tools},
        PROVIDERS["anthropic"],
        destructive=destroyers(restaurant),
    )
    (taken_off,) = [r for r in result.rows if r["query"].startswith("Tom is sick")]
    assert "staff_shift_remove" in taken_off["offered"], taken_off


ASKED = {
    "zh": ("汤姆周日病了，把他的班次 S-302 删掉", "S-302 是汤姆周日 10:00-18:00 的班次。", "需要我现在操作吗？"),
    "en": (
        "Tom is sick on Sunday, can you remove his shift S-302?",
        "S-302 is Tom's Sunday 10:00-18:00 shift.",
        "Should I go ahead?",
    ),
}


@pytest.mark.parametrize("between", ["", "answer", "proposal"])
@pytest.mark.parametrize("last", ["好的，删吧", "确认", "yes do it", "yes, go ahead", "yes please, do it now"])
def test_a_confirmation_carries_the_asked_destroyer(restaurant: ToolFilter, last: str, between: str) -> None:
    """A confirmation after the shift's delete was asked: that delete, never the menu's by its 删."""
    ask, answer, proposal = ASKED["en" if last.isascii() else "zh"]
    messages: list[dict[str, Any]] = [{"role": "user", "content": ask}]
    if between:
        messages.append({"role": "assistant", "content": answer if between == "answer" else proposal})
    messages.append({"role": "user", "content": last})
    policy, turns, names = ConversationPolicy(), openai_turns(messages), ()
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:  # every model call
        window = conversation_window(turns[:end], history_turns=restaurant.config.history_turns)
        names = select_window(restaurant, window, conversation=policy).names
    assert "staff_shift_remove" in names, names
    assert not {"menu_item_delete", "takeaway_order_void", "takeaway_order_refund"} & set(names), names
