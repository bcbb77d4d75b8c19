"""A profile request's example id does not pull its tool for another request carrying the same id.

On 7e670b2 "Status of shipment SH-20931?" drew report_profit in by BM25 (.61-.78) through its
profile request "what did we make on SH-20931": the id was the rarest token they shared.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._example_ids import masked_ids

TOOLS = [
    ToolSpec("shipment_status", "Where a shipment is now: milestone, vessel, ETA", {"type": "object"}),
    ToolSpec("report_profit", "Profit and margin report per job", {"type": "object"}),
    ToolSpec("customs_file", "Lodge a customs declaration", {"type": "object"}),
]
PROFILES = Profiles(
    {
        "shipment_status": ToolProfile(("where is my cargo now", "has the vessel left yet")),
        "report_profit": ToolProfile(("what did we make on SH-20931", "margin on last month's jobs")),
        "customs_file": ToolProfile(("lodge the customs entry for SH-20931",)),
    }
)


def _bm25(query: str) -> dict[str, float]:
    tf = ToolFilter(TOOLS, embedder=HashingEmbedder(), profiles=PROFILES)
    selection = tf.select(query)
    return {s.name: s.breakdown.signals.get("bm25", 0.0) for s in (*selection.selected, *selection.rejected)}


def test_an_example_id_in_a_profile_request_gives_no_bm25() -> None:
    scores = _bm25("Status of shipment SH-20931?")
    assert scores.get("report_profit", 0.0) == 0.0 and scores.get("customs_file", 0.0) == 0.0
    assert scores["shipment_status"] > 0.0  # its words still count


def test_the_words_around_the_id_still_count() -> None:
    assert _bm25("what did we make on SH-1").get("report_profit", 0.0) > 0.0


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("what did we make on SH-20931", "what did we make on  "),
        ("单号SH-20931的提单", "单号 的提单"),
        ("comment on #31000: 1.22 too", "comment on     too"),
        ("Incoterms 2020, a 40HC box", "Incoterms 2020, a 40HC box"),  # a year, two digits: words
    ],
)
def test_masked_ids(text: str, masked: str) -> None:
    assert masked_ids(text) == masked
