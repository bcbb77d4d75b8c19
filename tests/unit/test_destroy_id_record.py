"""An id's record outranks a destroyer's own verb; the id's own label outranks its prefix.

A vet clinic's registry describes no id format. "INV-3002 作废" (void INV-3002) says 作废, the own verb of
``prescription_void`` (described "作废一张处方"), which was sent alone: the prefix INV (invoice) names another
record, and a tool whose record the prefix contradicts entered for its own verb said (``decide.VERB_OVER_PREFIX``
off: only where the request names its object too). "这个客户要求删除他的所有资料，客户号 C-1180" (the customer
asks us to delete all their data, customer no. C-1180): "c" abbreviates "calendar", not ``owner_delete``'s
"owner", so ``owner_delete`` was held; the id's label, 客户号, names the customer, which ``owner_delete``'s
``owner_id`` ("client id") is (``id_nouns.LABELS``). Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import Reason, Status, ToolFilter, ToolSpec
from toolfilter_core._pipeline.id_nouns import label_of, records

from .fakes import act_phrases, hand_filter, tool_axes

decide = importlib.import_module("toolfilter_core._pipeline.decide")
id_nouns = importlib.import_module("toolfilter_core._pipeline.id_nouns")


def _takes(name: str, said: str) -> dict[str, object]:
    return {"type": "object", "properties": {name: {"type": "string", "description": said}}, "required": [name]}


def _vec(*components: float) -> list[float]:
    out = [0.0] * 12
    out[: len(components)] = components
    return out


PRESCRIPTION_VOID = ToolSpec(
    "prescription_void", "作废一张处方（开错药或剂量错误时），不可恢复。", _takes("prescription_id", "处方号")
)
INVOICE_VOID = ToolSpec("invoice_void", "Void an invoice issued by mistake.", _takes("invoice_id", "invoice number"))
INVOICE_GET = ToolSpec("invoice_get", "Show an invoice: lines and total.", _takes("invoice_id", "invoice number"))
OWNER_DELETE = ToolSpec(
    "owner_delete",
    "Permanently delete a client record and all their contact data. Cannot be undone.",
    _takes("owner_id", "client id"),
    annotations={"destructiveHint": True},
)
OWNER_LOOKUP = ToolSpec("owner_lookup", "Find a pet owner (client) by name or phone.", _takes("query", "name or phone"))
CALENDAR = ToolSpec("calendar_vet_availability", "Show the vets' calendar: free slots.", _takes("date", "day"))
REFUND_PAYMENT = ToolSpec("refund_payment", "Refund a payment to the card.", _takes("payment_id", "payment id"))
GET_FOLIO = ToolSpec("get_folio", "Show a guest's folio: charges and payments.", _takes("folio_id", "folio number"))
TOOLS = [PRESCRIPTION_VOID, INVOICE_VOID, INVOICE_GET, OWNER_DELETE, OWNER_LOOKUP, CALENDAR, REFUND_PAYMENT, GET_FOLIO]
PHRASES = act_phrases(9, 10, _vec)
TABLE = tool_axes(TOOLS, _vec) | PHRASES
TABLE |= {
    "INV-3002 作废": _vec(0, 0.8, 0.5, 0.4),  # prescription_void first, invoice_void a candidate
    "INV-3003 作废": _vec(0, 0.8, 0.0, 0.4),  # invoice_void scores nothing
    "void prescription INV-3004": _vec(0, 0.8, 0.5, 0.4),
    "这个客户要求删除他的所有资料，客户号 C-1180": _vec(0, 0, 0, 0, 0.8, 0.6, 0.5),
    "这个客户要求删除他的所有资料，日历 C-1181": _vec(0, 0, 0, 0, 0.8, 0.6, 0.5),
    "refund folio F-7781 ¥380": _vec(0, 0, 0, 0, 0, 0, 0, 0.6, 0.8),  # get_folio first
}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


def test_the_ids_record_a_candidate_has_outranks_another_records_own_verb():
    # as before (``one_object``: invoice_void takes the id, so the other destroyer let in is held)
    s = _filter().select("INV-3002 作废")
    assert "invoice_void" in s.names, s.explain()
    assert "prescription_void" not in s.names, s.explain()
    assert "prescription_void" in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]


def test_the_ids_records_destroyer_no_candidate_is_not_sure():
    s = _filter().select("INV-3003 作废")
    assert "prescription_void" not in s.names, s.explain()
    assert s.status is Status.NOT_SURE, s.explain()
    assert "prescription_void" in s.detail


def test_before_the_rule_the_own_verb_won(monkeypatch):
    monkeypatch.setattr(decide, "VERB_OVER_PREFIX", "said")
    assert "prescription_void" in _filter().select("INV-3003 作废").names


@pytest.mark.parametrize(("rule", "sent"), [("fits", True), ("unrivalled", True), ("said", True), ("object", False)])
def test_an_own_verb_no_destroyer_of_the_ids_record_says_still_names_its_tool(monkeypatch, rule, sent):
    # the folio (F-7781, labelled "folio") has no destroyer: the refund is refund_payment's own act
    monkeypatch.setattr(decide, "VERB_OVER_PREFIX", rule)
    s = _filter().select("refund folio F-7781 ¥380")
    assert ("refund_payment" in s.names) is sent, s.explain()


def test_the_label_before_the_id_outranks_its_prefix():
    s = _filter().select("void prescription INV-3004")
    assert "prescription_void" in s.names, s.explain()
    assert "invoice_void" not in s.names, s.explain()


@pytest.mark.parametrize(
    ("before", "label"),
    [
        ("这个客户要求删除他的所有资料，客户号 ", "客户"),
        ("寄养单号：", "寄养"),
        ("订单号 ", "订单"),  # 单 is the record's own: it was cut to 订
        ("账单 ", "账单"),
        ("工单 ", "工单"),
        ("采购单号 ", "采购单"),
        ("维修单", "维修"),
        ("delete customer no. ", "customer"),
        ("client id: ", "client"),
        ("Cancel appointments ", "appointment"),
        ("order # ", "order"),
        ("void invoice for ", "for"),
        ("", ""),
    ],
)
def test_an_ids_label_is_the_word_before_it_less_its_id_word(before, label):
    assert label_of(before) == label


def test_a_tools_records_are_its_nouns_and_its_id_parameters_descriptions():
    assert records(OWNER_DELETE) == {"owner", "client"}
    assert records(PRESCRIPTION_VOID) == {"prescription", "处方"}
    assert records(CALENDAR) == {"availability"}
    assert records(GET_FOLIO) == {"folio"}


def test_the_customer_label_gives_the_delete_to_the_clients_destroyer():
    s = _filter().select("这个客户要求删除他的所有资料，客户号 C-1180")
    assert "owner_delete" in s.names, s.explain()
    assert s.status is not Status.NOT_SURE, s.explain()


def test_a_label_of_another_record_still_holds_it():
    s = _filter().select("这个客户要求删除他的所有资料，日历 C-1181")  # 日历 (calendar): no record a tool has
    assert "owner_delete" not in s.names, s.explain()


def test_without_labels_the_prefix_holds_the_clients_destroyer(monkeypatch):
    monkeypatch.setattr(id_nouns, "LABELS", False)
    s = _filter().select("这个客户要求删除他的所有资料，客户号 C-1180")
    assert "owner_delete" not in s.names, s.explain()
