"""The doctor on a thin registry: fewer false findings, what matters first.

On 75fb673 "Returns a order id" and a description that lists orders fed nobody: the doctor
reported ``unfed_id`` for ``get_order(order_id)`` and the chains saw no producer either; and
the text listed 15 findings of every kind in a fixed order, a rejected name after them all.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._chains import ChainMap
from toolfilter_core._doctor.definitions import definition_findings


def _tool(name: str, description: str, *required: str) -> ToolSpec:
    properties: dict[str, Any] = {p: {"type": "string"} for p in required}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": list(required)})


GET_ORDER = _tool("get_order", "Get one order's details.", "order_id")


@pytest.mark.parametrize(
    "feeder",
    [
        _tool("checkout", "Place the cart as an order. Returns a order id.", "cart_id"),
        _tool("checkout", "Place the cart as an order and return the new order's id.", "cart_id"),
        _tool("customer_history", "List orders of a customer, newest first.", "customer_id"),
        _tool("list_orders", "Everything a customer bought, newest first.", "customer_id"),
    ],
    ids=["returns a order id", "return the new order's id", "lists orders", "list_orders(customer_id)"],
)
def test_a_tool_that_returns_or_lists_orders_feeds_order_id(feeder: ToolSpec) -> None:
    tools = [feeder, GET_ORDER, _tool("find_customer", "Find a customer by name or email.", "query")]
    chains = ChainMap(tools)
    assert "get_order" not in {name for name, _ in chains.unfed()}
    (need,) = chains.feeds["get_order"]
    assert feeder.name in need.producers
    assert chains.produces(feeder.name, need.need)  # the chains' own rule agrees with the doctor
    assert not [f for f in definition_findings(tools) if f.kind == "unfed_id" and f.tools == ("get_order",)]


def test_an_id_nothing_returns_or_lists_is_still_unfed() -> None:
    tools = [GET_ORDER, _tool("refund_payment", "Refund a payment.", "payment_id")]
    found = {f.tools[0] for f in definition_findings(tools) if f.kind == "unfed_id"}
    assert found == {"get_order", "refund_payment"}


def test_the_doctors_first_screen_shows_what_matters_and_groups_the_rest() -> None:
    from toolfilter_core._doctor.values import DoctorReport, Finding

    thin = [Finding("thin_description", (f"tool_{i:02}",), "one short sentence", "say more") for i in range(30)]
    rejected = Finding("rejected_name", ("bad name",), "a space", "rename it")
    report = DoctorReport(tools=31, profiled=0, top_k=5, embedder="hashing", findings=(*thin, rejected), pairs=())
    lines = report.text().splitlines()
    assert lines[1] == "31 findings, most costly first: 1 rejected_name, 30 thin_description"
    assert next(i for i, line in enumerate(lines) if line.startswith("rejected_name")) < 5
    assert len(lines) < 20
    assert "  ... and 25 more: tool_05, tool_06, " in report.text()
