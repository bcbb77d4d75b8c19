"""A household-waste registry's readings: a state told asks no destroy act, a subscription closed is destructive,
a question of what an act costs asks the policy (``waste_kit``)."""

from __future__ import annotations

import importlib

import pytest

from tests.unit.waste_kit import DESTROYERS, TOOLS
from toolfilter_core import HashingEmbedder, Reason, ToolFilter, ToolSpec
from toolfilter_core._hints import request_says_its_act, request_says_its_act_across, says_destructive
from toolfilter_core._pipeline.ask_form import about_state

from .fakes import act_phrases, hand_filter, tool_axes, unit

destroy_ask = importlib.import_module("toolfilter_core._pipeline.destroy_ask")


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, embedder=HashingEmbedder())


# ----- a state told, with a negation or as a report -----


@pytest.mark.parametrize(
    "text",
    [
        "my bin was not emptied, 41 Station Road",
        "my bin wasn't emptied today",
        "the bins haven't been collected",
        "our bins didn't get picked up",
        "The bin was emptied after all, thanks",
        "垃圾桶没倒，报个漏收",
        "今天还没收",
        "桶没被收走",
    ],
)
def test_a_state_told_asks_no_destroy_act(text: str) -> None:
    assert destroy_ask.tells_a_state(text) and destroy_ask.negates_an_act(text)


@pytest.mark.parametrize(
    "text",
    [
        "my bin wasn't emptied, cancel my garden subscription",  # a destroy word beside it
        "垃圾桶没倒，把漏收报告作废",
        "not needed anymore",  # a thing no longer wanted: a reason to call it off
        "we don't need it",
        "我没空去了",
        "please empty my bin",  # no negation, no report
        "cancel it",
    ],
)
def test_a_destroy_ask_or_a_thing_unwanted_is_no_state_told(text: str) -> None:
    assert not destroy_ask.tells_a_state(text)


VOIDS = [
    ToolSpec("missed_collection_void", "Void a missed-collection report logged in error."),
    ToolSpec("missed_collection_report", "Log a missed collection for an address."),
]
NOT_EMPTIED = "my bin was not emptied, 41 Station Road"
VOID_TABLE = tool_axes(VOIDS) | act_phrases(7, 6)
VOID_TABLE |= {NOT_EMPTIED: unit(0, 0.6, 0.5, 0, 0, 0, 0, 0.62)}  # ranks the void first, near the destroy phrases


def test_a_state_told_near_the_destroy_phrases_is_held() -> None:
    s = hand_filter(VOIDS, VOID_TABLE).select(NOT_EMPTIED)
    assert "missed_collection_void" not in s.names, s.explain()
    assert [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD] == ["missed_collection_void"]


def test_the_same_vector_asking_the_void_gets_it() -> None:
    ask = "void my missed collection report"
    s = hand_filter(VOIDS, VOID_TABLE | {ask: VOID_TABLE[NOT_EMPTIED]}).select(ask)
    assert s.names[0] == "missed_collection_void", s.explain()


# ----- closing a subscription ends it -----


@pytest.mark.parametrize(
    ("description", "expected"),
    [
        ("Close a garden-waste subscription. Collections stop from the next round.", True),
        ("Closes the member's account.", True),
        ("Close a membership.", True),
        ("Close a ticket.", False),  # resolved, not ended
        ("Close the account settings page.", False),
        ("Close a support case.", False),
    ],
)
def test_closing_a_thing_that_runs_is_destructive(description: str, expected: bool) -> None:
    assert says_destructive(ToolSpec("x", description)) is expected


CLOSE = next(t for t in TOOLS if t.name == "garden_subscription_close")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("close my garden subscription", True),
        ("please close it", True),
        ("Close GS-1029", True),
        ("Book a mattress collection for 5 Birch Close next week.", False),  # a street
        ("the subscription closed last month", False),
    ],
)
def test_its_close_is_said_as_a_verb(text: str, expected: bool) -> None:
    assert request_says_its_act(text, CLOSE) is expected


def test_a_street_named_close_gets_no_close(tool_filter: ToolFilter) -> None:
    s = tool_filter.select("Book a mattress and a fridge collection for 5 Birch Close next week.")
    assert not DESTROYERS & set(s.names), s.explain()


def test_zhu_xiao_says_its_close() -> None:
    """注销 (deregister) ends a subscription or an account: the close's act in Chinese, as it is a delete's."""
    assert request_says_its_act_across("注销梧桐街6号的花园垃圾订阅，住户要搬走了。", CLOSE)


@pytest.mark.parametrize("text", ["close the garden subscription GS-1029", "please close my garden waste subscription"])
def test_closing_the_subscription_gets_its_close(tool_filter: ToolFilter, text: str) -> None:
    s = tool_filter.select(text)
    assert "garden_subscription_close" in s.names, s.explain()
    assert "bin_registration_delete" not in s.names, s.explain()


# ----- what an act costs, or whether it may be done -----


@pytest.mark.parametrize(
    "text",
    [
        "Can I still cancel BW-20931 without paying a fee?",
        "is it free to cancel BW-20931?",
        "Will I be charged if I cancel BW-20931?",
        "现在取消还要收费吗？",
        "取消BW-20931要多少钱",
    ],
)
def test_a_question_of_cost_asks_the_policy(tool_filter: ToolFilter, text: str) -> None:
    assert about_state(text)
    s = tool_filter.select(text)
    assert "bulky_pickup_cancel" not in s.names, s.explain()


@pytest.mark.parametrize(
    "text",
    [
        "Can you cancel BW-20931?",
        "Can I cancel BW-20931 please",
        "Can you cancel BW-20931 without a fee?",
    ],
)
def test_asking_the_cancel_still_gets_it(tool_filter: ToolFilter, text: str) -> None:
    s = tool_filter.select(text)
    assert "bulky_pickup_cancel" in s.names, s.explain()


@pytest.mark.parametrize(
    "text", ["Can you cancel BW-20931?", "Can I cancel BW-20931 please", "取消 BW-20931", "请帮我取消，免费吗？"]
)
def test_an_ask_of_the_act_is_no_question_of_cost(text: str) -> None:
    assert not about_state(text)


# ----- a subscription closed is one cancelled, ended, unsubscribed from -----

CLOSE_ASKS = [
    "取消花园垃圾订阅 GS-1029",
    "把花园垃圾订阅 GS-1029 取消掉",
    "停掉花园垃圾订阅",
    "退订花园垃圾服务",
    "end my garden waste subscription",
]


@pytest.mark.parametrize("text", CLOSE_ASKS)
def test_cancelling_the_subscription_says_its_close(text: str) -> None:
    # 7ad5d50 made "close" the close's only act: 取消, 停掉, 退订, "end" said none of its own
    assert request_says_its_act(text, CLOSE) or request_says_its_act_across(text, CLOSE)
