"""``objects.destroyer_of_top``: the destructive tool of the best-ranked tool's object (``decide.OBJECT_OVER_RANK``).

Off (1) by ``benchmarks/choose_object_over_rank.py`` on the dev registries (no registry left out gains); the
rule's readings are tested at "within 2, the object named, the best tool a read" (``decide.OBJECT_TOP``).
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._pipeline.objects import destroyer_of_top

from .fakes import TableEmbedder, unit

TOOLS = [
    ToolSpec("subscription_create", "Create a subscription"),
    ToolSpec("member_delete", "Delete a member"),
    ToolSpec("subscription_cancel", "Cancel a subscription"),
    ToolSpec("subscription_status", "Show a subscription"),
]
FLAGS = [False, True, True, False]


def test_the_destroyer_of_the_best_tools_object_within_the_rank() -> None:
    text = "王女士的每周鲜花订阅不要了"
    assert destroyer_of_top(text, TOOLS, FLAGS, 3, named=False) == 2  # not member_delete: another object
    assert destroyer_of_top(text, TOOLS, FLAGS, 2, named=False) is None  # past the rank
    assert destroyer_of_top("cancel the flower subscription", TOOLS, FLAGS, 3, named=True) == 2
    assert destroyer_of_top("the flowers, no more", TOOLS, FLAGS, 3, named=True) is None  # its object not named


def test_none_where_the_best_tool_is_destructive() -> None:
    assert destroyer_of_top("cancel it", TOOLS[1:], FLAGS[1:], 3, named=False) is None


def test_the_setting_as_chosen() -> None:
    decide = importlib.import_module("toolfilter_core._pipeline.decide")  # the module, not its function
    assert (decide.OBJECT_OVER_RANK, decide.OBJECT_NAMED, decide.OBJECT_TOP) == (1, True, "read")


VOUCHERS = [
    ToolSpec("voucher_check", "Check whether a voucher code is valid and what it is worth"),
    ToolSpec("voucher_void", "Void a voucher so it can no longer be used"),
    ToolSpec("voucher_follow", "Follow a voucher campaign"),
]
KILL = "kill voucher code XMAS50"


def _vouchers(first: int) -> ToolFilter:
    """The request ranks ``VOUCHERS[first]`` first, ``voucher_void`` second, the third last."""
    order = {first: 0.9, 1: 0.8}
    table = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(VOUCHERS)}
    table[KILL] = unit(0, *(order.get(i, 0.3) for i in range(3)))
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, min_score=0.5, min_gap=0.05, abstain_phrases=(), weights={"embed": 1.0, "support": 1.0}
    )
    return ToolFilter(VOUCHERS, config=cfg, embedder=TableEmbedder(table))


@pytest.fixture
def within_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule on, at the point the grid measured best ("within 2, object named, best a read"), read alone."""
    monkeypatch.setattr(importlib.import_module("toolfilter_core._pipeline.decide"), "OBJECT_OVER_RANK", 2)
    monkeypatch.setattr(importlib.import_module("toolfilter_core._pipeline.decide"), "OBJECT_SAID", False)


def test_as_set_the_destroyer_ranked_second_stays_held(monkeypatch: pytest.MonkeyPatch) -> None:
    """``OBJECT_OVER_RANK`` as set; the object the destroy word acts on read apart (``OBJECT_SAID`` off)."""
    monkeypatch.setattr(importlib.import_module("toolfilter_core._pipeline.decide"), "OBJECT_SAID", False)
    s = _vouchers(0).select(KILL)
    assert "voucher_void" not in s.names, s.explain()


def test_as_set_the_destroyer_of_the_object_the_destroy_word_acts_on_is_sent() -> None:
    """ "kill voucher code XMAS50": "kill" acts on the voucher, and ``voucher_void`` is its one destroyer."""
    s = _vouchers(0).select(KILL)
    assert "voucher_void" in s.names, s.explain()


@pytest.mark.usefixtures("within_two")
def test_a_destroy_request_whose_best_tool_reads_the_object_gets_its_destroyer() -> None:
    s = _vouchers(0).select(KILL)
    assert [t.name for t in s.selected][:2] == ["voucher_check", "voucher_void"], s.explain()


@pytest.mark.usefixtures("within_two")
def test_not_where_the_best_tool_writes() -> None:
    s = _vouchers(2).select(KILL)
    assert "voucher_void" not in s.names, s.explain()


@pytest.mark.usefixtures("within_two")
def test_of_top_object_only_after_a_read() -> None:
    decide = importlib.import_module("toolfilter_core._pipeline.decide")
    destructive = np.array([[False, True, False]])
    assert decide.of_top_object(KILL, VOUCHERS, destructive).tolist() == [[False, True, False]]
    writes_first = [VOUCHERS[2], VOUCHERS[1], VOUCHERS[0]]
    assert decide.of_top_object(KILL, writes_first, destructive).tolist() == [[False, False, False]]
