"""Whole conversations, the real default embedder: a yes to a proposal of two acts takes both.

"Shall I cancel ORD-1 and refund the payment?" proposes two acts, each its own tool's verb: "yes", "yes, both" and
"好的，都办了" offer ``order_cancel`` and ``payment_refund``; "only the refund" offers the refund alone. A reply takes
the acts it names less those it refuses ("yes, but don't refund it yet", "好的，只取消": the cancel), every one where it
names none ("do both"), none where it refuses each ("都不要"); so does a reply to the Chinese proposal.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

pytestmark = pytest.mark.integration

TOOLS = [
    ToolSpec("order_get", "Get an order's status and items by order id."),
    ToolSpec("order_cancel", "Cancel an order that has not shipped yet."),
    ToolSpec("payment_refund", "Refund a payment to the customer's card."),
    ToolSpec("customer_get", "Look up a customer by name."),
    ToolSpec("send_email", "Send an email to a customer."),
]
PROPOSED = [
    ("user", "ORD-1 arrived broken, the customer wants her money back"),
    ("assistant", "Shall I cancel ORD-1 and refund the payment?"),
]
PROPOSED_ZH = [("user", "订单ORD-1到货就坏了，客户想要退钱"), ("assistant", "要我取消订单ORD-1并退款吗？")]
BOTH = {"order_cancel", "payment_refund"}


def _last_set(embedder: Embedder, conversation: list[tuple[str, str]]) -> list[str]:
    tool_filter = ToolFilter(TOOLS, embedder=embedder)
    turns = openai_turns([{"role": role, "content": text} for role, text in conversation])
    policy, names = ConversationPolicy(), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        names = list(select_window(tool_filter, window, conversation=policy).names)
    return names


@pytest.mark.parametrize("last", ["yes, both", "好的，都办了", "yes"])
def test_a_yes_to_two_acts_proposed_offers_both(default_embedder: Embedder, last: str) -> None:
    names = _last_set(default_embedder, [*PROPOSED, ("user", last)])
    assert {"order_cancel", "payment_refund"} <= set(names), names


def test_only_one_of_the_two_acts_offers_that_one(default_embedder: Embedder) -> None:
    names = _last_set(default_embedder, [*PROPOSED, ("user", "only the refund")])
    assert "payment_refund" in names and "order_cancel" not in names, names


def test_two_acts_asked_send_both(default_embedder: Embedder) -> None:
    for request_ in ["cancel ORD-1 and refund the payment", "取消订单 ORD-1 并退款"]:
        names = ToolFilter(TOOLS, embedder=default_embedder).select(request_).names
        assert {"order_cancel", "payment_refund"} <= set(names), (request_, names)


@pytest.mark.parametrize("proposed", [PROPOSED, PROPOSED_ZH], ids=["en", "zh"])
@pytest.mark.parametrize(
    ("last", "acts"),
    [
        ("yes, but don't refund it yet", {"order_cancel"}),
        ("do both", BOTH),
        ("both please", BOTH),
        ("好的，只取消", {"order_cancel"}),
        ("只退款就行", {"payment_refund"}),
        ("都不要", set()),
        ("yes", BOTH),
        ("好的", BOTH),
        ("好的，都办了", BOTH),
    ],
)
def test_a_reply_to_two_acts_offers_those_it_takes(
    default_embedder: Embedder, proposed: list[tuple[str, str]], last: str, acts: set[str]
) -> None:
    names = _last_set(default_embedder, [*proposed, ("user", last)])
    assert set(names) & BOTH == acts, names


@pytest.mark.parametrize("proposed", [PROPOSED, PROPOSED_ZH], ids=["en", "zh"])
@pytest.mark.parametrize(
    ("last", "acts"),
    [
        ("ok but not the refund", {"order_cancel"}),
        ("yes but skip the refund", {"order_cancel"}),
        ("好的，但先别退款", {"order_cancel"}),
        ("都要", BOTH),
    ],
)
def test_a_reply_refusing_an_act_without_its_verb_takes_the_other(
    default_embedder: Embedder, proposed: list[tuple[str, str]], last: str, acts: set[str]
) -> None:
    """A refusal without a verb ("not the refund") names no act it takes; 先别 + an act refuses that act alone."""
    names = _last_set(default_embedder, [*proposed, ("user", last)])
    assert set(names) & BOTH == acts, names
