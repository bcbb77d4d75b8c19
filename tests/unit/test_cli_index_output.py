"""``toolfilter index`` says each step of one run once."""

from __future__ import annotations

import json

from toolfilter_core.cli import main


def test_index_with_profiles_names_each_embedding_stage_once(tmp_path, capsys) -> None:
    tools, profiles = tmp_path / "tools.jsonl", tmp_path / "profiles.jsonl"
    rows = [{"name": "get_weather", "description": "Weather for a city"}, {"name": "send_mail", "description": "Mail"}]
    tools.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    asked = [{"tool": "get_weather", "requests": ["is it raining in Paris", "forecast for Rome"]}]
    profiles.write_text("".join(json.dumps(r) + "\n" for r in asked), encoding="utf-8")
    argv = ["index", str(tools), "--store", str(tmp_path / "s"), "--embedder", "hashing", "--profiles", str(profiles)]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    stages = [line.split(":", 1)[0] for line in err.splitlines() if line.startswith("embedding")]
    # the descriptions and the profiles' requests were two lines both called "embedding tools"
    assert stages == ["embedding tools", "embedding profile requests"]
    assert "embedding tools: 2/2 texts" in err and "embedding profile requests: 2/2 texts" in err
    assert out.count("indexed 2 tools") == 1
