"""A reply to a proposal of two acts takes the acts it names, less those it refuses; none named, every one.

"Shall I cancel ORD-1 and refund the payment?": "yes, but don't refund it yet" was no confirmation (the refund it
refused is in the offer) and got no destroyer; "do both" read as a question and "both please" as no assent, both
got none; "好的，只取消" got both. The reply's own words choose among the acts proposed.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._conversation import Turn
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_read import read_turn
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

TOOLS = [
    ToolSpec("order_get", "Get an order's status and items by order id."),
    ToolSpec("order_cancel", "Cancel an order that has not shipped yet."),
    ToolSpec("payment_refund", "Refund a payment to the customer's card."),
    ToolSpec("customer_get", "Look up a customer by name."),
    ToolSpec("send_email", "Send an email to a customer."),
]
ACTS = {"order_cancel", "payment_refund"}
PROPOSAL = "Shall I cancel ORD-1 and refund the payment?"


def _turns(reply: str, proposal: str = PROPOSAL) -> list[Turn]:
    said = [("user", "ORD-1 arrived broken, the customer wants her money back"), ("assistant", proposal)]
    return list(openai_turns([{"role": role, "content": text} for role, text in [*said, ("user", reply)]]))


def _acts(reply: str, proposal: str = PROPOSAL) -> set[str]:
    tool_filter = ToolFilter(TOOLS, embedder=HashingEmbedder())
    turns = _turns(reply, proposal)
    policy, names = ConversationPolicy(), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        names = list(select_window(tool_filter, window, conversation=policy).names)
    return set(names) & ACTS


@pytest.mark.parametrize(
    ("reply", "acts"),
    [
        ("yes, but don't refund it yet", {"order_cancel"}),
        ("do both", ACTS),
        ("both please", ACTS),
        ("好的，只取消", {"order_cancel"}),
        ("都不要", set()),
        ("yes", ACTS),
        ("only the refund", {"payment_refund"}),
    ],
)
def test_a_reply_to_two_acts_takes_those_it_names(reply: str, acts: set[str]) -> None:
    assert _acts(reply) == acts


@pytest.mark.parametrize("reply", ["yes, but don't refund it yet", "do both", "both please"])
def test_a_reply_keeping_one_of_two_acts_or_both_confirms(reply: str) -> None:
    assert read_turn(_turns(reply)).kind == "confirmation"


@pytest.mark.parametrize("reply", ["yes, but don't cancel or refund it", "yes, don't do either", "ok, neither"])
def test_a_reply_refusing_every_act_takes_the_assent_back(reply: str) -> None:
    assert read_turn(_turns(reply)).kind == "request"


def test_a_refusal_of_the_one_act_offered_still_takes_the_assent_back() -> None:
    assert read_turn(_turns("yes, but don't refund it yet", "Shall I refund the payment?")).kind == "request"


@pytest.mark.parametrize(
    ("reply", "acts"),
    [
        ("ok but not the refund", {"order_cancel"}),
        ("yes but skip the refund", {"order_cancel"}),
        ("yes, but not the cancel", {"payment_refund"}),
        ("好的，但先别退款", {"order_cancel"}),
    ],
)
def test_a_refusal_without_its_verb_names_no_act_taken(reply: str, acts: set[str]) -> None:
    assert _acts(reply) == acts


@pytest.mark.parametrize(
    "reply",
    [
        "yes, not just the cancel, refund too",
        "yes, not only the refund, cancel it as well",
        "yes, not merely the cancel, refund too",
        "yes, without waiting for the refund to clear, cancel it",
    ],
)
def test_a_negation_that_refuses_no_act_keeps_both(reply: str) -> None:
    """A negation before other words ("not just", "without waiting") took an act out of the reply.

    What such a negation declines is its next word ("just", "only", "waiting"), which names no act.
    """
    assert _acts(reply) == ACTS


def test_do_not_forget_the_refund_keeps_it() -> None:
    """好的，别忘了退款 ("ok, don't forget the refund") was read as refusing the refund."""
    assert "payment_refund" in _acts("好的，别忘了退款", "要我取消 ORD-1 并退款吗？")


@pytest.mark.parametrize(
    ("reply", "kind"), [("好的，但先别退款", "confirmation"), ("都要", "confirmation"), ("好的，先别动它", "request")]
)
def test_a_refused_act_of_two_keeps_the_assent(reply: str, kind: str) -> None:
    assert read_turn(_turns(reply, "要我取消 ORD-1 并退款吗？")).kind == kind


@pytest.mark.parametrize(
    "reply",
    [
        "ok but not yet the refund",
        "yes, leave out the refund",
        "好的，退款就不用了",
        "yes please, refund not needed",
        "yes to the cancel, no to the refund",
        "取消就行，退款不用",
    ],
)
def test_a_reply_refusing_one_act_by_name_takes_the_other(reply: str) -> None:
    """A refusal that names one act of two ("not yet the refund", "退款就不用了") took the assent back or the refund."""
    assert _acts(reply) == {"order_cancel"}
    assert read_turn(_turns(reply)).kind == "confirmation"


@pytest.mark.parametrize("reply", ["好的，退款就不用了", "取消就行，退款不用"])
def test_a_reply_in_chinese_refusing_one_act_by_name_takes_the_other(reply: str) -> None:
    assert _acts(reply, "要我取消 ORD-1 并退款吗？") == {"order_cancel"}


@pytest.mark.parametrize("reply", ["ok but not yet the refund", "yes, leave out the refund"])
def test_a_take_back_naming_the_one_act_offered_still_takes_the_assent_back(reply: str) -> None:
    assert read_turn(_turns(reply, "Shall I refund the payment?")).kind == "request"


@pytest.mark.parametrize("proposal", [PROPOSAL, "要我取消 ORD-1 并退款吗？"])
def test_no_to_every_act_offered_is_a_closing(proposal: str) -> None:
    """ "都不用了" was a request, sent the cancel its act phrases rank."""
    assert read_turn(_turns("都不用了", proposal)).kind == "closing"
    assert _acts("都不用了", proposal) == set()
