"""Two destroy acts joined by after / before / once in one clause are both asked.

"Delete the customer C-1188 after you refund ORD-5521" was sent ``delete_customer`` alone: the clause named the
customer, and the refund, said in the same clause, was held as its rival. Each act is said on its own record.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec

from . import shop_kit as shop


def _takes(*names: str) -> dict[str, Any]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": list(names)}


SHOP = [
    *shop.registry("get_order", "update_order", "cancel_order", "refund_order", "delete_customer", "list_products"),
    ToolSpec("send_email", "Send an email to a customer.", _takes("to", "body")),
]


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Delete the customer C-1188 after you refund ORD-5521", {"delete_customer", "refund_order"}),
        ("Delete customer C-1188 once you cancel ORD-5521", {"delete_customer", "cancel_order"}),
        ("Cancel ORD-5521 before you delete customer C-1188", {"delete_customer", "cancel_order"}),
    ],
)
def test_both_acts_of_a_subordinate_clause_are_sent(text: str, asked: set[str]) -> None:
    assert asked <= set(ToolFilter(SHOP, embedder=HashingEmbedder()).select(text).names)
