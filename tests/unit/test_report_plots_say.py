"""The eval report's plots say something when top_k does not move the selection.

On 933b8b4 a library's 30 tools with 72% of the selections widened drew recall against tools
sent on an x axis from 4.32 to 4.42 (recall flat), titled as if top_k varied something; and
queries with a language and no kind drew "Recall by kind and by language".
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("matplotlib")

from toolfilter_core._report import plots  # noqa: E402

WIDENED = [(1, 4.325), (2, 4.35), (3, 4.375), (5, 4.425), (8, 4.425), (10, 4.425)]
"""The user's sweep: top_k, mean tools sent; recall .892 throughout, 72.5% of requests widened."""


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The visible texts of each figure a plot draws."""
    from matplotlib.text import Text

    found: list[list[str]] = []
    saved = plots._png

    def keep(fig: Any) -> str:
        fig.canvas.draw()
        found.append([t.get_text() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()])
        return saved(fig)

    monkeypatch.setattr(plots, "_png", keep)
    return found


def test_a_sweep_that_widening_holds_still_says_top_k_does_not_move_the_selection_and_why(texts) -> None:
    points = [{"top_k": k, "recall": 0.892, "mean_selected": x, "widened": 0.725} for k, x in WIDENED]
    assert plots.top_k_idle(points)
    assert plots.recall_vs_sent(points)
    (said,) = texts
    assert "top_k does not move the selection" in said
    assert any("72% of requests were widened" in t and "fallback_top_k" in t for t in said), said
    assert "top_k" in said and not any(t.startswith("k=") for t in said)  # top_k on the x axis, no crowded labels


def test_a_sweep_that_moves_the_selection_keeps_recall_against_tools_sent(texts) -> None:
    points = [{"top_k": k, "recall": 0.5 + k / 40, "mean_selected": k * 0.9, "widened": 0.1} for k in (1, 3, 5, 10)]
    assert not plots.top_k_idle(points)
    assert plots.recall_vs_sent(points)
    (said,) = texts
    assert "Recall against tools sent as top_k varies" in said and "k=1" in said


@pytest.mark.parametrize(
    ("breakdown", "title"),
    [
        ({"by_lang": {"zh": {"recall": 0.84}, "en": {"recall": 0.94}}}, "Recall by language"),
        ({"by_kind": {"paraphrase": {"recall": 0.8}}}, "Recall by kind"),
        ({"by_kind": {"typo": {"recall": 0.8}}, "by_lang": {"en": {"recall": 0.9}}}, "Recall by kind and by language"),
    ],
)
def test_the_group_plot_is_titled_by_what_the_queries_carry(texts, breakdown, title) -> None:
    assert plots.groups_plot(breakdown)
    (said,) = texts
    assert title in said, said


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ({"max_tools": 3, "tools": 30}, "max_tools 3 caps every selection whatever top_k is"),
        ({"max_tools": None, "tools": 4}, "the registry holds 4 tools, fewer than top_k 10"),
        ({}, "no request was widened"),
    ],
)
def test_a_flat_sweep_with_nothing_widened_names_its_cause_not_widening(texts, extra, reason) -> None:
    # Failed on 10d16e7: "0% of requests were widened, and a widened selection holds fallback_top_k tools".
    points = [{"top_k": k, "recall": 0.8, "mean_selected": 3.0, "widened": 0.0, **extra} for k in (1, 3, 5, 10)]
    assert plots.recall_vs_sent(points)
    (said,) = texts
    assert any(reason in t for t in said), said
    assert not any("widened selection" in t or "0% of requests" in t for t in said), said


def test_the_group_plot_draws_the_no_tool_kind_by_its_rejection_and_says_so(texts) -> None:
    # the vet clinic's "Recall by kind" left no_tool out (it has no recall) without a word
    breakdown = {
        "by_kind": {"paraphrase": {"recall": 0.8}, "no_tool": {"recall": None, "no_tool_rejection": 0.5}},
        "by_lang": {"en": {"recall": 0.9}},
    }
    assert plots.group_bars(breakdown) == [
        ("kind", "kind paraphrase", 0.8, False),
        ("kind", "kind no_tool: no-tool rejection", 0.5, True),
        ("language", "lang en", 0.9, False),
    ]
    assert plots.groups_plot(breakdown)
    (said,) = texts
    assert "kind no_tool: no-tool rejection" in said
    assert any("red: no-tool rejection" in text for text in said), said
