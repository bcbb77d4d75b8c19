"""The profiles review file (read_profiles, Profiles.write) and laying profiles over tools."""

import json
import warnings

import pytest

from toolfilter_core import Profiles, ToolProfile, ToolSpec, ToolSpecError, ToolSpecWarning, read_profiles
from toolfilter_core._tool_profiles.sidecar import attach_profiles

PING = ToolSpec("ping", "Check that a host answers")
WIPE = ToolSpec("wipe_host", "Delete every file on a host")
PROFILES = Profiles(
    {
        "ping": ToolProfile(("is example.com up?", "ping 10.0.0.1"), tool_hash=PING.definition_hash(), writer="m"),
        "wipe_host": ToolProfile(("clean web-3",), ("wipe web-3 completely",), WIPE.definition_hash(), "m", "1"),
    },
    ("what is a ping?", "讲讲 ICMP 的原理"),
)


def write_lines(path, *rows):
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r, ensure_ascii=False)) + "\n" for r in rows))
    return path


# ----- the file -----


def test_write_then_read_gives_the_same_profiles(tmp_path):
    path = PROFILES.write(tmp_path / "profiles.jsonl")
    assert read_profiles(path) == PROFILES
    assert read_profiles(str(path)) == PROFILES


def test_the_file_lists_no_tool_first_then_tools_by_name_in_utf8(tmp_path):
    path = PROFILES.write(tmp_path / "p.jsonl")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [next(iter(json.loads(line))) for line in lines] == ["no_tool", "tool", "tool"]
    assert [json.loads(line).get("tool") for line in lines[1:]] == ["ping", "wipe_host"]
    assert "讲讲 ICMP 的原理" in lines[0]  # not \u-escaped: a person reviews it


def test_a_reviewer_may_leave_notes_and_blank_lines(tmp_path):
    path = write_lines(
        tmp_path / "p.jsonl",
        {"tool": "ping", "requests": ["is it up?"], "note": "checked by hand"},
        "",
        {"no_tool": ["hi"], "reviewed": True},
        {"no_tool": ["hi", "bye"]},  # a second no_tool row adds to the first; repeats dropped
    )
    assert read_profiles(path) == Profiles({"ping": ToolProfile(("is it up?",))}, ("hi", "bye"))


def test_repeated_no_tool_rows_count_once_towards_the_limit(tmp_path):
    # 256 distinct near misses, written twice: 256 after repeats are dropped, at the limit
    row = {"no_tool": [f"n{i}" for i in range(256)]}
    assert len(read_profiles(write_lines(tmp_path / "p.jsonl", row, row)).no_tool) == 256


def test_an_empty_file_holds_no_profiles(tmp_path):
    assert read_profiles(write_lines(tmp_path / "p.jsonl")) == Profiles()


@pytest.mark.parametrize(
    ("rows", "match"),
    [
        pytest.param([{"tool": "ping", "requests": ["a"]}, "{oops"], r"line 2: not valid JSON", id="bad-json-line-2"),
        pytest.param(
            [{"tool": "ping", "no_tool": ["a"]}],
            r'line 1: expected \{"tool": NAME, "requests": \[\.\.\.\]\} or \{"no_tool"',
            id="tool-and-no_tool",
        ),
        pytest.param([{"requests": ["a"]}], r'line 1: expected \{"tool": NAME', id="neither"),
        pytest.param([[1, 2]], r'line 1: expected \{"tool": NAME', id="a-list"),
        pytest.param(
            [{"tool": "ping", "requests": ["a"]}, "", {"tool": "ping", "requests": ["b"]}],
            r"line 3: tool 'ping' has a profile on an earlier line already",
            id="duplicate-tool-line-3",
        ),
        pytest.param([{"tool": 3, "requests": ["a"]}], r"line 1: field 'tool' is 3; expected a tool's name", id="int"),
        pytest.param([{"tool": "", "requests": ["a"]}], r"line 1: field 'tool' is ''", id="empty-name"),
        pytest.param(
            [{"no_tool": []}, {"tool": "ping", "requests": "a"}],
            r"line 2: tool 'ping': field 'profile\.requests' is 'a'; expected a list of strings",
            id="requests-a-string",
        ),
        pytest.param(
            [{"tool": "ping", "requests": ["a"], "destroy": [1]}],
            r"line 1: tool 'ping': field 'profile\.destroy'",
            id="destroy-ints",
        ),
        pytest.param(
            [{"no_tool": "hello"}], r"line 1: field 'no_tool' is 'hello'; expected a list of strings", id="no_tool-str"
        ),
        # 8 * MAX_PROFILE_REQUESTS = 8 * 32 = 256 near misses at most
        pytest.param(
            [{"no_tool": [f"n{i}" for i in range(257)]}],
            r"line 1: 257 no_tool requests; at most 256",
            id="257-no_tool",
        ),
        pytest.param(
            [{"no_tool": ["x" * 401]}], r"line 1: a no_tool request of 401 characters; at most 400", id="long-no_tool"
        ),
        # a lone surrogate cannot be written as UTF-8: refused here, not a UnicodeEncodeError at indexing
        pytest.param(
            ['{"no_tool": ["ok", "hi \\ud800 there"]}'],
            r"line 1: field 'no_tool\.1' is 'hi \\ud800 there'; contains unpaired surrogates",
            id="surrogate-no_tool",
        ),
        # the limit holds for the file, not per line: 200 + 57 = 257 > 256, found on line 2
        pytest.param(
            [{"no_tool": [f"a{i}" for i in range(200)]}, {"no_tool": [f"b{i}" for i in range(57)]}],
            r"line 2: 257 no_tool requests; at most 256",
            id="257-no_tool-over-two-lines",
        ),
    ],
)
def test_bad_files_are_refused_naming_the_file_and_the_line(tmp_path, rows, match):
    path = write_lines(tmp_path / "p.jsonl", *rows)
    with pytest.raises(ToolSpecError, match=r"^profiles file '.*p\.jsonl': " + match):
        read_profiles(path)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(ToolSpecError, match=r"profiles file '.*absent\.jsonl': cannot read it"):
        read_profiles(tmp_path / "absent.jsonl")


def test_merged_lays_the_other_profiles_over_tool_by_tool():
    newer = Profiles({"ping": ToolProfile(("ping it",))})
    merged = PROFILES.merged(newer)
    assert merged.tools["ping"] == ToolProfile(("ping it",))
    assert merged.tools["wipe_host"] == PROFILES.tools["wipe_host"]
    assert merged.no_tool == PROFILES.no_tool  # the newer has none: the older's stay
    assert PROFILES.merged(Profiles(no_tool=("hi",))).no_tool == ("hi",)


def test_of_tools_collects_the_profiles_tools_carry():
    tools = [ToolSpec("ping", "x", profile=ToolProfile(("a",))), ToolSpec("other", "y")]
    assert Profiles.of_tools(tools, ["hi"]) == Profiles({"ping": ToolProfile(("a",))}, ("hi",))


# ----- laying profiles over tools -----


def test_attach_gives_each_tool_its_current_profile_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tools = attach_profiles([PING, WIPE], PROFILES)
    assert [t.profile for t in tools] == [PROFILES.tools["ping"], PROFILES.tools["wipe_host"]]


def test_a_profile_for_another_version_of_its_tool_is_left_out_with_a_warning_naming_it():
    changed = ToolSpec("ping", "Check that a host answers ICMP echo")  # a new definition: a new definition_hash
    with pytest.warns(
        ToolSpecWarning,
        match=r"1 profile\(s\) written for another version of their tool \(no params_hash\), left out: ping; re-export",
    ):
        tools = attach_profiles([changed, WIPE], PROFILES)
    assert tools[0] == changed and tools[0].profile is None
    assert tools[1].profile == PROFILES.tools["wipe_host"]


def with_params(tool, profile):
    return ToolProfile(profile.requests, profile.destroy, tool.definition_hash(), "m", "2", tool.params_hash())


def test_a_profile_survives_an_edited_description_with_one_warning_naming_the_tool():
    pinged = Profiles({"ping": with_params(PING, PROFILES.tools["ping"])})
    edited = ToolSpec("ping", "Check that a host answers ICMP echo")  # same name and parameters
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tools = attach_profiles([edited, WIPE], pinged)
    assert tools[0].profile == pinged.tools["ping"] and tools[0].description == edited.description
    assert len(caught) == 1 and caught[0].category is ToolSpecWarning
    text = str(caught[0].message)
    assert "description changed since its profile was written: ping" in text
    assert "(kept); re-export: `toolfilter profiles export <your tools file> --profiles <your profiles file>" in text
    assert "`toolfilter profiles import --prompts prompts_changed.jsonl --answers ANSWERS --into <your profiles" in text


def test_a_profile_is_left_out_when_a_parameter_was_renamed():
    tool = ToolSpec("ping", "Check that a host answers", {"type": "object", "properties": {"host": {}}})
    pinged = Profiles({"ping": with_params(tool, PROFILES.tools["ping"])})
    renamed = ToolSpec("ping", "Check that a host answers", {"type": "object", "properties": {"address": {}}})
    with pytest.warns(
        ToolSpecWarning,
        match=r"1 profile\(s\) written for parameters their tool no longer has, left out: ping \(now address",
    ):
        tools = attach_profiles([renamed], pinged)
    assert tools[0].profile is None


def test_the_params_hash_is_written_and_read_back(tmp_path):
    pinged = Profiles({"ping": with_params(PING, PROFILES.tools["ping"])})
    path = pinged.write(tmp_path / "p.jsonl")
    assert json.loads(path.read_text(encoding="utf-8"))["params_hash"] == PING.params_hash()
    assert read_profiles(path) == pinged


def test_a_profile_without_a_tool_hash_fits_any_version():
    hand = Profiles({"ping": ToolProfile(("is it up?",), writer="hand")})
    changed = ToolSpec("ping", "Check that a host answers ICMP echo")
    assert attach_profiles([changed], hand)[0].profile == hand.tools["ping"]


def test_a_profile_for_a_tool_the_registry_lacks_warns_and_is_ignored():
    lacks = r"1 profile names a tool this registry lacks \(wipe_host\): it is ignored"
    with pytest.warns(ToolSpecWarning, match=lacks):
        tools = attach_profiles([PING], PROFILES)
    assert [t.name for t in tools] == ["ping"]


def test_a_tool_keeps_its_own_profile_when_the_file_has_none_for_it():
    own = ToolProfile(("wipe it",), writer="inline")
    inline = ToolSpec("wipe_host", WIPE.description, profile=own)
    tools = attach_profiles([inline], Profiles({}, ("hi",)))
    assert tools[0].profile == own


def test_the_file_wins_over_a_profile_the_tool_carries():
    inline = ToolSpec("wipe_host", WIPE.description, profile=ToolProfile(("old",)))
    assert attach_profiles([PING, inline], PROFILES)[1].profile == PROFILES.tools["wipe_host"]


def test_no_profiles_leave_the_tools_as_they_are():
    assert attach_profiles([PING, WIPE], None) == [PING, WIPE]
