"""A relayed wish asks its act (``wishes``); a record's label asks none (``ask_acts.is_label``); a record named as the
owner of another is not the object (``owners``). E.g. "客户说想取消订单5521" and
"Refund receipt 0045-99812 and delete the patient's loyalty coupon".
"""

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.ask_acts import is_label
from toolfilter_core._pipeline.owners import owner_only, owners_only
from toolfilter_core._pipeline.wishes import split_wishes

from .fakes import takes

PATIENT_DELETE = ToolSpec("patient_delete", "Permanently delete a patient profile and its data.", takes("patient_id"))
CUSTOMER_DELETE = ToolSpec("customer_delete", "Delete a customer and their data.", takes("customer_id"))
COUPON_DELETE = ToolSpec("coupon_delete", "Delete a loyalty coupon.", takes("coupon_id"))


@pytest.mark.parametrize(
    "text",
    [
        "the customer says she wants to cancel order 5521, please do it",
        "the customer says she wants to cancel order 5521, go ahead",
        "客户说想取消订单5521，帮他办一下",
        "客户说想取消订单5521，你处理一下吧",
        "the customer says he wants to cancel order 5521",
        "客户说想取消订单5521",
        "客户表示想取消订单 5521",
        "she said she wants to delete her loyalty account, member 5521",
        "顾客来电：她的血压计坏了，小票 0012-77801，她说想退款，然后发个短信告诉她退好了。",
    ],
)
def test_a_relayed_wish_is_the_ask(text: str) -> None:
    assert split_wishes(text) == (text, "")


@pytest.mark.parametrize(
    ("text", "wish"),
    [
        ("订单5521什么状态？客户说想取消", "客户说想取消"),
        ("客户说想取消订单5521，先帮我看下她的积分", "客户说想取消订单5521"),
        ("客户说想取消订单5521，还没决定", "客户说想取消订单5521\n还没决定"),
        ("Has order 5521 shipped? The customer says she wants to cancel", "The customer says she wants to cancel"),
        ("客户说可能想取消订单5521", "客户说可能想取消订单5521"),
    ],
)
def test_a_said_wish_beside_a_question_indecision_or_another_ask_first_is_told(text: str, wish: str) -> None:
    assert split_wishes(text)[1] == wish


@pytest.mark.parametrize("text", ["小票 0012-77801", "receipt 0045-99812", "the receipt no. 0045-99812", "订单5521"])
def test_a_record_s_noun_and_number_is_a_label(text: str) -> None:
    assert is_label(text)


@pytest.mark.parametrize(
    "text", ["作废小票 0012-77801", "void receipt 0045-99812", "refund 0045-99812", "R-22018 撤了", "顾客来电："]
)
def test_an_act_or_no_number_is_no_label(text: str) -> None:
    assert not is_label(text)


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("Refund receipt 0045-99812 and delete the patient's loyalty coupon", PATIENT_DELETE),
        ("remove the loyalty coupon of the patient", PATIENT_DELETE),
        ("delete patient 30011's coupon", PATIENT_DELETE),
        ("删除顾客的优惠券", CUSTOMER_DELETE),
        ("把顾客 C-1182 的优惠券删掉", CUSTOMER_DELETE),
    ],
)
def test_a_record_named_as_another_s_owner_is_not_the_object(text: str, tool: ToolSpec) -> None:
    assert owner_only(text, tool)


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("delete the patient's profile", PATIENT_DELETE),
        ("delete patient 30011's personal data", PATIENT_DELETE),
        ("delete patient 30011", PATIENT_DELETE),
        ("删除顾客 C-1 的资料", CUSTOMER_DELETE),
        ("delete the patient's coupon and the patient", PATIENT_DELETE),
        ("could you get rid of patient 30011 please?", PATIENT_DELETE),
    ],
)
def test_a_record_named_as_itself_is_the_object(text: str, tool: ToolSpec) -> None:
    assert not owner_only(text, tool)


def test_owners_only_holds_the_owner_s_destroyer_not_the_owned_one_s() -> None:
    tools = [COUPON_DELETE, PATIENT_DELETE]
    held = owners_only("delete the patient's loyalty coupon", tools, np.array([[True, True, False]]))
    assert held.tolist() == [[False, True, False]]


def test_a_field_deleted_is_read_once_by_the_field_reading() -> None:
    tools = [COUPON_DELETE, PATIENT_DELETE]
    held = owners_only("remove the phone number of the patient", tools, np.array([[True, True, False]]))
    assert held.tolist() == [[False, False, False]]
