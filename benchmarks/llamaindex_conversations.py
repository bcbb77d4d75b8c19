"""Conversations replayed through a real LlamaIndex ``FunctionAgent`` with ``ToolFilterRetriever.with_memory``.

    PYTHONPATH=. python benchmarks/llamaindex_conversations.py [--tools T.jsonl --conversations C.jsonl
        [--profiles P.jsonl]] [--embedder NAME] [--max-tools N] [--json] [--out FILE]

Without ``--tools``: every ``benchmarks/data/dev_*`` registry with a ``conversations.jsonl``,
with its profiles (never a held-out one).

Each conversation's user turns are run one by one through a ``FunctionAgent`` whose
``tool_retriever`` is the retriever bound to the agent's memory. A scripted function-calling
LLM (LlamaIndex's ``MockFunctionCallingLLM`` with a response generator) answers each model
call with the conversation's next recorded assistant message (its tool calls as
``ToolCallBlock``s) and notes the tools the agent offered it; a tool returns its recorded
result. The offers are scored as ``toolfilter eval --conversations`` scores the core's replay
(the same figures, the same bill), and ``parity`` compares them call by call with the core's
replay of the same conversations (``chooser(tf, policy=ConversationPolicy())``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections import defaultdict, deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.base.llms.types import ChatMessage, ToolCallBlock
from llama_index.core.llms import MockFunctionCallingLLM
from llama_index.core.memory import ChatMemoryBuffer
from llama_index.core.tools import BaseTool, FunctionTool

from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import ToolFilter
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_eval import (
    Conversation,
    chooser,
    destroyers,
    openai_turns,
    read_conversations,
    replay_conversations,
)
from toolfilter_core._tool_defs import read_tools_file
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

Offers = list[tuple[str, ...]]
ROOT = Path(__file__).resolve().parents[1]


def _assistant(message: Mapping[str, Any]) -> ChatMessage:
    """A recorded OpenAI assistant message as LlamaIndex's: its text, its tool calls as blocks."""
    calls = message.get("tool_calls") or []
    if not calls:
        return ChatMessage(role="assistant", content=str(message.get("content") or ""))
    blocks = []
    for call in calls:
        function = call.get("function", {})
        arguments = json.loads(function.get("arguments") or "{}")
        blocks.append(
            ToolCallBlock(tool_call_id=str(call.get("id")), tool_name=function["name"], tool_kwargs=arguments)
        )
    return ChatMessage(role="assistant", blocks=blocks)


class _Script:
    """The recorded assistant messages of a conversation, answered in order; the tools offered per call."""

    def __init__(self, conversation: Conversation) -> None:
        self.replies = deque(_assistant(m) for m in conversation.messages if m.get("role") == "assistant")
        self.offers: Offers = []
        self.results: dict[str, deque[str]] = defaultdict(deque)

    def respond(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        self.offers.append(tuple(t.metadata.name or "" for t in kwargs.get("tools") or []))
        return self.replies.popleft() if self.replies else ChatMessage(role="assistant", content="")

    def turn(self, messages: Sequence[Mapping[str, Any]], user: int) -> None:
        """Load the recorded tool results of the user turn at ``user`` (by tool name, in order)."""
        names: dict[str, str] = {}
        self.results.clear()
        for message in messages[user + 1 :]:
            if message.get("role") == "user":
                break
            for call in message.get("tool_calls") or []:
                names[str(call.get("id"))] = call["function"]["name"]
            if message.get("role") == "tool":
                self.results[names.get(str(message.get("tool_call_id")), "")].append(str(message.get("content")))

    def tool(self, name: str, description: str) -> BaseTool:
        def run(**kwargs: Any) -> str:
            return self.results[name].popleft() if self.results[name] else "{}"

        return FunctionTool.from_defaults(fn=run, name=name, description=description)


def agent_offers(tool_filter: ToolFilter, conversation: Conversation, *, max_tools: int | None = None) -> Offers:
    """The tools a ``FunctionAgent`` with ``retriever.with_memory`` offered at each model call of ``conversation``."""
    script = _Script(conversation)
    tools = [script.tool(t.name, t.description) for t in tool_filter.tools]
    bound = ToolFilterRetriever(tool_filter, tools, max_tools=max_tools)
    llm = MockFunctionCallingLLM(response_generator=script.respond)
    memory = ChatMemoryBuffer.from_defaults(llm=llm, token_limit=1_000_000)
    agent = FunctionAgent(tool_retriever=bound.with_memory(memory), llm=llm)

    async def play() -> None:
        for index, message in enumerate(conversation.messages):
            if message.get("role") == "user":
                script.turn(conversation.messages, index)
                await agent.run(str(message.get("content") or ""), memory=memory)

    asyncio.run(play())
    return script.offers


def core_offers(tool_filter: ToolFilter, conversation: Conversation, *, max_tools: int | None = None) -> Offers:
    """The core's replay of ``conversation``: the tools before each assistant message.

    ``max_tools``: the policy's budget ``min(12, max_tools)`` and ``select(max_tools=...)``,
    as the retriever's; the retriever's last cut of a larger set is not made here.
    """
    turns = openai_turns(conversation.messages)
    if max_tools is None:
        choose = chooser(tool_filter, policy=ConversationPolicy())
        return [tuple(choose(turns[:i])) for i, m in enumerate(conversation.messages) if m.get("role") == "assistant"]
    policy = ConversationPolicy(budget=min(12, max_tools))
    names = {t.name for t in tool_filter.tools}
    out: Offers = []
    for index, message in enumerate(conversation.messages):
        if message.get("role") == "assistant":
            window = conversation_window(turns[:index], history_turns=tool_filter.config.history_turns, tools=names)
            out.append(tuple(select_window(tool_filter, window, conversation=policy, max_tools=max_tools).names))
    return out


def _replayed(offers: Mapping[str, Offers]) -> Callable[[], Any]:
    """A chooser factory handing out recorded offers, one conversation after the other, call by call."""
    queue = deque(offers.values())

    def make() -> Callable[[Sequence[Any]], Sequence[str]]:
        calls = deque(queue.popleft())
        return lambda turns: calls.popleft() if calls else ()

    return make


def figures(
    tool_filter: ToolFilter, conversations: Sequence[Conversation], offers: Mapping[str, Offers]
) -> dict[str, Any]:
    """``toolfilter eval --conversations``'s figures for recorded offers (one list per conversation, in order)."""
    schemas = {t.name: t.to_openai() for t in tool_filter.tools}
    result = replay_conversations(
        conversations, _replayed(offers), schemas, PROVIDERS["anthropic"], destructive=destroyers(tool_filter)
    )
    return result.to_dict()


def parity(agent: Mapping[str, Offers], core: Mapping[str, Offers]) -> dict[str, Any]:
    """Model calls offered the core's tools in the core's order (the same tools block), and those that differ."""
    same = total = 0
    differ: list[dict[str, Any]] = []
    for cid, mine in agent.items():
        theirs = core[cid]
        for call, (a, c) in enumerate(zip(mine, theirs, strict=False)):
            total += 1
            if a == c:
                same += 1
            else:
                differ.append({"conversation": cid, "call": call, "agent": list(a), "core": list(c)})
        if len(mine) != len(theirs):
            differ.append({"conversation": cid, "calls": [len(mine), len(theirs)]})
    return {"calls": total, "same": same, "differ": differ}


def run(tool_filter: ToolFilter, conversations: Sequence[Conversation], max_tools: int | None = None) -> dict[str, Any]:
    """Both replays of ``conversations``: their figures, their largest set and their parity.

    With ``max_tools`` the agent's retriever has it, and the core's replay its budget and
    ``select(max_tools=...)`` (``core_offers``).
    """
    agent = {c.id: agent_offers(tool_filter, c, max_tools=max_tools) for c in conversations}
    core = {c.id: core_offers(tool_filter, c, max_tools=max_tools) for c in conversations}
    out: dict[str, Any] = {}
    for side, offers in (("core", core), ("llamaindex", agent)):
        out[side] = figures(tool_filter, conversations, offers)
        out[side]["largest_set"] = max((len(o) for calls in offers.values() for o in calls), default=0)
    return {**out, "max_tools": max_tools, "parity": parity(agent, core)}


def _print(label: str, out: dict[str, Any]) -> None:
    keys = ("first_served", "later_served", "no_tool_given_none", "later_changed", "bill_vs_all_tools", "largest_set")
    print(label)
    for side in ("core", "llamaindex"):
        print(f"  {side:<11}" + "".join(f"  {k} {out[side][k]}" for k in keys))
    p = out["parity"]
    print(f"  parity: {p['same']} of {p['calls']} model calls offered the core's tools in its order")
    for row in p["differ"][:20]:
        print(f"    {row}")


def _dev_runs(embedder: str | None, max_tools: int | None) -> dict[str, Any]:
    """Every ``benchmarks/data/dev_*`` registry with conversations, with its profiles."""
    out: dict[str, Any] = {}
    for folder in sorted((ROOT / "benchmarks" / "data").glob("dev_*/conversations.jsonl")):
        folder = folder.parent
        profiles = folder / "profiles.jsonl" if (folder / "profiles.jsonl").exists() else None
        tool_filter = ToolFilter(read_tools_file(folder / "tools.jsonl"), embedder=embedder, profiles=profiles)
        conversations = read_conversations(folder / "conversations.jsonl", tools={t.name for t in tool_filter.tools})
        out[folder.name] = run(tool_filter, conversations, max_tools)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", type=Path, help="none: every dev_* registry with conversations, with its profiles")
    parser.add_argument("--conversations", type=Path)
    parser.add_argument("--profiles", type=Path)
    parser.add_argument("--embedder")
    parser.add_argument("--max-tools", type=int)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", type=Path, help="write the figures here as JSON")
    args = parser.parse_args(argv)
    if args.tools is None:
        runs = _dev_runs(args.embedder, args.max_tools)
    else:
        if args.conversations is None:
            parser.error("--tools needs --conversations")
        tool_filter = ToolFilter(read_tools_file(args.tools), embedder=args.embedder, profiles=args.profiles)
        conversations = read_conversations(args.conversations, tools={t.name for t in tool_filter.tools})
        runs = {args.conversations.parent.name: run(tool_filter, conversations, args.max_tools)}
    if args.out:
        args.out.write_text(json.dumps(runs, ensure_ascii=False, indent=1) + "\n", "utf-8")
    if args.json:
        print(json.dumps(runs, ensure_ascii=False))
        return 0
    for label, out in runs.items():
        _print(label, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
