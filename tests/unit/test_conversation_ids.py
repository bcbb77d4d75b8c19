"""A conversations file's ids are its bill's keys: two conversations under one id would share one row.

On 6f42c0c a file whose conversations shared an id ("same" twice, or a line without one, id 3 by its line, beside
an explicit "3") was read, and ``bill_by_conversation`` kept one row for both; a conversation that made no model
call showed a bill of 0.0.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from toolfilter_core import ToolSpecError
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_eval import Conversation, read_conversations, replay_conversations

from .test_conversation_reports import NO_TOOL_AFTER_RESULTS, SCHEMAS


def _file(tmp_path: Path, ids: list[str | None]) -> Path:
    path = tmp_path / "conversations.jsonl"
    message = {"role": "user", "content": "look up bike B-1020", "gold": []}
    rows = [{"messages": [message]} | ({} if cid is None else {"id": cid}) for cid in ids]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), "utf-8")
    return path


def test_a_shared_id_is_refused_with_its_lines(tmp_path: Path) -> None:
    with pytest.raises(ToolSpecError, match=r"'same' \(lines 1, 2\); '3' \(lines 3, 4\)"):
        read_conversations(_file(tmp_path, ["same", "same", None, "3"]))


def test_distinct_ids_are_read(tmp_path: Path) -> None:
    assert [c.id for c in read_conversations(_file(tmp_path, ["a", "b", None]))] == ["a", "b", "3"]


@pytest.mark.parametrize(("given", "shown"), [(None, "null"), ("", '""'), ({"a": 1}, '{"a": 1}'), (True, "true")])
def test_an_id_neither_a_string_nor_a_whole_number_is_refused(tmp_path: Path, given: object, shown: str) -> None:
    # a null id was read as the string 'None', two of them as a shared id; "" and true were read as ids
    path = tmp_path / "conversations.jsonl"
    row = {"id": given, "messages": [{"role": "user", "content": "hi", "gold": []}]}
    path.write_text(json.dumps(row) + "\n" + json.dumps(row) + "\n", "utf-8")
    with pytest.raises(
        ToolSpecError, match=rf"line 1 is not a conversation \(its 'id' must be .*, not {re.escape(shown)}\)"
    ):
        read_conversations(path)


@pytest.mark.parametrize(("given", "shown"), [(" ", '" "'), ("\u200b", '"\\u200b"'), (3.0, "3.0")])
def test_a_blank_or_decimal_id_is_refused_in_words_that_agree(tmp_path: Path, given: object, shown: str) -> None:
    # " " and a zero-width space were read as ids; 3.0 was refused as "not a whole number"
    path = tmp_path / "conversations.jsonl"
    row = {"id": given, "messages": [{"role": "user", "content": "hi", "gold": []}]}
    path.write_text(json.dumps(row) + "\n", "utf-8")
    with pytest.raises(ToolSpecError, match=rf"an integer without a decimal point, not {re.escape(shown)}\)"):
        read_conversations(path)


def test_a_whole_number_id_is_read(tmp_path: Path) -> None:
    path = tmp_path / "conversations.jsonl"
    row = {"id": 7, "messages": [{"role": "user", "content": "hi", "gold": []}]}
    path.write_text(json.dumps(row) + "\n", "utf-8")
    assert [c.id for c in read_conversations(path)] == ["7"]


def test_a_conversation_with_no_model_call_has_no_bill() -> None:
    silent = Conversation("silent", ({"role": "system", "content": "You help a shop."},), "en")
    talks = Conversation("talks", tuple(NO_TOOL_AFTER_RESULTS), "en")
    replay = replay_conversations(
        [silent, talks], lambda: lambda _turns: ["track_shipment"], SCHEMAS, PROVIDERS["anthropic"]
    )
    each = replay.to_dict()["bill_by_conversation"]
    assert each["silent"] is None and isinstance(each["talks"], float)
