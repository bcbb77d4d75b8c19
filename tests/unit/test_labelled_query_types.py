"""A LabelledQuery of the wrong types is refused where it is built, naming the field, the value and what is allowed.

Failed on 10d16e7: ``LabelledQuery("a", None, ())`` was built, and ``evaluate()`` then stopped the
whole run with ``AttributeError: 'NoneType' object has no attribute 'strip'``.
"""

from __future__ import annotations

import pytest

from toolfilter_core import LabelledQuery


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (("a", None, ()), r"LabelledQuery\.query: got None; allowed: a string"),
        (("a", 123, ()), r"LabelledQuery\.query: got 123; allowed: a string"),
        ((7, "hi", ()), r"LabelledQuery\.id: got 7; allowed: a string"),
        (("a", "hi", "get_weather"), r"LabelledQuery\.gold: got 'get_weather'; allowed: a tuple of tool names"),
        (("a", "hi", (1,)), r"LabelledQuery\.gold: got \(1,\); allowed: a tuple of tool names"),
    ],
)
def test_a_wrong_type_is_refused_where_the_query_is_built(arguments: tuple[object, ...], said: str) -> None:
    with pytest.raises(TypeError, match=said):
        LabelledQuery(*arguments)  # type: ignore[arg-type]


def test_a_gold_list_is_kept_as_a_tuple() -> None:
    assert LabelledQuery("a", "hi", ["get_weather"]).gold == ("get_weather",)  # type: ignore[arg-type]
