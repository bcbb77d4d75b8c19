"""McpRegistry: servers' tools as one registry; names, domains, annotations, re-indexing."""

from __future__ import annotations

import logging
import subprocess
import sys
from types import SimpleNamespace

import pytest

from toolfilter_core import HashingEmbedder, McpRegistry, Policy, ToolFilter, ToolSpecError
from toolfilter_core._mcp import McpOrigin

WEATHER = [
    {
        "name": "get_forecast",
        "description": "Weather forecast for a city",
        "inputSchema": {"type": "object"},
        "annotations": {"readOnlyHint": True},
    },
    {
        "name": "search",
        "description": "Search weather stations",
        "inputSchema": {"type": "object"},
        "annotations": {"readOnlyHint": True},
    },
]
FILES = [
    {"name": "delete_file", "description": "Delete a file", "inputSchema": {"type": "object"}},
    {
        "name": "search",
        "description": "Search files by name",
        "inputSchema": {"type": "object"},
        "annotations": {"readOnlyHint": True},
    },
]


def registry(**kwargs) -> McpRegistry:
    return McpRegistry(ToolFilter(embedder=HashingEmbedder(), config={"top_k": 3}), **kwargs)


def test_same_name_on_two_servers_stays_two_tools_with_the_server_as_domain() -> None:
    reg = registry()
    reg.set_server("weather", WEATHER)
    reg.set_server("files", FILES)
    assert reg.names == ["weather__get_forecast", "weather__search", "files__delete_file", "files__search"]
    assert reg.origin("files__search") == McpOrigin("files", "search")
    specs = {t.name: t for t in reg.tool_filter.tools}
    assert specs["weather__search"].category == "weather"
    assert specs["files__search"].annotations == {"readOnlyHint": True}
    with pytest.raises(KeyError, match="no MCP tool"):
        reg.origin("search")


def test_categories_override_and_none() -> None:
    reg = registry(categories={"weather": "meteo", "files": None})
    reg.set_server("weather", WEATHER)
    reg.set_server("files", FILES)
    assert {t.name: t.category for t in reg.tool_filter.tools}["weather__search"] == "meteo"
    assert {t.name: t.category for t in reg.tool_filter.tools}["files__search"] is None


def test_unqualified_names_refuse_a_clash_and_keep_the_registry() -> None:
    reg = registry(qualify=False)
    reg.set_server("weather", WEATHER)
    with pytest.raises(ToolSpecError, match="'weather' and 'files'"):
        reg.set_server("files", FILES)
    assert reg.servers == ("weather",)
    assert reg.names == ["get_forecast", "search"]


def test_annotations_feed_the_policy_with_mcp_defaults() -> None:
    reg = registry()
    reg.set_server("files", FILES)
    chosen = reg.tool_filter.select("delete the file or search files", policy=Policy(allow_destructive=False))
    assert "files__delete_file" not in chosen.names  # no annotations: may destroy


def test_only_changed_tools_are_embedded_and_a_gone_server_takes_its_tools() -> None:
    reg = registry()
    reg.set_server("weather", WEATHER)
    first = reg.set_server("files", FILES)
    assert first.added == 2
    changed = [FILES[0], {**FILES[1], "description": "Search files by name or content"}]
    report = reg.set_server("files", changed)
    assert (report.updated, report.unchanged, report.added) == (1, 3, 0)
    gone = reg.remove_server("weather")
    assert gone.removed == 2 and reg.names == ["files__delete_file", "files__search"]


def test_a_server_down_warns_and_the_others_serve(caplog: pytest.LogCaptureFixture) -> None:
    reg = registry()
    reg.set_server("weather", WEATHER)
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        reg.server_down("files", ConnectionError("refused"))
    assert "'files' is unavailable" in caplog.text
    assert reg.down == {"files": "ConnectionError: refused"}
    assert reg.names == ["weather__get_forecast", "weather__search"]


def test_bad_server_name_and_unpaired_objects() -> None:
    reg = registry()
    with pytest.raises(ToolSpecError, match="server name"):
        reg.set_server("my server", WEATHER)
    with pytest.raises(ToolSpecError, match="2 tools but 1 objects"):
        reg.set_server("weather", WEATHER, objects=["one"])


class FakeSession:
    def __init__(self, pages: list[list[dict]], fail: bool = False) -> None:
        self.pages, self.fail = pages, fail

    async def list_tools(self, params=None):
        if self.fail:
            raise ConnectionError("server gone")
        page = 0 if params is None else int(params.cursor)
        more = str(page + 1) if page + 1 < len(self.pages) else None
        return SimpleNamespace(tools=self.pages[page], next_cursor=more)


async def test_refresh_lists_pages_marks_failures_and_notices_list_changed() -> None:
    reg = registry()
    sessions = {"weather": FakeSession([WEATHER[:1], WEATHER[1:]]), "files": FakeSession([FILES], fail=True)}
    await reg.refresh(sessions, make_object=lambda server, name, tool: f"obj:{name}")
    assert reg.names == ["weather__get_forecast", "weather__search"]
    assert reg.objects(["weather__search"]) == ["obj:weather__search"]
    assert "files" in reg.down
    handler = reg.message_handler("weather")
    await handler(SimpleNamespace(method="notifications/tools/list_changed"))
    assert reg.changed == {"weather"}
    report = await reg.refresh({"weather": FakeSession([WEATHER])}, only_changed=True)
    assert report.unchanged == 2 and report.texts_embedded == 0 and reg.changed == frozenset()


def test_importing_the_core_does_not_import_mcp() -> None:
    code = "import sys, toolfilter_core; print('mcp' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
