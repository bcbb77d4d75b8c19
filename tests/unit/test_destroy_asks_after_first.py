"""A destroy act told for later, or a question of who did it, asks no act (``wishes``, ``later_acts``, ``past_wishes``).

A tattoo studio's "My client wants to cancel her appointment AP-7781 but first tell me … her deposit status" (and
"客人想取消 AP-2290，你先帮我查一下她的定金状态"), "If she doesn't show up we'll cancel AP-44 — for now just text
her a reminder" and "Who cancelled on us last week? I want to offer those slots to the waitlist" were sent
``appointment_cancel``. A registry of three tools of our own, the hashing embedder.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.reports import ask_and_reports

from .fakes import takes

CANCEL = ToolSpec("booking_cancel", "Cancel a booking. Irreversible.", takes("booking_id"))
DEPOSIT = ToolSpec("deposit_status", "Show whether a booking's deposit is paid, with the deposit policy.")
TEXT = ToolSpec("sms_send", "Send the client a text message.", takes("phone"))
WAITLIST = ToolSpec("waitlist_offer", "Offer a free slot to the people on the waitlist.")
TOOLS = [CANCEL, DEPOSIT, TEXT, WAITLIST]

TOLD = [
    (
        "My client wants to cancel her booking BK-7781 but first tell me what the deposit policy says about it",
        "My client wants to cancel her booking BK-7781",
    ),
    ("客人想取消 BK-2290，你先帮我查一下她的定金状态", "客人想取消 BK-2290"),
    ("The guest would like to cancel BK-12; before that, show me her deposit", "The guest would like to cancel BK-12"),
    (
        "If she doesn't show up we'll cancel BK-44 — for now just text her a reminder",
        "If she doesn't show up we'll cancel BK-44",
    ),
    ("if he's late again I'll cancel BK-9 – text him the time first", "if he's late again I'll cancel BK-9"),
    ("Who cancelled on us last week? I want to offer those slots to the waitlist", "Who cancelled on us last week?"),
    ("which guests deleted their bookings? offer the slots to the waitlist", "which guests deleted their bookings?"),
]
ASKED = [
    "my client wants to cancel BK-7781, please do it",
    "客人想取消 BK-2290，帮她取消吧",
    "cancel BK-44 if she doesn't show up",
    "cancel BK-44 first, then text her",
    "who can cancel BK-44? I want to offer the slot to the waitlist",
]


@pytest.mark.parametrize(("text", "told"), TOLD)
def test_the_act_for_later_or_of_the_past_is_read_apart(text: str, told: str) -> None:
    ask, reports = ask_and_reports(text)
    assert told in reports.splitlines()
    assert told not in ask


@pytest.mark.parametrize("text", ASKED)
def test_the_act_asked_stays_in_the_ask(text: str) -> None:
    assert ask_and_reports(text) == (text, "")


@pytest.mark.parametrize("text", [t for t, _ in TOLD])
def test_no_destroyer_is_sent_for_it(text: str) -> None:
    assert "booking_cancel" not in ToolFilter(TOOLS, embedder=HashingEmbedder()).select(text).names


@pytest.mark.parametrize("text", [t for t in ASKED[:4] if t.isascii()])
def test_the_destroyer_asked_is_sent(text: str) -> None:
    """The English asks: the hashing embedder has no Chinese to match a Chinese ask to an English tool."""
    assert "booking_cancel" in ToolFilter(TOOLS, embedder=HashingEmbedder()).select(text).names
