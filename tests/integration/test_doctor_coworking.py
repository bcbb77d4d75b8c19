"""The doctor on a coworking operator's 30 tools without profiles, real default embedder.

On fb957fc its one ``no_when_to_use`` line named 19 of the 30 tools ("19 tools crowd another and
never say when to use them ..."), every one with its neighbours: a reader takes it for "the doctor
flags everything". Without profiles only the pairs scoring at least 1.5 times the threshold give a
neighbour now (benchmarks/doctor_when.py --bare), and the line names the strongest five and how many
more; ``--json`` and the HTML page hold every tool. On 2f8e813 it named 13; a tool whose neighbours' names all
say another act (``member_update`` beside ``member_get``) is counted at the end of the line now, not named. On
65c0de7 such a pair was still a crowded pair; now it is one of the ``act_siblings`` line's pairs, no neighbour.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import diagnose
from toolfilter_core.cli import main

DATA = Path(__file__).parent / "data" / "coworking"
CONFUSABLE = [("event_list", "event_attendees"), ("booking_get", "booking_checkin")]
"""Pairs a user of this registry confuses, listed for this test: two lists of events, two looks at a booking."""


@pytest.fixture(scope="module")
def report() -> Any:
    return diagnose(DATA / "tools.jsonl")


def test_the_when_line_names_a_minority_of_the_tools(report: Any) -> None:
    (when,) = report.of_kind("no_when_to_use")
    assert report.tools == 30
    assert len(when.tools) < report.tools / 2  # on fb957fc: 19 of 30


def test_tools_whose_neighbours_names_say_another_act_are_act_siblings_not_named(report: Any) -> None:
    (when,) = report.of_kind("no_when_to_use")
    (siblings,) = report.of_kind("act_siblings")
    pairs = {frozenset(pair) for pair in siblings.evidence["pairs"]}
    assert frozenset({"member_update", "member_get"}) in pairs  # an edit beside a read of one member
    crowded = {frozenset(f.tools) for f in report.of_kind("crowded_pair")}
    assert not pairs & crowded  # on 65c0de7: each a crowded pair too
    assert len(when.tools) <= 8 and "member_update" not in when.tools  # on 2f8e813: 13 named


@pytest.mark.parametrize("pair", CONFUSABLE)
def test_a_tool_with_a_confusable_neighbour_is_still_named(report: Any, pair: tuple[str, str]) -> None:
    (when,) = report.of_kind("no_when_to_use")
    a, b = pair
    assert a in when.tools and b in when.evidence["crowds"][a]
    assert b in when.tools and a in when.evidence["crowds"][b]


def test_the_text_names_the_strongest_few_and_the_json_and_html_every_tool(
    report: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    (when,) = report.of_kind("no_when_to_use")
    assert when.detail.startswith(f"{len(when.tools)} tools crowd another")
    shown = [name for name in when.tools if f"{name} (crowds " in when.detail]
    assert shown == list(when.tools[:5])  # on fb957fc: all 19, each with its neighbours
    counted = len(when.evidence["names_apart"])
    tail = f"; {counted} more crowd only tools whose names" if counted else ""
    assert f" and {len(when.tools) - 5} more: --json{tail}" in when.detail
    (line,) = [line for line in report.text().splitlines() if "tools crowd another" in line]
    assert line == f"  - {when.detail}"  # on fb957fc: 10 names and 9 more, then every tool again; on 554aec0: 5
    assert main(["doctor", str(DATA / "tools.jsonl"), "--json"]) == 0
    told = next(f for f in json.loads(capsys.readouterr().out)["findings"] if f["kind"] == "no_when_to_use")
    assert told["tools"] == list(when.tools) and set(told["evidence"]["crowds"]) == set(when.tools)
    assert set(told["evidence"]["per_tool"]) == set(when.tools)
    page = tmp_path / "doctor.html"
    assert main(["doctor", str(DATA / "tools.jsonl"), "--html", str(page)]) == 0
    html = page.read_text("utf-8")
    for name in when.tools:
        assert f"<td>{name}</td>" in html  # a row a tool, its own line beside it
