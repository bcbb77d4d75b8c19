"""The two-pass profile search: a few covering requests per tool first, the rest for the tools near the top."""

import dataclasses

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core.index import _coverage
from toolfilter_core.index._coverage import COVER_KEY, cover_ranks
from toolfilter_core.index._matrix import one_pass as all_rows
from toolfilter_core.index._matrix import search, search_rows
from toolfilter_core.index._records import DESTROY_KIND, PROFILE_KIND, Record
from toolfilter_core.index._tool_index import embed_records

ALIKE = (
    "back up my photos to the nas",
    "back up my photos to the nas tonight",
    "please back up my photos to the nas",
    "back up all my photos to the nas",
    "back up the photos to the nas now",
    "can you back up my photos to the nas",
    "back up my photos onto the nas",
)
ODD = "keep a spare copy of every picture somewhere safe"
TOOLS = [
    ToolSpec("backup_photos", "Copy the photo library to network storage"),
    ToolSpec("get_weather", "Weather forecast for a city"),
    ToolSpec("send_mail", "Send an email message to a recipient"),
    ToolSpec("delete_file", "Delete a file from the disk"),
]


def unit(*rows):
    m = np.array(rows, dtype=np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def test_cover_order_takes_the_request_closest_to_the_others_first_then_the_one_they_leave_uncovered():
    around = [[1.0, 0.1, 0, 0], [1.0, -0.1, 0, 0], [1.0, 0, 0.1, 0], [0, 0, 0, 1.0], [1.0, 0, -0.1, 0]]
    group = unit(*around, [1.0, 0, 0, 0])  # the last one sits in the middle of all but the fourth
    ranks = cover_ranks([group, group[:2]])[0]
    assert int(ranks[5]) == 0  # the first: the one closest to all the others
    assert int(ranks[3]) == 1  # then the one request unlike the rest
    assert sorted(ranks.tolist()) == [0, 1, 2, 3, 4, 5]


def test_a_request_unlike_the_tools_others_is_searched_first_and_still_selects_its_tool(monkeypatch):
    monkeypatch.setattr(_coverage, "PROFILE_VECTORS", 2)
    profiles = Profiles({"backup_photos": ToolProfile((*ALIKE, ODD))})  # the odd one is listed last
    tf = ToolFilter(TOOLS, embedder=HashingEmbedder(), profiles=profiles)
    rows = tf.index.rows
    first_pass = [t for t, v in zip(rows.texts, rows.voice, strict=True) if v]
    assert len(first_pass) == 2 and ODD in first_pass
    assert len(rows.rest) == len(ALIKE) - 1
    assert tf.select(ODD).names[0] == "backup_photos"


def test_every_profile_request_still_feeds_the_words_of_its_tool(monkeypatch):
    monkeypatch.setattr(_coverage, "PROFILE_VECTORS", 1)
    profiles = Profiles({"backup_photos": ToolProfile((*ALIKE, ODD))})
    tf = ToolFilter(TOOLS, embedder=HashingEmbedder(), profiles=profiles)
    assert sorted(tf.index.profile_words()["backup_photos"]) == sorted((*ALIKE, ODD))


def registry_rows(tools=40, per_tool=8, dim=64, seed=7, destroy=True):
    """Random unit vectors: per tool a doc row, ``per_tool`` profile requests around it and a destroy-asking one."""
    rng = np.random.default_rng(seed)
    specs = [ToolSpec(f"tool_{i:02d}", f"tool number {i}") for i in range(tools)]
    records, owner = [], []
    for i, spec in enumerate(specs):
        kinds = ["doc", *[PROFILE_KIND] * per_tool, *[DESTROY_KIND] * destroy]
        doc = rng.standard_normal(dim)
        doc /= np.linalg.norm(doc)
        for j, kind in enumerate(kinds):  # each request near its tool's description, apart from the others
            vector = doc + (0.15 * rng.standard_normal(dim) if j else 0.0)
            vector = (vector / np.linalg.norm(vector)).astype(np.float32)
            records.append(Record(f"{i}:{j}", {"kind": kind, "tool": spec.name}, f"{spec.name} {kind} {j}", vector))
            owner.append(i)
    return specs, records, owner


def one_pass(monkeypatch, specs, records, owner):
    monkeypatch.setattr(_coverage, "PROFILE_VECTORS", 10**6)
    return search_rows(specs, records, owner)


@pytest.mark.parametrize("row", [5, 77, 200])
def test_the_second_pass_gives_the_tools_near_the_top_the_cosines_of_one_pass(monkeypatch, row):
    specs, records, owner = registry_rows()
    exact = one_pass(monkeypatch, specs, records, owner)
    monkeypatch.setattr(_coverage, "PROFILE_VECTORS", 1)
    monkeypatch.setattr(_coverage, "SHORTLIST", 8)
    two = search_rows(specs, records, owner)
    assert len(two.matrix) == 40 * 3 and len(two.rest) == 40 * 7
    query = exact.matrix[row] + 0.3 * exact.matrix[row + 1]
    query = (query / np.linalg.norm(query)).astype(np.float32)
    first_only = dataclasses.replace(two, rest=two.rest[:0], rest_starts=np.zeros_like(two.rest_starts))
    want, got = search(exact, query, 40), search(two, query, 40)
    top = np.argsort(-search(first_only, query, 40).best)[:8]  # the shortlist: the first pass's 8 best
    assert int(np.argmax(got.best)) == int(np.argmax(want.best)) == row // 10
    for field in ("best", "second", "authored", "voice", "plain", "destroy"):
        assert np.allclose(getattr(got, field)[top], getattr(want, field)[top], atol=2e-3), field
    clauses = np.stack([query, exact.matrix[row + 2]])
    per_want, per_got = search(exact, query, 40, clauses).per_clause, search(two, query, 40, clauses).per_clause
    per_first = search(first_only, query, 40, clauses).per_clause
    assert per_want is not None and per_got is not None and per_first is not None
    for column in range(2):  # the shortlist: the first pass's 8 best, each with its one-pass cosine
        near = np.argsort(-per_first[:, column])[:8]
        assert np.allclose(per_got[near, column], per_want[near, column], atol=2e-3)
        assert int(np.argmax(per_got[:, column])) == int(np.argmax(per_want[:, column]))


def test_without_the_second_pass_the_tools_near_the_top_would_be_off(monkeypatch):
    # the check above can fail: a first pass alone misses a left-out request's cosine
    specs, records, owner = registry_rows()
    exact = one_pass(monkeypatch, specs, records, owner)
    monkeypatch.setattr(_coverage, "PROFILE_VECTORS", 1)
    monkeypatch.setattr(_coverage, "SHORTLIST", 8)
    two = search_rows(specs, records, owner)
    query = two.rest[3].astype(np.float32)
    query /= np.linalg.norm(query)
    first_only = dataclasses.replace(two, rest=two.rest[:0], rest_starts=np.zeros_like(two.rest_starts))
    tool = int(np.searchsorted(two.rest_starts, 3, side="right") - 1)
    assert search(two, query, 40).best[tool] == pytest.approx(search(exact, query, 40).best[tool], abs=2e-3)
    assert search(first_only, query, 40).best[tool] < search(exact, query, 40).best[tool] - 0.1


def test_the_cover_ranks_are_stored_with_the_profile_requests_and_a_store_without_them_searches_the_same():
    profiles = Profiles({"backup_photos": ToolProfile((*ALIKE, ODD), ("wipe the photo backup",))})
    specs = [dataclasses.replace(TOOLS[0], profile=profiles.tools["backup_photos"]), *TOOLS[1:]]
    records = embed_records(HashingEmbedder(), specs, progress=False)
    ranks = {r.document: r.metadata.get(COVER_KEY) for r in records}
    assert sorted(ranks[t] for t in (*ALIKE, ODD)) == list(range(len(ALIKE) + 1))
    assert ranks["wipe the photo backup"] is None
    assert all(COVER_KEY not in r.metadata for r in records if r.metadata["kind"] == "doc")
    by_tool = {s.name: i for i, s in enumerate(specs)}
    order = sorted(range(len(records)), key=lambda i: by_tool[records[i].metadata["tool"]])
    rows = [records[i] for i in order]
    owner = [by_tool[r.metadata["tool"]] for r in rows]
    old = [Record(r.id, {k: v for k, v in r.metadata.items() if k != COVER_KEY}, r.document, r.embedding) for r in rows]
    stored, computed = search_rows(specs, rows, owner), search_rows(specs, old, owner)
    assert stored.texts == computed.texts and stored.rest_texts == computed.rest_texts
    assert np.array_equal(stored.matrix, computed.matrix)


def test_all_rows_in_one_pass_give_every_tool_the_cosines_of_one_pass(monkeypatch):
    specs, records, owner = registry_rows()
    exact = one_pass(monkeypatch, specs, records, owner)
    monkeypatch.setattr(_coverage, "PROFILE_VECTORS", 0)
    two = search_rows(specs, records, owner)
    merged = all_rows(two)
    assert len(two.matrix) == 40 * 2 and len(merged.matrix) == len(exact.matrix) and not len(merged.rest)
    assert np.array_equal(merged.starts, exact.starts) and np.array_equal(
        merged.matrix[merged.starts], exact.matrix[exact.starts]
    )
    query = exact.matrix[123]
    want, got = search(exact, query, 40), search(merged, query, 40)
    for field in ("best", "second", "voice", "plain", "destroy"):
        assert np.allclose(getattr(got, field), getattr(want, field), atol=5e-3), field


@pytest.mark.parametrize("row", [4, 58])
def test_with_descriptions_alone_in_the_first_pass_the_tools_near_the_top_still_get_every_request(monkeypatch, row):
    specs, records, owner = registry_rows(destroy=False)
    exact = one_pass(monkeypatch, specs, records, owner)
    monkeypatch.setattr(_coverage, "PROFILE_VECTORS", 0)
    monkeypatch.setattr(_coverage, "SHORTLIST", 8)
    two = search_rows(specs, records, owner)
    assert len(two.matrix) == 40 and len(two.rest) == 40 * 8
    query = exact.matrix[row] + 0.3 * exact.matrix[row + 1]
    query = (query / np.linalg.norm(query)).astype(np.float32)
    want, got = search(exact, query, 40), search(two, query, 40)
    top = np.argsort(-two.matrix @ query)[:8]
    assert int(np.argmax(got.best)) == int(np.argmax(want.best)) == row // 9
    for field in ("best", "second", "authored", "voice", "plain"):
        assert np.allclose(getattr(got, field)[top], getattr(want, field)[top], atol=5e-3), field
