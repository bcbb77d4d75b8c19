"""Text from a registry or a queries file is plain text in the plots and on the terminal.

A ``$...$`` in a tool's name or a queries file's ``kind``/``lang`` was parsed by matplotlib
as math text (a traceback, and no report written); escape codes in a tool's name reached
the terminal.
"""

from __future__ import annotations

import pytest

pytest.importorskip("matplotlib")

from toolfilter_core._doctor.values import CrowdedPair, DoctorReport, Finding  # noqa: E402
from toolfilter_core._report import plots  # noqa: E402

DOLLARS = ["$\\frac{a", "$x^$", "a$b$c", "$$", "\\$\\sqrt{"]


def test_dollars_in_kinds_and_languages_are_drawn_as_plain_text() -> None:
    breakdown = {
        "by_kind": {name: {"recall": 0.5} for name in DOLLARS},
        "by_lang": {"$en$": {"recall": 1.0}},
    }
    assert plots.groups_plot(breakdown)


def test_dollars_in_tool_names_are_drawn_as_plain_text() -> None:
    pairs = tuple(CrowdedPair(a, b, 0.8) for a, b in zip(DOLLARS, DOLLARS[1:], strict=False))
    told = tuple(Finding("crowded_pair", (p.a, p.b), "close", "say when") for p in pairs)  # the map draws told pairs
    report = DoctorReport(tools=5, profiled=0, top_k=5, embedder="hashing", findings=told, pairs=pairs)
    assert plots.crowding_map(report)


def test_the_callers_own_math_setting_is_left_as_it_was() -> None:
    import matplotlib

    before = matplotlib.rcParams["text.parse_math"]
    plots.groups_plot({"by_kind": {"$x$": {"recall": 0.5}}})
    assert matplotlib.rcParams["text.parse_math"] == before
