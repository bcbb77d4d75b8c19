"""An id format a parameter's own schema writes with a placeholder body ("booking_ref": "BW-xxxxx") is its id.

A waste service's ``bulky_pickup_cancel(booking_ref)`` says its id only so, and ``bulky_pickup_book`` "returns a
booking reference like BW-12345": "取消大件垃圾预约 BW-30412" (cancel bulky pickup booking BW-30412) held the
cancel tool for an id "the registry's words give to other tools" and let ``bin_registration_delete``, ranked
first, through. Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.id_shapes import id_shapes

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

DESTROYS = {"destructiveHint": True}
BOOK = ToolSpec(
    "bulky_pickup_book",
    "Book a bulky-waste collection for a household. Returns a booking reference like BW-12345.",
    takes("address"),
)
CANCEL = ToolSpec(
    "bulky_pickup_cancel",
    "Cancel a bulky-waste pickup booking. The slot is released.",
    {"type": "object", "properties": {"booking_ref": {"type": "string", "description": "BW-xxxxx"}}},
    annotations=DESTROYS,
)
BIN_DELETE = ToolSpec(
    "bin_registration_delete",
    "Delete a resident's bin registration from the property record.",
    takes("registration_id"),
    annotations=DESTROYS,
)
PHONE = ToolSpec(
    "resident_call",
    "Call a resident back.",
    {"type": "object", "properties": {"phone": {"type": "string", "description": "XXX-XXXX"}}},
)
TOOLS = [BIN_DELETE, CANCEL, BOOK, PHONE]
ASK = "取消大件垃圾预约 BW-30412，居民说旧沙发已经送人了。"
ASK_EN = "cancel bulky pickup BW-30412, the sofa was given away"
READ = "大件垃圾预约 BW-30412 是哪天来收？"
TABLE = tool_axes(TOOLS) | act_phrases(6, 7)
TABLE |= {
    ASK: unit(0, 0.6, 0.55, 0.3, 0, 0, 0.5),  # bin_registration_delete first, the cancel second
    ASK_EN: unit(0, 0.6, 0.55, 0.3, 0, 0, 0.5),
    READ: unit(0, 0.6, 0.55, 0.5, 0, 0, 0, 0.3),
    "取消大件垃圾预约 BW-57731": unit(0, 0, 0.9, 0.1, 0, 0, 0.4),
}
PROFILES = Profiles({"bulky_pickup_cancel": ToolProfile(("取消大件垃圾预约 BW-57731",))})


def _filter(profiles: Profiles | None = None) -> ToolFilter:
    return hand_filter(TOOLS, TABLE, min_score=0.5, profiles=profiles)


def test_a_placeholder_in_a_parameters_schema_is_the_id_it_takes():
    shapes = id_shapes(_filter().snapshot)
    assert shapes.takes("BW-30412", TOOLS) == [False, True, True, False]
    assert shapes.takes("555-1234", TOOLS) == [False, False, False, False]  # "XXX-XXXX" is a phone's


@pytest.mark.parametrize("text", [ASK, ASK_EN])
@pytest.mark.parametrize("profiles", [None, PROFILES])
def test_the_cancel_of_the_ids_record_is_sent_not_the_first_ranked_destroyer(text, profiles):
    s = _filter(profiles).select(text)
    assert "bulky_pickup_cancel" in s.names, s.explain()
    assert "bin_registration_delete" not in s.names, s.explain()


def test_a_read_of_the_same_booking_still_gets_no_destroyer():
    s = _filter().select(READ)
    assert not {"bulky_pickup_cancel", "bin_registration_delete"} & set(s.names), s.explain()


def _schema(description: str) -> dict[str, object]:
    return {"type": "object", "properties": {"invoice": {"type": "string", "description": description}}}


GET_INVOICE = ToolSpec("get_invoice", "Invoice.", _schema("invoice no. INV-xxxxx or job no."))
REFUND = ToolSpec(
    "issue_refund",
    "Refund a customer payment.",
    {"type": "object", "properties": {"payment_id": {"type": "string", "description": "payment id or invoice no."}}},
    annotations=DESTROYS,
)
VOID = ToolSpec("void_invoice", "Void an issued invoice.", _schema("invoice no."), annotations=DESTROYS)


def test_a_parameter_said_to_hold_anothers_numbers_takes_its_ids():
    """A plumber's ``issue_refund`` takes "payment id or invoice no.": the invoices' "INV-xxxxx" (profiles or none)."""
    tools = [GET_INVOICE, REFUND, VOID]
    shapes = id_shapes(hand_filter(tools, tool_axes(tools) | act_phrases(4, 5)).snapshot)
    assert shapes.takes("INV-52133", tools) == [True, True, True]
    assert shapes.takes("JB-52133", tools) == [False, False, False]
