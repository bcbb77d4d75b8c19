"""The policies the core and both adapters share: one implementation each."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import numpy as np
import pytest

from toolfilter_core import (
    ConfigError,
    EmbedderError,
    HashingEmbedder,
    QueryError,
    SelectionError,
    ToolFilterConfig,
    ToolSpecError,
    load_config,
    recommended_config,
)
from toolfilter_core._conversation import Turn, conversation_window
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._embedders import EMBED_BATCH
from toolfilter_core._extras import EXTRAS_KEYS, check_extras, check_tool_extras, extras_fields
from toolfilter_core._failure import failed_selection, failure_selection
from toolfilter_core._resolve import resolve_config
from toolfilter_core._tool_defs import lenient_name

# ----- config resolution -----


def test_no_config_and_a_named_embedder_bring_its_thresholds() -> None:
    assert resolve_config(None, "use-m3|minilm") == recommended_config(embedder="use-m3|minilm")
    assert resolve_config(None, None) == load_config(None)
    assert resolve_config(None, HashingEmbedder()) == load_config(None)


def test_a_given_config_wins_over_the_embedder_name_and_overrides_win_over_both() -> None:
    given = ToolFilterConfig(enabled=True, top_k=2)  # an object is taken as it is
    assert resolve_config(given, "use-m3|minilm") == given
    assert resolve_config({"top_k": 2}, None, {"top_k": 4}).top_k == 4
    assert resolve_config(None, "use-m3|minilm", {"abstain_margin": 0.02}).abstain_margin == 0.02


# ----- the conversation window -----

CHAT = [
    Turn("user", "send a mail to Bob"),
    Turn("assistant", called=("send_mail",)),
    Turn("user", "weather in Paris?"),
    Turn("assistant", called=("get_weather",)),
    Turn("tool", called=("get_weather",)),
    Turn("user", "and in Berlin?"),
]


@pytest.mark.parametrize(
    ("history", "sticky_turns", "context", "sticky"),
    [
        # one earlier turn: the Paris turn is context and its tool is sticky; the mail turn is out
        pytest.param(1, None, ("weather in Paris?",), ("get_weather",), id="one-turn"),
        pytest.param(2, None, ("send a mail to Bob", "weather in Paris?"), ("send_mail", "get_weather"), id="two"),
        # no context, but the window reaches one turn back
        pytest.param(0, 1, (), ("get_weather",), id="sticky-only"),
        pytest.param(2, 0, ("send a mail to Bob", "weather in Paris?"), (), id="context-only"),
    ],
)
def test_the_window_reads_context_and_sticky_tools(
    history: int, sticky_turns: int | None, context: tuple[str, ...], sticky: tuple[str, ...]
) -> None:
    window = conversation_window(CHAT, history_turns=history, sticky_turns=sticky_turns)
    assert (window.query, window.context, window.sticky) == ("and in Berlin?", context, sticky)


def test_a_query_not_yet_in_the_chat_makes_every_user_turn_earlier() -> None:
    window = conversation_window(CHAT[:5], history_turns=1, query="and in Berlin?")
    assert (window.context, window.sticky) == (("weather in Paris?",), ("get_weather",))
    assert conversation_window(CHAT, history_turns=1, query="and in Berlin?").context == ("weather in Paris?",)


def test_unknown_tools_are_left_out_and_searches_are_found() -> None:
    turns = [
        Turn("user", "find a tv tool"),
        Turn("assistant", searched=True),
        Turn("tool", found=("tv_guide",), searched=True),
        Turn("assistant", called=("handoff",)),
        Turn("user", "go"),
    ]
    window = conversation_window(turns, history_turns=1, tools={"tv_guide"})
    assert (window.found, window.called, window.searched) == (("tv_guide",), (), True)


# ----- tool extras -----


def test_one_key_set_and_one_error_type() -> None:
    assert EXTRAS_KEYS == ("annotations", "category", "tags", "triggers")
    with pytest.raises(ToolSpecError, match=r"metadata\['t'\]: unknown keys \['domain'\]"):
        check_tool_extras("t", {"domain": "x"})
    with pytest.raises(ToolSpecError, match=r"metadata: no tool is named \['u'\]"):
        check_extras({"u": {}}, ["t"])
    with pytest.raises(ToolSpecError, match=r"metadata\['t'\]: expected a mapping"):
        check_extras({"t": "x"}, ["t"])
    assert check_extras(None, ["t"]) == {}


def test_extras_become_load_tool_fields() -> None:
    fields = extras_fields("t", {"category": "", "tags": "fs", "annotations": {"readOnlyHint": True}})
    assert fields == {"category": None, "tags": ["fs"], "triggers": [], "annotations": {"readOnlyHint": True}}
    with pytest.raises(ToolSpecError, match="t: triggers must be a string or a list of strings, got 3"):
        extras_fields("t", {"triggers": ["ok", 3]})


# ----- the caching embedder -----


class Counting(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.batches: list[int] = []

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        self.batches.append(len(texts))
        return super().embed_documents(texts)


def test_each_text_is_embedded_once_in_batches() -> None:
    inner = Counting()
    cached = CachingEmbedder(inner)
    texts = [f"tool {i}" for i in range(EMBED_BATCH + 4)]
    first = cached.embed_documents(texts)
    again = cached.embed_documents([*reversed(texts), texts[0]])
    assert inner.batches == [EMBED_BATCH, 4]  # 260 texts: one full batch and the rest
    assert cached.texts_embedded == len(texts) and cached.id == inner.id
    np.testing.assert_array_equal(first, inner.embed_documents(texts))
    np.testing.assert_array_equal(again[0], first[-1])
    assert cached.embed_queries([]).shape[0] == 0


# ----- lenient names -----


@pytest.mark.parametrize(
    ("name", "lenient"),
    [("f__v2", "f"), ("math.factorial__v10", "math.factorial"), ("a__vx", "a__vx"), ("plain", "plain")],
)
def test_only_a_final_version_suffix_is_a_rename(name: str, lenient: str) -> None:
    assert lenient_name(name) == lenient


# ----- fallback_to_empty -----


def test_the_core_wraps_the_error_or_logs_and_returns_nothing(caplog: pytest.LogCaptureFixture) -> None:
    with pytest.raises(SelectionError, match="selection failed for query 'q': RuntimeError: boom"):
        failure_selection("q", RuntimeError("boom"), fallback_to_empty=False)
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        empty = failure_selection("q", RuntimeError("boom"), fallback_to_empty=True)
    assert (empty.selected, empty.notes, empty.detail) == ((), (), "RuntimeError: boom")
    assert "continuing with no tools" in caplog.text


def test_an_adapter_gets_the_error_itself_or_its_own_note() -> None:
    # the adapter warns on its own channel (tests of each adapter check it)
    error = EmbedderError("model crashed")
    with pytest.raises(EmbedderError):
        failed_selection("q", error, fallback_to_empty=False, note="n")
    empty = failed_selection("q", error, fallback_to_empty=True, note="the adapter's note")
    assert (empty.selected, empty.query, empty.notes) == ((), "q", ("the adapter's note",))


@pytest.mark.parametrize("face", ["core", "adapter"])
@pytest.mark.parametrize(
    "error", [QueryError("top_k: got 0"), ConfigError("always_include: ..."), ToolSpecError("tool 'x': ...")]
)
def test_a_callers_mistake_raises_on_every_face_whatever_the_fallback(face: str, error: Exception) -> None:
    for fallback in (True, False):
        with pytest.raises(type(error)):
            if face == "core":
                failure_selection("q", error, fallback_to_empty=fallback)
            else:
                failed_selection("q", error, fallback_to_empty=fallback, note="n")
