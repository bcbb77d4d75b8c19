"""Four readings of a restaurant's registry: a destroyer's object, a destroy word as a noun, a held destroyer's
gap, and the step a conversation's miss was left out by (the integration test: test_restaurant_destroyers.py)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_eval import Conversation, chooser, replay_conversations
from toolfilter_core._pipeline.decide import decide_rows
from toolfilter_core._pipeline.held_confidence import confident_rows
from toolfilter_core._pipeline.noun_acts import acts_as_nouns_apart, names_acts_only
from toolfilter_core._pipeline.said_objects import on_another_object

from .test_conversation_guard import CONFIG, TOOLS
from .test_policies import _routing


def _spec(name: str, description: str = "") -> ToolSpec:
    return ToolSpec(name=name, description=description or name.replace("_", " "))


@pytest.mark.parametrize(
    ("text", "apart", "names_only"),
    [
        ("the customer wants a refund policy explanation for TK-1", "the customer wants a  policy explanation", True),
        ("what is our refund policy?", "what is our  policy?", True),
        ("where is the cancel button", "where is the  button", True),
        ("the customer wants a refund for TK-1", "the customer wants a refund for TK-1", False),
        ("give them a full refund please", "give them a full refund please", False),
        ("cancel the order", "cancel the order", False),
        ("delete the refund policy doc", "delete the  policy doc", False),
        ("the void request for TK-1 is approved", "the void request for TK-1 is approved", False),
        ("approve the refund request for TK-1", "approve the refund request for TK-1", False),
    ],
)
def test_a_destroy_word_that_modifies_a_noun_asks_no_act(text: str, apart: str, names_only: bool) -> None:
    assert acts_as_nouns_apart(text).startswith(apart)
    assert names_acts_only(text) is names_only


TOOLS_R = [_spec("send_customer_message"), _spec("menu_item_delete"), _spec("menu_get")]


@pytest.mark.parametrize(
    ("text", "named", "held"),
    [
        ("delete the email I sent the customer", False, True),  # the customer is another candidate's object
        ("删掉刚才发给客人的那条短信", False, True),  # 客人: a customer
        ("delete the margherita", False, False),  # no candidate's object named: the one thing it could be done to
        ("delete the menu item the customer asked about", True, False),  # its own object named
    ],
)
def test_a_destroyer_said_by_its_verb_alone_is_held_on_another_object(text: str, named: bool, held: bool) -> None:
    said = np.array([[False, True, False]])
    object_named = np.array([[False, named, False]])
    assert bool(on_another_object(text, TOOLS_R, said, object_named)[0, 1]) is held


@pytest.mark.parametrize(
    ("sender", "held"),
    [
        ("Send an SMS to a patient's phone.", True),  # the patient only the phone's owner
        ("Send an SMS to a patient about their record.", False),  # the patient record named as such
    ],
)
def test_a_destroyer_named_only_as_an_owner_by_the_other_is_held(sender: str, held: bool) -> None:
    """An optician's "Delete the SMS I sent to 07700 900123" sent ``patient_record_delete`` with its profiles."""
    tools = [_spec("sms_send", sender), _spec("patient_record_delete", "Delete a patient record (GDPR erasure).")]
    said, named = np.array([[False, True]]), np.array([[False, False]])
    assert bool(on_another_object("Delete the SMS I sent to the patient", tools, said, named)[0, 1]) is held


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("Close account acc-55012, the customer asked for her data to be deleted", True),  # data: no vehicle
        ("remove the vehicle from account acc-55012", False),  # its object named
        ("remove it from account acc-55012", False),  # a pronoun: what it is, the ids and the ranks say
        ("remove AB12CDE from acc-55012", False),  # an id
    ],
)
def test_a_destroyer_whose_act_is_said_on_a_thing_of_none_of_its_words_is_held(text: str, held: bool) -> None:
    """A parking operator's "... her data to be deleted" sent ``remove_vehicle`` beside the account's close."""
    vehicle = ToolSpec("remove_vehicle", "从客户账户中移除一辆车。", {"properties": {"account_id": {}, "plate": {}}})
    tools = [_spec("close_account", "Close a customer account."), vehicle]
    said, named = np.array([[False, True]]), np.array([[False, True]])
    assert bool(on_another_object(text, tools, said, named)[0, 1]) is held


def test_a_held_candidate_does_not_make_the_rest_unsure() -> None:
    score = np.array([[0.686, 0.684, 0.51, 0.33]])
    survivor = np.ones((1, 4), dtype=bool)
    routing = _routing(top_k=3, min_score=0.3, min_gap=0.05, guard_destructive=True)
    assert not confident_rows(score, survivor, routing)[0]
    assert confident_rows(score, survivor, routing, np.array([[False, True, False, False]]))[0]
    every = np.ones((1, 4), dtype=bool)  # all held: the verdict over them all
    assert not confident_rows(score, survivor, routing, every)[0]


def test_a_held_top_keeps_the_verdict_over_all() -> None:
    """The best-ranked tool held: the rest ranked past it would not be routed, so the row stays unsure and widens.

    mcp_fleet's "开个 jira ticket 记录一下…" lost ``jira__create_issue`` (ranked past ``top_k``) when the gap was read
    past a held top.
    """
    score = np.array([[0.6, 0.58, 0.3]])
    survivor = np.ones((1, 3), dtype=bool)
    routing = _routing(top_k=1, min_score=0.3, min_gap=0.05, guard_destructive=True)
    assert not confident_rows(score, survivor, routing, np.array([[True, False, False]]))[0]
    assert not confident_rows(score, survivor, routing, np.array([[True, True, False]]))[0]


def test_decide_rows_reads_the_gap_past_a_held_destroyer() -> None:
    destructive = np.array([[False, True, False, False]])
    rows = decide_rows(
        np.array([[0.686, 0.684, 0.51, 0.33]]),
        np.ones((1, 4), dtype=bool),
        np.zeros((1, 4), dtype=np.int64),
        np.zeros((1, 4), dtype=np.int8),
        _routing(top_k=3, min_score=0.3, min_gap=0.05, guard_destructive=True),
        destructive,
        np.array([False]),
    )
    assert rows.confident[0]
    assert not rows.routed[0, 1]


MESSAGES: list[dict[str, Any]] = [
    {"role": "user", "content": "show the items and payment status of order 55120", "gold": ["cancel_order"]},
    {"role": "assistant", "content": "Two items, paid."},
]


def test_a_conversation_miss_says_the_step_that_left_its_tool_out() -> None:
    tool_filter = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())
    schemas = {t.name: t.to_openai() for t in tool_filter.tools}
    replay = replay_conversations(
        [Conversation("c1", tuple(MESSAGES), "en")], lambda: chooser(tool_filter), schemas, PROVIDERS["anthropic"]
    )
    (miss,) = replay.to_dict(with_misses=True)["misses"]
    assert (
        miss["why"]
        == "not offered: cancel_order (cancel_order: below_top_k: ranked past top_k (fallback_top_k when widened))"
    )
