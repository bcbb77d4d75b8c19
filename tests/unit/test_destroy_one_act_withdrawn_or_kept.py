"""A refusal, a keep or a failed act told takes back only the act it says; the destroy ask left is served.

"cancel ORD-5521 and refund it. no wait, don't refund" held the cancel too (the refusal's word was looked for in the
clause, not in the act). "refund ORD-5521, keep the order" held the refund (a refund leaves the order as it is), and
"void INV-3301, no need to keep the invoice" held the void (a keep waved off). "看看退货政策" and "check the refunds
policy" asked a withdrawn refund again (its word inside another), and "cancel ORD-5521. don't, wait" sent the cancel (a
refusal with no act word). "cancel ORD-5521. no no" sent nothing: a closing bare "no" is emphasis.
"上次退款失败了，再帮我退一次 ORD-5521" read the failed refund apart and lost the ask.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.kept_records import kept_records
from toolfilter_core._pipeline.later_acts import split_later_acts
from toolfilter_core._pipeline.withdrawn import withdrawn_acts

from . import clinic_subscriptions_kit as clinic
from . import shop_kit as shop

decide = importlib.import_module("toolfilter_core._pipeline.decide")

SHOP = shop.registry("get_order", "update_order", "cancel_order", "refund_order", "delete_customer", "list_products")
CLINIC = clinic.registry("get_appointment", "cancel_appointment", "void_invoice", "get_invoice")


def _destructive(tools: list[ToolSpec]) -> np.ndarray:
    return np.array([[bool(t.annotations) for t in tools]])


def _withdrawn(text: str) -> set[str]:
    refused = decide._ask_read(text)[2]
    row = withdrawn_acts(text, refused, SHOP, _destructive(SHOP))
    return {t.name for t, h in zip(SHOP, row[0], strict=True) if h}


def _sent(tools: list[ToolSpec], text: str) -> set[str]:
    return set(ToolFilter(tools, embedder=HashingEmbedder()).select(text).names)


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("cancel ORD-5521 and refund it. no wait, don't refund", {"refund_order"}),  # not the cancel beside it
        ("cancel ORD-5521 and refund it. actually don't refund it yet", {"refund_order"}),
        ("他说订单 ORD-5521 要退款，先别退，看看退货政策", {"refund_order"}),  # 退 of 退货 asks no refund again
        ("customer wants ORD-5521 refunded. don't refund it yet, check the refunds policy", {"refund_order"}),
        ("cancel ORD-5521. don't, wait", {"cancel_order"}),  # a refusal with no act word closes it
        ("取消 ORD-5521，先别", {"cancel_order"}),
        ("退款 ORD-5521，先别退了，还是退吧", set()),  # asked again
        ("cancel ORD-5521, do it now", set()),  # no negation closes it
        ("cancel ORD-5521. no no", set()),  # a bare "no" alone is emphasis
        ("cancel ORD-5521. no, don't", {"cancel_order"}),  # a negated verb takes it back
        ("cancel ORD-5521. no wait", {"cancel_order"}),
        ("refund ORD-5521? no", {"refund_order"}),  # the no answers the question
        ("cancel ORD-5521. wait", set()),  # no negation
    ],
)
def test_a_bare_refusal_withdraws_the_act_it_says_alone(text: str, held: set[str]) -> None:
    assert _withdrawn(text) == held


@pytest.mark.parametrize(
    ("text", "sent", "not_sent"),
    [
        ("cancel ORD-5521 and refund it. no wait, don't refund", "cancel_order", "refund_order"),
        ("cancel ORD-5521 and refund it. actually don't refund it yet", "cancel_order", "refund_order"),
        ("refund ORD-5521, keep the order", "refund_order", "cancel_order"),
        ("refund ORD-5521 but keep the order active", "refund_order", "cancel_order"),
    ],
)
def test_the_act_left_is_sent(text: str, sent: str, not_sent: str) -> None:
    names = _sent(SHOP, text)
    assert sent in names and not_sent not in names, names


@pytest.mark.parametrize(
    "text",
    [
        "customer wants ORD-5521 refunded. don't refund it yet, check the refunds policy",
        "cancel ORD-5521. don't, wait",
    ],
)
def test_a_withdrawn_act_is_not_sent(text: str) -> None:
    assert not _sent(SHOP, text) & {"cancel_order", "refund_order", "delete_customer"}


@pytest.mark.parametrize("text", ["Cancel ORD-5521. no no", "Cancel ORD-5521. No, no."])
def test_a_closing_doubled_no_keeps_the_act(text: str) -> None:
    names = _sent(SHOP, text)
    assert "cancel_order" in names and not names & {"refund_order", "delete_customer"}, names


@pytest.mark.parametrize("text", ["Cancel ORD-5521. No.", "Delete customer C-1188. No.", "Refund ORD-5521, no"])
def test_a_lone_closing_no_withdraws_the_act(text: str) -> None:
    """A single closing "no" takes the act back (the safer reading for a destroyer): none is sent."""
    assert not _sent(SHOP, text) & {"cancel_order", "refund_order", "delete_customer"}


@pytest.mark.parametrize(
    ("text", "tools", "held"),
    [
        ("refund ORD-5521, keep the order", SHOP, {"cancel_order"}),  # a refund leaves the order
        ("refund the shipping on ORD-5521 and keep the order", SHOP, {"cancel_order"}),
        ("cancel ORD-5521 but keep the customer", SHOP, {"delete_customer"}),
        ("void INV-3301, no need to keep the invoice", CLINIC, set()),  # a keep waved off
        ("void INV-3301, we don't have to keep the invoice", CLINIC, set()),
        ("void INV-3301, we can't keep the invoice", CLINIC, set()),
        ("cancel AP-2231 but keep the invoice", CLINIC, {"void_invoice"}),
    ],
)
def test_a_keep_holds_only_the_destroyer_that_ends_the_kept_thing(
    text: str, tools: list[ToolSpec], held: set[str]
) -> None:
    row = kept_records(text, tools, _destructive(tools))
    assert {t.name for t, h in zip(tools, row[0], strict=True) if h} == held


@pytest.mark.parametrize(
    "text", ["void INV-3301, no need to keep the invoice", "void INV-3301, we don't have to keep the invoice"]
)
def test_a_void_beside_a_keep_waved_off_is_sent(text: str) -> None:
    assert "void_invoice" in _sent(CLINIC, text)


@pytest.mark.parametrize(
    "text",
    ["上次退款失败了，再帮我退一次 ORD-5521", "退款失败了，ORD-5521 重新退一下", "the refund failed, please try again"],
)
def test_a_failed_act_asked_again_is_read_whole(text: str) -> None:
    assert split_later_acts(text) == (text, "")


def test_a_failed_act_beside_another_ask_is_read_apart() -> None:
    rest, told = split_later_acts("退款失败了，再帮我查一下退货进度")  # 退 of 退货 asks no refund
    assert told == "退款失败了"
    assert "查" in rest
