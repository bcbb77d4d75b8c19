"""Turning LangChain tools into core ToolSpecs: sources of metadata, and clear errors."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.tools import StructuredTool, tool
from pydantic import BaseModel

from langchain_toolfilter._tools import describe_tools, openai_function
from toolfilter_core import ToolSpecError


@tool
def get_weather(city: str) -> str:
    """Get the current weather forecast for a city."""
    return f"sunny in {city}"


def _send(to: str, body: str) -> str:
    return "sent"


SEND_MAIL = StructuredTool.from_function(
    _send,
    name="send_mail",
    description="Send an email message to a recipient.",
    metadata={"category": "mail", "triggers": ["发封邮件", "mail my boss"], "tags": ["write"]},
    tags=["email"],
)

SQL_QUERY: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "sql_query",
        "description": "Run a read-only SQL query against the database.",
        "parameters": {"type": "object", "properties": {"sql": {"type": "string"}}, "required": ["sql"]},
    },
}

# One row of the project's JSON Lines format works as a dict tool, with its own metadata.
ROW: dict[str, Any] = {
    "name": "list_dir",
    "description": "List the entries of a directory.",
    "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
    "category": "file",
    "tags": ["filesystem"],
    "triggers": ["这个目录下有什么"],
}


def translate(text: str, target: str) -> str:
    """Translate text into the target language."""
    return text


class Lookup(BaseModel):
    """Look up a word in the dictionary."""

    word: str


def test_every_kind_of_tool_is_described_in_order() -> None:
    specs = describe_tools([get_weather, SEND_MAIL, SQL_QUERY, ROW, translate, Lookup])

    assert [s.name for s in specs] == ["get_weather", "send_mail", "sql_query", "list_dir", "translate", "Lookup"]
    weather = specs[0]
    assert weather.description == "Get the current weather forecast for a city."
    assert weather.parameters["properties"]["city"]["type"] == "string"
    assert weather.category is None and weather.tags == () and weather.triggers == ()


def test_metadata_comes_from_the_tool_itself() -> None:
    send, _, row = describe_tools([SEND_MAIL, SQL_QUERY, ROW])

    # BaseTool.tags first, then metadata["tags"]; category and triggers from metadata.
    assert send.category == "mail"
    assert send.tags == ("email", "write")
    assert send.triggers == ("发封邮件", "mail my boss")
    assert (row.category, row.tags, row.triggers) == ("file", ("filesystem",), ("这个目录下有什么",))


def test_metadata_argument_overrides_field_by_field() -> None:
    metadata: dict[str, dict[str, Any]] = {
        "send_mail": {"category": "email"},
        "sql_query": {"category": "db", "tags": ["database"], "triggers": "查一下数据库"},
    }
    send, sql = describe_tools([SEND_MAIL, SQL_QUERY], metadata)

    assert send.category == "email"  # replaced
    assert send.triggers == ("发封邮件", "mail my boss")  # kept from the tool
    # a single string is one trigger, not a list of characters
    assert (sql.category, sql.tags, sql.triggers) == ("db", ("database",), ("查一下数据库",))


def test_parameters_are_what_bind_tools_would_send() -> None:
    (spec,) = describe_tools([get_weather])
    assert dict(spec.parameters) == openai_function(get_weather, 0)["parameters"]


@pytest.mark.parametrize(
    ("bad", "match"),
    [
        pytest.param(42, r"tool #1 \(int\).*cannot describe", id="a number"),
        pytest.param("get_weather", r"tool #1 \(str\).*cannot describe", id="a bare name"),
        pytest.param(None, r"tool #1 \(NoneType\).*cannot describe", id="None"),
        pytest.param({"foo": 1}, r"tool #1 \(dict\).*cannot describe", id="a dict that is no tool"),
        pytest.param({"type": "web_search_preview"}, r"provider built-in tool", id="a provider built-in"),
    ],
)
def test_a_tool_langchain_cannot_describe_is_named(bad: Any, match: str) -> None:
    with pytest.raises(ToolSpecError, match=match):
        describe_tools([get_weather, bad])


def test_duplicate_names_are_refused() -> None:
    with pytest.raises(ToolSpecError, match=r"tool #1 .*'get_weather' is already used by tool #0"):
        describe_tools([get_weather, get_weather])


@pytest.mark.parametrize(
    ("metadata", "match"),
    [
        pytest.param({"get_wether": {"category": "x"}}, r"no tool is named \['get_wether'\]", id="typo in name"),
        pytest.param({"get_weather": {"domain": "x"}}, r"unknown keys \['domain'\]", id="unknown key"),
        pytest.param({"get_weather": "weather"}, r"expected a mapping", id="not a mapping"),
        pytest.param({"get_weather": {"category": 3}}, r"category must be a string", id="category type"),
        pytest.param({"get_weather": {"tags": [1, 2]}}, r"tags must be a string or a list of strings", id="tag type"),
    ],
)
def test_bad_metadata_is_named(metadata: Any, match: str) -> None:
    with pytest.raises(ToolSpecError, match=match):
        describe_tools([get_weather], metadata)


def test_annotations_are_accepted_like_the_llamaindex_adapter_does() -> None:
    (spec,) = describe_tools([get_weather], {"get_weather": {"annotations": {"readOnlyHint": True}}})
    assert spec.annotations == {"readOnlyHint": True}


def test_a_tool_decorated_function_is_marked_destructive_by_its_metadata_as_docs_say() -> None:
    @tool
    def charge_fee(booking: str) -> str:
        """Charge the customer's card a damage fee."""
        return "charged"

    charge_fee.metadata = {"destructiveHint": True}
    (spec,) = describe_tools([charge_fee])
    assert spec.annotations == {"destructiveHint": True}
