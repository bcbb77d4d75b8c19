"""One user message, many model calls: the request is embedded and read once.

An agent selects before every model call of a turn with the same user message; the
request's vector, its asks' and its ask apart from pasted material are computed on the
first call and reused, in a cache bounded in entries and characters.
"""

from __future__ import annotations

import numpy as np

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._embed_cache import Recent, TurnEmbedder

SPECS = [
    ToolSpec("send_mail", "Send an e-mail message to someone."),
    ToolSpec("read_file", "Read the contents of a text file."),
    ToolSpec("get_weather", "Weather forecast for a city."),
]
PASTED = (
    "here is the log:\n```\n" + "\n".join(f"ERROR worker {i} lost the db" for i in range(60)) + "\n```\nmail it to Ann"
)


class Counting(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.batches: list[tuple[str, ...]] = []

    def embed_queries(self, texts):  # type: ignore[no-untyped-def,override]
        self.batches.append(tuple(texts))
        return super().embed_queries(texts)


def test_the_model_calls_of_one_turn_embed_the_request_once_and_select_the_same() -> None:
    embedder = Counting()
    tf = ToolFilter(SPECS, embedder=embedder)
    embedder.batches.clear()
    first = tf.select(PASTED, context=["hello"])
    embedded = len(embedder.batches)
    assert embedded >= 1
    again = [tf.select(PASTED, context=["hello"]) for _ in range(3)]
    assert len(embedder.batches) == embedded  # nothing embedded for the later calls of the turn
    assert all(a.names == first.names and a.notes == first.notes for a in again)
    assert [s.score for s in again[-1].selected] == [s.score for s in first.selected]
    tf.select("what is the weather in Oslo")  # the next user message is embedded
    assert len(embedder.batches) == embedded + 1


def test_a_new_embedder_is_never_served_the_old_ones_vectors() -> None:
    tf = ToolFilter(SPECS, embedder=HashingEmbedder())
    tf.select("read the notes file")
    other = Counting()
    tf.embedder = other
    tf.select("read the notes file")
    assert ("read the notes file",) in [b[:1] for b in other.batches]


def test_the_cache_is_bounded_in_entries_and_characters() -> None:
    recent = Recent(entries=2, chars=100)
    for n in range(5):
        recent.get(("k", n), 10, lambda n=n: n)
    assert recent.get(("k", 0), 10, lambda: "computed again") == "computed again"  # evicted
    assert recent.get(("k", 4), 10, lambda: "not this") == 4
    big = recent.get("big", 1000, lambda: "too big to keep")
    assert big == "too big to keep" and recent.get("big", 1000, lambda: "again") == "again"
    assert recent.get(["unhashable"], 1, lambda: 7) == 7


def test_vectors_from_the_cache_are_copies_of_what_the_embedder_gave() -> None:
    inner = HashingEmbedder()
    turn = TurnEmbedder(inner)
    first = turn.embed_queries(["a request", "its ask"])
    first[:] = 0.0  # a caller that writes into its array does not change the cache
    np.testing.assert_array_equal(
        turn.embed_queries(["a request", "its ask"]), inner.embed_queries(["a request", "its ask"])
    )
    assert turn.id == inner.id
