"""Whole selections, the real default embedder: a home solar installer's requests.

Another's threatened act beside the speaker's ask ("Customer says they'll cancel if the install slips again. Email
them …"), a wish relayed twice before the speaker's own ask first ("销售说客户想撤回贷款申请，你先查查…"), a destroy
request that names the account beside a device remover the customer id reaches ("把这个客户的账号干掉，C-6612"), and a
void whose own clause names the warranty after a clause about the customer ("客户自己改了线路，把C-3345的施工质保作废").
The registry and its profile requests were written by a language model from these cases alone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration


def _takes(*names: str) -> dict[str, object]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": [names[0]]}


SOLAR = [
    ToolSpec("install_cancel", "Cancel an installation job and release the crew.", _takes("job_id")),
    ToolSpec("install_schedule", "Schedule or move the install date of a job.", _takes("job_id", "date")),
    ToolSpec("install_status", "Show an installation job's status and crew.", _takes("job_id")),
    ToolSpec("email_customer", "Send an email to a customer.", _takes("customer_id", "body")),
    ToolSpec("customer_get", "Get a customer's profile (C-xxxx): contact, address, system.", _takes("customer_id")),
    ToolSpec("customer_account_delete", "Delete a customer account and all personal data.", _takes("customer_id")),
    ToolSpec(
        "gateway_remove",
        "Remove a monitoring gateway from a customer's account and stop its data.",
        _takes("device_id", "customer_id"),
    ),
    ToolSpec("loan_apply", "Submit a solar loan application for a customer.", _takes("customer_id", "amount")),
    ToolSpec("loan_status", "Check the status of a loan application (A-xxxx).", _takes("application_id")),
    ToolSpec("loan_withdraw", "Withdraw a pending loan application (A-xxxx).", _takes("application_id")),
    ToolSpec("warranty_lookup", "Look up a customer's warranty coverage and end dates.", _takes("customer_id")),
    ToolSpec(
        "warranty_void",
        "Void a customer's workmanship warranty, e.g. after unauthorized changes.",
        _takes("customer_id", "reason"),
    ),
]
DESTROYERS = {"install_cancel", "customer_account_delete", "gateway_remove", "loan_withdraw", "warranty_void"}
PROFILES = {
    "install_cancel": ["cancel install job J-1201, the homeowner changed their mind", "把安装单 J-3301 取消"],
    "customer_account_delete": ["删除客户C-1043的账户", "delete customer C-2210's account, privacy request"],
    "gateway_remove": ["把客户C-5502账户下的网关GW-44120移除", "remove gateway GW-1180 from the customer's account"],
    "loan_withdraw": ["把A-1188这个待审批的贷款申请撤销", "withdraw loan application A-2031"],
    "loan_status": ["贷款申请A-2031批了吗？", "status of loan application A-7710"],
    "warranty_void": ["void the workmanship warranty for C-3310, they rewired it", "把客户C-4120的质保作废"],
    "email_customer": ["给客户C-1043发封邮件，说安装推迟到下周", "email C-4120 that the crew comes Monday"],
}


@pytest.fixture(scope="module")
def solar(default_embedder: Embedder, tmp_path_factory: pytest.TempPathFactory) -> ToolFilter:
    path = Path(tmp_path_factory.mktemp("solar")) / "profiles.jsonl"
    rows = [{"tool": name, "requests": said} for name, said in PROFILES.items()]
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return ToolFilter(SOLAR, embedder=default_embedder, profiles=path)


@pytest.fixture(scope="module")
def plain_solar(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(SOLAR, embedder=default_embedder)


@pytest.mark.parametrize(
    "request_",
    [
        "Customer says they'll cancel if the install slips again. Email them the new install date.",
        "The homeowner said she will cancel if we slip again. Email her the new date, customer C-4431.",
        "销售说客户想撤回贷款申请，你先查查A-3321现在什么状态",
    ],
)
@pytest.mark.parametrize("with_profiles", [True, False])
def test_another_s_act_told_sends_no_destroyer(
    solar: ToolFilter, plain_solar: ToolFilter, request_: str, with_profiles: bool
) -> None:
    selection = (solar if with_profiles else plain_solar).select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.mark.parametrize("request_", ["把这个客户的账号干掉，C-6612", "把这个客户的账号干掉"])
def test_the_account_named_sends_its_destroyer_alone(solar: ToolFilter, request_: str) -> None:
    selection = solar.select(request_)
    assert "customer_account_delete" in selection.names, selection.explain()
    assert "gateway_remove" not in selection.names, selection.explain()


@pytest.mark.parametrize("with_profiles", [True, False])
def test_the_warranty_its_clause_names_is_voided(
    solar: ToolFilter, plain_solar: ToolFilter, with_profiles: bool
) -> None:
    selection = (solar if with_profiles else plain_solar).select("客户自己改了线路，把C-3345的施工质保作废")
    assert "warranty_void" in selection.names, selection.explain()


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("the customer wants to cancel, please cancel installation IN-22", "install_cancel"),
        ("cancel the install if it slips again", "install_cancel"),
        ("客户想撤回贷款申请，帮他撤回 A-3321", "loan_withdraw"),
        ("把这个客户的监控设备移除", "gateway_remove"),
    ],
)
def test_the_act_asked_still_sends_its_destroyer(solar: ToolFilter, request_: str, destroyer: str) -> None:
    selection = solar.select(request_)
    assert destroyer in selection.names, selection.explain()
