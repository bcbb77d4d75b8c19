"""Which destructive tool a terse request means: the one that takes the id it carries.

"TA-20417 作废" (void TA-20417) says the act of ``invoice_void`` and of ``booking_cancel``
("作废" reads as void or cancel), and ranks ``invoice_void`` first; but TA-… is a booking
reference, as ``booking_get``'s description says ("e.g. TA-12345") of the ``booking_ref``
that ``booking_cancel`` takes too, and invoices are INV-…. The id gives the act to
``booking_cancel`` (``id_shapes``). Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import Reason, ToolFilter, ToolSpec
from toolfilter_core._pipeline.decide import by_its_id, says_acts
from toolfilter_core._pipeline.id_shapes import id_prefixes, named_by_id

from .fakes import act_phrases, hand_filter, tool_axes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")


def _ref(description: str) -> dict[str, object]:
    return {"type": "object", "properties": {"booking_ref": {"type": "string", "description": description}}}


BOOKING_CANCEL = ToolSpec("booking_cancel", "Cancel a booking.", _ref(""), annotations={"destructiveHint": True})
INVOICE_VOID = ToolSpec(
    "invoice_void",
    "Void an invoice so it can no longer be paid.",
    {"type": "object", "properties": {"invoice_id": {"type": "string", "description": "e.g. INV-7781"}}},
    annotations={"destructiveHint": True},
)
BOOKING_GET = ToolSpec(
    "booking_get", "Get one booking by its reference (e.g. TA-12345).", _ref(""), annotations={"readOnlyHint": True}
)
TOOLS = [INVOICE_VOID, BOOKING_CANCEL, BOOKING_GET]
PHRASES = act_phrases(4, 5)
TABLE = tool_axes(TOOLS) | PHRASES
TABLE |= {
    "TA-20417 作废": unit(0, 0.8, 0.6, 0.5),  # ranks invoice_void first
    "INV-3302 作废": unit(0, 0.8, 0.6, 0.2),
    "作废": unit(0, 0.8, 0.6, 0.2),
}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize(
    ("text", "prefixes"),
    [
        ("TA-20417 作废", {"ta"}),
        ("sub_1QbY7jKl2mNo 撤了 and in_1QxZ4k2eZvKYlo2C", {"sub", "in"}),
        ("预订号，如 BK-20931 或 OTA 订单号", {"bk"}),
        ("^TA-\\d{5}$", {"ta"}),
        ("us-east-1, pre-authorisation, covid-19, v2.4.1, cm-sync", set()),
    ],
)
def test_an_ids_prefix_is_its_letters_before_a_dash(text, prefixes):
    assert id_prefixes(text) == prefixes


def test_the_id_gives_the_act_to_the_tool_that_takes_it():
    s = _filter().select("TA-20417 作废")
    assert "booking_cancel" in s.names, s.explain()
    assert "invoice_void" not in s.names, s.explain()
    assert [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD] == ["invoice_void"]


def test_the_invoices_id_keeps_the_invoices_act():
    s = _filter().select("INV-3302 作废")
    assert "invoice_void" in s.names and "booking_cancel" not in s.names, s.explain()


def test_without_an_id_the_ranking_chooses():
    s = _filter().select("作废")
    assert "invoice_void" in s.names and "booking_cancel" not in s.names, s.explain()


def test_without_the_reading_the_best_ranked_act_wins(monkeypatch):
    monkeypatch.setattr(decide, "ASKED_BY_ID", False)
    s = _filter().select("TA-20417 作废")
    assert "invoice_void" in s.names and "booking_cancel" not in s.names, s.explain()


def test_across_languages_the_tool_taking_the_id_is_asked_for():
    destructive = np.array([[True, True, False]])
    said = says_acts("TA-20417 作废", TOOLS, destructive, takes=[False, True, True])
    assert said.tolist() == [[False, True, False]]
    assert says_acts("TA-20417 作废", TOOLS, destructive).tolist() == [[True, False, False]]


def _row(*flags: int) -> np.ndarray:
    return np.array([[bool(f) for f in flags]])


def test_the_id_keeps_the_tools_meant_or_said_that_take_it():
    destructive, confident = _row(1, 1, 1, 0), _row(0, 0, 0, 0)
    takes = named_by_id([False, True, True, True], destructive)
    assert takes.tolist() == _row(0, 1, 1, 0).tolist()  # a read tool that takes it is no act's
    # ranked first, it takes other ids: the best-ranked destructive tool that takes it instead
    chosen, _ = by_its_id(_row(1, 0, 0, 0), destructive, takes, None, confident)
    assert chosen.tolist() == _row(0, 1, 0, 0).tolist()
    # meant and said, both take it: both stay
    chosen, _ = by_its_id(_row(0, 1, 0, 0), destructive, takes, _row(0, 0, 1, 0), confident)
    assert chosen.tolist() == _row(0, 1, 1, 0).tolist()
    # the act said is a tool's that takes other ids: the id chooses nothing
    chosen, _ = by_its_id(_row(1, 0, 0, 0), destructive, takes, _row(1, 0, 0, 0), confident)
    assert chosen.tolist() == _row(1, 0, 0, 0).tolist()


def test_the_id_never_makes_a_read_into_an_act():
    # "Stop EC2 instance i-0f1e... for the weekend": the tool meant is not destructive
    destructive = _row(0, 1, 1)
    takes = named_by_id([True, True, True], destructive)
    chosen, _ = by_its_id(_row(1, 0, 0), destructive, takes, None, _row(0, 0, 0))
    assert chosen.tolist() == _row(1, 0, 0).tolist()


def test_a_score_unlocks_only_the_tool_the_id_names():
    destructive, takes = _row(1, 1), _row(0, 1)
    chosen, confident = by_its_id(_row(1, 0), destructive, takes, None, _row(1, 1))
    assert chosen.tolist() == _row(0, 1).tolist() and confident.tolist() == _row(0, 1).tolist()
