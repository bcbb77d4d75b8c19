"""A "no" after a proposal that points to another object of the same act keeps the proposed act's tool.

A hotel's agent confirms before destroying: "cancel the one on the 12th please" → "Shall I cancel
HB-30101 (Dec 12-14)? A fee may apply." → "no, the other one". The turn was read as a plain
correction: the last task ran no cancel, so the policy redid nothing and dropped the kept
``reservation_cancel`` (the model's cancel was then refused); "不对，是另一个" was offered
another cancel. A correction that points to or names another object ("the other one", "the
19th", "另一个", "19号那个") is read with the proposal, as a "yes" is; a bare "no" or one that
refuses the act ("no, don't cancel it") still refuses it.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import StructuredTool
from langgraph.checkpoint.memory import InMemorySaver

from langchain_toolfilter import ToolFilterMiddleware
from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_read import read_turn
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

from .langchain_kit import RecordingChatModel

READ = {"readOnlyHint": True}
GONE = {"destructiveHint": True}
TOOLS: list[dict[str, Any]] = [
    {
        "name": "reservation_lookup",
        "description": "Look up a guest's reservations by confirmation number or surname: dates and status.",
        "annotations": READ,
    },
    {
        "name": "reservation_cancel",
        "description": "Cancel a reservation. Applies the cancellation policy and may charge a fee.",
        "annotations": GONE,
    },
    {"name": "reservation_modify_dates", "description": "Change the arrival or departure date of a reservation."},
    {
        "name": "airport_transfer_cancel",
        "description": "Cancel a booked airport transfer for a guest.",
        "annotations": GONE,
    },
    {"name": "airport_transfer_book", "description": "Book an airport pick-up or drop-off for a guest."},
    {"name": "loyalty_balance", "description": "Show a member's loyalty points balance and tier.", "annotations": READ},
]
for row in TOOLS:
    row["category"] = "front desk"
CONFIG: dict[str, Any] = {"base": "plain", "enabled": True, "top_k": 3, "weights": {"embed": 0.7, "bm25": 0.3}}
CANCEL = "reservation_cancel"
OTHER = "airport_transfer_cancel"
EN = (
    "what's the status of my bookings? surname Chen",
    "You have HB-30101 (Dec 12-14) and HB-30102 (Dec 19-21), both confirmed.",
    "cancel the one on the 12th please",
    "Shall I cancel HB-30101 (Dec 12-14)? A fee may apply.",
)
ZH = (
    "帮我查一下陈先生的预订状态",
    "陈先生有两个预订：HB-30101（12-14日）和 HB-30102（19-21日）。",
    "把 12 号那个取消吧",
    "要取消 HB-30101（12-14日）吗？可能会收取费用。",
)


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


def _messages(said: tuple[str, str, str, str], reply: str) -> list[dict[str, Any]]:
    ask, answer, cancel, proposal = said
    call = {"id": "c1", "type": "function", "function": {"name": "reservation_lookup", "arguments": "{}"}}
    return [
        {"role": "user", "content": ask},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "HB-30101 Dec 12-14 confirmed; HB-30102 Dec 19-21 confirmed"},
        {"role": "assistant", "content": answer},
        {"role": "user", "content": cancel},
        {"role": "assistant", "content": proposal},
        {"role": "user", "content": reply},
    ]


def _replay(tool_filter: ToolFilter, messages: list[dict[str, Any]]) -> tuple[ConversationPolicy, list[list[str]]]:
    """The policy's set before every assistant message and at the end."""
    policy = ConversationPolicy()
    ends = [i for i, m in enumerate(messages) if m["role"] == "assistant"] + [len(messages)]
    sets = []
    for end in ends:
        window = conversation_window(openai_turns(messages[:end]), history_turns=tool_filter.config.history_turns)
        sets.append(select_window(tool_filter, window, conversation=policy).names)
    return policy, sets


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        (EN, "no, the other one"),
        (EN, "not that one, the 19th"),
        (EN, "nope, HB-30102"),
        (ZH, "不对，是另一个"),
        (ZH, "错了，是19号那个"),
        (ZH, "不是这个"),
        (EN, "no, the other one, keep this one"),
        (EN, "no, the other one - leave HB-30101 alone"),
        (ZH, "不对，是另一个订单，这个保留"),
    ],
)
def test_a_no_pointing_to_another_object_keeps_the_proposed_act(
    tool_filter: ToolFilter, said: tuple[str, str, str, str], reply: str
) -> None:
    messages = _messages(said, reply)
    reading = read_turn(openai_turns(messages))
    assert reading.kind == "correction" and reading.proposed, reading
    policy, sets = _replay(tool_filter, messages)
    assert CANCEL in sets[-1], sets
    assert OTHER not in sets[-1], sets  # one act, the proposed one
    assert policy.last is not None and policy.last.decided_by == 5  # the proposal decided it


@pytest.mark.parametrize(("said", "reply"), [(EN, "no"), (EN, "no, don't cancel it"), (ZH, "不对")])
def test_a_bare_no_still_refuses_the_proposed_act(
    tool_filter: ToolFilter, said: tuple[str, str, str, str], reply: str
) -> None:
    messages = _messages(said, reply)
    assert not read_turn(openai_turns(messages)).proposed
    _, sets = _replay(tool_filter, messages)
    assert not {CANCEL, OTHER} & set(sets[-1]), sets


def test_a_chinese_yes_to_a_chinese_proposal_keeps_the_act_of_a_tool_described_in_english(
    tool_filter: ToolFilter,
) -> None:
    _, sets = _replay(tool_filter, _messages(ZH, "好的"))
    assert CANCEL in sets[-1] and OTHER not in sets[-1], sets


def _agent_tools() -> list[StructuredTool]:
    def tool_for(row: dict[str, Any]) -> StructuredTool:
        meta = {"category": row["category"], "annotations": row.get("annotations", {})}
        return StructuredTool.from_function(
            func=lambda **_: "done", name=row["name"], description=row["description"], args_schema={}, metadata=meta
        )

    return [tool_for(row) for row in TOOLS]


def test_the_middleware_lets_the_cancel_run_after_no_the_other_one() -> None:
    ask, answer, cancel, proposal = EN
    model = RecordingChatModel(
        messages=iter(
            [
                AIMessage("", tool_calls=[{"name": "reservation_lookup", "args": {}, "id": "a1"}]),
                AIMessage(answer),
                AIMessage(proposal),
                AIMessage("", tool_calls=[{"name": CANCEL, "args": {}, "id": "a2"}]),
                AIMessage("HB-30102 is cancelled."),
            ]
        )
    )
    mw = ToolFilterMiddleware(max_tools=5, config=CONFIG, embedder=HashingEmbedder())
    agent = create_agent(model, tools=_agent_tools(), middleware=[mw], checkpointer=InMemorySaver())
    thread: RunnableConfig = {"configurable": {"thread_id": "t1"}}
    agent.invoke({"messages": [HumanMessage(ask)]}, thread)
    agent.invoke({"messages": [HumanMessage(cancel)]}, thread)
    result = agent.invoke({"messages": [HumanMessage("no, the other one")]}, thread)
    assert CANCEL in model.seen[3] and OTHER not in model.seen[3], model.seen
    ran = [m for m in result["messages"] if isinstance(m, ToolMessage) and m.name == CANCEL]
    assert ran and ran[-1].content == "done"  # offered, so it ran (not refused)
    assert result["messages"][-1].content == "HB-30102 is cancelled."


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        (EN, "no, that's the one I want to keep"),
        (EN, "no, keep that one, I still need it"),
        (EN, "no, change it to the 13th instead"),
        (EN, "no, move it to Dec 13-15"),
        (EN, "no wait, leave it for 2 days"),
        (ZH, "不对，这个我还要留着"),
        (ZH, "不，这个先保留"),
        (ZH, "不是，改到13号"),
    ],
)
def test_a_no_that_keeps_or_changes_the_object_takes_no_destroyer(
    tool_filter: ToolFilter, said: tuple[str, str, str, str], reply: str
) -> None:
    messages = _messages(said, reply)
    assert not read_turn(openai_turns(messages)).proposed
    _, sets = _replay(tool_filter, messages)
    assert not {CANCEL, OTHER} & set(sets[-1]), sets


def test_a_no_read_with_the_proposal_keeps_only_the_proposed_act(
    tool_filter: ToolFilter, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read as pointing elsewhere, "leave it for 2 days" ranks ``airport_transfer_cancel``: the kept cancel stays."""
    monkeypatch.setattr("toolfilter_core._conversation_read.KEEP_WORDS", re.compile(r"(?!)"))
    messages = _messages(EN, "no wait, leave it for 2 days")
    assert read_turn(openai_turns(messages)).proposed
    _, sets = _replay(tool_filter, messages)
    assert OTHER not in sets[-1], sets


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        (EN, "no, keep it, we arrive on the 13th"),
        (EN, "no, keep that one, I still need it for 2 nights"),
        (EN, "no, leave it, I'll call back in 2 days"),
        (EN, "no, keep it. We're 3 people now, not 2"),
        (ZH, "不对，这个保留，我13号还要住"),
        (ZH, "不，先留着，20号再说"),
    ],
)
def test_a_number_or_one_beside_a_keep_word_points_to_no_other_object(
    tool_filter: ToolFilter, said: tuple[str, str, str, str], reply: str
) -> None:
    """A date or a count in another clause than the keep word names no other booking: a plain correction."""
    messages = _messages(said, reply)
    reading = read_turn(openai_turns(messages))
    assert reading.kind == "correction" and not reading.proposed, reading
    _, sets = _replay(tool_filter, messages)
    assert not {CANCEL, OTHER} & set(sets[-1]), sets


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        (EN, "no, keep this one, cancel HB-30102"),
        (EN, "no, keep it, I meant a different one"),
        (EN, "no, keep it, the 19th one"),
        (ZH, "不对，这个保留，19号那个取消"),
        (ZH, "不，这个留着，取消别的"),
        (EN, "no, keep this one, cancel the other booking"),
        (EN, "no, keep this one, cancel the other"),
        (ZH, "不对，这个保留，取消其他的预订"),
    ],
)
def test_a_keep_word_beside_another_object_keeps_the_proposed_act(said: tuple[str, str, str, str], reply: str) -> None:
    """An id the proposal does not hold, an other-word, a number with "one" / a classifier point to another object."""
    assert read_turn(openai_turns(_messages(said, reply))).proposed


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        (EN, "no, keep that one, the other hotel fell through"),
        (EN, "no, keep it, my flight UA1234 got moved"),
        (EN, "no, keep it, my BA-2490 flight is just late"),
        (ZH, "不对，这个保留，其他的我再看看"),
        (ZH, "不，先留着，我的航班CA1234延误了"),
    ],
)
def test_a_keep_word_wins_over_an_other_word_or_id_naming_something_else(
    tool_filter: ToolFilter, said: tuple[str, str, str, str], reply: str
) -> None:
    """Another hotel, a flight's id, "the others" the user will look at name no other booking: a plain correction."""
    messages = _messages(said, reply)
    reading = read_turn(openai_turns(messages))
    assert reading.kind == "correction" and not reading.proposed, reading
    _, sets = _replay(tool_filter, messages)
    assert CANCEL not in sets[-1], sets


def _regex_calls(reply: str) -> int:
    """How many regular expression calls reading the turn ``reply`` after the English proposal makes."""
    turns = openai_turns(_messages(EN, reply))
    calls = 0

    def count(_frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event == "c_call" and isinstance(getattr(arg, "__self__", None), re.Pattern):
            calls += 1

    sys.setprofile(count)
    try:
        read_turn(turns)
    finally:
        sys.setprofile(None)
    return calls


def test_a_long_correction_is_read_in_work_that_does_not_grow_with_its_clauses() -> None:
    """Each keep clause was compared with every other clause: 600 clauses took four times the calls of 300."""
    short, long = (_regex_calls("no, " + "keep it, " * n + "the other one") for n in (300, 600))
    assert long <= short, (short, long)
    assert short < 300, short
