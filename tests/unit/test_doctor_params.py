"""Two names of one search read by their parameters; a shared owner word; the map tells the text's pairs.

On 32c829e (fake embedder):

- a library's ``search_catalogue(query)`` and ``catalogue_search_advanced(query, format, branch)`` (one
  search, once with filters) were told only as a crowded pair: their names differ by a word no list holds;
- a car rental's ``vehicle_lookup(plate_number)`` and ``vehicle_search(make, model, branch)`` were a
  ``near_duplicate`` by their names, "merge them", though one reads a car by its plate and the other
  searches by filters: different uses;
- without profiles, ``update_patron_contact`` and ``send_patron_notice`` (a change and a send that share
  only the library's word "patron") were a crowded pair;
- the HTML crowding map shaded pairs no finding named (under the threshold).
"""

from __future__ import annotations

from typing import Any

import pytest

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose
from toolfilter_core._doctor.values import CrowdedPair, DoctorReport, Finding


def _tool(name: str, description: str, params: tuple[str, ...], required: tuple[str, ...] = ()) -> ToolSpec:
    properties: dict[str, Any] = {p: {"type": "string"} for p in params}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": list(required)})


PLAIN = _tool("search_catalogue", "Search the catalogue by title, author or subject.", ("query",), ("query",))
ADVANCED = _tool(
    "catalogue_search_advanced", "Advanced catalogue search with filters.", ("query", "format", "branch"), ("query",)
)
PLATE = ("plate_number",)
LOOKUP = _tool("vehicle_lookup", "Vehicle details by licence plate number: make, model, year.", PLATE, PLATE)
SEARCH = _tool("vehicle_search", "Search the fleet.", ("make", "model", "branch"))
OTHERS = [
    _tool("renew_loan", "Renew a loan for another period.", ("loan_id",), ("loan_id",)),
    _tool("pay_fine", "Take a payment for a fine at the desk.", ("fine_id", "amount"), ("fine_id",)),
    _tool("room_book", "Book a study room for a date and time.", ("room", "date"), ("room",)),
    _tool("hours_get", "Opening hours of each branch by weekday.", ("branch",)),
]


def test_a_search_beside_the_same_search_with_more_words_and_filters_is_a_near_duplicate_saying_when_to_use_which():
    report = diagnose([PLAIN, ADVANCED, *OTHERS], embedder=HashingEmbedder())
    (finding,) = [f for f in report.of_kind("near_duplicate") if set(f.tools) == {PLAIN.name, ADVANCED.name}]
    assert "catalogue_search_advanced adds format, branch" in finding.detail
    assert finding.action.startswith("say in each when to use it rather than the other")
    assert "catalogue_search_advanced: to filter by format, branch" in finding.action
    assert not [f for f in report.of_kind("crowded_pair") if set(f.tools) == {PLAIN.name, ADVANCED.name}]


def test_filtered_pairs_need_one_server_a_search_verb_more_words_and_more_optional_parameters() -> None:
    from toolfilter_core._doctor.acts import filtered_pairs, search_filters

    assert filtered_pairs([PLAIN, ADVANCED]) == {(0, 1)}
    assert search_filters(PLAIN, ADVANCED) == ("catalogue_search_advanced", ("format", "branch"))
    same = _tool("catalogue_search_advanced", "Advanced search.", ("query",), ("query",))
    assert not filtered_pairs([PLAIN, same])  # no more parameters: the name alone says nothing
    required = _tool("catalogue_search_advanced", "Advanced search.", ("query", "format"), ("query", "format"))
    assert not filtered_pairs([PLAIN, required])  # a required one more: another input, not a filter
    other = _tool("lib__catalogue_search_advanced", "Advanced.", ADVANCED.parameter_names)
    assert not filtered_pairs([PLAIN, other])  # another server
    get = _tool("catalogue_get_advanced", "Advanced.", ADVANCED.parameter_names)
    assert not filtered_pairs([PLAIN, get])  # a read by id is no search of the family
    bare = ToolSpec("search_catalogue", "Search the catalogue.")
    assert not filtered_pairs([bare, ADVANCED])  # parameters not declared


def test_a_lookup_by_a_key_beside_a_search_by_filters_is_no_merge_but_say_when_to_use_which() -> None:
    report = diagnose([LOOKUP, SEARCH, *OTHERS], embedder=HashingEmbedder())
    pair = {LOOKUP.name, SEARCH.name}
    assert not [f for f in report.of_kind("near_duplicate") if set(f.tools) == pair]  # on 32c829e: "merge them"
    (finding,) = [f for f in report.of_kind("crowded_pair") if set(f.tools) == pair]
    assert "vehicle_lookup requires plate_number, which vehicle_search does not take" in finding.detail
    assert "not one tool to merge" in finding.action and "merge them" not in finding.action
    assert "vehicle_lookup: plate_number; vehicle_search: make, model, branch" in finding.action
    (scored,) = [p for p in report.to_dict()["pairs"] if {p["a"], p["b"]} == pair]
    assert scored["parts"]["keyed"] == 1.0 and scored["parts"]["names"] == 0.0


def test_keyed_apart_needs_a_required_parameter_the_other_does_not_take() -> None:
    from toolfilter_core._doctor.acts import keyed_apart

    assert keyed_apart(LOOKUP, SEARCH).startswith("vehicle_lookup requires plate_number")
    by_plate = _tool("vehicle_search", "Search.", ("plate_number", "make"))
    assert not keyed_apart(LOOKUP, by_plate)  # the search takes the plate too
    assert not keyed_apart(ToolSpec("vehicle_lookup", "By plate."), SEARCH)  # parameters not declared


LIBRARY = [
    _tool(
        "update_patron_contact",
        "Update the e-mail address or phone number on a patron's record.",
        ("patron_id", "email"),
        ("patron_id",),
    ),
    _tool(
        "send_patron_notice",
        "Send a notice to the e-mail address or phone number on a patron's record.",
        ("patron_id", "text"),
    ),
    _tool("list_patron_loans", "List the loans a patron has, with due dates.", ("patron_id",)),
    _tool("get_patron_fines", "Fines a patron owes, per item.", ("patron_id",)),
    _tool("place_hold", "Place a hold on a title for a patron.", ("patron_id", "record_id")),
    _tool("renew_loan", "Renew a patron's loan for another period.", ("loan_id",)),
    _tool("room_book", "Book a study room for a date and time.", ("room", "date")),
    _tool("hours_get", "Opening hours of each branch by weekday.", ("branch",)),
    _tool("printer_status", "Which printers are out of paper or toner.", ("printer",)),
    _tool("event_list", "Talks and workshops this month.", ("month",)),
    _tool("ebook_borrow", "Borrow an ebook for two weeks.", ("title",)),
    _tool("locker_rent", "Rent a locker by the term.", ("locker",)),
]


def test_two_names_sharing_only_a_word_common_in_the_registry_are_not_told_without_profiles() -> None:
    report = diagnose(LIBRARY, embedder=HashingEmbedder())
    pair = {"update_patron_contact", "send_patron_notice"}
    assert not [f for f in report.findings if set(f.tools) == pair]  # on 32c829e: a crowded pair


def test_other_errand_reads_the_registrys_common_words_as_no_shared_thing() -> None:
    from toolfilter_core._doctor.acts import other_errand

    assert other_errand("update_patron_contact", "send_patron_notice", common=frozenset({"patron"}))
    assert not other_errand("update_patron_contact", "send_patron_notice")  # the word counts when not common
    assert not other_errand("update_patron_fines", "get_patron_fines", common=frozenset({"patron"}))  # one thing
    assert not other_errand("reservation_create", "reservation_modify", common=frozenset({"reservation"}))  # its thing


def _map_report() -> DoctorReport:
    told = CrowdedPair("fine_get", "fine_pay", 1.2, z=2.2, lost_counts=(1, 8, 0, 8), group="lost")
    under = CrowdedPair("fine_pay", "fine_waive", 0.39, z=1.3, lost_counts=(1, 8, 0, 8), group="lost")
    close = CrowdedPair("room_book", "room_get", 0.9, z=1.9, lost_counts=(0, 8, 0, 8), group="apart")
    findings = (
        Finding("crowded_pair", ("fine_get", "fine_pay"), "lands", "say"),
        Finding(
            "close_pairs", ("room_book", "room_get"), "close", "none", evidence={"pairs": [["room_book", "room_get"]]}
        ),
    )
    return DoctorReport(
        tools=30, profiled=30, top_k=5, embedder="hashing", findings=findings, pairs=(told, under, close)
    )


def test_the_crowding_map_shades_only_the_pairs_the_text_tells(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.text import Text

    from toolfilter_core._report import plots

    texts: list[str] = []
    saved = plots._png

    def keep(fig: Any) -> str:
        fig.canvas.draw()
        texts.extend(t.get_text() for t in fig.findobj(Text) if t.get_visible())
        return saved(fig)

    monkeypatch.setattr(plots, "_png", keep)
    assert plots.crowding_map(_map_report())
    assert "fine_get" in texts and "room_get" in texts
    assert "fine_waive" not in texts  # on 32c829e shaded: a pair under the threshold no finding names


def test_the_map_grids_draw_the_told_pairs_red_the_close_ones_grey_and_no_other() -> None:
    pytest.importorskip("matplotlib")
    from toolfilter_core._report import plots

    report = _map_report()
    index = {"fine_get": 0, "fine_pay": 1, "fine_waive": 2, "room_book": 3, "room_get": 4}
    red, grey = plots.map_grids(report.pairs, index, report.told_by())
    assert red[0, 1] == 2.2 and grey[3, 4] == 1.9  # how close each is (sd), not its score
    assert red[1, 2] == red[2, 1] == grey[1, 2] == 0.0
