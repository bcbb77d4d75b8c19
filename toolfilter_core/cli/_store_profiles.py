"""``--profiles`` beside a store alone (``select``, ``eval``): the profiles the store holds taken, others refused."""

from __future__ import annotations

import argparse
import shlex
from typing import Any

__all__ = ["store_profiles_refused"]


def store_profiles_refused(args: argparse.Namespace, tool_filter: Any, path: str) -> str:
    """Why ``--profiles path`` is refused beside the opened store; '' when it holds what the store serves.

    Compared by content, not by path: the file's profiles laid over the store's tools as indexing
    lays them (one for a tool the store lacks, or written for another version of its tool, left
    out as indexing leaves it out), against the profiles the store holds; and the near misses.

    The refusal names a few of the tools that differ and the command that indexes the file into the store; a file
    that names none of the store's tools (another registry's) is refused as indexing refuses it, with no command.

    Raises:
        ToolSpecError: the file cannot be read.
    """
    from toolfilter_core._exceptions import ToolSpecError
    from toolfilter_core._tool_profiles.sidecar import check_profiles_match, read_profiles, stored_profiles

    given = read_profiles(path)
    try:
        check_profiles_match(given, [tool.name for tool in tool_filter.tools])
    except ToolSpecError as error:  # indexing it would fail the same way: no command to suggest
        return str(error)
    stored = stored_profiles(tool_filter.index)
    tools = _differing(tool_filter.tools, given, stored)
    near = sorted(given.no_tool) != sorted(stored.no_tool)
    return _refusal(args, path, tools, near) if tools or near else ""


def _differing(tools: Any, given: Any, stored: Any) -> list[str]:
    """The store's tools whose profile from ``given`` (laid over the bare tool) is not the one ``stored`` holds."""
    import warnings
    from dataclasses import replace

    from toolfilter_core._exceptions import ToolSpecWarning
    from toolfilter_core._tool_profiles.sidecar import attach_profiles

    bare = [replace(tool, profile=None) for tool in tools]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)  # indexing said them; the refusal names what differs
        laid = attach_profiles(bare, given, warn_unknown=False)
    return sorted(tool.name for tool in laid if tool.profile != stored.tools.get(tool.name))


def _refusal(args: argparse.Namespace, path: str, tools: list[str], near: bool) -> str:
    """Why the profiles are refused: which differ, and the command that indexes them into the store."""
    from toolfilter_core._tool_profiles.coverage import few

    store, host, config = (getattr(args, name, None) for name in ("store", "chroma_host", "config"))
    where = f"--store {shlex.quote(store)}" if store else f"--chroma-host {shlex.quote(host)}" if host else ""
    where = where or (f"--config {shlex.quote(config)}" if config else "--store DIR")  # the store a config names
    parts = [f"{len(tools)} tool{'s' if len(tools) != 1 else ''} ({few(tools)})"] if tools else []
    parts += ["the near misses (no_tool)"] if near else []
    return (
        f"--profiles {path}: not the profiles the store holds: they differ for {' and '.join(parts)}; a store "
        f"serves the profiles it was indexed with: to serve these, index them into it: "
        f"`toolfilter index TOOLS.jsonl {where} --profiles {shlex.quote(path)}` (or give --tools FILE to select "
        "over the file's tools and these profiles in memory)"
    )
