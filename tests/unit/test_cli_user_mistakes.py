"""A user's mistakes on the command line, each answered in the words of what they typed."""

from __future__ import annotations

import json

import pytest

from toolfilter_core._tool_defs import bundled_tools_path
from toolfilter_core.cli import main

TOOLS = str(bundled_tools_path())


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_misspelt_option_is_said_by_the_subcommand_with_did_you_mean(capsys) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["select", "hi", "--topk", "3", "--tools", TOOLS])
    err = capsys.readouterr().err
    assert exited.value.code == 2
    assert "usage:" not in err  # the usage's 20 lines would hide the suggestion: one line, and where help is
    assert (
        err == "toolfilter select: error: unknown option --topk; did you mean --top-k? (see toolfilter select --help)\n"
    )


def test_doctor_html_with_another_suffix_names_the_html_flag(capsys, tmp_path) -> None:
    code, _, err = run(capsys, "doctor", TOOLS, "--embedder", "hashing", "--html", str(tmp_path / "d.pdf"))
    assert code == 2 and "--html '" in err and "--report" not in err
    assert "suffix '.pdf' not allowed; allowed: .html, .htm" in err


def test_report_top_k_without_report_is_refused(capsys, tmp_path) -> None:
    queries = tmp_path / "q.jsonl"
    queries.write_text(json.dumps({"id": "1", "query": "run the tests", "gold": ["run_tests"]}) + "\n")
    argv = ["eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing", "--report-top-k", "3"]
    code, _, err = run(capsys, *argv)
    assert code == 2 and "--report-top-k" in err and "--report FILE" in err


def test_an_image_given_as_the_request_file_is_said_to_be_binary(capsys, tmp_path) -> None:
    image = tmp_path / "shot.png"
    image.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    code, _, err = run(capsys, "select", "--file", str(image), "--tools", TOOLS, "--embedder", "hashing")
    assert code == 2 and "is a binary file (a PNG image), not text" in err and "Latin-1" not in err


def test_prompts_and_answers_files_swapped_say_which_looks_like_which(capsys, tmp_path) -> None:
    tools = tmp_path / "tools.jsonl"
    tools.write_text(json.dumps({"name": "get_weather", "description": "Weather for a city"}) + "\n")
    prompts, answers = tmp_path / "prompts.jsonl", tmp_path / "answers.jsonl"
    assert main(["profiles", "export", str(tools), "--out", str(prompts), "--embedder", "hashing"]) == 0
    answers.write_text(json.dumps({"id": "tools-00001", "answer": {"tools": []}}) + "\n")
    out = str(tmp_path / "p.jsonl")
    capsys.readouterr()
    code, _, err = run(capsys, "profiles", "import", "--prompts", str(answers), "--answers", str(prompts), "--out", out)
    assert code == 2 and "looks like an answers file, not prompts: are the two swapped?" in err
    assert "KeyError" not in err


def test_a_prompts_file_read_as_answers_says_so(tmp_path) -> None:
    from toolfilter_core import ToolSpecError
    from toolfilter_core._tool_profiles.exchange import read_answers

    prompts = tmp_path / "prompts.jsonl"
    prompts.write_text(json.dumps({"id": "tools-00001", "kind": "tools", "messages": [], "targets": {}}) + "\n")
    with pytest.raises(ToolSpecError, match="looks like a prompts file, not answers: are the two swapped"):
        read_answers(prompts)
