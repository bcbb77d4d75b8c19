"""Whole selections, the real default embedder: two destroy acts asked, each on its own record and id.

"cancel appointment A-3310 and refund sale S-4455" sent neither ``appointment_cancel`` nor ``product_sale_refund``:
where the request's ids fitted several destroyers whose acts it says, none was let in (``decide.SEVERAL`` ``said``),
though each id names one of them alone. One id both destroyers take, each act said, sends both (each act its own).
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration


def _takes(name: str) -> dict[str, object]:
    return {"type": "object", "properties": {name: {"type": "string"}}, "required": [name]}


SALON = [
    ToolSpec("client_delete", "Permanently delete a client's profile and personal data (privacy request)."),
    ToolSpec("client_get", "Get a client's profile: contact details, hair notes, visit history."),
    ToolSpec("appointment_list", "List a client's or a stylist's appointments, upcoming or past."),
    ToolSpec("appointment_get", "Get one appointment's time, stylist, services and status by appointment id."),
    ToolSpec("appointment_cancel", "Cancel an appointment. Frees the slot; cannot be undone."),
    ToolSpec("appointment_book", "Book an appointment for a client with a stylist."),
    ToolSpec("product_sale_get", "Look up a product sale by sale id (S-xxxx): items, amount, payment."),
    ToolSpec("product_sale_refund", "Refund a product sale in full or in part."),
]
SHOP = [
    ToolSpec("order_cancel", "Cancel an order that has not shipped yet."),
    ToolSpec("order_get", "Look up an order by its number: items, status, delivery."),
    ToolSpec("invoice_void", "Void an invoice issued by mistake."),
    ToolSpec("invoice_get", "Show an invoice: lines, amounts, tax."),
    ToolSpec("customer_delete", "Permanently delete a customer and their data."),
    ToolSpec("customer_get", "Show a customer's details."),
]
SCHOOL = [
    ToolSpec("student_delete", "Delete a student record and all personal data.", _takes("student_id")),
    ToolSpec("teacher_timetable_remove", "Take a teacher off the timetable.", _takes("teacher_id")),
    ToolSpec("student_lookup", "Look up a student record.", _takes("student_id")),
    ToolSpec("credits_revoke", "Revoke course credits from a student.", _takes("student_id")),
]


@pytest.fixture(scope="module")
def salon(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(SALON, embedder=default_embedder)


@pytest.fixture(scope="module")
def shop(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(SHOP, embedder=default_embedder)


@pytest.mark.parametrize(
    "request_",
    [
        "cancel appointment A-3310 and refund sale S-4455",
        "cancel appointment A-3310 before refunding sale S-4455",
    ],
)
def test_each_act_on_its_own_id_sends_its_destroyer(salon: ToolFilter, request_: str) -> None:
    s = salon.select(request_)
    assert {"appointment_cancel", "product_sale_refund"} <= set(s.names), s.explain()
    assert "client_delete" not in s.names, s.explain()


@pytest.mark.parametrize(
    "request_",
    [
        "cancel order D-3310 and void invoice F-4455",
        "void invoice F-4455 before cancelling order D-3310",
        "取消订单 D-3310，再把发票 F-4455 作废",  # cancel order D-3310, then void invoice F-4455
        "取消订单 D-3310 之前先作废发票 F-4455",  # before cancelling order D-3310, first void invoice F-4455
    ],
)
def test_each_act_on_its_own_id_sends_its_destroyer_in_either_language(shop: ToolFilter, request_: str) -> None:
    s = shop.select(request_)
    assert {"order_cancel", "invoice_void"} <= set(s.names), s.explain()
    assert "customer_delete" not in s.names, s.explain()


@pytest.mark.parametrize(
    "request_", ["cancel appointment A-3310 and refund S-4455", "取消预约 A-3310 前先帮我退款 S-4455"]
)
def test_an_id_whose_letters_name_its_record_sends_both_acts(salon: ToolFilter, request_: str) -> None:
    # "S-4455": S is the last word of product_sale_refund's record (a sale), so the refund is sent beside the cancel
    s = salon.select(request_)
    assert {"appointment_cancel", "product_sale_refund"} <= set(s.names), s.explain()


def test_one_id_both_destroyers_take_sends_each_act_asked(default_embedder: Embedder) -> None:
    # "ST" abbreviates "student", the record of both student_delete and credits_revoke: each act is said, its own
    s = ToolFilter(SCHOOL, embedder=default_embedder).select("delete student ST-1999 and revoke its credits")
    assert {"student_delete", "credits_revoke"} <= set(s.names), s.explain()
    assert "teacher_timetable_remove" not in s.names, s.explain()
