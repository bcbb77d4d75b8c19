"""A question about an act's state asks for no destructive act; a request in question form still does.

"is invoice INV-1 void?", "did we already cancel Thursday's class?" name a
destructive act and were sent its tool: by the verb ("cancelled"), by the closest profile
request ("is order #4471 still on?" sits closest to "cancel order 4402") or by the tool's
own verb. ``ask_form.about_state`` reads the form. Cosines fixed by hand (``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import Profiles, ToolFilter, ToolFilterConfig, ToolProfile, ToolSpec
from toolfilter_core._pipeline.ask_form import about_state

from .fakes import TableEmbedder, unit

ask_form = importlib.import_module("toolfilter_core._pipeline.ask_form")

STATE_QUESTIONS = [
    "is invoice INV-1 void?",
    "did we already cancel Thursday's class?",
    "has Maria's refund gone through?",
    "what's the cancellation fee on booking TA-20417?",
    "what’s the status of invoice INV-7781?",
    "周五晚上的法语课还上吗",
    "SH-61450 取消了吗？",
    "发票作废了吗 INV-2044",
    "押金退了没有",
    "if the Chens cancel, do they lose the deposit?",
    "如果我取消了预约，会不会影响我借别的书？",  # the act is the condition of the question
    "万一我把订单取消了，优惠券还能用吗？",
    "如果我取消了预约的话，会不会扣钱？",  # 的话 closes the condition, it brings no consequence
    "如果我取消了预约，会怎么样",  # a question without its question mark
    "要是我把订单删了会怎样",
    "如果取消预约方便的话，会扣钱吗？",  # 方便 holds no 便 (then)
    "如果我取消了那个便宜的套餐的话，要付违约金吗",  # nor 便宜 nor 顺便
    "如果我顺便取消了酒店的话，要付违约金吗",
    "如果我行动不便取消了预约，会怎么样",  # nor 不便 (inconvenient)
    "如果我即便取消了预约也要付全款，会怎么样",  # nor 即便 (even if)
    # how to do an act, or whether one can do it oneself: a question about the act, not an ask
    "how do I close my library account?",
    "can I close my account online or do I need to come in?",
    "how do I cancel my subscription?",
    "怎么注销账号",
    "如何取消订单",
    # "can anyone", "will anybody": a question about who may or will, no request
    "Can anyone cancel a booking after check-in?",
    "Will anybody be charged if I cancel?",
    "Can anyone see my deleted files?",
]
REQUESTS = [
    "can you cancel booking TA-20417?",
    "could you void INV-1 please?",
    "能帮我把周三的课取消吗",
    "would you mind withdrawing the visa application?",
    "Mrs Chen's cat got the rabies shot today, batch RB-2231. Could someone put it in the system?",
    "麻烦把那个静态绑定删掉好吗",
    "cancel BK-31150",
    "把下周三的周会撤了",
    "作废 INV-2044",
    "did we cancel Thursday? if not, cancel it",
    "is it cancelled already? cancel it now",
    "cancel order #4471?",
    "order #4471 has to go",
    "how do I close my account? please do it for me",
    "can I close my account online or do I need to come in? Either way, close it.",  # the act told after
    "can I cancel my booking?",
    "我想注销账号，怎么弄",
    "周三 10:00 有周会（evt-0612），6 人。要我取消这个周会吗？",
    "需要我把这个预订取消吗？",
    "do you want me to cancel the meeting?",
    "如果没有就取消掉",  # a condition, then the act to do
    "如果不要了的话就帮我删了",
]


@pytest.mark.parametrize("text", STATE_QUESTIONS)
def test_a_question_about_an_acts_state_is_read_as_one(text: str) -> None:
    assert about_state(text)


@pytest.mark.parametrize("text", REQUESTS)
def test_a_request_in_question_form_or_a_command_is_not(text: str) -> None:
    assert not about_state(text)


def test_off_reads_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ask_form, "STATE_QUESTIONS", False)
    assert not about_state("is invoice INV-1 void?")


# axes 0-3: one a tool; axis 5: what short requests holding an order or customer number share
TOOLS = [
    ToolSpec("online_order_status", "Show the status of an online order", category="orders"),
    ToolSpec("online_order_cancel", "Cancel an online order", category="orders"),
    ToolSpec("customer_delete", "Delete a customer record", category="customers"),
    ToolSpec("send_email", "Send an e-mail to a customer", category="mail"),
]
PROFILES = Profiles(
    {
        "online_order_status": ToolProfile(("where is my order at",)),
        "online_order_cancel": ToolProfile(("I no longer want this order",), ("cancel order 4402",)),
        "customer_delete": ToolProfile(("this customer wants out of our records",), ("delete customer 4402",)),
    }
)
CANCELLED = unit(0.3, 0.5, 0, 0, 0, 0.81)  # ranks online_order_cancel first
STILL_ON = unit(0, 0.45, 0, 0, 0, 0.893)  # closest profile request: "cancel order 4402"
DELETED = unit(0, 0, 0.7, 0, 0, 0.714)  # ranks customer_delete first
TABLE = {t.document(): unit(*([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)} | {
    "where is my order at": unit(0.982, 0, 0, 0, 0, 0.191),
    "I no longer want this order": unit(0, 0.9, 0, 0, 0, 0.436),
    "cancel order 4402": unit(0, 0.3, 0, 0, 0, 0.954),
    "this customer wants out of our records": unit(0, 0, 0.9, 0, 0, 0.436),
    "delete customer 4402": unit(0, 0, 0.4, 0, 0, 0.917),
    "is order #4471 cancelled?": CANCELLED,
    "can you cancel order #4471?": CANCELLED,
    "is order #4471 still on?": STILL_ON,
    "could you get rid of order #4471 please?": STILL_ON,
    "was customer 9120 deleted?": DELETED,
    "could you delete customer 9120?": DELETED,
}
DESTRUCTIVE = {"online_order_cancel", "customer_delete"}


def _filter(profiled: bool = True) -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True,
        top_k=3,
        min_score=0.5,
        min_gap=0.0,
        abstain_phrases=(),
        weights={"embed": 1.0, "support": 1.0},
    )
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE), profiles=PROFILES if profiled else None)


QUESTIONS = [
    ("is order #4471 cancelled?", True),  # its verb
    ("is order #4471 cancelled?", False),
    ("is order #4471 still on?", True),  # its closest profile request
    ("was customer 9120 deleted?", True),  # its verb, the tool's own
    ("was customer 9120 deleted?", False),
]


@pytest.mark.parametrize(("text", "profiled"), QUESTIONS)
def test_the_question_gets_no_destructive_tool(text: str, profiled: bool) -> None:
    s = _filter(profiled).select(text)
    assert not DESTRUCTIVE & set(s.names), s.names


@pytest.mark.parametrize(("text", "profiled"), QUESTIONS)
def test_without_the_form_reading_the_question_got_one(
    monkeypatch: pytest.MonkeyPatch, text: str, profiled: bool
) -> None:
    monkeypatch.setattr(ask_form, "STATE_QUESTIONS", False)  # the rule before
    assert DESTRUCTIVE & set(_filter(profiled).select(text).names)


@pytest.mark.parametrize(
    ("text", "tool", "profiled"),
    [
        ("can you cancel order #4471?", "online_order_cancel", True),
        ("can you cancel order #4471?", "online_order_cancel", False),
        ("could you get rid of order #4471 please?", "online_order_cancel", True),
        ("could you delete customer 9120?", "customer_delete", False),
    ],
)
def test_a_destroy_request_in_question_form_keeps_its_tool(text: str, tool: str, profiled: bool) -> None:
    assert _filter(profiled).select(text).names[0] == tool
