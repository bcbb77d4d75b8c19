"""A question whether an act was done stays a question beside a read asked with a request marker.

A caterer's "把试吃取消了吗？查一下BK-2208" (was the tasting cancelled? check BK-2208) was sent ``booking_cancel``:
the marker 一下 of the read clause made the whole request a request (``ask_form.says_request_marker``), so the
question about the cancel's state was read as asking it. The marker is read in the clauses that ask a question or
a destructive act (``ask_form._marked``).
"""

import importlib

import pytest

from toolfilter_core._pipeline.ask_form import about_state

ask_form = importlib.import_module("toolfilter_core._pipeline.ask_form")

QUESTIONS = [
    "把试吃取消了吗？查一下BK-2208",
    "发票作废了吗？帮我看看INV-3310",
    "Was the order cancelled? Please check ORD-1182",
]
REQUESTS = [
    "请取消订单BK-1120，然后查一下BK-2208",  # the marker in the destroy clause
    "取消了吗？没有的话帮我取消",
    "can you cancel ORD-1182? then check ORD-1190",
    "能帮我把周三的课取消吗",
]


@pytest.fixture
def marked_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """The switch on (it ships off: ``ask_form.MARKED_READS_APART``)."""
    monkeypatch.setattr(ask_form, "MARKED_READS_APART", True)


@pytest.mark.parametrize("text", QUESTIONS)
def test_a_marker_in_a_read_clause_leaves_the_question_about_state(text: str, marked_apart: None) -> None:
    assert about_state(text)


@pytest.mark.parametrize("text", REQUESTS)
def test_a_marker_in_a_question_or_destroy_clause_still_asks(text: str, marked_apart: None) -> None:
    assert not about_state(text)


def test_off_a_marker_anywhere_makes_a_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ask_form, "MARKED_READS_APART", False)
    assert not about_state(QUESTIONS[0])
