import json
import warnings

import pytest

from toolfilter_core import (
    ToolSpec,
    ToolSpecError,
    ToolSpecWarning,
    load_bundled_tools,
    load_tool,
    load_tools,
    read_tools_file,
)

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
        pytest.param({"description": "x"}, "'name' is missing", id="no-name"),
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
    with pytest.raises(ToolSpecError, match=r"'a': field 'name' is used by definitions #1 and #3"):
        load_tools([{"name": "a"}, {"name": "b"}, {"name": "a"}])


def test_unicode_names_are_fine():
    assert load_tool({"name": "发送邮件"}).name == "发送邮件"


def test_read_tools_file_jsonl_json_and_mcp(tmp_path):
    jsonl = tmp_path / "t.jsonl"
    jsonl.write_text(json.dumps(ROW) + "\n\n")
    assert [t.name for t in read_tools_file(jsonl)] == ["get_weather"]
    mcp = tmp_path / "mcp.json"
    mcp.write_text(
        json.dumps({"result": {"tools": [{"name": "x", "description": "d", "inputSchema": {"type": "object"}}]}})
    )
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


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        pytest.param("get weather", "has a space", id="space"),
        pytest.param("a" * 65, "65 characters, over 64", id="too-long"),
        pytest.param("files.read", "has '.'", id="dot"),
        pytest.param("查天气", "outside A-Z a-z 0-9 _ -", id="cjk"),
    ],
)
def test_a_name_providers_reject_warns_naming_the_rule_and_strict_names_refuses_it(name, rule):
    rows = [{"name": "ok_tool", "description": "fine"}, {"name": name, "description": "d"}]
    with pytest.warns(ToolSpecWarning, match=r"providers reject") as caught:
        tools = load_tools(rows)
    text = str(caught[0].message)
    assert "^[A-Za-z0-9_-]{1,64}$" in text and rule in text and "(#2: " in text and "ok_tool" not in text
    assert [t.name for t in tools] == ["ok_tool", name]  # still loaded
    with pytest.raises(ToolSpecError, match=r"providers reject"):
        load_tools(rows, strict_names=True)


def test_names_providers_accept_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load_tools([{"name": n, "description": "d"} for n in ("get_weather", "git-log", "A1", "x" * 64)])
        load_bundled_tools()


def test_a_tool_without_a_description_warns():
    with pytest.warns(ToolSpecWarning, match=r"1 tool\(s\) without a description: 'bare' \(#2\)"):
        load_tools([{"name": "a", "description": "d"}, {"name": "bare"}])


def test_one_warning_for_the_whole_list_with_the_first_ten_named():
    rows = [{"name": f"bad name {i}", "description": "d"} for i in range(12)]
    with pytest.warns(ToolSpecWarning) as caught:
        load_tools(rows)
    assert len(caught) == 1 and "12 tool name(s)" in str(caught[0].message) and "and 2 more" in str(caught[0].message)


def test_a_tools_file_names_tools_by_their_1_based_line(tmp_path):
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join([json.dumps(ROW), "", json.dumps({"name": "get weather", "description": "d"})]) + "\n")
    with pytest.warns(
        ToolSpecWarning, match=r"tools file .*t\.jsonl': 1 tool name\(s\).*'get weather' \(line 3: has a space\)"
    ):
        read_tools_file(path)
    with pytest.raises(ToolSpecError, match=r"line 3"):
        read_tools_file(path, strict_names=True)
    path.write_text("\n".join([json.dumps(ROW), json.dumps({**ROW, "tags": "nope"})]) + "\n")
    with pytest.raises(ToolSpecError, match=r"tools file .*: line 2: tool 'get_weather': field 'tags'"):
        read_tools_file(path)
    path.write_text("\n".join([json.dumps(ROW), "", json.dumps(ROW)]) + "\n")
    with pytest.raises(ToolSpecError, match=r"used by definitions line 1 and line 3"):
        read_tools_file(path)


def test_a_list_names_a_nameless_tool_by_its_1_based_position():
    with pytest.raises(ToolSpecError, match=r"tool #2: field 'name'"):
        load_tools([ROW, {"description": "no name"}])
