"""An empty, blank, long or wrongly typed name is refused with a message that says what is wrong, and where."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from langchain_toolfilter._tools import check_same_specs
from toolfilter_core import ConfigError, EmbedderError, HashingEmbedder, StoreError, ToolFilter, ToolSpec, get_embedder
from toolfilter_core._embedders import check_embedder_name
from toolfilter_core.cli import main


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_embedder_name_is_called_empty_not_a_name_beside_a_bar(name: str) -> None:
    with pytest.raises(EmbedderError) as raised:
        check_embedder_name(name, "--embedder")
    assert "an empty name;" in str(raised.value) and "beside" not in str(raised.value)


def test_a_long_embedder_name_is_shortened_in_the_message() -> None:
    with pytest.raises(EmbedderError) as raised:
        get_embedder("x" * 5000)
    assert "unknown name 'xxx" in str(raised.value) and len(str(raised.value)) < 600


@pytest.mark.parametrize("name", [None, 3])
def test_an_embedder_name_that_is_no_str_is_an_embedder_error(name: object) -> None:
    with pytest.raises(EmbedderError, match=r"embedder: got .* allowed: a name \(str\)"):
        get_embedder(name)  # type: ignore[arg-type]


def _tools(tmp_path: Path) -> str:
    path = tmp_path / "tools.jsonl"
    path.write_text(json.dumps({"name": "a_get", "description": "Get an a."}) + "\n", "utf-8")
    return str(path)


@pytest.mark.parametrize("value", ["", " "])
def test_an_empty_embedder_flag_is_refused_not_the_default(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["select", "--tools", _tools(tmp_path), f"--embedder={value}", "get a"])
    assert exited.value.code == 2
    assert "argument --embedder:" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["", "  ", "\n"])
def test_an_empty_store_flag_names_the_flag(value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["select", "--tools", _tools(tmp_path), "--embedder", "hashing", f"--store={value}", "get a"])
    assert exited.value.code == 2
    assert "argument --store:" in capsys.readouterr().err


def test_an_unknown_users_language_names_the_flag_and_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["doctor", _tools(tmp_path), "--embedder", "hashing", "--users-language", "zh-CN,fr"])
    err = capsys.readouterr().err
    assert code != 0 and "--users-language: got 'zh-CN,fr': 'fr' not known" in err, err


@pytest.mark.parametrize("store", ["  ", "\n"])
def test_a_blank_store_path_is_refused_and_makes_no_directory(
    store: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match="an empty path"):
        ToolFilter([ToolSpec("a_get", "Get an a.")], embedder=HashingEmbedder(), store=store)
    assert not list(tmp_path.iterdir())


def test_a_refusal_says_how_many_more_parameters_differ() -> None:
    stored = {"type": "object", "properties": {"q": {"type": "string"}}}
    given = {"type": "object", "properties": {n: {"type": "string"} for n in "qrstuv"}}
    with pytest.raises(StoreError, match=r"; and 2 more\)"):
        check_same_specs([ToolSpec("t", "x", given)], [ToolSpec("t", "x", stored)], "the store")
