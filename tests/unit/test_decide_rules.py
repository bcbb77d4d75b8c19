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
