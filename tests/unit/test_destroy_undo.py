"""Undoing an assignment, taking someone off a job, stopping something for good.

A user's home-cleaning registry: ``cleaner_unassign`` ("Take a cleaner off a job; the booking goes back to
unassigned ...", no hints) was read as not destructive (no verb of a list leads its name or description), so it
rode along with a status question; and "stop my recurring cleaning permanently" was not read as asking the act of
``subscription_end`` ("End a recurring subscription for good ..."), which was held when not ranked first.
Cosines are fixed by hand (``TableEmbedder``).
"""

import numpy as np
import pytest

from toolfilter_core import Reason, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._hints import (
    request_says_its_act,
    request_says_its_opening_word,
    request_says_its_own_act,
    says_destructive,
    says_writes,
)
from toolfilter_core._pipeline.decide import says_acts

from .fakes import TableEmbedder, unit

UNASSIGN = ToolSpec(
    "cleaner_unassign", "Take a cleaner off a job; the booking goes back to unassigned and dispatch is alerted."
)
ASSIGN = ToolSpec("cleaner_assign", "Assign a cleaner to a booking.")
STATUS = ToolSpec("booking_status", "Current status of a cleaning booking: scheduled, cleaner assigned, done.")
END = ToolSpec("subscription_end", "End a recurring subscription for good; no more visits are scheduled.")
PAUSE = ToolSpec("subscription_pause", "Pause a recurring subscription for some weeks.")
CANCEL = ToolSpec("booking_cancel", "Cancel a cleaning booking.")


@pytest.mark.parametrize(
    ("name", "description"),
    [
        (UNASSIGN.name, UNASSIGN.description),
        ("job_crew", "Pull a driver off a route and tell dispatch."),
        ("unassign_ticket", "Unassign a ticket from its agent."),
        ("bank_link", "Unlink a bank account from the user's profile."),
        ("push_device", "Unregister a device from push notifications."),
        ("course_unenrol", "A student leaves a course."),
    ],
)
def test_an_undoing_verb_or_a_take_off_lead_says_it_destroys(name: str, description: str) -> None:
    assert says_destructive(ToolSpec(name, description))
    assert says_writes(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("list_unassigned_jobs", "Unassigned jobs waiting for a cleaner."),
        ("invoice_discount", "Take 10% off an invoice's total."),
        ("site_screenshot", "Take screenshot of the entire website page, from header to footer."),
        (STATUS.name, STATUS.description),
        ("unlock_cart", "Unlocks a cart that has been locked."),
    ],
)
def test_a_state_a_discount_or_another_un_word_says_none(name: str, description: str) -> None:
    assert not says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("logs_fetch", "Pull the latest logs out of a server."),
        ("sheet_extract", "Pull data out of a Google Sheet range."),
        ("kb_quote", "Take a quote out of a knowledge-base article."),
    ],
)
def test_taking_something_out_of_a_thing_reads(name: str, description: str) -> None:
    """A description that pulls data out of something was read as a removal, so read-only policies refused it."""
    assert not says_destructive(ToolSpec(name, description))
    assert not says_writes(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("take Maria off job B123", True),
        ("pull Jose off booking 4410", True),
        ("please take her out of the Friday job", True),
        ("take 10% off job B123", False),
        ("get me off job B123", True),
        ("get the invoice out of job B123", False),  # a thing got, not someone taken
        ("can I get a discount off job B123?", False),
        ("get my son off the 3pm swim lesson", True),  # my, our, the + a person: someone taken
        ("get my daughter out of the Tuesday class", True),
        ("get our driver off route 9", True),
        ("get the new intern off ticket T-9", True),
        ("get the photo off job B123", False),
        ("get the 10% off job B123", False),
        ("put Maria on job B123", False),
        ("is job B123 done?", False),
    ],
)
def test_a_request_says_the_take_off_its_description_leads_with(text: str, expected: bool) -> None:
    assert request_says_its_opening_word(text, UNASSIGN) is expected


def test_the_undoing_verb_and_its_remove_act_are_the_tools_own() -> None:
    assert request_says_its_act("unassign CL-4 from B88", UNASSIGN)
    assert request_says_its_act("remove cleaner CL-4 from booking B-900", UNASSIGN)
    assert request_says_its_own_act("把李阿姨从B7720这单撤下来", UNASSIGN)
    assert not request_says_its_own_act("李阿姨从B7720这单出发了吗", UNASSIGN)


@pytest.mark.parametrize(
    "text",
    [
        "stop my recurring cleaning permanently",
        "I want to stop my weekly cleaning subscription permanently",
        "stop the weekly visits for good",
        "please stop, once and for all, the weekly visits",
    ],
)
def test_stopping_for_good_says_an_ending_tools_act(text: str) -> None:
    assert request_says_its_act(text, END)
    assert not request_says_its_act(text, CANCEL)  # cancelling one booking is no ending


@pytest.mark.parametrize("text", ["stop the cleaning for today", "stop sending me reminders", "the end of my plan"])
def test_a_stop_that_is_not_for_good_says_no_ending(text: str) -> None:
    assert not request_says_its_act(text, END)


TOOLS = [UNASSIGN, ASSIGN, STATUS, END, PAUSE]
QUESTION = "is the cleaner there yet? booking B552"
TAKE_OFF = "take Maria off job B123"
STOP = "stop my recurring cleaning permanently"
TABLE = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)} | {
    QUESTION: unit(0, 0.7, 0.1, 0.7),  # ranks cleaner_unassign beside booking_status
    TAKE_OFF: unit(0, 0.6, 0.8),  # ranks cleaner_assign first
    STOP: unit(0, 0, 0, 0, 0.6, 0.8),  # ranks subscription_pause first
}


def _cleaning() -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, min_score=0.5, min_gap=0.1, abstain_phrases=(), weights={"embed": 1.0}
    )
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE))


def test_a_status_question_is_sent_no_unassigning() -> None:
    s = _cleaning().select(QUESTION)
    assert "cleaner_unassign" not in s.names, s.names
    assert "cleaner_unassign" in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]


def test_taking_the_cleaner_off_the_job_is_sent_the_unassigning() -> None:
    assert "cleaner_unassign" in _cleaning().select(TAKE_OFF).names


def test_stopping_the_subscription_for_good_is_sent_its_ending() -> None:
    assert "subscription_end" in _cleaning().select(STOP).names


def test_taking_someone_off_says_an_unassigning_tools_act() -> None:
    unassign = ToolSpec("unassign_ticket", "Unassign a ticket from its agent.")
    assert request_says_its_opening_word("take Bob off ticket T-9", unassign)
    assert says_acts("take Bob off ticket T-9", [unassign], np.array([[True]])).tolist() == [[True]]
    assert not request_says_its_opening_word("put Bob on ticket T-9", unassign)
