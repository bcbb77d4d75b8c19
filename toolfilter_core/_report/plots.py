"""The reports' pictures, drawn with matplotlib (the ``bench`` extra) as base64 PNG.

The one module of the core that imports matplotlib, and only inside its functions: the
library's own paths never load it (tests/unit/test_layout.py allows it here alone).
"""

from __future__ import annotations

import base64
import functools
import io
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ParamSpec, TypeVar

import numpy as np
from numpy.typing import NDArray

from .._doctor.values import CrowdedPair, DoctorReport

__all__ = [
    "crowding_map",
    "group_bars",
    "groups_plot",
    "latency_plot",
    "recall_vs_sent",
    "sent_histogram",
    "top_k_idle",
    "why_idle",
]

NEEDS_EXTRA = (
    "the report's plots need matplotlib: pip install '.[report]' in toolfilter's clone (or write a .md report)"
)
MAP_TOOLS = 40
"""Most tools the crowding map shows (those in the strongest pairs)."""


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _plain_text(plot: Callable[_P, _R]) -> Callable[_P, _R]:
    """Draw ``plot`` with every text read as plain text, never as math.

    A ``$...$`` in a tool's name or a queries file's ``kind`` is no math for matplotlib to
    parse (it raised, and no report was written). The setting holds inside the plot only,
    not for the caller's own figures.
    """

    @functools.wraps(plot)
    def plain(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        _pyplot()
        import matplotlib

        with matplotlib.rc_context({"text.parse_math": False, "text.usetex": False}):
            return plot(*args, **kwargs)

    return plain


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ImportError(NEEDS_EXTRA) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a glyph the font lacks is not the report's failure
        fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    _pyplot().close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _whole() -> Any:
    """A tick locator in whole numbers (of requests, of tools)."""
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(integer=True)


def _whole_counts(ax: Any) -> None:
    """Label the y axis "requests" and tick it in whole requests (never 2.5 of them)."""
    ax.set_ylabel("requests")
    ax.yaxis.set_major_locator(_whole())


@_plain_text
def sent_histogram(sent: Sequence[int]) -> str:
    """How many tools each request was sent."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 3.2))
    top = max(sent, default=0)
    ax.hist(sent, bins=np.arange(-0.5, top + 1.5, 1.0), color="#4c78a8", edgecolor="white")
    ax.set_xlabel("tools sent")
    ax.xaxis.set_major_locator(_whole())
    _whole_counts(ax)
    ax.set_title("Tools sent per request")
    return _png(fig)


def top_k_idle(points: Sequence[Mapping[str, Any]]) -> bool:
    """Whether ``top_k`` over the whole sweep moves the mean tools sent by less than one tool.

    Then a plot of recall against the tools sent is a few dots a fraction of a tool apart: the
    selections were widened (``fallback_top_k`` tools whatever ``top_k`` is) or cut by
    ``max_tools``, and the plot says so instead. One tool is the unit a selection counts in,
    not a tuned value.
    """
    sent = [float(p["mean_selected"]) for p in points]
    return len(points) > 1 and max(sent) - min(sent) < 1.0


@_plain_text
def recall_vs_sent(points: Sequence[Mapping[str, Any]]) -> str:
    """Recall against the mean tools sent, one point per ``top_k``; ``top_k_idle``: against top_k, saying why."""
    if top_k_idle(points):
        return _idle_top_k(points)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 3.6))
    xs = [p["mean_selected"] for p in points]
    ys = [p["recall"] or 0.0 for p in points]
    ax.plot(xs, ys, marker="o", color="#f58518")
    ax.set_xlabel("mean tools sent")
    ax.set_ylabel("recall (every gold tool sent)")
    ax.set_ylim(0, 1.02)
    ax.set_title("Recall against tools sent as top_k varies")
    ax.grid(alpha=0.3)
    _label_points(fig, ax, [int(p["top_k"]) for p in points], xs, ys)
    return _png(fig)


def _idle_top_k(points: Sequence[Mapping[str, Any]]) -> str:
    """Recall, the mean tools sent and the share of widened selections against ``top_k``, and why they are flat."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 3.6))
    ks = [int(p["top_k"]) for p in points]
    sent = [float(p["mean_selected"]) for p in points]
    ax.plot(ks, [p["recall"] or 0.0 for p in points], marker="o", color="#f58518", label="recall")
    widened = [p.get("widened") for p in points]
    if all(w is not None for w in widened):
        ax.plot(ks, widened, marker="s", linestyle="--", color="#72b7b2", label="share widened")
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("top_k")
    ax.set_ylabel("recall; share widened")
    ax.grid(alpha=0.3)
    right = ax.twinx()
    right.plot(ks, sent, marker="^", color="#4c78a8", label="mean tools sent")
    right.set_ylim(0, max(max(sent), max(ks)) * 1.1)
    right.set_ylabel("mean tools sent")
    lines = ax.get_lines() + right.get_lines()
    ax.legend(lines, [line.get_label() for line in lines], fontsize=7, loc="lower right")
    ax.set_title("top_k does not move the selection")
    ax.annotate(
        why_idle(points),
        (0.5, 0),
        xycoords="axes fraction",
        xytext=(0, -36),
        textcoords="offset points",
        ha="center",
        va="top",
        fontsize=8,
    )
    return _png(fig)


def why_idle(points: Sequence[Mapping[str, Any]]) -> str:
    """Why top_k moves the tools sent by less than one, said under the plot.

    Widening when some request was widened; else ``max_tools`` (when set) or a registry
    smaller than top_k (the points' ``max_tools`` and ``tools``); else only that it does.
    """
    ks = [int(p["top_k"]) for p in points]
    sent = [float(p["mean_selected"]) for p in points]
    said = f"top_k {min(ks)}-{max(ks)} moves the tools sent by {max(sent) - min(sent):.2f} on average"
    widened = [p.get("widened") for p in points]
    share = max((w or 0.0 for w in widened), default=0.0)
    if share > 0:
        share_said = f": {share:.0%} of requests were widened" if None not in widened else ""
        return (
            f"{said}{share_said},\nand a widened selection holds fallback_top_k tools whatever top_k is"
            " (docs/configuration.md)"
        )
    cap, tools = points[0].get("max_tools"), points[0].get("tools")
    if cap is not None:
        return f"{said}:\nmax_tools {cap} caps every selection whatever top_k is"
    if tools is not None and tools < max(ks):
        return f"{said}:\nthe registry holds {tools} tools, fewer than top_k {max(ks)}"
    return f"{said}; no request was widened"


_OFFSETS = ((4, -12), (4, 5), (-8, 8), (-8, -16), (8, -3), (-26, -3), (4, 16), (-8, -28), (-40, 8), (14, -24))
"""Where a point's label may go, in points from the point: below right first, then around it, then further."""


def _label_points(fig: Any, ax: Any, ks: Sequence[int], xs: Sequence[float], ys: Sequence[float]) -> None:
    """Label each point ``k=K`` where no label or axis text is; a point with no room joins the label before.

    A joined label says the range (``k=10-20``); when even that fits nowhere the point goes
    unlabelled, so no two texts of the plot ever overlap.
    """
    from matplotlib.transforms import Bbox

    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    axis_texts = [*ax.get_xticklabels(), *ax.get_yticklabels(), ax.xaxis.label, ax.yaxis.label, ax.title]
    taken = [t.get_window_extent(renderer) for t in axis_texts if t.get_text()]
    for x, y in zip(xs, ys, strict=True):  # the markers themselves
        px, py = ax.transData.transform((x, y))
        taken.append(Bbox.from_extents(px - 4, py - 4, px + 4, py + 4))
    placed: list[tuple[Any, int, int, Any]] = []  # (annotation, first k, last k, its box)
    spots = _same_spot(ks, xs, ys)
    pixels = [tuple(ax.transData.transform((x, y))) for _, _, x, y in spots]
    for k0, k, x, y in spots:
        label = _place(ax, renderer, f"k={k0}" if k0 == k else f"k={k0}-{k}", (x, y), taken, pixels)
        if label is not None:
            placed.append((label[0], k0, k, label[1]))
            taken.append(label[1])
            continue
        if not placed:
            continue
        annotation, first, _, box = placed[-1]
        taken.remove(box)
        annotation.set_visible(False)
        joined = _place(ax, renderer, f"k={first}-{k}", annotation.xy, taken, pixels)
        if joined is None:  # no room for the range either: the label before stays as it was
            annotation.set_visible(True)
            taken.append(box)
            continue
        annotation.remove()
        placed[-1] = (joined[0], first, k, joined[1])
        taken.append(joined[1])


def _same_spot(ks: Sequence[int], xs: Sequence[float], ys: Sequence[float]) -> list[tuple[int, int, float, float]]:
    """The points as (first k, last k, x, y): neighbours drawn on the same spot are one point, one label."""
    out: list[tuple[int, int, float, float]] = []
    for k, x, y in zip(ks, xs, ys, strict=True):
        if out and (round(out[-1][2], 3), round(out[-1][3], 3)) == (round(x, 3), round(y, 3)):
            out[-1] = (out[-1][0], k, x, y)
        else:
            out.append((k, k, x, y))
    return out


def _place(
    ax: Any, renderer: Any, text: str, xy: Any, taken: list[Any], points: Sequence[tuple[float, float]] = ()
) -> tuple[Any, Any] | None:
    """``text`` annotated at ``xy`` at the first offset whose box is inside the axes and meets none of ``taken``.

    With ``points`` (every labelled point, in pixels), the box must also be nearer its own point
    than any other: a label never sits by another point's marker.
    """
    frame = ax.get_window_extent(renderer)
    own = tuple(ax.transData.transform(xy))
    for offset in _OFFSETS:
        annotation = ax.annotate(text, xy, textcoords="offset points", xytext=offset, fontsize=8)
        box = annotation.get_window_extent(renderer).padded(2)  # a little air between labels
        inside = frame.contains(box.x0, box.y0) and frame.contains(box.x1, box.y1)
        if inside and not any(box.overlaps(other) for other in taken) and _nearest_is_own(box, own, points):
            return annotation, box
        annotation.remove()
    return None


def _nearest_is_own(box: Any, own: tuple[float, float], points: Sequence[tuple[float, float]]) -> bool:
    """No other point is nearer ``box`` than ``own`` (a point on the same spot as ``own`` is its own)."""
    mine = _box_distance(box, own)
    return all(_box_distance(box, p) > mine for p in points if abs(p[0] - own[0]) > 0.5 or abs(p[1] - own[1]) > 0.5)


def _box_distance(box: Any, point: tuple[float, float]) -> float:
    """Pixels from ``point`` to the nearest edge of ``box`` (0 inside it)."""
    dx = max(box.x0 - point[0], 0.0, point[0] - box.x1)
    dy = max(box.y0 - point[1], 0.0, point[1] - box.y1)
    return float((dx * dx + dy * dy) ** 0.5)


@_plain_text
def latency_plot(latencies: Sequence[float]) -> str:
    """The distribution of selection times, with p50/p95/p99 marked."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.hist(latencies, bins=30, color="#54a24b", edgecolor="white")
    for q, style in ((50, "-"), (95, "--"), (99, ":")):
        if latencies:
            value = float(np.percentile(latencies, q))
            ax.axvline(value, color="#333", linestyle=style, label=f"p{q} {value:.1f} ms")
    ax.set_xlabel("ms per select()")
    _whole_counts(ax)
    ax.set_title("Latency")
    if latencies:
        ax.legend(fontsize=8)
    return _png(fig)


@_plain_text
def groups_plot(breakdown: Mapping[str, Any]) -> str | None:
    """Recall by kind and by language, or by the one the queries carry (None when they carry neither).

    A group of requests needing no tool (``no_tool``: no recall) is drawn by its no-tool rejection, in
    another colour, its label and the x axis saying so (``group_bars``).
    """
    bars = group_bars(breakdown)
    if not bars:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.5, 0.35 * len(bars) + 1.2))
    colours = ["#e45756" if rejection else "#4c78a8" for _, _, _, rejection in bars]
    ax.barh([label for _, label, _, _ in bars], [value for _, _, value, _ in bars], color=colours)
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    rejected = any(rejection for *_, rejection in bars)
    ax.set_xlabel("recall" + ("; red: no-tool rejection (requests needing no tool sent none)" if rejected else ""))
    ax.set_title("Recall by " + " and by ".join(dict.fromkeys(axis for axis, _, _, _ in bars)))
    return _png(fig)


def group_bars(breakdown: Mapping[str, Any]) -> list[tuple[str, str, float, bool]]:
    """The group plot's bars: ``(axis, label, value, rejection)``, by kind then by language.

    A group's recall; a group without recall (its requests need no tool) by its ``no_tool_rejection``
    (``rejection`` true, the label ending "no-tool rejection"); a group with neither is left out.
    """
    out = []
    for key, axis in (("by_kind", "kind"), ("by_lang", "language")):
        for label, row in breakdown.get(key, {}).items():
            shown = f"{'lang' if axis == 'language' else axis} {label}"
            if row.get("recall") is not None:
                out.append((axis, shown, float(row["recall"]), False))
            elif row.get("no_tool_rejection") is not None:
                out.append((axis, f"{shown}: no-tool rejection", float(row["no_tool_rejection"]), True))
    return out


def map_grids(
    pairs: Sequence[CrowdedPair], index: Mapping[str, int], told: Mapping[frozenset[str], str] | None = None
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The crowding map's cells: how close each pair is, and apart those whose users' requests keep them apart.

    A cell is the pair's similarity in standard deviations above the two tools' usual (``CrowdedPair.z``, the
    measure that orders the text's crowded pairs after any cost they state), not its score: a lookup beside a
    search of one thing, scored low by its names and generic words, was the faintest cell while the closest pair.
    A pair no closer than usual is drawn at the palest shade.

    With profiles a pair the doctor tells as ``close_pairs`` (group ``apart``: no request lost its
    tool) is drawn grey, not red: the darkest red cell is a pair that costs a request. ``told``
    (``DoctorReport.told_by``): only the pairs a finding names are drawn (the text's pairs), grey
    those of ``close_pairs`` and, without profiles, of ``act_siblings`` (names of different acts on one thing).
    """
    grid, apart = np.zeros((len(index), len(index))), np.zeros((len(index), len(index)))
    for pair in pairs:
        kind = (
            told.get(frozenset((pair.a, pair.b)))
            if told is not None
            else ("close_pairs" if pair.group == "apart" else "")
        )
        if pair.a in index and pair.b in index and kind is not None:
            into = apart if kind in ("close_pairs", "act_siblings") else grid
            shade = max(pair.z, float(np.finfo(np.float64).tiny))  # 0 is no pair: masked
            into[index[pair.a], index[pair.b]] = into[index[pair.b], index[pair.a]] = shade
    return grid, apart


@_plain_text
def crowding_map(report: DoctorReport) -> str | None:
    """The told pairs' tools as a heat map of how close they are (sd), names coloured by category (None: no pairs).

    Only the pairs a finding names (``DoctorReport.told_by``: the text's and the page's tables' pairs) are
    shaded; a pair scored under the threshold or told by no finding is not. The category legend is drawn
    only when some tool has a category.
    """
    told = report.told_by()
    pairs = sorted((p for p in report.pairs if frozenset((p.a, p.b)) in told), key=lambda p: p.order())
    names: list[str] = []
    for pair in pairs:
        for name in (pair.a, pair.b):
            if name not in names and len(names) < MAP_TOOLS:
                names.append(name)
    if len(names) < 2:
        return None
    names.sort(key=lambda n: (report.categories.get(n, ""), n))
    grid, apart = map_grids(pairs, {n: i for i, n in enumerate(names)}, told)
    plt = _pyplot()
    size = 2.5 + 0.22 * len(names)
    fig, ax = plt.subplots(figsize=(size + 2.5, size))
    ax.imshow(np.ma.masked_equal(apart, 0.0), cmap="Greys", vmin=0.0, vmax=4.0 * max(1.0, float(apart.max())))
    shown = ax.imshow(np.ma.masked_equal(grid, 0.0), cmap="Reds", vmin=0.0, vmax=max(1.0, float(grid.max())))
    categories = sorted({report.categories.get(n, "") for n in names})
    palette = plt.get_cmap("tab10")
    colour = {c: palette(i % 10) if c else "black" for i, c in enumerate(categories)}
    ax.set_xticks(range(len(names)), names, rotation=90, fontsize=7)
    ax.set_yticks(range(len(names)), names, fontsize=7)
    for labels in (ax.get_xticklabels(), ax.get_yticklabels()):
        for label, name in zip(labels, names, strict=True):
            label.set_color(colour[report.categories.get(name, "")])
    ax.set_title("Crowding map: told pairs only (grey: kept apart)")
    fig.colorbar(shown, ax=ax, fraction=0.04, label="similarity, sd above the two tools' usual")
    if categories != [""]:  # no tool has a category: a legend of one "(none)" says nothing
        handles = [
            plt.Line2D([], [], marker="s", linestyle="", color=colour[c], label=c or "(none)") for c in categories
        ]
        ax.legend(handles=handles, title="category", bbox_to_anchor=(1.25, 1.0), loc="upper left", fontsize=7)
    return _png(fig)
