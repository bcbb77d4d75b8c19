"""A destroyer's object words read from its description's first clause keep their words whole.

The clause is read to 24 characters; a cut there left a stem ("Close a customer's accou" -> ``accou``), so
"close their account" named no object of ``account_close``.
"""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.objects import names_object, object_words

_CLOSE = ToolSpec("account_close", "Close a customer's account permanently: ends all contracts.")
_PURGE = ToolSpec("purge_client", "Permanently delete a customer record and its payment history.")


@pytest.mark.parametrize(("tool", "whole", "cut"), [(_CLOSE, "account", "accou"), (_PURGE, "customer", "cus")])
def test_the_word_the_cut_falls_in_is_read_whole(tool: ToolSpec, whole: str, cut: str) -> None:
    words = object_words(tool, "description")
    assert whole in words
    assert cut not in words


def test_a_request_saying_the_whole_word_names_the_object() -> None:
    assert names_object("erase that customer for good", _PURGE, "description")  # not a word of its name
    assert not names_object("erase that cushion for good", _PURGE, "description")


def test_a_clause_ending_on_a_whole_word_reads_no_further() -> None:
    words = object_words(ToolSpec("account_close", "Close a customer account permanently"), "description")
    assert "permanently" not in words
    assert "account" in words


def test_a_chinese_clause_is_still_cut_at_its_characters() -> None:
    tool = ToolSpec("rx_void", "作废一张处方并通知患者和药房以及其他所有相关的人员与机构")
    assert "机构" not in object_words(tool, "description")
