"""An act told as the time of another, and a field of a record deleted, ask no destroyer.

A library desk's "用户 U-12 删除账号前，先把他的余额查一下" (before deleting U-12's account, first check his balance)
and "删之前先确认一下余额" sent ``member_account_delete``: the delete is when the read is for, not asked now
(``_pipeline.befores``). A CRM's "delete the old phone number on CU-5120" sent ``delete_customer``: a field deleted
is an edit (``_pipeline.parts``). Cosines are fixed by hand (``TableEmbedder``).
"""

import numpy as np
import pytest

from toolfilter_core import Reason, ToolFilter, ToolSpec
from toolfilter_core._pipeline.befores import split_befores, tells_a_before
from toolfilter_core._pipeline.parts import field_deleted, fields_deleted
from toolfilter_core._pipeline.reports import ask_and_reports

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

ACCOUNT_DELETE = ToolSpec(
    "member_account_delete", "Permanently delete a member account. Cannot be undone.", takes("member_id")
)
BALANCE = ToolSpec("member_balance_get", "Get a member's outstanding fines and balance.", takes("member_id"))
CUSTOMER_DELETE = ToolSpec("delete_customer", "Delete a customer and all their data.", takes("customer_id"))
CUSTOMER_UPDATE = ToolSpec(
    "update_customer", "Update a customer's phone numbers, emails, address.", takes("customer_id")
)
PHONE_DELETE = ToolSpec("customer_phone_delete", "Delete one phone number of a customer.", takes("customer_id"))
TOOLS = [ACCOUNT_DELETE, BALANCE, CUSTOMER_DELETE, CUSTOMER_UPDATE, PHONE_DELETE]
# axes 1-5: one a tool; 6 and 7: the destroy-asking phrases and the others
TABLE = tool_axes(TOOLS, padded) | act_phrases(6, 7, padded)
ACCOUNT_DELETE_FIRST = padded(0, 0.8, 0.7, 0, 0, 0, 0.5)
CUSTOMER_DELETE_FIRST = padded(0, 0, 0, 0.8, 0.7, 0, 0.5)
BEFORES = [
    "用户 U-12 删除账号前，先把他的余额查一下",
    "删之前先确认一下余额",
    "before you delete U-12, check his balance",
    "check his balance before you delete U-12",
]
FIELDS = [
    "delete the old phone number on CU-5120",
    "把 CU-5120 的旧电话号码删掉",
    "remove the second email from customer 88",
    "删除客户 88 的邮箱地址",
]
ASKED = ["删除用户 U-12 的账号", "delete U-12's account, then check his balance", "删除账号前先查余额，然后删除账号"]
CUSTOMER_ASKED = ["delete customer CU-5120", "删除客户 CU-5120", "delete all data of customer C-1093"]
TABLE |= dict.fromkeys([*BEFORES, *ASKED], ACCOUNT_DELETE_FIRST)
TABLE |= dict.fromkeys([*FIELDS, *CUSTOMER_ASKED], CUSTOMER_DELETE_FIRST)


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE, min_score=0.5)


@pytest.mark.parametrize(
    ("text", "before"),
    [
        ("用户 U-12 删除账号前，先把他的余额查一下", "用户 U-12 删除账号前"),
        ("删之前先确认一下余额", "删之前"),
        ("before you delete U-12, check his balance", "before you delete U-12"),
        ("check his balance before you delete U-12", "before you delete U-12"),
        ("check his balance before cancelling the membership", "before cancelling the membership"),
    ],
)
def test_an_act_told_as_a_time_is_read_apart(text: str, before: str) -> None:
    ask, told = split_befores(text)
    assert told == before
    assert tells_a_before(told)
    assert before not in ask


@pytest.mark.parametrize(
    "text",
    ["delete U-12 before Friday", "cancel the order before it ships", "提前删除账号", "目前先删除这个", "删除账号"],
)
def test_a_time_or_a_plain_ask_is_no_before(text: str) -> None:
    assert split_befores(text) == (text, "")


def test_the_before_joins_the_reports() -> None:
    ask, reports = ask_and_reports("删之前先确认一下余额")
    assert reports == "删之前" and "删" not in ask


@pytest.mark.parametrize("text", BEFORES)
def test_a_before_sends_no_destroyer(text: str) -> None:
    s = _filter().select(text)
    assert "member_account_delete" not in s.names, s.explain()
    held = {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}
    assert "member_account_delete" in held, s.explain()


@pytest.mark.parametrize("text", ASKED)
def test_the_delete_asked_is_sent(text: str) -> None:
    s = _filter().select(text)
    assert "member_account_delete" in s.names, s.explain()


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("delete the old phone number on CU-5120", "the old phone number"),
        ("把 CU-5120 的旧电话号码删掉", "旧电话号码"),
        ("remove the second email from customer 88", "the second email"),
        ("删除客户 88 的邮箱地址", "邮箱"),
    ],
)
def test_a_field_deleted_is_read(text: str, field: str) -> None:
    assert field_deleted(text) == field


@pytest.mark.parametrize(
    "text",
    [
        "delete customer CU-5120",
        "删除客户 CU-5120",
        "delete all data of customer C-1093",
        "remove S-3 from C-21",
        "删掉 acme/web 的 tag v0.9-rc",  # a git tag is a record of its own
    ],
)
def test_a_record_deleted_is_no_field(text: str) -> None:
    assert field_deleted(text) is None


def test_a_field_holds_the_record_s_destroyer_not_the_field_s() -> None:
    tools = [CUSTOMER_DELETE, CUSTOMER_UPDATE, PHONE_DELETE]
    held = fields_deleted("delete the old phone number on CU-5120", tools, np.array([[True, False, True]]))
    assert held.tolist() == [[True, False, False]]


@pytest.mark.parametrize("text", FIELDS)
def test_a_field_deleted_sends_no_record_destroyer(text: str) -> None:
    s = _filter().select(text)
    assert "delete_customer" not in s.names, s.explain()


@pytest.mark.parametrize("text", CUSTOMER_ASKED)
def test_the_record_deleted_is_sent(text: str) -> None:
    s = _filter().select(text)
    assert "delete_customer" in s.names, s.explain()
