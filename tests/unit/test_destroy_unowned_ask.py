"""An ask that names nothing of its own does not make its best destructive tool meant.

"那个续药不要了，帮我取消掉" is cut in two asks; the second, "帮我取消掉", refers back to the refill and names no
object and no id, so its best tool is whichever cancel sits nearest to a bare "cancel": a pharmacy registry
sent ``vaccine_appointment_cancel`` beside ``refill_cancel``. With ``decide.SHARED_VERB`` ``named`` such an
ask's best, behind a better-ranked destructive tool of the same act, is not meant.
"""

import importlib

import numpy as np

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.route import Routing

from .fakes import takes

decide = importlib.import_module("toolfilter_core._pipeline.decide")

REFILL_CANCEL = ToolSpec("refill_cancel", "Cancel a pending refill request before it is filled.", takes("refill_id"))
VACCINE_CANCEL = ToolSpec("vaccine_appointment_cancel", "Cancel a vaccination appointment.", takes("appointment_id"))
REFILL_STATUS = ToolSpec("refill_status", "Where a refill request is.", takes("refill_id"))
TOOLS = [REFILL_CANCEL, VACCINE_CANCEL, REFILL_STATUS]
DESTRUCTIVE = np.array([[True, True, False]])


def _unowned(second_ask: str) -> list[list[bool]]:
    asks = (("refill_cancel", "那个续药不要了"), ("vaccine_appointment_cancel", second_ask))
    out: list[list[bool]] = decide.unowned_asks(asks, TOOLS, DESTRUCTIVE).tolist()
    return out


def test_an_ask_that_names_no_object_and_no_id_owns_no_tool():
    assert _unowned("帮我取消掉") == [[False, True, False]]
    assert _unowned("please cancel it too") == [[False, True, False]]


def test_an_ask_that_names_another_tools_object_does_not_own_its_best():
    assert _unowned("please cancel the refill too") == [[False, True, False]]
    assert _unowned("续药也帮我取消") == [[False, True, False]]


def test_an_ask_that_names_an_object_or_carries_an_id_keeps_its_best():
    assert _unowned("再把疫苗预约也取消") == [[False, False, False]]  # 预约: an appointment
    assert _unowned("and cancel VA-551") == [[False, False, False]]
    assert _unowned("and cancel the vaccine appointment") == [[False, False, False]]


def test_only_a_tool_behind_a_destructive_one_of_its_own_act_is_read():
    delete = ToolSpec("delete_file", "Delete a file.")
    asks = (("refill_cancel", "那个续药不要了"), ("delete_file", "and remove it"))
    tools = [REFILL_CANCEL, delete, REFILL_STATUS]
    assert not decide.unowned_asks(asks, tools, DESTRUCTIVE).any()  # cancel and delete: no act shared


def _rows(monkeypatch, point: str | None) -> list[bool]:
    if point is not None:
        monkeypatch.setattr(decide, "SHARED_VERB", point)
    score = np.array([[0.73, 0.62, 0.46]])
    clause_top = np.array([[1, 1, 2]], dtype=np.int8)  # each ask's best: the refill's and the bare "cancel"'s
    routing = Routing(3, 0.4, 0.2, 0.0, 0, 3, 2, guard_destructive=True)
    rows = decide.decide_rows(
        score,
        np.ones_like(score, dtype=bool),
        np.full((1, 3), -1),
        clause_top,
        routing,
        DESTRUCTIVE,
        np.array([True]),
        asks=np.array([2]),
        unowned=np.array([[False, True, False]]),
    )
    out: list[bool] = (rows.routed | rows.clause_kept)[0].tolist()
    return out


def test_with_named_the_bare_asks_best_is_held(monkeypatch):
    assert _rows(monkeypatch, "named") == [True, False, True]


def test_as_shipped_the_bare_asks_best_is_held(monkeypatch):
    """``SHARED_VERB`` as shipped (chosen by ``benchmarks/choose_shared_verb.py``)."""
    assert _rows(monkeypatch, None) == [True, False, True]


def test_with_best_the_bare_asks_best_rides_along(monkeypatch):
    assert _rows(monkeypatch, "best") == [True, True, True]
