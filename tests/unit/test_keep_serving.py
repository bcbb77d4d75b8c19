"""One server never takes the rest down, and nothing learned is lost.

6. a server listing a duplicate or a 300-character name, one that never answers, and one
   whose schema the framework cannot wrap are marked down (a warning naming it); the others
   serve, on this refresh and every later one;
7. a server that dies during ``call_tool`` is a tool error for the model, not a crashed run;
9. a store-backed registry keeps a down server's learned examples (and refreshes while it is
   down); ``toolfilter index --rebuild`` keeps learned examples.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from langchain_core.tools import ToolException

from langchain_toolfilter import mcp_tool
from toolfilter_core import HashingEmbedder, McpRegistry, Status, ToolFilter, UsageMemory
from toolfilter_core._mcp import SEPARATOR
from toolfilter_core._policy import SEPARATOR as GATE_SEPARATOR
from toolfilter_core.cli import main

WEATHER = [
    {"name": "get_forecast", "description": "Weather forecast for a city", "inputSchema": {"type": "object"}},
    {"name": "search_stations", "description": "Search weather stations", "inputSchema": {"type": "object"}},
]
FILES = [
    {"name": "read_file", "description": "Read a text file from disk", "inputSchema": {"type": "object"}},
    {"name": "delete_file", "description": "Delete a file from disk", "inputSchema": {"type": "object"}},
    {"name": "list_dir", "description": "List the files of a directory", "inputSchema": {"type": "object"}},
]


class Session:
    def __init__(self, tools: list[dict[str, Any]], *, hang: bool = False) -> None:
        self.tools, self.hang = tools, hang

    async def list_tools(self, params: Any = None) -> Any:
        if self.hang:
            await asyncio.sleep(3600)
        return SimpleNamespace(tools=self.tools, next_cursor=None)


def _registry(**options: Any) -> McpRegistry:
    options.setdefault("embedder", HashingEmbedder())
    return McpRegistry(ToolFilter(config={"top_k": 3}, **options))


def test_the_name_separators_agree() -> None:
    assert GATE_SEPARATOR == SEPARATOR


@pytest.mark.parametrize(
    "bad",
    [
        pytest.param(Session([*FILES, FILES[0]]), id="a duplicate name"),
        pytest.param(Session([{"name": "x" * 300, "description": "long", "inputSchema": {}}]), id="a 300-char name"),
        pytest.param(Session(FILES, hang=True), id="never answers"),
    ],
)
async def test_one_bad_server_is_marked_down_and_the_others_serve(
    bad: Session, caplog: pytest.LogCaptureFixture
) -> None:
    reg = _registry()
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        for _ in range(2):  # and on every later refresh
            await reg.refresh({"weather": Session(WEATHER), "files": bad}, timeout=0.2)
            assert set(reg.down) == {"files"} and reg.servers == ("weather",)
            assert reg.names == ["weather__get_forecast", "weather__search_stations"]
    assert "'files' is unavailable" in caplog.text


async def test_a_tool_the_framework_cannot_wrap_takes_only_its_server_down() -> None:
    def make(server: str, name: str, tool: Any) -> Any:
        if server == "files":
            raise RecursionError("a recursive $ref")
        return name

    reg = _registry()
    await reg.refresh({"weather": Session(WEATHER), "files": Session(FILES)}, make_object=make)
    assert set(reg.down) == {"files"} and reg.servers == ("weather",)


async def test_llamaindex_load_mcp_tools_survives_a_schema_it_cannot_model() -> None:
    import llamaindex_toolfilter

    odd = [{"name": "odd", "description": "odd schema", "inputSchema": {"type": "object", "properties": {"__x": {}}}}]
    reg = _registry()
    tools, _ = await llamaindex_toolfilter.load_mcp_tools(reg, {"weather": Session(WEATHER), "odd": Session(odd)})
    assert [t.metadata.name for t in tools] == ["weather__get_forecast", "weather__search_stations"]
    assert set(reg.down) == {"odd"}


async def test_a_server_that_dies_during_a_call_is_a_tool_error_for_the_model() -> None:
    class Dead:
        async def call_tool(self, name: str, arguments: dict[str, Any]) -> Any:
            raise ConnectionError("Connection closed")

    tool = mcp_tool(Dead(), FILES[0], "files__read_file")
    answer = await tool.ainvoke({"type": "tool_call", "name": "files__read_file", "args": {}, "id": "c1"})
    assert answer.status == "error" and "Connection closed" in answer.content
    with pytest.raises(ToolException):  # called without a tool call: the exception itself
        await tool.coroutine()  # type: ignore[misc]


async def test_an_outage_deletes_no_learned_example_and_does_not_trip_the_shrink_guard(tmp_path: Path) -> None:
    reg = _registry(store=tmp_path / "store")
    await reg.refresh({"weather": Session(WEATHER), "files": Session(FILES)})
    reg.tool_filter.record("wipe old.log", "files__delete_file")
    # files holds 3 of the 5 tools (over half): its outage must not make refresh raise
    for _ in range(2):
        await reg.refresh({"weather": Session(WEATHER), "files": None})
        assert reg.names == ["weather__get_forecast", "weather__search_stations"]
    assert UsageMemory(reg.tool_filter.index).examples() == {"files__delete_file": ["wipe old.log"]}
    await reg.refresh({"weather": Session(WEATHER), "files": Session(FILES)})  # it comes back
    assert "files__delete_file" in reg.tool_filter.select("wipe old.log").names
    assert reg.tool_filter.index.tools[0].name  # served whole


def test_index_rebuild_keeps_learned_examples(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from toolfilter_core._tool_defs import bundled_tools_path

    store, tools = tmp_path / "store", str(bundled_tools_path())
    flags = ["--store", str(store), "--embedder", "hashing", "--no-progress"]
    assert main(["index", tools, *flags]) == 0
    tf = ToolFilter.open(store=store, embedder=HashingEmbedder())
    for query in ("run my unit tests", "check the tests pass", "pytest please", "test suite", "go test"):
        tf.record(query, "run_tests")
    del tf
    assert main(["index", tools, *flags, "--rebuild"]) == 0
    assert "dropped chroma collection" in capsys.readouterr().out
    examples = UsageMemory(ToolFilter.open(store=store, embedder=HashingEmbedder()).index).examples()
    assert len(examples["run_tests"]) == 5


def test_a_selection_racing_a_refresh_never_names_a_removed_tool() -> None:
    specs = [{"name": n, "description": d} for n, d in (("delete_file", "Delete a file"), ("read_file", "Read a file"))]

    class Racing(HashingEmbedder):
        tf: ToolFilter | None = None

        def embed_queries(self, texts: list[str]) -> Any:
            racing, self.tf = self.tf, None
            if racing is not None:  # the refresh lands while the selection embeds its request
                racing.set_tools(specs[1:])
            return super().embed_queries(texts)

    embedder = Racing()
    tf = ToolFilter(specs, config={"abstain_phrases": []}, embedder=embedder)
    embedder.tf = tf
    selection = tf.select("delete the file old.log")
    assert "delete_file" not in selection.names
    assert any("removed from the registry while selecting: delete_file" in n for n in selection.notes)
    assert selection.status is not Status.FAILED  # it read a half-swapped index before
