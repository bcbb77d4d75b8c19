"""An act on a thing of an id's record, or a read a bulk deleter opens with, sends no destroyer.

"take the sticker off bag XA447201" was sent ``remove_bag_from_run`` (the act phrases read a taking off, the bag's
tool ranked first): the thing taken off is the sticker, not the bag. "remove the member discount of CU-0001" was sent
``delete_customer`` (it takes the id): the English "the X of <id>" of the rule that held "去掉 CU-0001 的会员折扣".
"find the records that match status=stale" was sent ``delete_records`` ("Find records matching a filter and delete
them"): the read its description opens with was read as its own act.
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._hints import opening_word

GONE = {"destructiveHint": True}
BAGS = [
    ToolSpec("bag_get", "Look up a bag by tag number: flight, status."),
    ToolSpec("remove_bag_from_run", "Take a bag off a delivery run.", annotations=GONE),
    ToolSpec("print_bag_tag", "Print a new bag tag sticker."),
    ToolSpec("run_list", "List delivery runs."),
]
RECORDS = [
    ToolSpec("delete_records", "Find records matching a filter and delete them.", annotations=GONE),
    ToolSpec("search_records", "Search records by a filter."),
    ToolSpec("record_get", "Get one record by id."),
]
ORDERS = [
    ToolSpec("order_get", "Get an order by id."),
    ToolSpec("cancel_order", "Cancel an order.", annotations=GONE),
    ToolSpec("send_email", "Send an email to a customer."),
]


def _names(tools: list[ToolSpec], text: str) -> list[str]:
    return list(ToolFilter(tools, embedder=HashingEmbedder()).select(text).names)


@pytest.mark.parametrize("text", ["take the sticker off bag XA447201", "take the old label off bag XA447201"])
def test_a_thing_taken_off_a_bag_takes_no_bag_off_a_run(text: str) -> None:
    assert "remove_bag_from_run" not in _names(BAGS, text)


@pytest.mark.parametrize("text", ["take bag XA447201 off run R7", "take XA447201 off run R7"])
def test_a_bag_taken_off_a_run_still_is(text: str) -> None:
    assert "remove_bag_from_run" in _names(BAGS, text)


@pytest.mark.parametrize("text", ["find the records that match status=stale", "find records matching status=stale"])
def test_a_find_reads_with_a_bulk_deleter(text: str) -> None:
    assert "delete_records" not in _names(RECORDS, text)


def test_a_delete_of_the_records_matched_still_sends_the_bulk_deleter() -> None:
    assert "delete_records" in _names(RECORDS, "delete the records that match status=stale")


def test_a_read_opening_a_bulk_deleter_is_no_act_of_its_own() -> None:
    assert opening_word(RECORDS[0]) is None
    assert opening_word(ToolSpec("purge_records", "Erase records matching a filter.")) == "erase"


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("remove the member discount of CU-0001", True),
        ("remove the account of CU-0001", False),  # the account is the customer's record the tool deletes
        ("delete customer CU-0001", False),
        ("take the sticker off customer CU-0001", True),
        ("CU-0001 的会员折扣是多少", False),  # no act said before the id
        ("CU-0001 的钱原路退回", False),  # the act after the id
    ],
)
def test_an_act_on_a_thing_of_an_ids_record_holds_the_records_destroyer(text: str, held: bool) -> None:
    from toolfilter_core._pipeline.said_objects import things_of_ids

    tools = [ToolSpec("delete_customer", "Delete a customer account and personal data.", annotations=GONE)]
    assert bool(things_of_ids(text, tools, np.array([[True]]))[0, 0]) is held


@pytest.mark.parametrize(
    ("text", "sent"),
    [
        ('Customer says: "cancel R-21030". Don\'t do it yet.', False),
        ('Customer says "cancel R-21030". Do it.', True),
    ],
)
def test_a_relayed_cancel_is_sent_only_when_told_to_do_it(text: str, sent: bool) -> None:
    assert ("cancel_order" in _names(ORDERS, text)) is sent
