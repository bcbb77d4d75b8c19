"""An id's prefix that fits the destroyers of several records tells none of them.

A bicycle shop's tools say no id format. "R" abbreviates both ``rental_booking_cancel``'s record
("rental booking") and ``repair_ticket_void``'s ("repair ticket"). "R-5512 不要了" (R-5512, not
wanted any more) ranked ``repair_ticket_void`` first and was sent it alone: the request names no
record, so it is not sure. "租车单 R-5512 撤了吧" names the rental (租车, ``zh_records``): its cancel,
not the repair ticket's void. Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import NoteKind, Status, ToolFilter, ToolSpec
from toolfilter_core._pipeline.objects import names_object

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

id_nouns = importlib.import_module("toolfilter_core._pipeline.id_nouns")


RENTAL_CANCEL = ToolSpec("rental_booking_cancel", "Cancel a rental booking and release the bike.", takes("booking_id"))
REPAIR_VOID = ToolSpec("repair_ticket_void", "Void a repair ticket entered by mistake.", takes("ticket_id"))
RENTAL_GET = ToolSpec("rental_booking_get", "Look up a rental booking by id.", takes("booking_id"))
INVOICE_GET = ToolSpec("invoice_get", "Show an invoice.", takes("invoice_id"))
TOOLS = [RENTAL_CANCEL, REPAIR_VOID, RENTAL_GET, INVOICE_GET]
PHRASES = act_phrases(5, 6)
TABLE = tool_axes(TOOLS) | PHRASES
TABLE |= {
    "R-5512 不要了": unit(0, 0.0, 0.8, 0.3, 0.1),  # ranks repair_ticket_void first, rental_booking_cancel nowhere
    "租车单R-5512撤回吧": unit(0, 0.6, 0.8, 0.3, 0.1),  # the same ranking; the request names the rental
    "cancel rental R-5512": unit(0, 0.6, 0.8, 0.3, 0.1),
    "客户要取消R-5512": unit(0, 0.8, 0.6, 0.3, 0.1),  # ranks rental_booking_cancel first, the request names no record
    "R-5512作废": unit(0, 0.8, 0.6, 0.3, 0.1),
    "R-5512 删掉": unit(0, 0.8, 0.6, 0.3, 0.1),
}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


def test_a_prefix_fitting_two_records_destroyers_sends_neither_and_is_not_sure() -> None:
    selection = _filter().select("R-5512 不要了")
    assert not {"repair_ticket_void", "rental_booking_cancel"} & set(selection.names)
    assert selection.status is Status.NOT_SURE
    assert "fits the records of several destructive tools (rental_booking_cancel, repair_ticket_void)" in (
        selection.detail
    )


@pytest.mark.parametrize("query", ["租车单R-5512撤回吧", "cancel rental R-5512"])
def test_the_record_the_request_names_takes_the_id(query: str) -> None:
    names = _filter().select(query).names
    assert "rental_booking_cancel" in names and "repair_ticket_void" not in names


def test_off_the_prefix_gives_the_act_to_the_best_ranked_destroyer_it_fits(monkeypatch) -> None:
    monkeypatch.setattr(id_nouns, "SEVERAL_RECORDS", False)
    assert "repair_ticket_void" in _filter().select("R-5512 不要了").names  # the behaviour before


@pytest.mark.parametrize(
    ("text", "tool", "named"),
    [
        ("租车单R-5512撤了吧", RENTAL_CANCEL, True),
        ("维修单T-88作废", REPAIR_VOID, True),
        ("维修单T-88作废", RENTAL_CANCEL, False),
        ("R-5512 不要了", RENTAL_CANCEL, False),
    ],
)
def test_a_chinese_record_noun_names_an_english_named_tools_object(text: str, tool: ToolSpec, named: bool) -> None:
    assert names_object(text, tool) is named


@pytest.mark.parametrize(
    ("query", "meant", "other"),
    [
        ("客户要取消R-5512", "rental_booking_cancel", "repair_ticket_void"),  # 取消: cancel before void
        ("R-5512作废", "repair_ticket_void", "rental_booking_cancel"),  # 作废: void before cancel
    ],
)
def test_the_act_the_request_says_settles_which_records_destroyer(query: str, meant: str, other: str) -> None:
    selection = _filter().select(query)
    assert meant in selection.names and other not in selection.names
    assert selection.status is not Status.NOT_SURE


def test_the_note_says_a_destroyer_was_held_for_its_id_fitting_several_records_not_as_not_asked_for() -> None:
    selection = _filter().select("R-5512 删掉")  # 删掉 is neither tool's act: still not sure
    assert selection.status is Status.NOT_SURE
    note = next(n for n in selection.reasons if n.kind is NoteKind.DESTRUCTIVE_LEFT_OUT)
    assert "not asked for: rental_booking_cancel" not in note
    held = "destructive: rental_booking_cancel, repair_ticket_void, held as its id's prefix fits the records of several"
    assert held in note
    assert note.values["several"] == ("rental_booking_cancel", "repair_ticket_void")
