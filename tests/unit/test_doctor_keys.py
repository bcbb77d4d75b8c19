"""A lookup by a key takes an identifier; a bare description is the line to write first.

On e6038fd (fake embedder), a property manager's ``tenant_search`` ("Find tenants.",
requires ``query``) beside ``tenant_lookup`` (by name, phone or e-mail, requires ``name_or_phone``):

- the doctor called them "a lookup by a key beside a search, different uses, not one tool to merge": any
  required parameter the other lacks was a key, though both find a tenant from free text;
- its advice started with the pair's generic line ("say in each description ..."), never naming the tool
  whose description is one short sentence.
"""

from __future__ import annotations

from typing import Any

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose
from toolfilter_core._doctor.acts import keyed_apart
from toolfilter_core._doctor.values import DoctorReport, Finding


def _tool(name: str, description: str, params: tuple[str, ...], required: tuple[str, ...] = ()) -> ToolSpec:
    properties: dict[str, Any] = {p: {"type": "string"} for p in params}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": list(required)})


SEARCH = _tool("tenant_search", "Find tenants.", ("query",), ("query",))
LOOKUP = _tool(
    "tenant_lookup",
    "Look up a tenant record by name, phone or e-mail and return contact details, unit and lease id.",
    ("name_or_phone",),
    ("name_or_phone",),
)
OTHERS = [
    _tool(
        "lease_create",
        "Create a new lease for a unit and tenant with start date, term in months and monthly rent.",
        ("unit_id", "tenant_id", "start_date"),
        ("unit_id", "tenant_id"),
    ),
    _tool(
        "payment_history",
        "Payment history of a tenant: every payment received, its date, amount and method.",
        ("tenant_id",),
        ("tenant_id",),
    ),
    _tool("send_rent_reminder", "Send a rent reminder to a tenant by SMS or e-mail.", ("tenant_id", "channel"), ()),
    _tool("unit_vacancies", "Which units are empty this month, with their size and asking rent.", ("month",)),
]
PAIR = {SEARCH.name, LOOKUP.name}
PROFILES = Profiles(
    {
        "tenant_search": ToolProfile(("search tenants named Nguyen", "find any tenant with smith in the name")),
        "tenant_lookup": ToolProfile(("contact details for tenant Jamal Brooks", "who owns the number 0433 210 998")),
    }
)


def _of_pair(report: DoctorReport) -> list[Finding]:
    return [f for f in report.findings if set(f.tools) == PAIR]


def test_a_name_phone_or_query_is_no_key() -> None:
    from toolfilter_core._doctor.acts import is_key

    assert not keyed_apart(SEARCH, LOOKUP) and not keyed_apart(LOOKUP, SEARCH)  # on e6038fd: "requires query"
    for key in ("tenant_id", "order_number", "bookingRef", "confirmation_code", "policy_no", "uuid", "contact_id"):
        assert is_key(key), key
    for other in ("query", "name_or_phone", "phone_number", "contactNumber", "email", "name", "q"):
        assert not is_key(other), other
    by_id = _tool("tenant_lookup", "By id.", ("tenant_id",), ("tenant_id",))
    assert keyed_apart(by_id, SEARCH).startswith("tenant_lookup requires tenant_id")


def test_a_code_or_a_number_of_a_value_is_no_key_and_a_sku_or_a_plate_is() -> None:
    """A country or currency code, a page number, an email id read as keys; a sku, an isbn, a plate did not."""
    from toolfilter_core._doctor.acts import is_key

    for value in ("page_number", "max_number", "country_code", "language_code", "currency_code", "email_id"):
        assert not is_key(value), value
    for key in ("product_sku", "isbn", "barcode", "plate", "license_plate", "slug", "page_id"):
        assert is_key(key), key


def test_a_search_and_a_lookup_both_by_free_text_are_a_near_duplicate_not_different_uses() -> None:
    for profiles in (None, PROFILES):
        report = diagnose([SEARCH, LOOKUP, *OTHERS], profiles=profiles, embedder=HashingEmbedder())
        told = _of_pair(report)
        assert [f.kind for f in told] == ["near_duplicate"], told  # on e6038fd: a crowded pair, "not one to merge"
        assert "merge them" in told[0].action and "when to use it" in told[0].action
        assert not any("different uses" in f.detail + f.action for f in told)


def test_the_bare_description_of_a_pair_is_the_line_to_write_first() -> None:
    report = diagnose([SEARCH, LOOKUP, *OTHERS], embedder=HashingEmbedder())
    (finding,) = _of_pair(report)
    assert finding.action.startswith("start with tenant_search ('Find tenants.', one short line): say what it")
    assert "searches by and what it returns, and when to use it rather than tenant_lookup" in finding.action
    assert finding.evidence["bare"] == ["tenant_search"]


def test_a_crowded_pair_with_a_bare_description_starts_with_it_too() -> None:
    said = "One vehicle of the fleet by its plate number: make, model, year, branch and whether it is out on hire."
    lookup = _tool("vehicle_lookup", said, ("plate_number",), ("plate_number",))
    search = _tool("vehicle_search", "Search the fleet.", ("make", "model", "branch"))
    report = diagnose([lookup, search, *OTHERS], embedder=HashingEmbedder())
    (finding,) = [f for f in report.of_kind("crowded_pair") if set(f.tools) == {lookup.name, search.name}]
    assert "a lookup by a key beside a search" in finding.detail
    assert finding.action.startswith("start with vehicle_search ('Search the fleet.', one short line)")
    assert "not one tool to merge" in finding.action  # the pair's own line follows


def test_a_pair_of_two_full_descriptions_keeps_its_line() -> None:
    full = _tool("tenant_search", "Search tenants by any words of their record: " + LOOKUP.description, ("query",))
    report = diagnose([full, LOOKUP, *OTHERS], embedder=HashingEmbedder())
    assert all(not f.action.startswith("start with") for f in _of_pair(report))
