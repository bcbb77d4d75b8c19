"""Near-duplicates told first, by a qualifier noun in a name too; a grouped finding counted by its tools.

On a3a431b a language school's ``course_search`` and ``course_catalog_search`` (one search, once over
the catalogue) were a close pair at best, and a near-duplicate came after every crowded pair, cut into
an "and N more" tail past ``--limit``; the grouped thin descriptions counted "1" and said their
missing when-to-use lines as a list, a single one as ``True`` (fake embedder).
"""

from __future__ import annotations

import json

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose
from toolfilter_core._doctor.acts import name_qualifier, synonym_pairs
from toolfilter_core._doctor.definitions import definition_findings
from toolfilter_core._doctor.values import DoctorReport, Finding

SCHOOL = [
    ToolSpec("course_search", "Search courses by language, level or keyword."),
    ToolSpec(
        "course_catalog_search",
        "Full-text search of the course catalogue, including archived courses. Returns course codes, titles and "
        "prices. Use this when the user wants to browse what the school offers.",
    ),
    ToolSpec("course_get", "Get one course's details by its id: syllabus, level, hours, price."),
    ToolSpec("teacher_assign", "Assign a teacher or a substitute to a class session for a date and a room."),
    ToolSpec("invoice_refund", "Refund an invoice to the parent's card; the refund cannot be undone once it is sent."),
    ToolSpec("room_availability", "Which rooms are free on a date and time, with their seats and equipment."),
]


def test_a_search_beside_the_same_search_with_a_qualifier_noun_is_a_near_duplicate() -> None:
    report = diagnose(SCHOOL, embedder=HashingEmbedder())
    pair = {"course_search", "course_catalog_search"}
    finding = next(f for f in report.of_kind("near_duplicate") if set(f.tools) == pair)
    assert "the same search but for a qualifier in one name (catalog)" in finding.detail
    assert "merge them" in finding.action and "when to use it" in finding.action
    assert not [f for f in report.findings if f.kind != "near_duplicate" and set(f.tools) == pair]  # told once


def test_name_qualifier_reads_qualifier_nouns_of_one_object_and_one_server() -> None:
    assert name_qualifier("course_search", "course_catalog_search") == "catalog"
    assert name_qualifier("search_all_orders", "search_orders") == "all"
    assert name_qualifier("course_search", "course_catalog_find") == "catalog"  # verbs of one family
    assert not name_qualifier("course_search", "course_catalog_search_by_id")  # a read by key
    assert not name_qualifier("course_get", "course_catalog_search")  # a read by id beside a search
    assert not name_qualifier("course_search", "lesson_catalog_search")  # another object
    assert not name_qualifier("shop__course_search", "crm__course_catalog_search")  # another server
    assert not name_qualifier("catalog_search", "course_catalog_search")  # a noun alone is the object
    assert not name_qualifier("course_search", "course_catalog_search", nouns=frozenset())
    assert synonym_pairs(["course_search", "course_get", "course_catalog_search"]) == {(0, 2)}


def _finding(kind: str, tools: tuple[str, ...]) -> Finding:
    return Finding(kind, tools, "seen", "do", score=1.0)


def test_near_duplicates_come_first_and_are_never_cut_into_a_tail() -> None:
    crowded = tuple(_finding("crowded_pair", (f"a{i}", f"b{i}")) for i in range(8))
    twins = tuple(_finding("near_duplicate", (f"x{i}", f"y{i}")) for i in range(3))
    report = diagnose(SCHOOL, embedder=HashingEmbedder())
    kinds = [f.kind for f in report.findings]
    assert kinds.index("near_duplicate") < min(
        (kinds.index(k) for k in ("crowded_pair", "unreachable", "thin_description") if k in kinds), default=99
    )
    text = DoctorReport(tools=22, profiled=0, top_k=5, embedder="hashing", findings=crowded + twins, pairs=()).text(
        limit=1
    )
    header = text.splitlines()[1]
    assert header.startswith("11 findings, most costly first: 3 near_duplicate, 8 crowded_pair")
    assert text.index("near_duplicate (3)") < text.index("crowded_pair (8)")
    assert "... and 2 more: x1 ~ y1; x2 ~ y2 (--json shows all)" in text


def test_the_grouped_thin_descriptions_count_their_tools_and_say_no_when_to_use_as_a_list() -> None:
    tools = [ToolSpec("email_inbox", "List the newest unread e-mails."), ToolSpec("email_search", "Search mail.")]
    tools.append(ToolSpec("fax_send", "Send a fax."))
    crowded = {"email_inbox": ["email_search"], "email_search": ["email_inbox"]}
    found = definition_findings(tools, crowded=crowded)
    (thin,) = [f for f in found if f.kind == "thin_description"]
    report = DoctorReport(tools=3, profiled=0, top_k=5, embedder="hashing", findings=tuple(found), pairs=())
    data = json.loads(json.dumps(report.to_dict()))
    assert data["counts"]["thin_description"] == 3 and "thin_description" in data["counted_by_tools"]
    assert "3 thin_description (1 finding)" in report.text().splitlines()[1]
    assert "thin_description (3 tools):" in report.text()
    (single,) = [f for f in definition_findings(tools[:1], crowded=crowded) if f.kind == "thin_description"]
    assert single.evidence["no_when_to_use"] == ["email_inbox"]  # a list, as a group's
    assert isinstance(thin.evidence["no_when_to_use"], list)


def test_a_qualifier_that_changes_what_is_found_names_no_one_search() -> None:
    assert not name_qualifier("search_messages", "search_archive_messages")
    assert not name_qualifier("product_search", "product_inventory_search")
    assert not name_qualifier("search_text", "search_full_text")


def test_two_names_of_one_search_whose_descriptions_both_say_when_to_use_each_are_no_near_duplicate() -> None:
    told = [
        ToolSpec("course_search", "Search the courses a student is enrolled in. Use this for a student's own courses."),
        *SCHOOL[1:],
    ]
    report = diagnose(told, embedder=HashingEmbedder())
    pair = {"course_search", "course_catalog_search"}
    assert not [f for f in report.of_kind("near_duplicate") if set(f.tools) == pair]
