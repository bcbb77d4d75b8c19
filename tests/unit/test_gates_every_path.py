"""A blocked tool is never offered to the model, on any path a tool can take to it.

One table: every path (exact name, sticky, always_include, clauses, plain mode, find_tools,
the LangChain Runnable and middleware including ``tool_choice``, LlamaIndex sync and async)
against every gate (``block_tools``, a ``Policy`` block, ``Policy(allow_destructive=False)``
on a tool without annotations, ``Policy(read_only=True)``). Each row first checks that,
ungated, the path does offer the tool (so the probe probes something), then that gated it
does not: it is left out, or the combination is refused with a ``ConfigError`` up front.
The adapters take no per-caller ``Policy``; their rows use ``block_tools``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain.agents.middleware import ModelRequest
from langchain_core.messages import HumanMessage, ToolMessage
from langchain_core.tools import tool
from llama_index.core.tools import FunctionTool

from langchain_toolfilter import FIND_TOOLS_NAME, ToolFilterMiddleware, ToolFilterSelector
from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import ConfigError, HashingEmbedder, Policy, ToolFilter, ToolSpec

from .langchain_kit import CONFIG, RecordingChatModel, call, get_weather, names, read_file

VICTIM = "delete_file"
TEXT = "delete the file old.txt from disk"
CLAUSES = "what is the weather in Oslo, and then delete the file old.txt from disk"
READ_ONLY = {"readOnlyHint": True}

SPECS = [
    ToolSpec("get_weather", "Get the current weather forecast for a city.", annotations=READ_ONLY),
    ToolSpec("read_file", "Read the contents of a text file.", annotations=READ_ONLY),
    ToolSpec(VICTIM, "Delete a file from disk."),  # no annotations: may destroy (MCP's default)
]

GATES: dict[str, tuple[dict[str, Any], Policy | None]] = {
    "block_tools": ({"block_tools": [VICTIM]}, None),
    "Policy block": ({}, Policy(block_tools={VICTIM})),
    "Policy(allow_destructive=False)": ({}, Policy(allow_destructive=False)),
    "Policy(read_only=True)": ({}, Policy(read_only=True)),
}
Gate = tuple[dict[str, Any], Policy | None] | None
Probe = Callable[[Gate], set[str]]
REFUSED = {"<refused: ConfigError>"}


def _gate(gate: Gate) -> tuple[dict[str, Any], Policy | None]:
    return gate if gate is not None else ({}, None)


# --------------------------------------------------------------------------- the core


def core_request(query: str, sticky: tuple[str, ...] = (), **options: Any) -> Probe:
    def probe(gate: Gate) -> set[str]:
        config, policy = _gate(gate)
        try:
            tf = ToolFilter(SPECS, config={**CONFIG, **options, **config}, embedder=HashingEmbedder())
        except ConfigError:  # always_include and block_tools together: refused up front
            return REFUSED
        return set(tf.select(query, sticky=sticky, policy=policy).names)

    return probe


# --------------------------------------------------------------------------- LangChain


@tool
def delete_file(path: str) -> str:
    """Delete a file from disk."""
    return "deleted"


LC_TOOLS = [get_weather, read_file, delete_file]


def selector(gate: Gate, **options: Any) -> ToolFilterSelector:
    config, _ = _gate(gate)
    return ToolFilterSelector.from_tools(LC_TOOLS, config={**CONFIG, **config}, embedder=HashingEmbedder(), **options)


def runnable_text(gate: Gate) -> set[str]:
    return set(names(selector(gate).invoke(TEXT)))


def runnable_sticky(gate: Gate) -> set[str]:
    # called in the request's own turn (an earlier turn's destroyer is not sticky at all)
    conversation = [
        HumanMessage(TEXT),
        HumanMessage("and the weather in Oslo?"),
        call(VICTIM, "c1", path="old.txt"),
        ToolMessage("deleted", tool_call_id="c1", name=VICTIM),
    ]
    return set(names(selector(gate).invoke(conversation)))


def find_tools_search(gate: Gate) -> set[str]:
    _, found = selector(gate, find_tools=True).engine.search("delete a file from disk")
    return set(found)


def find_tools_artifact(gate: Gate) -> set[str]:
    # a search result naming the tool (forged or stale) makes it sticky: the gates still hold
    conversation = [
        HumanMessage("tidy up my disk"),
        call(FIND_TOOLS_NAME, "c1", query="delete"),
        ToolMessage("Found 1 tool(s)", tool_call_id="c1", name=FIND_TOOLS_NAME, artifact=[VICTIM]),
    ]
    return set(names(selector(gate, find_tools=True).invoke(conversation)))


def middleware(gate: Gate, **options: Any) -> ToolFilterMiddleware:
    config, _ = _gate(gate)
    return ToolFilterMiddleware(config={**CONFIG, **config}, embedder=HashingEmbedder(), **options)


def middleware_agent(gate: Gate) -> set[str]:
    model = RecordingChatModel(messages=iter(["ok"]))
    create_agent(model, tools=LC_TOOLS, middleware=[middleware(gate)]).invoke({"messages": [HumanMessage(TEXT)]})
    [seen] = model.seen
    return set(seen)


def middleware_tool_choice(gate: Gate) -> set[str]:
    mw = middleware(gate)
    for choice in (VICTIM, {"type": "function", "function": {"name": VICTIM}}):
        request = ModelRequest(
            model=RecordingChatModel(messages=iter(["ok"])),
            messages=[HumanMessage("what is the weather in Oslo")],
            tools=list(LC_TOOLS),
            tool_choice=choice,
        )
        try:
            offered = set(names(mw.filter_request(request).tools))
        except ConfigError:
            offered = REFUSED
        if VICTIM in offered:
            return offered
    return offered


def middleware_always_include(gate: Gate) -> set[str]:
    try:
        mw = middleware(gate, always_include=[VICTIM])
    except ConfigError:
        return REFUSED
    request = ModelRequest(
        model=RecordingChatModel(messages=iter(["ok"])), messages=[HumanMessage("hi")], tools=list(LC_TOOLS)
    )
    return set(names(mw.filter_request(request).tools))


def middleware_function_dict(gate: Gate) -> set[str]:
    # a tool given as an OpenAI function dict is selected like the others, and gated
    spec = {"type": "function", "function": {"name": VICTIM, "description": "Delete a file from disk."}}
    request = ModelRequest(
        model=RecordingChatModel(messages=iter(["ok"])),
        messages=[HumanMessage("delete the file old.txt from disk")],
        tools=[get_weather, read_file, spec],
    )
    out = middleware(gate).filter_request(request).tools
    return {t["function"]["name"] if isinstance(t, dict) else t.name for t in out}


# --------------------------------------------------------------------------- LlamaIndex


def _delete(path: str) -> str:
    """Delete a file from disk."""
    return "deleted"


def _read(path: str) -> str:
    """Read the contents of a text file."""
    return "text"


def llama(query: str, *, asynchronous: bool) -> Probe:
    def probe(gate: Gate) -> set[str]:
        config, _ = _gate(gate)
        tools = [FunctionTool.from_defaults(_read, name="read_file"), FunctionTool.from_defaults(_delete, name=VICTIM)]
        retriever = ToolFilterRetriever.from_tools(tools, embedder=HashingEmbedder(), config={**CONFIG, **config})
        if asynchronous:
            found = asyncio.run(retriever.aretrieve(query))
        else:
            found = retriever.retrieve(query)
        return {t.metadata.name or "" for t in found}

    return probe


# --------------------------------------------------------------------------- the table

CORE_PATHS: dict[str, Probe] = {
    "exact name": core_request(VICTIM),
    "text": core_request(TEXT),
    "sticky": core_request("and the weather in Oslo?", (VICTIM,)),
    "always_include": core_request("what is the weather in Oslo", always_include=[VICTIM]),
    "clauses": core_request(CLAUSES),
    "plain mode (enabled: false)": core_request(TEXT, enabled=False),
}
ADAPTER_PATHS: dict[str, Probe] = {
    "Runnable: text": runnable_text,
    "Runnable: sticky": runnable_sticky,
    "find_tools: search": find_tools_search,
    "find_tools: result made sticky": find_tools_artifact,
    "middleware: agent": middleware_agent,
    "middleware: tool_choice": middleware_tool_choice,
    "middleware: always_include": middleware_always_include,
    "middleware: function dict": middleware_function_dict,
    "LlamaIndex sync: text": llama(TEXT, asynchronous=False),
    "LlamaIndex sync: exact name": llama(VICTIM, asynchronous=False),
    "LlamaIndex async: text": llama(TEXT, asynchronous=True),
    "LlamaIndex async: exact name": llama(VICTIM, asynchronous=True),
}
ROWS = [
    *((path, gate) for path in CORE_PATHS for gate in GATES),
    *((path, "block_tools") for path in ADAPTER_PATHS),
]


@pytest.mark.parametrize(("path", "gate"), ROWS, ids=[f"{p} x {g}" for p, g in ROWS])
def test_a_blocked_tool_is_never_offered(path: str, gate: str) -> None:
    probe = CORE_PATHS.get(path) or ADAPTER_PATHS[path]
    assert VICTIM in probe(None), f"{path}: ungated, the path should offer {VICTIM} (else it probes nothing)"
    offered = probe(GATES[gate])
    assert VICTIM not in offered, f"{path} x {gate}: offered {sorted(offered)}"
