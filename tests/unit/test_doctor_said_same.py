"""Near-duplicates a tool's own text gives away, which an embedder can miss (fake embedder).

On 0b45750 a plumber's ``job_find`` ("returns the same rows as job_search") was no near-duplicate of
``job_search``, with profiles or without; ``student_search`` and ``student_lookup`` (cosine 0.29 with
the default embedder) were not told at all. A description that tells a difference ("Does NOT ... —
use X") is the opposite of a duplicate.
"""

from __future__ import annotations

from typing import Any

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._doctor.acts import name_synonyms, synonym_pairs
from toolfilter_core._doctor.said import said_same

WHEN = " Use when the user asks for it."
PLUMBER = [
    ToolSpec("job_search", "Search call-out jobs."),
    ToolSpec(
        "job_find",
        "Older tool kept for the mobile app; returns the same rows as job_search but filtered by date.",
    ),
    ToolSpec("invoice_get", "Show an invoice: lines, total, VAT. Does NOT take payments — use payment_record."),
    ToolSpec("payment_record", "Record a payment received against an invoice (card, bank transfer, cash)." + WHEN),
    ToolSpec("tech_location", "Where a technician's van is now (GPS) and the ETA to the next job." + WHEN),
    ToolSpec("quote_send", "E-mail a quote PDF to the customer." + WHEN),
    ToolSpec("student_search", "Search the pupils of the school by class or surname." + WHEN),
    ToolSpec("student_lookup", "Open a learner's card: guardians, allergies, enrolment year." + WHEN),
]
PROFILES = Profiles(
    {
        # the profile prompt asks for requests that tell the tools apart: these two sets sit apart
        "job_search": ToolProfile(("any jobs in leeds this week", "jobs for mrs patel", "open call-outs")),
        "job_find": ToolProfile(("jobs between 3 and 9 march on the app", "mobile list for 12 june")),
        "invoice_get": ToolProfile(("show invoice 1182", "what is on invoice 77")),
        "payment_record": ToolProfile(("mark invoice 1182 as paid in cash", "record a card payment of 90")),
        "tech_location": ToolProfile(("where is dave's van", "eta of the van to the next job")),
        "quote_send": ToolProfile(("email quote 12 to the customer", "send the boiler quote")),
        "student_search": ToolProfile(("pupils in class 3b", "find the smiths in year 5")),
        "student_lookup": ToolProfile(("open amy li's card", "allergies of tom hart")),
    }
)


def _kinds(report: Any, a: str, b: str) -> set[str]:
    return {f.kind for f in report.findings if set(f.tools) == {a, b}} | {
        f.kind for f in report.findings if f.kind in ("crowded_cluster", "close_pairs") and [a, b] in _pairs(f)
    }


def _pairs(finding: Any) -> list[list[str]]:
    return [sorted(p) for p in finding.evidence.get("pairs", ())]


def test_a_description_saying_it_returns_the_same_rows_is_a_near_duplicate() -> None:
    report = diagnose(PLUMBER, embedder=HashingEmbedder())
    assert "near_duplicate" in _kinds(report, "job_find", "job_search")
    finding = next(f for f in report.of_kind("near_duplicate") if "job_find" in f.tools)
    assert finding.evidence["by"] == "description" and "same rows as job_search" in finding.detail
    assert "remove job_find" in finding.action
    assert "crowded_pair" not in _kinds(report, "job_find", "job_search")  # told once, as a duplicate


def test_with_profiles_written_apart_the_description_still_makes_a_near_duplicate() -> None:
    report = diagnose(PLUMBER, profiles=PROFILES, embedder=HashingEmbedder())
    assert "near_duplicate" in _kinds(report, "job_find", "job_search")


def test_a_does_not_use_x_pair_is_not_a_near_duplicate() -> None:
    for profiles in (None, PROFILES):
        report = diagnose(PLUMBER, profiles=profiles, embedder=HashingEmbedder())
        assert "near_duplicate" not in _kinds(report, "invoice_get", "payment_record")


def test_two_names_of_one_object_with_read_verbs_of_one_family_are_a_near_duplicate() -> None:
    """Told as one act, with profiles too: requests written to tell them apart do not make them two acts."""
    report = diagnose(PLUMBER, embedder=HashingEmbedder())
    assert _kinds(report, "student_lookup", "student_search") == {"near_duplicate"}
    finding = next(f for f in report.of_kind("near_duplicate") if "student_lookup" in f.tools)
    assert "the same name but for a search verb" in finding.detail and finding.evidence["by"] == "names"
    profiled = diagnose(PLUMBER, profiles=PROFILES, embedder=HashingEmbedder())
    assert _kinds(profiled, "student_lookup", "student_search") == {"near_duplicate"}  # not close_pairs


def test_name_synonyms_read_plurals_and_any_order() -> None:
    """A ticket seller's ``event_search`` and ``find_events``: one search."""
    assert name_synonyms("event_search", "find_events")
    assert name_synonyms("lookup_customer", "customers_search")
    assert not name_synonyms("event_search", "find_venues")
    assert not name_synonyms("find_user_groups", "search_group_users")  # a user's groups, a group's users
    assert not name_synonyms("order_find_by_customer", "customer_search_by_order")
    assert synonym_pairs(["event_search", "event_get", "find_events"]) == {(0, 2)}


def test_said_same_reads_the_forms_of_the_issue_and_not_a_told_difference() -> None:
    same = [
        "Same as job_search.",
        "Returns the same rows as job_search but filtered by date.",
        "Alias of job_search.",
        "Deprecated, use job_search instead.",
        "Deprecated. Use job_search.",
        "Returns the same results as job_search.",
        "Deprecated: use job_search instead.",
        "Legacy; use job_search.",
        "查询工单，同job_search。",
        "和job_search一样。",
        "与job_search相同。",
        "job_search的别名。",
    ]
    apart = [
        "Does NOT search archived jobs — use job_search for that.",
        "Use job_search first to find the id.",
        "Not the same as job_search: archived jobs only.",
        "Like job_search.",
        "Like job_search but only open jobs.",
        "与job_search不同，只查今天的。",
        "不同job_search",
    ]
    for text, expected in [(t, True) for t in same] + [(t, False) for t in apart]:
        tools = [ToolSpec("job_find", text), ToolSpec("job_search", "Search jobs.")]
        assert bool(said_same(tools)) is expected, text


def _said(text: str) -> bool:
    return bool(said_same([ToolSpec("job_find", text), ToolSpec("job_search", "Search jobs.")]))


def test_the_same_interface_is_not_the_same_act() -> None:
    """Fields, filters or parameters shared with X: the same shape, another act; the same rows stay."""
    assert not _said("Returns the same fields as job_search plus the line items.")
    assert not _said("Accepts the same filters as job_search.")
    assert not _said("Takes the same parameters as job_search but searches quotes.")
    assert not _said("Same output format as job_search.")
    assert _said("Returns the same rows as job_search.") and _said("Same as job_search.")


def test_like_x_but_tells_a_difference() -> None:
    assert not _said("Works like job_search, but for quotes.")
    assert not _said("Like job_search but only open jobs.")


def test_use_x_needs_the_deprecation_in_its_own_sentence() -> None:
    assert not _said("Search jobs imported from the legacy system. For newer jobs use job_search.")
    assert not _said("Deprecated fields removed. To cancel use job_search first.")
    assert _said("Deprecated, use job_search.") and _said("Legacy; use job_search.")


def test_tong_as_with_and_the_same_but_are_no_duplicates() -> None:
    """同X配合使用 is "used with X"; 和X一样 ... 但 is the same in one thing, but another."""
    assert not _said("查询库存，同job_search配合使用。")
    assert not _said("查询报价，同job_search一起使用。")
    assert not _said("和job_search一样返回分页结果，但只查退货。")
    assert not _said("跟job_search一样分页，但只查今天的。")
    assert _said("查询工单，同job_search。") and _said("和job_search一样。")


def test_query_is_no_read_verb_of_the_family() -> None:
    """The word "query" is often a noun: a query run, a saved query, the query logs."""
    assert not name_synonyms("run_query", "run_search")
    assert not name_synonyms("saved_query_list", "saved_search_list")
    assert not name_synonyms("query_logs", "search_logs")
    assert not synonym_pairs(["run_query", "run_search"])


def test_name_synonyms_need_one_object_one_server_and_other_read_verbs() -> None:
    assert name_synonyms("student_search", "student_lookup")
    assert name_synonyms("crm__find_contact", "crm__lookup_contact")
    assert not name_synonyms("job_get", "job_search")  # a read by id beside a search: kept apart on purpose
    assert not name_synonyms("list_courses", "get_course")  # many against one
    assert not name_synonyms("github__search_issues", "jira__search_issues")  # another server
    assert not name_synonyms("student_search", "student_update")
    assert not name_synonyms("job_search", "job_search_v2")
    names = ["student_search", "job_find", "student_lookup", "job_search", "job_cancel", "job_get"]
    assert synonym_pairs(names) == {(0, 2), (1, 3)}


def test_a_name_pair_whose_description_says_when_to_use_the_other_is_not_told_by_its_names() -> None:
    """A coworking space's ``member_lookup`` says "Does NOT search ... — use member_search": told apart, not one act."""
    tools = [
        *PLUMBER[2:6],
        ToolSpec("member_search", "Search members by name, company or e-mail." + WHEN),
        ToolSpec(
            "member_lookup",
            "Open one member's record by member id. Does NOT search by name — use member_search for that.",
        ),
    ]
    report = diagnose(tools, embedder=HashingEmbedder())
    told = [f for f in report.findings if set(f.tools) == {"member_lookup", "member_search"}]
    assert not any("the same name but for a search verb" in f.detail for f in told), [f.detail for f in told]


GROCER = [
    ToolSpec("order_search", "Search orders."),
    ToolSpec(
        "order_find_by_customer",
        "Find a customer's orders, newest first. Use when you know the customer but not the order number.",
    ),
    ToolSpec("order_get", "Get one order by its id: items, total, delivery slot, status."),
    ToolSpec("voucher_create", "Create a voucher code for a customer or campaign, with an amount and an expiry date."),
    ToolSpec("driver_list", "List drivers on shift today and their vans."),
    ToolSpec("store_hours", "Opening hours of the store by weekday and bank holidays."),
]


def test_a_search_and_the_same_search_with_a_filter_in_its_name_are_told() -> None:
    """A grocer's ``order_search`` and ``order_find_by_customer`` (score .389 on 8da26c4: not told)."""
    report = diagnose(GROCER, embedder=HashingEmbedder())
    pair = {"order_search", "order_find_by_customer"}
    finding = next(f for f in report.of_kind("near_duplicate") if set(f.tools) == pair)
    assert "the same search but for a filter in one name (by customer)" in finding.detail
    assert not [f for f in report.of_kind("crowded_pair") if set(f.tools) == pair]  # told once


def test_name_qualifier_needs_one_object_one_server_read_verbs_and_a_by() -> None:
    from toolfilter_core._doctor.acts import name_qualifier

    assert name_qualifier("order_search", "order_find_by_customer") == "by customer"
    assert name_qualifier("find_users_by_email", "search_users") == "by email"
    assert name_qualifier("order_search", "order_search_by_date") == "by date"  # one verb: still one search
    assert not name_qualifier("order_get", "order_find_by_customer")  # a read by id beside a search
    assert not name_qualifier("order_search", "invoice_find_by_customer")  # another object
    assert not name_qualifier("shop__order_search", "crm__order_find_by_customer")  # another server
    assert not name_qualifier("order_search", "order_cancel_by_customer")  # no search verb on one side
    assert not name_qualifier("order_search", "order_find_by")  # nothing after "by"
    assert not name_qualifier("user_search", "user_lookup_by_id")  # a read by id, not a filtered search
    assert synonym_pairs(["order_search", "order_get", "order_find_by_customer"]) == {(0, 2)}
