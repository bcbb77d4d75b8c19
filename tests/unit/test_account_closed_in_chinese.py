"""注销 an account closes it; a Chinese field deleted names its destroyer's object.

An online grocery's "注销账号C-501" held ``close_customer_account`` and, with profiles, let ``delete_saved_address`` in:
注销 translates "delete", but the request deletes no saved address. "删除客户C-12的地址A-3" held
``delete_saved_address`` as a field deleted by its owner's name, though "delete the address of customer C-12" gets it.
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import ToolFilter, ToolSpec
from toolfilter_core._hints import ends_accounts, request_is_destructive, request_says_its_act
from toolfilter_core._pipeline.decide import says_acts
from toolfilter_core._pipeline.parts import fields_deleted, names_field

from .fakes import act_phrases, hand_filter, tool_axes, unit

_CUSTOMER = {"type": "string", "description": "customer id"}
CLOSE = ToolSpec(
    "close_customer_account",
    "Permanently close a customer account and anonymise personal data (PIPL/GDPR erasure). Cannot be undone.",
    {"type": "object", "properties": {"customer_id": _CUSTOMER}, "required": ["customer_id"]},
)
DELETE_ADDRESS = ToolSpec(
    "delete_saved_address",
    "Delete a saved address from the account.",
    {
        "type": "object",
        "properties": {"customer_id": _CUSTOMER, "address_id": {"type": "string", "description": "address id"}},
        "required": ["customer_id", "address_id"],
    },
)
TOOLS = [
    ToolSpec("get_customer_profile", "Customer account: name, phone, e-mail, membership tier, wallet balance."),
    ToolSpec("list_saved_addresses", "Delivery addresses saved on a customer account."),
    CLOSE,
    DELETE_ADDRESS,
    ToolSpec("clear_basket", "Empty the customer's basket. Removes every item and any applied voucher."),
]
CLOSINGS = ["注销账号C-501", "客户要求注销账号C-501，并删除个人信息", "把客户C-501的账户注销"]


@pytest.mark.parametrize("text", [*CLOSINGS, "close customer account C-501"])
def test_deregistering_an_account_says_the_act_of_the_tool_that_closes_it(text: str) -> None:
    assert request_is_destructive(text)
    assert ends_accounts(CLOSE)
    assert not ends_accounts(DELETE_ADDRESS)
    assert request_says_its_act(text, CLOSE)


@pytest.mark.parametrize("text", ["帮我注销账号的登录提醒", "注销账号的自动续费怎么关"])
def test_a_noun_after_the_account_is_no_closing(text: str) -> None:
    assert not request_says_its_act(text, CLOSE)


@pytest.mark.parametrize("text", CLOSINGS)
def test_a_translated_verb_beside_an_act_said_needs_its_object(text: str) -> None:
    tools = [CLOSE, DELETE_ADDRESS]
    said = says_acts(text, tools, np.ones((1, 2), dtype=bool), takes=[True, True])
    assert said[0].tolist() == [True, False]


def test_a_translated_verb_alone_still_says_its_act() -> None:
    said = says_acts("注销地址A-3", [DELETE_ADDRESS], np.ones((1, 1), dtype=bool), takes=[True])
    assert said[0].tolist() == [True]


@pytest.mark.parametrize(
    ("thing", "named"), [("地址A-3", True), ("旧地址", True), ("address", True), ("电话号码", False)]
)
def test_a_chinese_field_names_its_destroyer_s_object(thing: str, named: bool) -> None:
    assert names_field(thing, DELETE_ADDRESS) is named


@pytest.mark.parametrize("text", ["删除客户C-12的地址A-3", "把客户C-12的地址A-3删掉"])
def test_an_address_deleted_is_not_held_from_its_own_destroyer(text: str) -> None:
    held = fields_deleted(text, [CLOSE, DELETE_ADDRESS], np.ones((1, 2), dtype=bool))
    assert held[0].tolist() == [True, False]


ADDRESSES = ["删除客户C-12的地址A-3", "把客户C-12的地址A-3删掉"]


def _filter(near: list[float]) -> ToolFilter:
    """The registry by hand: each tool on an axis (1-5), the requests ``near`` them, the act phrases apart (6, 7)."""
    requests = {text: unit(0, *near) for text in [*CLOSINGS, *ADDRESSES]}
    return hand_filter(TOOLS, tool_axes(TOOLS) | act_phrases(6, 7) | requests, min_score=0.3)


@pytest.mark.parametrize("text", CLOSINGS)
def test_closing_an_account_in_chinese_sends_its_closer_and_no_other_destroyer(text: str) -> None:
    names = _filter([0.3, 0.2, 0.9, 0.8, 0.1]).select(text).names  # close first, the address's destroyer near
    assert "close_customer_account" in names
    assert "delete_saved_address" not in names


@pytest.mark.parametrize("text", ADDRESSES)
def test_an_address_deleted_by_its_customer_s_name_is_sent_its_destroyer(text: str) -> None:
    names = _filter([0.3, 0.5, 0.6, 0.9, 0.1]).select(text).names  # the address's destroyer first
    assert "delete_saved_address" in names
    assert "close_customer_account" not in names
