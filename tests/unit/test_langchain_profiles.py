"""Tool profiles through the LangChain adapter: ChatModelWriter over LangChain's fake chat models, profiles=."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.language_models import GenericFakeChatModel
from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
from langchain_core.messages import AIMessage, HumanMessage

from langchain_toolfilter import ChatModelWriter, ToolFilterMiddleware, ToolFilterSelector
from toolfilter_core import (
    ConfigError,
    HashingEmbedder,
    Profiles,
    ProfileWriter,
    ToolFilter,
    ToolFilterWarning,
    ToolProfile,
    ToolSpecWarning,
)

from .fakes import MALFORMED_ANSWER
from .langchain_kit import (
    CONFIG,
    READ_INBOX,
    SEND_MAIL,
    ProfileChatModel,
    RecordingChatModel,
    get_weather,
    names,
    read_file,
    write_file,
)

TOOLS = [get_weather, SEND_MAIL, READ_INBOX, read_file, write_file]
NAMES = ["get_weather", "send_mail", "read_inbox", "read_file", "write_file"]
# A request that shares no word with read_file's definition: only its profile finds it.
REQUEST = "what does my notes doc say"
PROFILES = Profiles({"read_file": ToolProfile(requests=(REQUEST, "show me what is in todo.txt"))})


def selector(**options: Any) -> ToolFilterSelector:
    return ToolFilterSelector.from_tools(TOOLS, embedder=HashingEmbedder(), **CONFIG, **options)


# --------------------------------------------------------------------------- ChatModelWriter


def test_the_writer_joins_text_blocks_and_reads_total_tokens() -> None:
    reply = AIMessage(
        content=[{"type": "text", "text": '{"no_tool": '}, {"type": "text", "text": '["hi"]}'}],
        usage_metadata={"input_tokens": 30, "output_tokens": 12, "total_tokens": 42},
    )
    writer = ChatModelWriter(GenericFakeChatModel(messages=iter([reply])))

    text, tokens = writer.complete([{"role": "system", "content": "s"}, {"role": "user", "content": "u"}])

    assert (text, tokens) == ('{"no_tool": ["hi"]}', 42)
    assert isinstance(writer, ProfileWriter)


def test_the_writer_sends_a_system_and_a_human_message_and_counts_no_usage_as_zero() -> None:
    model = FakeMessagesListChatModel(responses=[AIMessage("plain text")])
    seen: list[Any] = []
    original = model._generate

    def spy(messages: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(messages)
        return original(messages, *args, **kwargs)

    object.__setattr__(model, "_generate", spy)
    text, tokens = ChatModelWriter(model).complete(
        [{"role": "system", "content": "S"}, {"role": "user", "content": "U"}]
    )

    assert (text, tokens) == ("plain text", 0)
    [[system, human]] = seen
    assert (system.type, system.content, human.type, human.content) == ("system", "S", "human", "U")


class NamedFake(GenericFakeChatModel):
    model_name: str = "fake-gpt-1"


@pytest.mark.parametrize(
    ("model", "name", "expected"),
    [
        pytest.param(NamedFake(messages=iter(())), None, "fake-gpt-1", id="model_name"),
        pytest.param(GenericFakeChatModel(messages=iter(())), None, "GenericFakeChatModel", id="class-name"),
        pytest.param(NamedFake(messages=iter(())), "reviewer-7", "reviewer-7", id="given"),
    ],
)
def test_the_writer_is_named_after_its_model(model: GenericFakeChatModel, name: str | None, expected: str) -> None:
    assert ChatModelWriter(model, name=name).name == expected


def test_the_writer_refuses_a_role_it_cannot_send_and_a_non_chat_model() -> None:
    writer = ChatModelWriter(GenericFakeChatModel(messages=iter(())))
    with pytest.raises(ValueError, match=r"messages\.0\.role is 'assistant'; allowed: \['system', 'user'\]"):
        writer.complete([{"role": "assistant", "content": "x"}])
    with pytest.raises(TypeError, match="model is str; expected a LangChain BaseChatModel"):
        ChatModelWriter("gpt-4.1")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- writing at index time


def test_a_chat_model_writes_every_profile_and_they_select() -> None:
    model = ProfileChatModel(requests={"read_file": [REQUEST]})

    built = selector(profile_writer=model)  # the chat model itself: wrapped in a ChatModelWriter

    report = built.tool_filter.profile_report
    assert report is not None
    # 5 tools fit one batch: one tools prompt and the no-tool prompt; 120 tokens each
    assert (report.tools, report.calls, report.failures, report.tokens, report.skipped) == (5, 2, 0, 240, [])
    profiles = {t.name: t.profile for t in built.tool_filter.tools}
    assert profiles["read_file"] is not None and profiles["read_file"].requests == (REQUEST,)
    assert {p.writer for p in profiles.values() if p is not None} == {"ProfileChatModel"}
    assert names(built.invoke(REQUEST)) == ["read_file"]


def test_a_malformed_answer_is_asked_again() -> None:
    model = ProfileChatModel(malformed=1)

    built = selector(profile_writer=model)

    report = built.tool_filter.profile_report
    assert report is not None
    assert (report.tools, report.calls, report.failures, report.skipped) == (5, 4, 2, [])
    assert sorted(model.attempts.values()) == [2, 2]  # each prompt: one malformed answer, then a valid one
    assert all(t.profile is not None for t in built.tool_filter.tools)


def test_a_writer_that_never_answers_in_shape_skips_the_tools_and_indexing_goes_on() -> None:
    model = FakeMessagesListChatModel(responses=[AIMessage(MALFORMED_ANSWER)])

    with pytest.warns(ToolFilterWarning, match=r"no usable profile for 5 tool\(s\): " + ", ".join(NAMES)):
        built = selector(profile_writer=ChatModelWriter(model, name="chatty"))

    report = built.tool_filter.profile_report
    assert report is not None
    assert (report.tools, report.skipped) == (0, NAMES)
    assert report.failures == report.calls >= 6  # every call failed; each of the 2 prompts tried 3 times
    assert all(t.profile is None for t in built.tool_filter.tools)
    query = "What's the weather forecast in Paris?"
    assert names(built.invoke(query))[0] == "get_weather"
    assert names(built.invoke(query)) == names(selector().invoke(query))  # as if no writer had been given


# --------------------------------------------------------------------------- profiles=


def test_profiles_select_a_tool_its_own_words_do_not(tmp_path: Path) -> None:
    assert names(selector().invoke(REQUEST)) == []  # no profile: nothing fits
    path = PROFILES.write(tmp_path / "profiles.jsonl")

    for given in (PROFILES, path, str(path)):
        assert names(selector(profiles=given).invoke(REQUEST)) == ["read_file"], given


def test_a_store_built_with_profiles_reopens_with_the_same_tools(tmp_path: Path) -> None:
    built = selector(profiles=PROFILES, store=tmp_path / "store")
    embedder = built.tool_filter.embedder

    reopened = ToolFilterSelector.from_store(TOOLS, store=tmp_path / "store", embedder=embedder, **CONFIG)

    assert names(reopened.invoke(REQUEST)) == ["read_file"]  # the stored profile, nothing re-embedded


def test_the_middleware_selects_with_profiles_and_leaves_out_those_of_always_include(tmp_path: Path) -> None:
    path = Profiles({**PROFILES.tools, "get_weather": ToolProfile(requests=("umbrella today?",))}).write(
        tmp_path / "profiles.jsonl"
    )
    model = RecordingChatModel(messages=iter(["Here it is."]))
    mw = ToolFilterMiddleware(config=CONFIG, embedder=HashingEmbedder(), always_include=["get_weather"], profiles=path)
    agent = create_agent(model, tools=TOOLS, middleware=[mw])

    agent.invoke({"messages": [HumanMessage(REQUEST)]})  # no warning about get_weather's profile

    assert model.seen == [["get_weather", "read_file"]]


@pytest.mark.parametrize("tools_given", [False, True])
def test_the_middleware_says_once_which_profiles_name_tools_the_agent_lacks(tmp_path: Path, tools_given: bool) -> None:
    path = Profiles({**PROFILES.tools, "wipe_host": ToolProfile(requests=("wipe it",))}).write(tmp_path / "p.jsonl")
    lacks = r"^toolfilter: 1 profile names a tool this registry lacks \(wipe_host\): it is ignored$"
    with pytest.warns(ToolSpecWarning, match=lacks):  # as ToolFilter and the LlamaIndex retriever say it
        mw = ToolFilterMiddleware(
            config=CONFIG, embedder=HashingEmbedder(), profiles=path, tools=TOOLS if tools_given else None
        )
        if not tools_given:  # the first model call, where the middleware first sees the agent's tools
            create_agent(RecordingChatModel(messages=iter(["ok"])), tools=TOOLS, middleware=[mw]).invoke(
                {"messages": [HumanMessage(REQUEST)]}
            )
    model = RecordingChatModel(messages=iter(["ok", "ok"]))
    agent = create_agent(model, tools=TOOLS, middleware=[mw])
    agent.invoke({"messages": [HumanMessage(REQUEST)]})  # warnings are errors here: said once only
    agent.invoke({"messages": [HumanMessage("read my notes")]})
    assert model.seen[0] == ["read_file"]


def test_the_middleware_writes_profiles_with_a_chat_model_on_its_first_model_call() -> None:
    writer = ProfileChatModel(requests={"read_file": [REQUEST]})
    model = RecordingChatModel(messages=iter(["Here it is."]))
    mw = ToolFilterMiddleware(config=CONFIG, embedder=HashingEmbedder(), profile_writer=writer)
    agent = create_agent(model, tools=TOOLS, middleware=[mw])

    agent.invoke({"messages": [HumanMessage(REQUEST)]})

    assert model.seen == [["read_file"]]
    assert sum(writer.attempts.values()) == 2


def test_profiles_beside_a_shared_tool_filter_are_refused() -> None:
    shared = ToolFilter(selector().tool_filter.tools, embedder=HashingEmbedder(), config=CONFIG)

    with pytest.raises(ConfigError, match="ToolFilterMiddleware: profiles given with tool_filter; the profiles belong"):
        ToolFilterMiddleware(tool_filter=shared, profiles=PROFILES)
    with pytest.raises(ConfigError, match="profiles and profile_writer given with tool_filter"):
        ToolFilterMiddleware(tool_filter=shared, profiles=PROFILES, profile_writer=ProfileChatModel())
    with pytest.raises(ConfigError, match=r"ToolFilterSelector: profile_writer given with tool_filter.*ToolFilter\("):
        ToolFilterSelector(tool_filter=shared, tools=TOOLS, profile_writer=ProfileChatModel())


async def test_the_middleware_writes_profiles_inside_a_running_event_loop() -> None:
    # ainvoke builds the index in a worker thread; the core calls the writer from its own threads
    writer = ProfileChatModel(requests={"read_file": [REQUEST]})
    model = RecordingChatModel(messages=iter(["Here it is."]))
    mw = ToolFilterMiddleware(config=CONFIG, embedder=HashingEmbedder(), profile_writer=writer)
    agent = create_agent(model, tools=TOOLS, middleware=[mw])

    await agent.ainvoke({"messages": [HumanMessage(REQUEST)]})

    assert model.seen == [["read_file"]]
