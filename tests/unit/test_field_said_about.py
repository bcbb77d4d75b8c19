"""A field deleted with what it says between it and its owner is still a part of that record: an edit.

"remove the note about the dog from C-3310's record, they rehomed it" sent ``shift_remove`` and ``review_delete`` and
cut ``customer_update``: the note removed from the customer's record changes the customer.
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.parts import field_deleted, fields_deleted

GONE = {"destructiveHint": True}
TOOLS = [
    ToolSpec("shift_remove", "Remove a cleaner from a booking's shift (unassign).", annotations=GONE),
    ToolSpec("review_delete", "Delete a customer review from the public site.", annotations=GONE),
    ToolSpec("customer_note_delete", "Delete a note from a customer's record.", annotations=GONE),
    ToolSpec("customer_update", "Update a customer's details: address, phone, notes."),
]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("remove the note about the dog from C-3310's record, they rehomed it", "the note"),
        ("delete the phone number ending in 42 from CU-5120", "the phone number"),
        ("erase the comment saying she is late from customer 88", "the comment"),
        ("remove the review about the dog from the site", None),
        ("remove the cleaner with the dog allergy from BK-61120's shift", None),
    ],
)
def test_a_field_with_what_it_says_is_deleted_of_its_owner(text: str, field: str | None) -> None:
    assert field_deleted(text) == field


def test_the_destroyers_of_other_things_are_held_and_the_note_s_own_is_not() -> None:
    destructive = np.array([[bool(t.annotations) for t in TOOLS]])
    held = fields_deleted("remove the note about the dog from C-3310's record", TOOLS, destructive)
    assert [t.name for t, h in zip(TOOLS, held[0], strict=True) if h] == ["shift_remove", "review_delete"]
