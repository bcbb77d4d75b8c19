"""Near misses checked like tool requests: one as close to a tool as its own requests are is left out."""

from __future__ import annotations

import logging

import numpy as np

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._tool_profiles.guard import NearMissRows, near_misses_apart


def unit(*xs: float) -> list[float]:
    v = np.asarray(xs, dtype=np.float32)
    return list(v / np.linalg.norm(v))


# two tools on axes 0 and 1, each a description and two profile requests near it
MATRIX = np.asarray(
    [
        unit(1, 0, 0, 0),
        unit(1, 0.2, 0, 0),
        unit(1, 0, 0.2, 0),
        unit(0, 1, 0, 0),
        unit(0.2, 1, 0, 0),
        unit(0, 1, 0, 0.2),
    ],
    dtype=np.float32,
)
OWNER = np.asarray([0, 0, 0, 1, 1, 1], dtype=np.int64)
STARTS = np.asarray([0, 3], dtype=np.int64)
VOICE = np.asarray([False, True, True, False, True, True])


def test_a_near_miss_that_reads_like_a_tool_s_requests_is_left_out_and_said(caplog):
    near = np.asarray([unit(1, 0.1, 0.1, 0), unit(0, 0, 0, 1), unit(0.3, 0.3, 0, 1)], dtype=np.float32)
    texts = ["check the weather in Oslo", "tell me a joke", "what is a cloud"]
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        keep = near_misses_apart(NearMissRows(near, texts, MATRIX, OWNER, STARTS, VOICE, ["get_weather", "send_mail"]))
    assert keep.tolist() == [False, True, True]
    assert len(caplog.records) == 1
    said = caplog.records[0].getMessage()
    assert "'check the weather in Oslo'" in said and "'get_weather'" in said and "left out" in said


def test_without_profile_requests_every_near_miss_is_kept():
    near = np.asarray([unit(1, 0, 0, 0)], dtype=np.float32)
    keep = near_misses_apart(NearMissRows(near, ["x"], MATRIX, OWNER, STARTS, np.zeros(6, dtype=bool), ["a", "b"]))
    assert keep.tolist() == [True]


def test_a_filter_leaves_a_copied_tool_request_out_of_its_near_misses():
    tools = [
        ToolSpec("get_weather", "Weather forecast for a city: temperature, rain and wind"),
        ToolSpec("send_mail", "Send an email message to a recipient with a subject and a body"),
    ]
    weather = ("what is the weather forecast in Oslo tomorrow", "will it rain in Paris this weekend")
    mail = ("send an email to Ann about the meeting", "mail the report to my boss")
    near = ("tell me a joke about penguins", "what is the capital of France")
    profiles = Profiles({"get_weather": ToolProfile(weather), "send_mail": ToolProfile(mail)}, (*near, weather[0]))
    tf = ToolFilter(tools, profiles=profiles, embedder=HashingEmbedder())
    assert weather[0] not in tf.index.no_tool_texts
    assert set(near) <= set(tf.index.no_tool_texts)
