"""A request of only invisible characters (zero-width spaces, a byte-order mark) is an empty request.

On 48e4843 "\u200b\u200b" was read as a greeting alone ("no tool needed") while "" and "  " were the empty-text
verdict.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, Status, ToolFilter, ToolSpec


@pytest.mark.parametrize("request_text", ["\u200b\u200b", "\ufeff", " \u200d\u2060 "])
def test_an_invisible_request_is_empty(request_text: str) -> None:
    tf = ToolFilter([ToolSpec("get_order", "Get an order by its id.")], embedder=HashingEmbedder())
    empty = tf.select("")
    selection = tf.select(request_text)
    assert selection.status is Status.NO_TEXT is empty.status
    assert selection.detail == empty.detail


def test_a_request_with_a_zero_width_space_inside_is_read() -> None:
    tf = ToolFilter([ToolSpec("get_order", "Get an order by its id.")], embedder=HashingEmbedder())
    assert tf.select("get order\u200b 5").status is not Status.NO_TEXT
