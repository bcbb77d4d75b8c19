"""What a selection looks up in tables worked out once per registry: the same answers as working them out each time.

The servers a request names, the own action it says and the prompt characters of the
tools it selects are read from tables built with the snapshot; a registry that changes
gets new tables.
"""

from __future__ import annotations

import json
import random
import warnings

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec, ToolSpecWarning
from toolfilter_core._pipeline.own_action import GENERIC_ACTIONS, action_named
from toolfilter_core._servers import ServerNames
from toolfilter_core._tokenize import tokenize
from toolfilter_core._types import listed_chars, openai_tool_chars, openai_tools_chars

SERVERS = ("google_calendar", "jira", "aws", "slack", "github", "飞书", "-x-", "pay.ments")
WORDS = ("google", "calendar", "googlecalendar", "Jira", "EC2", "S3", "CloudWatch", "飞书", "SKU-1042", "#482")
WORDS += ("ch_3Pq", "x", "pay", "ments", "pay.ments", "INC-12345", "slack", "github", "hub", "git", "s3://b")


def _registry(seed: int) -> list[ToolSpec]:
    rng = random.Random(seed)
    tools = []
    for server in SERVERS:
        for i in range(3):
            said = " ".join(rng.choice(WORDS) for _ in range(4))
            tools.append(ToolSpec(f"{server}_{i}".replace(".", "_"), f"Works with {server}: {said}.", category=server))
    return tools


def _servers(tools: list[ToolSpec]) -> ServerNames:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        return ServerNames(tools)


def _every_pattern(servers: ServerNames, text: str) -> frozenset[str]:
    """``named`` with every category's pattern tried (the look-up of the literal texts turned off)."""
    servers._heads = {"": set(servers.categories)}  # noqa: SLF001 - the oracle: no category left out
    return servers.named(text)


@pytest.mark.parametrize("seed", range(4))
def test_the_servers_named_are_those_every_pattern_finds(seed: int) -> None:
    rng = random.Random(seed)
    texts = [
        " ".join(rng.choice((*WORDS, *SERVERS, "in", "on", "the", "在", "里")) for _ in range(6)) for _ in range(150)
    ]
    texts += ["GOOGLE-Calendar today", "google calendar", "googlecalendar", "open jira", "飞书里", "x"]
    fast, full = _servers(_registry(seed)), _servers(_registry(seed))
    found = [fast.named(t) for t in texts]
    assert found == [_every_pattern(full, t) for t in texts]
    assert any(found)  # the texts do name servers


def _says_every_action(actions: dict[str, list[int]], query: str, usable: np.ndarray) -> int | None:
    """The rule as a loop over every action (the first the request says wins)."""
    for word in dict.fromkeys(tokenize(query, cjk_unigrams=False)):
        for action, positions in actions.items():
            trims = action.endswith("e") and len(action) >= 5
            if word.startswith(action) or (trims and word.startswith(action[:-1])):
                allowed = [p for p in positions if np.isfinite(usable[p])]
                if allowed:
                    return allowed[0]
    return None


VERBS = ("translate", "convert", "record", "recommend", "summarise", "geocode", "code", "transcribe", "translat")


@pytest.mark.parametrize("seed", range(4))
def test_the_own_action_found_by_its_starts_is_the_one_every_action_tried_finds(seed: int) -> None:
    rng = random.Random(seed)
    tools = [ToolSpec(f"{v}_{i}", f"{v.title()} things {i}.") for i, v in enumerate(VERBS + VERBS[:4])]
    tools.append(ToolSpec("search_docs", "Search docs."))
    tf = ToolFilter(tools, config={"enabled": True}, embedder=HashingEmbedder())
    actions: dict[str, list[int]] = {}
    for position, tool in enumerate(tf.snapshot.tools):
        first = tokenize(tool.name, cjk_unigrams=False)[0]
        if len(first) >= 4 and first not in GENERIC_ACTIONS:
            actions.setdefault(first, []).append(position)
    forms = ("translation", "converted", "recorder", "recommends", "transcription", "codes", "search", "tran")
    for _ in range(200):
        query = " ".join(rng.choice(forms + VERBS) for _ in range(3))
        usable = np.where(np.array([rng.random() < 0.7 for _ in tools]), 0.5, -np.inf).astype(np.float32)
        expected = _says_every_action(actions, query, usable)
        found = action_named(tf.snapshot, query, usable)
        assert found == (None if expected is None else tf.snapshot.tools[expected].name), query


def test_the_own_action_table_follows_the_registry() -> None:
    tf = ToolFilter(
        [ToolSpec("translate_text", "Translate text.")], config={"enabled": True}, embedder=HashingEmbedder()
    )
    usable = np.zeros(1, dtype=np.float32)
    assert action_named(tf.snapshot, "a translation please", usable) == "translate_text"
    tf.set_tools([ToolSpec("convert_units", "Convert units of measure.")])
    assert action_named(tf.snapshot, "a translation please", usable) is None
    assert action_named(tf.snapshot, "converting miles", usable) == "convert_units"


def _tools() -> list[ToolSpec]:
    schema = {"type": "object", "properties": {"city": {"type": "string", "description": '城市, e.g. "Zürich"'}}}
    return [
        ToolSpec("get_weather", "Weather for a city — now.", parameters=schema),
        ToolSpec("send_mail", "Send an e-mail.\nWith a body."),
        ToolSpec("翻译", "把文本翻译成英文"),
        ToolSpec("noop", ""),
    ]


def test_listed_chars_is_the_length_of_the_json_array() -> None:
    tools = _tools()
    for n in range(len(tools) + 1):
        chosen = tools[:n]
        array = json.dumps([t.to_openai() for t in chosen], ensure_ascii=False)
        assert listed_chars([openai_tool_chars(t) for t in chosen]) == (len(array) if chosen else 0)
        assert openai_tools_chars(chosen) == (len(array) if chosen else 0)


def test_a_selections_characters_follow_the_registry() -> None:
    tools = _tools()
    tf = ToolFilter(tools, config={"enabled": True}, embedder=HashingEmbedder())
    assert tf.snapshot.total_chars == openai_tools_chars(tools)
    assert tf.snapshot.tools_chars(list(reversed(tools))) == openai_tools_chars(list(reversed(tools)))
    longer = ToolSpec("get_weather", "Weather for a city, now, in any unit the caller asks for.")
    assert tf.snapshot.tools_chars([longer]) == openai_tools_chars([longer])  # not the served tool: measured
    selection = tf.select("weather in Zurich")
    assert selection.selected_chars == openai_tools_chars([s.tool for s in selection.selected])
    tf.set_tools([longer, *tools[1:]])
    assert tf.snapshot.total_chars == openai_tools_chars([longer, *tools[1:]])
    selection = tf.select("weather in Zurich")
    assert "get_weather" in selection.names
    assert selection.selected_chars == openai_tools_chars([s.tool for s in selection.selected])
    assert selection.selected_chars == tf.snapshot.tools_chars([longer]) or len(selection.selected) > 1


def _combine_one_column_at_a_time(signals: np.ndarray, weights: np.ndarray) -> np.ndarray:
    total = np.zeros(signals.shape[:-1])
    summed = np.zeros(signals.shape[:-1])
    for j, weight in enumerate(weights):
        present = ~np.isnan(signals[..., j])
        summed = summed + weight * np.where(present, signals[..., j], 0.0)
        total = total + weight * present
    return np.divide(summed, total, out=np.zeros_like(summed), where=total > 0)


def test_the_combined_score_and_signal_rows_are_the_same_to_the_last_bit() -> None:
    from toolfilter_core._config import SIGNALS
    from toolfilter_core._pipeline.scoring import signal_rows
    from toolfilter_core._signals import combine_rows

    rng = np.random.default_rng(7)
    for shape in ((0, len(SIGNALS)), (40, len(SIGNALS)), (3, 17, len(SIGNALS))):
        signals = rng.random(shape)
        signals[rng.random(shape) < 0.2] = np.nan
        weights = rng.random(len(SIGNALS)) * (rng.random(len(SIGNALS)) < 0.7)
        assert np.array_equal(combine_rows(signals, weights), _combine_one_column_at_a_time(signals, weights))
    rows = [{n: float(v) for n, v in zip(SIGNALS, r, strict=True) if rng.random() < 0.8} for r in rng.random((30, 8))]
    expected = np.full((len(rows), len(SIGNALS)), np.nan)
    for i, row in enumerate(rows):
        for j, name in enumerate(SIGNALS):
            if name in row:
                expected[i, j] = row[name]
    assert np.array_equal(signal_rows(rows), expected, equal_nan=True)
    assert signal_rows([]).shape == (0, len(SIGNALS))
