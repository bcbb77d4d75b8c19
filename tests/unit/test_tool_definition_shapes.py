"""Each provider's tool definition shape is read, by ``load_tools`` and ``read_tools_file`` alike."""

from __future__ import annotations

import json

import pytest

from toolfilter_core import ToolSpecError, load_tools, read_tools_file

SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}
SHAPES = {
    "toolfilter": {"name": "order_get", "description": "Get one order.", "parameters": SCHEMA},
    "openai": {
        "type": "function",
        "function": {"name": "order_get", "description": "Get one order.", "parameters": SCHEMA},
    },
    "openai-bare": {"name": "order_get", "description": "Get one order.", "parameters": SCHEMA, "strict": True},
    "anthropic": {"name": "order_get", "description": "Get one order.", "input_schema": SCHEMA},
    "anthropic-typed": {
        "type": "custom",
        "name": "order_get",
        "description": "Get one order.",
        "input_schema": SCHEMA,
        "cache_control": {"type": "ephemeral"},
    },
    "mcp": {"name": "order_get", "description": "Get one order.", "inputSchema": SCHEMA},
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_load_tools_reads_each_shape(shape: str) -> None:
    (tool,) = load_tools([SHAPES[shape]])
    assert (tool.name, tool.description, tool.parameters) == ("order_get", "Get one order.", SCHEMA)


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_read_tools_file_reads_each_shape_as_json_and_json_lines(shape: str, tmp_path) -> None:
    listed, lines = tmp_path / "tools.json", tmp_path / "tools.jsonl"
    listed.write_text(json.dumps([SHAPES[shape]]))
    lines.write_text(json.dumps(SHAPES[shape]) + "\n")
    for path in (listed, lines):
        (tool,) = read_tools_file(path)
        assert (tool.name, tool.parameters) == ("order_get", SCHEMA)


def test_an_anthropic_tool_with_an_unknown_field_is_refused_naming_the_allowed_ones() -> None:
    with pytest.raises(ToolSpecError, match=r"field 'inputschema'.*allowed fields of an Anthropic tool"):
        load_tools([{**SHAPES["anthropic"], "inputschema": {}}])


def test_an_anthropic_server_tool_type_is_refused_naming_the_type() -> None:
    with pytest.raises(ToolSpecError, match=r"field 'type' is 'web_search_20250305'"):
        load_tools([{**SHAPES["anthropic"], "type": "web_search_20250305"}])


OPENAI_TOOL = {"name": "card_charge", "description": "Charge the customer's card.", "parameters": SCHEMA}


@pytest.mark.parametrize(
    "row",
    [
        {"type": "function", "function": OPENAI_TOOL, "annotations": {"destructiveHint": True}},
        {"type": "function", "function": {**OPENAI_TOOL, "annotations": {"destructiveHint": True}}},
    ],
    ids=["beside-function", "inside-function"],
)
def test_an_openai_tool_carries_mcp_annotations_beside_or_inside_its_function(row: dict[str, object]) -> None:
    (tool,) = load_tools([row])
    assert tool.annotations == {"destructiveHint": True}


def test_an_openai_tool_with_annotations_in_both_places_is_refused() -> None:
    row = {
        "type": "function",
        "function": {**OPENAI_TOOL, "annotations": {"destructiveHint": True}},
        "annotations": {"readOnlyHint": True},
    }
    with pytest.raises(ToolSpecError, match="give annotations once"):
        load_tools([row])


def test_an_openai_tool_with_an_unknown_field_is_refused_naming_the_allowed_ones() -> None:
    with pytest.raises(ToolSpecError, match=r"'hints'.*allowed fields of an OpenAI tool: \['annotations', 'function'"):
        load_tools([{"type": "function", "function": OPENAI_TOOL, "hints": {}}])
