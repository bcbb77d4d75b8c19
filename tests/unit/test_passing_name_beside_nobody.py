"""A name in passing stays in passing beside a clause about nobody ("hi, I'm Mr Ito, tell me a joke"): no tool, as
before; a clause with a pronoun or a possessive may ask about the record and gets tools."""

import pytest

from toolfilter_core import HashingEmbedder, Status, ToolFilter
from toolfilter_core._pipeline.record_named import record_named

from .test_named_records_not_abstained import CONFIG, TOOLS

_ABOUT_NOBODY = ["hi, I'm Mr Ito, tell me a joke", "thanks, MJ-204 looks great, tell me a joke"]


@pytest.fixture(scope="module")
def tf() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


@pytest.mark.parametrize("text", _ABOUT_NOBODY)
def test_a_name_beside_a_clause_about_nobody_needs_no_tool(tf: ToolFilter, text: str) -> None:
    assert record_named(tf.snapshot, text) is None
    assert tf.select(text).status is Status.NO_TOOL_NEEDED


def test_a_clause_about_the_record_still_asks(tf: ToolFilter) -> None:
    assert record_named(tf.snapshot, "thanks, MJ-204 looks great, is it invoiced?") == "id"
