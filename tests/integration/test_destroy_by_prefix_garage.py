"""A garage's registry, no profiles, the real default embedder: an id's prefix names its record's destroyer.

The garage's tools describe no id format. "R-22018 不要了" ranked
``invoice_void`` first and was sent it alone; "客户说R-40917那单他不要了" got ``parts_order_cancel``,
"PO-7731 撤回" ``reservation_cancel``. R-… abbreviates a reservation, PO-… a purchase order
(``id_nouns``): a destructive tool whose record the prefix does not abbreviate is not the act's. 客户 (customer)
is who says the wish, not the thing to delete (``zh_speakers``).
Data: tests/integration/data/SOURCE.md.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpecWarning, read_tools_file, recommended_config

pytestmark = pytest.mark.integration

TOOLS = Path(__file__).resolve().parent / "data" / "garage" / "tools.jsonl"
DESTRUCTIVE = {
    "reservation_cancel",
    "calendar_cancel_slot",
    "invoice_void",
    "parts_order_cancel",
    "repair_order_delete",
    "payment_refund",
    "vehicle_retire",
    "customer_delete",
}


@pytest.fixture(scope="module")
def garage(default_embedder: Embedder) -> ToolFilter:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        return ToolFilter(read_tools_file(TOOLS), config=recommended_config(), embedder=default_embedder)


@pytest.mark.parametrize(
    ("request_", "gold"),
    [
        ("R-22018 不要了", "reservation_cancel"),
        ("客户说R-40917那单他不要了", "reservation_cancel"),  # 客户 says the wish: no customer's delete
        ("PO-7731 撤回", "parts_order_cancel"),
    ],
)
def test_no_other_records_destroyer_for_an_ids_cancel(garage: ToolFilter, request_: str, gold: str) -> None:
    selection = garage.select(request_)
    assert not (DESTRUCTIVE - {gold}) & set(selection.names), selection.explain()
