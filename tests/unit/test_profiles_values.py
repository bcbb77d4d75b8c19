"""ToolProfile on ToolSpec: what it does to the hashes, and how its JSON form is read."""

import json

import pytest

from toolfilter_core import ToolProfile, ToolSpec, ToolSpecError, load_tool, read_tools_file
from toolfilter_core._tool_profiles.values import read_profile

PING = ToolSpec(
    "ping",
    "Check that a host answers",
    {"type": "object", "properties": {"host": {"type": "string"}}},
    category="net",
)
PROFILE = ToolProfile(("is example.com up?", "ping 10.0.0.1"), tool_hash=PING.definition_hash(), writer="hand")


# ----- hashes -----


def test_content_hash_of_a_tool_without_a_profile_is_the_one_stores_already_hold():
    # Computed once by hand from the to_dict JSON of the version before profiles (c59d84b):
    # sha256('{"category": "net", "description": "Check that a host answers", "name": "ping",
    #  "parameters": {"properties": {"host": {"type": "string"}}, "type": "object"}, "tags": []}')[:32]
    # A change here re-embeds every store's every tool.
    assert PING.content_hash() == "a1fe7da40047c2cb55336cfbe0631e8a"


def test_definition_hash_is_the_name_description_and_parameter_names():
    # sha256('{"description": "Check that a host answers", "name": "ping", "parameters": ["host"]}')[:32]:
    # what a profile is written from; a framework's rendering of the schema does not change it
    assert PING.definition_hash() == "3929d1ff7741d61d9883f4022b0b990b"
    rendered = ToolSpec(
        PING.name,
        PING.description,
        {"type": "object", "properties": {"host": {"title": "Host", "anyOf": [{"type": "string"}, {"type": "null"}]}}},
        category="net",
    )
    assert rendered.definition_hash() == PING.definition_hash()
    assert rendered.content_hash() != PING.content_hash()


@pytest.mark.parametrize(
    "profile",
    [
        pytest.param(None, id="none"),
        pytest.param(ToolProfile(), id="empty"),
        # metadata without a single request is no profile: nothing is embedded for it
        pytest.param(ToolProfile(tool_hash="abc", writer="hand", prompt_version="1"), id="metadata-only"),
    ],
)
def test_a_profile_without_requests_leaves_the_content_hash_alone(profile):
    tool = ToolSpec(PING.name, PING.description, PING.parameters, category="net", profile=profile)
    assert tool.content_hash() == "a1fe7da40047c2cb55336cfbe0631e8a"
    assert "profile" not in tool.to_dict()


@pytest.mark.parametrize(
    "profile",
    [
        pytest.param(ToolProfile(("is example.com up?",)), id="requests"),
        pytest.param(ToolProfile((), ("wipe the host",)), id="destroy-only"),
        pytest.param(PROFILE, id="with-metadata"),
    ],
)
def test_a_profile_changes_the_content_hash_but_not_the_definition_hash(profile):
    tool = ToolSpec(PING.name, PING.description, PING.parameters, category="net", profile=profile)
    assert tool.content_hash() != PING.content_hash()
    assert tool.definition_hash() == PING.definition_hash() == "3929d1ff7741d61d9883f4022b0b990b"
    assert tool.to_dict()["profile"] == profile.to_dict()


def test_each_profile_field_is_part_of_the_content_hash():
    base = ToolSpec("ping", "Check", profile=ToolProfile(("a",)))
    variants = [
        ToolProfile(("b",)),
        ToolProfile(("a",), ("x",)),
        ToolProfile(("a",), tool_hash="h"),
        ToolProfile(("a",), writer="w"),
        ToolProfile(("a",), prompt_version="1"),
    ]
    hashes = {base.content_hash()} | {ToolSpec("ping", "Check", profile=p).content_hash() for p in variants}
    assert len(hashes) == 1 + len(variants)


def test_definition_hash_changes_with_the_definition():
    assert ToolSpec("ping", "Check a host").definition_hash() != ToolSpec("ping", "Check the host").definition_hash()


def test_profile_texts_put_the_destroy_asking_requests_last():
    assert ToolProfile(("a", "b"), ("c",)).texts == ("a", "b", "c")


@pytest.mark.parametrize(
    ("profile", "expected"),
    [
        pytest.param(ToolProfile(("a",)), {"requests": ["a"]}, id="bare"),
        pytest.param(
            ToolProfile(("a",), ("d",), "h", "w", "1"),
            {"requests": ["a"], "destroy": ["d"], "tool_hash": "h", "writer": "w", "prompt_version": "1"},
            id="full",
        ),
    ],
)
def test_profile_to_dict_reads_back_the_same(profile, expected):
    assert profile.to_dict() == expected
    assert read_profile("'t'", expected) == profile


# ----- reading the JSON form -----


@pytest.mark.parametrize(
    ("value", "match"),
    [
        pytest.param("often", r"field 'profile' is 'often'; expected \{", id="not-a-mapping"),
        pytest.param({"requests": ["a"], "examples": ["b"]}, r"field 'profile\.examples' .*allowed keys", id="bad-key"),
        pytest.param({"requests": "ping it"}, r"field 'profile\.requests' is 'ping it'; expected a list", id="str"),
        pytest.param({"requests": ["ok", 3]}, r"field 'profile\.requests' is \['ok', 3\]; expected a list", id="int"),
        pytest.param({"destroy": {"a": 1}}, r"field 'profile\.destroy' .*expected a list of strings", id="dict"),
        pytest.param({"writer": 7}, r"field 'profile\.writer' is 7; expected a string", id="writer-int"),
        pytest.param({"tool_hash": ["h"]}, r"field 'profile\.tool_hash' .*expected a string", id="hash-list"),
        # 33 distinct requests: one over MAX_PROFILE_REQUESTS (32)
        pytest.param(
            {"requests": [f"r{i}" for i in range(33)]},
            r"field 'profile\.requests' is '<33 requests>'; at most 32",
            id="33-requests",
        ),
        pytest.param(
            {"destroy": [f"d{i}" for i in range(33)]}, r"field 'profile\.destroy' .*at most 32", id="33-destroy"
        ),
        # the third request is 401 characters: one over MAX_PROFILE_CHARS (400)
        pytest.param(
            {"requests": ["a", "b", "x" * 401]},
            r"field 'profile\.requests\.2' .*at most 400 characters",
            id="401-chars",
        ),
        pytest.param(
            {"destroy": ["wipe \ud800 it"]},
            r"field 'profile\.destroy\.0' .*unpaired surrogates",
            id="surrogate",
        ),
    ],
)
def test_bad_profiles_are_refused_naming_the_tool_field_and_value(value, match):
    with pytest.raises(ToolSpecError, match=r"^tool 'ping': " + match):
        read_profile("'ping'", value)


def test_limits_are_counted_after_blanks_and_repeats_are_dropped():
    # 32 distinct requests, plus a repeat, a blank and a whitespace-only one: 32 kept, no error
    requests = [f"r{i}" for i in range(32)] + ["r0", "", "   "]
    assert len(read_profile("'t'", {"requests": requests}).requests) == 32
    # exactly 400 characters after folding the outer whitespace: kept
    assert read_profile("'t'", {"requests": ["  " + "x" * 400 + "  "]}).requests == ("x" * 400,)


def test_blanks_and_repeats_are_dropped_and_whitespace_folded():
    profile = read_profile("'t'", {"requests": ["  is it  up? ", "", "  ", "is it up?", "ping\tit"], "destroy": None})
    # "  is it  up? " folds to "is it up?", which the fourth repeats
    assert profile == ToolProfile(("is it up?", "ping it"))


def test_no_profile_reads_as_none():
    assert read_profile("'t'", None) is None


# ----- a profile inline in a tools file -----


def test_a_tool_row_with_an_inline_profile_loads_with_it():
    row = {**PING.to_dict(), "profile": PROFILE.to_dict()}
    tool = load_tool(row)
    assert tool.profile == PROFILE
    assert tool.definition_hash() == PING.definition_hash()
    assert load_tool(tool.to_dict()) == tool  # to_dict reads back


def test_a_tools_file_with_inline_profiles_loads_and_names_the_line_of_a_bad_one(tmp_path):
    good = tmp_path / "tools.jsonl"
    rows = [{**PING.to_dict(), "profile": PROFILE.to_dict()}, {"name": "rm_file", "description": "Delete a file"}]
    good.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    tools = read_tools_file(good)
    assert [t.profile for t in tools] == [PROFILE, None]

    bad = tmp_path / "bad.jsonl"
    rows[1]["profile"] = {"requests": "delete it"}
    bad.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"bad\.jsonl'?: line 2: tool 'rm_file': field 'profile\.requests'"):
        read_tools_file(bad)


@pytest.mark.parametrize("value", [pytest.param(False, id="false"), pytest.param(0, id="zero")])
def test_a_tool_hash_that_is_no_string_is_refused_not_read_as_any_version(value):
    with pytest.raises(ToolSpecError, match="'profile.tool_hash' is"):
        read_profile("'ping'", {"requests": ["is example.com up?"], "tool_hash": value})
