"""The doctor refuses a file of no tools, as index does; a bare ``{"function": ...}`` row is told its OpenAI form."""

from __future__ import annotations

import pytest

from toolfilter_core import ToolSpecError, load_tools
from toolfilter_core.cli import main


def test_doctor_refuses_a_file_of_no_tools(tmp_path, capsys) -> None:
    empty = tmp_path / "tools.jsonl"
    empty.write_text("", encoding="utf-8")
    assert main(["doctor", str(empty), "--embedder", "hashing"]) == 2
    out, err = capsys.readouterr()
    assert "holds no tools: nothing to check" in err and "no findings" not in out


def test_a_function_without_its_type_is_told_the_openai_form() -> None:
    with pytest.raises(ToolSpecError, match=r'OpenAI tool says its type: \{"type": "function", "function"'):
        load_tools([{"function": {"name": "get_weather", "description": "Weather for a city."}}])


def test_the_openai_form_loads() -> None:
    [tool] = load_tools([{"type": "function", "function": {"name": "get_weather", "description": "Weather."}}])
    assert tool.name == "get_weather"


def test_another_unknown_field_gets_no_openai_hint() -> None:
    with pytest.raises(ToolSpecError) as raised:
        load_tools([{"name": "get_weather", "description": "Weather.", "color": "red"}])
    assert "OpenAI" not in str(raised.value)
