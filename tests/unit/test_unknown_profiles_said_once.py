"""Profiles for tools a registry lacks: one short line, said once a process for the same profiles and registry.

One profiles file shared between a registry and a smaller one (a LlamaIndex agent given part of
the tools) names tools the smaller one lacks: each start says how many and the first few, once.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path

from langchain_core.tools import tool

from langchain_toolfilter import ToolFilterMiddleware
from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec, ToolSpecWarning
from toolfilter_core._tool_profiles.sidecar import attach_profiles

TOOLS = [
    ToolSpec("ping", "Check that a host answers"),
    ToolSpec("traceroute", "Show the network path to a host"),
]
OTHERS = ["wipe_host", "reboot_host", "list_hosts", "tag_host", "rename_host"]
PROFILES = Profiles({name: ToolProfile((f"please {name.replace('_', ' ')} web-3",)) for name in ["ping", *OTHERS]})


def said(make: Callable[[], object]) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        make()
    return [str(w.message) for w in caught if issubclass(w.category, ToolSpecWarning) and "lacks" in str(w.message)]


def test_it_says_the_count_and_the_first_few_in_one_line() -> None:
    [line] = said(lambda: attach_profiles(TOOLS, PROFILES))
    assert line == (
        "toolfilter: 5 profiles name tools this registry lacks (list_hosts, reboot_host, rename_host +2 more): "
        "they are ignored"
    )


def test_one_profile_is_said_in_the_singular() -> None:
    # beside one for a tool of the registry: a file naming none of them is refused, not warned of
    one = Profiles({"wipe_host": ToolProfile(("wipe web-3",)), "ping": ToolProfile(("is web-3 up?",))})
    assert said(lambda: attach_profiles(TOOLS, one)) == [
        "toolfilter: 1 profile names a tool this registry lacks (wipe_host): it is ignored"
    ]


def test_a_second_filter_over_the_same_file_and_tools_says_nothing(tmp_path: Path) -> None:
    path = PROFILES.write(tmp_path / "profiles.jsonl")
    assert len(said(lambda: ToolFilter(TOOLS, embedder=HashingEmbedder(64), profiles=path))) == 1
    assert said(lambda: ToolFilter(TOOLS, embedder=HashingEmbedder(64), profiles=path)) == []
    fewer = TOOLS[:1]  # another registry with the same file: said for it
    assert len(said(lambda: ToolFilter(fewer, embedder=HashingEmbedder(64), profiles=path))) == 1


def test_two_middlewares_over_the_same_file_and_tools_say_it_once(tmp_path: Path) -> None:
    @tool
    def ping(host: str) -> str:
        """Check that a host answers."""
        return "up"

    path = PROFILES.write(tmp_path / "profiles.jsonl")
    first = said(lambda: ToolFilterMiddleware(embedder=HashingEmbedder(64), profiles=path, tools=[ping]))
    assert first == [
        "toolfilter: 5 profiles name tools this registry lacks (list_hosts, reboot_host, rename_host +2 more): "
        "they are ignored"
    ]
    assert said(lambda: ToolFilterMiddleware(embedder=HashingEmbedder(64), profiles=path, tools=[ping])) == []
