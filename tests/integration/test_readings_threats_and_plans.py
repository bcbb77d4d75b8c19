"""Whole selections, the real default embedder: another's threat, a condition's act and a plan for later, told.

"The client says they'll terminate the lease unless we fix …. Open a repair ticket …", "客户说如果…，他就退租。…",
"Next month we'll retire the old loaners; for now show …" and "Northwind will terminate LS-1 at the end of the year -
please email …" sent the destroyer their told act names (``later_acts.split_later_acts``); the act asked with a
condition or a time still sends it.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration

GONE = {"destructiveHint": True}
LEASING = [
    ToolSpec("lease_terminate", "Terminate a customer's equipment lease (LS-…) early.", annotations=GONE),
    ToolSpec("lease_get", "Show a lease by its id (LS-…): devices, end date, monthly rate."),
    ToolSpec("repair_ticket_create", "Open a repair ticket for a leased device by asset tag (AT-…)."),
    ToolSpec("repair_ticket_get", "Show a repair ticket's progress."),
    ToolSpec("customer_email_send", "Email a customer's contact person."),
    ToolSpec("loaner_retire", "Retire loaner devices from the pool for good.", annotations=GONE),
    ToolSpec("loaner_stock_get", "Show loaner device stock by model and condition."),
    ToolSpec("alteration_cancel", "Cancel a tailoring alteration order (AL-…).", annotations=GONE),
    ToolSpec("alteration_get", "Show an alteration order (AL-…): fitting date, price, status."),
]
DESTROYERS = {"lease_terminate", "loaner_retire", "alteration_cancel"}


@pytest.fixture(scope="module")
def leasing(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(LEASING, embedder=default_embedder)


@pytest.mark.parametrize(
    "request_",
    [
        "The client says they'll terminate the lease unless we fix the broken screen. Open a repair ticket for AT-4410",
        "Northwind will terminate LS-30112 at the end of the year - please email their contact the current rate",
        "Next month we'll retire the old loaners; for now show me the loaner stock by model",
        "客户说如果这周还修不好，他就终止租约。维修单现在进度怎么样？",
        "客人说如果周六前改不好，就取消改衣。改衣单 AL-3301 的试穿是哪天？",
        "等客人回复后我们再取消那张改衣单，现在先看一下 AL-3305 的价格",
    ],
)
def test_a_threat_condition_or_plan_sends_no_destroyer(leasing: ToolFilter, request_: str) -> None:
    selection = leasing.select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("terminate lease LS-30112 if they don't pay by Friday", "lease_terminate"),
        ("如果客人不来就取消改衣单 AL-3301 吧", "alteration_cancel"),
        ("cancel alteration AL-3301 and then email the customer", "alteration_cancel"),
    ],
)
def test_the_act_asked_with_a_condition_still_sends_its_destroyer(
    leasing: ToolFilter, request_: str, destroyer: str
) -> None:
    selection = leasing.select(request_)
    assert destroyer in selection.names, selection.explain()
