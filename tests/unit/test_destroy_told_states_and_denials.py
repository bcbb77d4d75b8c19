"""A past state of an act, a relayed denial of an ask, money not come, and "end it".

A bike shop's requests: "the refund on order 6002 was rejected, can you tell me why" was sent ``order_refund`` (the
refund's state, its record between the act and "was rejected", read as an ask); "customer Anna Berg says she never
asked us to delete her data, pull up her record" led with ``customer_delete`` (a relayed, negated ask read as one);
"没收到退款，礼品卡 GC-30018 是不是被作废了？" (no refund came; was the card voided?) was sent ``order_refund``, as
was "我还没收到 ORD-5521 的退款，帮我查一下" (a record between 收到 and 退款); and
"customer 4520 doesn't want the Plus plan anymore, end it today" held ``service_plan_terminate``, ranked first, as
"end it" read as no destroy ask. Here on a music shop's registry (``music_shop_kit``), and by hand-fixed cosines.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.later_acts import split_later_acts
from toolfilter_core._pipeline.past_wishes import split_past_wishes
from toolfilter_core._pipeline.reports import ask_and_reports

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit
from .music_shop_kit import DESTROYERS, TOOLS


@pytest.fixture(scope="module")
def shop() -> ToolFilter:
    return ToolFilter(TOOLS, embedder=HashingEmbedder())


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("the refund on order 6002 was rejected, can you tell me why", "refund on order 6002 was rejected"),
        ("my refund for the cello strings got declined, what happened?", "refund for the cello strings got declined"),
        ("没收到退款，礼品券 GV-30018 是不是被作废了？", "没收到退款"),
        ("退款还没到账，帮我查一下订单 4471", "退款还没到账"),
        ("我还没收到 ORD-5521 的退款，帮我查一下", "没收到 ORD-5521 的退款"),  # a record between
        ("一直没收到订单 6002 那笔退款，怎么回事", "没收到订单 6002 那笔退款"),
        ("I haven't received the refund for order 6002, where is it?", "I haven't received the refund for order 6002"),
    ],
)
def test_an_acts_state_or_its_money_not_come_is_told(text: str, told: str) -> None:
    ask, spans = split_later_acts(text)
    assert told in spans, (ask, spans)
    assert not request_is_destructive(ask_and_reports(text)[0]), ask


@pytest.mark.parametrize(
    "text",
    [
        "the refund on order 6002 was rejected, refund it again",
        "没收到退款，帮我给订单 6002 退款",
        "I never got my refund, refund order 6002 now",
    ],
)
def test_an_ask_beside_the_state_still_asks(text: str) -> None:
    assert request_is_destructive(ask_and_reports(text)[0]), text


@pytest.mark.parametrize(
    "text",
    [
        "member Anna Berg says she never asked us to delete her data, pull up her record",
        "the customer said he didn't ask to cancel the order, check order 4471",
        "client C-12 claims they never requested a refund, show me the order",
    ],
)
def test_a_relayed_denial_of_an_ask_asks_nothing(text: str) -> None:
    ask, spans = split_past_wishes(text)
    assert spans, text
    assert not request_is_destructive(ask), ask


def test_a_relayed_denial_keeps_an_ask_of_its_own() -> None:
    ask, _ = split_past_wishes("the customer says she never asked us to cancel order 4471, please cancel it now")
    assert request_is_destructive(ask), ask


@pytest.mark.parametrize(
    ("text", "sent", "not_sent"),
    [
        ("the refund on order 6002 was rejected, can you tell me why", "refund_status", "order_refund"),
        (
            "member Anna Berg says she never asked us to delete her data, pull up her record",
            "member_lookup",
            "member_delete",
        ),
        ("没收到退款，礼品券 GV-30018 是不是被作废了？", "refund_status", "order_refund"),
    ],
)
def test_told_states_and_denials_are_sent_no_destroyer(shop: ToolFilter, text: str, sent: str, not_sent: str) -> None:
    names = shop.select(text).names
    assert sent in names, names
    assert not DESTROYERS & set(names), names


@pytest.mark.parametrize(
    "text",
    ["end it today", "they don't want the plan anymore, end it today", "please end them", "ok, end it", "End it."],
)
def test_end_it_said_as_an_imperative_asks_to_destroy(text: str) -> None:
    assert request_is_destructive(text), text


@pytest.mark.parametrize(
    "text",
    ["we should end it", "end it with a summary", "the film will end it", "when does it end", "does the trial end it?"],
)
def test_end_it_not_said_as_an_imperative_asks_nothing(text: str) -> None:
    assert not request_is_destructive(text), text


TERMINATE = ToolSpec(
    "membership_terminate",
    "Terminate a member's membership plan immediately.",
    takes("member_id"),
    annotations={"destructiveHint": True},
)
START = ToolSpec("membership_start", "Start a membership plan for a member.", takes("member_id"))
GET = ToolSpec("membership_get", "Show a member's membership plan.", takes("member_id"))
ENDED = "member 4520 doesn't want the Gold plan anymore, end it today"
TABLE = tool_axes([TERMINATE, START, GET]) | act_phrases(5, 6) | {ENDED: unit(0, 0.8, 0.5, 0.3)}


def test_end_it_is_sent_the_destroyer_ranked_first() -> None:
    names = hand_filter([TERMINATE, START, GET], TABLE, min_score=0.5).select(ENDED).names
    assert names[0] == "membership_terminate", names
