"""Whole selections, the real default embedder: an insurance desk's reads near its destroyers.

A customer's past deletion request relayed as news ("他说之前申请过删除"), a void reported while payments are read
("I think one was voided"), and a refund asked on a policy number, which ``policy_cancel`` takes while the payment's
void, asked, does not: each sent a destroyer the request does not ask for, or held the one it asks for.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration

_POLICY = {
    "type": "object",
    "properties": {"policy_id": {"type": "string", "description": "policy number, e.g. P-2024-00123"}},
    "required": ["policy_id"],
}
_PAYMENT = {
    "type": "object",
    "properties": {"payment_id": {"type": "string", "description": "payment id"}, "reason": {"type": "string"}},
    "required": ["payment_id"],
}
_CLAIM = {
    "type": "object",
    "properties": {"claim_id": {"type": "string", "description": "claim number, e.g. CL-10023"}},
    "required": ["claim_id"],
}
_CUSTOMER = {"type": "object", "properties": {"customer_id": {"type": "string"}}, "required": ["customer_id"]}
INSURANCE = [
    ToolSpec("policy_get", "Get a policy by policy number: holder, product, coverage, status, renewal date.", _POLICY),
    ToolSpec(
        "policy_cancel",
        "Cancel a policy. DESTRUCTIVE: ends coverage from the effective date and triggers a pro-rata refund "
        "calculation. Cannot be undone.",
        _POLICY,
    ),
    ToolSpec("claim_list", "List claims for a customer or policy.", _POLICY),
    ToolSpec("premium_payment_record", "Record a premium payment received (card, bank transfer, cash).", _POLICY),
    ToolSpec(
        "premium_payment_history",
        "Payment history of a policy: each premium paid, due, overdue, with dates and amounts.",
        _POLICY,
    ),
    ToolSpec(
        "premium_payment_void",
        "Void a premium payment. DESTRUCTIVE: reverses the recorded payment (e.g. entered twice or bounced).",
        _PAYMENT,
    ),
    ToolSpec("billing_get_balance", "Outstanding balance / amount due for a policy and the next due date.", _POLICY),
    ToolSpec("document_send", "Email or SMS a document to the customer."),
    ToolSpec("customer_get", "Customer record: name, contact details, ID number, address, policies held.", _CUSTOMER),
    ToolSpec("customer_update", "Update a customer's contact details or address.", _CUSTOMER),
    ToolSpec(
        "customer_delete",
        "Delete a customer record permanently (GDPR/PIPL erasure request). DESTRUCTIVE: removes personal data.",
        _CUSTOMER,
    ),
]
CLAIMS = [
    ToolSpec("claim_list", "List claims for a customer or policy.", _POLICY),
    ToolSpec(
        "claim_status",
        "Claim status: where a claim is in the process (received, assessing, approved, rejected, paid), the adjuster "
        "and the next step.",
        _CLAIM,
    ),
    ToolSpec("claim_file", "File (open) a new claim against a policy: first notice of loss with date and photos."),
    ToolSpec(
        "claim_reject",
        "Reject (deny) a claim. DESTRUCTIVE: closes the claim with a denial letter sent to the customer; reopening "
        "requires an appeal.",
        _CLAIM,
        annotations={"destructiveHint": True},  # as the registry marks it: its words alone do not say it
    ),
    ToolSpec("claim_approve", "Approve a claim and set the payout amount.", _CLAIM),
    ToolSpec(
        "claim_upload_evidence", "Attach photos, police reports, invoices or medical receipts to a claim.", _CLAIM
    ),
    ToolSpec("document_list", "list docs on a policy or claim"),
]
DESTROYERS = {"policy_cancel", "premium_payment_void", "customer_delete", "claim_reject"}
PROFILES = {
    "policy_cancel": ["I want to cancel my policy P-5357-3322", "我要退保，保单P-2024-0099"],
    "premium_payment_history": ["show payment history for P-5355-3324", "上个月那笔保费交上了吗"],
    "premium_payment_void": ["back out the duplicate payment on P-5354-000", "这笔保费录重复了，撤销掉"],
    "policy_get": ["pull up policy P-5357-33210 please", "查下这个保单的被保人和保额：P-5354-3789"],
    "customer_get": ["look up customer C-2201", "查一下客户C-1180的联系方式"],
    "claim_reject": ["理赔CL-2210属于除外责任，拒掉", "deny claim CL-3301, not covered"],
    "claim_status": ["查一下CL-40021的理赔员是谁", "when will I get paid for claim CL-93347"],
}
"""A few profile requests of the desk's tools (as a profiles file holds them)."""


def _profiled(tools: list[ToolSpec], embedder: Embedder, folder: Path) -> ToolFilter:
    path = folder / "profiles.jsonl"
    rows = [{"tool": name, "requests": said} for name, said in PROFILES.items() if name in {t.name for t in tools}]
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return ToolFilter(tools, embedder=embedder, profiles=path)


@pytest.fixture(scope="module")
def plain(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(INSURANCE, embedder=default_embedder)


@pytest.fixture(scope="module")
def profiled(default_embedder: Embedder, tmp_path_factory: pytest.TempPathFactory) -> ToolFilter:
    return _profiled(INSURANCE, default_embedder, tmp_path_factory.mktemp("insurance"))


@pytest.fixture(scope="module")
def claims_plain(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(CLAIMS, embedder=default_embedder)


@pytest.fixture(scope="module")
def claims_profiled(default_embedder: Embedder, tmp_path_factory: pytest.TempPathFactory) -> ToolFilter:
    return _profiled(CLAIMS, default_embedder, tmp_path_factory.mktemp("claims"))


@pytest.mark.parametrize(
    "request_",
    [
        "查一下客户C-3309的资料，他说之前申请过删除但还在收到短信",
        "look up customer C-3309, he says he asked to be deleted before but still gets texts",
    ],
)
def test_a_past_wish_relayed_sends_no_destroyer(plain: ToolFilter, request_: str) -> None:
    selection = plain.select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.mark.parametrize(
    "request_",
    [
        "Show me the payments on policy P-2022-0091, I think one was voided",
        "查一下保单P-2022-0091的缴费记录，我觉得有一笔被作废了",
    ],
)
def test_a_reported_void_sends_no_destroyer(profiled: ToolFilter, request_: str) -> None:
    selection = profiled.select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.mark.parametrize("chooser", ["claims_plain", "claims_profiled"])
@pytest.mark.parametrize("request_", ["理赔CL-40021被拒了，我想看看拒赔的原因", "why was my claim CL-7 rejected?"])
def test_a_read_of_a_rejection_sends_no_destroyer(request: pytest.FixtureRequest, chooser: str, request_: str) -> None:
    selection = request.getfixturevalue(chooser).select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.mark.parametrize("chooser", ["plain", "profiled"])
@pytest.mark.parametrize(
    "request_",
    [
        "Hi, I paid twice last month on P-2021-777.\nPlease refund the second payment and email me a receipt.\n",
        "Refund the double payment on P-2021-777 and email the customer the updated schedule",
    ],
)
def test_the_id_a_destroyer_takes_does_not_ask_its_act(
    request: pytest.FixtureRequest, chooser: str, request_: str
) -> None:
    selection = request.getfixturevalue(chooser).select(request_)
    assert "policy_cancel" not in selection.names, selection.explain()
    assert "premium_payment_void" in selection.names, selection.explain()


def test_the_id_a_destroyer_takes_does_not_ask_its_act_zh(plain: ToolFilter) -> None:
    """With profiles, 退款 sits near ``policy_cancel``'s 退保 and ranks it first: a ranking's doing, not the id's."""
    selection = plain.select("保单P-2021-777上个月扣了两次款，把第二笔退款，再把收据发邮件给我")
    assert "policy_cancel" not in selection.names, selection.explain()
    assert "premium_payment_void" in selection.names, selection.explain()


@pytest.mark.parametrize(
    "request_",
    ["客户C-3309说之前申请过删除，请帮他删掉", "cancel policy P-2021-777 and refund the rest"],
)
def test_the_act_asked_still_sends_its_destroyer(plain: ToolFilter, request_: str) -> None:
    assert DESTROYERS & set(plain.select(request_).names)
