"""A user's garage registry without profiles, the real default embedder: a question about a destroyed record.

"R-22018 取消了没？" (was reservation R-22018 cancelled?) ranked only
destructive tools above the gates; the guard held them all (a question about an act's state)
and nothing was sent; "P-9931 退过款吗" (was P-9931 refunded?) got ``vehicle_update_mileage``.
Each held tool now gives way to its object's reads (``state_reads``). The destructive tool
itself is never sent. Data: tests/integration/data/SOURCE.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, read_tools_file, recommended_config
from toolfilter_core._hints import says_destructive

pytestmark = pytest.mark.integration

TOOLS = Path(__file__).resolve().parent / "data" / "garage" / "tools.jsonl"
ROWS = [
    ("R-22018 取消了没？", "reservation_get"),
    ("INV-5520 是不是已经作废了", "invoice_get"),
    ("W-2207 被删了吗？", "repair_order_get"),
    ("P-9931 退过款吗", "payment_list"),
]


@pytest.mark.parametrize(("request_", "read"), ROWS)
def test_a_destroyed_records_question_gets_its_read(default_embedder: Embedder, request_: str, read: str) -> None:
    tools = read_tools_file(TOOLS)
    selection = ToolFilter(tools, config=recommended_config(), embedder=default_embedder).select(request_)
    assert read in selection.names, selection.explain()
    destructive = {t.name for t in tools if says_destructive(t)}
    assert not destructive & set(selection.names), selection.explain()
