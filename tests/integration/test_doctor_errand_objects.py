"""Two reads near by their verbs alone are no errand, real default embedder (a pharmacy's registry).

On ce2da86 the doctor told ``inventory_check`` ("on-hand stock of a drug at a store") and ``sale_lookup`` ("a
point-of-sale transaction by receipt number") as one errand in other words: their names' words 0.50 by the default
embedder, check ~ lookup doing most of it (inventory ~ sale 0.48). The registry below holds definitions copied from
the pharmacy's registry.
"""

from __future__ import annotations

from toolfilter_core import ToolSpec, diagnose


def _tool(name: str, description: str, *keys: str) -> ToolSpec:
    return ToolSpec(name, description, {"type": "object", "properties": {k: {"type": "string"} for k in keys}})


TOOLS = [
    _tool("inventory_check", "Check on-hand stock of a drug/SKU at a store, with lot numbers and expiry dates.", "sku"),
    _tool(
        "sale_lookup", "Look up a point-of-sale transaction by receipt number: items, amounts, payment.", "receipt_no"
    ),
    _tool(
        "patient_update", "Update patient profile fields (phone, address, allergies, preferred store).", "patient_id"
    ),
    _tool("stock_transfer", "Move stock between stores (creates a transfer order).", "sku", "from_store", "to_store"),
    _tool("purchase_order_create", "Create a purchase order to the wholesaler for a drug or OTC product.", "sku"),
    _tool("refund_issue", "Issue a refund for items on a receipt to the original payment method.", "receipt_no"),
]


def test_stock_at_a_store_and_a_completed_sale_are_not_one_errand() -> None:
    report = diagnose(TOOLS)
    told = {frozenset(f.tools) for f in report.of_kind("near_duplicate")}
    assert frozenset(("inventory_check", "sale_lookup")) not in told
