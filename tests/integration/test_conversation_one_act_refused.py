"""Whole conversations, the real default embedder: a reply that refuses one of two acts proposed by naming it.

"Shall I cancel booking BP-5531 and refund the deposit?" / "要我取消预约 BP-5531 并退定金吗？": "ok but not yet the
refund", "yes, leave out the refund" and "yes to the cancel, no to the refund" took the assent back (the refund was
offered), "好的，退款就不用了" and "yes please, refund not needed" kept the refund and left the cancel out,
"取消就行，退款不用" was read as a request and offered both. Each takes the cancel and leaves the refund out.
"都不用了" takes neither; a single-request correction with "thanks" after it keeps its act; a cancel
refused after a read of a subscription sends no close.
"""

from __future__ import annotations

import pytest

from tests.unit.waste_kit import TOOLS as WASTE_TOOLS
from toolfilter_core import Embedder, ToolFilter, ToolSpec
from toolfilter_core._conversation import Turn
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

pytestmark = pytest.mark.integration

TOOLS = [
    ToolSpec("booking_get", "Get a booking's details by booking id."),
    ToolSpec("booking_cancel", "Cancel a booking."),
    ToolSpec("deposit_refund", "Refund a booking's deposit to the customer's card."),
    ToolSpec("customer_get", "Look up a customer by name."),
    ToolSpec("send_email", "Send an email to a customer."),
]
ACTS = {"booking_cancel", "deposit_refund"}
PROPOSED = [
    ("user", "BP-5531 can't come anymore, he wants his deposit back"),
    ("assistant", "Shall I cancel booking BP-5531 and refund the deposit?"),
]
PROPOSED_ZH = [("user", "BP-5531 的客人来不了了，想要回定金"), ("assistant", "要我取消预约 BP-5531 并退定金吗？")]


def _last_set(embedder: Embedder, conversation: list[tuple[str, str]]) -> list[str]:
    tool_filter = ToolFilter(TOOLS, embedder=embedder)
    turns = openai_turns([{"role": role, "content": text} for role, text in conversation])
    policy, names = ConversationPolicy(), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        names = list(select_window(tool_filter, window, conversation=policy).names)
    return names


@pytest.mark.parametrize(
    "last",
    [
        "ok but not yet the refund",
        "yes, leave out the refund",
        "好的，退款就不用了",
        "yes please, refund not needed",
        "yes to the cancel, no to the refund",
        "取消就行，退款不用",
    ],
)
def test_a_reply_refusing_the_refund_by_name_takes_the_cancel(default_embedder: Embedder, last: str) -> None:
    names = _last_set(default_embedder, [*PROPOSED, ("user", last)])
    assert set(names) & ACTS == {"booking_cancel"}, names


@pytest.mark.parametrize("last", ["好的，退款就不用了", "取消就行，退款不用", "yes please, refund not needed"])
def test_a_reply_to_the_chinese_proposal_refusing_the_refund_takes_the_cancel(
    default_embedder: Embedder, last: str
) -> None:
    names = _last_set(default_embedder, [*PROPOSED_ZH, ("user", last)])
    assert set(names) & ACTS == {"booking_cancel"}, names


@pytest.mark.parametrize("proposed", [PROPOSED, PROPOSED_ZH], ids=["en", "zh"])
def test_a_reply_refusing_both_takes_neither(default_embedder: Embedder, proposed: list[tuple[str, str]]) -> None:
    for last in ["no to both", "都不用了"]:
        names = _last_set(default_embedder, [*proposed, ("user", last)])
        assert not set(names) & ACTS, (last, names)


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("I said cancel BP-5531, I meant BP-5532, thanks", True),
        ("Correction: I said cancel BP-5531, I meant keep it", False),
    ],
)
def test_a_correction_with_trailing_words_keeps_its_cancel(default_embedder: Embedder, text: str, asked: bool) -> None:
    """A correction naming only another record, then "thanks", withdrew the cancel."""
    names = _last_set(default_embedder, [("user", text)])
    assert ("booking_cancel" in names) is asked, names


@pytest.mark.parametrize(("last", "closed"), [("不取消了，续一年吧", False), ("cancel it, don't renew", True)])
def test_after_a_read_of_a_subscription_a_refused_cancel_sends_no_close(
    default_embedder: Embedder, last: str, closed: bool
) -> None:
    """ "不取消了，续一年吧" after ``garden_subscription_get`` was sent ``garden_subscription_close``."""
    tool_filter = ToolFilter(WASTE_TOOLS, embedder=default_embedder)
    turns = [
        Turn("user", "帮我看看花园垃圾订阅 GS-2207 的情况"),
        Turn("assistant", "", called=("garden_subscription_get",)),
        Turn(
            "tool", '{"id": "GS-2207", "status": "active", "ends": "2027-01-31"}', called=("garden_subscription_get",)
        ),
        Turn("assistant", "GS-2207 is active until 2027-01-31."),
        Turn("user", last),
    ]
    policy, names = ConversationPolicy(), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        names = list(select_window(tool_filter, window, conversation=policy).names)
    assert ("garden_subscription_close" in names) is closed, names
    assert "garden_subscription_renew" in names, names
