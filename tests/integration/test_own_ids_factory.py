"""A factory's registry, no profiles, the real default embedder: tools named for their machines.

"status of press PR-5500" was sent line A's press, line B's and a printer HP-4200 (WIDENED): BM25 read
every id in a tool's text by its letters, as if each were an example value, so PR-4200 and PR-5500 were
one word. An id a tool says as its own (not after "e.g.", "such as", "like", "例如"...) counts by its digits.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, Status, ToolFilter, ToolSpec, recommended_config

pytestmark = pytest.mark.integration

TOOLS = [
    ToolSpec("press_line_a_status", "Status of stamping press PR-4200 on line A: tonnage, strokes per minute, faults."),
    ToolSpec("press_line_b_status", "Status of stamping press PR-5500 on line B: tonnage, strokes per minute, faults."),
    ToolSpec("printer_queue", "Show the print queue of printer HP-4200."),
    ToolSpec("sensor_x200_telemetry", "Get telemetry for the X-200 vibration sensor: RMS, peak, temperature."),
    ToolSpec("sensor_x350_telemetry", "Get telemetry for the X-350 vibration sensor: RMS, peak, temperature."),
    ToolSpec("work_order_lookup", "Look up a maintenance work order by its number, e.g. WO-5500."),
]


@pytest.fixture(scope="module")
def factory(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(TOOLS, config=recommended_config(), embedder=default_embedder)


@pytest.mark.parametrize(
    ("request_", "gold", "other"),
    [
        ("status of press PR-5500", "press_line_b_status", "press_line_a_status"),
        ("status of press PR-4200", "press_line_a_status", "press_line_b_status"),
        ("telemetry for the X-350 sensor", "sensor_x350_telemetry", "sensor_x200_telemetry"),
    ],
)
def test_a_tools_own_id_tells_it_apart(factory: ToolFilter, request_: str, gold: str, other: str) -> None:
    selection = factory.select(request_)
    bm25 = {s.name: s.breakdown.signals.get("bm25", 0.0) for s in (*selection.selected, *selection.rejected)}
    assert selection.names[:1] == [gold], selection.explain()
    assert bm25[gold] > bm25[other], selection.explain()
    assert selection.status is Status.SELECTED, selection.explain()  # not widened: the two no longer tie
    assert "work_order_lookup" not in selection.names, selection.explain()  # its WO-5500 is an example
