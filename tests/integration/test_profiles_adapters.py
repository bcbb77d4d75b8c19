"""The bundled kit's tool profiles through each framework's agent, with the real default embedder.

A paraphrase of no profile request ("cancel next Wednesday's weekly meeting", in Chinese)
reaches calendar_cancel through its profile; by its own words the kit leaves it out. Fake
chat models stand in for the LLM, so nothing leaves the machine.
"""

from __future__ import annotations

import dataclasses
import warnings
from pathlib import Path

import pytest
from langchain.agents import create_agent
from langchain_core.messages import HumanMessage, ToolMessage
from llama_index.core.agent.workflow import FunctionAgent

from benchmarks.harness import kit_function_tool, kit_structured_tool
from langchain_toolfilter import ToolFilterMiddleware
from llamaindex_toolfilter import ToolFilterRetriever
from tests.unit.langchain_kit import RecordingChatModel, call
from tests.unit.llamaindex_kit import run, tool_results
from toolfilter_core import Embedder, ToolSpecWarning, load_bundled_tools

from .test_llamaindex_toolkit import function_calling_llm

pytestmark = [pytest.mark.integration, pytest.mark.filterwarnings("ignore::DeprecationWarning:inspect")]

PROFILES = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "toolkit48" / "profiles.jsonl"
REQUEST = "把下周三的周会撤了"  # "call off next Wednesday's weekly meeting"
TOOL = "calendar_cancel"


def test_a_langchain_agent_with_profiles_offers_the_tool_a_paraphrase_needs(default_embedder: Embedder) -> None:
    tools = [kit_structured_tool(spec) for spec in load_bundled_tools()]
    model = RecordingChatModel(messages=iter([call(TOOL, "c1", event_id="evt-0612"), "Cancelled."]))
    middleware = ToolFilterMiddleware(embedder=default_embedder, profiles=PROFILES)
    agent = create_agent(model, tools=tools, middleware=[middleware])

    result = agent.invoke({"messages": [HumanMessage(REQUEST)]})

    assert TOOL in model.seen[0] and len(model.seen[0]) < len(tools)
    [ran] = [m for m in result["messages"] if isinstance(m, ToolMessage)]
    assert (ran.name, ran.status) == (TOOL, "success")
    selector = middleware.selector_for(tools)  # the one built on the model call, from the cache
    assert all(t.profile is not None for t in selector.tool_filter.tools)  # the kit's file fits its definitions


async def test_a_llamaindex_agent_with_profiles_runs_the_tool_a_paraphrase_needs(
    default_embedder: Embedder, tmp_path: Path
) -> None:
    specs = load_bundled_tools()
    tools = [kit_function_tool(spec) for spec in specs]
    metadata = {s.name: {"category": s.category, "tags": list(s.tags), "triggers": list(s.triggers)} for s in specs}
    # The kit's profiles were written for its JSON definitions; a FunctionTool's schema is
    # LlamaIndex's rendering of them (titles, anyOf null), but a profile is pinned to the
    # name, description and parameter names only: the file applies as it is, pinned.
    with warnings.catch_warnings():
        warnings.simplefilter("error", ToolSpecWarning)  # no profile is left out as stale
        retriever = ToolFilterRetriever.from_tools(tools, metadata, embedder=default_embedder, profiles=PROFILES)
    offered: list[list[str]] = []
    agent = FunctionAgent(tool_retriever=retriever, llm=function_calling_llm(offered, wanted=TOOL))
    result = await run(agent, REQUEST)

    assert TOOL in offered[0] and len(offered[0]) < len(tools), retriever.select(REQUEST).explain()
    ran = tool_results(result)[0]
    assert ran.tool_name == TOOL and not ran.tool_output.is_error
    assert all(t.profile is not None for t in retriever.tool_filter.tools)


def test_a_middleware_given_its_tools_says_a_profile_for_other_parameters_when_built(
    default_embedder: Embedder,
) -> None:
    specs = [
        dataclasses.replace(s, parameters={"type": "object", "properties": {"meeting_id": {"type": "string"}}})
        if s.name == TOOL
        else s
        for s in load_bundled_tools()
    ]
    tools = [kit_structured_tool(spec) for spec in specs]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        middleware = ToolFilterMiddleware(embedder=default_embedder, profiles=PROFILES, tools=tools)
    # the kit's rows carry no params_hash: the profile is left out, with a warning naming the tool
    [said] = [w for w in caught if f"left out: {TOOL};" in str(w.message)]
    assert said.category is ToolSpecWarning and Path(said.filename) == Path(__file__)
    model = RecordingChatModel(messages=iter(["Which meeting?"]))
    agent = create_agent(model, tools=tools, middleware=[middleware])
    with warnings.catch_warnings():
        warnings.simplefilter("error", ToolSpecWarning)  # said at construction: not again on the model call
        agent.invoke({"messages": [HumanMessage(REQUEST)]})
    assert len(model.seen) == 1
