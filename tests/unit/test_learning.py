"""Learning from use: examples per tool (cap, dedup, persistence rules), call logs, eval --log."""

import json

import pytest

from toolfilter_core import (
    FeedbackLog,
    HashingEmbedder,
    ToolFilter,
    ToolSpec,
    ToolSpecError,
    UsageMemory,
    read_call_log,
)
from toolfilter_core._learning import log_queries, normalize_request
from toolfilter_core.cli import main
from toolfilter_core.index._records import EXAMPLE_KIND, MemoryRecords
from toolfilter_core.index._tool_index import ToolIndex

TOOLS = [
    ToolSpec("weather", "current conditions and forecast for a city", category="info"),
    ToolSpec("send_email", "send an email message to a recipient", category="mail"),
    ToolSpec("create_event", "create a calendar event", category="calendar", triggers=("book a meeting",)),
]
CONFIG = {"base": "plain", "enabled": True, "top_k": 1, "weights": {"embed": 1.0}}


def make_filter(tools=TOOLS):
    return ToolFilter(tools, config=CONFIG, embedder=HashingEmbedder())


def example_records(store):
    return [r for r in store.read(embeddings=False) if r.metadata["kind"] == EXAMPLE_KIND]


def write_log(path, rows):
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


# ----- cap and dedup -----


def test_cap_keeps_the_newest_examples_per_tool():
    tf = make_filter()
    memory = UsageMemory(tf.index, max_per_tool=3)
    report = memory.record([(f"umbrella question {i}", "weather") for i in range(5)])
    # 5 calls, 3 kept (the last three given), 2 never stored
    assert (report.rows, report.added, report.evicted, report.examples) == (5, 3, 2, 3)
    assert memory.examples() == {"weather": ["umbrella question 4", "umbrella question 3", "umbrella question 2"]}
    # a newer call pushes out the oldest stored one
    report = memory.record([("umbrella question 5", "weather")])
    assert (report.added, report.evicted) == (1, 1)
    assert memory.examples()["weather"] == ["umbrella question 5", "umbrella question 4", "umbrella question 3"]


def test_the_cap_is_per_tool():
    tf = make_filter()
    memory = UsageMemory(tf.index, max_per_tool=1)
    memory.record([("rain today?", "weather"), ("mail bob", "send_email"), ("snow today?", "weather")])
    assert memory.examples() == {"send_email": ["mail bob"], "weather": ["snow today?"]}


def test_same_request_after_normalizing_is_one_example_refreshed_to_newest():
    tf = make_filter()
    memory = UsageMemory(tf.index, max_per_tool=2)
    memory.record([("Will it  RAIN?", "weather"), ("windy tomorrow", "weather")])
    report = memory.record([("will it rain?", "weather")])
    assert (report.added, report.refreshed, report.examples) == (0, 1, 2)
    # refreshed: now the newest (so the next call evicts "windy tomorrow"), latest wording kept
    assert memory.examples()["weather"] == ["will it rain?", "windy tomorrow"]
    memory.record([("hail?", "weather")])
    assert memory.examples()["weather"] == ["hail?", "will it rain?"]
    assert len(example_records(tf.index.store)) == 2


def test_the_same_request_may_be_an_example_of_two_tools():
    tf = make_filter()
    memory = UsageMemory(tf.index)
    memory.record([("tell bob about the meeting", "send_email"), ("tell bob about the meeting", "create_event")])
    assert set(memory.examples()) == {"send_email", "create_event"}


def test_normalize_request():
    assert normalize_request("  Ｈｅｌｌｏ\tWORLD \n") == "hello world"


def test_max_per_tool_is_checked():
    with pytest.raises(ValueError, match="max_per_tool"):
        UsageMemory(make_filter().index, max_per_tool=0)


# ----- effect on selection -----


def test_an_example_raises_the_tools_similarity_for_a_paraphrase():
    tf = make_filter()
    query = "do I need an umbrella in lyon tomorrow"

    def embed_of_weather():
        selection = tf.select(query)
        return next(
            s.breakdown.signals["embed"] for s in (*selection.selected, *selection.rejected) if s.name == "weather"
        )

    before = embed_of_weather()
    assert tf.select(query).names != ["weather"]
    tf.record("do I need an umbrella in paris today", "weather")
    after = embed_of_weather()
    # hashing vectors: the paraphrase shares 6 of its 8 tokens with the example
    assert after > before + 0.5
    selection = tf.select(query)
    assert selection.names == ["weather"]
    assert selection.selected[0].breakdown.matched == "do I need an umbrella in paris today"


def test_examples_count_like_triggers_max_over_vectors():
    tf = make_filter()
    tf.record("book a meeting", "weather")  # the same text as create_event's trigger
    selection = tf.select("book a meeting")
    scores = {s.name: s.breakdown.signals["embed"] for s in (*selection.selected, *selection.rejected)}
    assert scores["weather"] == pytest.approx(scores["create_event"]) == pytest.approx(1.0, abs=1e-5)


def test_record_refuses_unknown_tools_and_empty_requests():
    tf = make_filter()
    with pytest.raises(ToolSpecError, match="unknown tool 'wether'.*did you mean 'weather'"):
        tf.record("rain?", "wether")
    with pytest.raises(ToolSpecError, match="'query' must be a non-empty string"):
        tf.record("   ", "weather")
    assert example_records(tf.index.store) == []


# ----- lifecycle: re-sync, rebuild, removal -----


def test_examples_survive_a_resync_of_unchanged_and_changed_tools_and_a_tool_leaving_for_a_while():
    tf = make_filter()
    tf.record("umbrella?", "weather")
    tf.record("ping carol", "send_email")
    memory = UsageMemory(tf.index)

    report = tf.set_tools(TOOLS)  # unchanged
    assert report.unchanged == 3 and report.texts_embedded == 0
    assert memory.examples() == {"send_email": ["ping carol"], "weather": ["umbrella?"]}

    changed = [ToolSpec("weather", "weather for any city, now and the next days", category="info"), *TOOLS[1:]]
    report = tf.set_tools(changed)
    assert report.updated == 1 and report.texts_embedded == 1  # only the changed doc, not its example
    assert memory.examples() == {"send_email": ["ping carol"], "weather": ["umbrella?"]}
    assert tf.select("umbrella?").names == ["weather"]  # still served from the example vector

    report = tf.set_tools(TOOLS[1:])  # weather leaves the registry (its server is down, say)
    assert report.removed == 1
    assert "weather" not in tf.select("umbrella?").names  # not served while it is out
    # nothing learned is lost: the examples stay and come back with the tool
    assert {r.metadata["tool"] for r in example_records(tf.index.store)} == {"send_email", "weather"}
    tf.set_tools(TOOLS)
    assert memory.examples() == {"send_email": ["ping carol"], "weather": ["umbrella?"]}
    assert tf.select("umbrella?").names == ["weather"]
    assert memory.forget("weather") == 1  # forgetting is explicit


def test_examples_are_re_embedded_when_the_store_is_rebuilt_for_another_embedder():
    store = MemoryRecords()
    old = ToolIndex(store, HashingEmbedder(64))
    old.sync(TOOLS)
    UsageMemory(old).record([("umbrella?", "weather")])
    new = ToolIndex(store, HashingEmbedder(128))
    report = new.sync(TOOLS)
    # 4 tool texts (3 docs + 1 trigger) and the example
    assert report.rebuilt and report.texts_embedded == 5
    (record,) = [r for r in store.read(embeddings=True) if r.metadata["kind"] == EXAMPLE_KIND]
    assert record.metadata["embedder"] == "hashing-128" and record.embedding.shape == (128,)
    assert UsageMemory(new).examples() == {"weather": ["umbrella?"]}


def test_another_index_on_the_same_store_sees_the_examples_after_reload():
    store = MemoryRecords()
    writer = ToolIndex(store, HashingEmbedder())
    writer.sync(TOOLS)
    reader = ToolIndex(store, HashingEmbedder())
    reader.load()
    UsageMemory(writer).record([("umbrella?", "weather")])
    assert reader.stale()
    reader.load()
    vector = HashingEmbedder().embed_queries(["umbrella?"])[0]
    best, *_ = reader.similarities(vector)
    assert best[[t.name for t in reader.tools].index("weather")] == pytest.approx(1.0, abs=1e-5)


def test_forget():
    tf = make_filter()
    memory = UsageMemory(tf.index)
    memory.record([("umbrella?", "weather"), ("ping carol", "send_email")])
    assert memory.forget("weather") == 1
    assert memory.examples() == {"send_email": ["ping carol"]}
    assert memory.forget() == 1 and memory.examples() == {}


# ----- call logs -----


def test_bad_log_rows_are_named_by_line_and_nothing_is_imported(tmp_path):
    log = write_log(
        tmp_path / "calls.jsonl",
        [
            {"query": "rain?", "tool": "weather"},  # 1 good
            "{not json",  # 2
            "",  # 3 blank: skipped
            {"query": "mail bob"},  # 4 no tool
            {"query": "x", "tool": "wether"},  # 5 unknown
            '["query", "tool"]',  # 6 not an object
            {"query": "", "tool": "weather"},  # 7 empty query
        ],
    )
    tf = make_filter()
    with pytest.raises(ToolSpecError) as caught:
        tf.import_log(log)
    message = str(caught.value)
    assert "5 bad row(s), nothing imported" in message
    for needle in ("line 2: not JSON", "line 4: 'tool'", "line 5: unknown tool 'wether'", "line 6: expected", "line 7"):
        assert needle in message
    assert "line 1" not in message and "line 3" not in message
    assert "\n" not in message
    assert example_records(tf.index.store) == []


def test_import_log_and_feedback_log_round_trip(tmp_path):
    log = FeedbackLog(tmp_path / "logs" / "calls.jsonl")
    log.append("rain in lyon?", "weather")
    log.append("mail bob the notes", "send_email")
    rows = [json.loads(line) for line in log.path.read_text(encoding="utf-8").splitlines()]
    assert [set(r) for r in rows] == [{"query", "tool", "ts"}] * 2
    calls = log.read(tools={"weather", "send_email"})
    assert [(c.query, c.tool, c.line) for c in calls] == [
        ("rain in lyon?", "weather", 1),
        ("mail bob the notes", "send_email", 2),
    ]
    tf = make_filter()
    report = tf.import_log(log.path)
    assert (report.rows, report.added, report.tools) == (2, 2, 2)
    with pytest.raises(ToolSpecError, match="'tool' must be a non-empty string"):
        log.append("x", "")


def test_read_call_log_reports_an_unreadable_file(tmp_path):
    with pytest.raises(ToolSpecError, match="cannot read"):
        read_call_log(tmp_path / "missing.jsonl")


def test_log_queries_gold_is_the_logged_tool(tmp_path):
    log = write_log(tmp_path / "c.jsonl", [{"query": "rain?", "tool": "weather"}, "", {"query": "q", "tool": "x"}])
    queries = log_queries(read_call_log(log))
    assert [(q.id, q.query, q.gold) for q in queries] == [("log:1", "rain?", ("weather",)), ("log:3", "q", ("x",))]


# ----- command line -----


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def tools_file(tmp_path):
    path = tmp_path / "tools.jsonl"
    path.write_text("\n".join(json.dumps(t.to_dict()) for t in TOOLS), encoding="utf-8")
    return path


def test_eval_log_replays_the_pairs_as_a_regression_set(capsys, tmp_path, tools_file):
    log = write_log(
        tmp_path / "calls.jsonl",
        [{"query": "weather", "tool": "weather"}, {"query": "send_email", "tool": "send_email"}],
    )
    code, out, err = run(capsys, "eval", "--tools", tools_file, "--log", log, "--embedder", "hashing", "--json")
    assert code == 0, err
    data = json.loads(out)
    # exact tool names select their tool: both pairs replayed, both hit
    assert (data["queries"], data["tool_queries"], data["recall"]) == (2, 2, 1.0)


def test_eval_log_combines_with_queries_and_refuses_unknown_tools(capsys, tmp_path, tools_file):
    queries = tmp_path / "q.jsonl"
    queries.write_text(json.dumps({"id": "1", "query": "zzz qqq", "gold": []}), encoding="utf-8")
    log = write_log(tmp_path / "calls.jsonl", [{"query": "weather", "tool": "weather"}])
    argv = ("eval", "--tools", tools_file, "--queries", queries, "--log", log, "--embedder", "hashing", "--json")
    code, out, _ = run(capsys, *argv)
    assert code == 0 and json.loads(out)["queries"] == 2
    bad = write_log(tmp_path / "bad.jsonl", [{"query": "x", "tool": "gone_tool"}])
    code, _, err = run(capsys, "eval", "--tools", tools_file, "--log", bad, "--embedder", "hashing")
    assert code == 2 and "line 1: unknown tool 'gone_tool'" in err and "Traceback" not in err
    code, _, err = run(capsys, "eval", "--tools", tools_file, "--embedder", "hashing")
    assert code == 2 and "--queries FILE, --log FILE" in err


def test_record_command_imports_into_a_store(capsys, tmp_path, tools_file):
    store = tmp_path / "store"
    code, _, err = run(capsys, "index", tools_file, "--store", store, "--embedder", "hashing", "--no-progress")
    assert code == 0, err
    log = write_log(
        tmp_path / "calls.jsonl",
        [{"query": f"umbrella {i}?", "tool": "weather"} for i in range(3)] + [{"query": "ping", "tool": "send_email"}],
    )
    argv = ("record", "--store", store, "--log", log, "--embedder", "hashing", "--max-per-tool", "2")
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert "recorded 4 calls for 2 tools" in out and "3 new examples" in out and "1 evicted" in out
    tf = ToolFilter.open(store=store, embedder=HashingEmbedder())
    assert UsageMemory(tf.index).examples() == {"send_email": ["ping"], "weather": ["umbrella 2?", "umbrella 1?"]}


@pytest.mark.parametrize(
    ("rows", "extra", "needle"),
    [
        pytest.param([{"query": "x", "tool": "nope"}], (), "line 1: unknown tool 'nope'", id="unknown-tool"),
        pytest.param(["{bad"], (), "line 1: not JSON", id="bad-json"),
        pytest.param([{"query": "x", "tool": "weather"}], ("--max-per-tool", "0"), "--max-per-tool", id="bad-cap"),
    ],
)
def test_record_command_mistakes_exit_2(capsys, tmp_path, tools_file, rows, extra, needle):
    log = write_log(tmp_path / "calls.jsonl", rows)
    store = tmp_path / "store"
    code, _, err = run(
        capsys, "record", "--store", store, "--tools", tools_file, "--log", log, "--embedder", "hashing", *extra
    )
    assert code == 2 and needle in err and "Traceback" not in err


def test_record_command_needs_a_store(capsys, tmp_path, tools_file):
    log = write_log(tmp_path / "calls.jsonl", [{"query": "x", "tool": "weather"}])
    code, _, err = run(capsys, "record", "--tools", tools_file, "--log", log, "--embedder", "hashing")
    assert code == 2 and "record needs --store" in err


def test_learned_examples_do_not_override_the_abstain_check():
    # Examples read like requests, so they would out-score abstain phrases for any chit-chat;
    # abstention compares against the author-written vectors only (description, triggers).
    from toolfilter_core import HashingEmbedder, ToolFilter, ToolFilterConfig, ToolSpec

    tools = [ToolSpec("send_mail", "Send an email"), ToolSpec("disk_usage", "Report disk usage")]
    cfg = ToolFilterConfig(enabled=True, abstain_phrases=("hello there how are you",), abstain_margin=0.0)
    tf = ToolFilter(tools, config=cfg, embedder=HashingEmbedder())
    assert tf.select("hello there how are you today").selected == ()
    tf.record("hello there how are you doing, mail bob", "send_mail")
    assert tf.select("hello there how are you today").selected == ()
    # the example still helps a real request that resembles it
    assert tf.select("doing: mail bob").names[0] == "send_mail"
