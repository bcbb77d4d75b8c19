"""A profiles file none of whose profiles names a tool of the registry is refused, naming it; a partial one warns.

On 84bca39 ``ToolFilter``, the LangChain middleware, the LlamaIndex retriever, ``toolfilter index`` and
``toolfilter doctor`` took another registry's profiles file with at most a warning ("N profiles name tools
this registry lacks") and went on as if there were none: almost surely the wrong file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from langchain.agents import create_agent
from langchain_core.messages import HumanMessage

from langchain_toolfilter import ToolFilterMiddleware
from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import (
    HashingEmbedder,
    Profiles,
    ToolFilter,
    ToolProfile,
    ToolSpec,
    ToolSpecError,
    ToolSpecWarning,
    diagnose,
)
from toolfilter_core.cli import main

from .langchain_kit import CONFIG, READ_INBOX, SEND_MAIL, RecordingChatModel, get_weather, read_file, write_file
from .llamaindex_kit import METADATA, make_tools

OTHER = Profiles({"wipe_host": ToolProfile(("wipe web-3",)), "ping": ToolProfile(("is web-3 up?",))}, ("hi",))
"""Another registry's profiles: they name none of the tools below."""
LC_TOOLS = [get_weather, SEND_MAIL, READ_INBOX, read_file, write_file]


def refusal(path: Path) -> str:
    """The error's start, the file, its count and its profiles: the registry's tools follow."""
    return re.escape(f"profiles file {str(path)!r}: its 2 profiles (ping, wipe_host) name none of this registry's ")


def test_tool_filter_refuses_profiles_naming_none_of_its_tools(tmp_path: Path) -> None:
    path = OTHER.write(tmp_path / "p.jsonl")
    tools = [ToolSpec("get_weather", "Weather forecast for a city"), ToolSpec("send_mail", "Send an email")]
    with pytest.raises(ToolSpecError, match=refusal(path) + r"2 tools \(get_weather, send_mail\); allowed: "):
        ToolFilter(tools, embedder=HashingEmbedder(), profiles=path)


def test_a_profiles_object_built_in_code_is_refused_as_profiles(tmp_path: Path) -> None:
    with pytest.raises(ToolSpecError, match=r"^profiles: its 2 profiles \(ping, wipe_host\) name none of"):
        ToolFilter([ToolSpec("get_weather", "Weather forecast")], embedder=HashingEmbedder(), profiles=OTHER)


def test_near_misses_alone_and_a_partial_overlap_are_taken(tmp_path: Path) -> None:
    tools = [ToolSpec("ping", "Check that a host answers"), ToolSpec("get_weather", "Weather forecast")]
    ToolFilter(tools[1:], embedder=HashingEmbedder(), profiles=Profiles({}, ("hi",)))
    with pytest.warns(ToolSpecWarning, match=r"1 profile names a tool this registry lacks \(wipe_host\)"):
        tf = ToolFilter(tools, embedder=HashingEmbedder(), profiles=OTHER)
    assert {t.name: t.profile for t in tf.tools}["ping"] == OTHER.tools["ping"]


@pytest.mark.parametrize("tools_given", [True, False])
def test_the_langchain_middleware_refuses_them(tmp_path: Path, tools_given: bool) -> None:
    path = OTHER.write(tmp_path / "p.jsonl")
    match = refusal(path) + r"5 tools \(get_weather, read_file, read_inbox \+2 more\)"
    with pytest.raises(ToolSpecError, match=match):
        mw = ToolFilterMiddleware(
            config=CONFIG, embedder=HashingEmbedder(), profiles=path, tools=LC_TOOLS if tools_given else None
        )
        agent = create_agent(RecordingChatModel(messages=iter(["ok"])), tools=LC_TOOLS, middleware=[mw])
        agent.invoke({"messages": [HumanMessage("what does my notes doc say")]})  # where it first sees the tools


def test_the_llamaindex_retriever_refuses_them(tmp_path: Path) -> None:
    path = OTHER.write(tmp_path / "p.jsonl")
    with pytest.raises(ToolSpecError, match=refusal(path)):
        ToolFilterRetriever.from_tools(make_tools(), METADATA, embedder=HashingEmbedder(), profiles=path)


def test_index_doctor_eval_and_fit_refuse_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = OTHER.write(tmp_path / "p.jsonl")
    tools = tmp_path / "tools.jsonl"
    rows = [ToolSpec("get_weather", "Weather forecast for a city"), ToolSpec("send_mail", "Send an email message")]
    tools.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in rows), encoding="utf-8")
    store = tmp_path / "store"
    flags = ["--embedder", "hashing", "--profiles", str(path)]
    assert main(["index", str(tools), "--store", str(store), "--no-progress", *flags]) == 2
    assert re.search(refusal(path), capsys.readouterr().err) and not store.exists()
    assert main(["doctor", str(tools), *flags]) == 2
    assert re.search(refusal(path), capsys.readouterr().err)
    queries = tmp_path / "q.jsonl"
    queries.write_text(json.dumps({"query": "umbrella in Oslo?", "gold": ["get_weather"]}) + "\n", encoding="utf-8")
    given = ["--tools", str(tools), "--queries", str(queries), *flags]
    assert main(["eval", *given]) == 2
    assert re.search(refusal(path), capsys.readouterr().err)
    assert main(["fit", *given, "-o", str(tmp_path / "fitted.yaml")]) == 2
    assert re.search(refusal(path), capsys.readouterr().err) and not (tmp_path / "fitted.yaml").exists()
    with pytest.raises(ToolSpecError, match=refusal(path)):
        diagnose(str(tools), profiles=path, embedder=HashingEmbedder())


def test_a_registry_of_one_tool_is_named_in_the_singular(tmp_path: Path) -> None:
    """The refusal said "this registry's 1 tools"."""
    with pytest.raises(ToolSpecError, match=r"none of this registry's 1 tool \(get_weather\); allowed: "):
        ToolFilter([ToolSpec("get_weather", "Weather forecast")], embedder=HashingEmbedder(), profiles=OTHER)
