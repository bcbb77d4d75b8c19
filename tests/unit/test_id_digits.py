"""A tool's example id's digits are no evidence: BK-5521 shares no BM25 word with a tool whose example is INV-5521.

On fb957fc "what's the status of booking BK-5521?" drew ``invoice_void`` in by BM25 through the
example id of its description ("e.g. INV-5521"): 5521 was the rarest token they shared. Its profile
request "void invoice INV-5522" gave nothing already (profile requests' ids are masked for BM25).
On ce2da86 a tool's own id (not an example value) was read so too: "status of press PR-5500" tied
"press PR-4200 on line A" with "press PR-5500 on line B"; it counts by its digits now.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._id_words import id_words
from toolfilter_core._tokenize import tokenize


def _tool(name: str, description: str, parameter: str) -> ToolSpec:
    schema = {"type": "object", "properties": {parameter: {"type": "string"}}}
    return ToolSpec(name, description, schema)


TOOLS = [
    _tool("invoice_void", "Void an issued invoice by its number, e.g. INV-5521", "invoice_id"),
    _tool("booking_status", "Look up a desk or room booking: its date, space and state", "booking_id"),
    _tool("order_lookup", "查询订单的状态，订单号如 B-1234", "order_id"),
    _tool("room_list", "List meeting rooms and their capacity", "floor"),
]
PROFILES = Profiles(
    {
        "invoice_void": ToolProfile(("void invoice INV-5522", "cancel that invoice, it was a mistake")),
        "booking_status": ToolProfile(("what's the status of my booking?", "is my desk booked for friday")),
        "order_lookup": ToolProfile(("查一下我的订单到哪了",)),
        "room_list": ToolProfile(("which rooms seat ten people",)),
    }
)


def _bm25(query: str, *, profiled: bool = False) -> dict[str, float]:
    tf = ToolFilter(TOOLS, embedder=HashingEmbedder(), profiles=PROFILES if profiled else None)
    selection = tf.select(query)
    return {s.name: s.breakdown.signals.get("bm25", 0.0) for s in (*selection.selected, *selection.rejected)}


@pytest.mark.parametrize("profiled", [False, True])
def test_the_same_digits_under_another_prefix_give_no_bm25(profiled: bool) -> None:
    scores = _bm25("what's the status of booking BK-5521?", profiled=profiled)
    assert scores.get("invoice_void", 0.0) == 0.0
    assert scores["booking_status"] > 0.0  # its words still count


def test_a_profile_request_id_gives_no_bm25() -> None:
    assert _bm25("what's the status of booking BK-5522?", profiled=True).get("invoice_void", 0.0) == 0.0


def test_bare_digits_do_not_match_an_id() -> None:
    assert _bm25("status of room 5521 please").get("invoice_void", 0.0) == 0.0


def test_the_same_prefix_matches_and_the_same_id_no_more() -> None:
    same, other = _bm25("status of INV-5521"), _bm25("status of INV-7730")
    assert same["invoice_void"] == other["invoice_void"] > 0.0  # the example's digits are a coincidence


def test_a_chinese_request_with_an_id() -> None:
    same, other = _bm25("订单号 A-1234 的发票作废"), _bm25("订单号 A-7777 的发票作废")
    assert same.get("order_lookup", 0.0) == other["order_lookup"]  # B-1234 in its description: another id
    assert _bm25("订单号B-1234查一下")["order_lookup"] == _bm25("订单号B-7777查一下")["order_lookup"] > 0.0


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("booking BK-5521?", ["booking", "bk", "bk5521"]),
        ("订单号A-1234", ["订", "单", "号", "订单", "单号", "a", "a1234"]),
        ("void INV-5521.", ["void", "inv", "inv5521"]),
        ("bk-20261203-2214-opn", ["bk", "opn", "bk202612032214opn"]),
        ("SH20931 at 10:00 on 2024-01-15, #31000, room 5521", None),  # kept whole, or digits alone: as before
        ("PR-42, utf-8, x86_64, in_1QxZ4k2e, 3c:22:fb:1a", None),  # no three digits standing apart: as before
        ("tcp/443, vpn.home.arpa:51820, 2026-12-03T21:14:00", None),  # a port, a timestamp: as before
    ],
)
def test_id_words(text: str, tokens: list[str] | None) -> None:
    assert tokenize(id_words(text, "whole")) == (tokenize(text) if tokens is None else tokens)
    assert id_words(text, "digits") == text


def test_the_other_readings() -> None:
    assert tokenize(id_words("void INV-5521", "letters")) == ["void", "inv"]
    assert tokenize(id_words("void INV-5521", "tools")) == ["void", "inv"]
    assert id_words("void INV-5521", "tools", request=True) == "void INV-5521"
    assert id_words("void INV-5521", "examples") == id_words("void INV-5521", request=True) == "void INV-5521"
    assert tokenize(id_words("void, e.g. INV-5521", "examples")) == ["void", "e", "g", "inv"]


FACTORY = [
    ToolSpec("press_line_a_status", "Status of stamping press PR-4200 on line A: tonnage, strokes per minute, faults."),
    ToolSpec("press_line_b_status", "Status of stamping press PR-5500 on line B: tonnage, strokes per minute, faults."),
    ToolSpec("printer_queue", "Show the print queue of printer HP-1100."),
    ToolSpec("kiln_K_1200_temperature", "Read the kiln's temperature."),
    ToolSpec("kiln_K_1500_temperature", "Read the kiln's temperature."),
    ToolSpec("work_order_lookup", "Look up a work order by its number, e.g. WO-5500"),
]


def _factory_bm25(query: str) -> dict[str, float]:
    selection = ToolFilter(FACTORY, embedder=HashingEmbedder()).select(query)
    return {s.name: s.breakdown.signals.get("bm25", 0.0) for s in (*selection.selected, *selection.rejected)}


def test_a_tools_own_id_in_its_description_counts_by_its_digits() -> None:
    scores = _factory_bm25("status of press PR-5500")
    assert scores["press_line_b_status"] > scores["press_line_a_status"] > 0.0
    assert scores.get("work_order_lookup", 0.0) == 0.0  # its WO-5500 is an example value


def test_a_tools_own_id_in_its_name_counts_by_its_digits() -> None:
    scores = _factory_bm25("temperature of kiln K-1500")
    assert scores["kiln_K_1500_temperature"] > scores["kiln_K_1200_temperature"] > 0.0


@pytest.mark.parametrize(
    "text",
    [
        "Order number like SO-77812",
        "Order number, format SO-77812",
        "Order number such as SO-77812",
        "Order number, for example SO-77812",
        "订单号格式 SO-77812",
        "订单号，例如 SO-77812",
    ],
)
def test_an_example_value_reads_by_its_letters(text: str) -> None:
    assert "77812" not in tokenize(id_words(text, "examples"))
    assert "77812" in tokenize(id_words(text.replace("SO-77812", "on press SO-77812"), "examples"))
