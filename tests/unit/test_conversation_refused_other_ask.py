"""A turn that refuses one act and asks another is offered the other's tools, and a miss names the step.

A coworking operator's "会议室是他自己订的，不退。给他发个邮件解释一下" (the room was his own booking, no refund;
e-mail him to explain) was offered nothing: its 解释一下 read as asking the model for an explanation. Read
right, the room words of the refusal's sentence led its selection to a tool the set held, and the set was kept
without the e-mail. The replay's why said "not offered: member_notify_email" and no step.
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_eval import Conversation, chooser, openai_turns, policy_for, replay_conversations
from toolfilter_core._conversation_read import read_turn
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

DESTROYS = {"destructiveHint": True}
TOOLS: list[dict[str, Any]] = [
    {"name": "class_list", "description": "List a member's class bookings and fees. 查看会员的课程预约和费用。"},
    {
        "name": "fee_refund",
        "description": "Refund a member's class fee. 给会员退还课程费用，退款。",
        "annotations": DESTROYS,
    },
    {
        "name": "class_booking_cancel",
        "description": "Cancel a member's class booking. 取消会员的课程预约。",
        "annotations": DESTROYS,
    },
    {"name": "member_email", "description": "Send an e-mail to a member. 给会员发邮件。"},
    {"name": "locker_assign", "description": "Assign a locker to a member. 给会员分配储物柜。"},
]
CONFIG: dict[str, Any] = {"base": "plain", "enabled": True, "top_k": 3, "weights": {"embed": 0.7, "bm25": 0.3}}


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


def _after_fees(first: str, turn: str) -> list[dict[str, Any]]:
    call = {"id": "c1", "type": "function", "function": {"name": "class_list", "arguments": '{"member": "M-41"}'}}
    return [
        {"role": "user", "content": first, "gold": ["class_list"]},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": '[{"class": "C-7", "fee": 30, "status": "booked"}]'},
        {"role": "assistant", "content": "M-41 has class C-7 booked, fee 30."},
        {"role": "user", "content": turn, "gold": ["member_email"]},
    ]


ZH_FIRST = "M-41 的课程预约和费用有哪些？"


@pytest.mark.parametrize(
    "turn",
    ["课是他自己约的，不退。给他发个邮件解释一下", "发个短信给她，解释一下", "email her and help me word it kindly"],
)
def test_advice_words_after_an_ask_to_send_a_message_say_its_content(turn: str) -> None:
    assert not read_turn(openai_turns(_after_fees(ZH_FIRST, turn))).advice


STILL_ADVICE = ["用人话解释一下", "邮件怎么写？", "帮我写一封邮件给会员", "给会员发邮件，怎么解释比较好"]


@pytest.mark.parametrize("turn", STILL_ADVICE)
def test_advice_words_that_ask_how_or_come_before_any_send_still_ask_advice(turn: str) -> None:
    assert read_turn(openai_turns(_after_fees(ZH_FIRST, turn))).advice


@pytest.mark.parametrize(
    "turn",
    [
        "课程费用是他自己订的，不退。给他发个邮件解释一下",
        "课程预约和费用都是他自己订的，费用不退。给他发个邮件",  # no advice word: the refusal's sentence alone
    ],
)
def test_a_turn_that_refuses_one_act_and_asks_another_gets_the_other(tool_filter: ToolFilter, turn: str) -> None:
    # The whole turn's selection leads with class_list (the refusal's sentence), which the set holds.
    messages = _after_fees(ZH_FIRST, turn)
    policy = ConversationPolicy()
    for end in (1, len(messages)):
        window = conversation_window(openai_turns(messages[:end]), history_turns=2)
        names = select_window(tool_filter, window, conversation=policy).names
    assert "member_email" in names, names
    assert "fee_refund" not in names


def test_a_miss_the_policy_emptied_names_the_step(tool_filter: ToolFilter) -> None:
    messages = _after_fees(ZH_FIRST, "用人话解释一下")  # advice, labelled as asking the e-mail
    replay = replay_conversations(
        [Conversation("c1", tuple(messages), "zh")],
        lambda: chooser(tool_filter, policy=policy_for(PROVIDERS["anthropic"])),
        {t["name"]: {"type": "function", "function": {"name": t["name"]}} for t in TOOLS},
        PROVIDERS["anthropic"],
    )
    (miss,) = replay.to_dict(with_misses=True)["misses"]
    assert miss["why"] == (
        "not offered: member_email (member_email: the conversation policy "
        "(none: the turn read as asking advice, an explanation or wording: no tool))"
    )


def test_a_miss_with_no_step_known_says_the_tool_was_not_scored() -> None:
    messages = _after_fees(ZH_FIRST, "用人话解释一下")
    replay = replay_conversations(
        [Conversation("c1", tuple(messages), "zh")],
        lambda: lambda turns: ["class_list"] if len(turns) < 3 else [],
        {t["name"]: {"type": "function", "function": {"name": t["name"]}} for t in TOOLS},
        PROVIDERS["anthropic"],
    )
    (miss,) = replay.to_dict(with_misses=True)["misses"]
    assert miss["why"] == "not offered: member_email (member_email: not among the candidates scored)"
