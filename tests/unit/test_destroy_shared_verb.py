"""A verb several destructive tools share lets in the best-ranked of them, not each.

A vet clinic's "cancel stay B-88" says ``cancel``, the own verb of ``boarding_cancel`` and of
``appointment_cancel``; the boarding tool says its object only in its parameter (``stay_id``), so the
request names no tool's object and both were sent. With ``decide.SHARED_VERB`` ``best`` the best-ranked
of them enters, and any other that is an ask's best ("cancel appointment 7781 and the boarding stay").
Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import numpy as np

from toolfilter_core import ToolFilter, ToolSpec

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")

BOARDING_CANCEL = ToolSpec("boarding_cancel", "Cancel a boarding stay.", takes("stay_id"))
APPOINTMENT_CANCEL = ToolSpec("appointment_cancel", "Cancel an appointment and free the slot.", takes("appointment_id"))
BOARDING_STATUS = ToolSpec("boarding_status", "Where a boarding stay stands.", takes("stay_id"))
TOOLS = [BOARDING_CANCEL, APPOINTMENT_CANCEL, BOARDING_STATUS]
PHRASES = act_phrases(4, 5)
TABLE = tool_axes(TOOLS) | PHRASES
TABLE |= {"cancel stay B-88": unit(0, 0.8, 0.5, 0.4)}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


def test_the_best_ranked_of_the_tools_that_share_the_verb_said_enters_alone():
    names = _filter().select("cancel stay B-88").names
    assert "boarding_cancel" in names
    assert "appointment_cancel" not in names


def test_with_every_sharer_let_in_the_other_cancel_rides_along(monkeypatch):
    monkeypatch.setattr(decide, "SHARED_VERB", "all")
    assert {"boarding_cancel", "appointment_cancel"} <= set(_filter().select("cancel stay B-88").names)


def test_an_asks_best_keeps_its_tool_though_another_sharer_ranks_first():
    said = np.array([[True, True, False]])
    chosen = np.array([[False, True, False]])  # the second is an ask's best
    assert decide._shared_verb(said, chosen).tolist() == [[True, True, False]]
    assert decide._shared_verb(said, np.zeros_like(chosen)).tolist() == [[True, False, False]]


def test_only_a_tool_behind_a_better_ranked_one_of_its_own_act_gives_way():
    """ "delete the file report.pdf and cancel the order 5512": two verbs, each tool the best of its own."""
    delete = ToolSpec("delete_file", "Delete a file.")
    cancel = ToolSpec("cancel_order", "Cancel an order.")
    said = np.array([[True, True, True, False]])
    tools = [delete, cancel, APPOINTMENT_CANCEL, BOARDING_STATUS]
    assert decide.sharers_behind(tools, said).tolist() == [[False, False, True, False]]
    assert decide._shared_verb(said, np.zeros_like(said), None, decide.sharers_behind(tools, said)).tolist() == [
        [True, True, False, False]
    ]
