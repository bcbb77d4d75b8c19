"""A hearing clinic's registry, the real default embedder, no profiles: a void asked of an invoice gets the void.

"帮我把周女士上周三那张开重复的验耳费发票作废。" (void Ms Zhou's duplicate hearing-test invoice) got no
``void_invoice``: the English tools rank under the score floor for the Chinese request, and it carries no id the
tool takes; its act
(作废, void) and its record (发票, an invoice) are said all the same. "… please void it." got ``cancel_repair_order``
("取消维修单", named cancel) beside ``void_invoice``: 取消 translates "void" too, but the tool says in English it
cancels. The tools are a subset of a hearing clinic's, written by a language model from a domain name alone.
"""

from __future__ import annotations

import warnings

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec, ToolSpecWarning

pytestmark = pytest.mark.integration


def _tool(name: str, description: str, names: list[str], required: list[str]) -> ToolSpec:
    properties = {n: {"type": "string"} for n in names}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": required})


TOOLS = [
    _tool(
        "search_patients",
        "Search patients by name, phone, date of birth or NHS/insurance number. Returns patient ids "
        "(PT-xxxxx) and basic contact info.",
        ["q"],
        [],
    ),
    _tool(
        "get_patient",
        "Get a patient's file: contact details, GP, insurance, fitted devices, audiologist.",
        ["patient_id"],
        ["patient_id"],
    ),
    _tool(
        "list_available_slots",
        "Free appointment slots by branch, audiologist and appointment type (hearing test, fitting, "
        "follow-up, wax removal, repair drop-off).",
        ["branch", "type", "date_from", "audiologist"],
        [],
    ),
    _tool(
        "get_appointment",
        "Look up an appointment by id (AP-xxxxxx) or a patient's upcoming appointments.",
        ["appointment_id", "patient_id"],
        [],
    ),
    _tool(
        "cancel_appointment",
        "Cancel an appointment and free the slot. Late cancellations (<24h) may incur a fee per clinic policy.",
        ["appointment_id", "reason"],
        ["appointment_id"],
    ),
    _tool(
        "get_audiogram",
        "Fetch audiogram results (air/bone conduction thresholds, speech scores) for a patient visit.",
        ["patient_id", "visit_date"],
        ["patient_id"],
    ),
    _tool(
        "record_hearing_test",
        "Save results of a hearing test into the patient's clinical record.",
        ["patient_id", "results"],
        ["patient_id", "results"],
    ),
    _tool(
        "hearing_aid_lookup",
        "Look up a hearing aid by serial no. — returns model + warranty status. (maintained by repairs team)",
        ["serial_no"],
        ["serial_no"],
    ),
    _tool(
        "create_repair_order",
        "Open a repair order for a device (whistling, dead, cracked shell, water damage). Generates "
        "RP-number and courier label to manufacturer.",
        ["serial", "fault"],
        ["serial", "fault"],
    ),
    _tool(
        "get_repair_order",
        "Status of a repair order: received, at manufacturer, returned, quote pending.",
        ["repair_id"],
        ["repair_id"],
    ),
    _tool("cancel_repair_order", "取消维修单。如果设备已寄往厂家，将产生退回运费。", ["repair_id"], ["repair_id"]),
    _tool(
        "create_invoice",
        "Raise an invoice for devices, services or accessories.",
        ["patient_id", "lines"],
        ["patient_id", "lines"],
    ),
    _tool(
        "get_invoice",
        "Get an invoice (INV-xxxxx): lines, VAT, insurer share, amount paid, balance.",
        ["invoice_id"],
        ["invoice_id"],
    ),
    _tool(
        "void_invoice",
        "Void an issued invoice (e.g. raised in error). Voided invoices stay in the ledger marked VOID; "
        "cannot be undone.",
        ["invoice_id", "reason"],
        ["invoice_id", "reason"],
    ),
    _tool(
        "get_payment",
        "Payment details and refunds already made against an invoice or patient.",
        ["invoice_id", "patient_id"],
        [],
    ),
    _tool(
        "take_payment",
        "Take a card payment or record cash/cheque against an invoice.",
        ["invoice_id", "amount", "method"],
        ["invoice_id", "amount"],
    ),
    _tool(
        "refund_payment",
        "Refund a payment in full or in part to the original card. Used for returns within the 30-day trial period.",
        ["payment_id", "amount", "reason"],
        ["payment_id"],
    ),
    _tool(
        "submit_insurance_claim",
        "提交保险/医保报销申请，附上发票和听力图。",
        ["patient_id", "invoice_id"],
        ["patient_id", "invoice_id"],
    ),
]


@pytest.fixture(scope="module")
def clinic(default_embedder: Embedder) -> ToolFilter:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        return ToolFilter(TOOLS, embedder=default_embedder)


def test_a_void_of_an_invoice_asked_in_chinese_gets_the_void(clinic: ToolFilter) -> None:
    names = list(clinic.select("帮我把周女士上周三那张开重复的验耳费发票作废。").names)
    assert "void_invoice" in names, names
    assert "cancel_repair_order" not in names and "cancel_appointment" not in names, names


def test_a_void_asked_in_english_gets_no_repair_order_cancel(clinic: ToolFilter) -> None:
    text = "The invoice we sent the Daltons for the wax removal twice — the second one, the £45 — please void it."
    names = list(clinic.select(text).names)
    assert "void_invoice" in names and "cancel_repair_order" not in names, names
