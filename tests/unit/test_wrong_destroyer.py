"""``toolfilter eval``'s ``wrong_destroyer``: a destroy request sent another destructive tool than its own.

``destructive_on_read`` counts a destructive tool sent to a request that needs none; a request
whose gold holds a destructive tool ("cancel hold H-12" sent ``member_delete`` beside
``hold_cancel``, "void order 4471" given ``order_cancel``) was counted nowhere.
"""

from toolfilter_core import ScoredTool, Selection, ToolSpec
from toolfilter_core._evaluate import LabelledQuery, evaluate
from toolfilter_core._report.eval_report import eval_report
from toolfilter_core._types import ScoreBreakdown

DESTRUCTIVE = ("hold_cancel", "member_delete", "order_cancel", "order_void")
SENT = {
    "cancel hold H-12": ["hold_cancel", "member_delete"],  # its own destroyer, and another
    "void order 4471": ["order_cancel", "order_status"],  # another destroyer than its own
    "delete member M-7": ["member_delete"],  # its own alone
    "status of hold H-12": ["hold_status", "hold_cancel"],  # a read: destructive_on_read's
}
QUERIES = [
    LabelledQuery("d1", "cancel hold H-12", ("hold_cancel",)),
    LabelledQuery("d2", "void order 4471", ("order_void",)),
    LabelledQuery("d3", "delete member M-7", ("member_delete",)),
    LabelledQuery("r1", "status of hold H-12", ("hold_status",)),
]


def _select(query: str) -> Selection:
    breakdown = ScoreBreakdown({"embed": 0.5}, {"embed": 1.0}, 0.5)
    return Selection(query, tuple(ScoredTool(ToolSpec(n, n), breakdown) for n in SENT[query]))


def test_a_destroy_request_sent_another_destroyer_is_counted():
    result = evaluate(_select, QUERIES, destructive=DESTRUCTIVE)
    assert result.wrong_destroyer == 2 / 3
    assert result.destructive_on_read == 1.0  # the read, as before
    assert [(m["id"], m["wrong"]) for m in result.wrong_destroyers] == [
        ("d1", ["member_delete"]),
        ("d2", ["order_cancel"]),
    ]
    figures = result.to_dict(with_misses=True)
    assert figures["wrong_destroyer"] == 0.6667
    assert [m["id"] for m in figures["wrong_destroyers"]] == ["d1", "d2"]
    assert "wrong_destroyers" not in result.to_dict()  # listed with the misses only


def test_no_destructive_tool_no_figure():
    result = evaluate(_select, QUERIES)
    assert result.wrong_destroyer is None and result.destructive_on_read is None
    assert result.wrong_destroyers == ()
    # destructive tools, but no request whose gold holds one
    assert evaluate(_select, QUERIES[3:], destructive=DESTRUCTIVE).wrong_destroyer is None


def test_the_report_shows_the_figure_and_the_requests(tmp_path):
    result = evaluate(_select, QUERIES, destructive=DESTRUCTIVE)
    text = eval_report(tmp_path / "r.md", result).read_text(encoding="utf-8")
    assert "| wrong_destroyer | 0.667 |" in text
    assert "## Wrong destroyers sent (2)" in text
    assert "| d1 | cancel hold H-12 | hold_cancel | hold_cancel, member_delete | member_delete |" in text


def test_eval_misses_prints_them(capsys):
    from toolfilter_core.cli._select import _print_wrong_destroyers

    _print_wrong_destroyers(evaluate(_select, QUERIES, destructive=DESTRUCTIVE).wrong_destroyers)
    out = capsys.readouterr().out
    assert "d1: 'cancel hold H-12' gold: hold_cancel; sent: hold_cancel, member_delete; wrong: member_delete" in out


def test_the_reads_sent_a_destroyer_are_listed_too(tmp_path, capsys):
    """``destructive_on_read`` had no list: a new user wrote a script to find which request it counted."""
    from toolfilter_core.cli._select import _print_wrong_destroyers

    result = evaluate(_select, QUERIES, destructive=DESTRUCTIVE)
    assert [(m["id"], m["wrong"]) for m in result.destroyers_on_reads] == [("r1", ["hold_cancel"])]
    assert [m["id"] for m in result.to_dict(with_misses=True)["destroyers_on_reads"]] == ["r1"]
    text = eval_report(tmp_path / "r.md", result).read_text(encoding="utf-8")
    assert "## Destructive tools sent to reads (1)" in text
    assert "| r1 | status of hold H-12 | hold_status | hold_status, hold_cancel | hold_cancel |" in text
    _print_wrong_destroyers(result.destroyers_on_reads, "destructive tools sent to reads")
    assert "r1: 'status of hold H-12' gold: hold_status; sent: hold_status, hold_cancel; wrong: hold_cancel" in (
        capsys.readouterr().out
    )
