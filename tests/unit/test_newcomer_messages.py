"""What a first hour with the library runs into, each said plainly.

Each test failed on a56fbfc: a queries CSV got "not valid JSON" alone, a profiles file given
as tools listed its ``no_tool`` requests as an unknown field, the near-miss prompt cut a
summary mid-list, the middleware given a tools file as ``profiles=`` gave command-line advice
alone, and ``select --tools X --store Y`` with a small X refused with index's advice only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import ToolSpec, ToolSpecError, read_tools_file
from toolfilter_core._evaluate import read_queries
from toolfilter_core._tool_profiles.prompt import PromptSettings, build_prompts
from toolfilter_core.cli import main

TOOLS = [
    {"name": "get_weather", "description": "Weather forecast for a city"},
    {"name": "send_mail", "description": "Send an email message to a recipient"},
    {"name": "read_inbox", "description": "List the emails in the inbox"},
    {
        "name": "visa_requirements",
        "description": "Look up visa requirements for a nationality travelling to a "
        "country: whether a visa is needed, type, documents, processing time.",
    },
]


def _jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_queries_csv_is_told_which_formats_a_queries_file_may_be(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    path.write_text("query,gold\nweather in Oslo,get_weather\n", encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"is a CSV file.*; a queries file is JSON Lines, one \{\"query\""):
        read_queries(path)


def test_a_profiles_file_given_as_tools_is_named_as_one(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "profiles.jsonl", [{"no_tool": ["hi there"]}, {"tool": "get_weather", "requests": ["x"]}])
    with pytest.raises(ToolSpecError, match="this looks like a profiles file") as caught:
        read_tools_file(path)
    assert "hi there" not in str(caught.value) and "--profiles; profiles= in Python" in str(caught.value)


def test_the_near_miss_prompt_says_where_it_cut_a_summary() -> None:
    from toolfilter_core import HashingEmbedder

    tools = [ToolSpec(t["name"], t["description"]) for t in TOOLS]
    prompts = build_prompts(tools, HashingEmbedder(), PromptSettings())
    text = next(p for p in prompts if p.kind == "no_tool").messages[-1]["content"]
    line = next(x for x in text.splitlines() if x.startswith("- visa_requirements: "))
    assert line.endswith(" …") and not line.rstrip(" …").endswith(",")


def test_the_middleware_given_a_tools_file_as_profiles_names_the_python_way(tmp_path: Path) -> None:
    from langchain_toolfilter import ToolFilterMiddleware

    path = _jsonl(tmp_path / "tools.jsonl", TOOLS)
    with pytest.raises(ToolSpecError, match="this looks like a tools file") as caught:
        ToolFilterMiddleware(profiles=path)
    assert "read_tools_file" in str(caught.value)


def test_select_with_a_small_tools_file_and_a_store_says_what_happens_and_both_ways_out(tmp_path, capsys) -> None:
    tools = _jsonl(tmp_path / "tools.jsonl", TOOLS)
    one = _jsonl(tmp_path / "one.jsonl", TOOLS[:1])
    store = str(tmp_path / "store")
    assert main(["index", str(tools), "--store", store, "--embedder", "hashing", "--no-progress"]) == 0
    capsys.readouterr()
    code = main(["select", "weather", "--tools", str(one), "--store", store, "--embedder", "hashing"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "the tools file is written into the store first" in err
    assert "leave out --tools" in err and "leave out the store" in err
