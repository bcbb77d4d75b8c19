"""The model adapters with their real packages, offline: MiniLM, e5-small, use-m3 threads, use-m3|minilm routing."""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import (
    RoutedEmbedder,
    ToolFilter,
    USEEmbedder,
    get_embedder,
    load_bundled_tools,
    recommended_config,
)

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def minilm():
    return get_embedder("minilm")


@pytest.mark.parametrize("name", ["minilm", "e5-small"])
def test_a_packaged_model_loads_offline_and_returns_unit_vectors(name, minilm):
    embedder = minilm if name == "minilm" else get_embedder(name)
    vectors = embedder.embed_documents(["send an email", "发邮件"])
    assert vectors.shape == (2, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert embedder.id.startswith(f"{name}@")


def test_minilm_ranks_english_paraphrases(minilm):
    tools = ["send an email message to someone", "delete a file from disk", "list calendar events"]
    query = minilm.embed_queries(["write to bob by mail"])[0]
    assert int(np.argmax(minilm.embed_documents(tools) @ query)) == 0


def test_use_m3_or_minilm_keeps_use_m3_on_chinese_and_adds_minilm_on_english(default_embedder, minilm):
    routed = RoutedEmbedder(default_embedder, minilm)
    tools = load_bundled_tools()
    both = ToolFilter(tools, embedder=routed, config=recommended_config(embedder="use-m3|minilm"))
    alone = ToolFilter(tools, embedder=default_embedder)
    chinese = "把周五下午的评审会取消掉"
    assert both.select(chinese).names == alone.select(chinese).names
    first = both.select(chinese).selected[0]
    assert first.breakdown.signals["embed"] == pytest.approx(
        alone.select(chinese).selected[0].breakdown.signals["embed"], abs=1e-5
    )
    english = both.select("email alice that the quarterly report is ready")
    assert "send_mail" in english.names[:3]


def test_an_empty_batch_gives_an_empty_matrix_of_the_model_s_width(minilm):
    assert minilm.embed_queries([]).shape == (0, 384)


def test_use_m3_embeds_documents_on_more_threads_with_the_same_vectors():
    texts = [t.document() for t in load_bundled_tools()]
    one = USEEmbedder(document_threads=1).embed_documents(texts)
    two = USEEmbedder(document_threads=2).embed_documents(texts)
    np.testing.assert_allclose(one, two, atol=1e-6)
    np.testing.assert_allclose(USEEmbedder().embed_queries(texts[:3]), one[:3], atol=1e-6)
