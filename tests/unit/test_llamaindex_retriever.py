"""ToolFilterRetriever on LlamaIndex tools: conversion, retrieval, exact names, errors, events.

Offline and deterministic: the core's HashingEmbedder and an in-memory store.
"""

from __future__ import annotations

import dataclasses
import os
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from llama_index.core.base.response.schema import Response
from llama_index.core.instrumentation import Dispatcher, get_dispatcher  # type: ignore[attr-defined]
from llama_index.core.instrumentation.event_handlers import NullEventHandler
from llama_index.core.objects import ObjectRetriever
from llama_index.core.postprocessor import SimilarityPostprocessor
from llama_index.core.query_engine import CustomQueryEngine
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode
from llama_index.core.tools import BaseTool, FunctionTool, QueryEngineTool, ToolMetadata, ToolOutput
from pydantic import BaseModel

from llamaindex_toolfilter import ToolFilterRetriever, ToolSelectionEvent, _nodes, tool_to_spec
from toolfilter_core import (
    ConfigError,
    HashingEmbedder,
    SelectionError,
    ToolFilter,
    ToolFilterConfig,
    ToolSpecError,
)

from .llamaindex_kit import (
    METADATA,
    _Collector,
    collect_selection_events,
    get_weather,
    make_tools,
    read_file,
)

# --- the tools ---------------------------------------------------------------------------


@pytest.fixture
def tools() -> list[BaseTool]:
    return make_tools()


@pytest.fixture
def embedder() -> HashingEmbedder:
    return HashingEmbedder()


@pytest.fixture
def retriever(tools: list[BaseTool], embedder: HashingEmbedder) -> ToolFilterRetriever:
    return ToolFilterRetriever.from_tools(tools, METADATA, embedder=embedder)


@pytest.fixture
def selection_events() -> Iterator[list[ToolSelectionEvent]]:
    """Every ToolSelectionEvent dispatched during the test, via a real root event handler."""
    with collect_selection_events() as events:
        yield events


def names(tools: list[Any]) -> list[str]:
    return [t.metadata.name for t in tools]


# --- conversion --------------------------------------------------------------------------


def test_function_tool_becomes_a_spec_with_its_schema() -> None:
    spec = tool_to_spec(FunctionTool.from_defaults(get_weather), METADATA["get_weather"])
    assert spec.name == "get_weather"
    assert "Get the weather forecast for a city." in spec.description
    assert spec.parameter_names == ("city", "days")
    assert spec.parameters["required"] == ["city"]
    assert spec.category == "weather"
    assert spec.tags == ("forecast",)
    assert spec.triggers == ("明天会下雨吗", "is it going to rain")


class _EchoEngine(CustomQueryEngine):
    def custom_query(self, query_str: str) -> Response:
        return Response(response=f"echo {query_str}")


class _Shout(BaseTool):
    """A hand-written BaseTool without an fn_schema."""

    @property
    def metadata(self) -> ToolMetadata:
        return ToolMetadata(name="shout", description="Repeat the input loudly.", fn_schema=None)

    def __call__(self, input: str) -> ToolOutput:  # noqa: A002 - LlamaIndex's default argument name
        return ToolOutput(content=input.upper(), tool_name="shout", raw_input={"input": input}, raw_output=input)


class _Args(BaseModel):
    title: str
    limit: int = 3


@pytest.mark.parametrize(
    ("tool", "name", "parameters"),
    [
        pytest.param(
            QueryEngineTool.from_defaults(
                _EchoEngine(), name="docs_qa", description="Answer questions about the docs."
            ),
            "docs_qa",
            ("input",),
            id="query-engine-tool",
        ),
        # fn_schema=None: LlamaIndex's default schema, one string called "input"
        pytest.param(_Shout(), "shout", ("input",), id="base-tool-no-schema"),
        pytest.param(
            FunctionTool.from_defaults(
                lambda **kw: "ok", name="search_notes", description="Search notes.", fn_schema=_Args
            ),
            "search_notes",
            ("title", "limit"),
            id="explicit-fn-schema",
        ),
    ],
)
def test_any_base_tool_converts(tool: BaseTool, name: str, parameters: tuple[str, ...]) -> None:
    spec = tool_to_spec(tool)
    assert (spec.name, spec.parameter_names) == (name, parameters)
    retriever = ToolFilterRetriever.from_tools([tool], embedder=HashingEmbedder())
    assert retriever.retrieve(name) == [tool]


@pytest.mark.parametrize(
    ("metadata", "match"),
    [
        pytest.param(
            {"no_such_tool": {"category": "x"}}, r"metadata: no tool is named \['no_such_tool'\]", id="unknown-tool"
        ),
        pytest.param({"get_weather": {"colour": "blue"}}, r"unknown keys \['colour'\]", id="unknown-key"),
        pytest.param(
            {"get_weather": {"tags": [1, 2]}},
            r"metadata\['get_weather'\]: tags must be a string or a list",
            id="bad-tags",
        ),
        pytest.param(
            {"get_weather": {"category": 7}}, r"metadata\['get_weather'\]: category must be a string", id="bad-category"
        ),
        pytest.param({"get_weather": "weather"}, r"metadata\['get_weather'\]: expected a mapping", id="not-a-mapping"),
    ],
)
def test_bad_metadata_is_refused(tools: list[BaseTool], metadata: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        ToolFilterRetriever.from_tools(tools, metadata, embedder=HashingEmbedder())


def test_a_single_tag_or_trigger_string_is_accepted() -> None:
    spec = tool_to_spec(FunctionTool.from_defaults(read_file), {"tags": "fs", "triggers": "open it"})
    assert (spec.tags, spec.triggers) == (("fs",), ("open it",))


def test_duplicate_tool_names_are_refused() -> None:
    twice = [FunctionTool.from_defaults(read_file), FunctionTool.from_defaults(read_file)]
    with pytest.raises(ValueError, match=r"two tools are named 'read_file'"):
        ToolFilterRetriever.from_tools(twice, embedder=HashingEmbedder())


def test_a_non_tool_is_refused() -> None:
    with pytest.raises(ValueError, match=r"expected LlamaIndex tools .* got function"):
        ToolFilterRetriever.from_tools([read_file], embedder=HashingEmbedder())  # type: ignore[list-item]


def test_the_core_validates_the_definition() -> None:
    too_long = FunctionTool.from_defaults(read_file, description="x" * 100_001)
    with pytest.raises(ToolSpecError, match="description"):
        tool_to_spec(too_long)


# --- the ObjectRetriever contract ----------------------------------------------------------


def test_is_a_real_object_retriever(retriever: ToolFilterRetriever) -> None:
    assert isinstance(retriever, ObjectRetriever)
    assert retriever.tool_filter.tools[0].name == "get_weather"
    assert len(retriever.tools) == 4
    assert repr(retriever) == f"ToolFilterRetriever(tools=4, top_k={retriever.config.top_k})"


@pytest.mark.parametrize(
    "query",
    [
        pytest.param("what is the weather forecast for Paris", id="str-en"),
        pytest.param(QueryBundle("what is the weather forecast for Paris"), id="bundle-en"),
        pytest.param("明天北京会下雨吗", id="str-zh"),
    ],
)
async def test_retrieve_and_aretrieve_return_the_users_own_tools(
    retriever: ToolFilterRetriever, tools: list[BaseTool], query: str | QueryBundle
) -> None:
    found = retriever.retrieve(query)
    assert found and found[0] is tools[0]  # the very object given, not a copy
    assert await retriever.aretrieve(query) == found


def test_nodes_carry_name_stable_id_and_the_combined_score(retriever: ToolFilterRetriever) -> None:
    selection = retriever.select("send an email to my boss")
    nodes = retriever.retriever.retrieve("send an email to my boss")
    assert [n.node.metadata["name"] for n in nodes] == selection.names
    top = nodes[0]
    assert top.node.metadata["name"] == "send_email"
    assert top.score == pytest.approx(selection.selected[0].score)
    assert top.node.metadata["signals"] == dict(selection.selected[0].breakdown.signals)
    spec = selection.selected[0].tool
    # id derived from the tool's content (sha256 of its indexed fields), not hash()
    assert top.node.node_id == f"toolfilter-{spec.content_hash()}"
    assert retriever.object_node_mapping.to_node(retriever.tools[1]).node_id == top.node.node_id


def test_node_ids_follow_content() -> None:
    first = ToolFilterRetriever.from_tools(make_tools(), METADATA, embedder=HashingEmbedder())
    again = ToolFilterRetriever.from_tools(make_tools(), METADATA, embedder=HashingEmbedder())
    ids = [first.object_node_mapping.to_node(t).node_id for t in first.tools]
    assert ids == [again.object_node_mapping.to_node(t).node_id for t in again.tools]
    assert len(set(ids)) == 4
    changed = tool_to_spec(FunctionTool.from_defaults(read_file, description="Read a file, any file."))
    assert f"toolfilter-{changed.content_hash()}" not in ids


def test_node_ids_are_computed_once_per_tool(retriever: ToolFilterRetriever, monkeypatch: pytest.MonkeyPatch) -> None:
    hashed: list[str] = []
    real = _nodes.node_id

    def counting(spec: Any) -> str:
        hashed.append(spec.name)
        return real(spec)

    monkeypatch.setattr(_nodes, "node_id", counting)
    query = "send an email to my boss"
    first = retriever.retriever.retrieve(query)
    again = retriever.retriever.retrieve(query)
    clone = retriever.with_history([]).retriever.retrieve(query)  # a bound clone shares the ids
    specs = {s.name: s for s in retriever.tool_filter.tools}
    expected = [f"toolfilter-{specs[n.node.metadata['name']].content_hash()}" for n in first]
    assert [n.node.node_id for n in first] == expected
    assert [n.node.node_id for n in again] == expected and [n.node.node_id for n in clone] == expected
    assert [n.node.get_content() for n in again] == [specs[n.node.metadata["name"]].document() for n in first]
    assert sorted(hashed) == sorted(n.node.metadata["name"] for n in first)  # once each


def test_a_changed_tool_under_the_same_name_gets_its_new_id(retriever: ToolFilterRetriever) -> None:
    query = "read the contents of a text file"
    [old_id] = [n.node.node_id for n in retriever.retriever.retrieve(query) if n.node.metadata["name"] == "read_file"]
    specs = list(retriever.tool_filter.tools)
    changed = [
        dataclasses.replace(s, description="Read the contents of a text file, any size.")
        if s.name == "read_file"
        else s
        for s in specs
    ]
    retriever.tool_filter.set_tools(changed)
    new = next(s for s in retriever.tool_filter.tools if s.name == "read_file")
    [new_id] = [n.node.node_id for n in retriever.retriever.retrieve(query) if n.node.metadata["name"] == "read_file"]
    assert new_id == f"toolfilter-{new.content_hash()}" != old_id


def test_the_node_id_cache_checks_the_spec_object() -> None:
    spec = tool_to_spec(FunctionTool.from_defaults(read_file), METADATA["read_file"])
    cache = _nodes.NodeIdCache()
    assert cache.id_and_text(spec) == (_nodes.node_id(spec), spec.document())
    equal_copy = dataclasses.replace(spec)
    assert cache.id_and_text(equal_copy) == cache.id_and_text(spec)  # same content, same id
    changed = dataclasses.replace(spec, triggers=("open it",))
    assert cache.id_and_text(changed) == (_nodes.node_id(changed), changed.document())
    assert cache.id_and_text(changed)[0] != cache.id_and_text(spec)[0]


def test_no_tool_fits_gives_an_empty_list(retriever: ToolFilterRetriever) -> None:
    # No token of this query occurs in any tool: every candidate scores 0, nothing is guessed.
    assert retriever.retrieve("zzqx vvbn") == []


def test_config_fields_and_config_object(tools: list[BaseTool]) -> None:
    # fallback_top_k: a low-confidence (widened) selection may hold this many
    one = ToolFilterRetriever.from_tools(tools, METADATA, embedder=HashingEmbedder(), top_k=1, fallback_top_k=1)
    assert one.config.top_k == 1
    assert len(one.retrieve("email the weather forecast file")) == 1
    base = ToolFilterConfig(enabled=True, top_k=2)
    laid = ToolFilterRetriever.from_tools(tools, config=base, embedder=HashingEmbedder(), block_tools=["read_file"])
    assert (laid.config.top_k, laid.config.block_tools) == (2, ("read_file",))
    found = names(laid.retrieve("read the contents of a text file"))
    assert "read_file" not in found and len(found) <= 2


def test_an_unknown_config_field_is_refused(tools: list[BaseTool]) -> None:
    with pytest.raises(ConfigError, match="top_kk"):
        ToolFilterRetriever.from_tools(tools, embedder=HashingEmbedder(), top_kk=3)
    with pytest.raises(ConfigError, match="top_k"):
        ToolFilterRetriever.from_tools(tools, embedder=HashingEmbedder(), top_k=0)


def test_node_postprocessors_run_on_the_scores(tools: list[BaseTool]) -> None:
    strict = ToolFilterRetriever.from_tools(
        tools,
        METADATA,
        embedder=HashingEmbedder(),
        node_postprocessors=[SimilarityPostprocessor(similarity_cutoff=1.01)],
    )
    assert strict.retrieve("what is the weather forecast for Paris") == []


def test_a_filter_without_the_tools_is_refused(tools: list[BaseTool]) -> None:
    tool_filter = ToolFilter(tools_to_specs_subset(tools[:2]), embedder=HashingEmbedder())
    with pytest.raises(ValueError, match=r"\['convert_currency', 'read_file'\] are not in the tool index"):
        ToolFilterRetriever(tool_filter, tools)


def test_index_entries_without_objects_warn_and_are_never_returned(tools: list[BaseTool]) -> None:
    tool_filter = ToolFilter(tools_to_specs_subset(tools), embedder=HashingEmbedder())
    with pytest.warns(UserWarning, match=r"no tool object: \['convert_currency'\]"):
        partial = ToolFilterRetriever(tool_filter, tools[:3])
    assert partial.retrieve("convert_currency") == []


def tools_to_specs_subset(tools: list[BaseTool]) -> list[Any]:
    return [tool_to_spec(t, METADATA.get(t.metadata.get_name())) for t in tools]


# --- exact names: the agent's look-up before it runs a tool ------------------------------


@pytest.mark.parametrize("name", ["get_weather", "send_email", "read_file", "convert_currency"])
async def test_an_exact_name_returns_that_tool_whatever_the_thresholds(tools: list[BaseTool], name: str) -> None:
    # min_combined_score=1.0 without widening: no scored candidate can pass (combined < 1 for all)
    strict = ToolFilterRetriever.from_tools(
        tools, METADATA, embedder=HashingEmbedder(), min_combined_score=1.0, widen_when_empty=False
    )
    found = await strict.aretrieve(name)
    assert names(found) == [name]
    assert found[0] is next(t for t in tools if t.metadata.name == name)
    # once a request was offered nothing, a look-up by name is the agent's, and finds nothing
    assert strict.retrieve("send an email to my boss") == []
    assert await strict.aretrieve(name) == []


def test_a_blocked_tool_stays_blocked_even_by_name(tools: list[BaseTool]) -> None:
    guarded = ToolFilterRetriever.from_tools(tools, METADATA, embedder=HashingEmbedder(), block_tools=["send_email"])
    assert "send_email" not in names(guarded.retrieve("send_email"))
    assert names(guarded.with_history([]).retrieve("read_file")) == ["read_file"]  # a conversation of its own


def test_exact_names_cannot_be_turned_off(tools: list[BaseTool]) -> None:
    # agents look a tool up by its name before running it: no longer a setting (0.10)
    with pytest.raises(ConfigError, match="exact_name_match: got False .* no longer a setting"):
        ToolFilterRetriever.from_tools(tools, embedder=HashingEmbedder(), exact_name_match=False)


# --- fallback_to_empty --------------------------------------------------------------------


@pytest.mark.parametrize("fallback_to_empty", [True, False])
async def test_a_request_with_no_text_gives_no_tools_without_a_warning(
    tools: list[BaseTool], fallback_to_empty: bool, selection_events: list[ToolSelectionEvent]
) -> None:
    # The agents pass "" when the user message has no text (only an image): never an error.
    retriever = ToolFilterRetriever.from_tools(tools, embedder=HashingEmbedder(), fallback_to_empty=fallback_to_empty)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert retriever.retrieve("") == []
        assert await retriever.aretrieve("   ") == []
    assert [e.error for e in selection_events] == [None, None]
    assert [e.status for e in selection_events] == ["no_text", "no_text"]


class _BrokenEmbedder(HashingEmbedder):
    """Works while the retriever is built, then fails on every request."""

    broken = False

    def embed_queries(self, texts: Any) -> Any:
        if self.broken:
            raise RuntimeError("model crashed")
        return super().embed_queries(texts)


def broken_retriever(tools: list[BaseTool], **options: Any) -> ToolFilterRetriever:
    embedder = _BrokenEmbedder()
    retriever = ToolFilterRetriever.from_tools(tools, embedder=embedder, **options)
    embedder.broken = True
    return retriever


def test_an_embedder_failure_follows_fallback_to_empty(
    tools: list[BaseTool], selection_events: list[ToolSelectionEvent]
) -> None:
    quiet = broken_retriever(tools)
    assert quiet.retrieve("weather in Paris") == []
    assert selection_events[-1].status == "failed"
    loud = broken_retriever(tools, fallback_to_empty=False)
    with pytest.raises(SelectionError, match="model crashed"):
        loud.retrieve("weather in Paris")
    assert "SelectionError" in (selection_events[-1].error or "")


# --- instrumentation ----------------------------------------------------------------------


async def test_every_retrieve_dispatches_a_selection_event(
    retriever: ToolFilterRetriever, selection_events: list[ToolSelectionEvent]
) -> None:
    retriever.retrieve("what is the weather forecast for Paris")
    await retriever.aretrieve("send_email")
    retriever.retrieve("zzqx vvbn")
    assert [e.query for e in selection_events] == ["what is the weather forecast for Paris", "send_email", "zzqx vvbn"]
    weather, by_name, nothing = selection_events
    assert weather.selected[0] == "get_weather"
    assert weather.scores["get_weather"] == pytest.approx(retriever.select(weather.query).selected[0].score)
    assert set(weather.signals["get_weather"]) >= {"embed"}
    assert weather.fallback is retriever.select(weather.query).fallback and weather.error is None
    assert "get_weather" in weather.explanation
    assert weather.selection is not None and weather.selection["selected"][0]["name"] == "get_weather"
    assert by_name.selected == [] and by_name.status == "refused"  # the weather request was not offered it
    assert nothing.selected == [] and nothing.scores == {}
    assert weather.class_name() == "ToolSelectionEvent"
    assert weather.model_dump()["class_name"] == "ToolSelectionEvent"


@pytest.fixture
def silent(monkeypatch: pytest.MonkeyPatch) -> None:
    """No event handler on the retriever's dispatcher chain, only the root's NullEventHandler."""
    monkeypatch.setattr(get_dispatcher(), "event_handlers", [NullEventHandler()])
    monkeypatch.setattr(_nodes.dispatcher, "event_handlers", [])


@pytest.fixture
def built_events(monkeypatch: pytest.MonkeyPatch) -> list[ToolSelectionEvent]:
    """Every ToolSelectionEvent the retriever builds, sent or not."""
    built: list[ToolSelectionEvent] = []

    class Spy(ToolSelectionEvent):
        def __init__(self, **data: Any) -> None:
            super().__init__(**data)
            built.append(self)

    monkeypatch.setattr(_nodes, "ToolSelectionEvent", Spy)
    return built


@pytest.mark.usefixtures("silent")
async def test_with_no_event_handler_no_event_is_built(
    retriever: ToolFilterRetriever, tools: list[BaseTool], built_events: list[ToolSelectionEvent]
) -> None:
    assert retriever.retrieve("what is the weather forecast for Paris")[0] is tools[0]
    assert (await retriever.aretrieve("get_weather")) == [tools[0]]  # the agent's look-up of an offered tool
    assert retriever.last_selection is not None and retriever.last_selection.names == ["get_weather"]
    assert built_events == []


@pytest.mark.usefixtures("silent")
@pytest.mark.parametrize("where", ["root", "module"])
async def test_a_handler_anywhere_on_the_chain_gets_the_full_event(
    retriever: ToolFilterRetriever, built_events: list[ToolSelectionEvent], where: str
) -> None:
    collector = _Collector()
    dispatcher = get_dispatcher() if where == "root" else _nodes.dispatcher
    dispatcher.add_event_handler(collector)
    retriever.retrieve("what is the weather forecast for Paris")
    await retriever.aretrieve("get_weather")
    assert collector.events == built_events and len(built_events) == 2
    weather = built_events[0]
    assert weather.selected[0] == "get_weather" and "get_weather" in weather.explanation
    assert weather.selection == retriever.select(weather.query).to_dict()


def test_an_unexpected_dispatcher_counts_as_listening(monkeypatch: pytest.MonkeyPatch) -> None:
    silent = Dispatcher(name="silent", event_handlers=[NullEventHandler()], propagate=False)
    assert _nodes.has_event_handlers(silent) is False
    orphan = Dispatcher(name="orphan", propagate=True)  # no manager: its parent cannot be found
    assert _nodes.has_event_handlers(orphan) is True

    class Custom(Dispatcher):
        pass

    assert _nodes.has_event_handlers(Custom(name="custom", propagate=False)) is True
    monkeypatch.setattr(Dispatcher, "event", lambda self, event, **kwargs: None)
    assert _nodes.has_event_handlers(silent) is True


def test_last_selection_and_select(retriever: ToolFilterRetriever) -> None:
    assert retriever.last_selection is None
    retriever.retrieve("明天北京会下雨吗")
    assert retriever.last_selection is not None
    assert retriever.last_selection.names[0] == "get_weather"
    assert retriever.select("明天北京会下雨吗").names == retriever.last_selection.names


# --- conversation context through a QueryBundle -------------------------------------------


def test_custom_embedding_strs_are_earlier_turns(
    retriever: ToolFilterRetriever, selection_events: list[ToolSelectionEvent]
) -> None:
    bundle = QueryBundle(
        query_str="and for Berlin?",
        custom_embedding_strs=["what is the weather forecast for Paris", "and for Berlin?"],
    )
    retriever.retrieve(bundle)
    assert selection_events[-1].context == ["what is the weather forecast for Paris"]

    def embed_signal(query: str | QueryBundle) -> float:
        selection = retriever.select(query)
        scored = next(s for s in (*selection.selected, *selection.rejected) if s.name == "get_weather")
        return scored.breakdown.signals["embed"]

    # the earlier turn is blended into the query vector (history_weight), pulling it to the weather tool
    assert embed_signal(bundle) > embed_signal("and for Berlin?")


def test_nodes_are_plain_text_nodes(retriever: ToolFilterRetriever) -> None:
    nodes = retriever.retriever.retrieve("read the contents of a text file")
    assert all(isinstance(n, NodeWithScore) and isinstance(n.node, TextNode) for n in nodes)
    assert nodes[0].node.get_content().startswith("read file:")
