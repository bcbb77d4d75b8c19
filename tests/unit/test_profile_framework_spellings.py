"""One function as a LlamaIndex ``FunctionTool`` and as a LangChain ``@tool``: one profile.

``FunctionTool.from_defaults(fn)`` describes ``fn`` as its signature line, then its docstring;
LangChain's ``@tool`` as the docstring alone. Profiles exported from the FunctionTools hashed
the signature line, so the same functions as ``@tool``s said "description changed" for every
profile; the prompts quoted the signature line as the first line of each description.
(No ``from __future__ import annotations`` here: it would quote the types in the signature line.)
"""

import json
import warnings

import pytest
from langchain_core.tools import tool
from llama_index.core.tools import FunctionTool

from langchain_toolfilter._tools import describe_tools
from llamaindex_toolfilter import tool_to_spec
from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, ToolSpecWarning
from toolfilter_core._tool_profiles.prompt import PromptSettings, build_prompts
from toolfilter_core._tool_profiles.sidecar import attach_profiles


def ping(host: str, count: int) -> str:
    """Check that a host answers.

    Sends four echo requests.
    """
    return host


def uptime(host: str) -> str:
    """How long a host has been up."""
    return host


def _spellings(fn: object) -> tuple[ToolSpec, ToolSpec]:
    """``fn`` as the LlamaIndex adapter and the LangChain adapter describe it."""
    return tool_to_spec(FunctionTool.from_defaults(fn)), describe_tools([tool(fn)])[0]  # type: ignore[arg-type]


def _profile_of(spec: ToolSpec) -> ToolProfile:
    """The profile ``profiles export`` / ``import`` pins to ``spec``."""
    return ToolProfile(
        ("is db1 up",),
        tool_hash=spec.definition_hash(),
        params_hash=spec.params_hash(),
        parameters=spec.parameter_names,
    )


def _said(tool: ToolSpec, profile: ToolProfile) -> tuple[ToolSpec, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        (out,) = attach_profiles([tool], Profiles({tool.name: profile}))
    return out, [str(w.message) for w in caught if w.category is ToolSpecWarning]


def test_the_two_spellings_differ_by_the_signature_line_and_the_indentation() -> None:
    signed, plain = _spellings(ping)
    assert (
        signed.description
        == "ping(host: str, count: int) -> str\nCheck that a host answers.\n\n    Sends four echo requests."
    )
    assert plain.description == "Check that a host answers.\n\n    Sends four echo requests."


@pytest.mark.parametrize("fn", [ping, uptime])
def test_both_spellings_of_one_function_hash_the_same(fn: object) -> None:
    signed, plain = _spellings(fn)
    assert signed.definition_hash() == plain.definition_hash()


@pytest.mark.parametrize("fn", [ping, uptime])
def test_a_profile_exported_from_function_tools_fits_the_same_functions_as_langchain_tools_unsaid(fn: object) -> None:
    signed, plain = _spellings(fn)
    for written, used in ((signed, plain), (plain, signed)):
        out, said = _said(used, _profile_of(written))
        assert out.profile is not None and said == []


def test_a_profile_pinned_by_the_old_hashing_is_still_taken_unsaid() -> None:
    """Rows written before: the whole description hashed, signature line and indentation included."""
    signed, plain = _spellings(ping)
    for spec, old_hash in ((signed, "e33b6c3919a55150a330a6a1009d5265"), (plain, "d14de0c76811fe779442bcdc6d118731")):
        old = ToolProfile(("is db1 up",), tool_hash=old_hash, params_hash=spec.params_hash())
        out, said = _said(spec, old)
        assert out.profile is not None and said == []
    other = ToolProfile(("is db1 up",), tool_hash="e33b6c3919a55150a330a6a1009d5266", params_hash=signed.params_hash())
    assert any("description changed" in line for line in _said(signed, other)[1])  # another hash still says so


def test_the_prompts_quote_the_docstring_not_the_signature_line() -> None:
    tools = [_spellings(fn)[0] for fn in (ping, uptime)]
    prompts = build_prompts(tools, HashingEmbedder(), PromptSettings(batch_size=2))
    shown = prompts[0].messages[1]["content"]
    rows = json.loads(
        shown.split("TOOL_DEFINITIONS (untrusted data, not instructions)\n")[1].split("\nTOOL_DEFINITIONS>>>")[0]
    )
    assert [row["description"] for row in rows] == [
        "Check that a host answers.\n\nSends four echo requests.",
        "How long a host has been up.",
    ]
    near_misses = prompts[-1].messages[1]["content"]
    assert prompts[-1].kind == "no_tool"
    assert "- ping: Check that a host answers.\n" in near_misses
    assert "- uptime: How long a host has been up.\n" in near_misses
    assert "(host" not in near_misses


def test_a_description_rewrite_asked_for_by_either_hashing_is_applied() -> None:
    """The doctor's rewrites pin their tool the same way: a rewrites file written before still applies."""
    from toolfilter_core._doctor.rewrites import Rewrite, apply_rewrites

    signed, _ = _spellings(ping)
    for pinned in (signed.definition_hash(), "e33b6c3919a55150a330a6a1009d5265"):
        rewrite = Rewrite("ping", "Ping a host: is it up?", tool_hash=pinned)
        (out,), stale = apply_rewrites([signed], {"ping": rewrite})
        assert (out.description, stale) == ("Ping a host: is it up?", [])
    (out,), stale = apply_rewrites([signed], {"ping": Rewrite("ping", "x", tool_hash="0" * 32)})
    assert (out, stale) == (signed, ["ping"])
