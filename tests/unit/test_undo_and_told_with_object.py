"""An undo asks no delete, and a past act after a subject is told with what it was done to.

On 3397520 "restore customer C-12" and "恢复客户 C-12" read as asking to destroy (restore is a destroying verb for a
backup's restore), so ``customer_delete`` was let in; "We deleted customer C-12 by mistake, restore him" moved only
"We deleted" into the reports, the customer left in the ask.
"""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.decide import asked_to_destroy
from toolfilter_core._pipeline.reports import ask_and_reports

CUSTOMER_DELETE = ToolSpec("customer_delete", "Delete a customer account.")
BACKUP_RESTORE = ToolSpec("backup_restore", "Restore a database from a backup, overwriting its data.")


@pytest.mark.parametrize("text", ["restore customer C-12", "恢复客户 C-12", "undo it, bring customer C-12 back"])
def test_an_undo_asks_no_destroy(text: str) -> None:
    assert not asked_to_destroy(text, None, None, destroyers=[CUSTOMER_DELETE])


@pytest.mark.parametrize(
    ("text", "destroyers"),
    [
        ("restore the backup of db-7", [CUSTOMER_DELETE, BACKUP_RESTORE]),
        ("restore customer C-12 and delete order O-5", [CUSTOMER_DELETE]),
        ("delete customer C-12", [CUSTOMER_DELETE]),
    ],
)
def test_an_undo_a_destroyer_does_or_beside_a_destroy_still_asks(text: str, destroyers: list[ToolSpec]) -> None:
    assert asked_to_destroy(text, None, None, destroyers=destroyers)


@pytest.mark.parametrize(
    ("text", "told", "asked"),
    [
        ("We deleted customer C-12 by mistake, restore him", "customer C-12", "restore him"),
        ("I cancelled booking B-77 yesterday, now cancel order O-5512", "booking B-77", "cancel order O-5512"),
        ("we cancelled booking B-77 so refund it", "booking B-77", "refund it"),
    ],
)
def test_a_past_act_after_a_subject_is_told_with_its_object(text: str, told: str, asked: str) -> None:
    ask, reports = ask_and_reports(text)
    assert told in reports and told not in ask and asked in ask
