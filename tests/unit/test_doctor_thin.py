"""Thin descriptions: one finding naming them all.

On 8da26c4 a grocer's first run had 33 findings, 15 of them ``thin_description``, one line each.
Several thin descriptions are now one finding naming them; each tool's own line stays in its
``evidence.per_tool``, in the JSON, on the HTML page and in the rewrite prompts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose
from toolfilter_core._doctor.rewrites import rewrite_prompts

GROCER = [
    ToolSpec("order_search", "Search orders."),
    ToolSpec("driver_list", "List drivers on shift today and their vans."),
    ToolSpec("refund_status", ""),
    ToolSpec(
        "slot_book",
        "Book the delivery slot of an order for a postcode and a date. Use when the customer picks a time; "
        "the slot must be free (see the free slots first).",
    ),
    ToolSpec(
        "store_hours",
        "Opening hours of the store by weekday and bank holidays. Use for questions about when the shop opens.",
    ),
]


def test_several_thin_descriptions_are_one_finding_naming_them_all() -> None:
    report = diagnose(GROCER, embedder=HashingEmbedder())
    (thin,) = report.of_kind("thin_description")  # on 8da26c4: three findings, one a tool
    assert thin.tools == ("order_search", "driver_list", "refund_status")
    assert thin.detail.startswith("3 descriptions of one short sentence, or none; no description at all: refund_status")
    assert thin.evidence["per_tool"]["order_search"] == "one short line: 'Search orders.'"
    assert thin.score == 1.0  # as its worst: no description at all


def test_one_thin_description_is_told_as_before() -> None:
    report = diagnose(GROCER[:1] + GROCER[3:], embedder=HashingEmbedder())
    (thin,) = report.of_kind("thin_description")
    assert thin.tools == ("order_search",) and thin.detail.startswith("one short line: 'Search orders.'")


def test_the_json_and_the_page_keep_each_tools_line(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from toolfilter_core._report.doctor_page import doctor_html

    report = diagnose(GROCER, embedder=HashingEmbedder())
    (told,) = [f for f in json.loads(json.dumps(report.to_dict()))["findings"] if f["kind"] == "thin_description"]
    assert told["evidence"]["per_tool"]["refund_status"] == "no description at all"
    page = doctor_html(tmp_path / "d.html", report).read_text("utf-8")
    section = page.split("thin_description (3 tools)", 1)[1].split("</table>", 1)[0]
    assert section.count("<tr>") - 1 == 3  # a row a tool, each with its own line
    assert "Search orders." in section


def test_each_rewrite_prompt_shows_the_tools_own_line() -> None:
    report = diagnose(GROCER, embedder=HashingEmbedder())
    (prompt,) = rewrite_prompts(report, GROCER, batch_size=4)
    text = prompt.messages[1]["content"]
    assert "thin_description: one short line: 'Search orders.'" in text
    assert "thin_description: no description at all" in text
    assert "3 descriptions of one short sentence" not in text


def test_the_text_report_says_how_many_names_it_cut_and_where_they_all_are() -> None:
    tools = [ToolSpec(f"ticket_tool_number_{i:02d}", f"Does thing {i}.") for i in range(26)]
    report = diagnose(tools, embedder=HashingEmbedder())
    (line,) = [x for x in report.text().splitlines() if "descriptions of one short sentence" in x]
    assert "more (--json lists all)" in line and "..." not in line, line
    (thin,) = report.of_kind("thin_description")
    shown = line.split(" and ", 1)[0].removeprefix("  - ").split(", ")
    more = int(line.split(" and ", 1)[1].split(" more", 1)[0])
    assert len(shown) + more == len(thin.tools) == 26


def test_the_line_of_more_findings_says_where_they_all_are_once() -> None:
    tools = [ToolSpec(f"ticket_search_number_{i:02d}", "Search tickets by number and date.") for i in range(30)]
    lines = diagnose(tools, embedder=HashingEmbedder()).text().splitlines()
    more = [x for x in lines if x.startswith("  ... and ")]
    assert more and all(x.count("--json") == 1 for x in more), more
