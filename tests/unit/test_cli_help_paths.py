"""The command line's --help and error paths as a user meets them."""

from __future__ import annotations

import io
import json
import sys

import pytest

from toolfilter_core.cli import main

from .test_cli_parser_typos import LEAVES


@pytest.fixture
def tools(tmp_path):
    path = tmp_path / "tools.jsonl"
    rows = [{"name": "get_weather", "description": "Weather for a city"}, {"name": "send_mail", "description": "Mail"}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def helped(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exited:
        main([*argv, "--help"])
    assert exited.value.code == 0
    return str(capsys.readouterr().out)


@pytest.mark.parametrize(("words", "parser"), LEAVES, ids=[" ".join(w) for w, _ in LEAVES])
def test_every_commands_help_opens_with_what_it_does(capsys, words, parser) -> None:
    text = helped(capsys, list(words))
    description = text.split("\n\n")[1]  # after the usage: select's help said only its options
    assert not description.startswith(("positional arguments", "options")), text[:400]
    assert description[:1].isupper()


def test_the_top_level_help_says_where_to_start(capsys) -> None:
    text = helped(capsys, [])
    assert "Start with: toolfilter demo" in text and "toolfilter COMMAND --help" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["profiles", "export", "TOOLS", "--out", "OUT", "--embedder", "hashing"],
        ["profiles", "import", "--prompts", "p", "--answers", "a", "--out", "OUT"],
        ["doctor", "TOOLS", "--html", "OUT.html", "--embedder", "hashing"],
        ["eval", "--tools", "TOOLS", "--queries", "q.jsonl", "--report", "OUT.html", "--embedder", "hashing"],
    ],
    ids=["export --out", "import --out", "doctor --html", "eval --report"],
)
def test_an_output_in_a_missing_directory_is_refused_first_in_one_line(capsys, tmp_path, tools, argv) -> None:
    # profiles export --out into a missing directory was a FileNotFoundError traceback, after the work
    out = str(tmp_path / "missing" / "out")
    argv = [a.replace("TOOLS", tools).replace("OUT", out) for a in argv]
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert f"its directory {str(tmp_path / 'missing')!r} does not exist; create it first" in err


def test_an_output_that_is_a_directory_is_refused(capsys, tmp_path, tools) -> None:
    code = main(["profiles", "export", tools, "--out", str(tmp_path), "--embedder", "hashing"])
    err = capsys.readouterr().err
    assert code == 2 and "toolfilter profiles export: error: --out" in err and "is a directory" in err


def test_a_file_error_no_check_foresaw_is_one_line(capsys, monkeypatch, tools) -> None:
    from toolfilter_core.cli import _main

    def broken(args):
        raise PermissionError(13, "Permission denied", "/locked/out.jsonl")

    monkeypatch.setitem(_main.COMMANDS, "doctor", broken)
    assert main(["doctor", tools]) == 2
    err = capsys.readouterr().err
    assert err == "toolfilter doctor: error: '/locked/out.jsonl': Permission denied\n"


def test_empty_standard_input_is_said_to_be_empty(capsys, monkeypatch, tools) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["select", "-", "--tools", tools, "--embedder", "hashing"]) == 2
    assert "toolfilter select: error: standard input: holds no text; pipe the request in" in capsys.readouterr().err


def test_an_empty_request_file_is_named(capsys, tmp_path, tools) -> None:
    empty = tmp_path / "request.txt"
    empty.write_text("  \n", encoding="utf-8")
    assert main(["select", "--file", str(empty), "--tools", tools, "--embedder", "hashing"]) == 2
    assert f"request file {str(empty)!r}: holds no text" in capsys.readouterr().err


def test_a_sub_commands_error_names_the_sub_command(capsys, tmp_path) -> None:
    argv = ["profiles", "import", "--prompts", str(tmp_path / "no.jsonl"), "--answers", "a", "--out", "o.jsonl"]
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("toolfilter profiles import: error: prompts file ")


def test_the_top_level_help_gives_the_path_with_your_own_tools(capsys) -> None:
    text = " ".join(helped(capsys, []).split())
    assert 'toolfilter index TOOLS --store DIR, toolfilter select "REQUEST" --store DIR' in text
    assert "profiles tool profiles, requests a model writes for each tool" in text  # "prompts out" said nothing


def test_selects_help_says_what_it_prints_for_no_tools(capsys) -> None:
    text = " ".join(helped(capsys, ["select"]).split())
    assert "says its verdict and why on stderr" in text and "--json carries them as status and detail" in text


@pytest.mark.parametrize("command", [["eval"], ["fit"]])
def test_the_queries_flag_says_the_format(capsys, command) -> None:
    # fit's said only "labelled queries"
    text = " ".join(helped(capsys, command).split())
    assert '{"query": TEXT, "gold": [TOOL, ...]}' in text and "gold [] for a request that needs no tool" in text


@pytest.mark.parametrize("command", [["profiles", "export"], ["profiles", "write"], ["demo"]])
def test_positional_arguments_are_named_in_capitals_as_elsewhere(capsys, command) -> None:
    usage = " ".join(helped(capsys, command).split("\n\n")[0].split())
    assert usage.endswith(("TOOLS", "[QUERY ...]")), usage


def test_the_help_says_which_flags_need_another_and_what_a_default_is(capsys) -> None:
    """``--cache`` said "the bill's cache prices (anthropic)", ``--model`` "(default MODEL)"."""
    text = " ".join(helped(capsys, ["eval"]).split())
    assert "--cache {anthropic,openai} with --conversations:" in text and "(default anthropic)" in text
    assert "--replay {conversation,window} with --conversations:" in text
    for argv in (["doctor"], ["profiles", "export"]):
        assert "(default: MODEL, a placeholder to replace)" in " ".join(helped(capsys, argv).split())
    assert "(default OPENAI_API_KEY)" in " ".join(helped(capsys, ["profiles", "write"]).split())
    assert "e.g. en or en,zh (en, zh;" not in " ".join(helped(capsys, ["doctor"]).split())
