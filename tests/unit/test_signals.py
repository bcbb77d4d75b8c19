import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._signals import (
    ToolTokens,
    category_match,
    clamp01,
    combine,
    lexical_overlap,
    lexical_score,
    name_match,
    tag_score,
)
from toolfilter_core._tokenize import unique_tokens

WEATHER = ToolSpec(
    name="get_weather",
    description="Get the current weather for a city",
    category="weather",
    tags=("forecast", "outdoor"),
)


def test_lexical_counts_name_description_and_category_not_tags():
    query = unique_tokens("weather forecast in Paris")  # weather, forecast, in, paris
    tokens = ToolTokens(WEATHER)
    # only "weather" is in name/description/category; "forecast" is a tag
    assert lexical_overlap(query, tokens) == 1
    assert lexical_score(query, tokens) == pytest.approx(1 / 4)


def test_tag_score_is_share_of_tag_tokens_found():
    tokens = ToolTokens(WEATHER)
    # tags tokenize to {forecast, outdoor}; the query holds one of two
    assert tag_score(unique_tokens("forecast for tomorrow"), tokens) == pytest.approx(1 / 2)
    assert tag_score(unique_tokens("anything"), ToolTokens(ToolSpec(name="x"))) == 0.0


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("please get weather now", 1.0),  # both name tokens present
        ("what is the weather", 0.0),  # only one of them
        ("get_weather", 1.0),
    ],
)
def test_name_match(query, expected):
    assert name_match(unique_tokens(query), ToolTokens(WEATHER)) == expected


def test_category_match_is_binary_and_case_insensitive():
    assert category_match("Weather", WEATHER) == 1.0
    assert category_match("mail", WEATHER) == 0.0
    assert category_match(None, WEATHER) == 0.0


def test_clamp01():
    assert (clamp01(-0.3), clamp01(0.4), clamp01(1.7)) == (0.0, 0.4, 1.0)


def test_combine_is_weighted_mean():
    signals = {"embed": 0.8, "lexical": 0.5, "tag": 0.0, "name": 1.0}
    weights = {"embed": 0.7, "lexical": 0.2, "tag": 0.05, "name": 0.05}
    # (0.7*0.8 + 0.2*0.5 + 0.05*0 + 0.05*1) / 1.0 = 0.56 + 0.10 + 0.05 = 0.71
    assert combine(signals, weights) == pytest.approx(0.71)


def test_combine_normalises_when_weights_exceed_one():
    # (1*0.6 + 1*0.2) / 2 = 0.4
    assert combine({"embed": 0.6, "lexical": 0.2}, {"embed": 1.0, "lexical": 1.0}) == pytest.approx(0.4)


def test_combine_all_zero_weights_is_zero():
    assert combine({"embed": 0.9}, {"embed": 0.0}) == 0.0


def test_bm25_scales_by_the_best_tool_and_damps_weak_coverage():
    from toolfilter_core._bm25 import BM25Index

    index = BM25Index(["send email message", "read inbox messages", "disk usage report"])
    strong = index.scores("send email", full_coverage=0.15)
    assert strong[0] == 1.0  # the best tool covers the whole query: undamped
    assert strong[2] == 0.0  # shares no token
    # one stray shared token out of many unknown ones: the best tool covers little -> damped
    weak = index.scores("please kindly email someone somewhere sometime", full_coverage=0.5)
    assert 0.0 < weak.max() < 1.0
    assert index.scores("zzz qqq").max() == 0.0
    # no damping asked: plain division by the best score
    assert index.scores("please kindly email someone somewhere sometime", full_coverage=0.0).max() == 1.0
