"""The documented rules of cutting a request into asks, at their edges (docs/scoring.md "Asks").

``toolfilter_core/_clauses.py``: at most four asks a message, its first two and last two;
never a cut inside brackets. Each row sits at the rule's edge, so that a one-step change of
the rule (a bound, a constant, a skipped boundary) fails it (docs/mutation.md).
"""

import pytest

from toolfilter_core._clauses import MAX_ASKS, split_clauses

STEPS = ["check the stock", "reorder the units", "email the vendor", "update the sheet", "close the ticket"]


def _numbered(steps):
    return " ".join(f"{i}. {step}" for i, step in enumerate(steps, 1))


@pytest.mark.parametrize(
    ("steps", "asks"),
    [
        # four asks: all of them, in order
        (STEPS[:4], STEPS[:4]),
        # five: the first two and the last two (the middle one is prose around them)
        (STEPS, [STEPS[0], STEPS[1], STEPS[3], STEPS[4]]),
        # six: still the first two and the last two
        ([*STEPS, "page the lead"], [STEPS[0], STEPS[1], STEPS[4], "page the lead"]),
    ],
    ids=["four-kept", "five-drops-the-middle", "six-keeps-both-ends"],
)
def test_at_most_four_asks_the_first_two_and_the_last_two(steps, asks):
    assert MAX_ASKS == 4
    assert split_clauses(_numbered(steps), 8) == asks


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        # the comma inside the brackets does not cut; the one right after the bracket does
        (
            "export the logs (as csv, drop the id), restart the api",
            ["export the logs (as csv, drop the id)", "restart the api"],
        ),
        # a cut inside brackets is skipped, not the end of the cutting: the "and" after it still cuts
        (
            "export the logs (as csv, drop the id) and restart the api",
            ["export the logs (as csv, drop the id)", "restart the api"],
        ),
        # full-width brackets too
        ("导出日志（去掉编号，按时间排）然后重启服务", ["导出日志（去掉编号，按时间排）", "重启服务"]),
        # the whole message one aside: nothing to cut
        ("(export the logs, restart the api)", []),
    ],
    ids=["cut-right-after-the-bracket", "cut-after-a-skipped-one", "full-width", "all-aside"],
)
def test_never_a_cut_inside_brackets(text, asks):
    assert split_clauses(text, 8) == asks
