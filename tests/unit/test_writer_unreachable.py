"""A writer whose endpoint cannot be reached is said once, with its address.

``toolfilter profiles write ... --openai-base-url http://127.0.0.1:9/v1`` printed 18 identical
``APIConnectionError: Connection error.`` lines (3 rounds of 6 prompts) and never named the URL.
"""

from __future__ import annotations

import json
import socket

import pytest

from toolfilter_core import HashingEmbedder, ToolFilterWarning, ToolSpec
from toolfilter_core._tool_profiles.writer import OpenAIWriter, WriterUnreachableError, write_profiles

pytest.importorskip("openai")

TOOLS = [ToolSpec(f"tool_{i}", f"Do thing number {i} for the customer.") for i in range(6)]


def _closed_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_unreachable_endpoint_is_one_problem_naming_it() -> None:
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    writer = OpenAIWriter("some-model", base_url=url, timeout=5.0)
    with pytest.warns(ToolFilterWarning, match="gave no usable profile"):
        _, report = write_profiles(TOOLS, writer, embedder=HashingEmbedder(), concurrency=2, timeout=5.0)
    assert report.tools == 0
    assert len(report.problems) == 1, report.problems
    assert "cannot reach the writer at" in report.problems[0] and "127.0.0.1" in report.problems[0]


def test_a_writer_that_says_it_is_unreachable_is_not_called_again() -> None:
    calls: list[int] = []

    def unreachable(messages: object) -> str:
        calls.append(1)
        raise WriterUnreachableError("cannot reach the writer at http://example.invalid/v1")

    with pytest.warns(ToolFilterWarning, match="gave no usable profile"):
        _, report = write_profiles(TOOLS, unreachable, embedder=HashingEmbedder(), concurrency=1, timeout=5.0)
    assert len(calls) <= 2  # the first call, and at most one a worker had already taken
    assert report.problems == ["cannot reach the writer at http://example.invalid/v1"]


def test_the_command_line_says_an_unreachable_writer_in_one_line(capsys, tmp_path) -> None:
    """It printed three lines for one cause: the missing profiles' warning, the address, an error."""
    from toolfilter_core.cli import main

    tools = tmp_path / "tools.jsonl"
    tools.write_text("".join(json.dumps({"name": t.name, "description": t.description}) + "\n" for t in TOOLS))
    out = tmp_path / "profiles.jsonl"
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    argv = ["profiles", "write", str(tools), "--out", str(out), "--model", "m", "--openai-base-url", url]
    assert main([*argv, "--embedder", "hashing", "--timeout", "5"]) == 1
    err = capsys.readouterr().err
    [line] = err.splitlines()
    assert line.startswith("toolfilter profiles write: error: cannot reach the writer at http://127.0.0.1:")
    assert line.endswith("nothing written; " + str(out) + " left as it was") and not out.exists()
