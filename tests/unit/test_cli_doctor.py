"""``toolfilter doctor`` (its report, the rewrites' export and import) and ``eval --report``."""

from __future__ import annotations

import json
import sys

import pytest

from toolfilter_core._tool_defs import bundled_tools_path
from toolfilter_core.cli import main

from .test_doctor import KIT_PROFILES

TOOLS = str(bundled_tools_path())


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_doctor_json_and_html(capsys, tmp_path):
    page = tmp_path / "doctor.html"
    argv = ["doctor", TOOLS, "--profiles", str(KIT_PROFILES), "--embedder", "hashing", "--json", "--html", str(page)]
    code, out, _ = run(capsys, *argv)
    data = json.loads(out)
    assert code == 0 and data["tools"] == 48 and data["findings"]
    text = page.read_text("utf-8")
    assert "Crowding map" in text and "data:image/png;base64," in text
    assert "<script" not in text and 'src="http' not in text  # one self-contained file


def test_doctor_rewrites_out_and_in(capsys, tmp_path):
    prompts, answers, rewritten = tmp_path / "p.jsonl", tmp_path / "a.jsonl", tmp_path / "t.jsonl"
    base = ["doctor", TOOLS, "--profiles", str(KIT_PROFILES), "--embedder", "hashing"]
    code, _, err = run(capsys, *base, "--export-rewrites", str(prompts))
    assert code == 0 and "rewrite prompts for" in err
    rows = [json.loads(line) for line in prompts.read_text("utf-8").splitlines()]
    assert rows and all(r["kind"] == "rewrite" for r in rows)
    # a model's answers: each target gets a description that says what, when, when not
    lines = []
    for row in rows:
        tools = [
            {"tool": n, "what": "w", "when": "x", "when_not": "y", "instead": [], "description": f"{n}: use when asked"}
            for n in row["targets"]
        ]
        lines.append(json.dumps({"id": row["id"], "answer": json.dumps({"tools": tools})}))
    answers.write_text("\n".join(lines) + "\n", "utf-8")
    argv = [*base, "--import-rewrites", str(answers), "--rewrite-prompts", str(prompts), "--rewritten", str(rewritten)]
    code, out, err = run(capsys, *argv, "--json")
    data = json.loads(out)["rewrites"]
    assert code == 0 and data["requests"] > 0 and data["rewritten"] == sum(len(r["targets"]) for r in rows)
    assert 0 <= data["recall_before"] <= 1 and 0 <= data["recall_after"] <= 1
    assert "before" in err and "after" in err
    written = [json.loads(line) for line in rewritten.read_text("utf-8").splitlines()]
    assert len(written) == 48 and any(r["description"].endswith("use when asked") for r in written)


@pytest.mark.parametrize(
    ("extra", "match"),
    [
        pytest.param(["--import-rewrites", "a.jsonl"], "--import-rewrites needs --rewrite-prompts", id="no-prompts"),
        pytest.param(["--batch", "b.jsonl"], "--batch goes with --export-rewrites", id="batch-alone"),
        pytest.param(
            ["--html", "x.txt"], "--html 'x.txt': suffix '.txt' not allowed; allowed: .html, .htm", id="suffix"
        ),
    ],
)
def test_doctor_flag_mistakes(capsys, extra, match):
    code, _, err = run(capsys, "doctor", TOOLS, "--embedder", "hashing", *extra)
    assert code == 2 and match in err


@pytest.fixture
def queries(tmp_path):
    path = tmp_path / "q.jsonl"
    rows = [
        {"id": "1", "query": "run the unit tests", "gold": ["run_tests"], "lang": "en", "kind": "direct"},
        {"id": "2", "query": "show the git log", "gold": ["git_log"], "lang": "en", "kind": "direct"},
        {"id": "3", "query": "读一下 nginx.conf", "gold": ["read_file"], "lang": "zh", "kind": "paraphrase"},
        {"id": "4", "query": "tell me a joke", "gold": [], "lang": "en", "kind": "no_tool"},
    ]
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), "utf-8")
    return path


def test_eval_report_markdown_has_the_tables(capsys, tmp_path, queries):
    report = tmp_path / "r.md"
    argv = ["eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing", "--report", str(report)]
    code, _, err = run(capsys, *argv, "--report-top-k", "1,3")
    text = report.read_text("utf-8")
    assert code == 0 and str(report) in err
    for heading in ("## Summary", "## By kind", "## By language", "## Tools sent per request", "## Latency"):
        assert heading in text
    assert "## Recall against tools sent as top_k varies" in text and "| 3 |" in text
    assert "false_abstain" in text and "mean_selected" in text


def test_eval_report_lists_its_set_up_and_every_miss_with_why(capsys, tmp_path, queries):
    report = tmp_path / "r.md"
    argv = ["eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing", "--report", str(report)]
    code, _, _ = run(capsys, *argv, "--set", "top_k=1")
    text = report.read_text("utf-8")
    setup = text.split("## Set-up", 1)[1].split("## Summary", 1)[0]
    for what in (TOOLS, str(queries), "hashing", "--set top_k=1", "profiles | none", "toolfilter |"):
        assert what in setup
    _, out, _ = run(capsys, *argv[:-2], "--set", "top_k=1", "--json", "--misses")
    expected = json.loads(out)["misses"]
    assert expected  # top_k 1 and the hashing embedder miss some of these
    misses = text.split("## Misses", 1)[1]
    assert "| id | request | gold | sent | why |" in misses
    for miss in expected:
        row = f"| {miss['id']} | {miss['query']} | {', '.join(miss['gold']) or '(no tool)'} |"
        assert row in misses and miss["why"].split(":")[0] in misses  # why: the status, then the first note


def test_eval_report_html_is_one_file_with_plots(capsys, tmp_path, queries):
    report = tmp_path / "r.html"
    argv = ["eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing", "--report", str(report)]
    code, _, _ = run(capsys, *argv)
    text = report.read_text("utf-8")
    assert code == 0 and text.count("data:image/png;base64,") >= 4  # sent, recall/top_k, latency, by kind


def test_eval_report_without_matplotlib_names_the_extra(capsys, tmp_path, queries, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed
    argv = ["eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing"]
    code, _, err = run(capsys, *argv, "--report", str(tmp_path / "r.html"))
    assert code == 2 and "pip install '.[report]' in toolfilter's clone" in err


def test_eval_report_wrong_suffix_fails_before_evaluating(capsys, tmp_path, queries):
    argv = ["eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing"]
    code, _, err = run(capsys, *argv, "--report", str(tmp_path / "r.pdf"))
    assert code == 2 and "allowed: .html, .htm, .md" in err


def test_eval_report_of_a_store_names_the_store_s_own_profiles(capsys, tmp_path, queries):
    store, report = str(tmp_path / "s"), tmp_path / "r.md"
    index = ["index", TOOLS, "--store", store, "--embedder", "hashing", "--profiles", str(KIT_PROFILES)]
    assert run(capsys, *index, "--no-progress")[0] == 0
    argv = ["eval", "--store", store, "--embedder", "hashing", "--queries", str(queries), "--report", str(report)]
    code, _, err = run(capsys, *argv)
    assert code == 0, err
    setup = report.read_text("utf-8").split("## Set-up", 1)[1].split("## Summary", 1)[0]
    assert code == 0 and "profiles | the store's own" in setup and "profiles | none" not in setup


def test_eval_report_markdown_says_why_top_k_does_not_move_the_selection(capsys, tmp_path, queries):
    """Only the HTML plot's title said it; the Markdown table of a flat sweep left the reader guessing."""
    report = tmp_path / "r.md"
    argv = ["eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing", "--report", str(report)]
    code, _, _ = run(capsys, *argv, "--report-top-k", "1,3,5", "--max-tools", "1")
    text = report.read_text("utf-8")
    sweep = text.split("## Recall against top_k: top_k does not move the selection", 1)[1].split("\n## ", 1)[0]
    assert code == 0 and "top_k does not move the selection:" in sweep and "max_tools 1 caps every selection" in sweep
    assert "top_k varies" not in text


def test_eval_report_html_heading_of_an_idle_sweep_agrees_with_its_plot(capsys, tmp_path, queries):
    """Failed on e6038fd: the plot was titled "top_k does not move the selection" under the heading
    "Recall against tools sent as top_k varies"."""
    report = tmp_path / "r.html"
    argv = ["eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing", "--report", str(report)]
    code, _, _ = run(capsys, *argv, "--report-top-k", "1,3,5", "--max-tools", "1")
    text = report.read_text("utf-8")
    assert code == 0 and "<h2>Recall against top_k: top_k does not move the selection</h2>" in text
    assert "top_k varies" not in text
