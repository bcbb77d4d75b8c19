"""The second pass's int8 rows converted once per request: the same cosines as converting them per vector."""

import numpy as np
import pytest

from toolfilter_core.index import _coverage, _rest
from toolfilter_core.index._matrix import per_vector, search, search_rows
from toolfilter_core.index._rest import converted, rest_top_two

from .test_profile_vectors import registry_rows


def random_rest(tools=60, dim=32, seed=3):
    """int8 rows with a scale each, 1 to 9 rows a tool, grouped by tool."""
    rng = np.random.default_rng(seed)
    counts = rng.integers(1, 10, tools)
    starts = np.r_[0, np.cumsum(counts)].astype(np.int64)
    rest = rng.integers(-127, 128, (int(starts[-1]), dim)).astype(np.int8)
    scale = (rng.random(len(rest)) / 127.0).astype(np.float32)
    return rest, scale, starts, rng


@pytest.mark.parametrize("chunk", [1, 256, 1 << 20])
def test_converting_once_for_every_vector_gives_the_cosines_of_converting_per_vector(monkeypatch, chunk):
    monkeypatch.setattr(_rest, "CHUNK_BYTES", chunk)  # one row, a few rows, every row at a time
    rest, scale, starts, rng = random_rest()
    vectors = rng.standard_normal((5, rest.shape[1])).astype(np.float32)
    needs = [np.sort(rng.choice(60, size, replace=False)).astype(np.int64) for size in (10, 25, 40, 3, 60)]
    done = converted(rest, scale, starts, vectors, needs)
    assert np.array_equal(done.tools, np.arange(60))
    for column, need in enumerate(needs):
        want_best, want_second = rest_top_two(rest, scale, starts, vectors[column], need)
        found = done.top_two(column, need)
        assert found is not None
        assert np.allclose(found[0], want_best, rtol=0, atol=1e-5)
        assert np.array_equal(np.isfinite(found[1]), np.isfinite(want_second))  # a tool of one row has no second
        assert np.allclose(found[1], want_second, rtol=0, atol=1e-5)
        some = need[: len(need) // 2]  # any part of its tools, too
        part = done.top_two(column, some)
        assert part is not None and np.allclose(part[0], found[0][: len(some)], rtol=0, atol=1e-5)


def test_a_tool_not_converted_for_a_vector_is_not_answered_from_the_conversion():
    rest, scale, starts, rng = random_rest()
    vectors = rng.standard_normal((2, rest.shape[1])).astype(np.float32)
    done = converted(rest, scale, starts, vectors, [np.array([1, 2, 3]), np.array([3, 4])])
    assert done.top_two(0, np.array([1, 3])) is not None
    assert done.top_two(0, np.array([3, 4])) is None  # converted, but for the other vector only
    assert done.top_two(1, np.array([4, 59])) is None  # never converted
    empty = done.top_two(1, np.zeros(0, dtype=np.int64))
    assert empty is not None and not len(empty[0])


def test_a_request_and_its_clauses_get_the_cosines_of_searching_each_vector_on_its_own(monkeypatch):
    specs, records, owner = registry_rows()
    monkeypatch.setattr(_coverage, "PROFILE_VECTORS", 1)
    monkeypatch.setattr(_coverage, "SHORTLIST", 8)
    two = search_rows(specs, records, owner)
    rng = np.random.default_rng(11)
    picks = two.matrix[[5, 37, 70, 101]] + 0.2 * rng.standard_normal((4, two.matrix.shape[1]))
    vectors = (picks / np.linalg.norm(picks, axis=1, keepdims=True)).astype(np.float32)
    query, clauses = vectors[0], vectors[1:]
    got = search(two, query, 40, clauses)
    assert got.per_clause is not None
    for column, clause in enumerate(clauses):  # a clause's shortlist is its own first pass's
        alone = search(two, clause, 40).best
        assert np.allclose(got.per_clause[:, column], alone, rtol=0, atol=1e-6)
    assert np.allclose(per_vector(two, clauses), got.per_clause, rtol=0, atol=1e-6)
    # the request's shortlist: ranked by its first pass or a clause's lifted cosine
    first = search(two, query, 40, None).best  # lifted only where the request's own shortlist is
    plain_first = np.maximum.reduceat(two.matrix @ query, two.starts)
    near = np.sort(np.argsort(-np.maximum(plain_first, got.per_clause.max(axis=1)))[:8])
    top, _ = rest_top_two(two.rest, two.rest_scale, two.rest_starts, query, near)
    want = plain_first.copy()
    want[near] = np.maximum(plain_first[near], top)
    assert np.allclose(got.best, want, rtol=0, atol=1e-6)
    assert not np.allclose(first, want, rtol=0, atol=1e-6)  # the clauses moved the request's shortlist


def test_reading_the_matrix_a_block_at_a_time_gives_the_same_search(monkeypatch):
    specs, records, owner = registry_rows()
    monkeypatch.setattr(_coverage, "PROFILE_VECTORS", 1)
    two = search_rows(specs, records, owner)
    query, clauses = two.matrix[7], two.matrix[[33, 100]]
    whole = search(two, query, 40, clauses)
    monkeypatch.setattr(_rest, "CHUNK_BYTES", 4 * two.matrix.shape[1] * 7)  # seven rows a block
    blocks = search(two, query, 40, clauses)
    for field in ("best", "second", "authored", "voice", "plain", "destroy", "per_clause"):
        assert np.allclose(getattr(blocks, field), getattr(whole, field), rtol=0, atol=1e-6), field
