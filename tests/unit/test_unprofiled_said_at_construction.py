"""The tools left without a profile are said when the middleware is built, once; Python's hints name the files known.

``ToolFilterMiddleware(tools=..., profiles=...)`` built its index on the first model call and said the
"N of M tools have no profile" finding there only: a user who built it and looked said nothing was wrong.
The library's re-export commands said ``TOOLS`` and ``PROFILES`` even when the profiles came from a file.
"""

from __future__ import annotations

import logging
import re
import warnings

import pytest
from langchain_core.tools import tool

from langchain_toolfilter import ToolFilterMiddleware
from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec, ToolSpecWarning

BOOKING = ToolSpec("booking_get", "Look up a room booking by its id")
PROFILE = ToolProfile(("is my booking still on", "look up booking RB-1"))
BARE = re.compile(r"\b(TOOLS|PROFILES)\b")
NO_PROFILE = re.compile(r"\d+ of \d+ tools have no profile")


@tool
def booking_get(booking_id: str) -> str:
    """Look up a room booking by its id."""
    return "on"


@tool
def member_search(name: str) -> str:
    """Find a member by name."""
    return "Li Na"


def _unprofiled(caplog: pytest.LogCaptureFixture) -> list[str]:
    said = [r.getMessage() for r in caplog.records if NO_PROFILE.search(r.getMessage())]
    caplog.clear()
    return said


def test_the_middleware_says_the_tools_without_a_profile_when_built_and_not_again(tmp_path, caplog) -> None:
    path = Profiles({"booking_get": PROFILE}).write(tmp_path / "profiles.jsonl")
    tools = [booking_get, member_search]
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        middleware = ToolFilterMiddleware(tools=tools, max_tools=2, profiles=path, embedder=HashingEmbedder())
        [line] = _unprofiled(caplog)
        assert "1 of 2 tools have no profile (member_search)" in line
        assert f"--profiles {path}" in line and not BARE.search(line), line
        middleware.selector_for(tools)  # the index built on the first model call
        assert _unprofiled(caplog) == []


def test_toolfilter_names_the_profiles_file_it_was_given_and_the_tools_file_in_words(tmp_path, caplog) -> None:
    path = Profiles({"booking_get": PROFILE}).write(tmp_path / "profiles.jsonl")
    tools = [BOOKING, ToolSpec("member_search", "Find a member by name")]
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        ToolFilter(tools, profiles=path, embedder=HashingEmbedder())
        [line] = _unprofiled(caplog)
    assert f"export <your tools file> --profiles {path} " in line and not BARE.search(line), line
    assert f"--into {path} --out {path}`" in line


@pytest.mark.parametrize("from_file", [True, False], ids=["profiles-file", "profiles-in-code"])
def test_a_stale_profiles_warning_names_the_files_it_can(tmp_path, from_file: bool) -> None:
    written_for = ToolSpec(BOOKING.name, "Look up a booking")
    profile = ToolProfile(PROFILE.requests, tool_hash=written_for.definition_hash(), writer="a model")
    profiles = Profiles({BOOKING.name: profile})
    given = profiles.write(tmp_path / "p.jsonl") if from_file else profiles
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ToolFilter([BOOKING], profiles=given, embedder=HashingEmbedder())
    [text] = [str(w.message) for w in caught if w.category is ToolSpecWarning and "re-export" in str(w.message)]
    assert not BARE.search(text), text
    assert "export <your tools file> --profiles " in text
    assert f"--into {given}" in text if from_file else "--into <your profiles file>" in text
