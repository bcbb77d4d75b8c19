"""benchmarks/choose_no_tool_bars.py: it loads, measures a registry's evidence, and pools the left-out figures."""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

import numpy as np

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._evaluate import LabelledQuery

_DIR = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(_DIR))  # the script imports profile_rows beside it
_SPEC = importlib.util.spec_from_file_location("choose_no_tool_bars", _DIR / "choose_no_tool_bars.py")
assert _SPEC is not None and _SPEC.loader is not None
bars = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(bars)  # it imported a name abstain.py no longer had (PhraseVectors)


def test_measured_gives_each_request_its_evidence_with_and_without_profiles() -> None:
    from profile_rows import Row

    tools = [ToolSpec("get_weather", "Weather forecast for a city"), ToolSpec("send_mail", "Send an email message")]
    profiles = Profiles({"get_weather": ToolProfile(("will it rain in Oslo",))}, ("how do forecasts work",))
    queries = [
        LabelledQuery("t", "will it rain in Oslo", ("get_weather",), "en"),
        LabelledQuery("n", "how do forecasts work", (), "en"),
    ]
    row = Row("tiny", "chose", tools, queries, profiles)
    base = recommended_config(embedder="hashing")
    for profiled in (True, False):
        found = bars.measured(row, base, CachingEmbedder(HashingEmbedder()), profiled)
        assert found.needs_tool.tolist() == [True, False]
        assert np.isfinite(found.value).all()
    # with profiles: cosine 1 to the profile request and to the near miss, on opposite sides
    with_profiles = bars.measured(row, base, CachingEmbedder(HashingEmbedder()), True)
    assert with_profiles.served.tolist()[0]  # the no-tool test off: the weather request gets its tool
    assert with_profiles.value[1] > 0 > with_profiles.value[0]


def _requests(needs: list[bool], values: list[float]) -> object:
    n = len(needs)
    return bars.Requests(np.array(needs), np.array(values), np.ones(n, dtype=bool), np.ones(n))


def test_the_pooled_left_out_figures_weigh_every_request_alike() -> None:
    # registry a: 1 tool request, 1 no-tool; b: 3 tool requests, 1 no-tool. Each bar is chosen on
    # the other: b's tool requests sit at .0 so a's left-out bar is .01; a's at .5, so b's is .51
    tables = {
        rule: {"a": _requests([True, False], [0.5, 0.3]), "b": _requests([True, True, True, False], [0.0] * 3 + [0.6])}
        for rule in bars.RULES
    }
    args = argparse.Namespace(max_nothing=0.0, max_search=0.0)
    loo = bars.leave_one_out(tables, ["a", "b"], args)
    a, b = (loo["registries"][n]["on_it"]["profiles"] for n in "ab")
    assert (a["tool_nothing"], a["none_none"]) == (1.0, 1.0)  # .5 and .3 >= .01
    assert (b["tool_nothing"], b["none_none"]) == (0.0, 1.0)  # .6 >= .51
    pooled = loo["pooled"]["profiles"]
    assert pooled["tool_nothing"] == 1 / 4 and pooled["none_none"] == 1.0
