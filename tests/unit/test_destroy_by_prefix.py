"""Which destructive tool an id names where no tool describes its format: its prefix as its record's noun.

A garage's tools say no id format. "R-22018 不要了" (R-22018, not wanted any more) ranks
``invoice_void`` first and reads as asking to destroy; but "r" abbreviates no noun of
``invoice_void`` and abbreviates ``reservation_cancel``'s ("reservation"). The id gives the act
to ``reservation_cancel`` (``id_nouns``, ``decide.ASKED_BY_PREFIX``). Cosines are fixed by hand
(``TableEmbedder``).
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import Reason, Status, ToolFilter, ToolSpec
from toolfilter_core._pipeline.id_nouns import abbreviates, nouns
from toolfilter_core._pipeline.route import Routing

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")


INVOICE_VOID = ToolSpec("invoice_void", "作废一张发票。Void an invoice.", takes("invoice_id"))
RESERVATION_CANCEL = ToolSpec("reservation_cancel", "Cancel a rental reservation.", takes("reservation_id"))
PARTS_ORDER_CANCEL = ToolSpec("parts_order_cancel", "取消一张尚未发货的零件采购单。", takes("purchase_order_id"))
RESERVATION_GET = ToolSpec("reservation_get", "Look up a reservation by its number.", takes("reservation_id"))
TOOLS = [INVOICE_VOID, RESERVATION_CANCEL, PARTS_ORDER_CANCEL, RESERVATION_GET]
PHRASES = act_phrases(5, 6)
TABLE = tool_axes(TOOLS) | PHRASES
TABLE |= {
    "R-22018 不要了": unit(0, 0.8, 0.6, 0.3, 0.2),  # ranks invoice_void first
    "客户说R-40917那单他不要了": unit(0, 0.3, 0.6, 0.8, 0.2),  # ranks parts_order_cancel first
    "PO-7731 撤回": unit(0, 0.3, 0.8, 0.6, 0.2),  # ranks reservation_cancel first
    "INV-5520 不要了": unit(0, 0.8, 0.6, 0.3, 0.2),
    "LM-301 不要了": unit(0, 0.8, 0.6, 0.3, 0.2),
    "R-5120 不要了": unit(0, 0.8, 0.0, 0.3, 0.2),  # reservation_cancel scores nothing
}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize(
    ("prefix", "noun", "fits"),
    [
        ("inv", ("invoice",), True),
        ("po", ("purchase", "order"), True),
        ("po", ("parts", "order"), True),
        ("r", ("reservation",), True),
        ("r", ("repair", "order"), True),
        ("ro", ("repair", "order"), True),
        ("bk", ("booking",), True),
        ("r", ("invoice",), False),
        ("po", ("reservation",), False),
        ("inv", ("invoice", "line"), True),
        ("lm", ("plate",), False),
        ("ri", ("reservation",), True),
        ("iv", ("reservation",), False),
    ],
)
def test_a_prefix_abbreviates_a_noun_word_by_word(prefix, noun, fits):
    assert abbreviates(prefix, noun) is fits


def test_a_tools_nouns_are_its_name_less_its_verbs_and_the_ids_it_takes():
    assert nouns(PARTS_ORDER_CANCEL) == [("parts", "order"), ("purchase", "order")]
    assert nouns(RESERVATION_CANCEL) == [("reservation",)]


@pytest.mark.parametrize(
    ("text", "meant", "other"),
    [
        ("R-22018 不要了", "reservation_cancel", "invoice_void"),
        ("客户说R-40917那单他不要了", "reservation_cancel", "parts_order_cancel"),
        ("PO-7731 撤回", "parts_order_cancel", "reservation_cancel"),
    ],
)
def test_the_ids_prefix_gives_the_act_to_its_records_tool(text, meant, other):
    s = _filter().select(text)
    assert meant in s.names, s.explain()
    assert other not in s.names, s.explain()
    assert other in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]


def test_the_act_read_and_its_records_tool_not_a_candidate_is_not_sure():
    s = _filter().select("R-5120 不要了")
    assert s.status is Status.NOT_SURE, s.explain()
    assert not {"invoice_void", "parts_order_cancel", "reservation_cancel"} & set(s.names), s.explain()
    assert "invoice_void" in s.detail


def test_the_prefix_of_the_first_tools_record_keeps_its_act():
    s = _filter().select("INV-5520 不要了")
    assert "invoice_void" in s.names and "reservation_cancel" not in s.names, s.explain()


def test_a_prefix_no_noun_fits_says_nothing():
    s = _filter().select("LM-301 不要了")
    assert "invoice_void" in s.names, s.explain()


def test_without_the_reading_the_best_ranked_destroyer_goes(monkeypatch):
    monkeypatch.setattr(decide, "ASKED_BY_PREFIX", False)
    s = _filter().select("R-22018 不要了")
    assert "invoice_void" in s.names and "reservation_cancel" not in s.names, s.explain()


def _row(*flags: int) -> np.ndarray:
    return np.array([[bool(f) for f in flags]])


@pytest.mark.parametrize(
    ("several", "said", "sent"),
    [
        ("none", [0, 0, 0], [0, 0, 0]),
        ("best", [0, 0, 0], [0, 1, 0]),
        ("all", [0, 0, 0], [0, 1, 1]),
        ("said", [0, 0, 0], [0, 0, 0]),
        ("none", [0, 0, 1], [0, 0, 1]),  # a verb said names its own tool
        ("said", [0, 0, 1], [0, 0, 1]),
        ("none", [0, 1, 1], [0, 1, 1]),
        ("said", [0, 1, 1], [0, 0, 0]),  # the acts of both said: neither
    ],
)
def test_where_several_destroyers_fit_the_prefix(monkeypatch, several, said, sent):
    # "R-22018 不要了": invoice_void ranked first, reservation_cancel and repair_order_delete both fit "r"
    monkeypatch.setattr(decide, "SEVERAL", several)
    monkeypatch.setattr(decide, "SHARED_VERB", "all")  # each whose verb is said (test_destroy_shared_verb.py)
    score = np.array([[0.8, 0.7, 0.6]])
    rows = decide.decide_rows(
        score,
        _row(1, 1, 1),
        np.array([[0, 0, 0]]),
        np.zeros((1, 3), dtype=np.int8),
        Routing(3, 0.9, 0.1, 0.0, route_domains=0, fallback_domains=1, fallback_top_k=4, guard_destructive=True),
        _row(1, 1, 1),
        np.array([True]),
        says_act=_row(*said),
        by_id=_row(0, 1, 1),
        against_id=_row(1, 0, 0),
    )
    assert rows.routed.astype(int).tolist() == [sent]


def test_where_the_request_says_the_acts_of_several_that_fit_none_is_sent():
    # "delete ST-1999 and withdraw them": student_delete and enrolment_withdraw both take the student's id
    rows = decide.decide_rows(
        np.array([[0.8, 0.7, 0.6]]),
        _row(1, 1, 1),
        np.array([[0, 0, 0]]),
        np.zeros((1, 3), dtype=np.int8),
        Routing(3, 0.9, 0.1, 0.0, route_domains=0, fallback_domains=1, fallback_top_k=4, guard_destructive=True),
        _row(1, 1, 1),
        np.array([True]),
        says_act=_row(0, 1, 1),
        by_id=_row(0, 1, 1),
        against_id=_row(1, 0, 0),
    )
    assert rows.routed.astype(int).tolist() == [[0, 0, 0]]
