"""A search of one thing beside a read of another by its key is no errand written twice (the default embedder).

A property manager's ``lease_search(query, status)`` and ``tenant_get(tenant_id)``: names sharing no word, near in
meaning, each the other's nearest definition; told "maybe one tool written twice" before. Definitions copied from
that user's registry.
"""

from __future__ import annotations

import json
from pathlib import Path

from toolfilter_core import diagnose

TOOLS = [
    (
        "lease_search",
        "Search leases by tenant name, unit number, building or status (active, expiring, ended).",
        {"query": "free text", "status": "active|expiring|ended"},
        ["query"],
    ),
    (
        "tenant_get",
        "Look up a tenant's profile: name, phone, email, ID document status, current leases.",
        {"tenant_id": "tenant ID or phone"},
        ["tenant_id"],
    ),
    ("repair_request_create", "Open a repair request for a unit.", {"unit": "unit number", "issue": "text"}, ["unit"]),
    (
        "rent_payment_record",
        "Record a rent payment against a lease.",
        {"lease_id": "lease", "amount": "n"},
        ["lease_id"],
    ),
    ("fob_issue", "Issue a new door key fob to a tenant.", {"tenant_id": "tenant"}, ["tenant_id"]),
]


def _write(tmp_path: Path) -> Path:
    path = tmp_path / "tools.jsonl"
    rows = []
    for name, description, params, required in TOOLS:
        properties = {p: {"type": "string", "description": d} for p, d in params.items()}
        schema = {"type": "object", "properties": properties, "required": required}
        rows.append({"type": "function", "function": {"name": name, "description": description, "parameters": schema}})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
    return path


def test_a_search_beside_a_read_by_its_key_is_no_near_duplicate(tmp_path: Path) -> None:
    report = diagnose(_write(tmp_path))
    pairs = {frozenset(f.tools) for f in report.of_kind("near_duplicate")}
    assert frozenset(("lease_search", "tenant_get")) not in pairs
