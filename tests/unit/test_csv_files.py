"""A CSV given where a tools, queries or profiles file goes is named as CSV, with the formats read.

Each test failed on 933b8b4, where a CSV got "line 1: not valid JSON: Expecting value" and
the formats (the profiles file: not even those), never that CSV is not one of them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import ToolSpecError, read_tools_file
from toolfilter_core._evaluate import read_queries
from toolfilter_core._files import csv_problem
from toolfilter_core._tool_profiles.sidecar import read_profiles
from toolfilter_core.cli import main

READERS: dict[str, tuple[Callable[[Path], Any], str, str]] = {
    "tools": (read_tools_file, "name,description\nget_weather,Weather for a city\n", "a tools file is JSON Lines"),
    "queries": (read_queries, "query,gold\nweather in Oslo,get_weather\n", "a queries file is JSON Lines"),
    "profiles": (read_profiles, "tool,requests\nget_weather,rain tomorrow?\n", "a profiles file is JSON Lines"),
}


@pytest.mark.parametrize("kind", sorted(READERS))
def test_a_csv_file_is_named_as_csv_with_the_formats_read(tmp_path: Path, kind: str) -> None:
    reader, text, formats = READERS[kind]
    path = tmp_path / f"{kind}.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ToolSpecError) as caught:
        reader(path)
    message = str(caught.value)
    assert (
        f"{kind} file {str(path)!r}: is a CSV file (comma-separated values), which toolfilter does not read; "
        in message
    )
    assert formats in message
    assert "not valid JSON" not in message


@pytest.mark.parametrize("kind", sorted(READERS))
def test_a_csv_table_under_a_jsonl_name_is_named_by_its_header(tmp_path: Path, kind: str) -> None:
    reader, text, formats = READERS[kind]
    path = tmp_path / f"{kind}.jsonl"
    path.write_text(text.replace(",", "\t"), encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"its first line reads as a CSV table \(tab-separated: ") as caught:
        reader(path)
    assert formats in str(caught.value)


def test_a_tsv_file_is_named_by_its_suffix(tmp_path: Path) -> None:
    path = tmp_path / "tools.tsv"
    path.write_text("name\tdescription\nget_weather\tWeather\n", encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"is a TSV file \(tab-separated values\), which toolfilter does not read"):
        read_tools_file(path)


def test_the_cli_says_csv_for_a_tools_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tools.csv"
    path.write_text("name,description\nget_weather,Weather for a city\n", encoding="utf-8")
    assert main(["index", str(path), "--store", str(tmp_path / "store")]) != 0
    err = capsys.readouterr().err
    assert "is a CSV file (comma-separated values), which toolfilter does not read" in err
    assert "a tools file is JSON Lines" in err


def test_json_lines_in_a_csv_named_file_are_read(tmp_path: Path) -> None:
    path = tmp_path / "tools.csv"
    path.write_text(json.dumps({"name": "get_weather", "description": "Weather for a city"}) + "\n", encoding="utf-8")
    assert [t.name for t in read_tools_file(path)] == ["get_weather"]


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "get_weather", "description": "x"}\n{"name": oops}\n',  # JSON Lines with a bad row
        "what is the weather in Oslo, and in Bergen tomorrow\n",  # a sentence, not a header
        "just some text\n",
    ],
)
def test_text_that_is_no_table_is_not_called_csv(text: str) -> None:
    assert csv_problem("tools.jsonl", text) is None


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".jsonl"])
def test_json_lines_with_a_bad_line_2_name_line_2_whatever_the_name(tmp_path: Path, suffix: str) -> None:
    # Failed on 10d16e7 for .csv and .tsv: "is a CSV file ..., which toolfilter does not read".
    path = tmp_path / f"tools{suffix}"
    path.write_text('{"name": "get_weather", "description": "x"}\n{"name": oops}\n', encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"line 2: ") as caught:
        read_tools_file(path)
    assert "CSV" not in str(caught.value)
    assert csv_problem(path, path.read_text(encoding="utf-8")) is None


@pytest.mark.parametrize(
    "text",
    [
        '"name": "x", "description": "y"\n',  # JSON missing its braces
        '"name": "x", "description": "y"\n"name": "z", "description": "w"\n',
        "book a flight, then a hotel\n",  # a sentence with a comma
        "# tools, v2\n",  # a comment
        "查天气,订机票\n",  # two requests, no second line
        "name,description\nget_weather\n",  # a second line of fewer fields
    ],
)
def test_a_first_line_that_is_no_header_is_not_called_csv(text: str) -> None:
    # Failed on 10d16e7 for the first five: "its first line reads as a CSV table".
    assert csv_problem("tools.jsonl", text) is None


def test_a_header_and_a_row_of_as_many_fields_is_a_table() -> None:
    said = csv_problem("tools.jsonl", "查天气,订机票\nget_weather,book_flight\n")
    assert said is not None
    assert said.startswith("its first line reads as a CSV table (comma-separated: ")
