"""A store indexed from a tools file opened with ``@tool`` versions of the same tools.

The file's parameters have descriptions, the ``@tool`` functions' do not, and an optional argument is
written ``anyOf [T, null]`` with a default: ``from_store`` refused the store for every tool with parameters
("holds other versions ... (parameters)") though the names, types and required ones are the same.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from langchain_core.tools import tool

from langchain_toolfilter import ToolFilterSelector
from langchain_toolfilter._tools import check_same_specs
from toolfilter_core import HashingEmbedder, StoreError, ToolFilter, ToolSpec

ROWS = [
    {
        "name": "get_account",
        "description": "Look up a customer account by its number.",
        "parameters": {
            "type": "object",
            "properties": {"account_id": {"type": "string", "description": "Customer account number"}},
            "required": ["account_id"],
        },
    },
    {
        "name": "make_payment",
        "description": "Pay a bill of an account.",
        "parameters": {
            "type": "object",
            "properties": {
                "account_id": {"type": "string", "description": "Customer account number"},
                "amount": {"type": "number", "description": "CNY"},
            },
            "required": ["account_id"],
        },
    },
]


@tool
def get_account(account_id: str) -> str:
    """Look up a customer account by its number."""
    return account_id


@tool
def make_payment(account_id: str, amount: float | None = None) -> str:
    """Pay a bill of an account."""
    return account_id


@tool("make_payment")
def make_payment_by_card(account_id: str, card: str) -> str:
    """Pay a bill of an account."""
    return account_id


def _store(tmp_path: Path) -> Path:
    ToolFilter(ROWS, store=tmp_path / "store", embedder=HashingEmbedder())
    return tmp_path / "store"


def test_tools_whose_parameters_differ_only_in_descriptions_open_the_store_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = _store(tmp_path)
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        selector = ToolFilterSelector.from_store([get_account, make_payment], store=store, embedder=HashingEmbedder())
    assert selector.invoke("look up account 3100")[0].name in {"get_account", "make_payment"}
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(said) == 1, said
    assert "2 tools whose parameters differ from the store's only in their descriptions" in said[0]
    assert "get_account, make_payment" in said[0] and "index the @tools" in said[0]


def test_a_parameter_of_another_name_is_still_another_version(tmp_path: Path) -> None:
    store = _store(tmp_path)
    with pytest.raises(StoreError, match=r"other versions of tools: \['make_payment \(parameters: amount: store "):
        ToolFilterSelector.from_store([get_account, make_payment_by_card], store=store, embedder=HashingEmbedder())


def _spec(properties: dict[str, object], required: list[str] | None = None) -> ToolSpec:
    schema = {"type": "object", "properties": properties, "required": required or []}
    return ToolSpec("ship", "Ship an order to an address.", schema)


ZIP = {"type": "object", "properties": {"zip": {"type": "string"}}, "required": ["zip"]}
POSTCODE = {"type": "object", "properties": {"postcode": {"type": "integer"}, "country": {"type": "string"}}}


@pytest.mark.parametrize(
    ("stored", "given"),
    [
        # Failed on 397f633: these were taken for differences in descriptions only (names, types
        # and required ones at the top alone were compared), and the store opened.
        ({"address": ZIP}, {"address": POSTCODE}),
        ({"n": {"type": "integer", "minimum": 1}}, {"n": {"type": "integer", "minimum": 0}}),
        ({"n": {"type": "integer", "maximum": 10}}, {"n": {"type": "integer"}}),
        ({"day": {"type": "string", "format": "date"}}, {"day": {"type": "string", "format": "email"}}),
        ({"a": {"$ref": "#/$defs/Address"}}, {"a": {"$ref": "#/$defs/Parcel"}}),
        ({"title": {"type": "string"}}, {"title": {"type": "integer"}}),
    ],
)
def test_parameters_differing_below_the_top_or_in_their_bounds_are_another_version(
    stored: dict[str, object], given: dict[str, object]
) -> None:
    with pytest.raises(StoreError, match=r"other versions of tools: \['ship \(parameters: "):
        check_same_specs([_spec(given)], [_spec(stored)], "the store")


def test_parameters_differing_in_words_alone_at_any_depth_are_the_same_version(
    caplog: pytest.LogCaptureFixture,
) -> None:
    worded = {
        "type": "object",
        "title": "Address",
        "properties": {"zip": {"type": "string", "description": "postal code", "examples": ["94107"]}},
        "required": ["zip"],
    }
    stored = _spec({"address": worded, "title": {"type": "string", "description": "a title"}}, ["address"])
    given = _spec({"address": ZIP, "title": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}})
    given = ToolSpec(given.name, given.description, {**given.parameters, "required": ["address"]})
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        check_same_specs([given], [stored], "the store")
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(said) == 1 and said[0].startswith("toolfilter: 1 tools whose parameters differ"), said


@tool
def search_orders(query: str, limit: int = 10) -> str:
    """Search orders by text."""
    return query


def test_a_default_the_store_lacks_opens_it_with_the_warning_a_description_gets(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # Failed on fb957fc: refused ("holds other versions of tools: ['search_orders (parameters)']").
    limit = {"type": "integer", "description": "most results"}
    properties = {"query": {"type": "string", "description": "words to search"}, "limit": limit}
    row = {"name": "search_orders", "description": "Search orders by text.", "parameters": {"type": "object"}}
    row["parameters"] = {"type": "object", "properties": properties, "required": ["query"]}
    ToolFilter([row], store=tmp_path / "store", embedder=HashingEmbedder())
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        ToolFilterSelector.from_store([search_orders], store=tmp_path / "store", embedder=HashingEmbedder())
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(said) == 1 and "differ from the store's only in their descriptions or defaults" in said[0], said


def test_a_refusal_names_where_the_parameters_differ_and_both_values() -> None:
    # Failed on fb957fc: "['ship (parameters)']", nothing said of where.
    stored = _spec({"limit": {"type": "integer", "maximum": 100}, "day": {"type": "string", "format": "date"}})
    given = _spec({"limit": {"type": "integer", "maximum": 50}, "day": {"type": "string", "format": "date"}})
    with pytest.raises(StoreError, match=r"\['ship \(parameters: limit\.maximum: store 100, tool 50\)'\]"):
        check_same_specs([given], [stored], "the store")
    nested = _spec({"address": {"type": "object", "properties": {"zip": {"type": "string"}}}})
    other = _spec({"address": {"type": "object", "properties": {"zip": {"type": "integer"}}}})
    with pytest.raises(StoreError, match=r'address\.zip\.type: store "string", tool "integer"'):
        check_same_specs([other], [nested], "the store")
