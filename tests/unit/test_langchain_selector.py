"""ToolFilterSelector: a Runnable from a LangChain input to the user's own tool objects."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest
from langchain_core.callbacks import AsyncCallbackHandler, BaseCallbackHandler, CallbackManagerForChainRun
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.tools import StructuredTool, tool
from langchain_core.tracers.base import BaseTracer
from langchain_core.tracers.schemas import Run

from langchain_toolfilter import FIND_TOOLS_NAME, SELECTION_EVENT, ToolFilterRetriever, ToolFilterSelector, _engine
from toolfilter_core import (
    ConfigError,
    EmbedderError,
    HashingEmbedder,
    QueryError,
    SelectionError,
    Status,
    StoreError,
    ToolSpecError,
)

from .langchain_kit import (
    CONFIG,
    READ_INBOX,
    SEND_MAIL,
    RecordingChatModel,
    _send,
    get_weather,
    names,
    read_file,
    write_file,
)

# --------------------------------------------------------------------------- the kit


SQL_QUERY: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "sql_query",
        "description": "Run a read-only SQL query against the database.",
        "parameters": {"type": "object", "properties": {"sql": {"type": "string"}}, "required": ["sql"]},
    },
}


def translate(text: str, target: str) -> str:
    """Translate text into the target language."""
    return text


TOOLS: list[Any] = [get_weather, SEND_MAIL, READ_INBOX, read_file, write_file, SQL_QUERY, translate]
METADATA = {
    "read_file": {"category": "file", "triggers": ["看看这个文件"]},
    "write_file": {"category": "file", "triggers": ["保存到文件"]},
    "sql_query": {"category": "db", "triggers": ["查一下数据库"]},
}


def make_selector(**options: Any) -> ToolFilterSelector:
    options.setdefault("config", CONFIG)
    options.setdefault("embedder", HashingEmbedder())
    return ToolFilterSelector.from_tools(TOOLS, METADATA, **options)


@pytest.fixture(scope="module")
def selector() -> ToolFilterSelector:
    return make_selector()


# --------------------------------------------------------------------------- fakes


def fake_model(*replies: str | AIMessage) -> RecordingChatModel:
    return RecordingChatModel(messages=iter(replies or ["done"]))


class EventRecorder(BaseCallbackHandler):
    """A real callback handler: records custom events and chain starts."""

    def __init__(self) -> None:
        self.events: list[tuple[str, Any, UUID]] = []
        self.starts: list[tuple[str | None, dict[str, Any], UUID, UUID | None]] = []

    def on_custom_event(self, name: str, data: Any, *, run_id: UUID, **kwargs: Any) -> None:
        self.events.append((name, data, run_id))

    def on_chain_start(
        self,
        serialized: dict[str, Any] | None,
        inputs: Any,
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        self.starts.append((kwargs.get("name"), dict(metadata or {}), run_id, parent_run_id))


class AsyncEventRecorder(AsyncCallbackHandler):
    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []

    async def on_custom_event(self, name: str, data: Any, *, run_id: UUID, **kwargs: Any) -> None:
        self.events.append((name, data))


class ListTracer(BaseTracer):
    """A tracer keeping finished root runs (with their child runs), like LangSmith would."""

    def __init__(self) -> None:
        super().__init__()
        self.roots: list[Run] = []

    def _persist_run(self, run: Run) -> None:
        self.roots.append(run)

    def all_runs(self) -> list[Run]:
        out: list[Run] = []
        stack = list(self.roots)
        while stack:
            run = stack.pop(0)
            out.append(run)
            stack.extend(run.child_runs)
        return out

    def named(self, name: str) -> list[Run]:
        return [r for r in self.all_runs() if r.name == name]


# --------------------------------------------------------------------------- building


def test_from_tools_indexes_every_kind_of_tool_in_order(selector: ToolFilterSelector) -> None:
    assert [s.name for s in selector.tool_filter.tools] == names(TOOLS)
    assert selector.config.top_k == 3
    by_name = {s.name: s for s in selector.tool_filter.tools}
    assert by_name["send_mail"].category == "mail"
    assert by_name["send_mail"].tags == ("email",)
    assert by_name["read_file"].triggers == ("看看这个文件",)


def test_options_are_config_fields_on_top_of_config() -> None:
    sel = make_selector(top_k=1, history_turns=0)
    assert (sel.config.top_k, sel.config.history_turns, sel.config.enabled) == (1, 0, True)


def test_an_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(ConfigError, match="top_kk"):
        make_selector(top_kk=3)


def test_an_empty_tool_list_is_refused() -> None:
    with pytest.raises(ToolSpecError, match="tool list is empty"):
        ToolFilterSelector.from_tools([], embedder=HashingEmbedder())


def test_a_tool_langchain_cannot_describe_is_named() -> None:
    with pytest.raises(ToolSpecError, match=r"tool #1 \(object\).*LangChain cannot describe"):
        ToolFilterSelector.from_tools([get_weather, object()], embedder=HashingEmbedder())


# --------------------------------------------------------------------------- selecting


def test_output_is_the_objects_passed_in(selector: ToolFilterSelector) -> None:
    assert selector.invoke("what is the weather in Paris")[0] is get_weather
    assert selector.invoke("send an email to Bob") == [SEND_MAIL]
    assert selector.invoke("查一下数据库") == [SQL_QUERY]  # the very dict
    assert selector.invoke("translate this text into French")[0] is translate  # a plain function


def test_chinese_and_english_requests(selector: ToolFilterSelector) -> None:
    assert "send_mail" in names(selector.invoke("发封邮件给老板"))
    assert "read_inbox" in names(selector.invoke("有没有新邮件"))
    assert names(selector.invoke("send an email to Bob")) == ["send_mail"]


def test_nothing_fits_gives_an_empty_list(selector: ToolFilterSelector) -> None:
    assert selector.invoke("tell me a joke") == []


def test_default_order_is_registry_order_and_stable(selector: ToolFilterSelector) -> None:
    query = "read the file and write the file"
    by_score = selector.select(query).names
    assert by_score == ["read_file", "write_file", "read_inbox"]  # best first
    # registry order of the same set: read_inbox (#2) before read_file (#3), write_file (#4)
    assert names(selector.invoke(query)) == ["read_inbox", "read_file", "write_file"]
    # a differently worded request that ranks them otherwise hands out the same list
    assert names(selector.invoke("write the text to a file and read the file")) == [
        "read_inbox",
        "read_file",
        "write_file",
    ]


def test_order_score_keeps_the_core_ranking() -> None:
    sel = make_selector(order="score")
    assert names(sel.invoke("read the file and write the file")) == ["read_file", "write_file", "read_inbox"]


def test_per_call_top_k_and_unknown_keywords(selector: ToolFilterSelector) -> None:
    assert names(selector.invoke("read the file please", top_k=1)) == ["read_file"]
    # two asks: each keeps its tool beyond top_k
    assert names(selector.invoke("read the file and write the file", top_k=1)) == ["read_file", "write_file"]
    with pytest.raises(TypeError, match=r"unexpected keyword arguments \['k'\]"):
        selector.invoke("read the file", k=1)


def test_input_forms(selector: ToolFilterSelector) -> None:
    prompt = ChatPromptTemplate.from_messages([("system", "Be brief."), ("human", "{question}")])
    value = prompt.invoke({"question": "send an email to Bob"})
    assert selector.invoke(value) == [SEND_MAIL]
    assert selector.invoke([HumanMessage("send an email to Bob")]) == [SEND_MAIL]
    assert selector.invoke({"messages": [("human", "send an email to Bob")]}) == [SEND_MAIL]
    assert selector.invoke({"input": "send an email to Bob"}) == [SEND_MAIL]
    keyed = make_selector(input_key="question")
    assert keyed.invoke({"question": "send an email to Bob", "messages": []}) == [SEND_MAIL]


@pytest.mark.parametrize(
    ("input_", "why"),
    [
        pytest.param("", "empty string", id="empty"),
        pytest.param([], "empty message list", id="no messages"),
        pytest.param([AIMessage("hello")], "no human message", id="no human message"),
    ],
)
@pytest.mark.parametrize("fallback_to_empty", [True, False])
def test_an_input_with_no_text_gives_no_tools_and_says_why(input_: Any, why: str, fallback_to_empty: bool) -> None:
    selector = make_selector(fallback_to_empty=fallback_to_empty)
    assert selector.invoke(input_) == []
    selection = selector.select(input_)
    assert (selection.selected, selection.status) == ((), Status.NO_TEXT) and why in selection.detail
    assert selection.notes == ()  # the status and its detail say it


def test_an_unreadable_input_or_a_bad_argument_raises_whatever_the_fallback(selector: ToolFilterSelector) -> None:
    assert selector.config.fallback_to_empty
    with pytest.raises(QueryError, match="from float"):
        selector.invoke(3.5)
    with pytest.raises(QueryError, match="top_k"):
        selector.invoke("send an email to Bob", top_k=0)
    with pytest.raises(QueryError, match="category"):
        selector.invoke("send an email to Bob", category=3)


# --------------------------------------------------------------------------- conversations

PARIS = [
    HumanMessage("what is the weather in Paris"),
    AIMessage("", tool_calls=[{"name": "get_weather", "args": {"city": "Paris"}, "id": "c1"}]),
    ToolMessage("sunny", tool_call_id="c1", name="get_weather"),
    AIMessage("It is sunny in Paris."),
    HumanMessage("and Berlin?"),
]


def test_a_follow_up_keeps_its_tool(selector: ToolFilterSelector) -> None:
    assert selector.invoke("and Berlin?") == []  # alone it matches nothing
    assert selector.invoke(PARIS) == [get_weather]
    selection = selector.select(PARIS)
    assert selection.selected[0].breakdown.matched == "sticky"


def test_context_and_sticky_reach_the_core(selector: ToolFilterSelector, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    real = selector.tool_filter.select

    def spy(query: str, **kwargs: Any) -> Any:
        calls.append({"query": query, **kwargs})
        return real(query, **kwargs)

    monkeypatch.setattr(selector.tool_filter, "select", spy)
    selector.invoke(PARIS, top_k=2)
    assert calls == [
        {"query": "and Berlin?", "context": ("what is the weather in Paris",), "sticky": ("get_weather",), "top_k": 2}
    ]


def test_sticky_ignores_tools_outside_the_registry(selector: ToolFilterSelector) -> None:
    messages = [
        HumanMessage("tell me a joke"),
        AIMessage("", tool_calls=[{"name": "joke_api", "args": {}, "id": "c1"}]),
        HumanMessage("another one"),
    ]
    assert selector.invoke(messages) == []


def test_the_window_follows_sticky_turns() -> None:
    narrow = make_selector(history_turns=0)
    assert narrow.invoke(PARIS) == []  # window = the last human message only
    assert make_selector(history_turns=0, sticky_turns=1).invoke(PARIS) == [get_weather]


def test_max_tools_caps_a_widened_selection_and_sticky_tools_count() -> None:
    query = "read the file and write the file"
    widened = make_selector(min_score=0.95)  # every top score counts as low confidence
    assert widened.select(query).fallback is True
    assert len(widened.invoke(query)) > 1  # widened up to fallback_top_k (2 * top_k)
    capped = make_selector(min_score=0.95, max_tools=1)
    assert capped.invoke(query) == [read_file]  # the best one
    follow_up = [*PARIS[:-1], HumanMessage(query)]
    # get_weather is in use (sticky) but counts: the best-ranked tool comes first ...
    assert capped.invoke(follow_up) == [read_file]
    # ... then the tools in use, then the rest by rank (registry order in the output)
    two = make_selector(min_score=0.95, max_tools=2)
    assert two.invoke(follow_up) == [get_weather, read_file]


# --------------------------------------------------------------------------- find_tools


def test_find_tools_is_offered_when_nothing_fits() -> None:
    sel = make_selector(find_tools=True)
    assert sel.invoke("tell me a joke") == [sel.find_tools_tool]
    assert sel.invoke("send an email to Bob") == [SEND_MAIL]  # confident: no search tool


def test_find_tools_is_offered_on_low_confidence() -> None:
    sel = make_selector(find_tools=True, min_score=0.95)  # every top score is "low"
    out = sel.invoke("send an email to Bob")
    assert sel.select("send an email to Bob").fallback is True
    assert out[-1] is sel.find_tools_tool and SEND_MAIL in out


def test_find_tools_results_reach_the_next_call() -> None:
    sel = make_selector(find_tools=True)
    search = sel.find_tools_tool
    message = search.invoke(
        {"name": FIND_TOOLS_NAME, "args": {"query": "weather forecast"}, "id": "c1", "type": "tool_call"}
    )
    assert isinstance(message, ToolMessage)
    assert message.artifact == ["get_weather"]
    assert "- get_weather: Get the current weather forecast for a city." in message.content
    conversation = [
        HumanMessage("is it going to rain tomorrow?"),
        AIMessage("", tool_calls=[{"name": FIND_TOOLS_NAME, "args": {"query": "weather forecast"}, "id": "c1"}]),
        message,
    ]
    # get_weather is brought in; the search stays available while the model is searching
    assert sel.invoke(conversation) == [get_weather, search]


def test_find_tools_says_when_nothing_matches() -> None:
    sel = make_selector(find_tools=True)
    text, found = sel.engine.search("tell me a joke")
    assert found == [] and "No tool in the registry matches" in text


async def test_find_tools_async() -> None:
    sel = make_selector(find_tools=True)
    message = await sel.find_tools_tool.ainvoke(
        {"name": FIND_TOOLS_NAME, "args": {"query": "send an email"}, "id": "c1", "type": "tool_call"}
    )
    assert message.artifact[0] == "send_mail"


def test_a_registry_tool_named_find_tools_clashes() -> None:
    @tool
    def find_tools(query: str) -> str:
        """Find things."""
        return ""

    with pytest.raises(ToolSpecError, match="reserves for the registry search tool"):
        ToolFilterSelector.from_tools([find_tools], embedder=HashingEmbedder(), find_tools=True)


# --------------------------------------------------------------------------- failures


class BrokenEmbedder(HashingEmbedder):
    """Indexes fine, then fails on every query."""

    def embed_queries(self, texts: Sequence[str]) -> Any:
        raise EmbedderError("model crashed")


def test_fallback_to_empty_true_gives_no_tools_and_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    sel = make_selector(embedder=BrokenEmbedder())
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        assert sel.invoke("send an email to Bob") == []
    assert "selection failed" in caplog.text
    selection = sel.select("send an email")
    assert (selection.status, selection.detail) == (Status.FAILED, "EmbedderError: model crashed")
    assert selection.to_dict()["detail"] == "EmbedderError: model crashed"


def test_fallback_to_empty_false_raises() -> None:
    sel = make_selector(embedder=BrokenEmbedder(), fallback_to_empty=False)
    with pytest.raises(SelectionError, match="model crashed"):
        sel.invoke("send an email to Bob")


@pytest.mark.parametrize("fallback_to_empty", [True, False])
def test_a_message_over_max_query_chars_gives_no_tools_and_says_why(fallback_to_empty: bool, monkeypatch) -> None:
    # The core refuses such a string (a QueryError); what the user wrote never raises here.
    from .fakes import constants

    constants(monkeypatch, max_query_chars=10)
    selector = make_selector(fallback_to_empty=fallback_to_empty)
    assert selector.invoke("send an email to Bob please") == []
    selection = selector.select("send an email to Bob please")
    assert selection.status is Status.NO_TEXT and "over the limit of 10" in selection.detail
    assert selection.reasons == ()  # no note repeats the status


# --------------------------------------------------------------------------- Runnable surface


def test_batch_and_stream(selector: ToolFilterSelector) -> None:
    assert selector.batch(["send an email to Bob", "查一下数据库"]) == [[SEND_MAIL], [SQL_QUERY]]
    assert list(selector.stream("send an email to Bob")) == [[SEND_MAIL]]


async def test_async_surface(selector: ToolFilterSelector) -> None:
    assert await selector.ainvoke("send an email to Bob") == [SEND_MAIL]
    assert await selector.abatch(["send an email to Bob", "查一下数据库"]) == [[SEND_MAIL], [SQL_QUERY]]
    assert [chunk async for chunk in selector.astream("查一下数据库")] == [[SQL_QUERY]]
    assert (await selector.aselect(PARIS)).names == ["get_weather"]


# --------------------------------------------------------------------------- explanations


def test_each_selection_is_a_custom_event_under_the_selector_run(selector: ToolFilterSelector) -> None:
    recorder = EventRecorder()
    selector.invoke(PARIS, config={"callbacks": [recorder]})

    [(name, data, run_id)] = recorder.events
    assert name == SELECTION_EVENT
    selector_run = next(r for r in recorder.starts if r[0] == "ToolFilterSelector")
    assert run_id == selector_run[2]  # attached to the selector's run
    assert data["query"] == "and Berlin?"
    assert [row["name"] for row in data["selected"]] == ["get_weather"]
    assert data["selected"][0]["matched"] == "sticky"
    assert data["offered"] == ["get_weather"]
    assert data["context"] == ["what is the weather in Paris"]
    assert data["sticky"] == ["get_weather"]
    assert {row["name"] for row in data["rejected"]} <= set(names(TOOLS))
    assert data["total_chars"] > data["selected_chars"] > 0


def test_the_child_run_metadata_carries_the_summary(selector: ToolFilterSelector) -> None:
    tracer = ListTracer()
    selector.invoke("send an email to Bob", config={"callbacks": [tracer], "metadata": {"user": "u1"}})

    [root] = tracer.roots
    assert root.name == "ToolFilterSelector"
    [child] = root.child_runs
    assert child.name == SELECTION_EVENT
    assert child.metadata["toolfilter_selected"] == ["send_mail"]
    assert child.metadata["toolfilter_offered"] == ["send_mail"]
    assert child.metadata["toolfilter_fallback"] is False
    assert set(child.metadata["toolfilter_scores"]) == {"send_mail"}
    assert child.metadata["user"] == "u1"  # the caller's metadata is inherited
    assert child.inputs["query"] == "send an email to Bob"
    assert child.outputs is not None and child.outputs["selected"][0]["name"] == "send_mail"


async def test_async_callbacks_and_stream_events(selector: ToolFilterSelector) -> None:
    recorder = AsyncEventRecorder()
    await selector.ainvoke("发封邮件给老板", config={"callbacks": [recorder]})
    [(name, data)] = recorder.events
    assert name == SELECTION_EVENT and data["selected"][0]["name"] == "send_mail"

    events = [e async for e in selector.astream_events("send an email to Bob", version="v2")]
    custom = [e for e in events if e["event"] == "on_custom_event"]
    assert [e["name"] for e in custom] == [SELECTION_EVENT]
    data = dict(custom[0]["data"])
    assert data["offered"] == ["send_mail"]


# --------------------------------------------------------------------------- nobody listening


@pytest.fixture
def reports(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The report parts built, in order: the custom event's payload, the child run's metadata."""
    built: list[str] = []

    def spy(real: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            built.append(real.__name__)
            return real(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(_engine, "event_payload", spy(_engine.event_payload))
    monkeypatch.setattr(_engine, "selection_metadata", spy(_engine.selection_metadata))
    return built


def test_with_no_handler_no_report_is_built(selector: ToolFilterSelector, reports: list[str]) -> None:
    assert selector.invoke(PARIS) == [get_weather]
    assert selector.batch(["send an email to Bob", "查一下数据库"]) == [[SEND_MAIL], [SQL_QUERY]]
    assert [d.id for d in selector.as_retriever(k=1).invoke("send an email to Bob")] == ["send_mail"]
    assert reports == []


async def test_with_no_handler_no_report_is_built_async(selector: ToolFilterSelector, reports: list[str]) -> None:
    assert await selector.ainvoke("send an email to Bob") == [SEND_MAIL]
    assert [d.id for d in await selector.as_retriever(k=1).ainvoke("send an email to Bob")] == ["send_mail"]
    assert reports == []


def test_with_a_handler_the_report_still_arrives(selector: ToolFilterSelector, reports: list[str]) -> None:
    recorder, tracer = EventRecorder(), ListTracer()
    assert selector.invoke(PARIS, config={"callbacks": [recorder, tracer]}) == [get_weather]
    assert reports == ["event_payload", "selection_metadata"]
    [(name, data, run_id)] = recorder.events
    assert name == SELECTION_EVENT and data["offered"] == ["get_weather"]
    [root] = tracer.roots
    [child] = root.child_runs
    assert root.id == run_id and child.name == SELECTION_EVENT
    assert child.metadata["toolfilter_selected"] == ["get_weather"]
    assert child.outputs == data


async def test_with_an_async_handler_the_report_still_arrives(selector: ToolFilterSelector, reports: list[str]) -> None:
    recorder = AsyncEventRecorder()
    assert await selector.ainvoke("send an email to Bob", config={"callbacks": [recorder]}) == [SEND_MAIL]
    docs = await selector.as_retriever(k=1).ainvoke("查一下数据库", config={"callbacks": [recorder]})
    assert [d.id for d in docs] == ["sql_query"]
    assert reports == ["event_payload", "selection_metadata"] * 2
    assert [(name, data["offered"]) for name, data in recorder.events] == [
        (SELECTION_EVENT, ["send_mail"]),
        (SELECTION_EVENT, ["sql_query"]),
    ]


@pytest.mark.parametrize(
    ("local", "inheritable", "expected"),
    [
        pytest.param(False, False, False, id="none"),
        pytest.param(True, False, True, id="local only"),
        pytest.param(False, True, True, id="inheritable only"),
        pytest.param(True, True, True, id="both"),
    ],
)
def test_any_handler_local_or_inheritable_counts(local: bool, inheritable: bool, expected: bool) -> None:
    handler = EventRecorder()
    run = CallbackManagerForChainRun(
        run_id=uuid4(),
        handlers=[handler] if local else [],
        inheritable_handlers=[handler] if inheritable else [],
    )
    assert _engine.has_handlers(run) is expected


# --------------------------------------------------------------------------- bind_model / LCEL

PROMPT = ChatPromptTemplate.from_messages([("system", "You are a helpful assistant."), ("human", "{question}")])


def test_lcel_chain_binds_only_the_selected_tools(selector: ToolFilterSelector) -> None:
    model = fake_model("On it.")
    chain = PROMPT | selector.bind_model(model)
    reply = chain.invoke({"question": "send an email to Bob"})
    assert reply.content == "On it."
    assert model.bound == [["send_mail"]]
    assert model.seen == [["send_mail"]]  # what reached the model call itself


async def test_lcel_chain_async(selector: ToolFilterSelector) -> None:
    model = fake_model("好的")
    chain = PROMPT | selector.bind_model(model)
    reply = await chain.ainvoke({"question": "查一下数据库"})
    assert reply.content == "好的"
    assert model.seen == [["sql_query"]]


def test_lcel_chain_streams_the_model(selector: ToolFilterSelector) -> None:
    model = fake_model("sending it right away")
    chunks = list((PROMPT | selector.bind_model(model)).stream({"question": "send an email to Bob"}))
    assert len(chunks) > 1  # the model's own chunks, not one final message
    assert "".join(str(c.content) for c in chunks) == "sending it right away"
    assert model.seen == [["send_mail"]]


def test_bind_model_with_nothing_selected_calls_the_bare_model(selector: ToolFilterSelector) -> None:
    model = fake_model("Why did the chicken...")
    assert selector.bind_model(model).invoke("tell me a joke").content == "Why did the chicken..."
    assert model.bound == [] and model.seen == [[]]


def test_bind_model_takes_a_dict_of_messages(selector: ToolFilterSelector) -> None:
    model = fake_model("ok")
    selector.bind_model(model, tool_choice="auto").invoke({"messages": PARIS})
    assert model.seen == [["get_weather"]]


def test_bind_model_puts_the_summary_in_the_model_run_metadata(selector: ToolFilterSelector) -> None:
    tracer = ListTracer()
    model = fake_model("ok")
    (PROMPT | selector.bind_model(model)).invoke({"question": "send an email to Bob"}, config={"callbacks": [tracer]})
    [model_run] = [r for r in tracer.all_runs() if r.run_type == "llm"]
    assert model_run.metadata["toolfilter_selected"] == ["send_mail"]
    assert len(tracer.named("ToolFilterSelector")) == 1
    assert len(tracer.named(SELECTION_EVENT)) == 1


# --------------------------------------------------------------------------- stores


def test_from_store_reopens_without_embedding(tmp_path: Path) -> None:
    make_selector(store=tmp_path / "store")
    embedder = HashingEmbedder()
    reopened = ToolFilterSelector.from_store(
        TOOLS, METADATA, store=tmp_path / "store", embedder=embedder, config=CONFIG
    )
    texts_after_open = embedder.texts_embedded
    assert texts_after_open == 0  # nothing re-embedded
    assert reopened.invoke("send an email to Bob") == [SEND_MAIL]
    assert embedder.texts_embedded == 1  # just the query


def test_from_store_without_tools_hands_out_openai_dicts(tmp_path: Path) -> None:
    make_selector(store=tmp_path / "store")
    reopened = ToolFilterSelector.from_store(store=tmp_path / "store", embedder=HashingEmbedder(), config=CONFIG)
    [out] = reopened.invoke("send an email to Bob")
    assert out["type"] == "function" and out["function"]["name"] == "send_mail"


def test_a_store_built_for_other_tools_is_refused(tmp_path: Path) -> None:
    make_selector(store=tmp_path / "store")

    @tool
    def get_time(zone: str) -> str:
        """Get the current time in a time zone."""
        return "noon"

    with pytest.raises(StoreError, match=r"other tools \(tools not in it: \['get_time'\]; tools in it that were not"):
        ToolFilterSelector.from_store([get_weather, get_time], store=tmp_path / "store", embedder=HashingEmbedder())


def test_a_store_with_other_versions_of_the_tools_is_refused(tmp_path: Path) -> None:
    make_selector(store=tmp_path / "store")
    changed = StructuredTool.from_function(
        _send, name="send_mail", description="Send a mail.", metadata=SEND_MAIL.metadata, tags=SEND_MAIL.tags
    )
    tools = [changed if t is SEND_MAIL else t for t in TOOLS]
    with pytest.raises(StoreError, match=r"other versions of tools: \['send_mail \(description\)'\]"):
        ToolFilterSelector.from_store(tools, METADATA, store=tmp_path / "store", embedder=HashingEmbedder())


def test_from_store_needs_a_location() -> None:
    with pytest.raises(ValueError, match="give store="):
        ToolFilterSelector.from_store(TOOLS)


def test_direct_construction_over_other_tools_warns_and_serves_the_tools_in_both(
    selector: ToolFilterSelector, caplog: pytest.LogCaptureFixture
) -> None:
    # a shared filter's registry changes under a running agent: no error
    with caplog.at_level("WARNING", logger="toolfilter"):
        fewer = ToolFilterSelector(tool_filter=selector.tool_filter, tools=[get_weather])
    assert "tools in it that were not passed" in caplog.text
    assert names(fewer.invoke("read the file and write the file")) == []
    assert names(fewer.invoke("weather forecast for Paris")) == ["get_weather"]


# --------------------------------------------------------------------------- retriever


def test_retriever_returns_one_document_per_selected_tool(selector: ToolFilterSelector) -> None:
    retriever = selector.as_retriever(k=3)
    assert isinstance(retriever, ToolFilterRetriever)
    docs = retriever.invoke("read the file and write the file")
    assert [d.id for d in docs] == ["read_file", "write_file", "read_inbox"]  # best first
    assert docs[0].page_content == "read_file: Read the contents of a text file."
    assert docs[0].metadata["category"] == "file"
    assert docs[0].metadata["score"] >= docs[1].metadata["score"]
    assert "embed" in docs[0].metadata["signals"]
    assert len(retriever.invoke("read the file and write the file", k=1)) == 1


def test_retriever_k_is_a_hard_cap_even_when_widened() -> None:
    widened = make_selector(min_score=0.95)
    docs = widened.as_retriever(k=2).invoke("read the file and write the file")
    assert [d.id for d in docs] == ["read_file", "write_file"]
    assert all(d.metadata["fallback"] is True for d in docs)


async def test_retriever_async_reports_the_selection(selector: ToolFilterSelector) -> None:
    recorder = AsyncEventRecorder()
    docs = await ToolFilterRetriever(selector=selector, k=2).ainvoke("发封邮件给老板", config={"callbacks": [recorder]})
    assert docs[0].id == "send_mail"
    assert [name for name, _ in recorder.events] == [SELECTION_EVENT]
