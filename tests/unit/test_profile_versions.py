"""A profile follows its tool through a schema a framework built differently.

On 7e670b2 a LlamaIndex ``FunctionTool.from_defaults(fn)`` over ``fn(**kw)`` declared no
parameters, every params_hash differed, and all 30 of a user's profiles were left out as
"written before their tool's parameters changed", with no word of what differed.
"""

from __future__ import annotations

import warnings

import pytest

from toolfilter_core import Profiles, ToolProfile, ToolSpec, ToolSpecWarning
from toolfilter_core._tool_profiles.prompt import ProfilePrompt
from toolfilter_core._tool_profiles.sidecar import attach_profiles
from toolfilter_core._tool_profiles.values import read_profile

PARAMS = {"type": "object", "properties": {"host": {"type": "string"}, "count": {"type": "integer"}}}
PING = ToolSpec("ping", "Check that a host answers", PARAMS)


def _profile(names: bool = True) -> Profiles:
    written = ToolProfile(
        ("is db1 up",),
        tool_hash=PING.definition_hash(),
        params_hash=PING.params_hash(),
        parameters=tuple(PING.parameter_names) if names else (),
    )
    return Profiles({"ping": written})


def _attach(tool: ToolSpec, names: bool = True) -> tuple[ToolSpec, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        (out,) = attach_profiles([tool], _profile(names))
    return out, [str(w.message) for w in caught if w.category is ToolSpecWarning]


@pytest.mark.parametrize("names", [True, False], ids=["row-with-names", "row-with-digest-only"])
def test_a_tool_that_declares_no_parameters_keeps_its_profile(names: bool) -> None:
    loose = ToolSpec("ping", "Check that a host answers", {"type": "object", "properties": {}})  # fn(**kw)
    tool, said = _attach(loose, names)
    assert tool.profile is not None and tool.profile.requests == ("is db1 up",)
    assert not any("left out" in s for s in said)


def test_a_tool_that_only_gained_a_parameter_keeps_its_profile_and_says_which() -> None:
    props = {**PARAMS["properties"], "timeout": {"type": "number"}}
    tool, said = _attach(ToolSpec("ping", "Check that a host answers", {"type": "object", "properties": props}))
    assert tool.profile is not None
    assert said and "parameters added since its profile was written, the profile kept: ping (+timeout)" in said[0]


def test_a_tool_that_lost_a_parameter_leaves_its_profile_out_naming_what_differs() -> None:
    tool, said = _attach(ToolSpec("ping", "Check that a host answers", {"type": "object", "properties": {"addr": {}}}))
    assert tool.profile is None
    assert said and "left out: ping (lost host, count); re-export: `toolfilter profiles export <your tools" in said[0]


def test_the_parameter_names_go_from_the_prompt_to_the_profile_row_and_back() -> None:
    row = _profile().tools["ping"].to_dict()
    assert row["parameters"] == ["host", "count"]
    assert read_profile("'ping'", row) == _profile().tools["ping"]
    prompt = ProfilePrompt("tools-00001", "tools", {"ping": "h"}, (), parameters={"ping": ("host", "count")})
    assert ProfilePrompt.from_dict(prompt.to_dict()).parameters == {"ping": ("host", "count")}


def test_reordered_parameters_are_the_same_tool_and_keep_the_profile_unsaid() -> None:
    """Parameters listed in another order (a YAML tools file sorts keys) are not a new version."""
    swapped = ToolSpec("ping", "Check that a host answers", {"type": "object", "properties": {"count": {}, "host": {}}})
    tool, said = _attach(swapped)
    assert tool.profile is not None and not said
    assert _profile().tools["ping"].written_for(swapped)


def test_reordered_parameters_with_an_edited_description_warn_of_the_description_only() -> None:
    props = {"count": {}, "host": {}}
    tool, said = _attach(ToolSpec("ping", "Check that a host still answers", {"type": "object", "properties": props}))
    assert tool.profile is not None
    assert said and "description changed" in said[0] and "(+" not in said[0]


def test_export_asks_again_only_for_tools_whose_definition_changed() -> None:
    from toolfilter_core._tool_profiles.writer import needs_profile

    swapped = ToolSpec("ping", "Check that a host answers", {"type": "object", "properties": {"count": {}, "host": {}}})
    assert needs_profile([swapped], _profile()) == []
    assert needs_profile([ToolSpec("ping", "Other words", swapped.parameters)], _profile()) == ["ping"]


def test_a_tool_whose_parameter_was_renamed_keeps_its_profile_and_says_the_rename() -> None:
    """A rename (as many parameters gained as lost) changes no act: the profile is kept, with a warning."""
    renamed = ToolSpec(
        "ping", "Check that a host answers", {"type": "object", "properties": {"address": {}, "count": {}}}
    )
    tool, said = _attach(renamed)
    assert tool.profile is not None and tool.profile.requests == ("is db1 up",)
    assert (
        said and "parameters renamed since its profile was written, the profile kept: ping (host → address)" in said[0]
    )


def test_a_function_tools_signature_line_before_the_same_text_keeps_the_profile_unsaid() -> None:
    """LlamaIndex's ``FunctionTool.from_defaults(fn)`` puts ``name(args) -> type`` before the docstring."""
    for signed in (
        "ping(host: str, count: int) -> str\nCheck that a host answers",
        "ping(host, count)\n    Check that a host answers\n",
    ):
        out, said = _attach(ToolSpec("ping", signed, PARAMS))
        assert out.profile is not None and said == []
    for other in (
        "pong(host: str) -> str\nCheck that a host answers",
        "ping(host: str) -> str\nCheck that a host is up",
    ):
        out, said = _attach(ToolSpec("ping", other, PARAMS))
        assert any("description changed" in line for line in said)  # another tool's line, or other text


def test_a_profile_from_the_tools_file_fits_the_function_tool_made_from_it() -> None:
    from llama_index.core.tools import FunctionTool

    from llamaindex_toolfilter import tool_to_spec

    def ping(host: str, count: int) -> str:
        """Check that a host answers"""
        return host

    out, said = _attach(tool_to_spec(FunctionTool.from_defaults(ping)))
    assert out.profile is not None and said == []


def test_a_function_tool_without_a_docstring_fits_a_row_written_without_a_description() -> None:
    bare = ToolSpec("ping", "", PARAMS)
    written = ToolProfile(("is db1 up",), tool_hash=bare.definition_hash(), params_hash=bare.params_hash())
    assert written.written_for(ToolSpec("ping", "ping(host: str, count: int) -> str", PARAMS))
