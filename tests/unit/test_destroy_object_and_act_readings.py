"""Which destroyer a destroy ask gets: an opening verb names no object, an English verb no Chinese-described tool's,
a told wish is no ask, and an act with its record named is asked however the request ranks.

A hearing clinic's "Look up Arthur Green's file, order him a pack of medium domes, and cancel his follow-up next
Tuesday." held ``cancel_appointment`` and sent ``cancel_repair_order``: "order him" was read as naming a repair
order. "… please void it." sent ``cancel_repair_order`` ("取消维修单", named cancel) beside ``void_invoice``: 取消
translates "void" too. A farm box scheme's "…她说不想要了，帮她退订。" let the best tool of "她说不想要了" (she said
she no longer wants it: a reason told) in beside ``cancel_subscription``. "帮我把周女士…验耳费发票作废。" (void the
invoice) got no ``void_invoice``: the request carries no id, and the English tools rank under the score floor.
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.ask_acts import asks_on_its_own
from toolfilter_core._pipeline.decide import says_acts

GONE = {"destructiveHint": True}
CANCEL_REPAIR = ToolSpec("cancel_repair_order", "取消维修单。如果设备已寄往厂家，将产生退回运费。", annotations=GONE)
CLINIC = [
    ToolSpec("get_patient", "Get a patient's file: contact details, GP, insurance."),
    ToolSpec("order_batteries", "Order batteries or domes for a patient's hearing aid."),
    ToolSpec("cancel_appointment", "Cancel an appointment and free the slot.", annotations=GONE),
    CANCEL_REPAIR,
    ToolSpec("get_invoice", "Get an invoice: lines, amount paid, balance."),
    ToolSpec("void_invoice", "Void an issued invoice (e.g. raised in error).", annotations=GONE),
]
CLINIC_PROFILES = Profiles(
    {
        "get_patient": ToolProfile(("show me Mr Lee's file",)),
        "order_batteries": ToolProfile(("order her a pack of size 13 batteries",)),
        "cancel_appointment": ToolProfile(("cancel her follow-up on Friday",)),
        "cancel_repair_order": ToolProfile(("cancel repair order RP-20100",)),
        "void_invoice": ToolProfile(("void invoice INV-3001, it was raised twice",)),
    }
)
ARTHUR = "Look up Arthur Green's file, order him a pack of medium domes, and cancel his follow-up next Tuesday."


def _names(tools: list[ToolSpec], text: str, profiles: Profiles | None = None) -> list[str]:
    return list(ToolFilter(tools, embedder=HashingEmbedder(), profiles=profiles).select(text).names)


def test_an_order_placed_names_no_repair_order() -> None:
    names = _names(CLINIC, ARTHUR, CLINIC_PROFILES)  # without profiles: the dev registry's run (CHANGELOG)
    assert "cancel_appointment" in names and "cancel_repair_order" not in names, names


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (
            "Look up his file, order him a pack of domes, and cancel it",
            "Look up his file,  him a pack of domes, and cancel it",
        ),
        ("Order a taxi", " a taxi"),
        ("cancel order O-1", "cancel order O-1"),
        ("the order a customer placed", "the order a customer placed"),
        ("Order O-1 was wrong, cancel it", "Order O-1 was wrong, cancel it"),
    ],
)
def test_a_verb_that_opens_a_clause_is_read_apart(text: str, read: str) -> None:
    from toolfilter_core._pipeline.objects import opening_verbs_apart

    assert opening_verbs_apart(text) == read


def test_an_act_said_in_its_own_language_holds_a_translation() -> None:
    void = ToolSpec("void_invoice", "Void an issued invoice.", annotations=GONE)
    tools = [void, CANCEL_REPAIR]
    said = says_acts("the second one, the £45, please void it", tools, np.array([[True, True]]))
    assert said.tolist() == [[True, False]]  # 取消 translates "void", but void_invoice says it in English
    assert says_acts("RP-1, void", [CANCEL_REPAIR], np.array([[True]])).tolist() == [[True]]


def test_a_void_asked_sends_no_repair_order_cancel() -> None:
    text = "The invoice we sent the Daltons for the wax removal twice, the second one, the £45, please void it."
    names = _names(CLINIC, text)
    assert "void_invoice" in names and "cancel_repair_order" not in names, names


@pytest.mark.parametrize(
    ("text", "asks"),
    [("她说不想要了", False), ("帮她退订", True), ("不想要了，退订吧", True)],
)
def test_a_wish_told_is_no_ask_on_its_own(text: str, asks: bool) -> None:
    assert asks_on_its_own(text, HashingEmbedder(), None) is asks


@pytest.mark.parametrize("text", ["帮我把周女士上周三那张开重复的验耳费发票作废。", "把那张开重复的发票作废"])
def test_a_void_and_its_record_said_in_chinese_send_the_void(text: str) -> None:
    names = _names(CLINIC, text)
    assert "void_invoice" in names, names
    assert "cancel_appointment" not in names and "cancel_repair_order" not in names, names


@pytest.mark.parametrize("text", ["发票作废了吗", "别把发票作废", "上周的发票已经作废了，查一下余额"])
def test_a_void_asked_of_no_one_sends_none(text: str) -> None:
    assert "void_invoice" not in _names(CLINIC, text)
