"""Pairs the doctor told as near-duplicates on a marina's, a museum's and a recruiter's dev probe registries.

On 6f42c0c a marina's ``arrival_checkin`` ("Check a visiting boat in on arrival ...") beside ``departure_checkout``
("Check a visiting boat out and settle its bill") was a ``near_duplicate`` without profiles (one errand in other
words: names near in meaning, each the other's nearest) and with them (their requests mix): two opposite acts. With
profiles a museum's ``collection_search`` beside ``shop_product_search`` (sharing "search") and a recruiter's
``vacancy_search`` beside ``client_contact_search`` were near-duplicates too: two reads of different things whose
requests mix by the common words.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from toolfilter_core import ToolSpec, load_tools
from toolfilter_core._doctor.acts import acts_differ
from toolfilter_core._doctor.errand import errand_candidates, one_errand
from toolfilter_core._doctor.mixing import mixed_apart


def _tool(name: str, description: str, *keys: str) -> ToolSpec:
    return ToolSpec(name, description, {"type": "object", "properties": {k: {"type": "string"} for k in keys}})


def _unit(*rows: Sequence[float]) -> np.ndarray:
    out = np.asarray(rows, dtype=np.float32)
    return np.asarray(out / np.linalg.norm(out, axis=1, keepdims=True), dtype=np.float32)


ARRIVAL = _tool("arrival_checkin", "Check a visiting boat in on arrival: confirm berth, take crew count.", "res_id")
DEPARTURE = _tool("departure_checkout", "Check a visiting boat out and settle its bill.", "res_id")


def test_names_going_opposite_ways_do_different_acts() -> None:
    from toolfilter_core._doctor.acts import opposite

    assert "opposite ways (checkin, checkout)" in opposite("arrival_checkin", "departure_checkout")
    assert "(in, out)" in opposite("loan_in_request_create", "loan_out_approve")
    assert "(arrival, departure)" in opposite("list_arrivals", "list_departures")
    assert opposite("clock_in", "clock_out") and opposite("data_export", "data_import")
    assert not opposite("checkin_list", "checkin_get")  # one way both
    assert not opposite("sign_in_out_log", "sign_out")  # "out" in both: only "in" is one's own
    assert acts_differ(ARRIVAL, DEPARTURE)


def test_opposite_ways_are_no_errand_and_no_duplicate_by_requests() -> None:
    tools = [ARRIVAL, DEPARTURE, _tool("tide_times_get", "High and low water times for a date.", "date")]
    vectors = _unit([1, 0.1, 0], [1, 0, 0.1], [0, 0, 1])

    def embed(words: Sequence[str]) -> np.ndarray:  # the names near in meaning, as the default embedder has them
        return np.asarray([[1.0, 0.1] for _ in words], dtype=np.float32)

    assert not errand_candidates(tools, vectors, embed)
    assert not one_errand(tools, vectors, embed)
    assert "opposite ways" in mixed_apart(ARRIVAL, DEPARTURE, {"mixed": 0.75})


def test_requests_mixing_by_common_words_tell_no_duplicate_of_reads_of_other_things() -> None:
    collection, shop, tms = load_tools(
        [
            _tool("collection_search", "Search the collection catalogue by keyword, maker or period.", "query"),
            _tool("shop_product_search", "Search the museum shop's products by name or category.", "query"),
            _tool("tms_item_fetch", "TMS 藏品记录：按藏品编号取回该件藏品的完整档案。", "object_number"),
        ]
    )
    assert "read different things" in mixed_apart(collection, shop, {"mixed": 0.5, "reads": 1.0})
    assert mixed_apart(collection, shop, {"mixed": 0.5}) == ""  # sharing more than common words: maybe one
    assert mixed_apart(collection, tms, {"mixed": 0.5, "reads": 1.0}) == ""  # two languages share no word at all


def test_a_verb_no_kind_says_shared_by_two_names_on_different_things_is_one_word_apart() -> None:
    """On 6f42c0c a marina's ``gate_code_reset`` / ``wifi_password_reset`` ("shared words: new, reset") and a solar
    installer's ``customer_list_export`` / ``system_design_export`` ("export") were crowded pairs without profiles:
    reset and export are no verbs of a kind (``acts._KINDS``), so the names' things shared them."""
    from toolfilter_core._doctor.acts import one_word_apart

    gate = "Reset the pontoon gate code for a berth and text the new code to the berth holder."
    wifi = "Issue a new guest WiFi password for a visiting boat."
    assert one_word_apart("gate_code_reset", "wifi_password_reset", {"reset"}, descriptions=(gate, wifi))
    design = "Export a system design as a PDF layout drawing and a DXF file for the installers."
    shared = {"export"}
    assert one_word_apart("customer_list_export", "system_design_export", shared, descriptions=("", design))
    assert not one_word_apart("customer_list_export", "system_design_export", shared)  # nothing says export is an act
    export = "Export of a design: the drawing."  # a noun opening it: no act
    assert not one_word_apart("customer_list_export", "system_design_export", shared, descriptions=(export, ""))
    # a name that says nothing but the word has no thing of its own
    assert not one_word_apart("reset", "wifi_reset", {"reset"}, descriptions=("Reset the code.", ""))
