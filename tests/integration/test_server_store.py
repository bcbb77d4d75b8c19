"""Every store-taking API against a real `chroma run` server, and names that look like Chroma
filters round-tripping through real Chroma (server and directory)."""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, StoreError, ToolFilter, ToolSpec, load_bundled_tools
from toolfilter_core.index.chroma import ChromaRecords, connect

pytestmark = pytest.mark.integration

HOSTILE_NAMES = [
    '{"$ne": ""}',
    "$or",
    "$and",
    "$in",
    "$contains",
    '{"$or": [{"tool": {"$ne": ""}}, {"kind": "doc"}]}',
    "name'; DROP TABLE embeddings; --",
    'quote"double',
    "back\\slash",
    "工具_查询",
    "emoji_🔧",
    "*",
    "%",
]


def hostile_tools():
    tools = [
        ToolSpec(name, f"A tool whose name is {name!r}", category="$where", tags=("$ne", "$in"))
        for name in HOSTILE_NAMES
    ]
    tools.append(ToolSpec("plain_tool", "An ordinary tool", category="plain"))
    return tools


def test_tool_filter_on_a_server_by_config_and_by_injected_client(chroma_server):
    config = {"enabled": True, "store": {"host": chroma_server.host, "port": chroma_server.port}}
    by_config = ToolFilter(load_bundled_tools(), config=config, embedder=HashingEmbedder())
    assert "server 127.0.0.1" in by_config.index.store.describe()
    by_client = ToolFilter(client=chroma_server.client(), config={"enabled": True}, embedder=HashingEmbedder())
    assert by_client.last_report.texts_embedded == 0
    assert by_client.select("run the tests").names == by_config.select("run the tests").names
    opened = ToolFilter.open(
        client=connect(host=chroma_server.host, port=chroma_server.port), embedder=HashingEmbedder()
    )
    assert len(opened.tools) == 48


def test_collections_on_one_server_are_separate_registries(chroma_server):
    kit = load_bundled_tools()
    a = ToolFilter(kit[:10], client=chroma_server.client(), collection="team-a", embedder=HashingEmbedder())
    b = ToolFilter(kit[10:15], client=chroma_server.client(), collection="team-b", embedder=HashingEmbedder())
    assert (len(a.tools), len(b.tools)) == (10, 5)
    assert not {t.name for t in a.tools} & {t.name for t in b.tools}


def test_langchain_selector_on_a_server(chroma_server):
    from langchain_core.tools import tool

    from langchain_toolfilter import ToolFilterSelector

    @tool
    def send_mail(to: str, body: str) -> str:
        """Send an email to someone."""
        return "sent"

    @tool
    def disk_usage(path: str) -> str:
        """Report how full a disk is."""
        return "42%"

    built = ToolFilterSelector.from_tools(
        [send_mail, disk_usage], client=chroma_server.client(), embedder=HashingEmbedder(), enabled=True
    )
    assert [t.name for t in built.invoke("send an email to bob")][:1] == ["send_mail"]
    reopened = ToolFilterSelector.from_store(
        [send_mail, disk_usage], client=chroma_server.client(), embedder=HashingEmbedder(), enabled=True
    )
    assert [t.name for t in reopened.invoke("how full is the disk")][:1] == ["disk_usage"]


def test_llamaindex_retriever_on_a_server(chroma_server):
    from llama_index.core.tools import FunctionTool

    from llamaindex_toolfilter import ToolFilterRetriever

    def send_mail(to: str, body: str) -> str:
        """Send an email to someone."""
        return "sent"

    def disk_usage(path: str) -> str:
        """Report how full a disk is."""
        return "42%"

    tools = [FunctionTool.from_defaults(fn=send_mail), FunctionTool.from_defaults(fn=disk_usage)]
    built = ToolFilterRetriever.from_tools(tools, client=chroma_server.client(), embedder=HashingEmbedder())
    assert built.retrieve("send an email to bob")[0].metadata.name == "send_mail"
    reopened = ToolFilterRetriever.from_store(tools, client=chroma_server.client(), embedder=HashingEmbedder())
    assert reopened.retrieve("how full is the disk")[0].metadata.name == "disk_usage"


class Recording:
    """Wraps a chromadb client (and the collections it hands out); logs every call's keywords."""

    def __init__(self, inner, log):
        self.inner = inner
        self.log = log

    def __getattr__(self, name):
        attr = getattr(self.inner, name)
        if not callable(attr):
            return attr

        def call(*args, **kwargs):
            self.log.append((name, kwargs))
            out = attr(*args, **kwargs)
            return Recording(out, self.log) if name.endswith("collection") else out

        return call


@pytest.mark.parametrize("where", ["server", "directory"])
@pytest.mark.filterwarnings("ignore::toolfilter_core.ToolSpecWarning")  # the names are hostile on purpose
def test_filter_like_names_round_trip_and_select_only_themselves(where, chroma_server, tmp_path):
    tools = hostile_tools()
    if where == "server":
        client = chroma_server.client()
    else:
        client = connect(path=tmp_path / "store")
    tf = ToolFilter(tools, client=client, embedder=HashingEmbedder(), config={"enabled": True})
    # names and metadata are stored as values; ids are hashes; no where-filter is ever sent
    log = []
    store = tf.index.store
    store._client = Recording(store._client, log)
    store._collection = Recording(store._collection, log)
    tf.set_tools([*tools, ToolSpec('{"$exists": true}', "One more")])
    tf.set_tools(tools)
    assert {"upsert", "get", "delete", "modify"} <= {name for name, _ in log}
    assert all("where" not in kw and "where_document" not in kw for _, kw in log)
    reopened = ToolFilter.open(client=client, embedder=HashingEmbedder(), config={"enabled": True})
    assert sorted(t.to_dict()["name"] for t in reopened.tools) == sorted(t.name for t in tools)
    assert {t.name: t for t in reopened.tools} == {t.name: t for t in tools}
    for tool in tools:
        assert reopened.select(tool.name).names == [tool.name], tool.name
    # a name that is a filter matches nothing else, however it is read
    records = reopened.index.store.read(embeddings=False)
    ids = [r.id for r in records]
    assert len(ids) == len(set(ids)) and all(":" in i and "$" not in i for i in ids)


def test_a_server_that_is_not_there_is_named(chroma_server):
    port = chroma_server.port
    chroma_server.stop()
    with pytest.raises(StoreError, match=rf"127\.0\.0\.1:{port}"):
        ToolFilter(
            load_bundled_tools(), config={"store": {"host": "127.0.0.1", "port": port}}, embedder=HashingEmbedder()
        )


def test_chroma_records_describe_names_the_server(chroma_server):
    records = ChromaRecords(chroma_server.client(), "described")
    assert records.describe() == f"chroma collection 'described' (server 127.0.0.1:{chroma_server.port})"
