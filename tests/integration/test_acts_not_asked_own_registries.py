"""Whole selections on three small registries, the real default embedder: a destroyer only for its act asked.

A library desk's "读者 30088 的账户还有欠费吗？他想注销" (a status question beside the member's wish) and "用户 U-12
删除账号前，先把他的余额查一下" (the delete is when the read is for) sent ``member_account_delete``; a CRM's "delete the
old phone number on CU-5120" (a field deleted: an edit) sent ``delete_customer``; a language school's "kick him out of
class C-21" held ``remove_student_from_class`` (kick out read as no removal), in a registry where the removal scores
under ``min_combined_score`` for "把他踢出 C-21 班" (.062, ``LOW_SCHOOL``) it is still not served.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration

DESTRUCTIVE = {"destructiveHint": True}


def _takes(**fields: str) -> dict[str, Any]:
    properties = {name: {"type": "string", "description": text} for name, text in fields.items()}
    return {"type": "object", "properties": properties, "required": list(fields)[:1]}


MEMBER = _takes(member_id="Library card / member number")
CUSTOMER = _takes(customer_id="Customer id, e.g. CU-5120")
LIBRARY = [
    ToolSpec(
        "member_account_delete",
        "Permanently delete a member account and its borrowing history. Cannot be undone.",
        MEMBER,
        annotations=DESTRUCTIVE,
    ),
    ToolSpec("member_balance_get", "Get a member's outstanding fines and account balance.", MEMBER),
    ToolSpec("member_get", "Get a library member's details: name, contact, loans on record.", MEMBER),
]
CRM = [
    ToolSpec(
        "delete_customer",
        "Delete a customer and all of their records. Cannot be undone.",
        CUSTOMER,
        annotations=DESTRUCTIVE,
    ),
    ToolSpec(
        "update_customer",
        "Update a customer's details: name, phone numbers, email addresses, postal address.",
        _takes(customer_id="Customer id, e.g. CU-5120", fields="Fields to change"),
    ),
    ToolSpec("get_customer", "Get a customer's details by id.", CUSTOMER),
]
SCHOOL = [
    ToolSpec(
        "remove_student_from_class",
        "Remove a student from a class.",
        _takes(student_id="Student id", class_id="Class code, e.g. C-21"),
        annotations=DESTRUCTIVE,
    ),
    ToolSpec("enroll_student", "Enroll a student in a class.", _takes(student_id="Student id", class_id="Class code")),
    ToolSpec("class_roster", "List the students in a class.", _takes(class_id="Class code, e.g. C-21")),
]
LOW_SCHOOL = [  # its removal scores under min_combined_score (0.1) for "把他踢出 C-21 班" (.062)
    ToolSpec(
        "remove_student_from_class",
        "Removes a learner's enrolment record from a course section; refunds are handled separately by billing.",
        _takes(student_id="Student id", class_id="Class code, e.g. C-21"),
        annotations=DESTRUCTIVE,
    ),
    *SCHOOL[1:],
]
REGISTRIES = {"library": LIBRARY, "crm": CRM, "school": SCHOOL, "low_school": LOW_SCHOOL}


@pytest.fixture(scope="module")
def choosers(default_embedder: Embedder) -> dict[str, ToolFilter]:
    return {name: ToolFilter(tools, embedder=default_embedder) for name, tools in REGISTRIES.items()}


@pytest.mark.parametrize(
    ("registry", "request_", "destroyer"),
    [
        ("library", "读者 30088 的账户还有欠费吗？他想注销", "member_account_delete"),
        ("library", "Does member 30088 still owe fines? He wants to close his account.", "member_account_delete"),
        ("library", "客户想退会，他还欠多少钱？", "member_account_delete"),
        ("library", "用户 U-12 删除账号前，先把他的余额查一下", "member_account_delete"),
        ("library", "删之前先确认一下余额", "member_account_delete"),
        ("library", "before you delete U-12, check his balance", "member_account_delete"),
        ("library", "check his balance before you delete U-12", "member_account_delete"),
        ("crm", "delete the old phone number on CU-5120", "delete_customer"),
        ("crm", "把 CU-5120 的旧电话号码删掉", "delete_customer"),
        ("crm", "remove the second email from customer 88", "delete_customer"),
        ("crm", "删除客户 88 的邮箱地址", "delete_customer"),
    ],
)
def test_an_act_not_asked_sends_no_destroyer(
    choosers: dict[str, ToolFilter], registry: str, request_: str, destroyer: str
) -> None:
    selection = choosers[registry].select(request_)
    assert destroyer not in selection.names, selection.explain()


@pytest.mark.parametrize(
    "request_",
    [
        "delete the old phone number on CU-5120",
        "把 CU-5120 的旧电话号码删掉",
        "remove the second email from customer 88",
    ],
)
def test_a_field_deleted_is_the_update_s_act(choosers: dict[str, ToolFilter], request_: str) -> None:
    selection = choosers["crm"].select(request_)
    assert "update_customer" in selection.names, selection.explain()


@pytest.mark.parametrize(
    ("registry", "request_", "destroyer"),
    [
        ("library", "他想注销，帮他注销吧", "member_account_delete"),
        ("library", "he wants to close his account, please do it", "member_account_delete"),
        ("library", "删除读者 30088 的账户", "member_account_delete"),
        ("crm", "delete customer CU-5120", "delete_customer"),
        ("crm", "删除客户 CU-5120", "delete_customer"),
        ("school", "把他踢出 C-21 班", "remove_student_from_class"),
        ("school", "kick him out of class C-21", "remove_student_from_class"),
        ("school", "kick S-3 out of C-21", "remove_student_from_class"),
        ("school", "boot S-3 from class C-21", "remove_student_from_class"),
        ("school", "把 S-3 从 C-21 班踢掉", "remove_student_from_class"),
        ("low_school", "kick him out of class C-21", "remove_student_from_class"),
    ],
)
def test_the_act_asked_sends_its_destroyer(
    choosers: dict[str, ToolFilter], registry: str, request_: str, destroyer: str
) -> None:
    selection = choosers[registry].select(request_)
    assert destroyer in selection.names, selection.explain()
