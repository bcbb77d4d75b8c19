"""A widened selection's top and gap are shown under their bars when they are ("gap 0.030" under min_gap 0.03)."""

import pytest

from toolfilter_core._pipeline.route import _under


@pytest.mark.parametrize(
    ("value", "bar", "shown"),
    [
        (0.0297, 0.03, "0.0297"),  # printed "0.030" beside "under min_gap 0.03"
        (0.3996, 0.4, "0.3996"),
        (0.02999, 0.03, "0.02999"),
        (0.0301, 0.03, "0.030"),  # at or over the bar: three places
        (0.2, 0.4, "0.200"),
        (0.0, 0.03, "0.000"),
    ],
)
def test_a_value_under_its_bar_is_shown_under_it(value: float, bar: float, shown: str) -> None:
    assert _under(value, bar) == shown
    assert float(shown) < bar or value >= bar
