"""The conversation policy agrees with the core's destructive guard: no destroyer the turn did not ask for."""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import StructuredTool
from langgraph.checkpoint.memory import InMemorySaver
from llama_index.core.base.llms.types import ChatMessage, ImageBlock, MessageRole, TextBlock
from llama_index.core.tools import FunctionTool

from langchain_toolfilter import ToolFilterMiddleware, ToolFilterSelector
from langchain_toolfilter._messages import read_conversation
from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import HashingEmbedder, Policy, ToolFilter
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_read import read_turn
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window, sticky_tools

from .langchain_kit import RecordingChatModel

POLICY = importlib.import_module("toolfilter_core._conversation_policy")
READ = {"readOnlyHint": True}
TOOLS: list[dict[str, Any]] = [
    {"name": "get_order", "description": "Get an order: its items, status and payment.", "annotations": READ},
    {"name": "search_orders", "description": "Search orders by customer or date.", "annotations": READ},
    {"name": "track_shipment", "description": "Track the shipment of an order.", "annotations": READ},
    {
        "name": "cancel_order",
        "description": "Cancel an order before it ships.",
        "annotations": {"destructiveHint": True},
    },
    {"name": "delete_customer", "description": "Remove a customer record and its order history."},
    {"name": "update_address", "description": "Change the delivery address of an order.", "annotations": {}},
]
for row in TOOLS:
    row["category"] = "orders"
DESTROYERS = {"cancel_order", "delete_customer"}
CONFIG: dict[str, Any] = {
    "base": "plain",
    "enabled": True,
    "top_k": 2,
    "weights": {"embed": 0.7, "bm25": 0.3},
}
ASK = "show the items and payment status of order 55120"


@pytest.fixture(scope="module")
def tool_filter() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


def offered(policy: ConversationPolicy, tool_filter: ToolFilter, messages: list[dict[str, Any]]) -> list[str]:
    turns = openai_turns(messages)
    window = conversation_window(turns, history_turns=tool_filter.config.history_turns)
    return select_window(tool_filter, window, conversation=policy).names


def test_the_domain_prefetch_brings_no_destroyer_the_request_did_not_ask_for(tool_filter: ToolFilter) -> None:
    names = offered(ConversationPolicy(prefetch=8), tool_filter, [{"role": "user", "content": ASK}])
    assert "get_order" in names and len(names) > 2  # the domain's other tools came
    assert not DESTROYERS & set(names)
    assert DESTROYERS <= {t["name"] for t in TOOLS if t["category"] == "orders"}  # the domain holds them


@pytest.mark.parametrize(
    ("proposal", "taken"),
    [
        ("It is paid. Shall I cancel the order?", {"cancel_order"}),
        # two acts proposed, each its tool's own verb: a yes takes both
        ("It is paid. Shall I cancel the order and remove the customer record?", DESTROYERS),
    ],
)
def test_a_confirmation_takes_the_destroyers_proposed(tool_filter: ToolFilter, proposal: str, taken: set[str]) -> None:
    messages = [
        {"role": "user", "content": ASK},
        {"role": "assistant", "content": proposal},
        {"role": "user", "content": "yes"},
    ]
    policy = ConversationPolicy()
    offered(policy, tool_filter, messages[:1])
    names = offered(policy, tool_filter, messages)
    assert policy.last is not None and policy.last.kind == "confirmation"
    assert DESTROYERS & set(names) == taken, names


def test_a_later_turn_that_asks_to_destroy_gets_its_destroyer_though_its_best_tool_is_kept(
    tool_filter: ToolFilter,
) -> None:
    messages = [
        {"role": "user", "content": ASK},
        {"role": "assistant", "content": "It is paid and not shipped."},
        {"role": "user", "content": "get the order 55120 items, then cancel the order"},
    ]
    policy = ConversationPolicy()
    assert "cancel_order" not in offered(policy, tool_filter, messages[:1])
    names = offered(policy, tool_filter, messages)
    assert "cancel_order" in names and "get_order" in names
    assert policy.last is not None and policy.last.action in {"grow", "reset"}


def _lc_tools() -> list[dict[str, Any]]:
    return [
        {"type": "function", "function": {k: v for k, v in t.items() if k in {"name", "description"}}} for t in TOOLS
    ]


def _conversation(reply: str) -> list[Any]:
    return [
        HumanMessage(ASK),
        AIMessage("", tool_calls=[{"name": "get_order", "args": {}, "id": "a1"}]),
        ToolMessage("55120: paid, not shipped", tool_call_id="a1", name="get_order"),
        AIMessage("55120 is paid and not shipped. Shall I cancel the order?"),
        HumanMessage(reply),
    ]


def test_a_confirmation_keeps_the_proposed_tool_under_max_tools(tool_filter: ToolFilter) -> None:
    selector = ToolFilterSelector(tool_filter=tool_filter, max_tools=3, conversation=True)
    first = selector.engine.select(_conversation("")[:1], {})
    assert not DESTROYERS & set(first.offered)
    selector.engine.select(_conversation("")[:3], {})
    names = selector.engine.select(_conversation("yes, go ahead"), {}).offered
    assert "cancel_order" in names and len(names) <= 3


def _agent_tools() -> list[StructuredTool]:
    def tool_for(row: dict[str, Any]) -> StructuredTool:
        meta = {"category": row["category"], "annotations": row.get("annotations", {})}
        return StructuredTool.from_function(
            func=lambda **_: "ok", name=row["name"], description=row["description"], args_schema={}, metadata=meta
        )

    return [tool_for(row) for row in TOOLS]


def test_the_middleware_under_max_tools_offers_no_unasked_destroyer_and_keeps_a_confirmed_one() -> None:
    model = RecordingChatModel(
        messages=iter(
            [
                AIMessage("", tool_calls=[{"name": "get_order", "args": {}, "id": "a1"}]),
                AIMessage("55120 is paid and not shipped. Shall I cancel the order?"),
                AIMessage("", tool_calls=[{"name": "cancel_order", "args": {}, "id": "a2"}]),
                AIMessage("Cancelled."),
            ]
        )
    )
    mw = ToolFilterMiddleware(max_tools=3, config=CONFIG, embedder=HashingEmbedder())
    agent = create_agent(model, tools=_agent_tools(), middleware=[mw], checkpointer=InMemorySaver())
    thread: RunnableConfig = {"configurable": {"thread_id": "t1"}}
    agent.invoke({"messages": [HumanMessage(ASK)]}, thread)
    assert model.seen[:2] and not DESTROYERS & {n for seen in model.seen[:2] for n in seen}
    result = agent.invoke({"messages": [HumanMessage("yes, go ahead")]}, thread)
    assert "cancel_order" in model.seen[2] and len(model.seen[2]) <= 3
    assert result["messages"][-1].content == "Cancelled."
    ran = [m for m in result["messages"] if isinstance(m, ToolMessage) and m.name == "cancel_order"]
    assert ran and ran[-1].content == "ok"  # offered, so it ran (not refused)


def test_from_tools_and_from_store_take_conversation(tmp_path: Any) -> None:
    store = tmp_path / "store"
    built = ToolFilterSelector.from_tools(_lc_tools(), embedder=HashingEmbedder(), store=store, conversation=True)
    assert built.engine.conversation is not None
    policy = ConversationPolicy(budget=4)
    opened = ToolFilterSelector.from_store(store=store, embedder=HashingEmbedder(), conversation=policy)
    assert opened.engine.conversation is policy


def test_an_image_after_a_text_turn_selects_on_the_text() -> None:
    image = HumanMessage([{"type": "image_url", "image_url": {"url": "data:image/png;base64,AA"}}])
    window = read_conversation([HumanMessage(ASK), image])
    assert (window.query, window.missing) == (ASK, "")
    assert "only image_url" in read_conversation([image]).missing  # no text anywhere: still nothing to select on


def test_the_llamaindex_retriever_reads_past_an_image_only_message() -> None:
    tools = [FunctionTool.from_defaults(fn=lambda: "", name=t["name"], description=t["description"]) for t in TOOLS]
    retriever = ToolFilterRetriever.from_tools(tools, embedder=HashingEmbedder(), **CONFIG)
    history = [
        ChatMessage(role=MessageRole.USER, blocks=[TextBlock(text=ASK)]),
        ChatMessage(role=MessageRole.USER, blocks=[ImageBlock(url="https://example.com/a.png")]),
    ]
    names = [t.metadata.name for t in retriever.with_history(history).retrieve("")]
    assert "get_order" in names


CANCEL = "cancel the order 55120 before it ships"
LATER = "track the shipment of order 55121"


def _cancelled(*after: dict[str, Any]) -> list[dict[str, Any]]:
    """A turn that asked to cancel and ran the cancel, then ``after``."""
    call = {"id": "c1", "type": "function", "function": {"name": "cancel_order", "arguments": "{}"}}
    return [
        {"role": "user", "content": CANCEL},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "55120 cancelled"},
        {"role": "assistant", "content": "Order 55120 is cancelled."},
        *after,
    ]


@pytest.mark.parametrize(
    "between", [[], [{"role": "user", "content": "thanks"}, {"role": "assistant", "content": "!"}]]
)
def test_the_policy_drops_an_earlier_turns_destroyer_from_the_kept_set(
    tool_filter: ToolFilter, between: list[dict[str, Any]]
) -> None:
    policy = ConversationPolicy()
    messages = _cancelled(*between, {"role": "user", "content": LATER})
    assert "cancel_order" in offered(policy, tool_filter, messages[:1])  # the turn that asked for it
    offered(policy, tool_filter, messages[:3])  # within it, after the result
    for end in range(4, len(messages), 2):
        offered(policy, tool_filter, messages[:end])
    names = offered(policy, tool_filter, messages)
    assert "track_shipment" in names
    assert not DESTROYERS & set(names), names
    assert policy.last is not None and policy.last.action in {"keep", "grow"}  # the set stayed, without the act


def test_the_policy_keeps_a_destroyer_within_its_turn_and_for_a_turn_that_asks_again(tool_filter: ToolFilter) -> None:
    policy = ConversationPolicy()
    messages = _cancelled({"role": "user", "content": "cancel the order 55121 too"})
    offered(policy, tool_filter, messages[:1])
    assert "cancel_order" in offered(policy, tool_filter, messages[:3])
    assert "cancel_order" in offered(policy, tool_filter, messages)


@pytest.mark.parametrize(("later", "dropped"), [(LATER, True), ("cancel the order 55121 too", False)])
def test_a_destroyer_that_ran_leaves_a_later_turns_selection_unless_asked_again(
    tool_filter: ToolFilter, later: str, dropped: bool
) -> None:
    """The blended selection carries the cancel that ran (``_spent``): a turn not asking for it again drops it."""
    turns = openai_turns(_cancelled({"role": "user", "content": later}))
    cancel = next(s for s in tool_filter.select(CANCEL).selected if s.name == "cancel_order")
    own = tool_filter.select(later)
    fresh = dataclasses.replace(own, selected=(*(s for s in own.selected if s.name != "cancel_order"), cancel))
    chosen, kept = POLICY._asked_acts(tool_filter, fresh, (cancel,), read_turn(turns), turns, {})
    assert ("cancel_order" not in chosen.names) is dropped
    assert ("cancel_order" not in {s.name for s in kept}) is dropped


def test_the_turns_own_words_are_selected_with_the_callers_arguments(tool_filter: ToolFilter) -> None:
    """``_spent`` selects the turn's words with the caller's block list, as ``_own_act`` does.

    The caller may use none of the tools "track the shipment of order 55121" selects: on its words the turn selects no
    tool this caller may use, so it continues the last one (the cancel stays); selected without the caller's block
    list, ``track_shipment`` (which the caller may not use) dropped the cancel.
    """
    kwargs = {
        "policy": Policy(block_tools=frozenset({"track_shipment", "get_order", "search_orders", "update_address"}))
    }
    turns = openai_turns(_cancelled({"role": "user", "content": LATER}))
    cancel = next(s for s in tool_filter.select(CANCEL).selected if s.name == "cancel_order")
    assert tool_filter.select(LATER).names[0] == "track_shipment" and not tool_filter.select(LATER, **kwargs).names
    fresh = dataclasses.replace(tool_filter.select(LATER, **kwargs), selected=(cancel,))
    chosen, kept = POLICY._asked_acts(tool_filter, fresh, (cancel,), read_turn(turns), turns, kwargs)
    assert chosen.names == ["cancel_order"] and [s.name for s in kept] == ["cancel_order"]


def test_a_window_without_the_policy_keeps_no_earlier_turns_destroyer_sticky(tool_filter: ToolFilter) -> None:
    later = _cancelled({"role": "user", "content": LATER})
    window = conversation_window(openai_turns(later), history_turns=2)
    assert "cancel_order" in window.sticky  # the conversation called it
    assert "cancel_order" not in select_window(tool_filter, window).names
    within = conversation_window(openai_turns(later[:3]), history_turns=2)  # after its own turn's call
    assert "cancel_order" in select_window(tool_filter, within).names
    assert within.current == ("cancel_order",) and not window.current


def test_a_confirmation_takes_the_proposal_before_a_closing_note(tool_filter: ToolFilter) -> None:
    messages = [
        {"role": "user", "content": "the buyer of order 55120 backed out"},
        {"role": "assistant", "content": "Shall I cancel the order 55120? A cancellation fee may apply."},
        {"role": "user", "content": "ok, go ahead"},
    ]
    reading = read_turn(openai_turns(messages))
    assert reading.kind == "confirmation" and reading.query.startswith("Shall I cancel the order 55120?")
    policy = ConversationPolicy()
    offered(policy, tool_filter, messages[:1])
    names = offered(policy, tool_filter, messages)
    assert "cancel_order" in names and "delete_customer" not in names


def test_the_llamaindex_select_keeps_no_earlier_turns_destroyer_sticky() -> None:
    tools = [FunctionTool.from_defaults(fn=lambda: "", name=t["name"], description=t["description"]) for t in TOOLS]
    retriever = ToolFilterRetriever.from_tools(tools, embedder=HashingEmbedder(), **CONFIG)
    history = [
        ChatMessage(role=MessageRole.USER, content=CANCEL),
        ChatMessage(
            role=MessageRole.ASSISTANT,
            content="",
            additional_kwargs={"tool_calls": [{"id": "c1", "function": {"name": "cancel_order", "arguments": "{}"}}]},
        ),
        ChatMessage(role=MessageRole.TOOL, content="55120 cancelled", additional_kwargs={"name": "cancel_order"}),
        ChatMessage(role=MessageRole.ASSISTANT, content="Order 55120 is cancelled."),
    ]
    selection = retriever.with_history(history).select(LATER)  # the one-request path: sticky tools
    assert "track_shipment" in selection.names and "cancel_order" not in selection.names
    asked = retriever.with_history(history).select("cancel the order 55121 too")
    assert "cancel_order" in asked.names


def test_the_middleware_offers_a_confirmed_destroyer_once_not_to_the_turns_after_it() -> None:
    model = RecordingChatModel(
        messages=iter(
            [
                AIMessage("Shall I cancel the order 55120? A cancellation fee may apply."),
                AIMessage("", tool_calls=[{"name": "cancel_order", "args": {}, "id": "a2"}]),
                AIMessage("Cancelled."),
                AIMessage("You're welcome."),
                AIMessage("", tool_calls=[{"name": "track_shipment", "args": {}, "id": "a3"}]),
                AIMessage("On its way."),
            ]
        )
    )
    mw = ToolFilterMiddleware(max_tools=5, config=CONFIG, embedder=HashingEmbedder())
    agent = create_agent(model, tools=_agent_tools(), middleware=[mw], checkpointer=InMemorySaver())
    thread: RunnableConfig = {"configurable": {"thread_id": "t2"}}
    for text in ("the buyer of order 55120 backed out", "ok, go ahead", "thanks", LATER):
        agent.invoke({"messages": [HumanMessage(text)]}, thread)
    confirmed, within, _thanks, later, after = model.seen[1:]
    assert "cancel_order" in confirmed and "delete_customer" not in confirmed
    assert "cancel_order" in within  # the same turn, after its result
    assert "track_shipment" in later and not DESTROYERS & {*later, *after}


def test_a_proposal_naming_a_host_is_read_whole() -> None:
    messages = [
        {"role": "user", "content": "show the dns records"},
        {"role": "assistant", "content": "Two records. Want me to delete grafana.lab.home at .14?"},
        {"role": "user", "content": "yes"},
    ]
    reading = read_turn(openai_turns(messages))
    assert reading.kind == "confirmation" and reading.query == "Want me to delete grafana.lab.home at .14? yes"
    note = {
        "role": "assistant",
        "content": "There are two: grafana.lab.home points to .14 (an old VM?), and g2 to docker.",
    }
    other = read_turn(openai_turns([messages[0], note, {"role": "user", "content": "yeah delete the old one"}]))
    assert other.kind == "request"  # no sentence of it proposes: ".14 (an old VM?" is not one


def test_a_confirmation_after_a_dry_run_keeps_the_act_the_task_ran() -> None:
    tool_filter = ToolFilter(TOOLS, config={**CONFIG, "top_k": 1}, embedder=HashingEmbedder())
    call = {"id": "c1", "type": "function", "function": {"name": "cancel_order", "arguments": '{"dry_run": true}'}}
    messages = [
        {"role": "user", "content": CANCEL + ", dry run first"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "dry run: 55120 would be refunded 20 EUR"},
        {"role": "assistant", "content": "The dry run refunds 20 EUR. Apply it for real?"},
        {"role": "user", "content": "yes"},
    ]
    policy = ConversationPolicy()
    for end in (1, 3):
        assert "cancel_order" in offered(policy, tool_filter, messages[:end])
    names = offered(policy, tool_filter, messages)
    assert policy.last is not None and policy.last.kind == "confirmation"
    assert "cancel_order" in names and "delete_customer" not in names


def test_a_kept_destroyer_stays_for_a_turn_that_says_its_verb_though_its_selection_missed_it(
    tool_filter: ToolFilter,
) -> None:
    from toolfilter_core._conversation_policy import _asked_acts
    from toolfilter_core._conversation_read import Reading

    chosen = tool_filter.select("show the items of order 55120", top_k=1)
    kept = tool_filter.select("cancel order 55120 and delete the customer", top_k=6).selected
    assert {"cancel_order", "delete_customer"} <= {s.name for s in kept}
    assert not DESTROYERS & set(chosen.names)
    for query, stays in (("yes that one is a duplicate, cancel the old one", {"cancel_order"}), (LATER, set())):
        _, left = _asked_acts(tool_filter, chosen, kept, Reading("request", query, 2, 2), (), {})
        assert DESTROYERS & {s.name for s in left} == stays


def test_a_window_keeps_an_earlier_turns_destroyer_for_a_yes_or_a_correction(tool_filter: ToolFilter) -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "cancel_order", "arguments": '{"dry_run": true}'}}
    ran = [
        {"role": "user", "content": CANCEL + ", dry run first"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "dry run: 55120 would be refunded 20 EUR"},
    ]
    for reply, said in (
        ("yes", "The dry run refunds 20 EUR. Apply it for real?"),
        ("no, the 55121 one", "The dry run refunds 20 EUR."),
        ("thanks", "The dry run refunds 20 EUR. Apply it for real?"),
    ):
        messages = [*ran, {"role": "assistant", "content": said}, {"role": "user", "content": reply}]
        window = conversation_window(openai_turns(messages), history_turns=2)
        kept = sticky_tools(tool_filter, window)
        assert ("cancel_order" in kept) is (reply != "thanks"), (reply, kept)


def test_an_unacted_ask_to_destroy_leaves_no_destroyer_for_a_sign_off_or_a_read(tool_filter: ToolFilter) -> None:
    # the model only answered in text: the ask was never acted on, and the user closed or moved on
    policy = ConversationPolicy()
    asked = [
        {"role": "user", "content": "cancel order 55120"},
        {"role": "assistant", "content": "Order 55120 has shipped already."},
    ]
    assert "cancel_order" in offered(policy, tool_filter, asked[:1])
    assert offered(policy, tool_filter, [*asked, {"role": "user", "content": "thanks, that's all"}]) == []
    assert policy.last is not None and policy.last.action == "none"
    read = offered(policy, tool_filter, [*asked, {"role": "user", "content": "where is order 55120 now?"}])
    assert read and not DESTROYERS & set(read)
