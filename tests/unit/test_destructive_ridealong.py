"""A destructive tool enters a selection only for a request that asks for its act.

"refund order #4471 and e-mail the customer" was sent ``customer_delete``
and ``online_order_cancel`` (the word "refund" asked to destroy, so every destructive tool
could ride along); "status of order #4471" was sent ``online_order_cancel`` (its closest
profile request was the short, id-bearing "cancel order 4402"). A request that asks to
destroy now unlocks a destructive candidate only as its best tool or an ask's best
(``decide.ASKED_RANK``, ``decide.meant``). Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import NoteKind, Profiles, Reason, ToolFilter, ToolFilterConfig, ToolProfile, ToolSpec
from toolfilter_core._hints import request_says_its_act
from toolfilter_core._pipeline.decide import decide_rows, meant
from toolfilter_core._pipeline.route import Routing

from .fakes import TableEmbedder, unit

# axes 0-4: one a tool; axis 5: what short requests holding an order or customer number share
TOOLS = [
    ToolSpec("online_order_status", "Show the status of an online order", category="orders"),
    ToolSpec("online_order_cancel", "Cancel an online order", category="orders"),
    ToolSpec("order_refund", "Refund the payment of an order", category="orders"),
    ToolSpec("customer_delete", "Delete a customer record", category="customers"),
    ToolSpec("send_email", "Send an e-mail to a customer", category="mail"),
]
PROFILES = Profiles(
    {
        "online_order_status": ToolProfile(("where is my order at", "has my order shipped yet")),
        "online_order_cancel": ToolProfile(("I no longer want this order",), ("取消订单4402", "cancel order 4402")),
        "customer_delete": ToolProfile(("this customer wants out of our records",), ("delete customer 4402",)),
        # every tool profiled, each of these along its own description: the cosines below are
        # what selection reads (a registry profiled in part reads its unprofiled tools on the
        # profiled tools' scale: test_partly_profiled.py)
        "order_refund": ToolProfile(("money back for that order please",)),
        "send_email": ToolProfile(("drop the customer a line",)),
    }
)
TABLE = {t.document(): unit(*([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)} | {
    "money back for that order please": unit(0, 0, 1.0),
    "drop the customer a line": unit(0, 0, 0, 0, 1.0),
    "where is my order at": unit(0.982, 0, 0, 0, 0, 0.191),
    "has my order shipped yet": unit(0.978, 0, 0, 0, 0, 0.208),
    "I no longer want this order": unit(0, 0.9, 0, 0, 0, 0.436),
    "取消订单4402": unit(0, 0.5, 0, 0, 0, 0.866),
    "cancel order 4402": unit(0, 0.3, 0, 0, 0, 0.954),
    "this customer wants out of our records": unit(0, 0, 0, 0.9, 0.436),
    "delete customer 4402": unit(0, 0, 0, 0.4, 0, 0.917),
    # closest profile request: "cancel order 4402" (.763) over the closest plain one (.753);
    # ranked: status .747, cancel .728, customer_delete .367
    "status of order #4471": unit(0.6, 0, 0, 0, 0, 0.8),
    # "refund" asks to destroy; ranked: send_email, cancel (2nd), refund, customer_delete (an
    # ask's runner-up); the asks' best: send_email and order_refund
    "refund order #4471 and e-mail the customer": unit(0, 0.1, 0.55, 0.2, 0.5, 0.6),
    "refund order #4471": unit(0, 0.1, 0.6, 0, 0, 0.79),
    "e-mail the customer": unit(0, 0, 0, 0.3, 0.95),
    "cancel order #4471": unit(0, 0.5, 0, 0, 0, 0.866),
    # no destroy word: asks by its closest profile request, and the tool ranks first
    "order #4471 has to go": unit(0, 0.45, 0, 0, 0, 0.893),
    "delete customer 9120": unit(0, 0, 0, 0.7, 0, 0.714),
}


def _filter(profiled: bool = True) -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True,
        top_k=3,
        min_score=0.5,
        min_gap=0.0,
        abstain_phrases=(),
        weights={"embed": 1.0, "support": 1.0},
    )
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE), profiles=PROFILES if profiled else None)


@pytest.mark.parametrize(
    ("text", "left_out"),
    [
        ("status of order #4471", ["online_order_cancel", "customer_delete"]),
        ("refund order #4471 and e-mail the customer", ["online_order_cancel"]),
    ],
    ids=["status-by-its-id-neighbour", "refund-and-email"],
)
def test_the_issues_requests_get_no_destructive_tool(text, left_out):
    s = _filter().select(text)
    assert not {"online_order_cancel", "customer_delete"} & set(s.names), s.names
    guarded = [n for n, r in ((r.name, r.reason) for r in s.rejected) if r is Reason.DESTRUCTIVE_GUARD]
    assert guarded == left_out
    note = next(r for r in s.reasons if r.kind is NoteKind.DESTRUCTIVE_LEFT_OUT)
    assert list(note.values["tools"]) == left_out


def test_without_the_best_only_rule_the_id_neighbour_asks_to_destroy(monkeypatch):
    # the rule before: any destructive candidate of a request that asks to destroy
    monkeypatch.setattr(importlib.import_module("toolfilter_core._pipeline.decide"), "ASKED_RANK", 10**6)
    monkeypatch.setattr(importlib.import_module("toolfilter_core._pipeline.objects"), "OBJECT_FROM", "off")
    # and a read ("status of") read by its profile neighbours, as before READS_HOLD_NEIGHBOURS
    monkeypatch.setattr(
        importlib.import_module("toolfilter_core._pipeline.destroy_ask"), "READS_HOLD_NEIGHBOURS", False
    )
    assert _filter().select("status of order #4471").names == [
        "online_order_status",
        "online_order_cancel",
        "customer_delete",
    ]


def test_the_refund_request_keeps_its_own_tools():
    assert _filter().select("refund order #4471 and e-mail the customer").names == [
        "send_email",
        "order_refund",
        "online_order_status",
    ]


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("cancel order #4471", "online_order_cancel"),  # by its words
        ("order #4471 has to go", "online_order_cancel"),  # by its closest profile request
        ("delete customer 9120", "customer_delete"),
    ],
)
def test_a_real_destroy_request_still_gets_its_tool(text, tool):
    s = _filter().select(text)
    assert s.names[0] == tool
    assert "customer_delete" not in s.names or tool == "customer_delete"


def test_a_destroy_request_without_profiles_still_gets_its_tool():
    s = _filter(profiled=False).select("cancel order #4471")
    assert s.names[0] == "online_order_cancel"


def _rows(clause_top, asks, rank=None):
    routing = Routing(
        top_k=3,
        min_score=0.9,
        min_gap=0.05,
        relative_cut=0.0,
        route_domains=0,
        fallback_domains=1,
        fallback_top_k=4,
        guard_destructive=True,
    )
    clause = np.array([clause_top], dtype=np.int8)
    rows = decide_rows(
        np.array([[0.6, 0.55, 0.5, 0.45]]),
        np.ones((1, 4), dtype=bool),
        np.zeros((1, 4), dtype=np.int64),
        clause,
        routing,
        np.array([[True, True, False, True]]),
        np.array([asks]),
    )
    return rows.routed[0].tolist(), meant(clause, rank)[0].tolist()


@pytest.mark.parametrize(
    ("clause_top", "asks", "routed"),
    [
        # unsure (top .6 < .9): asking to destroy unlocks the best candidate only ...
        ([0, 0, 0, 0], True, [True, False, True, False]),
        # ... and an ask's best tool
        ([0, 0, 0, 1], True, [True, False, True, True]),
        # an ask's runner-up is not its best
        ([0, 2, 0, 2], True, [True, False, True, False]),
        # not asking: every destructive candidate held, the best one too
        ([0, 0, 0, 1], False, [False, False, True, False]),
    ],
    ids=["best-only", "an-asks-best", "runner-up-held", "not-asked"],
)
def test_asking_to_destroy_unlocks_the_tool_it_means(clause_top, asks, routed):
    assert _rows(clause_top, asks)[0] == routed


def test_meant_counts_the_best_few_and_each_asks_best():
    assert _rows([0, 0, 1, 2], True, rank=2)[1] == [True, True, True, False]


@pytest.mark.parametrize(
    ("text", "tool", "says"),
    [
        ("delete or list the files", ToolSpec("delete_file", "Delete a file"), True),
        ("deleting the draft", ToolSpec("delete_file", "Delete a file"), True),
        ("the order was cancelled by mistake", ToolSpec("online_order_cancel", "Cancel an online order"), True),
        ("terminate i-0d9e8f7a6b5c43210", ToolSpec("aws__terminate_instances", "Terminate instances"), True),
        ("删掉这个客户", ToolSpec("customer_remove", "删掉一个客户记录"), True),
        # another act's word, or none: not this tool's act
        ("refund order #4471 and e-mail the customer", ToolSpec("customer_delete", "Delete a customer"), False),
        ("refund order #4471", ToolSpec("online_order_cancel", "Cancel an online order"), False),
        ("status of order #4471", ToolSpec("online_order_cancel", "Cancel an online order"), False),
        # the server's name is not the tool's: "drop" in "dropbox__" says nothing
        ("drop it", ToolSpec("dropbox__list_files", "List files"), False),
    ],
)
def test_request_says_its_act(text, tool, says):
    assert request_says_its_act(text, tool) is says
