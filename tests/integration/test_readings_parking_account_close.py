"""A parking operator's accounts, no profiles, the real default embedder: data to be deleted names no vehicle.

"Close account acc-55012, the customer asked for her data to be deleted" sent ``remove_vehicle`` ("从客户账户中移除
一辆车") beside the account's close: the request's "deleted" is one of its acts and it takes the account id, yet what
is deleted is her data, no vehicle. The tools are a parking operator's, written by a language model from a
description of the business alone.
"""

from __future__ import annotations

import warnings

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec, ToolSpecWarning, recommended_config

pytestmark = pytest.mark.integration


def _tool(name: str, description: str, names: list[str], required: int = 1) -> ToolSpec:
    properties = {n: {"type": "string"} for n in names}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": names[:required]})


TOOLS = [
    _tool("get_account", "Customer account (app users): name, vehicles, payment cards, auto-pay.", ["account_id"]),
    _tool(
        "close_account",
        "Close a customer account and delete stored cards and vehicles. Bookings in the future are cancelled.",
        ["account_id"],
    ),
    _tool("remove_vehicle", "从客户账户中移除一辆车（自动缴费将不再识别该车牌）。", ["account_id", "plate"], 2),
    _tool("add_vehicle", "给客户账户添加车辆。", ["account_id", "plate"], 2),
    _tool("get_booking", "Look up a parking booking by its reference.", ["booking_ref"]),
    _tool("cancel_booking", "Cancel a parking booking; refunds by the tariff's rules.", ["booking_ref"]),
    _tool("get_permit", "Get a resident or business permit by its number.", ["permit_no"]),
    _tool("create_support_ticket", "Open a support ticket for a customer issue (barrier fault).", ["text"]),
    _tool("send_email", "Send an email to a customer.", ["to", "body"], 2),
]


@pytest.fixture(scope="module")
def parking(default_embedder: Embedder) -> ToolFilter:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        return ToolFilter(TOOLS, config=recommended_config(), embedder=default_embedder)


def test_data_to_be_deleted_sends_no_vehicle_removal(parking: ToolFilter) -> None:
    selection = parking.select("Close account acc-55012, the customer asked for her data to be deleted")
    assert "close_account" in selection.names, selection.explain()
    assert "remove_vehicle" not in selection.names, selection.explain()


def test_a_vehicle_removed_still_gets_the_removal(parking: ToolFilter) -> None:
    selection = parking.select("remove the vehicle AB12 CDE from account acc-55012, she sold it")
    assert "remove_vehicle" in selection.names, selection.explain()
