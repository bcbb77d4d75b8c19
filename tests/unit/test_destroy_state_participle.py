"""A destroy word's past participle before its noun says a state, asks no act.

A grooming salon's "show me voided gift cards" was sent ``giftcard_void`` first: "voided gift cards" are gift cards in
a state, as "cancelled appointments", "已作废的礼品卡" and "取消了的预约" are. "void gift card GC-5", "gift card GC-5
voided please" (the participle after its noun: an ask) and "把礼品卡 GC-5 作废" still ask. Fake embedder
(``HashingEmbedder``).
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.ask_form import about_state, says_a_state
from toolfilter_core._pipeline.noun_acts import acts_as_nouns_apart

GONE = {"destructiveHint": True}


def _takes(name: str) -> dict[str, object]:
    return {"type": "object", "properties": {name: {"type": "string"}}, "required": [name]}


SALON = [
    ToolSpec(
        "giftcard_void",
        "Void a gift card so it can no longer be redeemed (lost/stolen/fraud).",
        _takes("card_id"),
        annotations=GONE,
    ),
    ToolSpec("giftcard_issue", "Issue a new gift card with an amount.", _takes("amount")),
    ToolSpec("giftcard_balance", "Gift card balance and history.", _takes("card_id")),
    ToolSpec("appointment_list", "List appointments, filter by date, groomer or status.", _takes("date")),
    ToolSpec("appointment_cancel", "Cancel an appointment.", _takes("appointment_id"), annotations=GONE),
]
PROFILES = Profiles(
    {
        "giftcard_void": ToolProfile((), ("void gift card GC-3321", "把礼品卡 GC-10 作废")),
        "giftcard_balance": ToolProfile(("how much is left on this gift card",)),
        "appointment_cancel": ToolProfile((), ("cancel appointment A-12",)),
    }
)
STATES = [
    "show me voided gift cards",
    "list the voided gift cards",
    "查一下已作废的礼品卡",
    "看看被作废的礼品卡",
]
ASKS = ["void gift card GC-5", "gift card GC-5 voided please", "show me voided gift cards, void GC-5"]


def _names(text: str, profiled: bool) -> list[str]:
    profiles = PROFILES if profiled else None
    return list(ToolFilter(SALON, embedder=HashingEmbedder(), profiles=profiles).select(text).names)


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize("text", STATES)
def test_a_state_before_its_noun_asks_no_void(text: str, profiled: bool) -> None:
    assert "giftcard_void" not in _names(text, profiled)


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize("text", ASKS)
def test_a_void_asked_still_is(text: str, profiled: bool) -> None:
    assert "giftcard_void" in _names(text, profiled)


def test_a_void_asked_in_chinese_still_is() -> None:
    # the fake embedder reads no Chinese without profiles
    assert "giftcard_void" in _names("把礼品卡 GC-5 作废", True)


@pytest.mark.parametrize(
    "text",
    [
        "show me voided gift cards",
        "list cancelled appointments for Max",
        "any refunded packages this month?",
        "已作废的礼品卡有哪些",
        "查一下取消了的预约",
    ],
)
def test_a_participle_before_its_noun_says_a_state(text: str) -> None:
    assert says_a_state(text)


@pytest.mark.parametrize(
    "text",
    [
        "void gift card GC-5",
        "gift card GC-5 voided please",
        "把礼品卡 GC-5 作废",
        "we cancelled appointments, refund them",
        "get it voided",
        "show me voided gift cards and void GC-5",
        "我要取消的是 ORD-1",
        "the cancelled appointment for Max needs a refund",
    ],
)
def test_an_act_or_a_state_beside_an_ask_is_no_state(text: str) -> None:
    assert not says_a_state(text)


SHOP = [
    ToolSpec("get_order", "Look up an order's status, items and total by order id.", _takes("order_id")),
    ToolSpec("cancel_order", "Cancel an order that has not shipped yet.", _takes("order_id"), annotations=GONE),
    ToolSpec("refund_order", "Refund an order's payment to the customer.", _takes("order_id"), annotations=GONE),
    ToolSpec("get_customer", "Look up a customer's profile and contact details.", _takes("customer_id")),
    ToolSpec("delete_customer", "Delete a customer account and all its data.", _takes("customer_id"), annotations=GONE),
    ToolSpec("get_weather", "Current weather forecast for a city.", _takes("city")),
]


@pytest.mark.parametrize(
    "text",
    [
        "I need ORD-5521 cancelled asap",
        "Please have order ORD-5521 cancelled immediately",
        "I want customer C-12 deleted permanently",
        "need order ORD-5521 refunded before Friday",
        "Please get ORD-5521 refunded ASAP",
        "ORD-5521 cancelled straight away please",
        "I want the order cancelled permanently",
        "please have the customer deleted completely",
        "order cancelled asap",
    ],
)
def test_a_participle_after_its_object_asks_the_act(text: str) -> None:
    # after an id, or a noun phrase after want / have / get / need: the act wished done, whatever adverb follows
    assert not says_a_state(text)


@pytest.mark.parametrize(
    ("text", "destroyer"),
    [
        ("Please have order ORD-5521 cancelled immediately", "cancel_order"),
        ("I want customer C-12 deleted permanently", "delete_customer"),
        ("want customer C-12 deleted completely", "delete_customer"),
    ],
)
def test_a_destroy_wished_done_gets_its_destroyer(text: str, destroyer: str) -> None:
    assert destroyer in ToolFilter(SHOP, embedder=HashingEmbedder()).select(text).names


@pytest.mark.parametrize(
    "text",
    [
        "show cancelled or refunded orders",
        "list cancelled, refunded orders this week",
        "show cancelled and refunded orders",
        "I want the cancelled orders listed",
        "I need a list of cancelled orders",
        "show cancelled monthly plans",
        "we have 3 refunded orders this week, why?",
    ],
)
def test_participles_joined_before_their_noun_say_one_state(text: str) -> None:
    assert says_a_state(text)


def test_a_run_of_states_beside_an_ask_is_no_state() -> None:
    assert not says_a_state("show cancelled or refunded orders and cancel ORD-5521")


@pytest.mark.parametrize(
    "text", ["have the customer C-12 record deleted completely", "have order ORD-5521 cancelled", "get it voided"]
)
def test_the_have_it_done_form_is_no_question(text: str) -> None:
    assert not about_state(text)


@pytest.mark.parametrize(
    "text", ["have you cancelled ORD-5521", "have the orders been refunded", "have they voided it"]
)
def test_have_before_a_subject_still_asks_a_question(text: str) -> None:
    assert about_state(text)


@pytest.mark.parametrize("text", ["I want the order cancelled permanently", "please get the booking voided completely"])
def test_a_participle_before_an_adverb_names_no_noun(text: str) -> None:
    word = text.split()[-2]
    assert word in acts_as_nouns_apart(text)


def test_a_destroy_word_before_its_noun_still_names_one() -> None:
    assert "refund" not in acts_as_nouns_apart("the refund weekly report")
