"""ToolFilterRetriever with the real default embedder over the bundled 48-tool kit.

The default embedder takes seconds to load, so one retriever (and its Chroma directory) is
built per module and shared; other retrievers reuse its embedder and store.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.llms import MockFunctionCallingLLM
from llama_index.core.memory import ChatMemoryBuffer
from llama_index.core.tools import BaseTool, FunctionTool

from benchmarks.harness import kit_function_tool
from llamaindex_toolfilter import ToolFilterRetriever
from tests.unit.llamaindex_kit import run, tool_results
from toolfilter_core import load_tool
from toolfilter_core._clauses import split_clauses

pytestmark = [
    pytest.mark.integration,
    # The workflows runtime walks agent attributes with inspect.getmembers, touching
    # pydantic's deprecated attributes; attributed to ``inspect``. Third-party, not ours.
    pytest.mark.filterwarnings("ignore::DeprecationWarning:inspect"),
]

ROOT = Path(__file__).resolve().parents[2]
KIT = Path("/work/shared/data/toolkit48")
if not (KIT / "tools.jsonl").is_file():  # the same kit ships inside the core
    KIT = ROOT / "toolfilter_core" / "data" / "toolkit48"


def kit_rows() -> list[dict[str, Any]]:
    return [json.loads(line) for line in (KIT / "tools.jsonl").read_text("utf-8").splitlines() if line.strip()]


def kit_tool(row: dict[str, Any]) -> FunctionTool:
    """A FunctionTool with the kit's name, description and argument schema."""
    return kit_function_tool(load_tool(row))


def kit_metadata(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {
        r["name"]: {"category": r.get("category"), "tags": r.get("tags", []), "triggers": r.get("triggers", [])}
        for r in rows
    }


def dev_queries() -> list[dict[str, Any]]:
    path = KIT / "queries.jsonl"
    if not path.is_file():
        path = Path("/work/shared/data/toolkit48/queries.jsonl")
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("llamaindex-kit") / "store"


@pytest.fixture(scope="module")
def tools() -> list[BaseTool]:
    return [kit_tool(row) for row in kit_rows()]


@pytest.fixture(scope="module")
def retriever(tools: list[BaseTool], store: Path) -> ToolFilterRetriever:
    """The kit indexed with the real default embedder (embedder=None), persisted in ``store``."""
    return ToolFilterRetriever.from_tools(tools, kit_metadata(kit_rows()), embedder=None, store=store)


def function_calling_llm(
    offered: list[list[str]], wanted: str | None = None, *, force: bool = False
) -> MockFunctionCallingLLM:
    """LlamaIndex's mock function-calling LLM, standing in for a model that chooses well.

    It calls ``wanted`` if it is among the tools it is offered, else the first (best) one;
    ``force``: ``wanted`` whatever it is offered (a hallucination, an injection). ``offered``
    records the tool names of every call.
    """

    def respond(messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        tools = kwargs.get("tools") or []
        offered.append([t.metadata.name for t in tools])
        if messages[-1].role == MessageRole.TOOL:
            return ChatMessage(role="assistant", content=f"done: {messages[-1].content}")
        if force and wanted:
            call = ToolCallBlock(tool_call_id=f"call-{uuid4().hex[:8]}", tool_name=wanted, tool_kwargs={"path": "/"})
            return ChatMessage(role="assistant", blocks=[call])
        if not tools:
            return ChatMessage(role="assistant", content="No tool fits.")
        tool = next((t for t in tools if t.metadata.name == wanted), tools[0])
        schema = tool.metadata.fn_schema
        samples = {str: "x", int: 1, float: 1.0, bool: True, list: [], dict: {}}
        arguments = {
            f.alias or n: samples.get(f.annotation, "x") for n, f in schema.model_fields.items() if f.is_required()
        }
        call = ToolCallBlock(
            tool_call_id=f"call-{uuid4().hex[:8]}", tool_name=tool.metadata.name, tool_kwargs=arguments
        )
        return ChatMessage(role="assistant", blocks=[call])

    return MockFunctionCallingLLM(response_generator=respond)


def test_the_kit_is_48_tools(retriever: ToolFilterRetriever) -> None:
    assert len(retriever.tools) == 48
    assert {t.category for t in retriever.tool_filter.tools} == {r["category"] for r in kit_rows()}


@pytest.mark.parametrize("row", [q for q in dev_queries()], ids=lambda q: q["id"])
def test_retrieve_returns_exactly_the_core_selection(retriever: ToolFilterRetriever, row: dict[str, Any]) -> None:
    # The adapter adds nothing and drops nothing: same tools, same order, as objects.
    found = retriever.retrieve(row["query"])
    assert [t.metadata.name for t in found] == retriever.tool_filter.select(row["query"]).names
    assert all(t in retriever.tools for t in found)


@pytest.mark.parametrize(
    ("request_text", "tool"),
    [
        pytest.param("列出 ~/projects 目录下的文件", "list_dir", id="zh-list"),
        pytest.param("重启 nginx 服务", "restart_service", id="zh-restart"),
        pytest.param("跑一下单元测试", "run_tests", id="zh-tests"),
        pytest.param("Send an email to the team about the outage", "send_mail", id="en-mail"),
        pytest.param("Install the requests package", "install_package", id="en-install"),
        pytest.param("Run the test suite", "run_tests", id="en-tests"),
    ],
)
async def test_function_agent_runs_the_tool_our_retriever_picked(
    retriever: ToolFilterRetriever, request_text: str, tool: str
) -> None:
    offered: list[list[str]] = []
    agent = FunctionAgent(tool_retriever=retriever, llm=function_calling_llm(offered, wanted=tool))
    result = await run(agent, request_text)
    assert tool in offered[0], retriever.select(request_text).explain()
    config = retriever.config
    assert len(offered[0]) <= max(config.top_k, config.fallback_top_k or 2 * config.top_k)  # a few of 48
    call = tool_results(result)[0]
    assert call.tool_name == tool
    assert not call.tool_output.is_error  # the agent's look-up by name found the tool
    assert json.loads(call.tool_output.content)["tool"] == tool


async def test_the_name_look_up_returns_every_tool_whatever_its_score(
    retriever: ToolFilterRetriever, tools: list[BaseTool], store: Path
) -> None:
    # Same store, same embedder: nothing re-embedded, only the thresholds differ (and no
    # widening over what the floor dropped, so that nothing passes by score).
    strict = ToolFilterRetriever.from_tools(
        tools,
        kit_metadata(kit_rows()),
        embedder=retriever.tool_filter.embedder,
        store=store,
        min_combined_score=1.0,
        widen_when_empty=False,
    )
    for tool in tools:  # before any offer, an exact name is a request and returns its tool
        name = tool.metadata.get_name()
        assert await strict.with_history([]).aretrieve(name) == [tool], name
    # once a request was offered nothing, a look-up by name is the agent's: nothing was offered
    assert strict.retrieve("Send an email to the team about the outage") == []
    assert await strict.aretrieve("send_mail") == []


async def test_a_never_offered_tool_never_runs(retriever: ToolFilterRetriever) -> None:
    # the model (an injection) calls delete_file on a request that is not about deleting
    offered: list[list[str]] = []
    session = retriever.with_history([])
    agent = FunctionAgent(tool_retriever=session, llm=function_calling_llm(offered, wanted="delete_file", force=True))
    result = await run(agent, "Run the test suite")
    assert "delete_file" not in offered[0]
    call = tool_results(result)[0]
    assert (
        call.tool_name == "delete_file" and call.tool_output.is_error and "not found" in str(call.tool_output.content)
    )


async def test_a_chinese_follow_up_keeps_its_tool(retriever: ToolFilterRetriever) -> None:
    memory = ChatMemoryBuffer.from_defaults(llm=MockFunctionCallingLLM())
    offered: list[list[str]] = []
    llm = function_calling_llm(offered, wanted="db_export_csv")
    agent = FunctionAgent(tool_retriever=retriever.with_memory(memory), llm=llm)
    first = await run(agent, "把 orders 表导出成 CSV", memory=memory)
    assert first.tool_calls[0].tool_name == "db_export_csv"
    offered.clear()
    follow_up = await run(agent, "换成 users 表", memory=memory)  # "the users table instead"
    assert "db_export_csv" in offered[0]  # used in the last turn: kept (sticky)
    assert follow_up.tool_calls[0].tool_name == "db_export_csv"
    assert not tool_results(follow_up)[0].tool_output.is_error


CHILD = textwrap.dedent(
    """
    import json
    import sys

    sys.path.insert(0, sys.argv[2])
    import test_llamaindex_toolkit as kit
    from llamaindex_toolfilter import ToolFilterRetriever
    from toolfilter_core import get_embedder


    class Counting:
        def __init__(self, inner):
            self.inner, self.calls, self.texts, self.documents = inner, 0, 0, 0

        @property
        def id(self):
            return self.inner.id

        def embed_queries(self, texts):
            self.calls, self.texts = self.calls + 1, self.texts + len(texts)
            return self.inner.embed_queries(texts)

        def embed_documents(self, texts):
            self.calls, self.texts = self.calls + 1, self.texts + len(texts)
            self.documents += len(texts)
            return self.inner.embed_documents(texts)


    model = get_embedder("default")
    rows = kit.kit_rows()
    # the recommended preset: no tool text is embedded again
    embedder = Counting(model)
    tools = [kit.kit_tool(r) for r in rows]
    ToolFilterRetriever.from_tools(tools, kit.kit_metadata(rows), embedder=embedder, store=sys.argv[1])
    documents_with_profile = embedder.documents
    # without the profile's abstain phrases (embedded at every build, not stored): nothing at all
    embedder = Counting(model)
    retriever = ToolFilterRetriever.from_tools(
        tools, kit.kit_metadata(rows), embedder=embedder, store=sys.argv[1], abstain_phrases=()
    )
    calls_on_open = embedder.calls
    found = [t.metadata.name for t in retriever.retrieve("帮我约个会，明天下午三点")]
    print(json.dumps({
        "documents_with_profile": documents_with_profile,
        "calls_on_open": calls_on_open,
        "found": found,
        "texts": embedder.texts,
        "documents": embedder.documents,
    }))
    """
)


def test_another_process_reopens_the_store_without_embedding(
    retriever: ToolFilterRetriever, tools: list[BaseTool], store: Path
) -> None:
    same = ToolFilterRetriever.from_tools(
        tools, kit_metadata(kit_rows()), embedder=retriever.tool_filter.embedder, store=store, abstain_phrases=()
    )
    expected = [t.metadata.name for t in same.retrieve("帮我约个会，明天下午三点")]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "HF_HUB_OFFLINE": "1",
    }
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(store), str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["documents_with_profile"] == 0
    assert report["calls_on_open"] == 0
    asks = split_clauses("帮我约个会，明天下午三点")
    assert report["documents"] == 0
    assert report["texts"] <= 1 + len(asks)  # the one request and its asks, no tool text
    assert report["found"] == expected


class _CountingDocuments:
    """Wraps an embedder and counts the tool texts it embeds."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.documents = 0

    @property
    def id(self) -> str:
        return str(self.inner.id)

    def embed_queries(self, texts: Sequence[str]) -> Any:
        return self.inner.embed_queries(texts)

    def embed_documents(self, texts: Sequence[str]) -> Any:
        self.documents += len(texts)
        return self.inner.embed_documents(texts)


def test_agents_share_one_registry_on_a_chroma_server(
    retriever: ToolFilterRetriever, tools: list[BaseTool], chroma_server: Any
) -> None:
    # one process indexes the kit on the server ...
    indexer = _CountingDocuments(retriever.tool_filter.embedder)
    ToolFilterRetriever.from_tools(tools, kit_metadata(kit_rows()), embedder=indexer, client=chroma_server.client())
    assert indexer.documents > 48
    # ... another serves it as it is, with its own client, embedding no tool text
    reader = _CountingDocuments(retriever.tool_filter.embedder)
    served = ToolFilterRetriever.from_store(tools, client=chroma_server.client(), embedder=reader)
    assert reader.documents == 0
    assert len(served.tool_filter.tools) == 48
    assert [t.metadata.name for t in served.retrieve("Run the test suite")][:1] == ["run_tests"]
