"""A question about an act the conversation already ran does not ask the act again."""

from __future__ import annotations

from typing import Any

from toolfilter_core import ToolSpec
from toolfilter_core._conversation_acts import asked_again
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_read import read_turn

CANCEL = ToolSpec("cancel_appointment", "Cancel an appointment.")


def _turns(cancel: str, result: str, question: str) -> list[Any]:
    call = {"id": "c1", "type": "function", "function": {"name": "cancel_appointment", "arguments": "{}"}}
    return openai_turns(
        [
            {"role": "user", "content": "what's the status of APT-5521?"},
            {"role": "assistant", "content": "Confirmed for Friday."},
            {"role": "user", "content": cancel},
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": result},
            {"role": "assistant", "content": "Cancelled."},
            {"role": "user", "content": question},
        ]
    )


def _asked(turns: list[Any]) -> list[str]:
    return asked_again(["cancel_appointment"], read_turn(turns), turns, lambda _: CANCEL)


def test_a_question_about_the_cancel_that_ran_does_not_ask_it_again() -> None:
    result = "APT-5521 cancelled; cancellation fee 100 CNY applies (within 24h)"
    assert _asked(_turns("just cancel it", result, "will I be charged for cancelling?")) == []
    assert _asked(_turns("直接取消吧", "APT-5521 已取消", "取消要收费吗？")) == []


def test_a_request_to_cancel_again_still_asks_it() -> None:
    result = "APT-5521 cancelled"
    assert _asked(_turns("just cancel it", result, "cancel APT-5522 too")) == ["cancel_appointment"]
