"""Tools and vectors persist in the Chroma store: a later build, or process, embeds nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from llama_index.core.tools import BaseTool, FunctionTool

from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import HashingEmbedder, StoreError

ROOT = Path(__file__).resolve().parents[2]

# The tools, as source: the subprocess test runs the very same definitions. (The future
# import keeps the signature LlamaIndex writes into each description the same in both:
# exec() inherits this module's ``annotations`` future, ``python -c`` does not.)
TOOLS_SOURCE = '''from __future__ import annotations

from llama_index.core.tools import FunctionTool


def get_weather(city: str, days: int = 1) -> str:
    """Get the weather forecast for a city."""
    return f"sunny in {city}"


def send_email(to: str, subject: str, body: str = "") -> str:
    """Send an email message to a recipient."""
    return "sent"


def read_file(path: str) -> str:
    """Read the contents of a text file."""
    return path


METADATA = {
    "get_weather": {"category": "weather", "tags": ["forecast"], "triggers": ["明天会下雨吗", "is it going to rain"]},
    "send_email": {"category": "mail", "triggers": ["给他发封邮件", "email my boss"]},
    "read_file": {"category": "file", "triggers": ["打开这个文件看看"]},
}


def make_tools():
    return [FunctionTool.from_defaults(fn) for fn in (get_weather, send_email, read_file)]
'''

_namespace: dict[str, Any] = {}
exec(TOOLS_SOURCE, _namespace)  # noqa: S102 - our own constant source, shared with the child process
METADATA: dict[str, dict[str, Any]] = _namespace["METADATA"]


def make_tools() -> list[BaseTool]:
    tools: list[BaseTool] = _namespace["make_tools"]()
    return tools


# The recommended preset embeds its ``abstain_phrases`` (no-tool examples) whenever a
# ToolFilter is built; they are not kept in the store. Without them nothing at all is
# embedded on reopening; with them, no tool text is.
NO_ABSTAIN: dict[str, Any] = {"abstain_phrases": ()}


class CountingEmbedder(HashingEmbedder):
    """HashingEmbedder that also counts tool texts (documents) apart from requests."""

    def __init__(self) -> None:
        super().__init__()
        self.documents = 0

    def embed_documents(self, texts: Any) -> Any:
        self.documents += len(texts)
        return super().embed_documents(texts)


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "toolfilter-store"


@pytest.fixture
def built(store: Path) -> CountingEmbedder:
    """Index the tools once into ``store``; returns the embedder that did it."""
    embedder = CountingEmbedder()
    ToolFilterRetriever.from_tools(make_tools(), METADATA, embedder=embedder, store=store)
    assert embedder.documents >= 8  # 3 descriptions + 5 triggers
    return embedder


def test_a_second_build_on_the_same_store_embeds_nothing(store: Path, built: CountingEmbedder) -> None:
    again = CountingEmbedder()
    tools = make_tools()
    retriever = ToolFilterRetriever.from_tools(tools, METADATA, embedder=again, store=store, **NO_ABSTAIN)
    assert (again.calls, again.texts_embedded) == (0, 0)  # every tool unchanged: vectors from the store
    assert retriever.retrieve("明天北京会下雨吗")[0] is tools[0]
    assert (again.calls, again.texts_embedded, again.documents) == (1, 1, 0)  # the request alone


def test_with_the_recommended_profile_no_tool_text_is_embedded_again(store: Path, built: CountingEmbedder) -> None:
    again = CountingEmbedder()
    ToolFilterRetriever.from_tools(make_tools(), METADATA, embedder=again, store=store)
    assert again.documents == 0


def test_with_the_recommended_profile_nothing_at_all_is_embedded_again(store: Path, built: CountingEmbedder) -> None:
    again = CountingEmbedder()
    ToolFilterRetriever.from_tools(make_tools(), METADATA, embedder=again, store=store)
    assert again.calls == 0


def test_a_changed_tool_is_re_embedded_alone(store: Path, built: CountingEmbedder) -> None:
    tools = make_tools()
    tools[2] = FunctionTool.from_defaults(tools[2].fn, description="Read a text file and return what it holds.")  # type: ignore[attr-defined]
    again = CountingEmbedder()
    retriever = ToolFilterRetriever.from_tools(tools, METADATA, embedder=again, store=store)
    assert 0 < again.documents < built.documents  # read_file's description and trigger only
    assert retriever.retrieve("read_file") == [tools[2]]


def test_from_store_reads_the_registry_from_the_store(store: Path, built: CountingEmbedder) -> None:
    again = CountingEmbedder()
    tools = make_tools()
    retriever = ToolFilterRetriever.from_store(tools, store=store, embedder=again, top_k=2, **NO_ABSTAIN)
    assert again.calls == 0
    assert retriever.config.top_k == 2
    categories = {t.name: t.category for t in retriever.tool_filter.tools}
    assert categories == {"get_weather": "weather", "send_email": "mail", "read_file": "file"}
    assert retriever.retrieve("给老板发封邮件")[0] is tools[1]


def test_from_store_needs_every_tool_in_the_store(store: Path, built: CountingEmbedder) -> None:
    extra = FunctionTool.from_defaults(lambda: "pong", name="ping", description="Ping.")
    with pytest.raises(ValueError, match=r"\['ping'\] are not in the tool index.*from_tools"):
        ToolFilterRetriever.from_store([*make_tools(), extra], store=store, embedder=HashingEmbedder())


def test_from_store_on_an_empty_store_is_an_error(store: Path) -> None:
    store.mkdir()  # an empty directory; a missing one is refused as missing (test_faults)
    with pytest.raises(StoreError, match="holds no tools"):
        ToolFilterRetriever.from_store(make_tools(), store=store, embedder=HashingEmbedder())


CHILD = TOOLS_SOURCE + textwrap.dedent(
    """
    import json
    import sys

    from llamaindex_toolfilter import ToolFilterRetriever
    from toolfilter_core import HashingEmbedder


    class Counting(HashingEmbedder):
        documents = 0

        def embed_documents(self, texts):
            self.documents += len(texts)
            return super().embed_documents(texts)


    # the recommended preset: no tool text is embedded
    embedder = Counting()
    ToolFilterRetriever.from_tools(make_tools(), METADATA, embedder=embedder, store=sys.argv[1])
    documents_with_profile = embedder.documents
    # without abstain phrases: nothing at all is embedded
    embedder = Counting()
    tools = make_tools()
    retriever = ToolFilterRetriever.from_tools(
        tools, METADATA, embedder=embedder, store=sys.argv[1], abstain_phrases=()
    )
    calls_on_open = embedder.calls
    nodes = retriever.retriever.retrieve("明天北京会下雨吗")
    print(json.dumps({
        "documents_with_profile": documents_with_profile,
        "calls_on_open": calls_on_open,
        "texts_after_query": embedder.texts_embedded,
        "found": [t.metadata.name for t in retriever.retrieve("email my boss")],
        "ids": [n.node.node_id for n in nodes],
    }))
    """
)


def test_another_process_embeds_nothing(store: Path, built: CountingEmbedder) -> None:
    here = ToolFilterRetriever.from_tools(make_tools(), METADATA, embedder=HashingEmbedder(), store=store, **NO_ABSTAIN)
    ids_here = [n.node.node_id for n in here.retriever.retrieve("明天北京会下雨吗")]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "PYTHONHASHSEED": "12345",  # another hash() seed: node ids must not depend on it
        "HF_HUB_OFFLINE": "1",
    }
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(store)], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["documents_with_profile"] == 0
    assert report["calls_on_open"] == 0
    assert report["texts_after_query"] <= 2  # at most the two requests: no tool text
    assert report["found"][0] == "send_email"
    assert report["ids"] == ids_here and report["ids"][0].startswith("toolfilter-")
