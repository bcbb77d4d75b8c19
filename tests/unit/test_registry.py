import json

import pytest

from toolfilter_core import ToolSpec, ToolSpecError, load_bundled_tools, load_tool, load_tools, read_tools_file

ROW = {
    "name": "get_weather",
    "description": "Current weather for a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
    "category": "weather",
    "tags": ["forecast"],
    "triggers": ["will it rain"],
}


def test_our_row_format():
    tool = load_tool(ROW)
    assert tool == ToolSpec(
        name="get_weather",
        description="Current weather for a city",
        parameters=ROW["parameters"],
        category="weather",
        tags=("forecast",),
        triggers=("will it rain",),
    )
    assert tool.parameter_names == ("city",)


def test_openai_tool_dict():
    tool = load_tool(
        {
            "type": "function",
            "function": {"name": "f", "description": "d", "parameters": {"type": "object"}, "strict": True},
        }
    )
    assert (tool.name, tool.description, tool.category) == ("f", "d", None)


def test_mcp_tool_keeps_annotations():
    tool = load_tool(
        {
            "name": "delete_repo",
            "title": "Delete a repository",
            "inputSchema": {"type": "object", "properties": {"repo": {"type": "string"}}},
            "annotations": {"destructiveHint": True, "readOnlyHint": False},
        }
    )
    assert tool.description == "Delete a repository"
    assert tool.annotations["destructiveHint"] is True


@pytest.mark.parametrize(
    ("definition", "needle"),
    [
        pytest.param({"name": ""}, "'name' is ''", id="empty-name"),
        pytest.param({"name": "   "}, "non-empty", id="blank-name"),
        pytest.param({"description": "x"}, "'name' is None", id="no-name"),
        pytest.param({"name": " padded"}, "without surrounding spaces", id="padded-name"),
        pytest.param({"name": "f", "parameters": {"type": "string"}}, "'object' schema", id="non-object-schema"),
        pytest.param({"name": "f", "parameters": ["a"]}, "JSON Schema object", id="list-schema"),
        pytest.param(
            {"name": "f", "parameters": {"type": "object", "properties": []}},
            "mapping of parameters",
            id="bad-properties",
        ),
        pytest.param({"name": "f", "colour": "red"}, "'colour'", id="unknown-field"),
        pytest.param({"name": "f", "tags": "a,b"}, "list of strings", id="tags-string"),
        pytest.param({"name": "f", "triggers": [1, 2]}, "list of strings", id="triggers-ints"),
        pytest.param({"name": "f", "description": 3}, "expected a string", id="description-int"),
        pytest.param({"name": "f", "category": ""}, "non-empty string or null", id="empty-category"),
        pytest.param({"name": "f", "description": "x" * 100_001}, "at most 100,000", id="huge-description"),
        pytest.param({"type": "function", "function": {"name": "f", "foo": 1}}, "'foo'", id="openai-unknown"),
        pytest.param({"name": "f", "inputSchema": {}, "bogus": 1}, "'bogus'", id="mcp-unknown"),
    ],
)
def test_bad_definitions_name_the_tool_and_field(definition, needle):
    with pytest.raises(ToolSpecError, match="tool ") as info:
        load_tool(definition)
    assert needle in str(info.value)


def test_duplicate_names_are_refused_with_positions():
    with pytest.raises(ToolSpecError, match=r"'a': field 'name' is used by definitions #0 and #2"):
        load_tools([{"name": "a"}, {"name": "b"}, {"name": "a"}])


def test_unicode_names_are_fine():
    assert load_tool({"name": "发送邮件"}).name == "发送邮件"


def test_read_tools_file_jsonl_json_and_mcp(tmp_path):
    jsonl = tmp_path / "t.jsonl"
    jsonl.write_text(json.dumps(ROW) + "\n\n")
    assert [t.name for t in read_tools_file(jsonl)] == ["get_weather"]
    mcp = tmp_path / "mcp.json"
    mcp.write_text(json.dumps({"result": {"tools": [{"name": "x", "inputSchema": {"type": "object"}}]}}))
    assert [t.name for t in read_tools_file(mcp)] == ["x"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(ROW) + "\n{oops\n")
    with pytest.raises(ToolSpecError, match="line 2: not valid JSON"):
        read_tools_file(bad)
    with pytest.raises(ToolSpecError, match="cannot read"):
        read_tools_file(tmp_path / "none.jsonl")


def test_content_hash_changes_with_any_indexed_field():
    base = load_tool(ROW)
    assert base.content_hash() == load_tool(dict(ROW)).content_hash()
    for change in ({"description": "other"}, {"triggers": ["x"]}, {"tags": []}, {"category": "w2"}):
        assert load_tool({**ROW, **change}).content_hash() != base.content_hash()


def test_bundled_kit_is_valid():
    tools = load_bundled_tools()
    assert len(tools) == 48
    assert len({t.category for t in tools}) == 9
    assert all(t.triggers for t in tools)


def test_openai_serialisation_roundtrip():
    tool = load_tool(ROW)
    assert load_tool(tool.to_openai()).parameters == tool.parameters
