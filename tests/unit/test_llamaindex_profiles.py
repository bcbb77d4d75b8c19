"""Tool profiles through the LlamaIndex adapter: LLMWriter over LlamaIndex LLMs, profiles= on the retriever."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from llama_index.core.base.llms.types import ChatMessage, ChatResponse, MessageRole
from llama_index.core.llms import MockLLM

from llamaindex_toolfilter import LLMWriter, ToolFilterRetriever
from llamaindex_toolfilter._profiles import _total_tokens
from toolfilter_core import HashingEmbedder, Profiles, ProfileWriter, ToolFilterWarning, ToolProfile

from .fakes import MALFORMED_ANSWER
from .llamaindex_kit import METADATA, ProfileLLM, make_tools

NAMES = ["get_weather", "send_email", "read_file", "convert_currency"]
# A request that shares no word with read_file's definition: only its profile finds it.
REQUEST = "what does my notes doc say"
PROFILES = Profiles({"read_file": ToolProfile(requests=(REQUEST, "show me what is in todo.txt"))})


def retriever(**options: Any) -> ToolFilterRetriever:
    return ToolFilterRetriever.from_tools(make_tools(), METADATA, embedder=HashingEmbedder(), **options)


def names(found: list[Any]) -> list[str]:
    return [t.metadata.name for t in found]


# --------------------------------------------------------------------------- LLMWriter


def test_the_writer_chats_a_system_and_a_user_message_and_reads_the_raw_usage() -> None:
    seen: list[list[ChatMessage]] = []

    class Recording(ProfileLLM):
        def chat(self, messages: Any, **kwargs: Any) -> ChatResponse:
            seen.append(list(messages))
            return super().chat(messages, **kwargs)

    writer = LLMWriter(Recording(malformed=-1))
    text, tokens = writer.complete([{"role": "system", "content": "S"}, {"role": "user", "content": "U"}])

    assert (text, tokens) == (MALFORMED_ANSWER, 100)  # the raw response's usage.total_tokens
    [[system, user]] = seen
    assert (system.role, system.content, user.role, user.content) == (MessageRole.SYSTEM, "S", MessageRole.USER, "U")
    assert isinstance(writer, ProfileWriter)


@pytest.mark.parametrize(
    ("raw", "tokens"),
    [
        pytest.param({"usage": {"prompt_tokens": 9, "completion_tokens": 3, "total_tokens": 12}}, 12, id="openai"),
        pytest.param({"usage": {"input_tokens": 9, "output_tokens": 3}}, 12, id="parts-only"),  # 9 + 3
        pytest.param({"usage_metadata": {"total_token_count": 7}}, 7, id="gemini"),
        pytest.param(None, 0, id="no-raw"),
        pytest.param({"id": "x"}, 0, id="no-usage"),
    ],
)
def test_tokens_come_from_the_raw_usage_when_present(raw: Any, tokens: int) -> None:
    assert _total_tokens(raw) == tokens


def test_the_writer_is_named_after_the_model() -> None:
    assert LLMWriter(ProfileLLM()).name == "profile-llm-1"  # llm.metadata.model_name
    assert LLMWriter(MockLLM()).name == "MockLLM"  # model_name "unknown": the class
    assert LLMWriter(MockLLM(), name="reviewer-7").name == "reviewer-7"


def test_the_writer_refuses_a_role_it_cannot_send_and_a_non_llm() -> None:
    with pytest.raises(ValueError, match=r"messages\.0\.role is 'assistant'; allowed: \['system', 'user'\]"):
        LLMWriter(MockLLM()).complete([{"role": "assistant", "content": "x"}])
    with pytest.raises(TypeError, match="llm is str; expected a LlamaIndex LLM"):
        LLMWriter("gpt-4.1")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- writing at index time


def test_an_llm_writes_every_profile_and_they_select() -> None:
    llm = ProfileLLM(requests={"read_file": [REQUEST]})

    built = retriever(profile_writer=llm)  # the LLM itself: wrapped in an LLMWriter

    report = built.tool_filter.profile_report
    assert report is not None
    # 4 tools fit one batch: one tools prompt and the no-tool prompt; 100 tokens each
    assert (report.tools, report.calls, report.failures, report.tokens, report.skipped) == (4, 2, 0, 200, [])
    profiles = {t.name: t.profile for t in built.tool_filter.tools}
    assert profiles["read_file"] is not None and profiles["read_file"].requests == (REQUEST,)
    assert {p.writer for p in profiles.values() if p is not None} == {"profile-llm-1"}
    assert names(built.retrieve(REQUEST))[0] == "read_file"


def test_a_malformed_answer_is_asked_again() -> None:
    llm = ProfileLLM(malformed=1)

    built = retriever(profile_writer=LLMWriter(llm))

    report = built.tool_filter.profile_report
    assert report is not None
    assert (report.tools, report.calls, report.failures, report.skipped) == (4, 4, 2, [])
    assert sorted(llm.attempts.values()) == [2, 2]  # each prompt: one malformed answer, then a valid one
    assert all(t.profile is not None for t in built.tool_filter.tools)


def test_a_writer_that_never_answers_in_shape_skips_the_tools_and_indexing_goes_on() -> None:
    with pytest.warns(ToolFilterWarning, match=r"no usable profile for 4 tool\(s\): " + ", ".join(NAMES)):
        built = retriever(profile_writer=ProfileLLM(malformed=-1))

    report = built.tool_filter.profile_report
    assert report is not None
    assert (report.tools, report.skipped) == (0, NAMES)
    assert report.failures == report.calls >= 6  # every call failed; each of the 2 prompts tried 3 times
    assert all(t.profile is None for t in built.tool_filter.tools)
    query = "Will it rain in Paris tomorrow? weather forecast"
    assert names(built.retrieve(query))[0] == "get_weather"
    assert names(built.retrieve(query)) == names(retriever().retrieve(query))  # as if no writer had been given


# --------------------------------------------------------------------------- profiles=


def test_profiles_select_a_tool_its_own_words_do_not(tmp_path: Path) -> None:
    assert "read_file" not in names(retriever().retrieve(REQUEST))
    path = PROFILES.write(tmp_path / "profiles.jsonl")

    for given in (PROFILES, path, str(path)):
        assert names(retriever(profiles=given).retrieve(REQUEST))[0] == "read_file", given


def test_from_objects_passes_profiles_on() -> None:
    built = ToolFilterRetriever.from_objects(make_tools(), METADATA, embedder=HashingEmbedder(), profiles=PROFILES)

    assert names(built.retrieve(REQUEST))[0] == "read_file"


def test_a_store_built_with_profiles_reopens_with_its_profiles(tmp_path: Path) -> None:
    built = retriever(profiles=PROFILES, store=tmp_path / "store")

    reopened = ToolFilterRetriever.from_store(
        make_tools(), store=tmp_path / "store", embedder=built.tool_filter.embedder
    )

    assert names(reopened.retrieve(REQUEST))[0] == "read_file"  # the stored profile, nothing re-embedded


async def test_an_llm_writes_the_profiles_inside_a_running_event_loop() -> None:
    built = retriever(profile_writer=ProfileLLM(requests={"read_file": [REQUEST]}))

    assert names(await built.aretrieve(REQUEST))[0] == "read_file"
