"""Two destroy acts asked, each on its own id: each destroyer is let in (``decide._by_id``, ``IdRead.alone``).

``decide.SEVERAL`` ``said`` holds the destroyers an id fits where the request says the acts of several of them ("delete
ST-1999 and withdraw them"). "cancel appointment A-3310 and refund sale S-4455" carries two ids, each naming one
destroyer alone: neither was sent. Only a destroyer no id of the request names alone is still held so.
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.route import Routing

from .fakes import hand_filter, takes, tool_axes

decide = importlib.import_module("toolfilter_core._pipeline.decide")
id_nouns = importlib.import_module("toolfilter_core._pipeline.id_nouns")

APPOINTMENT_CANCEL = ToolSpec("appointment_cancel", "Cancel an appointment.")
SALE_REFUND = ToolSpec("product_sale_refund", "Refund a product sale.")
APPOINTMENT_GET = ToolSpec("appointment_get", "Get an appointment.")
STUDENT_DELETE = ToolSpec("student_delete", "Delete a student record.", takes("student_id"))
CREDITS_REVOKE = ToolSpec("credits_revoke", "Revoke a student's course credits.", takes("student_id"))


def _row(*flags: int) -> np.ndarray:
    return np.array([[bool(f) for f in flags]])


def _routed(said: list[int], own: list[int] | None) -> list[list[int]]:
    # the row's best is not destructive; the two destroyers behind it both fit an id and have their acts said
    rows = decide.decide_rows(
        np.array([[0.8, 0.7, 0.6]]),
        _row(1, 1, 1),
        np.array([[0, 0, 0]]),
        np.zeros((1, 3), dtype=np.int8),
        Routing(3, 0.9, 0.1, 0.0, route_domains=0, fallback_domains=1, fallback_top_k=4, guard_destructive=True),
        _row(0, 1, 1),
        np.array([True]),
        says_act=_row(*said),
        by_id=_row(0, 1, 1),
        against_id=_row(0, 0, 0),
        own_id=None if own is None else _row(*own),
        behind=_row(0, 0, 0),  # cancel and refund share no act (decide.sharers_behind)
    )
    out: list[list[int]] = (rows.routed & _row(0, 1, 1)).astype(int).tolist()
    return out


@pytest.mark.parametrize(
    ("said", "own", "sent"),
    [
        ([0, 1, 1], [0, 1, 1], [0, 1, 1]),  # each id names one alone: each is asked
        ([0, 1, 1], [0, 0, 0], [0, 0, 0]),  # one id that fits both: neither
        ([0, 1, 1], None, [0, 0, 0]),
        ([0, 1, 0], [0, 1, 1], [0, 1, 0]),  # only the act said
    ],
)
def test_destroyers_each_named_alone_by_an_id_are_each_let_in(said, own, sent):
    assert _routed(said, own) == [sent]


def test_an_id_names_a_destroyer_alone_only_where_it_fits_no_other():
    tools = [APPOINTMENT_CANCEL, SALE_REFUND, APPOINTMENT_GET]
    reader = id_nouns.id_nouns(hand_filter(tools, tool_axes(tools)).snapshot, frozenset())
    read = reader.read("cancel appointment A-3310 and refund sale S-4455", tools)
    assert read is not None and read.alone == (True, True, False)
    school = [STUDENT_DELETE, CREDITS_REVOKE]
    reader = id_nouns.id_nouns(hand_filter(school, tool_axes(school)).snapshot, frozenset())
    read = reader.read("delete ST-1999 and ST-2000", school)
    assert read is not None and read.fits == [True, True] and read.alone == (False, False)


def test_across_languages_each_destroyer_an_id_names_alone_has_its_act_said():
    # "取消订单 D-3310 之前先作废发票 F-4455": 取消 and 作废 said across languages, one destroyer per id
    order, invoice = ToolSpec("order_cancel", "Cancel an order."), ToolSpec("invoice_void", "Void an invoice.")
    text, destructive = "取消订单 D-3310 之前先作废发票 F-4455", _row(1, 1)
    said = decide.says_acts(text, [order, invoice], destructive, [True, True], [False, False], own_id=_row(1, 1))
    assert said.astype(int).tolist() == [[1, 1]]
    said = decide.says_acts(text, [order, invoice], destructive, [True, True], [False, False])
    assert said.astype(int).tolist() == [[1, 0]]  # without: the best-ranked one alone
