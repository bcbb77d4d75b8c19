"""Who someone is where a tool looks people up by name; an ask after a report saying another act; two acts apart.

"who is Mr Ito?" names a record the registry can read where some tool looks a customer up by name
(``record_named.looks_up_people``), and is trivia elsewhere; an ask after a cancel reported that says a restore
(``order_restore``'s 恢复) asks the restore, not the reported cancel again (``reports.reported_acts``).
"""

from __future__ import annotations

import numpy as np

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.record_named import looks_up_people, record_named
from toolfilter_core._pipeline.reports import reported_acts
from toolfilter_core._pipeline.said_objects import acts_apart, acts_told_apart
from toolfilter_core._snapshot import Snapshot

BY_NAME = [ToolSpec("get_customer", "Look up a customer by name"), ToolSpec("send_email", "Send an email.")]
NO_NAME = [ToolSpec("get_customer", "Get a customer's account: plan and balance."), ToolSpec("send_email", "Send.")]


def _snapshot(tools: list[ToolSpec]) -> Snapshot:
    return ToolFilter(tools, embedder=HashingEmbedder()).snapshot


def test_who_someone_is_names_a_person_where_a_tool_looks_people_up_by_name() -> None:
    snapshot = _snapshot(BY_NAME)
    assert looks_up_people(snapshot)
    assert record_named(snapshot, "who is Mr Ito?") == "person"
    assert record_named(snapshot, "王先生是谁") == "person"
    assert record_named(snapshot, "你好，我是王先生") is None  # an introduction names in passing still


def test_who_someone_is_stays_trivia_where_no_tool_looks_people_up() -> None:
    snapshot = _snapshot(NO_NAME)
    assert not looks_up_people(snapshot)
    assert record_named(snapshot, "who is Mr Ito?") is None
    assert record_named(snapshot, "王先生是谁") is None


def test_an_ask_saying_another_tools_act_does_not_ask_the_reported_act_again() -> None:
    tools = [ToolSpec("order_cancel", "Cancel an order."), ToolSpec("order_restore", "Restore a cancelled order.")]
    destructive = np.array([[True, False]])
    said = np.zeros_like(destructive)
    held = reported_acts("客户说订单被取消了", tools, destructive, said, "所以想问一下还能不能恢复")
    assert held.tolist() == [[True, False]]
    bare = reported_acts("客户说订单被取消了", tools[:1], destructive[:, :1], said[:, :1], "所以想问一下还能不能恢复")
    assert bare.tolist() == [[False]]  # no tool's act said: the ask means the one reported, as before


def test_two_acts_said_apart_are_each_named_by_their_act() -> None:
    cancel, refund = ToolSpec("order_cancel", "Cancel an order."), ToolSpec("payment_refund", "Refund a payment.")
    void = ToolSpec("booking_cancel", "Cancel a booking.")
    assert acts_told_apart([cancel, refund])
    assert not acts_told_apart([cancel, void])  # one act, two tools: the object decides
    assert not acts_told_apart([cancel])
    both = np.array([[True, True]])
    assert acts_apart([cancel, refund], both, both).tolist() == [[True, True]]
    assert acts_apart([cancel, void], both, both).tolist() == [[False, False]]
