"""A Chinese record noun inside a longer word names no record: 图书 of 图书馆 is no book."""

import pytest

from toolfilter_core._pipeline.zh_records import english_records


@pytest.mark.parametrize(
    "text",
    ["帮我注销读者 20034545 的图书馆账户", "读者 20034545 要离开本市，注销他在图书馆的账户", "图书室明天关门"],
)
def test_the_library_names_no_book(text: str) -> None:
    assert "book" not in english_records(text)


@pytest.mark.parametrize("text", ["注销图书 31200877", "图书馆里这本图书破损了"])
def test_a_book_said_alone_is_a_book(text: str) -> None:
    assert "book" in english_records(text)


def test_a_shift_named_by_its_verb_compound_is_a_shift() -> None:
    assert "shift" in english_records("给汤姆发短信说一下删班的事，然后把 S-302 删掉")
