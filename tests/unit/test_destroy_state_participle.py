"""A destroy word's past participle before its noun says a state, asks no act (issue #32 item 12).

A grooming salon's "show me voided gift cards" was sent ``giftcard_void`` first: "voided gift cards" are gift cards in
a state, as "cancelled appointments", "已作废的礼品卡" and "取消了的预约" are. "void gift card GC-5", "gift card GC-5
voided please" (the participle after its noun: an ask) and "把礼品卡 GC-5 作废" still ask. Fake embedder
(``HashingEmbedder``).
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.ask_form import says_a_state

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
