"""An MCP hint in a tool's annotations is a boolean: a string "false" was taken silently."""

from __future__ import annotations

import pytest

from toolfilter_core import ToolSpecError, load_tools

TOOL = {"name": "order_cancel", "description": "Cancel an order."}


@pytest.mark.parametrize(
    "annotations",
    [
        {"destructiveHint": "false"},
        {"readOnlyHint": "true"},
        {"idempotentHint": 1},
        {"openWorldHint": "no"},
    ],
)
def test_a_hint_that_is_no_boolean_is_refused_naming_the_tool_the_hint_and_the_value(annotations: dict) -> None:
    [(hint, value)] = annotations.items()
    with pytest.raises(ToolSpecError) as refused:
        load_tools([{**TOOL, "annotations": annotations}])
    message = str(refused.value)
    assert "order_cancel" in message and f"annotations.{hint}" in message and repr(value) in message
    assert "expected true, false or null" in message


@pytest.mark.parametrize("annotations", [{"destructiveHint": True}, {"readOnlyHint": False}, {"destructiveHint": None}])
def test_a_boolean_or_null_hint_is_taken(annotations: dict) -> None:
    [spec] = load_tools([{**TOOL, "annotations": annotations}])
    assert spec.name == "order_cancel"


def test_an_openai_tool_with_a_string_hint_is_refused() -> None:
    tool = {"type": "function", "function": TOOL, "annotations": {"destructiveHint": "false"}}
    with pytest.raises(ToolSpecError, match=r"annotations\.destructiveHint"):
        load_tools([tool])
