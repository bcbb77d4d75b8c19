"""More forms of an example value: 示例, 样例, "Example id:", "i.e.", "(INV-5521 style)", and each value of a list.

On 6f42c0c each of these gave no example value: BM25 read the id's digits as the tool's own, so "booking BK-5521"
shared 5521 with the tool; of 'e.g. "INV-5521" or "INV-5522"' only the first was one.
"""

from __future__ import annotations

import pytest

from toolfilter_core._example_values import example_spans
from toolfilter_core._id_words import id_words
from toolfilter_core._tokenize import tokenize

FORMS = [
    "发票号，示例：INV-5521",
    "发票号（样例 INV-5521）",
    "Invoice number (Example id: INV-5521)",
    "The invoice's number, i.e. INV-5521",
    "Invoice number (INV-5521 style)",
]


def _values(text: str) -> list[str]:
    return [text[start:stop] for start, stop in example_spans(text)]


@pytest.mark.parametrize("text", FORMS)
def test_each_form_gives_its_example_value(text: str) -> None:
    assert _values(text) == ["INV-5521"]
    assert "5521" not in tokenize(id_words(text, "examples"))  # read by its letters alone


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ('Invoice number, e.g. "INV-5521" or "INV-5522"', ["INV-5521", "INV-5522"]),
        ("Invoice number, e.g. INV-5521, INV-5522 and INV-5523", ["INV-5521", "INV-5522", "INV-5523"]),
        ("Invoice number, e.g. INV-5521, and the customer's name", ["INV-5521"]),  # a word is no further value
    ],
)
def test_each_value_of_a_list_is_an_example(text: str, values: list[str]) -> None:
    assert _values(text) == values


def test_an_id_said_as_the_tools_own_is_no_example() -> None:
    assert _values("Status of stamping press PR-5500 on line B, in the house style") == []
