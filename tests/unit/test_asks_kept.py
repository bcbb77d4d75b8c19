"""Asks the readings of told acts must leave asked, and what those readings must still take away.

An "'s" before a hyphen compound is an owner's ("the customer's already-cancelled order"), a matter put off ends at
its clause ("The refund can wait, cancel order O-5512"), a polite "I'm afraid" before must / have to / need / should
asks, "going to need you to" asks, a quoted message followed by "Do it." / "go ahead" is asked, and an assent is
taken back only by a refusal of the act offered ("yes, but don't refund it" confirms a cancel).
"""

from __future__ import annotations

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_read import read_turn
from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.owners import owner_only
from toolfilter_core._pipeline.reports import ask_and_reports

from .fakes import takes

CUSTOMER_DELETE = ToolSpec("customer_delete", "Delete a customer account.", takes("customer_id"))

ASKED = [
    "The refund can wait, cancel order O-5512",
    "Lunch can wait, cancel order O-5512 first",
    "I can wait, refund order O-5512 when you can",
    "The refund is a separate matter, cancel order O-5512 now",
    "I'm afraid you'll have to cancel order O-5512",
    "I'm afraid you need to cancel order O-5512",
    "I'm afraid order O-5512 has to be cancelled",
    "I'm afraid we should cancel order O-5512",
    "I'm worried about the fees so cancel order O-5512",
    "I'm going to need you to cancel order O-5512 before tomorrow",
    'The customer wrote "please cancel my order O-5512". Do it.',
    'The customer wrote "please cancel my order O-5512", go ahead.',
    'Customer says: "cancel O-5512". Please do.',
]
TOLD = [
    ("The refund question can wait.", "refund"),
    ("The refund is a separate matter, show me order O-5512", "refund"),
    ("I'm afraid the courier will cancel order O-5512", "cancel"),
    ("I'm worried the system might delete order O-5512, show it to me", "delete"),
    ("I'm afraid that O-5512 will be cancelled by the bank", "cancel"),
    ("we're planning to cancel it next month, show me order O-5512", "cancel"),
    ("I'm going to cancel it tomorrow, show me order O-5512", "cancel"),
    ('The customer wrote "please cancel my order O-5512". Has it shipped?', "cancel"),
    ('Customer says: "cancel O-5512". Do not touch it yet.', "cancel"),
]


@pytest.mark.parametrize("text", ASKED)
def test_the_ask_stays_asked(text: str) -> None:
    ask, _ = ask_and_reports(text)
    assert request_is_destructive(ask)
    assert "O-5512" in ask


@pytest.mark.parametrize(("text", "word"), TOLD)
def test_a_told_act_still_leaves_the_ask(text: str, word: str) -> None:
    ask, reports = ask_and_reports(text)
    assert not request_is_destructive(ask)
    assert word in reports


@pytest.mark.parametrize(
    "text", ["delete the customer's already-cancelled order O-5512", "delete customer C-12's just-placed order O-5512"]
)
def test_an_s_before_a_hyphen_compound_is_an_owner(text: str) -> None:
    assert owner_only(text, CUSTOMER_DELETE)


@pytest.mark.parametrize(
    "text", ["the customer's already gone, delete customer C-12", "the customer's just left, delete customer C-12"]
)
def test_an_s_before_an_adverb_is_still_is(text: str) -> None:
    assert not owner_only(text, CUSTOMER_DELETE)


def _reading(reply: str, offer: str = "Shall I cancel order O-5512?") -> str:
    turns = openai_turns(
        [
            {"role": "user", "content": "cancel order O-5512"},
            {"role": "assistant", "content": offer},
            {"role": "user", "content": reply},
        ]
    )
    return read_turn(turns).kind


@pytest.mark.parametrize(
    "reply", ["yes, but don't refund it", "yes please, I do not need it anymore", "yes, and don't forget to email her"]
)
def test_an_assent_with_another_refusal_confirms(reply: str) -> None:
    assert _reading(reply) == "confirmation"


def test_an_assent_refusing_another_act_in_chinese_confirms() -> None:
    assert _reading("确认，不要退款", "要取消订单 O-5512 吗？") == "confirmation"


@pytest.mark.parametrize(
    "reply",
    ["yes, but don't cancel it yet", "yes, don't", "yes? no wait, leave it", "好的，不要取消", "ok, don't do it"],
)
def test_an_assent_refusing_the_offer_is_taken_back(reply: str) -> None:
    assert _reading(reply) != "confirmation"


def test_a_taken_back_assent_carries_no_earlier_ask() -> None:
    turns = openai_turns(
        [
            {"role": "user", "content": "cancel order O-5512"},
            {"role": "assistant", "content": "Shall I cancel order O-5512?"},
            {"role": "user", "content": "yes? no wait, leave it"},
        ]
    )
    assert read_turn(turns).context == ()
