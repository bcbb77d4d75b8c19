"""The foreign-request check, screened: the same flags as comparing every row with every tool."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.typing import NDArray

from toolfilter_core.index import _foreign
from toolfilter_core.index._foreign import ignore_foreign_triggers


def dense(matrix, owner, starts, triggers, voice) -> NDArray[np.bool_]:
    """The rule spelled out: every checked row against every other tool's description (and centroid)."""
    docs = matrix[starts]
    centroids = np.zeros_like(docs)
    for tool in range(len(starts)):
        mine = voice & (owner == tool)
        if mine.any():
            total = matrix[mine].sum(axis=0)
            centroids[tool] = total / np.linalg.norm(total) if np.linalg.norm(total) > 0 else 0.0
    out = np.zeros(len(owner), dtype=bool)
    for row in np.flatnonzero(triggers | voice):
        cos = docs @ matrix[row]
        if voice[row]:
            cos = np.maximum(cos, centroids @ matrix[row])
        own = cos[owner[row]]
        other = np.delete(cos, owner[row]).max()
        out[row] = other >= own + 0.1 and other >= 0.6
    return out


def registry(rng: np.random.Generator, tools: int, dim: int):
    """Random tools: a description, then triggers or requests near it, a few copied from others, a few odd."""
    rows, owner, triggers, voice = [], [], [], []
    docs = rng.standard_normal((tools, dim))
    for tool in range(tools):
        rows.append(docs[tool])
        owner.append(tool)
        triggers.append(False)
        voice.append(False)
        for _ in range(int(rng.integers(0, 6))):
            pick = rng.random()
            if pick < 0.15:  # another tool's description, maybe bent a little
                row = docs[rng.integers(tools)] + 0.3 * rng.standard_normal(dim)
            elif pick < 0.2:
                row = np.zeros(dim)
            else:
                row = docs[tool] + rng.uniform(0.2, 1.2) * rng.standard_normal(dim)
            rows.append(row * (rng.uniform(0.8, 1.2) if rng.random() < 0.1 else 1 / np.linalg.norm(row + 1e-12)))
            owner.append(tool)
            is_trigger = rng.random() < 0.3
            triggers.append(is_trigger)
            voice.append(not is_trigger)
    matrix = np.asarray(rows, dtype=np.float32)
    owner_a = np.asarray(owner, dtype=np.int64)
    starts = np.flatnonzero(np.r_[True, owner_a[1:] != owner_a[:-1]])
    return matrix, owner_a, starts, np.asarray(triggers), np.asarray(voice)


@pytest.mark.parametrize("cells", [1, 64, 2**22], ids=["one-a-group", "a-few-a-group", "all-in-one"])
@pytest.mark.parametrize("seed", range(6))
def test_the_screened_check_flags_exactly_what_comparing_every_pair_flags(seed, cells, monkeypatch):
    monkeypatch.setattr(_foreign, "_CELLS", cells)
    monkeypatch.setattr(_foreign, "NEAREST_TOOLS", 10**6)  # no cut: the bound alone decides
    rng = np.random.default_rng(seed)
    matrix, owner, starts, triggers, voice = registry(rng, int(rng.integers(3, 60)), int(rng.choice([4, 8, 24])))
    expected = dense(matrix, owner, starts, triggers, voice)
    found = ignore_foreign_triggers(matrix, owner, starts, triggers, voice)
    assert found.tolist() == expected.tolist()
    assert not matrix[found].any()  # flagged rows are zeroed


def axes(*rows: tuple[float, ...]) -> NDArray[np.float32]:
    m = np.asarray(rows, dtype=np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


# three tools on axes 0, 1, 2 of a 6-dimensional space; each a description and two requests
MATRIX = axes(
    (1, 0, 0, 0, 0, 0),
    (1, 0.3, 0, 0, 0, 0),
    (1, 0, 0, 0.3, 0, 0),
    (0, 1, 0, 0, 0, 0),
    (0, 1, 0, 0, 0.3, 0),
    (1, 0, 0, 0, 0, 0.05),  # tool 1's second request copies tool 0's description
    (0, 0, 1, 0, 0, 0),
    (0, 0, 1, 0.2, 0, 0),
    (0.75, 0, 1, 0, 0, 0),  # tool 2's own, and near tool 0 too (0.6 to it, 0.8 to its own)
)
OWNER = np.asarray([0, 0, 0, 1, 1, 1, 2, 2, 2], dtype=np.int64)
STARTS = np.asarray([0, 3, 6], dtype=np.int64)
VOICE = np.asarray([False, True, True] * 3)
NO_TRIGGERS = np.zeros(9, dtype=bool)


@pytest.mark.parametrize("cells", [1, 2**22])
def test_a_request_copied_from_another_tool_is_flagged_and_one_near_its_own_tool_is_kept(cells, monkeypatch):
    monkeypatch.setattr(_foreign, "_CELLS", cells)
    matrix = MATRIX.copy()
    found = ignore_foreign_triggers(matrix, OWNER, STARTS, NO_TRIGGERS, VOICE)
    assert np.flatnonzero(found).tolist() == [5]
    assert not matrix[5].any() and matrix[8].any()


def test_tools_far_apart_are_never_compared_row_by_row(monkeypatch):
    monkeypatch.setattr(_foreign, "_CELLS", 1)
    compared: list[int] = []
    compare = _foreign._compare
    monkeypatch.setattr(_foreign, "_compare", lambda *a: compared.append(int(a[-1].sum())) or compare(*a))
    keep = np.asarray([True, True, True, True, True, False, True, True, False])  # the two close rows out
    matrix = MATRIX[keep].copy()
    owner = OWNER[keep]
    found = ignore_foreign_triggers(matrix, owner, np.asarray([0, 3, 5]), np.zeros(7, dtype=bool), VOICE[keep])
    assert not found.any()
    assert sum(compared) == 0  # the screen let no pair of tools through


@pytest.mark.parametrize("seed", range(4))
def test_with_a_cut_the_check_flags_only_what_the_full_one_flags(seed, monkeypatch):
    monkeypatch.setattr(_foreign, "NEAREST_TOOLS", 2)  # each compared with its two nearest tools at most
    rng = np.random.default_rng(100 + seed)
    matrix, owner, starts, triggers, voice = registry(rng, 40, 4)
    expected = dense(matrix, owner, starts, triggers, voice)
    found = ignore_foreign_triggers(matrix, owner, starts, triggers, voice)
    assert not (found & ~expected).any()  # a cut can miss a flag, never add one


def test_a_copied_request_is_flagged_through_a_centroid_far_from_its_tools_description(monkeypatch):
    # tool 0: description on axis 0, requests on axis 1 (its centroid 45 degrees from the middle
    # of the two); tool 1: description near axis 1, one request copying tool 0's, three on axis 4
    monkeypatch.setattr(_foreign, "_CELLS", 1)
    matrix = axes(
        (1, 0, 0, 0, 0),
        (0, 1, 0, 0, 0),
        (0, 1, 0, 0, 0),
        (0, 1, 0.62, 0, 0),
        (0, 1, 0, 0, 0),
        (0, 0, 0, 0, 1),
        (0, 0, 0, 0, 1),
        (0, 0, 0, 0, 1),
    )
    owner = np.asarray([0, 0, 0, 1, 1, 1, 1, 1], dtype=np.int64)
    voice = np.asarray([False, True, True, False, True, True, True, True])
    found = ignore_foreign_triggers(matrix, owner, np.asarray([0, 3]), np.zeros(8, dtype=bool), voice)
    assert np.flatnonzero(found).tolist() == [4]


def test_the_screen_holds_no_group_by_tools_array_past_its_group(monkeypatch):
    # each group's nearest tools are kept until the rows are compared: a view into the
    # (group, tools) ranking would hold all of it (gigabytes at 50,000 tools)
    monkeypatch.setattr(_foreign, "NEAREST_TOOLS", 2)
    matrix, owner, starts, triggers, voice = registry(np.random.default_rng(3), 30, 8)
    kept = []
    screen = _foreign._screen
    monkeypatch.setattr(_foreign, "_screen", lambda *a: kept.extend(screen(*a)) or kept)
    ignore_foreign_triggers(matrix, owner, starts, triggers, voice)
    assert kept and all(nearest.base is None or nearest.base.size == nearest.size for _, nearest, _ in kept)
