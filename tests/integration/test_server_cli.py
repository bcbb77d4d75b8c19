"""The command line end to end against a real `chroma run` server, in separate processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolfilter_core._tool_defs import bundled_tools_path

pytestmark = pytest.mark.integration

TOOLS = str(bundled_tools_path())
QUERIES = str(Path(__file__).resolve().parents[2] / "benchmarks/data/toolkit48/queries.jsonl")


def toolfilter(*argv, check=True):
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    out = subprocess.run(
        [sys.executable, "-m", "toolfilter_core.cli", *map(str, argv)],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    if check:
        assert out.returncode == 0, out.stderr
    return out


def server_flags(server):
    return ["--chroma-host", server.host, "--chroma-port", server.port]


def test_index_then_select_and_eval_through_the_server(chroma_server):
    flags = server_flags(chroma_server)
    first = toolfilter("index", TOOLS, *flags, "--embedder", "hashing", "--no-progress")
    assert "48 added" in first.stdout and f"server 127.0.0.1:{chroma_server.port}" in first.stdout
    again = toolfilter("index", TOOLS, *flags, "--embedder", "hashing", "--no-progress")
    assert "48 unchanged" in again.stdout and "0 texts embedded" in again.stdout
    assert toolfilter("select", "git_log", *flags, "--embedder", "hashing").stdout.split() == ["git_log"]
    data = json.loads(toolfilter("select", "run the tests", *flags, "--embedder", "hashing", "--json").stdout)
    assert data["selected"] and data["total_chars"] > data["selected_chars"]
    evaluated = toolfilter(
        "eval", "--tools", TOOLS, "--queries", QUERIES, *flags, "--embedder", "hashing", "--limit", "5", "--json"
    )
    assert json.loads(evaluated.stdout)["queries"] == 5
    rebuilt = toolfilter("index", TOOLS, *flags, "--embedder", "hashing", "--no-progress", "--rebuild")
    assert "dropped chroma collection" in rebuilt.stdout and "48 added" in rebuilt.stdout


def test_the_default_model_through_the_server_and_an_embedder_change_is_refused(chroma_server):
    flags = server_flags(chroma_server)
    toolfilter("index", TOOLS, *flags, "--no-progress")  # the real default embedder
    assert "calendar_create" in toolfilter("select", "帮我约个会，明天下午三点", *flags).stdout.split()
    wrong = toolfilter("select", "run the tests", *flags, "--embedder", "hashing", check=False)
    assert wrong.returncode == 2
    assert "holds vectors of embedder 'use-m3" in wrong.stderr and "'hashing-256'" in wrong.stderr
    assert "Traceback" not in wrong.stderr


def test_a_server_that_is_down_is_named_and_exits_2(chroma_server):
    flags = server_flags(chroma_server)
    chroma_server.stop()
    for argv in (["index", TOOLS], ["select", "x"]):
        out = toolfilter(*argv, *flags, "--embedder", "hashing", check=False)
        assert out.returncode == 2
        assert f"127.0.0.1:{chroma_server.port}" in out.stderr and "Traceback" not in out.stderr
