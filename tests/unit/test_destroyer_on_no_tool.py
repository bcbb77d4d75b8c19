"""``destructive_on_read`` counts the requests that need no tool too (their gold empty).

A no-tool request sent a destroyer ("Which inspections did we cancel last month?" given ``inspection_cancel``) was
counted nowhere: ``destructive_on_read`` read only the requests whose gold held tools.
"""

from toolfilter_core import ScoredTool, Selection, ToolSpec
from toolfilter_core._evaluate import LabelledQuery, evaluate
from toolfilter_core._types import ScoreBreakdown

SENT = {
    "which inspections did we cancel last month?": ["inspection_cancel", "inspection_get"],
    "what is a permit, in general?": [],
    "status of inspection INS-1": ["inspection_get"],
}
QUERIES = [
    LabelledQuery("n1", "which inspections did we cancel last month?", ()),
    LabelledQuery("n2", "what is a permit, in general?", ()),
    LabelledQuery("r1", "status of inspection INS-1", ("inspection_get",)),
]


def _select(query: str) -> Selection:
    breakdown = ScoreBreakdown({"embed": 0.5}, {"embed": 1.0}, 0.5)
    return Selection(query, tuple(ScoredTool(ToolSpec(n, n), breakdown) for n in SENT[query]))


def test_a_no_tool_request_sent_a_destroyer_is_counted_and_listed() -> None:
    result = evaluate(_select, QUERIES, destructive=("inspection_cancel",))
    assert result.destructive_on_read == 1 / 3
    assert [(m["id"], m["gold"], m["wrong"]) for m in result.destroyers_on_reads] == [("n1", [], ["inspection_cancel"])]
    assert [m["id"] for m in result.to_dict(with_misses=True)["destroyers_on_reads"]] == ["n1"]
