"""The right destroyer for an item taken from a record, a part put out of use, a whole record.

"把账单B-702里点错的那杯奶茶删掉" (remove the wrongly ordered milk tea from bill B-702) held ``bill_item_remove`` as
the bill's owner only; "delete the coke from order R-221" held ``order_item_remove`` beside ``order_cancel``, both
taking the order's id; "disable notifications for guest badge B-902" sent ``badge_revoke``; "把学生 STU-0877 的所有
信息删掉" sent ``ensemble_remove_member``, a membership, for the student's whole record. Fake embedder
(``HashingEmbedder``).
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.ask_form import turns_off_a_setting
from toolfilter_core._pipeline.owners import owner_only

GONE = {"destructiveHint": True}


def _tool(name: str, description: str, *params: str, gone: bool = False) -> ToolSpec:
    schema = {"type": "object", "properties": {p: {"type": "string"} for p in params}, "required": list(params)}
    return ToolSpec(name, description, schema, annotations=GONE if gone else {})


OTHERS = [
    _tool("weather_forecast", "Get the weather forecast for a city.", "city"),
    _tool("send_email", "Send an email to a recipient.", "to", "subject", "body"),
]
BILL_VOID = _tool("bill_void", "Void an entire bill so it is no longer payable.", "bill_id", gone=True)
ITEM_REMOVE = _tool("bill_item_remove", "Remove a line item from a bill.", "bill_id", "item_id", gone=True)
BILLS = [
    _tool("bill_get", "Show a bill with its line items and totals.", "bill_id"),
    _tool("bill_item_add", "Add a line item (dish or drink) to a bill.", "bill_id", "item"),
    BILL_VOID,
    ITEM_REMOVE,
    *OTHERS,
]
ORDERS = [
    _tool("order_get", "Get an order.", "order_id"),
    _tool("order_cancel", "Cancel an order.", "order_id", gone=True),
    _tool("order_item_remove", "Remove an item from an order.", "order_id", "item_id", gone=True),
    *OTHERS,
]
REVOKE = _tool("badge_revoke", "Revoke a guest badge.", "badge_id", gone=True)
STUDENTS = [
    _tool("student_get", "Get a student record.", "student_id"),
    _tool("student_delete", "Delete a student record.", "student_id", gone=True),
    _tool("ensemble_remove_member", "Remove a member from an ensemble.", "ensemble_id", "student_id", gone=True),
    *OTHERS,
]
PROFILES = Profiles(
    {
        "order_cancel": ToolProfile((), ("cancel order R-100", "取消订单R-5")),
        "order_item_remove": ToolProfile(("remove the salad from order R-9", "把订单R-7里的可乐去掉")),
    }
)


def _names(tools: list[ToolSpec], text: str, profiles: Profiles | None = None) -> list[str]:
    return list(ToolFilter(tools, embedder=HashingEmbedder(), profiles=profiles).select(text).names)


@pytest.mark.parametrize(
    ("text", "tool", "held"),
    [
        ("把账单B-702里点错的那杯奶茶删掉", ITEM_REMOVE, False),  # the milk tea: a line of the bill
        ("把账单B-702里点错的那杯奶茶删掉", BILL_VOID, True),  # no bill voided
        ("删除账单 B-702 的优惠券", ITEM_REMOVE, True),  # a coupon is a record of its own, no line
        ("delete bill B-702's latte", ITEM_REMOVE, False),
        ("delete bill B-702's latte", BILL_VOID, True),
    ],
)
def test_a_thing_on_a_record_is_the_item_destroyers(text: str, tool: ToolSpec, held: bool) -> None:
    assert owner_only(text, tool) is held


def test_an_item_removed_from_a_bill_is_sent_the_item_destroyer() -> None:
    names = _names(BILLS, "把账单B-702里点错的那杯奶茶删掉")
    assert "bill_item_remove" in names and "bill_void" not in names


@pytest.mark.parametrize("profiles", [None, PROFILES])
def test_an_item_taken_from_an_order_is_sent_its_remover(profiles: Profiles | None) -> None:
    names = _names(ORDERS, "delete the coke from order R-221", profiles)
    assert "order_item_remove" in names and "order_cancel" not in names


def test_an_item_taken_off_a_bill_is_sent_its_remover() -> None:
    names = _names(BILLS, "take the extra fries off bill B-311")
    assert "bill_item_remove" in names and "bill_void" not in names


def test_an_item_taken_from_an_order_in_chinese_is_sent_its_remover() -> None:
    # the fake embedder reads no Chinese without profiles
    names = _names(ORDERS, "客人姓王，帮我把订单 R-221 里的可乐去掉", PROFILES)
    assert "order_item_remove" in names and "order_cancel" not in names


@pytest.mark.parametrize(
    ("text", "setting"),
    [
        ("disable notifications for guest badge B-902", True),
        ("disable expiry reminders on badge B-311", True),
        ("停用门禁卡 B-902 的短信提醒", True),
        ("disable the badge of guest Wang", False),  # the part is the badge itself
        ("disable badge B-902", False),
        ("disable notifications for badge B-902 and delete the guest", False),  # another act asked
    ],
)
def test_a_part_put_out_of_use_is_a_setting(text: str, setting: bool) -> None:
    assert turns_off_a_setting(text, [REVOKE]) is setting


def test_a_setting_turned_off_sends_no_revoke() -> None:
    from toolfilter_core._pipeline.decide import asked_to_destroy

    assert not asked_to_destroy("disable notifications for guest badge B-902", None, None, destroyers=[REVOKE])
    assert asked_to_destroy("disable badge B-902", None, None, destroyers=[REVOKE])


def test_a_whole_student_record_deleted_sends_no_membership_removal() -> None:
    assert "ensemble_remove_member" not in _names(STUDENTS, "把学生 STU-0877 的所有信息删掉")


def test_a_membership_removed_still_is() -> None:
    assert "ensemble_remove_member" in _names(STUDENTS, "remove STU-0877 from the jazz ensemble")


def test_the_reading_holds_only_where_a_destroyer_of_the_record_exists() -> None:
    from toolfilter_core._pipeline.said_objects import on_another_record

    remove = STUDENTS[2]
    row = np.array([[True]])
    text = "把学生 STU-0877 的所有信息删掉"
    assert on_another_record(text, [remove], row, lambda: [STUDENTS[1], remove])[0, 0]
    assert not on_another_record(text, [remove], row, lambda: [remove])[0, 0]


@pytest.mark.parametrize(
    ("text", "held", "rival"),
    [
        ("取消订单 ORD-1 并退款", ("payment_refund", "Refund a payment.", "payment_id"), ("order_cancel", "order_id")),
        (
            "取消订单 O-5512，再把 D-101 的草稿删掉",
            ("draft_delete", "Delete drafts by id.", "draft_ids"),
            ("order_cancel", "order_id"),
        ),
        (
            "TA-20417 客户说不去了，这单撤了吧",
            ("booking_cancel", "Cancel a booking.", "booking_id"),
            ("customer_delete", "customer_id"),
        ),
        (
            "把那个保养预约也撤了",
            ("calendar_cancel_slot", "Cancel an appointment on the workshop calendar.", "appointment_id"),
            ("reservation_cancel", "reservation_id"),
        ),
    ],
)
def test_a_destroyer_taking_no_other_record_beside_its_own_is_not_held(
    text: str, held: tuple[str, str, str], rival: tuple[str, str]
) -> None:
    # each its own act, or the record's own destroyer: only a destroyer taking the named record beside its own is held
    from toolfilter_core._pipeline.said_objects import on_another_record

    tool = _tool(*held, gone=True)
    other = _tool(rival[0], f"{rival[0].replace('_', ' ').capitalize()}.", rival[1], gone=True)
    assert not on_another_record(text, [tool], np.array([[True]]), lambda: [other, tool])[0, 0]
