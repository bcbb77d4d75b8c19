"""Two destroyers that share a verb and take one id, each asked in a clause of its own, are both sent.

"Take Jake off MV-41000 and cancel the piano item": ``crew_unassign`` and ``inventory_item_remove`` both say
"remove" and take the move's id; the first clause asks the crew member's removal, the second an item's (the piano
item, whose head noun is the inventory's item, not the move booking ``booking_cancel`` cancels). The cancel's thing,
read for the whole request, held the crew's tool too, and ``booking_cancel`` went alone. Cosines are fixed by hand
(``TableEmbedder``), near what the default model gives.
"""

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.objects import destroyed_objects

from .fakes import hand_filter, unit

_G = {"destructiveHint": True}


def _takes(*names: str) -> dict[str, object]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": list(names)}


TOOLS = [
    ToolSpec("booking_get", "Show a move booking's date, address and crew.", _takes("move_id")),
    ToolSpec("booking_update", "Change a move booking's date or address.", _takes("move_id")),
    ToolSpec("booking_cancel", "Cancel a move booking.", _takes("move_id"), annotations=_G),
    ToolSpec(
        "inventory_item_remove",
        "Delete an item from a move's inventory list.",
        _takes("move_id", "item"),
        annotations=_G,
    ),
    ToolSpec("crew_unassign", "Remove a crew member from a move.", _takes("move_id", "crew_id"), annotations=_G),
    ToolSpec("send_sms", "Send a text message to a customer.", _takes("phone", "body")),
]
_BOTH = "Take Jake off MV-41000 and cancel the piano item"
TABLE = {t.document(): unit(*([0.0] * (i + 1) + [1.0])) for i, t in enumerate(TOOLS)} | {
    _BOTH: unit(0, 0.14, 0.07, 0.40, 0.26, 0.13, 0.04),  # the booking's cancel first
    "cancel the move MV-41000": unit(0, 0.14, 0.07, 0.40, 0.26, 0.13, 0.04),
}


def test_each_clause_sends_its_destroyer_and_not_the_booking_cancel() -> None:
    names = hand_filter(TOOLS, TABLE, min_score=0.1).select(_BOTH).names
    assert {"crew_unassign", "inventory_item_remove"} <= set(names), names
    assert "booking_cancel" not in names


def test_a_cancel_of_the_move_itself_is_still_the_bookings() -> None:
    names = hand_filter(TOOLS, TABLE, min_score=0.1).select("cancel the move MV-41000").names
    assert "booking_cancel" in names
    assert not {"crew_unassign", "inventory_item_remove"} & set(names)


def test_a_destroyed_thing_reads_the_noun_its_first_word_modifies() -> None:
    assert {"piano", "item"} <= destroyed_objects("cancel the piano item")
    assert destroyed_objects("kill order GC-1") == {"order"}
    assert "for" not in destroyed_objects("cancel the booking for tomorrow")
