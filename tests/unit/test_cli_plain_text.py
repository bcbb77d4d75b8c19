"""What the command line prints shows control characters as escapes."""

from __future__ import annotations

import json

import pytest

from toolfilter_core.cli import main

HOSTILE = "get_weather\x1b[2J\x1b]8;;http://x\x07"


@pytest.mark.filterwarnings("ignore::toolfilter_core.ToolSpecWarning")
def test_a_tool_name_with_escape_codes_never_reaches_the_terminal(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    tools = tmp_path / "tools.jsonl"
    rows = [{"name": HOSTILE, "description": "Get the weather forecast for a city."}]
    tools.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    for extra in ([], ["--explain"]):
        code = main(["select", "weather forecast", "--tools", str(tools), "--embedder", "hashing", *extra])
        out, err = capsys.readouterr()
        assert code == 0
        assert "\x1b" not in out + err and "\x07" not in out + err
        assert "get_weather\\x1b[2J" in out


def test_visible_keeps_newlines_tabs_and_text() -> None:
    from toolfilter_core.cli._plain import visible

    assert visible("a\tb\nc 天气") == "a\tb\nc 天气"
    assert visible("x\x1b[31m\u202ey") == "x\\x1b[31m\\u202ey"
    assert visible("50%\r", carriage_return=True) == "50%\r"
