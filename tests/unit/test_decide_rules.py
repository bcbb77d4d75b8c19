"""The not-sure verdict as the adapters act on it: only the search, when they have one."""

import dataclasses

import pytest
from langchain_core.tools import tool

from langchain_toolfilter import ToolFilterSelector
from toolfilter_core import HashingEmbedder, Status


@tool
def send_mail(to: str, body: str) -> str:
    """Send an e-mail message."""
    return "sent"


@tool
def read_file(path: str) -> str:
    """Read a text file from disk."""
    return ""


@pytest.mark.parametrize(
    ("find_tools", "status"), [(True, Status.NOT_SURE), (True, Status.SELECTED), (False, Status.NOT_SURE)]
)
def test_not_sure_sends_only_the_search(monkeypatch, find_tools, status):
    selector = ToolFilterSelector.from_tools(
        [send_mail, read_file], embedder=HashingEmbedder(), config={"enabled": True}, find_tools=find_tools
    )
    real = selector.tool_filter.select

    def select(*args, **kwargs):
        return dataclasses.replace(real(*args, **kwargs), status=status)

    monkeypatch.setattr(selector.tool_filter, "select", select)
    offered = [t.name for t in selector.invoke("send an e-mail to Bob")]
    if find_tools and status is Status.NOT_SURE:
        assert offered == ["find_tools"]  # any tool is one search away
    else:
        assert "send_mail" in offered  # without the search, the ranked tools


_NAMED = """
import numpy as np
from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.own_action import action_named
tools = [ToolSpec("convert_units", "Convert units of measure"), ToolSpec("translate_text", "Translate text")]
tf = ToolFilter(tools, config={"enabled": True}, embedder=HashingEmbedder())
print(action_named(tf.snapshot, "translate this, then convert the units", np.zeros(2, dtype=np.float32)))
"""


def test_the_own_action_named_is_the_first_the_request_says_whatever_the_hash_seed():
    # the request's words were read as a set: which of two actions was named hung on PYTHONHASHSEED
    import os
    import subprocess
    import sys

    named = set()
    for seed in range(6):
        env = {**os.environ, "PYTHONHASHSEED": str(seed), "HF_HUB_OFFLINE": "1"}
        run = subprocess.run([sys.executable, "-c", _NAMED], capture_output=True, text=True, env=env, check=True)
        named.add(run.stdout.strip())
    assert named == {"translate_text"}
