"""``profiles write`` with no API key says the ways on: a key, a local OpenAI-compatible server, the offline files.

It said only "OPENAI_API_KEY holds no API key (base_url not given)": nothing of ``--openai-base-url`` for a
local server, nor of ``profiles export`` / ``import`` with no server at all.
"""

from __future__ import annotations

import json

import pytest

from toolfilter_core._tool_profiles.writer import OpenAIWriter

pytest.importorskip("openai")


def test_the_command_line_says_how_to_go_on_without_a_key(capsys, tmp_path, monkeypatch) -> None:
    from toolfilter_core.cli import main

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    tools = tmp_path / "tools.jsonl"
    tools.write_text(json.dumps({"name": "tool_a", "description": "Do a thing for the customer."}) + "\n")
    out = tmp_path / "profiles.jsonl"
    assert main(["profiles", "write", str(tools), "--out", str(out), "--model", "m", "--embedder", "hashing"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "OPENAI_API_KEY holds no API key" in err
    assert "point --openai-base-url URL at a local OpenAI-compatible server" in err
    assert f"`toolfilter profiles export {tools} --out prompts.jsonl --embedder hashing`" in err
    assert f"--answers ANSWERS --out {out}`" in err
    assert not out.exists()


def test_the_library_says_base_url_and_the_offline_path(monkeypatch) -> None:
    monkeypatch.delenv("SOME_KEY", raising=False)
    with pytest.raises(ValueError, match=r"give base_url a local OpenAI-compatible server.*export_prompts"):
        OpenAIWriter("m", api_key_env="SOME_KEY")
