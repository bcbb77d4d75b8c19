"""Whole selections, the real default embedder: a field deleted by its owner's name, a record's destroy refused, and
an act's opposite.

A CRM's "delete CU-5120's phone number" sent ``order_delete`` and "do not delete customer CU-5120; delete his phone
number" sent ``customer_delete``: a field deleted is an edit of its record, and a record's destroy told not to be done
stays held. An insurer's "deny claim CL-40021" held ``claim_reject`` and sent ``claim_approve``: an act's opposite
never stands in for it.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, NoteKind, Reason, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration

CRM = [
    ToolSpec(
        "customer_delete", "Permanently delete a customer and all their data.", annotations={"destructiveHint": True}
    ),
    ToolSpec("customer_update", "Update a customer's phone, email, address or notes."),
    ToolSpec("customer_get", "Get a customer's profile by id."),
    ToolSpec("coupon_delete", "Delete a loyalty coupon.", annotations={"destructiveHint": True}),
    ToolSpec("order_delete", "Delete an order.", annotations={"destructiveHint": True}),
    ToolSpec("order_get", "Look up an order."),
]
CLAIMS = [
    ToolSpec("claim_list", "List claims for a customer or policy."),
    ToolSpec("claim_status", "Claim status: where a claim is in the process, the adjuster and the next step."),
    ToolSpec("claim_file", "File (open) a new claim against a policy: first notice of loss with date and photos."),
    ToolSpec(
        "claim_reject",
        "Reject (deny) a claim. DESTRUCTIVE: closes the claim with a denial letter sent to the customer.",
        annotations={"destructiveHint": True},
    ),
    ToolSpec("claim_approve", "Approve a claim and set the payout amount."),
    ToolSpec("claim_upload_evidence", "Attach photos, police reports, invoices or medical receipts to a claim."),
]
DESTROYERS = {"customer_delete", "coupon_delete", "order_delete"}


@pytest.fixture(scope="module")
def crm(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(CRM, embedder=default_embedder)


@pytest.fixture(scope="module")
def claims(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(CLAIMS, embedder=default_embedder)


@pytest.mark.parametrize(
    "request_",
    [
        "delete CU-5120's phone number",
        "delete the phone number of customer CU-5120",
        "do not delete customer CU-5120; delete his phone number",
        "delete the customer's old email address",
    ],
)
def test_a_field_deleted_sends_no_destroyer(crm: ToolFilter, request_: str) -> None:
    selection = crm.select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


def test_a_record_refused_stays_held_whatever_follows(crm: ToolFilter) -> None:
    selection = crm.select("don't delete customer CU-5120, delete order O-1 instead")
    assert "customer_delete" not in selection.names, selection.explain()
    assert "order_delete" in selection.names, selection.explain()


def test_a_record_asked_after_another_refused_is_sent(crm: ToolFilter) -> None:
    selection = crm.select("don't delete customer CU-5120, delete customer CU-7000")
    assert "customer_delete" in selection.names, selection.explain()


@pytest.mark.parametrize(
    "request_",
    [
        "deny claim CL-40021",
        "decline claim CL-40021, not covered",
        "理赔 CL-40021 拒赔",
        "reject claim CL-40021",
        "don't approve claim CL-40021, deny it",
    ],
)
def test_an_act_is_never_sent_its_opposite(claims: ToolFilter, request_: str) -> None:
    selection = claims.select(request_)
    assert "claim_approve" not in selection.names, selection.explain()


def test_the_opposite_left_out_is_said(claims: ToolFilter) -> None:
    selection = claims.select("deny claim CL-40021")
    assert any(s.name == "claim_approve" and s.reason is Reason.OPPOSITE_ACT for s in selection.rejected)
    assert any(note.kind is NoteKind.OPPOSITE_LEFT_OUT for note in selection.reasons), selection.explain()


@pytest.mark.parametrize("request_", ["approve claim CL-40021", "理赔 CL-40021 批准", "why was claim CL-40021 denied?"])
def test_an_act_or_a_state_asked_keeps_its_tool(claims: ToolFilter, request_: str) -> None:
    selection = claims.select(request_)
    assert "claim_approve" in selection.names, selection.explain()


@pytest.mark.parametrize(
    "request_",
    ["deny claim CL-40021", "decline claim CL-40021, not covered", "理赔 CL-40021 拒赔", "拒绝理赔 CL-40021"],
)
def test_the_reject_sides_words_send_the_reject_tool(claims: ToolFilter, request_: str) -> None:
    selection = claims.select(request_)
    assert "claim_reject" in selection.names, selection.explain()
    assert "claim_approve" not in selection.names, selection.explain()


@pytest.mark.parametrize("request_", ["不要删除客户 CU-5120，删除他的订单 O-1", "不要删除客户 CU-5120，删除订单 O-1"])
def test_a_record_refused_in_chinese_stays_held(crm: ToolFilter, request_: str) -> None:
    selection = crm.select(request_)
    assert "customer_delete" not in selection.names, selection.explain()
    assert "order_delete" in selection.names, selection.explain()


def test_the_opposite_note_names_the_act_and_the_tool_doing_it(claims: ToolFilter) -> None:
    selection = claims.select("deny claim CL-40021")
    notes = [str(note) for note in selection.reasons if note.kind is NoteKind.OPPOSITE_LEFT_OUT]
    assert any('"deny"' in note and "claim_reject" in note for note in notes), selection.explain()
