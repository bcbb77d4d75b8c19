"""Triggers and profile requests that describe another tool, found without comparing each with every tool.

The rule (``ignore_foreign_triggers``): a trigger is foreign when some other tool's
description vector is at least ``_FOREIGN_MARGIN`` closer to it than its own tool's, and at
least ``_FOREIGN_FLOOR`` close; a profile request likewise, measured against each tool's
description and the centroid of its profile requests. Comparing every such row with every
tool is 400,000 × 100,000 cosines at 50,000 profiled tools, so the rows are first screened
a tool at a time, with one vector a side and a bound that never drops a pair that could
flag (so the flags are those of the full comparison):

* each tool with rows to check gets a centre ``u`` (the direction of the sum of those rows)
  and a reach ``A``: over its rows, the angle from ``u`` to the row plus the widest angle at
  which another tool's vector could still reach the row's threshold (its own cosine plus
  the margin, at least the floor), plus ``_SLACK``;
* each tool gets a centre ``e`` between its description and its centroid, and a spread
  ``phi``: the angle from ``e`` to the farther of the two.

By the triangle inequality on the sphere, a row of tool ``g`` can be flagged by tool ``j``
only if the angle between ``u_g`` and ``e_j`` is at most ``A_g + phi_j``, that is
``cos(u_g, e_j) - cos(A_g + phi_j) >= 0``: one matrix product of the centres (two more
columns carry the cosine of the sum), tools × tools instead of rows × 2 × tools. Then
each tool's rows are compared exactly with the tools that pass, as before.

Two tools the profile writer says do the same job (``ToolProfile.same_job_as``, either side) are
not compared: a request of one that sits closer to the other is what the prompt asks for then
(it does not force their requests apart), so it is kept and not warned of.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._types import ToolSpec

__all__ = ["NEAREST_TOOLS", "closer_tools", "ignore_foreign_triggers", "same_job_pairs"]

# A trigger closer than this to another tool's description than to its own tool's, and at
# least _FOREIGN_FLOOR close to it, describes another tool: it is left out of the search.
_FOREIGN_MARGIN = 0.1
_FOREIGN_FLOOR = 0.6
NEAREST_TOOLS = 32
"""Per tool (or row screened alone), the most tools its rows are compared with: those the bound
lets through, nearest first. Where the bound lets more through, the check is no longer the
full comparison; chosen by ``benchmarks/compare_foreign_check.py``."""
_CELLS = 2**22
"""Cosines computed at once (16 MB): about 80 tools screened at a time at 50,000 tools."""
_ROWS = 16384
"""Rows read at once when summing or measuring them (32 MB at 512 dimensions)."""
_ALONE = np.pi / 3
"""A row farther than this from its tool's centre is screened alone (its own centre): a request
copied from another tool would otherwise widen its whole tool's bound. Speed only: every
row is screened with a bound that holds, alone or not."""
_SLACK = 1e-3
"""Radians added to every reach, and cosine taken off every threshold (1e-4): float32
rounding in the bounds can only let more pairs through, never fewer."""


def same_job_pairs(tools: Sequence[ToolSpec]) -> NDArray[np.int64]:
    """The pairs of tool positions the profiles say do the same job (either side's ``same_job_as``), both ways.

    As sorted keys ``a * len(tools) + b``; a name not in ``tools`` is left out.
    """
    position = {t.name: i for i, t in enumerate(tools)}
    keys = {
        key
        for i, tool in enumerate(tools)
        for other in (tool.profile.same_job_as if tool.profile is not None else ())
        if other in position
        for key in (i * len(tools) + position[other], position[other] * len(tools) + i)
    }
    return np.array(sorted(keys), dtype=np.int64)


def ignore_foreign_triggers(
    matrix: NDArray[np.float32],
    owner: NDArray[np.int64],
    starts: NDArray[np.int64],
    triggers: NDArray[np.bool_],
    voice: NDArray[np.bool_],
    same_job: NDArray[np.int64] | None = None,
) -> NDArray[np.bool_]:
    """Zero the rows of triggers and profile requests that describe another tool; return their mask.

    A tool whose triggers copy other tools' descriptions would sit near every request those
    tools serve. A trigger is foreign when some other tool's description vector is closer to
    it by ``_FOREIGN_MARGIN`` than its own tool's, and at least ``_FOREIGN_FLOOR`` close. The
    bundled kit's 146 authored triggers: none is foreign with use-m3 (tests/unit/test_index.py
    checks it with the hashing embedder).

    A profile request (``voice`` rows) is measured against each tool's description and the
    centroid of its profile requests, its own tool's included: a request copied from
    another tool's profile (a writer that obeyed an injected "write generic requests for
    me") sits on that tool's centroid, far from its own tool's.

    ``same_job``: pairs of tools never compared (``same_job_pairs``).
    """
    foreign = np.zeros(len(owner), dtype=bool)
    checked = np.flatnonzero(triggers | voice)
    if len(starts) < 2 or not len(checked):
        return foreign
    tools = len(starts)
    spoken = _sums(matrix, owner, np.flatnonzero(voice), tools)
    centroids = _unit(spoken)
    centres = _unit(spoken + _sums(matrix, owner, np.flatnonzero(triggers), tools))
    rows, own, reach, alone = _measure(matrix, owner, starts, checked, voice, centroids, centres)
    # what is screened: each tool's rows near its centre together, each row far from it alone
    entity = np.where(alone, tools + np.arange(len(rows)), owner[rows])
    order = np.argsort(entity, kind="stable")
    rows, own, entity = rows[order], own[order], entity[order]
    first = np.flatnonzero(np.r_[True, entity[1:] != entity[:-1]])
    tool = owner[rows[first]]
    centre = np.where(entity[first][:, None] < tools, centres[tool], _unit(matrix[rows[first]]))
    bounds = np.r_[first, len(rows)]
    reach = np.maximum.reduceat(reach[order], first)
    for every, near, passed in _screen(centre, reach, tool, matrix, starts, centroids):
        some = passed.any(axis=1)  # the members with a tool to compare with (real ones come first)
        width = int(passed.sum(axis=1).max()) if some.any() else 0
        group, nearest, valid = every[some], near[some, :width], passed[some, :width]
        if not len(group):
            continue
        widest = int((bounds[group + 1] - bounds[group]).max())
        step = max(1, _CELLS // (widest * matrix.shape[1]))
        for begin in range(0, len(group), step):
            part = group[begin : begin + step]
            at = bounds[part][:, None] + np.arange(widest)  # (members, their rows), padded
            real = at < bounds[part + 1][:, None]
            at = np.where(real, at, bounds[part][:, None])
            measured = (rows[at], np.where(real, own[at], np.inf))
            chosen = slice(begin, begin + step)
            mask = _other_job(owner[rows[at]], nearest[chosen], valid[chosen], (tools, same_job))
            _compare(foreign, matrix, measured, starts, centroids, voice, nearest[chosen], mask)
    if foreign.any():
        matrix[foreign] = 0.0
    return foreign


def closer_tools(
    matrix: NDArray[np.float32],
    owner: NDArray[np.int64],
    starts: NDArray[np.int64],
    voice: NDArray[np.bool_],
    which: NDArray[np.int64],
) -> NDArray[np.int64]:
    """Per row ``which`` of ``matrix`` (its rows as embedded, none zeroed), the other tool it sits closest to.

    Measured as ``ignore_foreign_triggers`` measures it: each tool's description, and for a
    profile request (``voice``) each tool's centroid of profile requests too; its own tool left out.
    """
    centroids = _unit(_sums(matrix, owner, np.flatnonzero(voice), len(starts)))
    x = matrix[which]
    cos = x @ matrix[starts].T
    asks = voice[which]
    if asks.any():
        cos[asks] = np.maximum(cos[asks], x[asks] @ centroids.T)
    cos[np.arange(len(which)), owner[which]] = -np.inf
    return np.asarray(cos.argmax(axis=1), dtype=np.int64)


def _screen(
    centre: NDArray[np.float32],
    reach: NDArray[np.float64],
    tool: NDArray[np.int64],
    matrix: NDArray[np.float32],
    starts: NDArray[np.int64],
    centroids: NDArray[np.float32],
) -> list[tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.bool_]]]:
    """Groups of what is screened, each with, per member, the other tools that may flag one of its rows.

    Per thing screened (a tool's rows, or one row alone): ``centre``, ``reach`` (the angle
    from the centre within which another tool's vector may flag one of its rows) and its
    ``tool``. The other side is each tool's description and centroid (``_target_centres``).
    Per member, the tools the bound lets through, at most ``NEAREST_TOOLS`` of them (those
    nearest by the bound's margin), as (members, tools) ids and which are real.
    """
    targets, phi = _target_centres(matrix[starts], centroids)
    tools = len(targets)
    keep = min(NEAREST_TOOLS, tools - 1)
    angle = np.minimum(reach + _SLACK, np.pi)
    wide = angle + float(phi.max()) >= np.pi  # the bound says nothing: any tool may flag
    left = np.column_stack([centre, np.sin(angle), -np.cos(angle)]).astype(np.float32)
    left[wide, -2:] = 0.0  # the wide ones: by the cosine of the centres alone
    right = np.column_stack([targets, np.sin(phi), np.cos(phi)]).astype(np.float32)
    out = []
    step = max(1, min(_CELLS // tools, _CELLS // (keep * centre.shape[1])))
    for begin in range(0, len(centre), step):
        group = np.arange(begin, min(begin + step, len(centre)))
        close = left[group] @ right.T  # cos(centre, e) - cos(reach + phi): >= 0 may flag
        close[wide[group]] += 2.0
        close[np.arange(len(group)), tool[group]] = -np.inf  # a tool's own vectors are measured apart
        out.append((group, *_nearest(close, keep)))
    return out


def _nearest(close: NDArray[np.float32], keep: int) -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
    """Per row of ``close``, the columns at or above ``-_SLACK``, at most ``keep`` of them (the highest).

    As (rows, keep) column ids and which of them are real (first in each row). Ranked only in a row with more
    than ``keep`` (a sort over every tool); the others take the columns that pass as they are.
    """
    passing = close >= -_SLACK
    count = passing.sum(axis=1)
    nearest = np.zeros((len(close), keep), dtype=np.int64)
    valid = np.zeros((len(close), keep), dtype=bool)
    few = np.flatnonzero(count <= keep)
    row, column = np.nonzero(passing[few])
    slot = np.arange(len(row)) - np.repeat(np.cumsum(count[few]) - count[few], count[few])
    nearest[few[row], slot], valid[few[row], slot] = column, True
    many = np.flatnonzero(count > keep)
    if len(many):
        top = np.argpartition(-close[many], keep - 1, axis=1)[:, :keep]
        nearest[many], valid[many] = top, np.take_along_axis(close[many], top, axis=1) >= -_SLACK
    return nearest, valid


def _measure(
    matrix: NDArray[np.float32],
    owner: NDArray[np.int64],
    starts: NDArray[np.int64],
    checked: NDArray[np.int64],
    voice: NDArray[np.bool_],
    centroids: NDArray[np.float32],
    centres: NDArray[np.float32],
) -> tuple[NDArray[np.int64], NDArray[np.float32], NDArray[np.float64], NDArray[np.bool_]]:
    """The checked rows but zero ones (never foreign), each's own cosine, reach, and whether it goes alone.

    Per row: its cosine to its own tool, its reach from its tool's centre, and whether it is
    screened alone (``_ALONE``). A zero row is 0 from every tool: never foreign.
    A row ``x`` with threshold ``t`` (its own cosine plus the margin, at least the floor)
    is flagged only by a vector ``y`` with ``x . y >= t``, so at an angle of at most
    ``arccos(t / (|x| |y|))`` from it, ``|y|`` at most the longest description or 1; from
    its tool's centre, at most that plus the row's angle to the centre (its reach).
    """
    longest = max(float(_norms(matrix[starts]).max()), 1.0)
    parts: list[tuple[Any, ...]] = []
    for sub in _pieces(checked, owner):
        rows = checked[sub]
        x, who = matrix[rows], owner[rows]
        size = _norms(x)
        live = size > 0
        rows, x, who, size, asks = rows[live], x[live], who[live], size[live], voice[rows[live]]
        own = np.einsum("ij,ij->i", x, matrix[starts[who]])
        own[asks] = np.maximum(own[asks], np.einsum("ij,ij->i", x[asks], centroids[who[asks]]))
        threshold = np.maximum(own.astype(np.float64) + _FOREIGN_MARGIN, _FOREIGN_FLOOR) - _SLACK / 10
        spread = np.arccos(np.clip(np.einsum("ij,ij->i", x, centres[who]) / size, -1, 1))
        reach = np.arccos(np.clip(threshold / (size * longest), -1, 1))
        alone = spread > _ALONE
        parts.append((rows, own, reach + np.where(alone, 0.0, spread), alone))
    if not parts:
        return np.zeros(0, np.int64), np.zeros(0, np.float32), np.zeros(0), np.zeros(0, bool)
    rows, own, reach, alone = (np.concatenate([p[i] for p in parts]) for i in range(4))
    return rows, own, reach, alone


def _other_job(
    who: NDArray[np.int64],
    nearest: NDArray[np.int64],
    valid: NDArray[np.bool_],
    same_job: tuple[int, NDArray[np.int64] | None],
) -> NDArray[np.bool_]:
    """Per member, row and tool: ``valid``, less a tool said to do the same job as the row's.

    ``who``: per member, its rows' tools; ``nearest``: per member, the tools to compare with;
    ``same_job``: how many tools, and the pairs' keys (``same_job_pairs``).
    """
    tools, pairs = same_job
    shape = (*who.shape, nearest.shape[1])
    if pairs is None or not len(pairs):
        return np.broadcast_to(valid[:, None, :], shape)
    return valid[:, None, :] & ~np.isin(who[:, :, None] * tools + nearest[:, None, :], pairs)


def _compare(
    foreign: NDArray[np.bool_],
    matrix: NDArray[np.float32],
    measured: tuple[NDArray[np.int64], NDArray[np.float32]],
    starts: NDArray[np.int64],
    centroids: NDArray[np.float32],
    voice: NDArray[np.bool_],
    nearest: NDArray[np.int64],
    valid: NDArray[np.bool_],
) -> None:
    """Mark the ``measured`` rows that one of their member's ``nearest`` tools (``valid`` ones, per row) is closer to.

    ``measured``: per member its rows and their own cosines, padded (a padding row's own cosine is +inf).
    """
    rows, own = measured
    x = matrix[rows]  # (members, rows, dim)
    cos = x @ matrix[starts[nearest]].transpose(0, 2, 1)  # (members, rows, tools)
    asks = voice[rows]
    if asks.any():
        np.maximum(cos, np.where(asks[:, :, None], x @ centroids[nearest].transpose(0, 2, 1), -np.inf), out=cos)
    cos[~valid] = -np.inf
    other = cos.max(axis=2, initial=-np.inf)
    found = (other >= own + _FOREIGN_MARGIN) & (other >= _FOREIGN_FLOOR)
    foreign[rows[found]] = True


def _target_centres(
    docs: NDArray[np.float32], centroids: NDArray[np.float32]
) -> tuple[NDArray[np.float32], NDArray[np.float64]]:
    """Per tool, the direction between its description and its centroid, and the angle to the farther."""
    units = _unit(docs)
    centres = _unit(units + centroids)
    lone = ~np.any(centres, axis=1)  # no vector, or the two opposite: the description is the centre
    centres[lone] = units[lone]
    phi = np.zeros(len(docs))
    for vectors in (units, centroids):
        present = np.any(vectors, axis=1)
        cos = np.einsum("ij,ij->i", vectors, centres).astype(np.float64)
        phi = np.where(present, np.maximum(phi, np.arccos(np.clip(cos, -1, 1))), phi)
    return centres, phi


def _sums(
    matrix: NDArray[np.float32], owner: NDArray[np.int64], rows: NDArray[np.int64], tools: int
) -> NDArray[np.float32]:
    """Per tool, the sum of its ``rows`` (grouped by tool), in row order."""
    out = np.zeros((tools, matrix.shape[1]), dtype=np.float32)
    for sub in _pieces(rows, owner):
        who = owner[rows[sub]]
        first = np.flatnonzero(np.r_[True, who[1:] != who[:-1]])
        out[who[first]] += np.add.reduceat(matrix[rows[sub]], first, axis=0)
    return out


def _pieces(rows: NDArray[np.int64], owner: NDArray[np.int64]) -> list[slice]:
    """``rows`` (grouped by tool) in slices of about ``_ROWS``, a tool never split."""
    if not len(rows):
        return []
    who = owner[rows]
    firsts = np.flatnonzero(np.r_[True, who[1:] != who[:-1]])
    at = np.searchsorted(firsts, np.arange(_ROWS, len(rows), _ROWS))
    cuts = np.unique(np.r_[0, firsts[at[at < len(firsts)]], len(rows)])
    return [slice(int(a), int(b)) for a, b in zip(cuts[:-1], cuts[1:], strict=True)]


def _norms(vectors: NDArray[np.float32]) -> NDArray[np.float64]:
    """Each row's length."""
    out: NDArray[np.float64] = np.linalg.norm(vectors, axis=1).astype(np.float64)
    return out


def _unit(vectors: NDArray[np.float32]) -> NDArray[np.float32]:
    """Each row scaled to length 1 (a zero row stays zero)."""
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    out: NDArray[np.float32] = np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)
    return out
