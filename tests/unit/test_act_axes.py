"""The shipped act axes: for the phrases in force, used instead of embedding them."""

import json

import numpy as np

from toolfilter_core import HashingEmbedder
from toolfilter_core._pipeline import destroy_ask
from toolfilter_core._pipeline.destroy_ask import AXES_FILE, act_axis, phrases_digest, shipped_axes


def test_the_shipped_file_is_for_the_phrases_in_force():
    data = json.loads(AXES_FILE.read_text(encoding="utf-8"))
    assert data["phrases"] == phrases_digest(), "act phrases edited: run benchmarks/act_axes.py --write"
    assert any(key.startswith("use-m3@") for key in data["axes"])


class _Named(HashingEmbedder):
    """An embedder with a shipped axis's id that counts what it embeds."""

    def __init__(self, id_: str) -> None:
        super().__init__()
        self._id, self.texts = id_, 0

    @property
    def id(self) -> str:
        return self._id

    def embed_queries(self, texts):  # type: ignore[no-untyped-def]
        self.texts += len(texts)
        return super().embed_queries(texts)


def test_a_shipped_axis_is_read_not_embedded():
    key = next(iter(shipped_axes()))
    embedder = _Named(key)
    axis = act_axis(embedder)
    assert embedder.texts == 0
    assert np.allclose(axis, shipped_axes()[key])


def test_an_embedder_without_one_embeds_the_phrases_once(monkeypatch):
    monkeypatch.setattr(destroy_ask, "shipped_axes", dict)
    embedder = _Named("not-shipped")
    act_axis(embedder)
    act_axis(embedder)
    assert embedder.texts == len(destroy_ask.DESTROY) + len(destroy_ask.OTHER)


def test_a_profile_neighbour_decides_only_for_a_request_that_leans_to_destroy(monkeypatch):
    embedder = _Named("any")
    monkeypatch.setattr(destroy_ask, "phrase_margin", lambda _e, _v: 0.02)
    vector = np.zeros(4, dtype=np.float32)
    monkeypatch.setattr(destroy_ask, "NEIGHBOUR_LEAN", 0.05)
    assert not destroy_ask.neighbour_leans(embedder, vector)
    monkeypatch.setattr(destroy_ask, "NEIGHBOUR_LEAN", 0.0)
    assert destroy_ask.neighbour_leans(embedder, vector)
    monkeypatch.setattr(destroy_ask, "NEIGHBOUR_LEAN", None)
    assert destroy_ask.neighbour_leans(embedder, vector)
    assert destroy_ask.neighbour_leans(embedder, None)  # no vector: the neighbour alone decides
