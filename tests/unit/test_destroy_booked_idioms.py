"""Drop and kill of a thing booked: a pickup, a delivery, a ride, a fitting are booked as an appointment is.

"kill tomorrow's pickup PK-880" held ``pickup_cancel``: kill reads as cancel only of a thing booked, and a pickup was
none (``plain_verbs._BOOKED``). A noun the thing modifies ("the pickup fee") is still no thing booked.
"""

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.plain_verbs import in_plain_verbs

from .fakes import takes


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("kill tomorrow's pickup PK-880", "cancel tomorrow's pickup PK-880"),
        ("kill the delivery for order GO-1", "cancel the delivery for order GO-1"),
        ("drop my ride R-77 please", "cancel my ride R-77 please"),
        ("kill the 3pm fitting", "cancel the 3pm fitting"),
        ("drop tomorrow's collection C-5, she is away", "cancel tomorrow's collection C-5, she is away"),
    ],
)
def test_a_booked_thing_dropped_or_killed_is_cancelled(text: str, plain: str) -> None:
    assert in_plain_verbs(text) == plain


@pytest.mark.parametrize("text", ["drop the pickup fee", "kill process P-1", "drop the delivery address field"])
def test_a_thing_not_booked_is_not_cancelled(text: str) -> None:
    assert in_plain_verbs(text) == text


def test_a_pickup_killed_is_sent_its_cancel() -> None:
    gone = {"destructiveHint": True}
    tools = [
        ToolSpec("pickup_cancel", "Cancel a scheduled van pickup or delivery.", takes("pickup_id"), annotations=gone),
        ToolSpec("pickup_get", "Show a scheduled pickup: driver, time window, address.", takes("pickup_id")),
        ToolSpec("pickup_schedule", "Book a van pickup of garments from a customer's home.", takes("address")),
    ]
    text = "the customer at 12 Elm St won't be home, kill tomorrow's pickup PK-880"
    assert "pickup_cancel" in ToolFilter(tools, embedder=HashingEmbedder()).select(text).names
