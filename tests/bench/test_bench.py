"""``toolfilter bench``: the metric functions by hand, and the command on a tiny dataset."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from benchmarks.harness import (
    SEED_CONFIG,
    BenchUsageError,
    CachingEmbedder,
    all_at_k,
    cost_at_k,
    discover_datasets,
    load_dataset,
    parse_limits,
    ranking_metrics,
    recall_at_k,
    strip_version,
)
from benchmarks.harness.bench import _ranking
from benchmarks.harness.systems import SEED_OFF, switched_off
from toolfilter_core import HashingEmbedder, Selection, ToolFilter, ToolSpec, openai_tools_chars
from toolfilter_core._pipeline.candidates import pool
from toolfilter_core._types import Reason, ScoreBreakdown, ScoredTool
from toolfilter_core.cli import main

# ----- metrics, by hand -----


def test_recall_and_all_at_k_by_hand():
    ranked = ["a", "b", "c", "d", "e"]
    # gold {a, c}: top-1 {a} holds 1 of 2 -> 0.5; top-3 {a, b, c} holds both -> 1.0
    assert recall_at_k(ranked, ["a", "c"], 1) == 0.5
    assert recall_at_k(ranked, ["a", "c"], 3) == 1.0
    assert not all_at_k(ranked, ["a", "f"], 5)
    assert all_at_k(ranked, ["e", "a"], 5)


def test_ranking_metrics_by_hand():
    rankings = [
        ["a", "b", "c", "d", "e"],  # gold a, c: R@1 1/2, R@3 2/2, R@5 2/2, all in top 5
        ["x", "y", "z", "w", "b"],  # gold b:    R@1 0,   R@3 0,   R@5 1,   all in top 5
        ["q"],  # gold f:                        0 everywhere, not all
        ["c"],  # no-tool query: left out
    ]
    golds = [["a", "c"], ["b"], ["f"], []]
    got = ranking_metrics(rankings, golds)
    assert got["R@1"] == pytest.approx((0.5 + 0 + 0) / 3)
    assert got["R@3"] == pytest.approx((1 + 0 + 0) / 3)
    assert got["R@5"] == pytest.approx((1 + 1 + 0) / 3)
    assert got["All@5"] == pytest.approx(2 / 3)


def test_ranking_metrics_lenient_strips_version_suffixes():
    rankings = [["f__v2", "g"], ["h__v3"]]
    golds = [["f"], ["h__v12"]]
    strict = ranking_metrics(rankings, golds)
    loose = ranking_metrics(rankings, golds, lenient=True)
    assert strict["R@1"] == 0.0
    assert loose["R@1"] == 1.0  # f__v2 -> f; h__v3 and h__v12 -> h
    assert strip_version("math.factorial__v10") == "math.factorial"
    assert strip_version("a__vx") == "a__vx"


def test_ranking_metrics_without_tool_queries_is_none():
    assert ranking_metrics([["a"]], [[]]) == {"R@1": None, "R@3": None, "R@5": None, "All@5": None}


def test_cost_at_k_by_hand():
    chars = {"a": 10, "b": 20, "c": 30}
    # k=1: (10 + 30) / 60 / 2 = 1/3 ; k=3: ((10+20) + 30) / 60 / 2 = 1/2
    got = cost_at_k([["a", "b"], ["c"]], chars, 60)
    assert got["1"] == pytest.approx(1 / 3)
    assert got["3"] == pytest.approx(0.5)
    assert got["5"] == pytest.approx(0.5)


def test_list_chars_are_the_sum_of_single_tool_lists():
    # what cost_at_k relies on: "[a, b]" is as long as "[a]" + "[b]"
    tools = [ToolSpec("a", "x"), ToolSpec("b", "描述", {"type": "object", "properties": {"p": {"type": "string"}}})]
    assert openai_tools_chars(tools) == sum(openai_tools_chars([t]) for t in tools)


def test_parse_limits():
    assert parse_limits(None) == (None, {})
    assert parse_limits("200") == (200, {})
    assert parse_limits("500,metatool=2000") == (500, {"metatool": 2000})
    for bad in ("0", "x", "metatool=-1", ""):
        with pytest.raises(BenchUsageError, match="--limit"):
            parse_limits(bad)


# ----- the embedding cache -----


def test_caching_embedder_embeds_each_text_once_and_charges_hits():
    inner = HashingEmbedder()
    cache = CachingEmbedder(inner)
    first = cache.embed_documents(["a b", "c d"])
    assert inner.texts_embedded == 2 and cache.charged_s == 0.0
    again = cache.embed_documents(["c d", "e f", "a b"])
    assert inner.texts_embedded == 3  # only "e f" was new
    assert cache.charged_s > 0.0  # the two hits were charged their recorded cost
    np.testing.assert_array_equal(again[0], first[1])
    np.testing.assert_array_equal(again[2], first[0])
    cache.embed_queries(["a b"])  # queries are cached apart from documents
    assert inner.texts_embedded == 4
    assert cache.id == inner.id


# ----- the seed system and rankings -----


def test_the_seed_pool_takes_embedding_candidates_only():
    tools = [ToolSpec(n, f"tool {n}") for n in ("t0", "t1", "t2", "t3")]
    config = {**SEED_CONFIG, "candidate_pool_size": 2}
    sims = np.array([0.9, 0.8, 0.1, 0.0], dtype=np.float32)
    bm25 = np.array([0.0, 0.0, 0.0, 0.7], dtype=np.float32)  # t3 only shares a word with the query
    eligible = np.ones(4, dtype=bool)
    assert "lexical_candidates" in SEED_OFF
    seed = ToolFilter(tools, config=config, embedder=HashingEmbedder())
    with switched_off(SEED_OFF):
        assert pool(seed.config, sims, bm25, eligible) == [0, 1]
    assert pool(seed.config, sims, bm25, eligible) == [0, 1, 3]  # switched back on after the block


def _scored(name: str, score: float, reason: Reason | None = None) -> ScoredTool:
    return ScoredTool(ToolSpec(name), ScoreBreakdown({"embed": score}, {"embed": 1.0}, score), reason)


class _FixedOrder:
    def ranking(self, query: str, n: int) -> list[str]:
        return ["s", "r2", "p1", "r1", "p2", "p3"][:n]


def test_ranking_is_selected_then_rejected_by_score_then_padding():
    selection = Selection(
        query="q",
        selected=(_scored("s", 0.9),),
        rejected=(_scored("r1", 0.2, Reason.BELOW_TOP_K), _scored("r2", 0.5, Reason.BELOW_MIN_OVERLAP)),
    )
    assert _ranking(selection, None) == ["s", "r2", "r1"]
    # padded to 5 with the plain embedding order, skipping names already ranked
    assert _ranking(selection, _FixedOrder()) == ["s", "r2", "r1", "p1", "p2"]  # type: ignore[arg-type]


# ----- datasets -----


TOOLS = [
    {"name": "send_email", "description": "Send an email message to a recipient", "parameters": {}},
    {"name": "read_file", "description": "Read the contents of a text file", "parameters": {}},
    {"name": "get_weather", "description": "Weather forecast for a city", "parameters": {}},
    {"name": "get_weather__v2", "description": "Current weather conditions by city name", "parameters": {}},
    {"name": "calendar_create", "description": "Create a calendar event or meeting", "parameters": {}},
    {"name": "web_search", "description": "Search the web for pages", "parameters": {}},
]
QUERIES = [
    {"id": "1", "query": "send an email to bob", "gold": ["send_email"], "lang": "en"},
    {"id": "2", "query": "read the file notes.txt", "gold": ["read_file"], "lang": "en"},
    {"id": "3", "query": "weather in Paris", "gold": ["get_weather__v2"], "lang": "en"},
    {"id": "4", "query": "create a meeting and email bob", "gold": ["calendar_create", "send_email"], "lang": "en"},
    {"id": "5", "query": "tell me a joke", "gold": [], "lang": "en"},
    {"id": "6", "query": "what is love", "gold": [], "lang": "en"},
]


def _write(folder: Path, tools: list[dict], queries: list[dict]) -> None:
    folder.mkdir(parents=True)
    (folder / "tools.jsonl").write_text("\n".join(json.dumps(t) for t in tools), encoding="utf-8")
    (folder / "queries.jsonl").write_text("\n".join(json.dumps(q) for q in queries), encoding="utf-8")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    base = tmp_path / "data"
    _write(base / "tiny", TOOLS, QUERIES)
    # per-question candidates: its no-tool labels do not hold against the pool
    with_candidates = [{**q, "candidates": ["send_email"]} for q in QUERIES]
    _write(base / "tinycand", TOOLS, with_candidates)
    (base / "tiny_extra.jsonl").write_text(json.dumps(QUERIES[0]), encoding="utf-8")
    return base


def test_discover_and_load(data_dir: Path, tmp_path: Path):
    found = discover_datasets(data_dir, tmp_path / "absent")
    assert list(found) == ["tiny", "tiny_extra", "tinycand"]
    assert found["tiny_extra"].tools == data_dir / "tiny" / "tools.jsonl"
    tiny = load_dataset(found["tiny"])
    assert (tiny.tool_queries, tiny.no_tool_queries, tiny.pool_negatives, tiny.lenient) == (4, 2, True, True)
    cand = load_dataset(found["tinycand"])
    assert (cand.tool_queries, cand.no_tool_queries, cand.pool_negatives) == (4, 0, False)
    limited = load_dataset(found["tiny"], limit=1)  # at most 1 tool query and 1 no-tool query
    assert [q.id for q in limited.queries] == ["1", "5"]


# ----- the command -----

ROW_KEYS = {
    "dataset",
    "system",
    "embedder",
    "tools",
    "queries",
    "tool_queries",
    "no_tool_queries",
    "R@1",
    "R@3",
    "R@5",
    "All@5",
    "recall_mean",
    "recall_all",
    "dangerous_misselect",
    "no_tool_rejection",
    "fallback_rate",
    "mean_selected",
    "cost_ratio",
    "full_chars",
    "cost_at_k",
    "latency_ms",
    "embed_query_ms",
    "build_s",
    "lenient",
}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_bench_json_has_every_key_per_system_and_dataset(capsys, data_dir: Path, tmp_path: Path):
    out_file = tmp_path / "out" / "bench.json"
    code, out, _ = run(
        capsys,
        "bench",
        *("--data-dir", str(data_dir), "--shared-data", str(tmp_path / "absent")),
        *("--embedder", "hashing", "--systems", "bm25,embedding,seed,toolfilter"),
        *("--datasets", "tiny,tinycand", "--json", "--out", str(out_file)),
    )
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert json.loads(out_file.read_text()) == report
    rows = report["results"]
    assert [(r["dataset"], r["system"]) for r in rows] == [
        (d, s) for d in ("tiny", "tinycand") for s in ("bm25", "embedding", "seed", "toolfilter")
    ]
    for row in rows:
        assert set(row) == ROW_KEYS
        assert set(row["latency_ms"]) == {"p50", "p95"}
        assert set(row["lenient"]) >= {"R@1", "R@5", "All@5", "recall_mean"}  # get_weather__v2 is a rename
        assert 0.0 <= row["R@5"] <= 1.0 and row["build_s"] >= 0.0
    tiny = {r["system"]: r for r in rows if r["dataset"] == "tiny"}
    cand = {r["system"]: r for r in rows if r["dataset"] == "tinycand"}
    assert tiny["toolfilter"]["no_tool_rejection"] is not None
    assert cand["toolfilter"]["no_tool_rejection"] is None and cand["toolfilter"]["no_tool_queries"] == 0
    assert tiny["bm25"]["embedder"] is None and tiny["embedding"]["embedder"] == "hashing-256"
    # bm25 ranks send_email first for "send an email to bob" (both words only in its text)
    assert tiny["bm25"]["R@5"] == 1.0
    assert report["command"].startswith("toolfilter bench --datasets tiny,tinycand")
    assert report["machine"]["nproc"] >= 1


def test_bench_table(capsys, data_dir: Path, tmp_path: Path):
    code, out, _ = run(
        capsys,
        "bench",
        *("--data-dir", str(data_dir), "--shared-data", str(tmp_path / "absent")),
        *("--embedder", "hashing", "--systems", "bm25,toolfilter", "--datasets", "tiny"),
    )
    assert code == 0
    assert out.splitlines()[0].split()[:4] == ["dataset", "system", "n", "R@1"]
    assert sum(line.startswith("tiny ") for line in out.splitlines()) == 2


def test_evaluation_only_datasets_are_skipped_when_absent(capsys, data_dir: Path, tmp_path: Path):
    code, out, err = run(
        capsys,
        "bench",
        *("--data-dir", str(data_dir), "--shared-data", str(tmp_path / "absent")),
        *("--systems", "bm25", "--datasets", "tiny,ultratool_zh,toollens", "--json"),
    )
    assert code == 0
    report = json.loads(out)
    assert [s["dataset"] for s in report["skipped"]] == ["ultratool_zh", "toollens"]
    assert {r["dataset"] for r in report["results"]} == {"tiny"}
    assert "skipped ultratool_zh" in err


def test_evaluation_only_datasets_are_read_in_place_when_present(capsys, data_dir: Path, tmp_path: Path):
    shared = tmp_path / "shared"
    _write(shared / "ultratool_zh", TOOLS, QUERIES[:2])
    code, out, _ = run(
        capsys,
        "bench",
        *("--data-dir", str(data_dir), "--shared-data", str(shared)),
        *("--systems", "bm25", "--datasets", "ultratool_zh", "--json"),
    )
    assert code == 0
    report = json.loads(out)
    assert report["skipped"] == []
    assert report["datasets"][0]["origin"] == "shared-data"
    assert report["results"][0]["R@1"] == 1.0


def test_default_datasets_are_every_one_available(capsys, data_dir: Path, tmp_path: Path):
    code, out, _ = run(
        capsys,
        "bench",
        "--data-dir",
        str(data_dir),
        "--shared-data",
        str(tmp_path / "x"),
        "--systems",
        "bm25",
        "--json",
    )
    assert code == 0
    assert [d["name"] for d in json.loads(out)["datasets"]] == ["tiny", "tiny_extra", "tinycand"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(["--datasets", "nope"], "unknown dataset 'nope'", id="unknown-dataset"),
        pytest.param(["--systems", "magic"], "unknown system 'magic'", id="unknown-system"),
        pytest.param(["--systems", "toolfilter-fit"], "needs --fit-config", id="fit-without-config"),
        pytest.param(["--limit", "-3"], "--limit", id="bad-limit"),
    ],
)
def test_bench_usage_errors(capsys, data_dir: Path, argv: list[str], message: str):
    code, out, err = run(capsys, "bench", "--data-dir", str(data_dir), "--embedder", "hashing", *argv)
    assert code == 2 and out == ""
    assert err.startswith("toolfilter bench: error:") and message in err


def test_missing_data_dir_is_a_usage_error(capsys, tmp_path: Path):
    code, _, err = run(capsys, "bench", "--data-dir", str(tmp_path / "none"))
    assert code == 2 and "--data-dir" in err


# ----- where the harness is: a source checkout, not the wheel -----

ROOT = Path(__file__).resolve().parents[2]

# toolfilter_core is imported first; then the checkout's root leaves sys.path (as after
# `pip install toolfilter`, run outside a checkout) and the command runs in ``cwd``.
_WITHOUT_THE_CHECKOUT_ON_PATH = """
import os, sys
from pathlib import Path
from toolfilter_core.cli import main

root = Path({root!r})
sys.path[:] = [p for p in sys.path if p and Path(p).resolve() != root]
code = main({argv!r})
harness = sys.modules.get("benchmarks.harness")
print("harness:", harness.__file__ if harness else None)
sys.exit(code)
"""


def _bench_outside_the_path(cwd: Path, argv: list[str]) -> subprocess.CompletedProcess[str]:
    script = _WITHOUT_THE_CHECKOUT_ON_PATH.format(root=str(ROOT), argv=["bench", *argv])
    return subprocess.run(
        [sys.executable, "-c", script], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["--datasets", "toolkit48", "--limit", "5"], id="flags"),
        pytest.param([], id="no-flags"),
        pytest.param(["--help"], id="help"),
    ],
)
def test_bench_without_the_harness_exits_2_saying_how_to_run_it_from_a_checkout(tmp_path: Path, argv: list[str]):
    done = _bench_outside_the_path(tmp_path, argv)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "harness: None\n"
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("toolfilter bench: error: ")
    assert "python -m benchmarks.harness" in done.stderr


def test_bench_finds_the_harness_in_the_checkout_it_runs_from(data_dir: Path, tmp_path: Path):
    argv = ["--data-dir", str(data_dir), "--shared-data", str(tmp_path / "absent")]
    done = _bench_outside_the_path(ROOT, [*argv, "--systems", "bm25", "--datasets", "tiny", "--json"])
    assert done.returncode == 0, done.stderr
    report, found = done.stdout.splitlines()
    assert [(r["dataset"], r["system"]) for r in json.loads(report)["results"]] == [("tiny", "bm25")]
    assert found == f"harness: {ROOT / 'benchmarks' / 'harness' / '__init__.py'}"


def test_the_harness_reads_the_checkouts_data_folder():
    from benchmarks.harness import DATA_DIR

    assert DATA_DIR == ROOT / "benchmarks" / "data"
    assert (DATA_DIR / "toolkit48" / "tools.jsonl").is_file()


def test_the_harness_is_not_in_the_core_package_and_imports_no_framework():
    import toolfilter_core

    assert not sorted(Path(toolfilter_core.__file__).parent.glob("*bench*"))
    script = """
import sys

class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"llama_index", "langchain", "langchain_core", "bm25s", "matplotlib"}:
            raise ModuleNotFoundError(f"blocked: {name}", name=name)
        return None

sys.meta_path.insert(0, Block())
import benchmarks.harness
from benchmarks.harness.llamaindex_system import LlamaIndexSystem
from toolfilter_core import HashingEmbedder

benchmarks.harness.make_systems(["llamaindex", "bm25"], HashingEmbedder(), None)
LlamaIndexSystem(HashingEmbedder())
print("ok")
"""
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok\n"
