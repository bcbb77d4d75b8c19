"""No two texts of a report's plot overlap, with up to 20 tools or points and long names.

On 75fb673 the ``k=`` labels of the recall plot sat on each other where recall levels off,
and long kinds' bar labels ran into each other and into the axis.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

pytest.importorskip("matplotlib")

from toolfilter_core._doctor.values import CrowdedPair, DoctorReport, Finding  # noqa: E402
from toolfilter_core._report import plots  # noqa: E402

LONG = "customer_subscription_invoice_line_item_adjustment_"


def _overlaps(fig: Any) -> list[tuple[str, str]]:
    """Every pair of visible, non-empty texts of ``fig`` whose drawn boxes intersect."""
    from matplotlib.text import Text

    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip() and t.figure is not None]
    boxes = [(t.get_text(), t.get_window_extent(renderer).shrunk(0.98, 0.98)) for t in texts]
    return [(a, b) for (a, box_a), (b, box_b) in combinations(boxes, 2) if box_a.overlaps(box_b)]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[list[tuple[str, str]]]:
    """The overlapping texts of each figure a plot draws (checked before it is saved)."""
    found: list[list[tuple[str, str]]] = []
    saved = plots._png

    def check(fig: Any) -> str:
        found.append(_overlaps(fig))
        return saved(fig)

    monkeypatch.setattr(plots, "_png", check)
    return found


def _sweep(count: int) -> list[dict[str, Any]]:
    """``count`` top_k points where recall levels off: the points crowd at the top right."""
    return [
        {"top_k": k, "recall": min(0.98, 0.6 + 0.1 * k) if k < 5 else 0.98 + 0.0001 * k, "mean_selected": k * 0.98}
        for k in range(1, count + 1)
    ]


@pytest.mark.parametrize("count", [6, 12, 20])
def test_the_recall_plots_labels_never_overlap(count: int, drawn: list[list[tuple[str, str]]]) -> None:
    assert plots.recall_vs_sent(_sweep(count))
    assert drawn == [[]]


def test_flat_recall_with_every_point_at_one_place_still_has_no_overlap(drawn: list[list[tuple[str, str]]]) -> None:
    points = [{"top_k": k, "recall": 1.0, "mean_selected": 3.0} for k in range(1, 21)]
    assert plots.recall_vs_sent(points)
    assert drawn == [[]]


@pytest.mark.parametrize("count", [3, 20])
def test_the_group_plots_long_labels_never_overlap(count: int, drawn: list[list[tuple[str, str]]]) -> None:
    breakdown = {
        "by_kind": {f"{LONG}{i}": {"recall": i / count} for i in range(count)},
        "by_lang": {"zh": {"recall": 0.9}, "en": {"recall": 0.8}},
    }
    breakdown["by_kind"]["no_tool"] = {"recall": None, "no_tool_rejection": 0.5}  # drawn by its rejection
    assert plots.groups_plot(breakdown)
    assert drawn == [[]]


def test_the_sent_histogram_and_latency_labels_never_overlap(drawn: list[list[tuple[str, str]]]) -> None:
    assert plots.sent_histogram([1, 2, 3, 20, 20, 19, 7])
    assert plots.latency_plot([1.0, 2.0, 2.1, 2.2, 40.0])
    assert drawn == [[], []]


def test_the_crowding_map_with_twenty_long_names_has_no_overlap(drawn: list[list[tuple[str, str]]]) -> None:
    names = [f"{LONG}{i}" for i in range(20)]
    pairs = tuple(CrowdedPair(a, b, 0.5 + i / 50) for i, (a, b) in enumerate(zip(names, names[1:], strict=False)))
    categories = {n: f"category_{i % 4}" for i, n in enumerate(names)}
    told = tuple(Finding("crowded_pair", (p.a, p.b), "close", "say when") for p in pairs)  # the map draws told pairs
    report = DoctorReport(
        tools=20, profiled=0, top_k=5, embedder="hashing", findings=told, pairs=pairs, categories=categories
    )
    assert plots.crowding_map(report)
    assert drawn == [[]]


def test_points_on_the_same_spot_share_one_label_naming_every_k(monkeypatch: pytest.MonkeyPatch) -> None:
    # the user's sweep put k=8 and k=10 on one point; it showed only k=3 and k=5
    from matplotlib.text import Text

    texts: list[str] = []
    saved = plots._png

    def keep(fig: Any) -> str:
        fig.canvas.draw()
        texts.extend(t.get_text() for t in fig.findobj(Text) if t.get_visible() and t.get_text().startswith("k="))
        return saved(fig)

    monkeypatch.setattr(plots, "_png", keep)
    spots = {1: (2.1, 0.833), 2: (3.15, 0.833), 3: (4.175, 0.861), 5: (4.175, 0.861), 8: (4.175, 0.861)}
    spots[10] = (4.175, 0.861)  # the user's report: top_k 3 to 10 all sent 4.175 tools, recall .861
    points = [{"top_k": k, "mean_selected": x, "recall": y} for k, (x, y) in spots.items()]
    assert plots.recall_vs_sent(points)
    assert texts.count("k=3-10") == 1 and not {"k=5", "k=8", "k=10"} & set(texts), texts


def _labels_by_their_points(fig: Any, points: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """Each visible ``k=`` label and the ``top_k`` of the point nearest its box."""
    from matplotlib.text import Text

    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    ax = fig.axes[0]
    pixels = [(p["top_k"], ax.transData.transform((p["mean_selected"], p["recall"]))) for p in points]
    out = []
    for text in fig.findobj(Text):
        if not (text.get_visible() and text.get_text().startswith("k=")):
            continue
        box = text.get_window_extent(renderer)
        nearest = min(pixels, key=lambda kp: plots._box_distance(box, (float(kp[1][0]), float(kp[1][1]))))
        out.append((text.get_text(), nearest[0]))
    return out


def test_each_label_sits_nearest_its_own_point(monkeypatch: pytest.MonkeyPatch) -> None:
    """A user's sweep (k=3 at 4.375 tools, k=5, 8, 10 at 4.40): 'k=5-10' sat by k=3's dot."""
    points = [{"top_k": 1, "recall": 0.8611, "mean_selected": 3.075}]  # a tool apart: top_k moves the selection
    points += [{"top_k": k, "recall": 0.8889, "mean_selected": x} for k, x in ((2, 4.275), (3, 4.375))]
    points += [{"top_k": k, "recall": 0.8889, "mean_selected": 4.4} for k in (5, 8, 10)]
    found: list[list[tuple[str, int]]] = []
    saved = plots._png

    def check(fig: Any) -> str:
        found.append(_labels_by_their_points(fig, points))
        return saved(fig)

    monkeypatch.setattr(plots, "_png", check)
    assert plots.recall_vs_sent(points)
    (labels,) = found
    assert labels
    for text, k in labels:
        first, _, last = text.removeprefix("k=").partition("-")
        assert int(first) <= k <= int(last or first), (text, k)


def test_counts_of_requests_are_whole_numbers_on_the_axes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A histogram of 40 requests ticks 0, 5, 10 requests, never 2.5 or 17.5 (a new user's report, item 5)."""
    ticks: list[list[float]] = []
    saved = plots._png

    xticks: list[list[float]] = []

    def keep(fig: Any) -> str:
        fig.canvas.draw()
        for ax in fig.axes:
            ticks.append([float(t) for t in ax.get_yticks()])
            xticks.append([float(t) for t in ax.get_xticks()])
        return saved(fig)

    monkeypatch.setattr(plots, "_png", keep)
    assert plots.sent_histogram([3, 4, 4, 5, 5, 5, 6] * 5 + [2, 7, 8, 1, 0])
    assert plots.latency_plot([5.0 + 0.1 * i for i in range(40)])
    assert len(ticks) == 2
    for sent in ([0, 1], [1, 2, 2, 3]):  # tools sent: whole tools on the x axis too (0.25 of a tool was ticked)
        assert plots.sent_histogram(sent)
        ticks.append([float(t) for t in xticks[-1]])
    for axis in ticks:
        assert all(t == int(t) for t in axis), axis
