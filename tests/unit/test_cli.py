import json

import pytest

from toolfilter_core import load_bundled_tools
from toolfilter_core._tool_defs import bundled_tools_path
from toolfilter_core.cli import main

TOOLS = str(bundled_tools_path())


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_select_prints_names(capsys):
    code, out, _ = run(capsys, "select", "run the tests", "--tools", TOOLS, "--embedder", "hashing")
    assert code == 0
    assert "run_tests" in out.split()


def test_select_json_has_breakdown(capsys):
    code, out, _ = run(capsys, "select", "read_file", "--tools", TOOLS, "--embedder", "hashing", "--json")
    data = json.loads(out)
    assert code == 0 and data["selected"][0]["name"] == "read_file"
    assert data["total_chars"] > data["selected_chars"] > 0


def test_select_explain(capsys):
    code, out, _ = run(capsys, "select", "delete the temp file", "--tools", TOOLS, "--embedder", "hashing", "--explain")
    assert code == 0 and "prompt:" in out


def test_index_then_select_from_store(capsys, tmp_path):
    store = str(tmp_path / "s")
    code, out, _ = run(capsys, "index", TOOLS, "--store", store, "--embedder", "hashing", "--no-progress")
    assert code == 0 and "48 added" in out
    code, out, _ = run(capsys, "index", TOOLS, "--store", store, "--embedder", "hashing", "--no-progress")
    assert "0 added" in out and "48 unchanged" in out and "0 texts embedded" in out
    code, out, _ = run(capsys, "select", "git_log", "--store", store, "--embedder", "hashing")
    assert code == 0 and out.split() == ["git_log"]


def test_eval_json_has_exactly_the_contract_keys(capsys, tmp_path):
    queries = tmp_path / "q.jsonl"
    rows = [
        {"id": "1", "query": "run_tests", "gold": ["run_tests"], "lang": "en"},
        {"id": "2", "query": "git_log", "gold": ["git_log"], "lang": "en"},
        {"id": "3", "query": "zzzz qqqq", "gold": [], "lang": "en"},
    ]
    queries.write_text("\n".join(json.dumps(r) for r in rows))
    code, out, _ = run(capsys, "eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing", "--json")
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert set(data) == {
        "false_abstain",
        "destructive_on_read",
        "wrong_destroyer",
        "queries",
        "tool_queries",
        "no_tool_queries",
        "recall",
        "recall_mean",
        "dangerous_misselect",
        "no_tool_rejection",
        "fallback_rate",
        "mean_selected",
        "cost_ratio",
        "latency_ms",
        # the breakdown: by_lang when the queries carry a language (by_kind, a kind),
        # the wrong tools sent most, each domain's share of the tools sent
        "by_lang",
        "wrong_sent_most",
        "domain_share",
    }
    assert (data["queries"], data["tool_queries"], data["no_tool_queries"]) == (3, 2, 1)
    # exact names always select their tool
    assert data["recall"] == 1.0 and data["dangerous_misselect"] == 0.0
    assert set(data["latency_ms"]) == {"p50", "p95"}


def test_eval_table_output(capsys, tmp_path):
    queries = tmp_path / "q.jsonl"
    queries.write_text(json.dumps({"id": "1", "query": "run_tests", "gold": ["run_tests"]}))
    code, out, _ = run(capsys, "eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing")
    assert code == 0 and "recall_mean" in out and "latency_ms" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        pytest.param(["select", "x"], "give --tools FILE, --store DIR or --chroma-host H", id="no-source"),
        pytest.param(["select", "", "--tools", TOOLS, "--embedder", "hashing"], "query: is empty", id="empty-query"),
        pytest.param(["select", "x", "--tools", "/no/such.jsonl"], "cannot read", id="missing-tools"),
        pytest.param(
            ["select", "x", "--tools", TOOLS, "--top-k", "0", "--embedder", "hashing"], "top_k", id="bad-top-k"
        ),
        pytest.param(["select", "x", "--tools", TOOLS, "--embedder", "nope"], "unknown name 'nope'", id="bad-embedder"),
        pytest.param(
            ["select", "x", "--tools", TOOLS, "--config", "/no/such.yaml"], "cannot read", id="missing-config"
        ),
        pytest.param(["index", TOOLS, "--embedder", "hashing"], "needs --store", id="index-without-store"),
        pytest.param(
            ["eval", "--tools", TOOLS, "--queries", "/no/q.jsonl", "--embedder", "hashing"],
            "cannot read",
            id="missing-queries",
        ),
        pytest.param(["eval", "--tools", TOOLS, "--queries", TOOLS, "--limit", "0"], "--limit", id="bad-limit"),
        pytest.param(
            ["select", "x", "--store", "/tmp/s", "--chroma-host", "127.0.0.1"], "not both", id="store-and-host"
        ),
    ],
)
def test_user_mistakes_exit_2_with_one_line_and_no_traceback(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert needle in err
    assert "Traceback" not in err
    assert err.startswith("toolfilter ")


def test_bad_config_values_are_reported_with_field_and_value(capsys, tmp_path):
    config = tmp_path / "c.yaml"
    config.write_text("min_combined_score: 3\n")
    code, _, err = run(capsys, "select", "x", "--tools", TOOLS, "--config", str(config), "--embedder", "hashing")
    assert code == 2 and "min_combined_score" in err and "3" in err


def test_bad_tool_file_names_the_tool(capsys, tmp_path):
    bad = tmp_path / "t.jsonl"
    rows = [t.to_dict() for t in load_bundled_tools()[:2]]
    rows[1]["parameters"] = {"type": "array"}
    bad.write_text("\n".join(json.dumps(r) for r in rows))
    code, _, err = run(capsys, "select", "x", "--tools", str(bad), "--embedder", "hashing")
    assert code == 2 and "write_file" in err and "parameters.type" in err


def test_select_from_a_store_that_does_not_exist_says_so_and_creates_nothing(capsys, tmp_path):
    missing = tmp_path / "typo" / "store"
    code, _, err = run(capsys, "select", "git_log", "--store", str(missing), "--embedder", "hashing")
    assert code == 2
    assert f"store directory {str(missing)!r} does not exist" in err and "toolfilter index" in err
    assert not (tmp_path / "typo").exists()


def test_eval_refuses_gold_names_that_are_not_in_the_registry(capsys, tmp_path):
    queries = tmp_path / "q.jsonl"
    rows = [{"id": "a1", "query": "run the tests", "gold": ["run_testz"]}, {"id": "a2", "query": "hi", "gold": []}]
    queries.write_text("\n".join(json.dumps(r) for r in rows))
    code, _, err = run(capsys, "eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing")
    assert code == 2 and "a1 (" in err and "q.jsonl line 1): 'run_testz'" in err  # the file and its line


def test_eval_reports_a_request_that_fails_and_goes_on():
    from toolfilter_core import HashingEmbedder, ToolFilter
    from toolfilter_core._evaluate import LabelledQuery, evaluate

    tf = ToolFilter(load_bundled_tools(), embedder=HashingEmbedder())

    def select(query):
        if query == "boom":
            raise RuntimeError("embedder fell over")
        return tf.select(query)

    queries = [LabelledQuery("1", "boom", ("git_log",)), LabelledQuery("2", "git_log", ("git_log",))]
    result = evaluate(select, queries)
    assert result.queries == 1 and result.recall == 1.0
    assert result.errors == ({"id": "1", "query": "boom", "error": "RuntimeError: embedder fell over"},)
    assert result.to_dict()["errors"][0]["id"] == "1"


def test_eval_names_the_file_line_and_start_of_each_request_it_leaves_out_or_cannot_select_for(capsys, tmp_path):
    queries = tmp_path / "q.jsonl"
    rows = [
        {"id": "a1", "query": "run the tests", "gold": ["run_tests"]},
        {"id": "a2", "query": "  ", "gold": []},  # no text: no tool is selected for it
        {"id": "a3", "query": "tests " * 200_000, "gold": ["run_tests"]},  # over the length limit: left out
    ]
    queries.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    code, out, err = run(capsys, "eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing")
    assert code == 0
    assert f"toolfilter eval: warning: {queries} line 2: the request is empty" in err
    assert f"error on a3 ({queries} line 3, 'tests tests tests" in out and "QueryError: query: 1,200,000" in out
    assert "\nerrors " not in out  # said once, on its own line, not also as a row of the table
    code, out, _ = run(capsys, "eval", "--tools", TOOLS, "--queries", str(queries), "--embedder", "hashing", "--json")
    (error,) = json.loads(out)["errors"]
    assert error["where"] == f"{queries} line 3" and error["query"].startswith("tests tests")


@pytest.mark.parametrize("key", ["max_tool", "max_tools"])
def test_a_set_key_that_names_an_option_says_the_option(capsys, key):
    code, _, err = run(capsys, "select", "hi", "--set", f"{key}=3", "--embedder", "hashing")
    assert code == 2 and "is no config field; did you mean the option --max-tools?" in err


def test_the_old_name_of_base_is_still_taken_by_set(capsys):
    code, _, err = run(capsys, "select", "hi", "--tools", TOOLS, "--set", "profile=plain", "--embedder", "hashing")
    assert code == 0 and "is the old name of base; write base: plain" in err, err
