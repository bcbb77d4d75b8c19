"""A destroy asked of a tool the caller may not use lets no other destroyer in.

On a bicycle shop's tools with ``customer_delete`` blocked, "delete all data of customer C-1093"
was sent ``deposit_refund``: the best destroyer left was taken for the one the request meant.
Fake embedder (``HashingEmbedder``).
"""

from __future__ import annotations

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._hints import request_says_its_own_act

TOOLS = [
    ToolSpec("customer_delete", "Delete a customer and all of their data."),
    ToolSpec("deposit_refund", "Refund a customer's rental deposit."),
    ToolSpec("customer_update", "Update a customer's phone or e-mail."),
    ToolSpec("rental_start", "Start a bike rental."),
    ToolSpec("shop_hours", "Opening hours of the shop."),
]


def _names(request: str, **config: object) -> list[str]:
    return ToolFilter(TOOLS, config=config, embedder=HashingEmbedder()).select(request).names


def test_a_blocked_destroyers_ask_goes_to_no_other_destroyer() -> None:
    assert "customer_delete" in _names("delete the customer's deposit data")
    assert "deposit_refund" not in _names("delete the customer's deposit data", block_tools=["customer_delete"])


def test_another_destroyer_whose_own_verb_is_said_still_comes() -> None:
    names = _names("delete the customer's data and refund the deposit", block_tools=["customer_delete"])
    assert "deposit_refund" in names and "customer_delete" not in names


def test_ending_a_rental_is_asked_in_chinese_too() -> None:
    """ "这单提前结束吧" (end this one early) says the act of a tool described "End a rental ..."."""
    tool = ToolSpec("rental_end_early", "End a rental before its due time and compute the partial refund.")
    assert request_says_its_own_act("客人提前回来了，R-6620 这单提前结束吧", tool)
    assert not request_says_its_own_act("R-6620 的租赁什么时候到期？", tool)
