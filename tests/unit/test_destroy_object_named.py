"""The guard's two readings of the objects a request names (``decide.names_objects``).

A request names a destructive tool's object by a word of it, or by an id the tool takes; where it names none so,
by an id whose letters begin a word of its object ("could you void INV-1 please?" names the invoice, not the
ticket), and only then ("void prescription INV-3004" names the prescription alone: its word is said). A tool
whose object the request names is no sharer behind a better-ranked one of its verb ("cancel the appointment too"
keeps ``appointment_cancel`` though ``boarding_cancel`` ranks first). Cosines are fixed by hand
(``TableEmbedder``).
"""

import importlib

import numpy as np

from toolfilter_core import ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._pipeline.act_phrases import DESTROY, OTHER

from .fakes import TableEmbedder, padded

decide = importlib.import_module("toolfilter_core._pipeline.decide")

INVOICE_VOID = ToolSpec("invoice_void", "Void an invoice issued by mistake.")
TICKET_VOID = ToolSpec("flight_ticket_void", "Void an issued e-ticket.")
PRESCRIPTION_VOID = ToolSpec("prescription_void", "Void a prescription written in error.")
BOARDING_CANCEL = ToolSpec("boarding_cancel", "Cancel a boarding stay.")
APPOINTMENT_CANCEL = ToolSpec("appointment_cancel", "Cancel an appointment and free the slot.")
TOOLS = [INVOICE_VOID, TICKET_VOID, PRESCRIPTION_VOID, BOARDING_CANCEL, APPOINTMENT_CANCEL]
PHRASES = {p: padded(*[0.0] * 7, 1.0) for p in DESTROY} | {p: padded(*[0.0] * 8, 1.0) for p in OTHER}
TABLE = {t.document(): padded(0, *([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)} | PHRASES
TABLE |= {
    "could you void INV-1 please?": padded(0, 0.5, 0.8, 0, 0, 0, 0, 0.4),  # the ticket first
    "void prescription INV-3004": padded(0, 0.8, 0, 0.5, 0, 0, 0, 0.4),  # the invoice first
    "void the prescription of inv3004": padded(0, 0.8, 0, 0.5, 0, 0, 0, 0.4),
    "cancel the appointment too": padded(0, 0, 0, 0, 0.8, 0.5, 0, 0.4),  # the boarding stay first
}


def _names(text: str) -> list[str]:
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, min_score=0.9, min_gap=0.1, abstain_phrases=(), weights={"embed": 1.0, "support": 1.0}
    )
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE)).select(text).names


def test_an_ids_letters_name_the_object_where_no_word_does():
    tools = [TICKET_VOID, INVOICE_VOID]
    named = decide.names_objects("could you void INV-1 please?", tools, np.array([[True, True]]))
    assert named.tolist() == [[False, True]]
    names = _names("could you void INV-1 please?")
    assert "invoice_void" in names and "flight_ticket_void" not in names, names


def test_an_ids_letters_name_nothing_where_a_word_names_an_object():
    tools = [INVOICE_VOID, PRESCRIPTION_VOID]
    named = decide.names_objects("void prescription INV-3004", tools, np.array([[True, True]]))
    assert named.tolist() == [[False, True]]
    names = _names("void prescription INV-3004")
    assert "prescription_void" in names and "invoice_void" not in names, names
    names = _names("void the prescription of inv3004")  # an id no parameter takes: the object words alone
    assert "prescription_void" in names and "invoice_void" not in names, names


def test_a_sharer_whose_object_the_request_names_is_not_behind_the_best_ranked_one():
    names = _names("cancel the appointment too")
    assert "appointment_cancel" in names and "boarding_cancel" not in names, names
