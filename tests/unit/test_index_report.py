"""Indexing you can see: the report (with seconds), its INFO log line, one plain line per stage off a terminal."""

import io
import logging

import pytest

from toolfilter_core import HashingEmbedder, IndexReport, ToolFilter, ToolSpec
from toolfilter_core._progress import StageProgress
from toolfilter_core.index._records import MemoryRecords
from toolfilter_core.index._tool_index import ToolIndex

TOOLS = [
    ToolSpec("a", "alpha tool", triggers=("first", "one")),
    ToolSpec("b", "beta tool"),
]


def test_the_report_has_seconds_and_a_one_line_summary():
    report = ToolIndex(MemoryRecords(), HashingEmbedder()).sync(TOOLS)
    assert report.seconds > 0 and report.tools == 2
    # a: doc + 2 triggers, b: doc = 4 texts
    assert report.summary().startswith("2 tools: 2 added, 0 updated, 0 removed, 0 unchanged; 4 texts embedded in ")
    assert report.summary("store X").startswith("2 tools into store X: 2 added")
    assert "rebuilt" in IndexReport(rebuilt=True).summary()


def test_every_sync_logs_its_report_at_info(caplog):
    index = ToolIndex(MemoryRecords(), HashingEmbedder())
    with caplog.at_level(logging.INFO, logger="toolfilter"):
        index.sync(TOOLS)
        index.sync(TOOLS)
    lines = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
    assert len(lines) == 2
    assert lines[0].startswith("toolfilter: indexed 2 tools into ")
    assert "2 added" in lines[0] and "4 texts embedded" in lines[0]
    assert "2 unchanged; 0 texts embedded" in lines[1]


def test_tool_filter_last_report_is_the_latest_sync():
    tf = ToolFilter(TOOLS, config={"base": "plain"}, embedder=HashingEmbedder())
    assert (tf.last_report.added, tf.last_report.texts_embedded) == (2, 4)
    report = tf.set_tools([*TOOLS, ToolSpec("c", "gamma tool")])
    assert tf.last_report is report and (report.added, report.unchanged) == (1, 2)


def test_off_a_terminal_a_stage_prints_exactly_one_line():
    stream = io.StringIO()  # not a terminal
    with StageProgress(500, "embedding tools", unit="text", stream=stream) as bar:
        for _ in range(5):
            bar.update(100)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].startswith("embedding tools: 500/500 texts, ")


def test_a_disabled_stage_prints_nothing_and_closing_twice_prints_once():
    quiet = io.StringIO()
    StageProgress(3, "x", stream=quiet, enabled=False).close()
    assert quiet.getvalue() == ""
    once = io.StringIO()
    stage = StageProgress(3, "x", stream=once)
    stage.close()
    stage.close()
    assert len(once.getvalue().splitlines()) == 1


def test_on_a_terminal_the_bar_is_tqdm(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    stream = Terminal()
    with StageProgress(2, "embedding tools", unit="text", stream=stream) as bar:
        bar.update(2)
    assert "embedding tools" in stream.getvalue() and "2/2" in stream.getvalue()


def test_index_progress_off_a_terminal_is_one_line_per_stage(capsys):
    ToolIndex(MemoryRecords(), HashingEmbedder()).sync(TOOLS, progress=True)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("embedding tools: 4/4 texts")


@pytest.mark.parametrize("progress", [True, False])
def test_langchain_from_tools_takes_progress_like_llamaindex(capsys, progress):
    pytest.importorskip("langchain_core")
    from langchain_toolfilter import ToolFilterSelector

    from .langchain_kit import CONFIG, get_weather

    selector = ToolFilterSelector.from_tools(
        [get_weather], embedder=HashingEmbedder(), config=CONFIG, progress=progress
    )
    err = capsys.readouterr().err
    assert ("embedding tools: " in err) is progress
    assert selector.tool_filter.last_report.added == 1


def test_the_report_of_a_reopened_store_says_the_model_load_time(monkeypatch, tmp_path):
    # the constructor took 6-7 s loading the model after a 0.3 s sync, and the
    # report said only "0 texts embedded in 0.3 s"
    import time

    import toolfilter_core._filter as filter_module

    ToolFilter(TOOLS, embedder=HashingEmbedder(), store=tmp_path / "s")
    monkeypatch.setattr(filter_module, "load_model", lambda embedder: time.sleep(0.2))
    report = ToolFilter(TOOLS, embedder=HashingEmbedder(), store=tmp_path / "s").last_report
    assert report.texts_embedded == 0 and report.model_seconds >= 0.2
    assert report.summary().endswith(f"; embedding model loaded in {report.model_seconds:.1f} s")
    assert "model loaded" not in IndexReport().summary()  # nothing loaded: nothing said


def test_a_store_opened_without_tools_reports_the_tools_it_holds(tmp_path):
    """``ToolFilter(store=...)`` alone said "0 tools: 0 added ..." of a store holding 30 (a new user's walk)."""
    ToolFilter(TOOLS, store=str(tmp_path / "s"), embedder=HashingEmbedder())
    opened = ToolFilter(store=str(tmp_path / "s"), embedder=HashingEmbedder())
    assert (opened.last_report.tools, opened.last_report.unchanged, opened.last_report.texts_embedded) == (2, 2, 0)
    assert opened.last_report.summary().startswith("2 tools: 0 added, 0 updated, 0 removed, 2 unchanged; 0 texts")
